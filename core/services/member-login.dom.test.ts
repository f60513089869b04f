import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client.ts';
import { parseConfig } from '../config.ts';
import { SILENT_LOGIN_TIMEOUT_MS } from '../constants.ts';
import { codeChallengeS256 } from '../auth/pkce.ts';
import { fakeFetch, json, memoryStorage } from '../../tests/helpers/fake-fetch.ts';
import { completeHostedLogin, loginWithSessionToken, logout, startHostedLogin } from './member-login.ts';
import { awaitWebMessage } from './sign-in-page.ts';

const API = 'https://api.test';
/**
 * Where the platform serves its authorize page: the site's domain, not the API's
 * (docs/spec/wire-protocol.md §11.1).
 */
const PAGES = 'https://site-pages.test';
// happy-dom would otherwise try to load the iframe's page from the network
const happy = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM;
if (happy) Object.assign(happy.settings, { disableIframePageLoading: true, handleDisabledFileLoadingAsSuccess: true });
const FULL_URL = `${PAGES}/_api/oauth2/authorize?redirectSession=rs1`;
const LOGOUT_URL = `${PAGES}/_hosted/logout?session=lo1`;

function setup(config: Record<string, string> = {}, opts: { offline?: boolean } = {}) {
  const net = fakeFetch((call) => {
    if (call.url.endsWith('/oauth2/token')) {
      const b = call.body as { grantType: string };
      return json(
        200,
        b.grantType === 'anonymous'
          ? { access_token: 'va', refresh_token: 'vr', expires_in: 3600 }
          : { access_token: 'ma', refresh_token: 'mr', expires_in: 3600 },
      );
    }
    if (call.url.endsWith('/redirect-session')) {
      if (opts.offline) throw new TypeError('Failed to fetch');
      const logout = !!(call.body as { logout?: unknown }).logout;
      return json(200, { redirectSession: { id: 'rs1', fullUrl: logout ? LOGOUT_URL : FULL_URL } });
    }
    return json(404, {});
  });
  const cfg = parseConfig({ clientId: 'c', apiBase: API, tokenStorage: 'memory', ...config });
  if (!cfg.ok) throw new Error(cfg.error);
  const c = createClient(cfg.config, { fetch: net.fetch, storage: memoryStorage(), locks: null, events: null });
  return { net, c };
}

const frames = () => document.querySelectorAll('iframe');
/** A message event as a window would deliver it: its data, the sender's origin and the sender's window. */
const post = (data: unknown, source: Window | null, origin = PAGES) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source } as MessageEventInit));
/**
 * A fake frame's window: page loading is off here, so each frame is given a window object of its own (a browser gives
 * every frame one), which is what `event.source` names.
 */
function fakeWindow(frame: HTMLIFrameElement): Window {
  const win = { name: `window of ${frame.title || 'a frame'}` } as unknown as Window;
  Object.defineProperty(frame, 'contentWindow', { value: win, configurable: true });
  return win;
}
/** The hidden frame the flow opened (after the redirect-session call) and its window: the fake authorize page. */
async function signInFrame(): Promise<{ frame: HTMLIFrameElement; win: Window }> {
  await vi.waitUntil(() => frames().length === 1);
  const frame = frames()[0]!;
  return { frame, win: fakeWindow(frame) };
}
/** Let queued messages and promise callbacks run. */
const settle = () => new Promise((r) => setTimeout(r, 10));

/** location.assign / location.replace, recorded instead of navigating. */
function navigation() {
  const assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
  const replace = vi.spyOn(location, 'replace').mockImplementation(() => undefined);
  return { assign, replace };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  document.body.replaceChildren();
});

