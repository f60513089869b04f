/**
 * Member sign-in flows over redirect sessions (docs/spec/wire-protocol.md §2): silent sign-in in a hidden iframe after
 * a direct login, the hosted login page with a fragment callback on a registered redirect URI and back to the shopper's
 * page, logout through the platform's logout URL, and the member account page. Kept out of the core chunk: only the
 * login widget and `Inlay.session.login()/logout()` load it. Every sign-in carries this browser's back-in-stock
 * requests over to the member (`carryOver`).
 */
import type { InlayClient } from '../client.ts';
import { createPkce } from '../auth/pkce.ts';
import type { Tokens } from '../auth/tokens.ts';
import { redirectSession } from '../api/redirects.ts';
import { storageKey } from '../storage.ts';
import { carryOver } from './stock-carry.ts';
import {
  awaitWebMessage,
  callbackUri,
  dropHash,
  goBack,
  goTo,
  otherPageHere,
  pageHash,
  pageUrl,
  tabStorage,
} from './sign-in-page.ts';

type Client = Pick<InlayClient, 'config' | 'http' | 'tokens'>;

/**
 * A hosted page in the page's language: the platform appends `preferences.additionalQueryParameters` to the session's
 * URL, and its hosted pages read `lang` (docs/wire.md "Hosted pages' language").
 */
const inLanguage = (lang?: string) => (lang ? { preferences: { additionalQueryParameters: { lang } } } : {});

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
  const { code } = await awaitWebMessage(url, p.state, timeoutMs);
  return carryOver(c, () => c.tokens.exchangeCode({ code, codeVerifier: p.codeVerifier }));
}

export const hostedKey = (c: Client) => storageKey('hosted', c.config.clientId);

/** A hosted login in flight, in the tab's sessionStorage: its PKCE, where it returns, and the shopper's page. */
interface Pending {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  /** The page the shopper was on (without fragment): the sign-in ends there. */
  returnTo: string;
  /** The checked code, once the callback page has sent the tab back to `returnTo`. */
  code?: string;
}

/**
 * Go to the platform's hosted login page. It returns to the registered callback (`data-redirect-uri`, by default this
 * origin's home page) with `#code=…&state=…`; the loader there sends the tab back to this page, which exchanges it. In the page's language `lang` (`Inlay.session.login()`: the configured one).
 */
export async function startHostedLogin(c: Client, lang = c.config.locale): Promise<void> {
  const redirectUri = callbackUri(c.config.redirectUri);
  const p = await createPkce();
  const url = await redirectSession(c.http, {
    auth: { authRequest: authRequest(c, p, { responseMode: 'fragment', redirectUri }), prompt: 'login' },
    ...inLanguage(lang),
  });
  const pending: Pending = { state: p.state, codeVerifier: p.codeVerifier, redirectUri, returnTo: pageUrl() };
  tabStorage().setItem(hostedKey(c), JSON.stringify(pending));
  goTo(url);
}

/**
 * Finish a hosted login. On the callback page: read the fragment once (the URL is cleaned), check its state against
 * the stored one, and when the shopper started on another page, keep the code and go back there (undefined: the page
 * is leaving). On the shopper's page (or when the callback is that page): exchange the code with the registered
 * redirect URI, in whatever token storage the page uses. Resolves undefined when this is not a return or the person
 * cancelled (after going back).
 */
export async function completeHostedLogin(c: Client): Promise<Tokens | undefined> {
  const key = hostedKey(c);
  const raw = tabStorage().getItem(key);
  if (!raw) return undefined;
  const saved = JSON.parse(raw) as Pending;
  let code = saved.code;
  if (!code) {
    const params = new URLSearchParams(pageHash().slice(1));
    if (!(params.has('code') || params.has('state') || params.has('error'))) return undefined;
    tabStorage().removeItem(key);
    dropHash();
    const back = otherPageHere(saved.returnTo);
    if (params.get('error') === 'access_denied') return void (back && goBack(saved.returnTo));
    code = params.get('code') ?? undefined;
    const state = params.get('state');
    if (!code || !state) throw new Error('Missing code or _state');
    if (state !== saved.state) throw new Error('Invalid _state');
    if (back) {
      tabStorage().setItem(key, JSON.stringify({ ...saved, code }));
      return void goBack(saved.returnTo);
    }
  } else tabStorage().removeItem(key);
  const exchange = { code, codeVerifier: saved.codeVerifier, redirectUri: saved.redirectUri };
  return carryOver(c, () => c.tokens.exchangeCode(exchange));
}

/**
 * Sign out: the tokens are dropped here and, through storage, in every tab, then the browser visits the platform's
 * logout URL (a top-level navigation, docs/spec/wire-protocol.md §11.3), which ends the platform's session (its refresh
 * token stops working) and returns to this page. Offline, or when the platform refuses the logout session, the tokens
 * are still dropped locally and the page stays.
 */
export async function logout(c: Client): Promise<void> {
  let url: string | undefined;
  if (c.tokens.isLoggedIn()) {
    try {
      url = await redirectSession(c.http, {
        logout: { clientId: c.config.clientId },
        callbacks: { postFlowUrl: pageUrl() },
      });
    } catch {
      // the local sign-out below still happens
    }
  }
  await c.tokens.logout();
  if (url) goTo(url);
}

/** The hosted member account page for the signed-in member (comes back to this page), in `lang`. */
export const accountUrl = (c: Client, lang?: string) =>
  redirectSession(c.http, {
    memberAccountPage: { section: 'ACCOUNT_INFO' },
    callbacks: { postFlowUrl: pageUrl() },
    ...inLanguage(lang),
  });
