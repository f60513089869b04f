import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { adoptEarly, createClient } from './client.ts';
import { ops } from './urls.ts';
import { FORM } from './auth/token-request.ts';
import { deferred, fakeFetch, json, memoryStorage } from '../tests/helpers/fake-fetch.ts';
import { testContext } from '../tests/helpers/context.ts';
import { followMember, sessionOf, syncSession } from './stores/session.ts';
import { loadMember } from './stores/member.ts';
import { toastsOf } from './stores/toasts.ts';
import { cartOf } from './stores/current-cart.ts';
import { reviewsOnPage, reviewsOnPageOf } from './reads/review-summary.ts';

const config = {
  clientId: 'demo-client',
  apiBase: 'https://api.test',
  locale: 'fr-FR',
  tokenStorage: 'local' as const,
};

describe('createClient', () => {
  it('wires tokens into requests: visitor token, then renewal and one replay after a 401', async () => {
    let issued = 0;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/oauth2/token')) {
        issued++;
        return json(200, { access_token: `access-${issued}`, refresh_token: 'refresh', expires_in: 14400 });
      }
      return call.headers.authorization === 'access-1'
        ? json(401, { message: 'expired' })
        : json(200, { member: { id: 'm' } });
    });
    const client = createClient(config, {
      fetch,
      storage: memoryStorage(),
      locks: null,
      events: null,
      now: () => 1e12,
    });
    const member = await client.http.request({
      ...ops.myMember,
      query: { fieldsets: 'FULL' },
      schema: z.object({ member: z.object({ id: z.string() }) }),
      kind: 'read',
    });
    expect(member).toEqual({ member: { id: 'm' } });
    expect(
      calls.map(
        (c) =>
          `${c.method} ${c.url.replace('https://api.test', '')} ${(c.body as { grantType?: string })?.grantType ?? c.headers.authorization ?? ''}`,
      ),
    ).toEqual([
      'POST /oauth2/token anonymous',
      'GET /members/v1/members/my?fieldsets=FULL access-1',
      'POST /oauth2/token refresh_token',
      'GET /members/v1/members/my?fieldsets=FULL access-2',
    ]);
    expect(client.i18n.locale).toBe('fr-FR');
    expect(client.cache.keys()).toEqual([]);
  });
});

describe('two clients share nothing', () => {
  it('each has its own session and member, toasts, query cache, cart, reviews on the page and locale', async () => {
    const platform = fakeFetch((call) => {
      if (call.url.endsWith('/oauth2/token'))
        return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
      if (call.url.includes('/members/my')) return json(200, { member: { id: 'm1' } });
      return json(404, { message: 'not here' });
    });
    const a = testContext(platform.fetch, { clientId: 'a' });
    const b = testContext(platform.fetch, { clientId: 'b', locale: 'fr' });
    const stops = [a, b].flatMap(({ client }) => [syncSession(client), followMember(client, () => loadMember(client))]);
    // a member signs in on the first page: the second page's visitor stays a visitor, with no member read for it
    a.client.tokens.setMemberTokens({
      accessToken: { value: 'ma', expiresAt: 9e9 },
      refreshToken: { value: 'mr', role: 'member' },
    });
    await vi.waitFor(() => expect(sessionOf(a.client).get().member).toEqual({ id: 'm1' }));
    expect(sessionOf(b.client).get()).toEqual({ status: 'visitor', role: 'none' });
    expect(await loadMember(b.client)).toBeUndefined();
    expect(platform.calls.filter((c) => c.url.includes('/members/my'))).toHaveLength(1);

    toastsOf(a.client).toast.error('Saved nowhere');
    expect(toastsOf(a.client).$toasts.get()).toHaveLength(1);
    expect(toastsOf(b.client).$toasts.get()).toEqual([]);

    a.client.cache.set('k', 1);
    expect(b.client.cache.get('k')).toBeUndefined();

    expect(cartOf(a.client)).not.toBe(cartOf(b.client));
    cartOf(a.client).$cartOpen.set(true);
    expect(cartOf(b.client).$cartOpen.get()).toBe(false);

    const off = reviewsOnPage(a.client, 'stores:p1', () => undefined);
    expect(Object.keys(reviewsOnPageOf(a.client).get())).toEqual(['stores:p1']);
    expect(reviewsOnPageOf(b.client).get()).toEqual({});

    a.$locale.set('de');
    expect(b.$locale.get()).toBe('fr');
    expect([a.i18n().locale, b.i18n().locale]).toEqual(['de', 'fr']);

    off();
    toastsOf(a.client).dismiss();
    stops.forEach((stop) => stop());
  });
});

