import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../client.ts';
import { parseConfig } from '../config.ts';
import { fakeFetch, json, memoryStorage } from '../../tests/helpers/fake-fetch.ts';
import { createSavedStockRequests } from '../stores/stock-saved.ts';
import { carryOver } from './stock-carry.ts';

const API = 'https://api.test';
const KEY = 'inlay.back-in-stock.c';
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;

function setup() {
  const net = fakeFetch((call) => {
    if (call.url.endsWith('/oauth2/token')) {
      const b = call.body as { grantType: string; code?: string };
      if (b.grantType === 'authorization_code' && b.code === 'bad') return json(400, { message: 'bad code' });
      return json(
        200,
        b.grantType === 'anonymous'
          ? { access_token: 'va', refresh_token: 'vr', expires_in: 3600 }
          : { access_token: 'ma', refresh_token: 'mr', expires_in: 3600 },
      );
    }
    return json(500, { message: 'unexpected' });
  });
  const cfg = parseConfig({ clientId: 'c', apiBase: API, tokenStorage: 'memory' });
  if (!cfg.ok) throw new Error(cfg.error);
  const c = createClient(cfg.config, {
    fetch: net.fetch,
    storage: memoryStorage(),
    locks: null,
    events: null,
    sleep: async () => {},
  });
  const signIn = (code = 'ok') => carryOver(c, () => c.tokens.exchangeCode({ code, codeVerifier: 'v' }));
  /** every call but the token endpoint's */
  const calls = () => net.calls.filter((x) => !x.url.endsWith('/oauth2/token'));
  return { signIn, calls };
}

const visitorMade = {
  'p:1': { id: 'r1', email: 'ada@example.com' },
  'p:2': { id: 'r2', email: 'bo@example.com', member: true },
};

beforeEach(() => localStorage.clear());

describe('carryOver (a sign-in takes this browser’s back-in-stock state along)', () => {
  it('makes every saved request the member’s, with no platform call (reading or deleting one is admin only)', async () => {
    localStorage.setItem(KEY, JSON.stringify(visitorMade));
    const { signIn, calls } = setup();
    await signIn();
    expect(calls()).toEqual([]);
    expect(stored()).toEqual({
      'p:1': { id: 'r1', email: 'ada@example.com', member: true },
      'p:2': { id: 'r2', email: 'bo@example.com', member: true },
    });
    // so the member sees it, and after a sign-out the next visitor does not
    const saved = createSavedStockRequests('c');
    expect(saved.get('p:1', true)).toMatchObject({ id: 'r1' });
    expect(saved.get('p:1', false)).toBeUndefined();
  });

  it('a failed sign-in changes nothing and passes the failure on', async () => {
    localStorage.setItem(KEY, JSON.stringify(visitorMade));
    const { signIn, calls } = setup();
    await expect(signIn('bad')).rejects.toThrow();
    expect(stored()).toEqual(visitorMade);
    expect(calls()).toEqual([]);
  });

  it('garbage or blocked storage is no error: the sign-in goes on', async () => {
    localStorage.setItem(KEY, '{not json');
    const { signIn } = setup();
    await expect(signIn()).resolves.toMatchObject({ refreshToken: { role: 'member' } });
    const blocked = createSavedStockRequests('c', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage);
    expect(() => blocked.carry()).not.toThrow();
    expect(blocked.get('p:1', true)).toBeUndefined();
  });
});
