/**
 * Member sign-in flows over redirect sessions (wire-protocol §2): silent sign-in in a hidden iframe after a direct
 * login, the hosted login page with a fragment callback, logout, and the member account page. Kept out of the core
 * chunk: only the login widget and `Inlay.session.login()/logout()` load it. Every sign-in carries this browser's
 * back-in-stock requests over to the member (`carryOver`).
 */
import type { InlayClient } from '../client.ts';
import { createPkce } from '../auth/pkce.ts';
import type { Tokens } from '../auth/tokens.ts';
import { redirectSession } from '../api/redirects.ts';
import { storageKey } from '../storage.ts';
import { carryOver } from './stock-carry.ts';
import { awaitWebMessage, dropHash, goTo, pageHash, pageUrl, tabStorage } from './sign-in-page.ts';

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

/** Turn a SUCCESS state's session token into member tokens: redirect session (prompt none, web_message) + iframe. */
export async function loginWithSessionToken(c: Client, sessionToken: string, timeoutMs?: number): Promise<Tokens> {
  const p = await createPkce();
  const url = await redirectSession(c.http, {
    auth: { authRequest: authRequest(c, p, { responseMode: 'web_message', sessionToken }), prompt: 'none' },
  });
  const { code } = await awaitWebMessage(url, p.state, new URL(c.config.apiBase).origin, timeoutMs);
  return carryOver(c, () => c.tokens.exchangeCode({ code, codeVerifier: p.codeVerifier }));
}

export const hostedKey = (c: Client) => storageKey('hosted', c.config.clientId);

/** Go to the platform's hosted login page; it comes back to this page with `#code=…&state=…`. */
export async function startHostedLogin(c: Client): Promise<void> {
  const p = await createPkce();
  const redirectUri = pageUrl();
  const url = await redirectSession(c.http, {
    auth: { authRequest: authRequest(c, p, { responseMode: 'fragment', redirectUri }), prompt: 'login' },
  });
  tabStorage().setItem(hostedKey(c), JSON.stringify({ state: p.state, codeVerifier: p.codeVerifier, redirectUri }));
  goTo(url);
}

/**
 * Finish a hosted login on return: check the fragment's state against the stored one, exchange the code, and clean
 * the URL. Resolves undefined when this is not a return or the person cancelled.
 */
export async function completeHostedLogin(c: Client): Promise<Tokens | undefined> {
  const raw = tabStorage().getItem(hostedKey(c));
  const params = new URLSearchParams(pageHash().slice(1));
  if (!raw || !(params.has('code') || params.has('state') || params.has('error'))) return undefined;
  tabStorage().removeItem(hostedKey(c));
  dropHash();
  const saved = JSON.parse(raw) as { state: string; codeVerifier: string; redirectUri: string };
  if (params.get('error') === 'access_denied') return undefined;
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) throw new Error('Missing code or _state');
  if (state !== saved.state) throw new Error('Invalid _state');
  return carryOver(c, () =>
    c.tokens.exchangeCode({ code, codeVerifier: saved.codeVerifier, redirectUri: saved.redirectUri }),
  );
}

/**
 * Sign out: the platform ends this session (its refresh token stops working), then both tokens are dropped here and,
 * through storage, in every tab. Offline, the tokens are still dropped locally.
 */
export async function logout(c: Client): Promise<void> {
  if (c.tokens.isLoggedIn()) {
    try {
      await redirectSession(c.http, { logout: { clientId: c.config.clientId }, callbacks: { postFlowUrl: pageUrl() } });
    } catch {
      // the local sign-out below still happens
    }
  }
  await c.tokens.logout();
}

/** The hosted member account page for the signed-in member (comes back to this page). */
export const accountUrl = (c: Client) =>
  redirectSession(c.http, { membersAccount: { section: 'ACCOUNT_INFO' }, callbacks: { postFlowUrl: pageUrl() } });
