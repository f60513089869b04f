/**
 * Counters shared by every instance of the companion on Cloudflare Workers: a Durable Object per key (its id is the
 * key's name), so every isolate, in every location, counts one window, remembers one spent captcha and holds one
 * order's money change. A Durable Object runs one request at a time with its storage calls ordered, so `hit`, `once`
 * and `swap` are atomic without locks.
 *
 * Wiring (wrangler.toml): `[[durable_objects.bindings]] name = "INLAY_COUNTERS", class_name = "InlayCounters"` and a
 * migration `new_sqlite_classes = ["InlayCounters"]`; companion/worker.ts then uses it instead of the isolate's memory.
 * Only web-standard APIs and the Durable Object interfaces below (structural types: no Workers type package needed).
 */
import type { CounterStore } from './counters.ts';

/** The parts of the Workers Durable Object API used here. */
export interface DurableStorage {
  get<T>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
  delete(key: string): Promise<boolean>;
  setAlarm(at: number): Promise<void>;
  getAlarm(): Promise<number | null>;
}
export interface DurableState {
  storage: DurableStorage;
}
export interface DurableNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

type Op =
  | { op: 'hit'; windowMs: number; now: number }
  | { op: 'once'; ttlMs: number; now: number }
  | { op: 'swap'; expected: string | null; next: string | null; ttlMs: number; now: number };
const MAX_VALUE = 200;
const value = (v: unknown) => v === null || (typeof v === 'string' && v.length <= MAX_VALUE);
const bounded = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 7 * 24 * 3600_000;

/** The Durable Object class: one instance per counter key. */
export class InlayCounters {
  constructor(private readonly state: DurableState) {}

  async fetch(req: Request): Promise<Response> {
    const body = (await req.json().catch(() => null)) as Op | null;
    const now = body?.now;
    if (!body || typeof now !== 'number' || !Number.isFinite(now) || now < 0)
      return new Response('bad request', { status: 400 });
    const s = this.state.storage;
    if (body.op === 'hit' && bounded(body.windowMs)) {
      let w = await s.get<{ count: number; resetAt: number }>('w');
      if (!w || w.resetAt <= now) w = { count: 0, resetAt: now + body.windowMs };
      w.count += 1;
      await s.put('w', w);
      await this.expireAt(w.resetAt);
      return Response.json(w);
    }
    if (body.op === 'once' && bounded(body.ttlMs)) {
      const until = await s.get<number>('until');
      if (until !== undefined && until > now) return Response.json({ first: false });
      await s.put('until', now + body.ttlMs);
      await this.expireAt(now + body.ttlMs);
      return Response.json({ first: true });
    }
    if (body.op === 'swap' && bounded(body.ttlMs) && value(body.expected) && value(body.next)) {
      const held = await s.get<{ value: string; until: number }>('held');
      const current = held && held.until > now ? held.value : null;
      if (current !== body.expected) return Response.json({ swapped: false });
      if (body.next === null) await s.delete('held');
      else {
        await s.put('held', { value: body.next, until: now + body.ttlMs });
        await this.expireAt(now + body.ttlMs);
      }
      return Response.json({ swapped: true });
    }
    return new Response('bad request', { status: 400 });
  }

  /** Storage is dropped when nothing is live any more (an alarm at the latest expiry), so idle keys cost nothing. */
  private async expireAt(at: number): Promise<void> {
    const current = await this.state.storage.getAlarm();
    if (current === null || current < at) await this.state.storage.setAlarm(at);
  }

  async alarm(): Promise<void> {
    await this.state.storage.delete('w');
    await this.state.storage.delete('until');
    await this.state.storage.delete('held');
  }
}

/** A {@link CounterStore} on the `InlayCounters` namespace binding. */
export class DurableObjectCounterStore implements CounterStore {
  constructor(
    private readonly ns: DurableNamespace,
    private readonly now: () => number = Date.now,
  ) {}

  private async call<T>(key: string, op: Op): Promise<T> {
    const res = await this.ns.get(this.ns.idFromName(key)).fetch('https://counters.internal/', {
      method: 'POST',
      body: JSON.stringify(op),
    });
    if (!res.ok) throw new Error(`counter store answered ${res.status}`);
    return (await res.json()) as T;
  }

  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    return this.call(key, { op: 'hit', windowMs, now: this.now() });
  }

  async once(key: string, ttlMs: number): Promise<boolean> {
    return (await this.call<{ first: boolean }>(key, { op: 'once', ttlMs, now: this.now() })).first;
  }

  async swap(key: string, expected: string | null, next: string | null, ttlMs: number): Promise<boolean> {
    const op = { op: 'swap', expected, next, ttlMs, now: this.now() } as const;
    return (await this.call<{ swapped: boolean }>(key, op)).swapped;
  }
}
