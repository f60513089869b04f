/**
 * The public reads' cache in isolation (companion/public-cache.ts): the memory store's bounds (entries, bytes, age;
 * least recently used out first), canonical keys, and the read cache's semantics over any store (a fake clock).
 */
import { describe, expect, it } from 'vitest';
import { canonical, createReadCache, MemoryStore, type Answer, type AnswerStore } from './public-cache.ts';

describe('MemoryStore', () => {
  let clock = 0;
  const store = (o: Partial<{ maxEntries: number; maxBytes: number; keepMs: number }> = {}) =>
    new MemoryStore({ maxEntries: 3, maxBytes: 1_000_000, keepMs: 10_000, now: () => clock, ...o });

  it('holds at most maxEntries, the least recently used out first', async () => {
    const s = store();
    for (const k of ['a', 'b', 'c']) await s.put(k, { text: '1', at: clock });
    await s.get('a'); // a used: b is now the oldest
    await s.put('d', { text: '1', at: clock });
    expect(await s.get('b')).toBeUndefined();
    expect((await Promise.all(['a', 'c', 'd'].map((k) => s.get(k)))).every(Boolean)).toBe(true);
    expect(s.stats().entries).toBe(3);
  });

  it('holds about maxBytes; an answer bigger than a quarter of it is not kept', async () => {
    const s = store({ maxEntries: 1000, maxBytes: 10_000 });
    for (let i = 0; i < 10; i++) await s.put(`k${i}`, { text: 'x'.repeat(1000), at: clock });
    expect(s.stats().bytes).toBeLessThanOrEqual(10_000);
    expect(s.stats().entries).toBeLessThan(10);
    expect(await s.get('k9')).toBeDefined();
    expect(await s.get('k0')).toBeUndefined();
    await s.put('big', { text: 'x'.repeat(2000), at: clock });
    expect(await s.get('big')).toBeUndefined();
    // replacing an answer does not count it twice
    const before = s.stats().bytes;
    await s.put('k9', { text: 'x'.repeat(1000), at: clock });
    expect(s.stats().bytes).toBe(before);
  });

  it('drops an answer older than keepMs', async () => {
    const s = store();
    await s.put('a', { text: '1', at: clock });
    clock += 9_999;
    expect(await s.get('a')).toBeDefined();
    clock += 1;
    expect(await s.get('a')).toBeUndefined();
    expect(s.stats()).toEqual({ entries: 0, bytes: 0 });
  });
});

it('canonical JSON sorts keys at every level and keeps arrays in order', () => {
  expect(canonical({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
    '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
  );
  expect(canonical(undefined)).toBe('');
  expect(canonical('x')).toBe('"x"');
});

describe('createReadCache over a plain store', () => {
  const map = new Map<string, { text: string; at: number }>();
  const plain: AnswerStore = {
    get: async (k) => map.get(k),
    put: async (k, v) => void map.set(k, v),
  };

  it('past fresh + stale a kept answer is read again first, even from a store that still holds it', async () => {
    let clock = 0;
    const cache = createReadCache({ now: () => clock, maxAgeMs: 1000, staleMs: 5000 });
    let n = 0;
    const load = async (): Promise<Answer> => ({ status: 200, body: { n: ++n } });
    const later: Promise<unknown>[] = [];
    const bg = (p: Promise<unknown>) => void later.push(p);
    expect(await cache.read(plain, 'k', load, bg)).toEqual({ status: 200, body: { n: 1 }, from: 'platform' });
    clock = 999;
    expect(await cache.read(plain, 'k', load, bg)).toMatchObject({ body: { n: 1 }, from: 'fresh' });
    clock = 5999;
    expect(await cache.read(plain, 'k', load, bg)).toMatchObject({ body: { n: 1 }, from: 'stale' });
    await Promise.all(later);
    expect(n).toBe(2);
    clock = 5999 + 6000;
    expect(await cache.read(plain, 'k', load, bg)).toEqual({ status: 200, body: { n: 3 }, from: 'platform' });
    expect(later).toHaveLength(1);
  });

  it('a store that fails is a miss, not a failed answer', async () => {
    const broken: AnswerStore = {
      get: () => Promise.reject(new Error('down')),
      put: () => Promise.reject(new Error('down')),
    };
    const cache = createReadCache({ now: () => 0, maxAgeMs: 1000, staleMs: 1000 });
    const r = await cache.read(
      broken,
      'k',
      async () => ({ status: 200, body: 1 }),
      () => undefined,
    );
    expect(r).toEqual({ status: 200, body: 1, from: 'platform' });
  });
});
