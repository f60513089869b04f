import { afterEach, describe, expect, it, vi } from 'vitest';
import { InlayApiError } from '../errors.ts';
import { createTokenManager, tokenStorageKey, type TokenManagerOptions, type Tokens } from './tokens.ts';
import { FORM, requestTokens } from './token-request.ts';
import { deferred, fakeFetch, json, memoryStorage, serialLocks } from '../../tests/helpers/fake-fetch.ts';

const config = { clientId: 'demo-client', apiBase: 'https://api.test', tokenStorage: 'local' as const };
const KEY = tokenStorageKey('demo-client');
const T0 = 1_700_000_000; // seconds

/** A token endpoint that numbers its tokens: access-1, refresh-1, … */
function tokenServer(override?: (body: Record<string, unknown>, n: number) => Response | undefined) {
  let n = 0;
  return fakeFetch((call) => {
    n++;
    const body = call.body as Record<string, unknown>;
    return (
      override?.(body, n) ??
      json(200, { access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 14400, token_type: 'Bearer' })
    );
  });
}

function setup(opts: Partial<TokenManagerOptions> & { handler?: ReturnType<typeof tokenServer> } = {}) {
  const server = opts.handler ?? tokenServer();
  const clock = { ms: T0 * 1000 };
  const storage = opts.storage === undefined ? memoryStorage() : opts.storage;
  const tokens = createTokenManager({
    config,
    fetch: server.fetch,
    storage,
    now: () => clock.ms,
    locks: null,
    events: null,
    ...opts,
  });
  return { tokens, calls: server.calls, clock, storage };
}

const tokensOf = (role: Tokens['refreshToken']['role'], access = 'stored-access', expiresAt = T0 + 3600): Tokens => ({
  accessToken: { value: access, expiresAt },
  refreshToken: { value: `stored-refresh`, role },
});

afterEach(() => vi.restoreAllMocks());

describe('token lifecycle', () => {
  it('starts an anonymous visitor session and persists it per client id', async () => {
    const { tokens, calls, storage } = setup();
    expect(tokens.role()).toBe('none');
    await expect(tokens.getAccessToken()).resolves.toBe('access-1');
    expect(calls[0]).toMatchObject({
      url: 'https://api.test/oauth2/token',
      method: 'POST',
      body: { clientId: 'demo-client', grantType: 'anonymous' },
    });
    // a form: a CORS-safelisted content type (no preflight before it), the platform's same names
    // (docs/spec/wire-protocol.md §1)
    expect(calls[0]!.headers['content-type']).toBe(FORM);
    expect(calls[0]!.raw).toBe('clientId=demo-client&grantType=anonymous');
    expect(calls[0]!.headers.authorization).toBeUndefined();
    const expected = {
      accessToken: { value: 'access-1', expiresAt: T0 + 14400 },
      refreshToken: { value: 'refresh-1', role: 'visitor' },
    };
    expect(tokens.getTokens()).toEqual(expected);
    expect(JSON.parse(storage!.getItem(KEY)!)).toEqual(expected);
    expect(tokens.role()).toBe('visitor');
    expect(tokens.isLoggedIn()).toBe(false);
  });

  it('reuses a valid token without a request', async () => {
    const { tokens, calls } = setup();
    await tokens.getAccessToken();
    await tokens.getAccessToken();
    expect(calls).toHaveLength(1);
  });

  it('picks up stored tokens at start', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify(tokensOf('member')));
    const { tokens, calls } = setup({ storage });
    expect(tokens.isLoggedIn()).toBe(true);
    await expect(tokens.getAccessToken()).resolves.toBe('stored-access');
    expect(calls).toHaveLength(0);
  });

  it('renews with the refresh token 30 s before expiry, keeping the old refresh token and role when none comes back', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify(tokensOf('member', 'old', T0 + 100)));
    const { tokens, calls, clock } = setup({
      storage,
      handler: tokenServer(() => json(200, { access_token: 'renewed', expires_in: 14400 })),
    });
    clock.ms = (T0 + 69) * 1000; // 31 s left: still valid
    await expect(tokens.getAccessToken()).resolves.toBe('old');
    expect(calls).toHaveLength(0);
    clock.ms = (T0 + 70) * 1000; // 30 s left: renew
    await expect(tokens.getAccessToken()).resolves.toBe('renewed');
    expect(calls[0]!.body).toEqual({
      clientId: 'demo-client',
      grantType: 'refresh_token',
      refreshToken: 'stored-refresh',
    });
    expect(tokens.getTokens()).toEqual({
      accessToken: { value: 'renewed', expiresAt: T0 + 70 + 14400 },
      refreshToken: { value: 'stored-refresh', role: 'member' },
    });
  });

  it('starts a new visitor session when the refresh token is refused', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify(tokensOf('member', 'old', T0 - 1)));
    const { tokens, calls } = setup({
      storage,
      handler: tokenServer((body) =>
        body.grantType === 'refresh_token' ? json(400, { message: 'invalid refresh token' }) : undefined,
      ),
    });
    await expect(tokens.getAccessToken()).resolves.toBe('access-2');
    expect(calls.map((c) => (c.body as { grantType: string }).grantType)).toEqual(['refresh_token', 'anonymous']);
    expect(tokens.role()).toBe('visitor');
    expect(tokens.getTokens()?.refreshToken.value).toBe('refresh-2');
  });

  it('keeps a member signed in when the refresh fails only because the network is down', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify(tokensOf('member', 'old', T0 - 1)));
    const { tokens, calls } = setup({
      storage,
      handler: fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))),
    });
    await expect(tokens.getAccessToken()).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(calls).toHaveLength(1);
    expect(tokens.isLoggedIn()).toBe(true);
  });

  it('reports a token endpoint failure with the SDK message', async () => {
    const { tokens } = setup({
      handler: fakeFetch(() =>
        json(
          500,
          { message: 'boom' },
          { statusText: 'Internal Server Error', headers: { 'x-wix-request-id': 'req-42' } },
        ),
      ),
    });
    const e = await tokens.getAccessToken().catch((x: unknown) => x as InlayApiError);
    expect(e).toBeInstanceOf(InlayApiError);
    expect(e).toMatchObject({
      kind: 'http',
      status: 500,
      requestId: 'req-42',
      message:
        'Failed to fetch tokens from OAuth API: Internal Server Error. request id: req-42. Response: {"message":"boom"}',
    });
    expect(tokens.role()).toBe('none');
  });

  it('rejects a malformed token response as a parse error', async () => {
    const { tokens } = setup({ handler: fakeFetch(() => json(200, { access_token: 'a' })) });
    await expect(tokens.getAccessToken()).rejects.toMatchObject({ kind: 'parse' });
  });

  it('never logs tokens', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    const { tokens } = setup({ handler: tokenServer((b, n) => (n === 2 ? json(401, { message: 'x' }) : undefined)) });
    await tokens.getAccessToken();
    await tokens.forceRenew();
    await tokens.exchangeCode({ code: 'c', codeVerifier: 'v' });
    await tokens.logout();
    for (const s of spies) expect(s).not.toHaveBeenCalled();
  });
});