describe('silent sign-in (prompt none, web_message, hidden iframe)', () => {
  it('asks for a redirect session without redirectUri, accepts the answer of its own frame from the pages origin, exchanges the code with the PKCE verifier', async () => {
    const { net, c } = setup();
    const done = loginWithSessionToken(c, 'sess-1');
    const { frame, win } = await signInFrame();
    const req = net.calls.find((x) => x.url.endsWith('/redirect-session'))!;
    expect(req.url).toBe(`${API}/_api/redirects-api/v1/redirect-session`);
    const auth = (req.body as { auth: { authRequest: Record<string, string>; prompt: string } }).auth;
    expect(auth.prompt).toBe('none');
    expect(auth.authRequest).toMatchObject({
      clientId: 'c',
      codeChallengeMethod: 'S256',
      responseMode: 'web_message',
      responseType: 'code',
      scope: 'offline_access',
      sessionToken: 'sess-1',
    });
    expect(auth.authRequest).not.toHaveProperty('redirectUri');
    expect(frame.getAttribute('src')).toBe(FULL_URL);
    expect(frame.style.display).toBe('none');

    // the authorize page is on another origin than the API: its answer is the one that counts
    post({ code: 'good-code', state: auth.authRequest.state }, win, PAGES);
    const tokens = await done;
    expect(tokens.refreshToken).toEqual({ value: 'mr', role: 'member' });
    expect(c.tokens.isLoggedIn()).toBe(true);
    expect(frames()).toHaveLength(0);
    const exchange = net.calls.find((x) => (x.body as { grantType?: string }).grantType === 'authorization_code')!;
    const body = exchange.body as { code: string; codeVerifier: string; redirectUri?: string };
    expect(body.code).toBe('good-code');
    expect(body).not.toHaveProperty('redirectUri');
    expect(await codeChallengeS256(body.codeVerifier)).toBe(auth.authRequest.codeChallenge);
  });

  it('ignores messages from any other window (even from the API origin with the right state) and from its frame with another state', async () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const p = awaitWebMessage(FULL_URL, 'sent-state');
    const outcome = p.then(
      (v) => v,
      (e: Error) => e.message,
    );
    const { win } = await signInFrame();
    const other = document.createElement('iframe');
    document.body.append(other);
    const otherWin = fakeWindow(other);

    post({ code: 'evil', state: 'sent-state' }, window, API); // the page itself, on the API's origin
    post({ code: 'evil', state: 'sent-state' }, otherWin, PAGES); // another frame on the pages origin
    post({ code: 'evil', state: 'sent-state' }, null, API); // no source at all
    post({ code: 'c1', state: 'other-state' }, win); // our frame, another flow's state
    post({ code: 'c1' }, win); // our frame, no state
    post('not an object', win);
    post(null, win);
    await settle();
    expect(frames()).toHaveLength(2); // still waiting: nothing above ended it
    expect(remove).not.toHaveBeenCalledWith('message', expect.any(Function));

    post({ code: 'right', state: 'sent-state' }, win);
    expect(await outcome).toEqual({ code: 'right', state: 'sent-state' });
    expect(frames()).toHaveLength(1); // only the other frame is left
    expect(remove).toHaveBeenCalledWith('message', expect.any(Function));
  });

  it("login_required (no code) from its frame with its state fails with 'Missing code or _state'", async () => {
    const a = awaitWebMessage(FULL_URL, 's');
    const { win } = await signInFrame();
    post({ error: 'login_required', error_description: 'sign in first', state: 's' }, win);
    await expect(a).rejects.toThrow('Missing code or _state');
    expect(frames()).toHaveLength(0);
  });

  it("gives up after 120000 ms with 'OAuth flow timed out'", async () => {
    vi.useFakeTimers();
    const p = awaitWebMessage(FULL_URL, 's');
    const outcome = p.then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(SILENT_LOGIN_TIMEOUT_MS - 1);
    expect(frames()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('OAuth flow timed out');
    expect(frames()).toHaveLength(0);
  });
});

