import { afterEach, describe, expect, it } from 'vitest';
import { createTokenManager, tokenStorageKey } from './tokens.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';

const config = { clientId: 'dom-client', apiBase: 'https://api.test', tokenStorage: 'local' as const };
const KEY = tokenStorageKey('dom-client');
const member = { accessToken: { value: 'a', expiresAt: 9e9 }, refreshToken: { value: 'r', role: 'member' } };

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('tokens in a browser', () => {
  it('persists to localStorage and follows other tabs through storage events', async () => {
    const { fetch } = fakeFetch(() => json(200, { access_token: 'v', refresh_token: 'vr', expires_in: 14400 }));
    const tokens = createTokenManager({ config, fetch, locks: null });
    await tokens.getAccessToken();
    expect(JSON.parse(localStorage.getItem(KEY)!).refreshToken.role).toBe('visitor');

    // another tab writes, then its event arrives here
    localStorage.setItem(KEY, JSON.stringify(member));
    window.dispatchEvent(
      new StorageEvent('storage', { key: KEY, newValue: JSON.stringify(member), storageArea: localStorage }),
    );
    expect(tokens.isLoggedIn()).toBe(true);
    // Events about another storage area are not ours.
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: null, storageArea: sessionStorage }));
    expect(tokens.isLoggedIn()).toBe(true);
    localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: null, storageArea: localStorage }));
    expect(tokens.role()).toBe('none');
    tokens.destroy();
  });

  it('uses sessionStorage for tokenStorage "session" and nothing for "memory"', async () => {
    const { fetch } = fakeFetch(() => json(200, { access_token: 'v', refresh_token: 'vr', expires_in: 14400 }));
    await createTokenManager({ config: { ...config, tokenStorage: 'session' }, fetch, locks: null }).getAccessToken();
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    sessionStorage.clear();
    await createTokenManager({ config: { ...config, tokenStorage: 'memory' }, fetch, locks: null }).getAccessToken();
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });
});