describe('one renewal at a time', () => {
  it('two widgets asking at once make one token request', async () => {
    const { tokens, calls } = setup();
    const [a, b] = await Promise.all([tokens.getAccessToken(), tokens.getAccessToken()]);
    expect(a).toBe('access-1');
    expect(b).toBe('access-1');
    expect(calls).toHaveLength(1);
  });

  it('two tabs sharing storage and a lock make one token request', async () => {
    const storage = memoryStorage();
    const locks = serialLocks();
    const server = tokenServer();
    const tabA = createTokenManager({
      config,
      fetch: server.fetch,
      storage,
      locks,
      events: null,
      now: () => T0 * 1000,
    });
    const tabB = createTokenManager({
      config,
      fetch: server.fetch,
      storage,
      locks,
      events: null,
      now: () => T0 * 1000,
    });
    const [a, b] = await Promise.all([tabA.getAccessToken(), tabB.getAccessToken()]);
    expect(server.calls).toHaveLength(1);
    expect(a).toBe('access-1');
    expect(b).toBe('access-1');
    expect(locks.requests).toBe(2);
  });

  it('with the anonymous grant already sent (the loader’s), the first renewal does not wait for the lock; later ones do', async () => {
    // a lock another tab holds for now: granted only when released
    const held = deferred<void>();
    let asked = 0;
    const locks = {
      request<T>(_name: string, cb: () => Promise<T>) {
        asked++;
        return held.promise.then(cb);
      },
    };
    const { tokens, calls, clock } = setup({ locks, sent: true });
    const first = tokens.getAccessToken();
    expect(asked).toBe(0);
    await expect(first).resolves.toBe('access-1');
    expect(calls).toHaveLength(1);
    // the next renewal (a refresh) goes through the lock as ever
    clock.ms = (T0 + 14400) * 1000;
    const next = tokens.getAccessToken();
    await Promise.resolve();
    expect(asked).toBe(1);
    expect(calls).toHaveLength(1);
    held.resolve();
    await expect(next).resolves.toBe('access-2');
    expect((calls[1]!.body as { grantType: string }).grantType).toBe('refresh_token');
  });

  it('with the grant sent but tokens stored (another tab’s), the renewal takes the lock', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify(tokensOf('visitor', 'old', T0 - 10)));
    const locks = serialLocks();
    const { tokens, calls } = setup({ storage, locks, sent: true });
    await expect(tokens.getAccessToken()).resolves.toBe('access-1');
    expect(locks.requests).toBe(1);
    expect((calls[0]!.body as { grantType: string }).grantType).toBe('refresh_token');
  });

  it('with the grant sent, tokens another tab stored since this page started are adopted inside the lock', async () => {
    const storage = memoryStorage();
    const locks = serialLocks();
    const { tokens, calls } = setup({ storage, locks, sent: true });
    // written by another tab after this manager read storage (its event not here yet)
    storage.setItem(KEY, JSON.stringify(tokensOf('visitor', 'other-tab')));
    await expect(tokens.getAccessToken()).resolves.toBe('other-tab');
    expect(locks.requests).toBe(1);
    expect(calls).toHaveLength(0);
  });

  it('two tabs opened at once, each with its own grant and no lock, end on the same tokens (the last written)', async () => {
    const storage = memoryStorage();
    const answers = [deferred<Response>(), deferred<Response>()];
    const server = fakeFetch((_, i) => answers[i]!.promise);
    const tab = (events: EventTarget) =>
      createTokenManager({
        config,
        fetch: server.fetch,
        storage,
        locks: serialLocks(),
        events,
        sent: true,
        now: () => T0 * 1000,
      });
    const [eventsA, eventsB] = [new EventTarget(), new EventTarget()];
    const [a, b] = [tab(eventsA), tab(eventsB)];
    const got = [a.getAccessToken(), b.getAccessToken()];
    const answer = (n: number) =>
      json(200, { access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 14400 });
    answers[0]!.resolve(answer(1));
    await got[0];
    answers[1]!.resolve(answer(2));
    await got[1];
    // each write's event reaches the other tab only now, crossed
    const written = (n: number) =>
      Object.assign(new Event('storage'), { key: KEY, newValue: JSON.stringify(tokensOf('visitor', `access-${n}`)) });
    eventsB.dispatchEvent(written(1));
    eventsA.dispatchEvent(written(2));
    expect(a.getTokens()?.accessToken.value).toBe('access-2');
    expect(b.getTokens()?.accessToken.value).toBe('access-2');
    expect(JSON.parse(storage.getItem(KEY)!).accessToken.value).toBe('access-2');
  });

  it('adopts the fresh tokens a lock holder just stored instead of renewing again', async () => {
    const storage = memoryStorage();
    // The lock is granted only after another tab renewed and wrote its tokens.
    const locks = {
      request<T>(name: string, cb: () => Promise<T>) {
        expect(name).toBe('inlay-tokens-demo-client');
        storage.setItem(KEY, JSON.stringify(tokensOf('visitor', 'from-other-tab')));
        return cb();
      },
    };
    const seen: (Tokens | undefined)[] = [];
    const { tokens, calls } = setup({ storage, locks });
    tokens.subscribe((t) => seen.push(t));
    await expect(tokens.getAccessToken()).resolves.toBe('from-other-tab');
    expect(calls).toHaveLength(0);
    expect(seen).toHaveLength(1);
  });

  it('after a 401, adopts another tab’s newer token but not the refused one', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify(tokensOf('visitor', 'refused')));
    const { tokens, calls } = setup({ storage });
    await expect(tokens.forceRenew('refused')).resolves.toBe('access-1');
    expect((calls[0]!.body as { grantType: string }).grantType).toBe('refresh_token');
    // Token in hand differs from the refused one: nothing to do.
    await expect(tokens.forceRenew('older')).resolves.toBe('access-1');
    expect(calls).toHaveLength(1);
  });

  it('concurrent 401s share one renewal', async () => {
    const { tokens, calls } = setup();
    const t = await tokens.getAccessToken();
    const [a, b] = await Promise.all([tokens.forceRenew(t), tokens.forceRenew(t)]);
    expect(a).toBe('access-2');
    expect(b).toBe('access-2');
    expect(calls).toHaveLength(2);
  });
});

