/**
 * Counters for rate limits and one-time tokens (captcha solutions). Pluggable: one process keeps them in memory
 * ({@link MemoryCounterStore}); where the companion runs as many instances, give it a store they share (a Workers
 * Durable Object or rate-limiting binding, a Redis-compatible store: docs/companion.md "Counter store").
 */
export interface CounterStore {
  /** Count one hit on `key` in its current fixed window of `windowMs`; the count so far and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** True the first time `key` is seen within `ttlMs`, false while it is remembered. */
  once(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Compare-and-swap, atomic: when `key` holds `expected` (`null`: nothing, or only an expired value), it then holds
   * `next` for `ttlMs` (`null`: nothing) and the answer is true; otherwise nothing changes and the answer is false.
   */
  swap(key: string, expected: string | null, next: string | null, ttlMs: number): Promise<boolean>;
}

/** In-memory counters for one process. Expired entries are swept as new ones arrive; bounded in size. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly seen = new Map<string, number>();
  private readonly held = new Map<string, { value: string; until: number }>();
  private readonly now: () => number;
  private readonly maxEntries: number;

  constructor(opts: { now?: () => number; maxEntries?: number } = {}) {
    this.now = opts.now ?? Date.now;
    this.maxEntries = opts.maxEntries ?? 100_000;
  }

  private sweep<V>(map: Map<string, V>, expiry: (v: V) => number): void {
    if (map.size < this.maxEntries) return;
    const now = this.now();
    for (const [k, v] of map) if (expiry(v) <= now) map.delete(k);
    // still full of live entries: drop the oldest (insertion order), so memory stays bounded under a flood
    for (const k of map.keys()) {
      if (map.size < this.maxEntries) break;
      map.delete(k);
    }
  }

  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.sweep(this.windows, (v) => v.resetAt);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return Promise.resolve({ count: w.count, resetAt: w.resetAt });
  }

  once(key: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return Promise.resolve(false);
    this.sweep(this.seen, (v) => v);
    this.seen.set(key, now + ttlMs);
    return Promise.resolve(true);
  }

  swap(key: string, expected: string | null, next: string | null, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const h = this.held.get(key);
    const current = h && h.until > now ? h.value : null;
    if (current !== expected) return Promise.resolve(false);
    if (next === null) this.held.delete(key);
    else {
      if (!h) this.sweep(this.held, (v) => v.until);
      this.held.set(key, { value: next, until: now + ttlMs });
    }
    return Promise.resolve(true);
  }
}
