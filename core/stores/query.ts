import { atom, onStart, onStop, type ReadableAtom, type WritableAtom } from 'nanostores';
import { CACHE_GC_MS } from '../constants.ts';

/** What a query store holds. `error` is the last failure; `data` is the last success, kept across failures. */
export interface QueryState<T> {
  data?: T;
  error?: Error;
  loading: boolean;
}

export interface QueryCache {
  /** Run `fn` for `key` now; calls for a key already in flight share its promise. The result is cached. */
  fetch<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** A store for `key` that fetches when first subscribed (if nothing is cached or it was invalidated). */
  store<T>(key: string, fn: () => Promise<T>): ReadableAtom<QueryState<T>>;
  /** Mark `key` and every key starting with it stale: refetched now if subscribed, else dropped. */
  invalidate(keyOrPrefix: string): void;
  /** Put data in the cache (after a mutation that returned it). */
  set<T>(key: string, data: T): void;
  get<T>(key: string): QueryState<T> | undefined;
  /** Keys currently cached (for tests and debugging). */
  keys(): string[];
}

interface Entry {
  key: string;
  $: WritableAtom<QueryState<unknown>>;
  fn?: () => Promise<unknown>;
  promise?: Promise<unknown>;
  stale: boolean;
  /** Invalidated while a fetch was in flight: fetch again when it settles. */
  again?: boolean;
  mounted: boolean;
  gc?: ReturnType<typeof setTimeout>;
}

/**
 * A small query cache (TanStack-like defaults from spec §9): identical reads in flight share one request, and an
 * entry nobody subscribes to is dropped after `CACHE_GC_MS` (300000 ms). Failures are kept as `error`, never as
 * data, and make the next mount fetch again. Retries belong to `http`.
 */
export function createQueryCache(
  deps: { setTimeout?: typeof setTimeout; clearTimeout?: typeof clearTimeout; gcMs?: number } = {},
): QueryCache {
  const setT = deps.setTimeout ?? setTimeout;
  const clearT = deps.clearTimeout ?? clearTimeout;
  const gcMs = deps.gcMs ?? CACHE_GC_MS;
  const entries = new Map<string, Entry>();

  // `.value`, not `.get()`: get() on an unmounted atom mounts and unmounts it, re-entering onStart/onStop.
  const val = (e: Entry): QueryState<unknown> => e.$.value ?? { loading: false };
  const has = (e: Entry, k: keyof QueryState<unknown>) => k in val(e);

  const scheduleGc = (e: Entry) => {
    if (e.mounted || e.promise) return;
    if (e.gc) clearT(e.gc);
    e.gc = setT(() => {
      if (!e.mounted && !e.promise && entries.get(e.key) === e) entries.delete(e.key);
    }, gcMs);
  };

  const entry = (key: string): Entry => {
    let e = entries.get(key);
    if (!e) {
      const created: Entry = { key, $: atom<QueryState<unknown>>({ loading: false }), stale: false, mounted: false };
      onStart(created.$, () => {
        created.mounted = true;
        if (created.gc) clearT(created.gc);
        created.gc = undefined;
        // A store kept by a view may outlive its GC'd entry: put it back.
        if (entries.get(key) !== created) entries.set(key, created);
        if (created.fn && !created.promise && (created.stale || !has(created, 'data'))) {
          run(created, created.fn).catch(() => {});
        }
      });
      onStop(created.$, () => {
        created.mounted = false;
        scheduleGc(created);
      });
      entries.set(key, created);
      e = created;
    }
    return e;
  };

  function run(e: Entry, fn: () => Promise<unknown>): Promise<unknown> {
    if (e.promise) return e.promise;
    e.$.set({ ...val(e), loading: true });
    const p = (async () => fn())().then(
      (data) => {
        e.stale = !!e.again;
        e.$.set({ data, loading: false });
        return data;
      },
      (error: unknown) => {
        e.stale = true;
        const { data } = val(e);
        e.$.set({ ...(data === undefined ? {} : { data }), error: error instanceof Error ? error : new Error(String(error)), loading: false });
        throw error;
      },
    );
    e.promise = p.finally(() => {
      e.promise = undefined;
      if (e.again && e.mounted && e.fn) run(e, e.fn).catch(() => {});
      e.again = false;
      scheduleGc(e);
    });
    e.promise.catch(() => {});
    return p;
  }

  return {
    fetch: <T>(key: string, fn: () => Promise<T>) => run(entry(key), fn) as Promise<T>,
    store<T>(key: string, fn: () => Promise<T>) {
      const e = entry(key);
      e.fn = fn;
      return e.$ as unknown as ReadableAtom<QueryState<T>>;
    },
    invalidate(prefix) {
      for (const e of [...entries.values()]) {
        if (!e.key.startsWith(prefix)) continue;
        e.stale = true;
        if (e.promise) e.again = true;
        else if (e.mounted && e.fn) run(e, e.fn).catch(() => {});
        else if (!e.mounted) {
          if (e.gc) clearT(e.gc);
          entries.delete(e.key);
        }
      }
    },
    set(key, data) {
      const e = entry(key);
      e.stale = false;
      e.$.set({ data, loading: false });
      scheduleGc(e);
    },
    get: <T>(key: string) => entries.get(key)?.$.value as QueryState<T> | undefined,
    keys: () => [...entries.keys()],
  };
}