describe('member tokens and logout', () => {
  it('exchanges an authorization code for member tokens', async () => {
    const { tokens, calls, storage } = setup();
    const t = await tokens.exchangeCode({ code: 'the-code', codeVerifier: 'the-verifier' });
    expect(calls[0]!.body).toEqual({
      clientId: 'demo-client',
      grantType: 'authorization_code',
      code: 'the-code',
      codeVerifier: 'the-verifier',
    });
    expect(t.refreshToken).toEqual({ value: 'refresh-1', role: 'member' });
    expect(tokens.isLoggedIn()).toBe(true);
    expect(JSON.parse(storage!.getItem(KEY)!).refreshToken.role).toBe('member');
    await tokens.exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: 'https://site.test/cb' });
    expect(calls[1]!.body).toMatchObject({ redirectUri: 'https://site.test/cb' });
  });

  it('setMemberTokens stores member tokens and notifies', () => {
    const { tokens } = setup();
    const fn = vi.fn();
    tokens.subscribe(fn);
    tokens.setMemberTokens(tokensOf('visitor'));
    expect(tokens.isLoggedIn()).toBe(true);
    expect(fn).toHaveBeenCalledWith(
      expect.objectContaining({ refreshToken: { value: 'stored-refresh', role: 'member' } }),
    );
  });

  it('logout clears both tokens and storage, and sets the role to none', async () => {
    const { tokens, storage } = setup();
    tokens.setMemberTokens(tokensOf('member'));
    const fn = vi.fn();
    tokens.subscribe(fn);
    await tokens.logout();
    expect(tokens.getTokens()).toBeUndefined();
    expect(tokens.role()).toBe('none');
    expect(tokens.isLoggedIn()).toBe(false);
    expect(storage!.getItem(KEY)).toBeNull();
    expect(fn).toHaveBeenCalledWith(undefined);
  });

  it('a refresh that finishes after logout does not sign the member back in', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify(tokensOf('member', 'old', T0 - 1)));
    const gate = deferred<Response>();
    const { tokens, calls } = setup({
      storage,
      handler: fakeFetch((call) =>
        (call.body as { grantType: string }).grantType === 'refresh_token'
          ? gate.promise
          : json(200, { access_token: 'anon', refresh_token: 'r', expires_in: 100 }),
      ),
    });
    const p = tokens.getAccessToken();
    await tokens.logout();
    gate.resolve(json(200, { access_token: 'member-again', expires_in: 100 }));
    await expect(p).resolves.toBe('anon');
    expect(calls).toHaveLength(2);
    expect(tokens.role()).toBe('visitor');
    expect(JSON.parse(storage.getItem(KEY)!).refreshToken.role).toBe('visitor');
  });
});

