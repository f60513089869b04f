import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createPersistedStore, type PersistedOptions } from './persisted.ts';
import { createQueryCache, type Persist } from './query.ts';
import { createClient } from '../client.ts';
import { PERSIST_WRITE_DELAY_MS } from '../constants.ts';
import { fakeFetch, json, memoryStorage } from '../../tests/helpers/fake-fetch.ts';

const T0 = 1_700_000_000_000;
const RULES: Persist<{ v: number }> = { fresh: 60_000, schema: z.object({ v: z.number() }) };
const ITEM = (id = 'vA') => `inlay.cache.c1.${id}`;
const flush = () => new Promise<void>((r) => setTimeout(r, 0));

/** One "page": a query cache over a persisted layer on `storage`, with a clock the test moves. */
function page(storage: Storage, clock: { now: number }, o: Partial<PersistedOptions> & { id?: string } = {}) {
  const persisted = createPersistedStore({
    storage,
    clientId: 'c1',
    identity: () => o.id ?? 'vA',
    now: () => clock.now,
    schedule: queueMicrotask,
    ...o,
  });
  return { persisted, cache: createQueryCache({ now: () => clock.now, persisted }) };
}

/** Subscribes to a store and records its states. */
function watch<T>(cache: ReturnType<typeof createQueryCache>, key: string, fn: () => Promise<T>, rules: Persist<T>) {
  const states: unknown[] = [];
  const off = cache.store(key, fn, rules).subscribe((s) => states.push(s));
  return { states, off };
}

