import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryCache } from './query.ts';
import { deferred } from '../../tests/helpers/fake-fetch.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('query cache', () => {
  it('identical keys in flight share one promise', async () => {
    const cache = createQueryCache();
    const d = deferred<number>();
    const fn = vi.fn(() => d.promise);
    const a = cache.fetch('reviews:p1', fn);
    const b = cache.fetch('reviews:p1', fn);
    d.resolve(5);
    expect(await a).toBe(5);
    expect(await b).toBe(5);
    expect(fn).toHaveBeenCalledTimes(1);
    // Once settled, a new fetch runs again; other keys are independent.
    await cache.fetch('reviews:p1', async () => 6);
    await cache.fetch('reviews:p2', async () => 7);
    expect(cache.get('reviews:p1')).toEqual({ data: 6, loading: false });
    expect(cache.get('reviews:p2')?.data).toBe(7);
  });

  it('a store fetches on mount and serves the cache on the next mount', async () => {
    const cache = createQueryCache();
    const fn = vi.fn(async () => ['a']);
    const $q = cache.store('list', fn);
    const states: unknown[] = [];
    const off = $q.subscribe((s) => states.push(s));
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual([{ loading: true }, { data: ['a'], loading: false }]);
    off();
    const off2 = cache.store('list', fn).listen(() => {});
    expect(fn).toHaveBeenCalledTimes(1);
    off2();
  });

  it('drops an unused entry after 300000 ms, not before', async () => {
    const cache = createQueryCache();
    const off = cache.store('k', async () => 1).listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    off();
    await vi.advanceTimersByTimeAsync(299_999);
    expect(cache.keys()).toEqual(['k']);
    await vi.advanceTimersByTimeAsync(1);
    expect(cache.keys()).toEqual([]);
  });

  it('drops data fetched without subscribers after 300000 ms', async () => {
    const cache = createQueryCache();
    await cache.fetch('k', async () => 1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(cache.get('k')).toBeUndefined();
  });

  it('a new subscriber before the deadline keeps the entry', async () => {
    const cache = createQueryCache();
    const $q = cache.store('k', async () => 1);
    const off = $q.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    off();
    await vi.advanceTimersByTimeAsync(200_000);
    const off2 = $q.listen(() => {});
    await vi.advanceTimersByTimeAsync(500_000);
    expect(cache.get('k')?.data).toBe(1);
    off2();
  });

  it('does not cache errors as data and refetches on the next mount', async () => {
    const cache = createQueryCache();
    let fail = true;
    const fn = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 'ok';
    });
    const $q = cache.store('k', fn);
    const off = $q.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect($q.get()).toEqual({ error: new Error('offline'), loading: false });
    expect('data' in $q.get()).toBe(false);
    off();
    fail = false;
    const off2 = $q.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect($q.get()).toEqual({ data: 'ok', loading: false });
    expect(fn).toHaveBeenCalledTimes(2);
    off2();
  });

  it('keeps the last data when a refetch fails', async () => {
    const cache = createQueryCache();
    cache.set('k', 1);
    await expect(cache.fetch('k', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(cache.get('k')).toMatchObject({ data: 1, error: new Error('x'), loading: false });
  });

  it('invalidate refetches subscribed entries and drops the others, by prefix', async () => {
    const cache = createQueryCache();
    let v = 1;
    const fn = vi.fn(async () => v);
    const off = cache.store('reviews:p1', fn).listen(() => {});
    await cache.fetch('reviews:p2', async () => 'x');
    await cache.fetch('cart', async () => 'c');
    await vi.advanceTimersByTimeAsync(0);
    v = 2;
    cache.invalidate('reviews:');
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(cache.get('reviews:p1')?.data).toBe(2);
    expect(cache.get('reviews:p2')).toBeUndefined();
    expect(cache.get('cart')?.data).toBe('c');
    off();
  });

  it('invalidating during a fetch fetches again afterwards', async () => {
    const cache = createQueryCache();
    const first = deferred<number>();
    const fn = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(2);
    const $q = cache.store('k', fn);
    const off = $q.listen(() => {});
    cache.invalidate('k');
    first.resolve(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(2);
    expect($q.get().data).toBe(2);
    off();
  });

  it('set puts data in without fetching', () => {
    const cache = createQueryCache();
    const fn = vi.fn(async () => 'fetched');
    cache.set('k', 'given');
    const $q = cache.store('k', fn);
    const off = $q.listen(() => {});
    expect($q.get()).toEqual({ data: 'given', loading: false });
    expect(fn).not.toHaveBeenCalled();
    off();
  });

  it('a store kept after its entry was collected comes back on the next mount', async () => {
    const cache = createQueryCache();
    const $q = cache.store('k', async () => 1);
    const off = $q.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    off();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(cache.keys()).toEqual([]);
    const off2 = $q.listen(() => {});
    expect(cache.keys()).toEqual(['k']);
    off2();
  });
});