describe('hosted login: out through a registered callback, back to the shopper’s page', () => {
  const pending = () => JSON.parse(sessionStorage.getItem('inlay.hosted.c') ?? 'null') as Record<string, string>;
  const authRequestOf = (net: ReturnType<typeof setup>['net']) =>
    (
      net.calls.find((x) => x.url.endsWith('/redirect-session'))!.body as {
        auth: { authRequest: Record<string, string> };
      }
    ).auth.authRequest;

  it("returns to the page's origin + '/' by default; remembers the shopper's page (without its fragment)", async () => {
    const nav = navigation();
    const { net, c } = setup();
    history.replaceState(null, '', '/products/mug?variant=2#reviews');
    await startHostedLogin(c);
    const r = authRequestOf(net);
    expect(r).toMatchObject({ responseMode: 'fragment', redirectUri: `${location.origin}/` });
    expect(nav.assign).toHaveBeenCalledWith(FULL_URL);
    expect(pending()).toMatchObject({
      state: r.state,
      redirectUri: `${location.origin}/`,
      returnTo: `${location.origin}/products/mug?variant=2`,
    });
  });

  it("asks for the hosted page in the page's language (the platform appends it to the URL as lang)", async () => {
    navigation();
    const { net, c } = setup();
    await startHostedLogin(c, 'fr-CA');
    const body = net.calls.find((x) => x.url.endsWith('/redirect-session'))!.body as Record<string, unknown>;
    expect(body['preferences']).toEqual({ additionalQueryParameters: { lang: 'fr-CA' } });
    // Inlay.session.login() gives none: the configured locale
    const none = setup();
    await startHostedLogin(none.c);
    expect(none.net.calls.find((x) => x.url.endsWith('/redirect-session'))!.body).toMatchObject({
      preferences: { additionalQueryParameters: { lang: none.c.config.locale } },
    });
  });

  it('data-redirect-uri: a path of this origin, or an absolute URL sent exactly as written; another origin is refused before any request', async () => {
    const nav = navigation();
    const path = setup({ redirectUri: '/account/callback' });
    await startHostedLogin(path.c);
    expect(authRequestOf(path.net).redirectUri).toBe(`${location.origin}/account/callback`);

    // as registered on the OAuth app: no normalisation (a registered `https://host` has no trailing slash)
    const absolute = setup({ redirectUri: location.origin });
    await startHostedLogin(absolute.c);
    expect(authRequestOf(absolute.net).redirectUri).toBe(location.origin);

    const other = setup({ redirectUri: 'https://elsewhere.example/callback' });
    await expect(startHostedLogin(other.c)).rejects.toThrow(/data-redirect-uri must be on this page's origin/);
    expect(other.net.calls.filter((x) => x.url.endsWith('/redirect-session'))).toEqual([]);
    expect(nav.assign).toHaveBeenCalledTimes(2);
  });

  it('on the callback page: checks the state, cleans the URL, goes back to the shopper’s page, which exchanges the code with the registered URI', async () => {
    const nav = navigation();
    const { net, c } = setup();
    const redirectUri = `${location.origin}/`;
    const returnTo = `${location.origin}/shop?x=1`;
    sessionStorage.setItem(
      'inlay.hosted.c',
      JSON.stringify({ state: 'st', codeVerifier: 'v'.repeat(43), redirectUri, returnTo }),
    );
    history.replaceState(null, '', '/#code=abc&state=st');
    expect(await completeHostedLogin(c)).toBeUndefined();
    expect(location.href).toBe(redirectUri); // the code left the address bar
    expect(nav.replace).toHaveBeenCalledWith(returnTo);
    expect(net.calls.filter((x) => x.url.endsWith('/oauth2/token'))).toEqual([]); // not exchanged here
    expect(c.tokens.isLoggedIn()).toBe(false);

    // the shopper's page: its loader exchanges the kept code
    history.replaceState(null, '', '/shop?x=1');
    const t = await completeHostedLogin(c);
    expect(t?.refreshToken.role).toBe('member');
    expect(c.tokens.isLoggedIn()).toBe(true); // memory token storage: exchanged on the page that keeps them
    expect(sessionStorage.getItem('inlay.hosted.c')).toBeNull();
    expect(net.calls.at(-1)!.body).toMatchObject({
      grantType: 'authorization_code',
      code: 'abc',
      codeVerifier: 'v'.repeat(43),
      redirectUri,
    });
    expect(nav.replace).toHaveBeenCalledTimes(1);
  });

  it('when the callback is the shopper’s page itself, the code is exchanged there and then', async () => {
    const nav = navigation();
    const { net, c } = setup();
    const redirectUri = `${location.origin}/`;
    sessionStorage.setItem(
      'inlay.hosted.c',
      JSON.stringify({ state: 'st', codeVerifier: 'v'.repeat(43), redirectUri, returnTo: redirectUri }),
    );
    history.replaceState(null, '', '/#code=abc&state=st');
    const t = await completeHostedLogin(c);
    expect(t?.refreshToken.role).toBe('member');
    expect(location.href).toBe(redirectUri);
    expect(nav.replace).not.toHaveBeenCalled();
    expect(net.calls.at(-1)!.body).toMatchObject({ grantType: 'authorization_code', code: 'abc', redirectUri });
  });

  it("a state that is not ours fails with 'Invalid _state' on the callback page (nothing kept, no navigation); a cancel goes back quietly; no pending login does nothing", async () => {
    const nav = navigation();
    const { c, net } = setup();
    const saved = {
      state: 'st',
      codeVerifier: 'v'.repeat(43),
      redirectUri: `${location.origin}/`,
      returnTo: `${location.origin}/shop`,
    };
    sessionStorage.setItem('inlay.hosted.c', JSON.stringify(saved));
    history.replaceState(null, '', '/#code=abc&state=forged');
    await expect(completeHostedLogin(c)).rejects.toThrow('Invalid _state');
    expect(location.hash).toBe('');
    expect(sessionStorage.getItem('inlay.hosted.c')).toBeNull();
    expect(nav.replace).not.toHaveBeenCalled();

    sessionStorage.setItem('inlay.hosted.c', JSON.stringify(saved));
    history.replaceState(null, '', '/#code=abc');
    await expect(completeHostedLogin(c)).rejects.toThrow('Missing code or _state');

    sessionStorage.setItem('inlay.hosted.c', JSON.stringify(saved));
    history.replaceState(null, '', '/#error=access_denied&state=st');
    expect(await completeHostedLogin(c)).toBeUndefined();
    expect(nav.replace).toHaveBeenCalledWith(saved.returnTo);
    expect(sessionStorage.getItem('inlay.hosted.c')).toBeNull();

    history.replaceState(null, '', '/#code=abc&state=st');
    expect(await completeHostedLogin(c)).toBeUndefined();
    expect(location.hash).toBe('#code=abc&state=st');
    expect(c.tokens.isLoggedIn()).toBe(false);
    expect(net.calls.filter((x) => x.url.endsWith('/oauth2/token'))).toEqual([]);
  });
});

describe('logout', () => {
  const member = (c: ReturnType<typeof setup>['c']) =>
    c.tokens.setMemberTokens({
      accessToken: { value: 'ma', expiresAt: 9e9 },
      refreshToken: { value: 'mr', role: 'member' },
    });

  it('asks for the logout session with the member token, drops the tokens, then visits the logout URL', async () => {
    const nav = navigation();
    const { net, c } = setup();
    member(c);
    let signedOutFirst: boolean | undefined;
    nav.assign.mockImplementation(() => void (signedOutFirst = c.tokens.role() === 'none'));
    history.replaceState(null, '', '/shop?x=1#top');
    await logout(c);
    const call = net.calls.find((x) => x.url.endsWith('/redirect-session'))!;
    expect(call.body).toEqual({
      logout: { clientId: 'c' },
      callbacks: { postFlowUrl: `${location.origin}/shop?x=1` },
    });
    expect(call.headers.Authorization).toBe('ma');
    expect(c.tokens.role()).toBe('none');
    expect(nav.assign).toHaveBeenCalledWith(LOGOUT_URL);
    expect(signedOutFirst).toBe(true);
  });

  it('offline: the tokens are still dropped, and the page stays', async () => {
    const nav = navigation();
    const { c } = setup({}, { offline: true });
    member(c);
    await logout(c);
    expect(c.tokens.role()).toBe('none');
    expect(nav.assign).not.toHaveBeenCalled();
  });
});
