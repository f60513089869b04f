import * as z from 'zod/mini';
import type { InlayConfig } from '../config.ts';
import { TOKEN_SKEW_S } from '../constants.ts';
import { InlayApiError, noAnswer } from '../errors.ts';
import { requestTokens, type TokenRequest, type TokenResponse } from './token-request.ts';
import { storageEvents, storageKey, webLocks, webStorage, type LockManagerLike } from '../storage.ts';

/** Token roles (docs/spec/platform-client.md §6): none, visitor (anonymous), member. */
export type Role = 'none' | 'visitor' | 'member';

/** Client-side tokens, shaped like the SDK's. `expiresAt` is in seconds. */
export interface Tokens {
  accessToken: { value: string; expiresAt: number };
  refreshToken: { value: string; role: Role };
}

/** A minimal `storage` event (key and new value; `storageArea` when the browser gives it). */
export interface StorageEventLike {
  key: string | null;
  newValue: string | null;
  storageArea?: unknown;
}

export interface TokenManagerOptions {
  config: Pick<InlayConfig, 'clientId' | 'apiBase' | 'tokenStorage'>;
  fetch?: typeof fetch;
  /** Overrides the storage chosen by `config.tokenStorage`; `null` keeps tokens in memory only. */
  storage?: Storage | null;
  /** Milliseconds clock. */
  now?: () => number;
  /** Cross-tab lock; defaults to `navigator.locks`; `null` for none. */
  locks?: LockManagerLike | null;
  /**
   * The page already sent the anonymous grant (the loader's early token request, adopted by `fetch`): the first
   * renewal with no tokens held or stored takes no lock. The lock makes two tabs share one request; this one is
   * already made, so waiting for the lock (its grant is a task queued behind the chunks' evaluation, ≈ 0.25 s on a
   * slow phone) would only delay the page's first platform read. Two tabs opened at once that both renewed this way
   * end on the tokens written last: each adopts what storage holds when the other's `storage` event arrives.
   */
  sent?: boolean;
  /** Where `storage` events arrive; defaults to `window` when tokens live in localStorage. */
  events?: EventTarget | null;
}

export interface TokenManager {
  /** A valid access token, renewing (once, shared) when missing or about to expire. */
  getAccessToken(): Promise<string>;
  /** Renew after a 401. `rejected` is the token that was refused: if the current one differs, it is used as is. */
  forceRenew(rejected?: string): Promise<string>;
  /** Current tokens (never log them). */
  getTokens(): Tokens | undefined;
  role(): Role;
  /**
   * True while the tokens are a visitor's minted by an anonymous grant in this page (the loader's early one included):
   * an identity that new has no cart or other data yet. False for stored or adopted tokens, a member, after a refresh.
   */
  minted(): boolean;
  /** True when holding a member refresh token. */
  isLoggedIn(): boolean;
  setMemberTokens(tokens: Tokens): void;
  /** The authorization_code exchange (PKCE): member tokens, stored and announced. */
  exchangeCode(args: { code: string; codeVerifier: string; redirectUri?: string }): Promise<Tokens>;
  /** Drop both tokens here and in storage (other tabs follow); role becomes none. */
  logout(): Promise<void>;
  /** Called after every change (renewal, login, logout, another tab). */
  subscribe(fn: (tokens: Tokens | undefined) => void): () => void;
  /** Stop listening to other tabs. */
  destroy(): void;
}

const storedSchema = z.object({
  accessToken: z.object({ value: z.string(), expiresAt: z.number() }),
  refreshToken: z.object({ value: z.string(), role: z.enum(['none', 'visitor', 'member']) }),
});

/** Storage key of a client's tokens. */
export const tokenStorageKey = (clientId: string) => storageKey('tokens', clientId);
/** Web Locks name serialising renewals of a client's tokens across tabs. */
export const tokenLockName = (clientId: string) => `inlay-tokens-${clientId}`;