describe('minted: a visitor identity this page’s anonymous grant has just made (it has no cart yet)', () => {
  const storageEvent = (key: string) => Object.assign(new Event('storage'), { key });

  it('true for the tokens of this page’s anonymous grant (the loader’s early one too), until they are replaced', async () => {
    for (const sent of [false, true]) {
      const events = new EventTarget();
      const { tokens, storage } = setup({ sent, events });
      expect(tokens.minted()).toBe(false); // none yet
      await tokens.getAccessToken();
      expect(tokens.minted()).toBe(true);
      expect(tokens.role()).toBe('visitor');
      // another tab wrote tokens: adopted, and no longer this page's own
      storage!.setItem(KEY, JSON.stringify(tokensOf('visitor', 'tab-b')));
      events.dispatchEvent(storageEvent(KEY));
      expect(tokens.minted()).toBe(false);
    }
  });

  it('false for stored tokens, a visitor’s or a member’s, and after a renewal by refresh token', async () => {
    for (const role of ['visitor', 'member'] as const) {
      const storage = memoryStorage();
      storage.setItem(KEY, JSON.stringify(tokensOf(role, 'old', T0 + 100)));
      const { tokens, calls, clock } = setup({ storage });
      await tokens.getAccessToken();
      expect(calls).toHaveLength(0);
      expect(tokens.minted()).toBe(false);
      clock.ms = (T0 + 90) * 1000; // within the skew: renewed with the refresh token
      await expect(tokens.getAccessToken()).resolves.toBe('access-1');
      expect((calls[0]!.body as { grantType: string }).grantType).toBe('refresh_token');
      expect(tokens.minted()).toBe(false);
    }
  });

  it('false once the minted visitor’s tokens are refreshed, after a sign-in and after a sign-out', async () => {
    const { tokens, calls, clock } = setup();
    await tokens.getAccessToken();
    expect(tokens.minted()).toBe(true);
    clock.ms = (T0 + 14400) * 1000;
    await expect(tokens.getAccessToken()).resolves.toBe('access-2');
    expect((calls[1]!.body as { grantType: string }).grantType).toBe('refresh_token');
    expect(tokens.minted()).toBe(false);

    const b = setup();
    await b.tokens.getAccessToken();
    b.tokens.setMemberTokens(tokensOf('member'));
    expect(b.tokens.minted()).toBe(false);
    const c = setup();
    await c.tokens.getAccessToken();
    await c.tokens.logout();
    expect(c.tokens.minted()).toBe(false);
  });

  it('true again when a refused refresh token ends in a new anonymous visitor (a new identity)', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify(tokensOf('visitor', 'old', T0 - 1)));
    const { tokens } = setup({
      storage,
      handler: tokenServer((body) =>
        body.grantType === 'refresh_token' ? json(400, { message: 'invalid refresh token' }) : undefined,
      ),
    });
    await expect(tokens.getAccessToken()).resolves.toBe('access-2');
    expect(tokens.minted()).toBe(true);
  });
});

