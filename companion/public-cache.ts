/**
 * The public reads' cache (public.ts, docs/companion.md "Public reads"): each read's 200 answer, keyed by method, path
 * and canonical body, with `s-maxage` + `stale-while-revalidate` semantics. Fresh for `maxAgeMs` (served without
 * asking the platform); then, up to `staleMs` more, served at once while ONE background read renews it; older, read
 * again before answering. A non-200 answer is never kept. Concurrent misses of one key share one platform read.
 *
 * Two stores behind one small interface: {@link MemoryStore} (Node: bounded by entries and bytes, least recently used
 * first out) and {@link runtimeStore} (Workers: the runtime's `caches.default`, a synthetic GET URL per key, the time
 * it was read in a header, kept by the runtime for `maxAge + stale`).
 */
import { sha256Hex } from './keys.ts';

/** A kept answer: the platform's 200 body as JSON text, and when it was read (ms). */
export interface Stored {
  text: string;
  at: number;
}

export interface AnswerStore {
  get(key: string): Promise<Stored | undefined>;
  put(key: string, value: Stored): Promise<void>;
}

/** A read's answer: the platform's status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** In memory, one process: at most `maxEntries` answers and about `maxBytes` (keys and texts), oldest use out first. */
export class MemoryStore implements AnswerStore {
  private readonly map = new Map<string, Stored>();
  private bytes = 0;
  constructor(private readonly o: { maxEntries: number; maxBytes: number; keepMs: number; now: () => number }) {}

  private static size = (key: string, v: Stored) => 2 * (key.length + v.text.length) + 64;

  private drop(key: string): void {
    const v = this.map.get(key);
    if (!v) return;
    this.map.delete(key);
    this.bytes -= MemoryStore.size(key, v);
  }

  get(key: string): Promise<Stored | undefined> {
    const v = this.map.get(key);
    if (v && this.o.now() - v.at >= this.o.keepMs) this.drop(key);
    else if (v) {
      // most recently used last: the first in the map goes first
      this.map.delete(key);
      this.map.set(key, v);
      return Promise.resolve(v);
    }
    return Promise.resolve(undefined);
  }

  put(key: string, v: Stored): Promise<void> {
    this.drop(key);
    const size = MemoryStore.size(key, v);
    if (size <= this.o.maxBytes / 4) {
      this.map.set(key, v);
      this.bytes += size;
      for (const k of this.map.keys()) {
        if (this.map.size <= this.o.maxEntries && this.bytes <= this.o.maxBytes) break;
        this.drop(k);
      }
    }
    return Promise.resolve();
  }

  /** How many answers and about how many bytes it holds (tests). */
  stats(): { entries: number; bytes: number } {
    return { entries: this.map.size, bytes: this.bytes };
  }
}

/** The header of a kept answer that says when it was read (ms since the epoch). */
const STORED_AT = 'x-inlay-stored-at';

/**
 * The runtime's cache (Workers `caches.default`): each key a synthetic GET URL on the companion's own origin
 * (`/__inlay/public-cache/<sha-256 of the key>`, never served: only the cache sees it), kept for `keepMs`.
 */
export function runtimeStore(cache: Cache, origin: string, keepMs: number): AnswerStore {
  const url = async (key: string) => `${origin}/__inlay/public-cache/${await sha256Hex(key)}`;
  return {
    async get(key) {
      const res = await cache.match(await url(key));
      const at = Number(res?.headers.get(STORED_AT));
      if (!res || !Number.isFinite(at)) {
        await res?.body?.cancel();
        return undefined;
      }
      return { text: await res.text(), at };
    },
    async put(key, v) {
      const seconds = Math.ceil(keepMs / 1000);
      if (seconds <= 0) return;
      const headers = {
        'Content-Type': 'application/json',
        'Cache-Control': `max-age=${seconds}`,
        [STORED_AT]: String(v.at),
      };
      await cache.put(await url(key), new Response(v.text, { headers }));
    },
  };
}

/** Canonical JSON: object keys sorted at every level (two bodies that differ only in key order share a key). */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return v === undefined ? '' : JSON.stringify(v);
}

export interface ReadCache {
  /**
   * `key`'s answer from `store`, or from `load` (the platform) as the semantics above say; `background` is handed a
   * renewal that must outlive the answer (Workers: `waitUntil`).
   */
  read(
    store: AnswerStore,
    key: string,
    load: () => Promise<Answer>,
    background: (p: Promise<unknown>) => void,
  ): Promise<Answer & { from: 'fresh' | 'stale' | 'platform' }>;
}

export function createReadCache(o: { now: () => number; maxAgeMs: number; staleMs: number }): ReadCache {
  /** The platform reads in flight, one per key: a miss's (others wait for it) or a background renewal. */
  const loading = new Map<string, Promise<Answer>>();

  function loadOnce(store: AnswerStore, key: string, load: () => Promise<Answer>): Promise<Answer> {
    let p = loading.get(key);
    if (!p) {
      p = (async () => {
        const a = await load();
        if (a.status === 200) {
          // a store that fails (the runtime's cache) costs the next reader a platform read, not this answer
          await store.put(key, { text: JSON.stringify(a.body), at: o.now() }).catch(() => undefined);
        }
        return a;
      })().finally(() => loading.delete(key));
      loading.set(key, p);
    }
    return p;
  }

  return {
    async read(store, key, load, background) {
      const hit = await store.get(key).catch(() => undefined);
      if (hit) {
        const age = o.now() - hit.at;
        if (age < o.maxAgeMs) return { status: 200, body: JSON.parse(hit.text) as unknown, from: 'fresh' };
        if (age < o.maxAgeMs + o.staleMs) {
          if (!loading.has(key)) background(loadOnce(store, key, load).catch(() => undefined));
          return { status: 200, body: JSON.parse(hit.text) as unknown, from: 'stale' };
        }
      }
      return { ...(await loadOnce(store, key, load)), from: 'platform' };
    },
  };
}
