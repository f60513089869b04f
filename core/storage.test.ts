import { describe, expect, it } from 'vitest';
import { storageKey, webStorage } from './storage.ts';
import { tokenStorageKey } from './auth/tokens.ts';
import { savedStockKey } from './stores/stock-saved.ts';
import { hostedKey } from './services/member-login.ts';
import { createPersistedStore } from './cache/persisted.ts';
import { memoryStorage } from '../tests/helpers/fake-fetch.ts';

describe('storage keys', () => {
  it('every key Inlay keeps is inlay.<what>.<clientId>', () => {
    expect(storageKey('tokens', 'c1')).toBe('inlay.tokens.c1');
    expect(tokenStorageKey('c1')).toBe(storageKey('tokens', 'c1'));
    expect(savedStockKey('c1')).toBe(storageKey('back-in-stock', 'c1'));
    expect(hostedKey({ config: { clientId: 'c1' } } as Parameters<typeof hostedKey>[0])).toBe(
      storageKey('hosted', 'c1'),
    );
  });

  it('the persisted cache keeps one item per identity under inlay.cache.<clientId>.', () => {
    const storage = memoryStorage();
    const store = createPersistedStore({ storage, clientId: 'c1', identity: () => 'v1', schedule: (fn) => fn() });
    store.write('k', 1, Date.now());
    expect(Array.from({ length: storage.length }, (_, i) => storage.key(i))).toEqual([
      `${storageKey('cache', 'c1')}.v1`,
    ]);
  });

  it('no web storage in Node, and none for memory', () => {
    expect(webStorage('local')).toBeNull();
    expect(webStorage('memory')).toBeNull();
  });
});
