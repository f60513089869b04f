import { atom, onStart, onStop, type ReadableAtom, type WritableAtom } from 'nanostores';
import { CACHE_GC_MS } from '../constants.ts';
import type { PersistedStore } from './persisted.ts';

/** What a query store holds. `error` is the last failure; `data` is the last success, kept across failures. */
export interface QueryState<T> {
  data?: T;
  error?: Error;
  loading: boolean;
}

/** Something that checks data read back from storage (a zod schema). */
export interface Validator<T> {
  safeParse(v: unknown): { success: boolean; data?: T };
}

/**
 * HTTP-cache rules for a read that is safe to reuse (catalog, reviews, recommendations; never the cart or anyone's
 * own records): kept across page loads, per identity, by the cache's persisted layer.
 */
export interface Persist<T = unknown> {
  /** For this long after it was fetched (ms) the data is used without a request; after it, shown and read again. */
  fresh: number;
  /** Checks a copy read back from storage; one that fails is ignored. */
  schema: Validator<T>;
}

export interface QueryCache {
  /**
   * Run `fn` for `key` now; calls for a key already in flight share its promise. The result is cached. With
   * `persist`, data younger than `persist.fresh` (from this page or a stored copy) is returned without running `fn`,
   * and older data is returned at once while `fn` runs in the background (stale-while-revalidate).
   */
  fetch<T>(key: string, fn: () => Promise<T>, persist?: Persist<T>): Promise<T>;
  /**
   * A store for `key` that fetches when first subscribed if nothing is cached, it was invalidated or (with
   * `persist`) its data is older than `persist.fresh`: old data stays shown while it is read again.
   */
  store<T>(key: string, fn: () => Promise<T>, persist?: Persist<T>): ReadableAtom<QueryState<T>>;
  /** Mark `key` and every key starting with it stale: refetched now if subscribed, else dropped; stored copies too. */
  invalidate(keyOrPrefix: string): void;
  /** Put data in the cache (after a mutation that returned it, or a batch read that included it). */
  set<T>(key: string, data: T, persist?: Persist<T>): void;
  /**
   * `batch` will bring the data of `keys` (one request for several items): each key not already in flight waits for
   * it instead of fetching alone, and one missing from the batch falls back to its store's own fetch.
   */
  provide<T>(keys: string[], batch: Promise<Map<string, T>>, persist?: Persist<T>): void;
  get<T>(key: string): QueryState<T> | undefined;
  /**
   * What `key` holds now, a stored copy (`persist`) included, without reading it (`get` knows this page's entries
   * only): what a view can show while what it depends on is still on its way. `fresh`: data within its freshness
   * window, not invalidated (a store for it would not read).
   */
  peek<T>(key: string, persist: Persist<T>): QueryState<T> & { fresh: boolean };
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
  /** When the data was fetched (ms). */
  at?: number;
  persist?: Persist;
  /** The stored copy was looked for. */
  hydrated?: boolean;
}

/**
 * A small query cache (TanStack-like defaults from docs/spec/platform-client.md §9): identical reads in flight share
 * one request, and an entry nobody subscribes to is dropped after `CACHE_GC_MS` (300000 ms). Failures are kept as
 * `error`, never as data, and make the next mount fetch again. Retries belong to `http`. Keys read with `persist` rules
 * also live in `persisted` (when given) across page loads, and their age decides whether they are read again.
 */