function parseStored(raw: string | null | undefined): Tokens | undefined {
  if (!raw) return undefined;
  try {
    const r = storedSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The visitor/member token lifecycle (docs/spec/platform-client.md §4, Tokens; docs/spec/wire-protocol.md §1).
 * Renewal: refresh token first; when the server refuses it (any answer that is not a network error or timeout),
 * a new anonymous visitor session. One renewal at a time: an in-page shared promise plus a Web Lock across tabs,
 * inside which storage is re-read so a renewal another tab just made is adopted instead of repeated.
 * Access tokens are renewed `TOKEN_SKEW_S` (30 s) before `expiresAt`.
 */
export function createTokenManager(opts: TokenManagerOptions): TokenManager {
  const { clientId, apiBase } = opts.config;
  const storage = opts.storage !== undefined ? opts.storage : webStorage(opts.config.tokenStorage);
  const locks = opts.locks !== undefined ? opts.locks : webLocks();
  const now = opts.now ?? Date.now;
  const key = tokenStorageKey(clientId);
  const listeners = new Set<(t: Tokens | undefined) => void>();
  let inflight: Promise<Tokens> | undefined;
  let tokens: Tokens | undefined;
  // the tokens this page's last anonymous grant returned (`minted`: while they are the current ones)
  let mint: Tokens | undefined;
  // Bumped by login, logout and other tabs' writes: a renewal that raced with one of them must not overwrite it.
  let generation = 0;

  const read = (): Tokens | undefined => {
    try {
      return parseStored(storage?.getItem(key));
    } catch {
      return undefined;
    }
  };
  const write = (t: Tokens | undefined) => {
    try {
      if (t) storage?.setItem(key, JSON.stringify(t));
      else storage?.removeItem(key);
    } catch {
      // Quota or private mode: memory stays the source of truth for this page.
    }
  };
  const notify = () => {
    for (const fn of listeners) fn(tokens);
  };
  const set = (t: Tokens | undefined, persist = true) => {
    tokens = t;
    if (persist) write(t);
    notify();
  };
  const replace = (t: Tokens | undefined, persist = true) => {
    generation++;
    set(t, persist);
  };

  tokens = read();
  const fresh = (t: Tokens | undefined): t is Tokens =>
    !!t?.accessToken.value && t.accessToken.expiresAt - TOKEN_SKEW_S > Math.floor(now() / 1000);

  const toTokens = (r: TokenResponse, role: Role, previousRefresh?: string): Tokens => ({
    accessToken: { value: r.access_token, expiresAt: Math.floor(now() / 1000) + r.expires_in },
    refreshToken: { value: r.refresh_token || previousRefresh || '', role },
  });
  const grant = (req: TokenRequest) => requestTokens({ apiBase, clientId, fetch: opts.fetch }, req);

  async function renewLocked(rejected: string | undefined): Promise<Tokens> {
    const started = generation;
    // Storage first: another tab may have renewed while we waited for the lock.
    const current = read() ?? tokens;
    if (fresh(current) && current.accessToken.value !== rejected) {
      if (current.accessToken.value !== tokens?.accessToken.value) set(current, false);
      return current;
    }
    let next: Tokens | undefined;
    const refresh = current?.refreshToken;
    if (refresh?.value && refresh.role !== 'none') {
      try {
        next = toTokens(
          await grant({ grantType: 'refresh_token', refreshToken: refresh.value }),
          refresh.role,
          refresh.value,
        );
      } catch (e) {
        // Offline or timed out: a new visitor would fail too, and a member must not be signed out by a blip.
        if (e instanceof InlayApiError && noAnswer(e)) throw e;
      }
    }
    next ??= mint = toTokens(await grant({ grantType: 'anonymous' }), 'visitor');
    if (generation !== started) return fresh(tokens) ? tokens : renewLocked(undefined);
    set(next);
    return next;
  }

  let sent = opts.sent;
  function renew(rejected?: string): Promise<Tokens> {
    if (inflight) return inflight;
    const unlocked = sent && !tokens && !read();
    sent = false;
    inflight = (
      locks && !unlocked ? locks.request(tokenLockName(clientId), () => renewLocked(rejected)) : renewLocked(rejected)
    ).finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  const onStorage = (e: Event) => {
    const ev = e as unknown as StorageEventLike;
    if (ev.key !== key || (ev.storageArea != null && ev.storageArea !== storage)) return;
    // what storage holds now, not the event's value: two tabs that wrote one after the other (neither holding the
    // lock) each hear the other's write late, and adopting those values would swap their tokens; storage is the
    // last write, so both end on it
    replace(read(), false);
  };
  const events = opts.events !== undefined ? opts.events : storageEvents(storage);
  events?.addEventListener('storage', onStorage);

  return {
    async getAccessToken() {
      return fresh(tokens) ? tokens.accessToken.value : (await renew()).accessToken.value;
    },
    async forceRenew(rejected = tokens?.accessToken.value ?? '') {
      if (fresh(tokens) && tokens.accessToken.value !== rejected) return tokens.accessToken.value;
      let t = await renew(rejected);
      // Joined a plain renewal that kept the refused token: renew once more, this time excluding it.
      if (t.accessToken.value === rejected) t = await renew(rejected);
      return t.accessToken.value;
    },
    getTokens: () => tokens,
    role: () => tokens?.refreshToken.role ?? 'none',
    minted: () => !!tokens && tokens === mint,
    isLoggedIn: () => tokens?.refreshToken.role === 'member',
    setMemberTokens: (t) =>
      replace({ accessToken: { ...t.accessToken }, refreshToken: { ...t.refreshToken, role: 'member' } }),
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const r = await grant({
        grantType: 'authorization_code',
        code,
        codeVerifier,
        ...(redirectUri ? { redirectUri } : {}),
      });
      const t = toTokens(r, 'member');
      replace(t);
      return t;
    },
    logout: async () => replace(undefined),
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    destroy: () => events?.removeEventListener('storage', onStorage),
  };
}