describe('whether the platform answers the page ($reach)', () => {
  const failing = () => Promise.reject(new TypeError('Failed to fetch'));
  const make = (fetch: typeof globalThis.fetch, online = () => true) =>
    createClient(config, { fetch, storage: memoryStorage(), locks: null, events: null, sleep: async () => {}, online });
  const token = (c: ReturnType<typeof make>) => c.tokens.getAccessToken().catch(() => undefined);

  it('is unknown at first, ok after any answer (an error status is an answer too)', async () => {
    const c = make(async () => json(400, { message: 'bad client' }));
    expect(c.$reach.get()).toBe('unknown');
    await token(c);
    expect(c.$reach.get()).toBe('ok');
  });

  it('is blocked when the first requests all get no answer while online (no CORS answer: origin not allowed)', async () => {
    const c = make(failing);
    await token(c);
    await token(c);
    expect(c.$reach.get()).toBe('blocked');
  });

  it('is not blocked by one failure, while offline, or once the platform has answered', async () => {
    const once = make(failing);
    await token(once);
    expect(once.$reach.get()).toBe('unknown');

    const offline = make(failing, () => false);
    for (let i = 0; i < 3; i++) await token(offline);
    expect(offline.$reach.get()).toBe('unknown');

    let up = true;
    const later = make((() => (up ? Promise.resolve(json(400, {})) : failing())) as typeof fetch);
    await token(later);
    up = false;
    for (let i = 0; i < 3; i++) await token(later);
    expect(later.$reach.get()).toBe('ok');
  });

  it('comes back to ok with the first answer, and an abort (a timeout) never counts', async () => {
    let mode: 'down' | 'abort' | 'up' = 'abort';
    const c = make((() =>
      mode === 'abort'
        ? Promise.reject(new DOMException('timed out', 'TimeoutError'))
        : mode === 'down'
          ? failing()
          : Promise.resolve(json(400, {}))) as typeof fetch);
    for (let i = 0; i < 3; i++) await token(c);
    expect(c.$reach.get()).toBe('unknown');
    mode = 'down';
    await token(c);
    await token(c);
    expect(c.$reach.get()).toBe('blocked');
    mode = 'up';
    await token(c);
    expect(c.$reach.get()).toBe('ok');
  });
});

describe('the token request the loader started (adoptEarly)', () => {
  const url = 'https://api.test/oauth2/token';
  // the core's token request is a form (core/auth/token-request.ts), the loader's the same (widgets/start.test.ts)
  const body = 'clientId=demo-client&grantType=anonymous';
  const tokenAnswer = () => json(200, { access_token: 'early', refresh_token: 'r', expires_in: 14400 });

  it('the client’s first anonymous token request takes the early answer: one request in all', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(200, { access_token: 'renewed', refresh_token: 'r2', expires_in: 14400 }),
    );
    // another tab holds the token lock: the request is made already, so the page does not wait for it
    const held = deferred<void>();
    let asked = 0;
    const locks = { request: <T>(_: string, cb: () => Promise<T>) => (asked++, held.promise.then(cb)) };
    const client = createClient(config, {
      fetch,
      early: { url, body, response: Promise.resolve(tokenAnswer()) },
      storage: memoryStorage(),
      locks,
      events: null,
      now: () => 1e12,
    });
    const first = client.tokens.getAccessToken();
    expect(asked).toBe(0);
    expect(await first).toBe('early');
    expect(calls).toEqual([]);
    held.resolve();
    // used once: a later renewal goes to the network (through the lock, released now)
    expect(await client.tokens.forceRenew('early')).toBe('renewed');
    expect(calls.map((c) => c.url)).toEqual([url]);
  });

  it('another request (a different body or URL) goes to the network and leaves the early answer alone', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const f = adoptEarly({ url, body, response: Promise.resolve(tokenAnswer()) }, fetch);
    const headers = { 'Content-Type': FORM };
    await f(url, { method: 'POST', headers, body: 'clientId=other&grantType=anonymous' });
    await f('https://api.test/other', { method: 'POST', headers, body });
    expect(calls).toHaveLength(2);
    expect(await (await f(url, { method: 'POST', body })).json()).toMatchObject({ access_token: 'early' });
    expect(calls).toHaveLength(2);
  });

  it('the caller’s timeout still applies, and a failed early request fails like a network error', async () => {
    const slow = deferred<Response>();
    const ctrl = new AbortController();
    const f = adoptEarly({ url, body, response: slow.promise }, fakeFetch(() => json(200, {})).fetch);
    const p = f(url, { method: 'POST', body, signal: ctrl.signal });
    ctrl.abort(new DOMException('timed out', 'AbortError'));
    await expect(p).rejects.toThrow('timed out');
    const g = adoptEarly(
      { url, body, response: Promise.reject(new TypeError('Failed to fetch')) },
      fakeFetch(() => json(200, {})).fetch,
    );
    await expect(g(url, { method: 'POST', body })).rejects.toThrow('Failed to fetch');
  });
});