describe('persisted query layer (HTTP-cache semantics across page loads)', () => {
  it('fresh: a reload within the window shows the stored copy and sends nothing', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    const first = page(storage, clock);
    await first.cache.fetch('k', async () => ({ v: 1 }), RULES);
    await flush();

    clock.now = T0 + 59_999;
    const again = page(storage, clock);
    const fn = vi.fn(async () => ({ v: 2 }));
    const w = watch(again.cache, 'k', fn, RULES);
    expect(w.states).toEqual([{ data: { v: 1 }, loading: false }]);
    expect(await again.cache.fetch('k', fn, RULES)).toEqual({ v: 1 });
    await flush();
    expect(fn).not.toHaveBeenCalled();
    w.off();
  });

  it('peek: what a key holds, a stored copy included, fresh or not, without reading it', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    await page(storage, clock).cache.fetch('k', async () => ({ v: 1 }), RULES);
    await flush();

    clock.now = T0 + 120_000; // past the window: peek still does not read
    const again = page(storage, clock);
    expect(again.cache.get('k')).toBeUndefined(); // get: this page's entries only
    expect(again.cache.peek('k', RULES)).toEqual({ data: { v: 1 }, loading: false, fresh: false });
    expect(again.cache.peek('other', RULES)).toEqual({ loading: false, fresh: false });
    clock.now = T0 + 59_999;
    expect(page(storage, clock).cache.peek('k', RULES)).toEqual({ data: { v: 1 }, loading: false, fresh: true });
    clock.now = T0 + 120_000;
    const fn = vi.fn(async () => ({ v: 2 }));
    // the store that follows is the same entry: its read happens when subscribed (the copy is old)
    const w = watch(again.cache, 'k', fn, RULES);
    expect(w.states[0]).toMatchObject({ data: { v: 1 } });
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    w.off();
  });

  it('stale: after the window the copy shows at once and one background read replaces it (stored too)', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    await page(storage, clock).cache.fetch('k', async () => ({ v: 1 }), RULES);
    await flush();

    clock.now = T0 + 60_000;
    const again = page(storage, clock);
    const fn = vi.fn(async () => ({ v: 2 }));
    const w = watch(again.cache, 'k', fn, RULES);
    expect(w.states[0]).toMatchObject({ data: { v: 1 } });
    // a plain fetch meanwhile joins the background read instead of sending another
    const viaFetch = again.cache.fetch('k', fn, RULES);
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(await viaFetch).toEqual({ v: 2 });
    expect(w.states.at(-1)).toEqual({ data: { v: 2 }, loading: false });
    w.off();

    // the new copy is fresh for the next page
    clock.now += 1000;
    const third = page(storage, clock);
    const fn3 = vi.fn(async () => ({ v: 3 }));
    expect(await third.cache.fetch('k', fn3, RULES)).toEqual({ v: 2 });
    expect(fn3).not.toHaveBeenCalled();
  });

  it('stale with fetch: the stored data is returned at once, one read runs in the background', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    await page(storage, clock).cache.fetch('k', async () => ({ v: 1 }), RULES);
    await flush();
    clock.now = T0 + 120_000;
    const again = page(storage, clock);
    let resolve!: (v: { v: number }) => void;
    const fn = vi.fn(() => new Promise<{ v: number }>((r) => (resolve = r)));
    expect(await again.cache.fetch('k', fn, RULES)).toEqual({ v: 1 });
    expect(fn).toHaveBeenCalledTimes(1);
    resolve({ v: 2 });
    await flush();
    expect(again.cache.get('k')?.data).toEqual({ v: 2 });
  });

  it('expired: a copy past the maximum age is not shown; the page reads afresh', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    await page(storage, clock).cache.fetch('k', async () => ({ v: 1 }), RULES);
    await flush();
    clock.now = T0 + 86_400_000;
    const again = page(storage, clock);
    const fn = vi.fn(async () => ({ v: 2 }));
    const w = watch(again.cache, 'k', fn, RULES);
    expect(w.states[0]).toEqual({ loading: true });
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(w.states.at(-1)).toEqual({ data: { v: 2 }, loading: false });
    w.off();
  });

  it('invalidate drops the stored copies of every identity, by prefix; other keys stay', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    const a = page(storage, clock, { id: 'vA' });
    const b = page(storage, clock, { id: 'mB' });
    await a.cache.fetch('reviews:list:p1:newest', async () => ({ v: 1 }), RULES);
    await a.cache.fetch('reviews:list:p2:newest', async () => ({ v: 1 }), RULES);
    await b.cache.fetch('reviews:list:p1:oldest', async () => ({ v: 1 }), RULES);
    await flush();

    a.cache.invalidate('reviews:list:p1:'); // after a review was sent for p1
    await flush();
    for (const id of ['vA', 'mB']) {
      const next = page(storage, clock, { id });
      const fn = vi.fn(async () => ({ v: 9 }));
      await next.cache.fetch(`reviews:list:p1:${id === 'vA' ? 'newest' : 'oldest'}`, fn, RULES);
      expect(fn).toHaveBeenCalledTimes(1);
    }
    const keep = vi.fn(async () => ({ v: 9 }));
    expect(await page(storage, clock).cache.fetch('reviews:list:p2:newest', keep, RULES)).toEqual({ v: 1 });
    expect(keep).not.toHaveBeenCalled();
  });

  it('an answer to a read invalidated while in flight is not kept across pages', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    const { cache } = page(storage, clock);
    let resolve!: (v: { v: number }) => void;
    const p = cache.fetch('k', () => new Promise<{ v: number }>((r) => (resolve = r)), RULES);
    cache.invalidate('k'); // e.g. a review was sent meanwhile: the answer may predate it
    resolve({ v: 1 });
    await p;
    await flush();
    const fn = vi.fn(async () => ({ v: 2 }));
    expect(await page(storage, clock).cache.fetch('k', fn, RULES)).toEqual({ v: 2 });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('identities are kept apart: one never reads what another stored; forget drops an identity', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    await page(storage, clock, { id: 'mA' }).cache.fetch('k', async () => ({ v: 1 }), RULES);
    await flush();
    const other = page(storage, clock, { id: 'mB' });
    const fn = vi.fn(async () => ({ v: 2 }));
    expect(await other.cache.fetch('k', fn, RULES)).toEqual({ v: 2 });
    expect(fn).toHaveBeenCalledTimes(1);
    await flush();
    expect(JSON.parse(storage.getItem(ITEM('mA'))!).e.k.d).toEqual({ v: 1 });
    expect(JSON.parse(storage.getItem(ITEM('mB'))!).e.k.d).toEqual({ v: 2 });
    other.persisted.forget('mA');
    expect(storage.getItem(ITEM('mA'))).toBeNull();
    expect(storage.getItem(ITEM('mB'))).not.toBeNull();
    // no identity yet (no session): nothing is read or written
    const none = page(storage, clock, { identity: () => undefined });
    await none.cache.fetch('k', async () => ({ v: 3 }), RULES);
    await flush();
    expect(storage.length).toBe(1);
  });

  it('sign-out (and any change of identity) drops the previous identity’s copies', async () => {
    const cacheStorage = memoryStorage();
    let n = 0;
    const { fetch } = fakeFetch(() =>
      json(200, { access_token: `a${++n}`, refresh_token: `r${n}`, expires_in: 14400 }),
    );
    const c = createClient(
      { clientId: 'c1', apiBase: 'https://api.test', locale: 'en', tokenStorage: 'local' },
      { fetch, storage: memoryStorage(), cacheStorage, locks: null, events: null, now: () => T0 },
    );
    await c.tokens.getAccessToken();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    c.cache.set('stores:product:p1', { v: 1 }, RULES);
    await vi.advanceTimersByTimeAsync(PERSIST_WRITE_DELAY_MS); // written once the page is quiet
    vi.useRealTimers();
    const items = () => Array.from({ length: cacheStorage.length }, (_, i) => cacheStorage.key(i));
    expect(items()).toHaveLength(1);
    expect(items()[0]).toMatch(/^inlay\.cache\.c1\.v[0-9a-z]+$/);
    expect(items()[0]).not.toContain('r1'); // the refresh token itself never appears
    await c.tokens.logout();
    expect(items()).toEqual([]);
  });

  it('garbage in storage is ignored, never thrown: bad JSON, wrong shapes, future times, data failing its schema', async () => {
    const clock = { now: T0 };
    for (const raw of [
      'not json',
      '[1,2]',
      '{"e":[1]}',
      'null',
      `{"u":1,"e":{"k":{"t":${T0 + 3_600_000},"d":{"v":1}}}}`,
      `{"u":1,"e":{"k":{"t":"yesterday","d":{"v":1}}}}`,
      `{"u":1,"e":{"k":{"t":${T0},"d":{"v":"one"}}}}`,
      `{"u":1,"e":{"k":{"t":${T0}}}}`,
      `{"u":1,"e":{"__proto__":{"t":${T0},"d":{"v":1}},"k":7}}`,
    ]) {
      const storage = memoryStorage();
      storage.setItem(ITEM(), raw);
      const { cache } = page(storage, clock);
      const fn = vi.fn(async () => ({ v: 2 }));
      expect(await cache.fetch('k', fn, RULES), raw).toEqual({ v: 2 });
      expect(fn).toHaveBeenCalledTimes(1);
      await flush();
      expect(JSON.parse(storage.getItem(ITEM())!).e.k).toEqual({ t: T0, d: { v: 2 } }); // rewritten, readable
      expect(({} as Record<string, unknown>).t).toBeUndefined();
    }
  });

  it('full or blocked storage: writes keep the newer half or nothing, reads find nothing, nothing throws', async () => {
    const clock = { now: T0 };
    // a quota of 300 characters: the newest entries that fit are kept
    const small = memoryStorage();
    const setItem = small.setItem.bind(small);
    small.setItem = (k, v) => {
      if (String(v).length > 300) throw new DOMException('full', 'QuotaExceededError');
      setItem(k, v);
    };
    const { cache } = page(small, clock);
    for (let i = 0; i < 8; i++) {
      clock.now = T0 + i;
      cache.set(`k${i}`, { v: i }, RULES);
    }
    await flush();
    const kept = Object.keys(JSON.parse(small.getItem(ITEM())!).e);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(8);
    expect(kept).toContain('k7');
    expect(kept).not.toContain('k0');

    const broken = {
      get length(): number {
        throw new DOMException('blocked', 'SecurityError');
      },
      key: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      clear: () => {},
    } as Storage;
    const b = page(broken, clock);
    const fn = vi.fn(async () => ({ v: 1 }));
    expect(await b.cache.fetch('k', fn, RULES)).toEqual({ v: 1 });
    await flush();
    b.cache.invalidate('k');
    b.persisted.forget('vA');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('caps: entries per identity (oldest dropped) and identities per client (least recently written dropped)', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    const { cache } = page(storage, clock, { maxEntries: 3 });
    for (let i = 0; i < 5; i++) {
      clock.now = T0 + i * 1000;
      cache.set(`k${i}`, { v: i }, RULES);
      await flush();
    }
    expect(Object.keys(JSON.parse(storage.getItem(ITEM())!).e).sort()).toEqual(['k2', 'k3', 'k4']);

    for (const id of ['v1', 'v2', 'v3', 'v4']) {
      clock.now += 1000;
      page(storage, clock, { id, maxIdentities: 3 }).cache.set('k', { v: 1 }, RULES);
      await flush();
    }
    const items = Array.from({ length: storage.length }, (_, i) => storage.key(i)).sort();
    expect(items).toEqual([ITEM('v2'), ITEM('v3'), ITEM('v4')]);
  });

  it('a batch read provides each item: a store mounting meanwhile waits for it; one missing reads alone', async () => {
    const storage = memoryStorage();
    const clock = { now: T0 };
    const { cache } = page(storage, clock);
    let resolve!: (m: Map<string, { v: number }>) => void;
    cache.provide(['p:1', 'p:2'], new Promise<Map<string, { v: number }>>((r) => (resolve = r)), RULES);
    const one = vi.fn(async () => ({ v: -1 }));
    const two = vi.fn(async () => ({ v: 22 }));
    const w1 = watch(cache, 'p:1', one, RULES);
    const w2 = watch(cache, 'p:2', two, RULES);
    resolve(new Map([['p:1', { v: 1 }]]));
    await flush();
    expect(one).not.toHaveBeenCalled();
    expect(w1.states.at(-1)).toEqual({ data: { v: 1 }, loading: false });
    expect(two).toHaveBeenCalledTimes(1);
    expect(w2.states.at(-1)).toEqual({ data: { v: 22 }, loading: false });
    w1.off();
    w2.off();
  });

  it('by default writes once, a second after the first read or as the page goes away, whichever is first', async () => {
    vi.useFakeTimers();
    // the page's window, for pagehide
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    try {
      const storage = memoryStorage();
      const setItem = vi.spyOn(storage, 'setItem');
      const clock = { now: T0 };
      const { persisted } = page(storage, clock, { schedule: undefined });
      persisted.write('a', { v: 1 }, T0);
      persisted.write('b', { v: 2 }, T0);
      await vi.advanceTimersByTimeAsync(999);
      expect(setItem).not.toHaveBeenCalled();
      persisted.write('c', { v: 3 }, T0);
      await vi.advanceTimersByTimeAsync(1);
      expect(setItem).toHaveBeenCalledTimes(1);
      expect(Object.keys(JSON.parse(storage.getItem(ITEM())!).e).sort()).toEqual(['a', 'b', 'c']);

      persisted.write('d', { v: 4 }, T0);
      win.dispatchEvent(new Event('pagehide'));
      expect(setItem).toHaveBeenCalledTimes(2);
      expect(JSON.parse(storage.getItem(ITEM())!).e.d).toEqual({ t: T0, d: { v: 4 } });
      await vi.advanceTimersByTimeAsync(2000);
      expect(setItem).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
