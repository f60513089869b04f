import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client.ts';
import { parseConfig } from '../config.ts';
import { SILENT_LOGIN_TIMEOUT_MS } from '../constants.ts';
import { codeChallengeS256 } from '../auth/pkce.ts';
import { fakeFetch, json, memoryStorage } from '../../tests/helpers/fake-fetch.ts';
import { completeHostedLogin, loginWithSessionToken, logout } from './member-login.ts';
import { awaitWebMessage } from './sign-in-page.ts';

const API = 'https://api.test';
// happy-dom would otherwise try to load the iframe's page from the network
const happy = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM;
if (happy) Object.assign(happy.settings, { disableIframePageLoading: true, handleDisabledFileLoadingAsSuccess: true });
const FULL_URL = `${API}/oauth2/authorize?redirectSession=rs1`;

function setup() {
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
    if (call.url.endsWith('/redirect-session')) return json(200, { redirectSession: { id: 'rs1', fullUrl: FULL_URL } });
    return json(404, {});
  });
  const cfg = parseConfig({ clientId: 'c', apiBase: API, tokenStorage: 'memory' });
  if (!cfg.ok) throw new Error(cfg.error);
  const c = createClient(cfg.config, { fetch: net.fetch, storage: memoryStorage(), locks: null, events: null });
  return { net, c };
}

const frames = () => document.querySelectorAll('iframe');
const post = (data: unknown, origin = API) => window.dispatchEvent(new MessageEvent('message', { data, origin }));
/** Wait until the hidden iframe is in the page (after the redirect-session call). */
const frameShown = () => vi.waitUntil(() => frames().length === 1);

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('silent sign-in (prompt none, web_message, hidden iframe)', () => {
  it('asks for a redirect session without redirectUri, ignores other origins, exchanges the code with the PKCE verifier', async () => {
    const { net, c } = setup();
    const done = loginWithSessionToken(c, 'sess-1');
    await frameShown();
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
    const frame = frames()[0]!;
    expect(frame.getAttribute('src')).toBe(FULL_URL);
    expect(frame.style.display).toBe('none');

    // another origin, even with the right state, is not listened to
    post({ code: 'evil', state: auth.authRequest.state }, 'https://evil.example');
    await new Promise((r) => setTimeout(r, 10));
    expect(frames()).toHaveLength(1);

    post({ code: 'good-code', state: auth.authRequest.state });
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

  it("a wrong state from the API's origin fails with 'Invalid _state'; iframe and listener removed", async () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const p = awaitWebMessage(FULL_URL, 'sent-state', API);
    post({ code: 'c1', state: 'other-state' });
    await expect(p).rejects.toThrow('Invalid _state');
    expect(frames()).toHaveLength(0);
    expect(remove).toHaveBeenCalledWith('message', expect.any(Function));
  });

  it("login_required (no code) fails with 'Missing code or _state', as does a missing state", async () => {
    const a = awaitWebMessage(FULL_URL, 's', API);
    post({ error: 'login_required', state: 's' });
    await expect(a).rejects.toThrow('Missing code or _state');
    const b = awaitWebMessage(FULL_URL, 's', API);
    post({ code: 'x' });
    await expect(b).rejects.toThrow('Missing code or _state');
    expect(frames()).toHaveLength(0);
  });

  it("gives up after 120000 ms with 'OAuth flow timed out'", async () => {
    vi.useFakeTimers();
    const p = awaitWebMessage(FULL_URL, 's', API);
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

describe('hosted login return (fragment)', () => {
  it('checks the state, exchanges the code with the redirectUri and cleans the URL', async () => {
    const { net, c } = setup();
    history.replaceState(null, '', '/shop?x=1');
    const redirectUri = location.href;
    sessionStorage.setItem(
      'inlay.hosted.c',
      JSON.stringify({ state: 'st', codeVerifier: 'v'.repeat(43), redirectUri }),
    );
    history.replaceState(null, '', '/shop?x=1#code=abc&state=st');
    const t = await completeHostedLogin(c);
    expect(t?.refreshToken.role).toBe('member');
    expect(location.href).toBe(redirectUri);
    expect(sessionStorage.getItem('inlay.hosted.c')).toBeNull();
    expect(net.calls.at(-1)!.body).toMatchObject({
      grantType: 'authorization_code',
      code: 'abc',
      codeVerifier: 'v'.repeat(43),
      redirectUri,
    });
  });

  it("a state that is not ours fails with 'Invalid _state'; a cancel is quiet; no pending login does nothing", async () => {
    const { c } = setup();
    sessionStorage.setItem(
      'inlay.hosted.c',
      JSON.stringify({ state: 'st', codeVerifier: 'v'.repeat(43), redirectUri: 'x' }),
    );
    history.replaceState(null, '', '/shop#code=abc&state=forged');
    await expect(completeHostedLogin(c)).rejects.toThrow('Invalid _state');
    expect(location.hash).toBe('');
    sessionStorage.setItem(
      'inlay.hosted.c',
      JSON.stringify({ state: 'st', codeVerifier: 'v'.repeat(43), redirectUri: 'x' }),
    );
    history.replaceState(null, '', '/shop#error=access_denied&state=st');
    expect(await completeHostedLogin(c)).toBeUndefined();
    history.replaceState(null, '', '/shop#code=abc&state=st');
    expect(await completeHostedLogin(c)).toBeUndefined();
    expect(location.hash).toBe('#code=abc&state=st');
    expect(c.tokens.isLoggedIn()).toBe(false);
  });
});

describe('logout', () => {
  it('asks the platform to end the session, then drops the tokens (also when offline)', async () => {
    const { net, c } = setup();
    c.tokens.setMemberTokens({
      accessToken: { value: 'ma', expiresAt: 9e9 },
      refreshToken: { value: 'mr', role: 'member' },
    });
    await logout(c);
    const call = net.calls.find((x) => x.url.endsWith('/redirect-session'))!;
    expect(call.body).toMatchObject({
      logout: { clientId: 'c' },
      callbacks: { postFlowUrl: expect.stringMatching(/^http/) },
    });
    expect(call.headers.Authorization).toBe('ma');
    expect(c.tokens.role()).toBe('none');
  });
});
