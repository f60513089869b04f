/**
 * Member sign-in flows over redirect sessions (wire-protocol §2): silent sign-in in a hidden iframe after a direct
 * login, the hosted login page with a fragment callback, logout, and the member account page. Kept out of the core
 * chunk: only the login widget and `Inlay.session.login()/logout()` load it. Every sign-in carries this browser's
 * back-in-stock requests over to the member (`carryOver`).
 */
import type { InlayClient } from '../client.ts';
import { SILENT_LOGIN_TIMEOUT_MS } from '../constants.ts';
import { createPkce } from '../auth/pkce.ts';
import type { Tokens } from '../auth/tokens.ts';
import { redirectSession } from '../api/redirects.ts';
import { carryOver } from './stock-carry.ts';

type Client = Pick<InlayClient, 'config' | 'http' | 'tokens'>;

const authRequest = (c: Client, p: { codeChallenge: string; state: string }, extra: Record<string, string>) => ({
  clientId: c.config.clientId,
  codeChallenge: p.codeChallenge,
  codeChallengeMethod: 'S256',
  responseType: 'code',
  scope: 'offline_access',
  state: p.state,
  ...extra,
});

/**
 * Wait for the authorize page in a hidden iframe to post `{code, state}`. Messages from any origin but the API's
 * are ignored; from it, a different state fails with 'Invalid _state', a missing code or state (e.g.
 * `{error: 'login_required'}`) with 'Missing code or _state'; no answer in time with 'OAuth flow timed out'.
 * The iframe and the listener are removed in every case.
 */
export function awaitWebMessage(url: string, state: string, origin: string, timeoutMs = SILENT_LOGIN_TIMEOUT_MS): Promise<{ code: string; state: string }> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
      fn();
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin) return;
      const d = (e.data ?? {}) as { code?: unknown; state?: unknown };
      if (typeof d.code !== 'string' || !d.code || typeof d.state !== 'string' || !d.state) {
        return finish(() => reject(new Error('Missing code or _state')));
      }
      if (d.state !== state) return finish(() => reject(new Error('Invalid _state')));
      finish(() => resolve({ code: d.code as string, state }));
    };
    const timer = setTimeout(() => finish(() => reject(new Error('OAuth flow timed out'))), timeoutMs);
    window.addEventListener('message', onMessage);
    frame.style.display = 'none';
    frame.tabIndex = -1;
    frame.title = 'sign-in';
    frame.setAttribute('aria-hidden', 'true');
    frame.src = url;
    document.body.append(frame);
  });
}

/** Turn a SUCCESS state's session token into member tokens: redirect session (prompt none, web_message) + iframe. */
export async function loginWithSessionToken(c: Client, sessionToken: string, timeoutMs?: number): Promise<Tokens> {
  const p = await createPkce();
  const url = await redirectSession(c.http, { auth: { authRequest: authRequest(c, p, { responseMode: 'web_message', sessionToken }), prompt: 'none' } });
  const { code } = await awaitWebMessage(url, p.state, new URL(c.config.apiBase).origin, timeoutMs);
  return carryOver(c, () => c.tokens.exchangeCode({ code, codeVerifier: p.codeVerifier }));
}

const hostedKey = (c: Client) => `inlay.hosted.${c.config.clientId}`;

/** Go to the platform's hosted login page; it comes back to this page with `#code=…&state=…`. */
export async function startHostedLogin(c: Client): Promise<void> {
  const p = await createPkce();
  const redirectUri = location.href.split('#')[0]!;
  const url = await redirectSession(c.http, { auth: { authRequest: authRequest(c, p, { responseMode: 'fragment', redirectUri }), prompt: 'login' } });
  sessionStorage.setItem(hostedKey(c), JSON.stringify({ state: p.state, codeVerifier: p.codeVerifier, redirectUri }));
  location.assign(url);
}

/**
 * Finish a hosted login on return: check the fragment's state against the stored one, exchange the code, and clean
 * the URL. Resolves undefined when this is not a return or the person cancelled.
 */
export async function completeHostedLogin(c: Client): Promise<Tokens | undefined> {
  const raw = sessionStorage.getItem(hostedKey(c));
  const params = new URLSearchParams(location.hash.slice(1));
  if (!raw || !(params.has('code') || params.has('state') || params.has('error'))) return undefined;
  sessionStorage.removeItem(hostedKey(c));
  history.replaceState(history.state, '', location.href.split('#')[0]);
  const saved = JSON.parse(raw) as { state: string; codeVerifier: string; redirectUri: string };
  if (params.get('error') === 'access_denied') return undefined;
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) throw new Error('Missing code or _state');
  if (state !== saved.state) throw new Error('Invalid _state');
  return carryOver(c, () => c.tokens.exchangeCode({ code, codeVerifier: saved.codeVerifier, redirectUri: saved.redirectUri }));
}

/**
 * Sign out: the platform ends this session (its refresh token stops working), then both tokens are dropped here and,
 * through storage, in every tab. Offline, the tokens are still dropped locally.
 */
export async function logout(c: Client): Promise<void> {
  if (c.tokens.isLoggedIn()) {
    try {
      await redirectSession(c.http, { logout: { clientId: c.config.clientId }, callbacks: { postFlowUrl: location.href.split('#')[0] } });
    } catch {
      // the local sign-out below still happens
    }
  }
  await c.tokens.logout();
}

/** The hosted member account page for the signed-in member (comes back to this page). */
export const accountUrl = (c: Client) =>
  redirectSession(c.http, { membersAccount: { section: 'ACCOUNT_INFO' }, callbacks: { postFlowUrl: location.href.split('#')[0] } });