describe('other tabs', () => {
  const storageEvent = (key: string | null, newValue: string | null) =>
    Object.assign(new Event('storage'), { key, newValue });

  it('adopts tokens another tab wrote and follows its sign-out', async () => {
    const events = new EventTarget();
    const { tokens, calls, storage } = setup({ events });
    const fn = vi.fn();
    tokens.subscribe(fn);
    // another tab writes, then its event arrives here
    storage!.setItem(KEY, JSON.stringify(tokensOf('member', 'tab-b')));
    events.dispatchEvent(storageEvent(KEY, JSON.stringify(tokensOf('member', 'tab-b'))));
    expect(tokens.isLoggedIn()).toBe(true);
    await expect(tokens.getAccessToken()).resolves.toBe('tab-b');
    storage!.removeItem(KEY);
    events.dispatchEvent(storageEvent(KEY, null));
    expect(tokens.role()).toBe('none');
    expect(fn).toHaveBeenCalledTimes(2);
    events.dispatchEvent(storageEvent('something-else', 'x'));
    expect(fn).toHaveBeenCalledTimes(2);
    expect(calls).toHaveLength(0);
  });

  it('stops listening after destroy', () => {
    const events = new EventTarget();
    const { tokens, storage } = setup({ events });
    tokens.destroy();
    storage!.setItem(KEY, JSON.stringify(tokensOf('member')));
    events.dispatchEvent(
      Object.assign(new Event('storage'), { key: KEY, newValue: JSON.stringify(tokensOf('member')) }),
    );
    expect(tokens.role()).toBe('none');
  });
});

describe('storage failures', () => {
  it('works in memory when every storage call throws', async () => {
    const boom = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const storage = {
      getItem: boom,
      setItem: boom,
      removeItem: boom,
      clear: boom,
      key: boom,
      length: 0,
    } as unknown as Storage;
    const { tokens, calls } = setup({ storage });
    await expect(tokens.getAccessToken()).resolves.toBe('access-1');
    await expect(tokens.getAccessToken()).resolves.toBe('access-1');
    expect(calls).toHaveLength(1);
    await tokens.logout();
    expect(tokens.role()).toBe('none');
  });

  it.each(['{not json', '{"accessToken":1}', 'null', '[]'])('ignores corrupted stored tokens %s', async (raw) => {
    const storage = memoryStorage();
    storage.setItem(KEY, raw);
    const { tokens, calls } = setup({ storage });
    expect(tokens.role()).toBe('none');
    await expect(tokens.getAccessToken()).resolves.toBe('access-1');
    expect((calls[0]!.body as { grantType: string }).grantType).toBe('anonymous');
  });

  it('falls back to memory when localStorage itself cannot be read', async () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      const server = tokenServer();
      const tokens = createTokenManager({ config, fetch: server.fetch, locks: null, now: () => T0 * 1000 });
      await expect(tokens.getAccessToken()).resolves.toBe('access-1');
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  it('memory storage keeps nothing between instances', async () => {
    const server = tokenServer();
    const mem = { ...config, tokenStorage: 'memory' as const };
    const a = createTokenManager({ config: mem, fetch: server.fetch, locks: null, now: () => T0 * 1000 });
    await a.getAccessToken();
    const b = createTokenManager({ config: mem, fetch: server.fetch, locks: null, now: () => T0 * 1000 });
    expect(b.getTokens()).toBeUndefined();
  });
});

describe('the token request as sent', () => {
  it('is a form of the grant’s fields; a field left undefined (a corrupt stored sign-in) is left out, not sent as text', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { access_token: 'a', refresh_token: 'r', expires_in: 60 }));
    await requestTokens(
      { apiBase: 'https://api.test', clientId: 'demo-client', fetch },
      {
        grantType: 'authorization_code',
        code: 'c0de',
        codeVerifier: undefined as unknown as string,
      },
    );
    expect(calls[0]!.raw).toBe('clientId=demo-client&grantType=authorization_code&code=c0de');
  });
});