describe('the reads the loader sent with its early token (adoptEarly)', () => {
  const url = 'https://api.test/oauth2/token';
  const body = '{}';
  const cart = 'https://api.test/ecom/v1/carts/current';
  const algorithms = 'https://api.test/v1/recommendations/algorithms';
  const get = (token: string, signal?: AbortSignal) => ({
    method: 'GET',
    headers: { Authorization: token },
    ...(signal ? { signal } : {}),
  });
  /** The loader's token has answered (a GET carrying its token comes after that). */
  const answered = () => new Promise((r) => setTimeout(r));
  const early = (sent: Promise<Record<string, { auth: string; response: Promise<Response> }>>) => ({
    url,
    body,
    response: Promise.resolve(json(200, {})),
    reads: { urls: [cart, algorithms], sent },
  });

  it('the first GET of a read’s URL with the read’s token takes the loader’s answer; later ones go to the network', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { from: 'network' }));
    const f = adoptEarly(
      early(Promise.resolve({ [cart]: { auth: 'visitor', response: Promise.resolve(json(200, { from: 'loader' })) } })),
      fetch,
    );
    await answered();
    expect(await (await f(cart, get('visitor'))).json()).toEqual({ from: 'loader' });
    expect(calls).toEqual([]);
    expect(await (await f(cart, get('visitor'))).json()).toEqual({ from: 'network' });
    // a URL the loader named but did not send (no token then): the network
    expect(await (await f(algorithms, get('visitor'))).json()).toEqual({ from: 'network' });
    expect(calls.map((c) => c.url)).toEqual([cart, algorithms]);
  });

  it('a GET with another token (another tab’s tokens adopted since) is never answered with the loader’s read', async () => {
    const { fetch, calls } = fakeFetch((c) => json(200, { token: c.headers.authorization }));
    const f = adoptEarly(
      early(Promise.resolve({ [cart]: { auth: 'visitor-a', response: Promise.resolve(json(200, { token: 'a' })) } })),
      fetch,
    );
    await answered();
    expect(await (await f(cart, get('visitor-b'))).json()).toEqual({ token: 'visitor-b' });
    expect(calls).toHaveLength(1);
    // and a POST to that URL is not a read
    const g = adoptEarly(
      early(Promise.resolve({ [cart]: { auth: 't', response: Promise.resolve(json(200, { from: 'loader' })) } })),
      fetch,
    );
    await answered();
    expect(await (await g(cart, { method: 'POST', headers: { Authorization: 't' }, body: '{}' })).json()).toEqual({
      token: 't',
    });
  });

  it('waits for the loader to have sent a read it named, but no other request ever waits', async () => {
    const sent = deferred<Record<string, { auth: string; response: Promise<Response> }>>();
    const { fetch, calls } = fakeFetch(() => json(200, { from: 'network' }));
    const f = adoptEarly(early(sent.promise), fetch);
    await answered();
    // another read, and the token request itself, go at once
    expect(await (await f('https://api.test/stores/v3/provision/version', get('t'))).json()).toEqual({
      from: 'network',
    });
    const waiting = f(cart, get('t'));
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    sent.resolve({ [cart]: { auth: 't', response: Promise.resolve(json(200, { from: 'loader' })) } });
    expect(await (await waiting).json()).toEqual({ from: 'loader' });
    expect(calls).toHaveLength(1);
  });

  it('before the token has answered, a GET cannot carry the loader’s token: it goes at once, never waiting', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { from: 'network' }));
    // the loader's token request is stalled (its reads will never be sent); the core got a token elsewhere
    const f = adoptEarly(
      {
        url,
        body,
        response: new Promise(() => undefined),
        reads: { urls: [cart], sent: new Promise(() => undefined) },
      },
      fetch,
    );
    expect(await (await f(cart, get('from-another-tab'))).json()).toEqual({ from: 'network' });
    expect(calls).toHaveLength(1);
  });

  it('the caller’s timeout applies while it waits, and a read that failed fails like a network error', async () => {
    const ctrl = new AbortController();
    const f = adoptEarly(early(new Promise(() => undefined)), fakeFetch(() => json(200, {})).fetch);
    await answered();
    const p = f(cart, get('t', ctrl.signal));
    ctrl.abort(new DOMException('timed out', 'AbortError'));
    await expect(p).rejects.toThrow('timed out');
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined); // as the loader does: the core reports it when it asks
    const g = adoptEarly(
      early(Promise.resolve({ [cart]: { auth: 't', response: failed } })),
      fakeFetch(() => json(200, {})).fetch,
    );
    await answered();
    await expect(g(cart, get('t'))).rejects.toThrow('Failed to fetch');
  });
});