export function createQueryCache(
  deps: {
    setTimeout?: typeof setTimeout;
    clearTimeout?: typeof clearTimeout;
    gcMs?: number;
    now?: () => number;
    persisted?: PersistedStore;
  } = {},
): QueryCache {
  const setT = deps.setTimeout ?? setTimeout;
  const clearT = deps.clearTimeout ?? clearTimeout;
  const gcMs = deps.gcMs ?? CACHE_GC_MS;
  const now = deps.now ?? Date.now;
  const stored = deps.persisted;
  const entries = new Map<string, Entry>();

  // `.value`, not `.get()`: get() on an unmounted atom mounts and unmounts it, re-entering onStart/onStop.
  const val = (e: Entry): QueryState<unknown> => e.$.value ?? { loading: false };
  const has = (e: Entry, k: keyof QueryState<unknown>) => k in val(e);
  /** Past its freshness window (only keys with `persist` rules age). */
  const old = (e: Entry) => !!e.persist && (e.at === undefined || now() - e.at >= e.persist.fresh);
  const needsFetch = (e: Entry) => e.stale || !has(e, 'data') || old(e);

  const scheduleGc = (e: Entry) => {
    if (e.mounted || e.promise) return;
    if (e.gc) clearT(e.gc);
    e.gc = setT(() => {
      if (!e.mounted && !e.promise && entries.get(e.key) === e) entries.delete(e.key);
    }, gcMs);
  };

  /** The entry of `key`, created when missing; with `persist` rules, filled from a usable stored copy. */
  const entry = <T>(key: string, persist?: Persist<T>): Entry => {
    let e = entries.get(key);
    if (!e) {
      const created: Entry = { key, $: atom<QueryState<unknown>>({ loading: false }), stale: false, mounted: false };
      onStart(created.$, () => {
        created.mounted = true;
        if (created.gc) clearT(created.gc);
        created.gc = undefined;
        // A store kept by a view may outlive its GC'd entry: put it back.
        if (entries.get(key) !== created) entries.set(key, created);
        if (created.fn && !created.promise && needsFetch(created)) {
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
    if (persist) {
      e.persist = persist as Persist;
      if (!e.hydrated && !e.promise && !has(e, 'data')) {
        e.hydrated = true;
        const copy = stored?.read(key);
        const r = copy && persist.schema.safeParse(copy.data);
        if (copy && r?.success) {
          e.at = copy.at;
          e.$.set({ data: r.data, loading: false });
        }
      }
    }
    return e;
  };

  function run(e: Entry, fn: () => Promise<unknown>): Promise<unknown> {
    if (e.promise) return e.promise;
    e.$.set({ ...val(e), loading: true });
    const p = (async () => fn())().then(
      (data) => {
        e.stale = !!e.again;
        e.at = now();
        e.$.set({ data, loading: false });
        // invalidated while in flight: this answer may predate the change, so it is not kept across pages
        if (e.persist && !e.again) stored?.write(e.key, data, e.at);
        return data;
      },
      (error: unknown) => {
        e.stale = true;
        const { data } = val(e);
        e.$.set({
          ...(data === undefined ? {} : { data }),
          error: error instanceof Error ? error : new Error(String(error)),
          loading: false,
        });
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
    fetch<T>(key: string, fn: () => Promise<T>, persist?: Persist<T>) {
      const e = entry(key, persist);
      // no rules, in flight, invalidated, failed or empty: run (or join) the read
      if (!persist || e.promise || e.stale || !has(e, 'data')) return run(e, fn) as Promise<T>;
      // past its freshness window: the data now, a read in the background
      if (old(e)) run(e, fn).catch(() => {});
      return Promise.resolve(val(e).data as T);
    },
    store<T>(key: string, fn: () => Promise<T>, persist?: Persist<T>) {
      const e = entry(key, persist);
      e.fn = fn;
      return e.$ as unknown as ReadableAtom<QueryState<T>>;
    },
    invalidate(prefix) {
      stored?.drop(prefix);
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
    set(key, data, persist) {
      const e = entry(key, persist);
      e.stale = false;
      e.at = now();
      e.$.set({ data, loading: false });
      if (e.persist) stored?.write(key, data, e.at);
      scheduleGc(e);
    },
    provide(keys, batch, persist) {
      for (const key of keys) {
        const e = entry(key, persist);
        const own = () => (e.fn ? e.fn() : Promise.reject(new Error(`${key}: not in the batch`)));
        run(e, () => batch.then((m) => (m.has(key) ? m.get(key) : own()))).catch(() => {});
      }
    },
    get: <T>(key: string) => entries.get(key)?.$.value as QueryState<T> | undefined,
    peek<T>(key: string, persist: Persist<T>) {
      const e = entry(key, persist);
      scheduleGc(e);
      return { ...(val(e) as QueryState<T>), fresh: !needsFetch(e) };
    },
    keys: () => [...entries.keys()],
  };
}
