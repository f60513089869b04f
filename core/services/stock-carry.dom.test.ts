import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../client.ts';
import { parseConfig } from '../config.ts';
import { fakeFetch, json, memoryStorage, type Call } from '../../tests/helpers/fake-fetch.ts';
import { carryOver } from './stock-carry.ts';

const API = 'https://api.test';
const KEY = 'inlay.back-in-stock.c';
const body = (email: string) => ({
  request: { catalogReference: { appId: 'a', catalogItemId: 'p' }, email },
  itemDetails: { name: 'Mug', price: '18.00' },
});
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, { id: string }>;

function setup(answer: (call: Call) => Response | undefined) {
  const net = fakeFetch((call) => {
    if (call.url.endsWith('/oauth2/token')) {
      const b = call.body as { grantType: string };
      if (b.grantType === 'authorization_code' && (call.body as { code: string }).code === 'bad')
        return json(400, { message: 'bad code' });
      return json(
        200,
        b.grantType === 'anonymous'
          ? { access_token: 'va', refresh_token: 'vr', expires_in: 3600 }
          : { access_token: 'ma', refresh_token: 'mr', expires_in: 3600 },
      );
    }
    return answer(call) ?? json(500, { message: 'unexpected' });
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
  /** method, last path segment and which token went with it */
  const log = () =>
    net.calls
      .filter((x) => !x.url.endsWith('/oauth2/token'))
      .map((x) => `${x.method} ${x.url.split('/').pop()} ${x.headers['authorization'] ?? x.headers['Authorization']}`);
  return { signIn, log };
}

const request = (id: string, status = 'RECEIVED') => json(200, { request: { id, status } });

beforeEach(() => localStorage.clear());

describe('carryOver (a sign-in takes the visitor’s back-in-stock requests along)', () => {
  it('deletes each waiting request as the visitor before the sign-in and makes it again as the member after it', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        'p:1': { id: 'r1', email: 'ada@example.com', body: body('ada@example.com') },
        'p:2': { id: 'r2', email: 'bo@example.com', body: body('bo@example.com') },
        'p:3': { id: 'old', email: 'cy@example.com' },
      }),
    );
    const { signIn, log } = setup((call) => {
      if (call.method === 'GET') return call.url.endsWith('/r1') ? request('r1') : request('r2', 'NOTIFICATION_SENT');
      if (call.method === 'DELETE') return json(200, {});
      if (call.method === 'POST') return request('m1');
    });
    await signIn();
    expect(log()).toEqual([
      'GET r1 va',
      'DELETE r1 va',
      'GET r2 va', // sent already: nothing to carry
      'POST back-in-stock-notification-requests ma',
    ]);
    // the member's request lives on the platform; a request saved before there was a body to make it again stays
    expect(stored()).toEqual({ 'p:3': { id: 'old', email: 'cy@example.com' } });
  });

  it('a failed sign-in makes it again as the visitor; a create that found no answer is left for the widget; a refused one is dropped', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ 'p:1': { id: 'r1', email: 'ada@example.com', body: body('ada@example.com') } }),
    );
    const first = setup((call) =>
      call.method === 'GET'
        ? request('r1')
        : call.method === 'DELETE'
          ? json(200, {})
          : call.method === 'POST'
            ? request('v2')
            : undefined,
    );
    await expect(first.signIn('bad')).rejects.toThrow();
    expect(stored()['p:1']!.id).toBe('v2');

    const offline = setup((call) => {
      if (call.method === 'POST') throw new TypeError('Failed to fetch');
      return call.method === 'GET' ? request('v2') : json(200, {});
    });
    await offline.signIn();
    expect(stored()['p:1']!.id).toBe('');

    localStorage.setItem(
      KEY,
      JSON.stringify({ 'p:1': { id: 'r9', email: 'ada@example.com', body: body('ada@example.com') } }),
    );
    const refused = setup((call) =>
      call.method === 'POST'
        ? json(428, { message: 'not collecting' })
        : call.method === 'GET'
          ? request('r9')
          : json(200, {}),
    );
    await refused.signIn();
    expect(stored()).toEqual({});
  });
});
