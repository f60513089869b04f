import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { InlayConfig } from './config.ts';
import { createHttp, type Http, type HttpDeps } from './http.ts';
import { createI18n, type I18n } from './i18n/index.ts';
import { createTokenManager, type TokenManager, type TokenManagerOptions } from './auth/tokens.ts';
import { createQueryCache, type QueryCache } from './cache/query.ts';
import { createPersistedStore, hashId } from './cache/persisted.ts';
import { webStorage } from './storage.ts';

/** A read the loader sent with its early token (widgets/start.ts `EARLY_READS`): that token, and the answer. */
export interface EarlyRead {
  auth: string;
  response: Promise<Response>;
}

/**
 * A request the loader started before the core arrived (widgets/start.ts): its URL, JSON body and answer; and the
 * reads it sends once that answer is in: their URLs at once, each one's token and answer when sent.
 */
export interface EarlyRequest {
  url: string;
  body: string;
  response: Promise<Response>;
  reads?: { urls: string[]; sent: Promise<Record<string, EarlyRead>> };
}

/** `response` for the caller, who may still abort it (its timeout). */
function answer(response: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal?.removeEventListener('abort', onAbort));
  });
}

/**
 * `f`, except that the first request for exactly `early`'s URL and body is answered by `early` (the same request, sent
 * sooner) instead of being sent again; and so is the first GET of each of its reads' URLs made with the token the
 * read was sent with. Once the token's answer is in, that GET waits for the loader to have sent the read (a moment:
 * the answer's body is read); before it, the token the GET carries cannot be the loader's, so it goes at once, as does
 * every other request. The caller's abort signal (timeouts) still applies to them.
 */
export function adoptEarly(early: EarlyRequest, f: typeof fetch): typeof fetch {
  let pending: EarlyRequest | undefined = early;
  const reads = new Set(early.reads?.urls);
  let answered = false;
  early.response.then(
    () => (answered = true),
    () => (answered = true),
  );
  return (input, init) => {
    if (typeof input === 'string' && init?.method === 'GET' && reads.delete(input) && answered) {
      const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
      return answer(
        early.reads!.sent.then((sent) => {
          const read = sent[input];
          return read && read.auth === auth ? read.response : f(input, init);
        }),
        init.signal,
      );
    }
    if (!pending || input !== pending.url || init?.method !== 'POST' || init.body !== pending.body)
      return f(input, init);
    const { response } = pending;
    pending = undefined;
    return answer(response, init.signal);
  };
}

/**
 * Whether the platform answers this page: `unknown` until the first answer; `ok` once any request got one (an error
 * status is an answer too); `blocked` when the first two requests got none while the browser said it was online. A
 * page whose origin the OAuth app does not allow gets no CORS answer at all, so that is the likely cause.
 */
export type Reach = 'unknown' | 'ok' | 'blocked';

/** `f`, counting its answers into `$reach` (see {@link Reach}). Only a fetch's own network failure (TypeError) counts. */
function watchReach(f: typeof fetch, $reach: WritableAtom<Reach>, online: () => boolean): typeof fetch {
  let failed = 0;
  return (input, init) =>
    f(input, init).then(
      (r) => ($reach.set('ok'), r),
      (e: unknown) => {
        if (e instanceof TypeError && $reach.get() !== 'ok' && online() && ++failed > 1) $reach.set('blocked');
        throw e;
      },
    );
}

/** Injectable platform dependencies (tests, other hosts). */
export interface ClientDeps {
  fetch?: typeof fetch;
  /** The token request the loader already started, if any. */
  early?: EarlyRequest;
  storage?: Storage | null;
  /** Where reads are kept across page loads; `null` for nowhere. Default: localStorage unless tokens are in memory. */
  cacheStorage?: Storage | null;
  locks?: TokenManagerOptions['locks'];
  events?: EventTarget | null;
  now?: () => number;
  sleep?: HttpDeps['sleep'];
  random?: () => number;
  /** Whether the browser says it is online (`navigator.onLine`); default: always. */
  online?: () => boolean;
  /** Where a read may go instead of the platform (with a site companion: core/api/public-batch.ts, set by boot). */
  route?: HttpDeps['route'];
  /** The page's origin (`location.origin`): reads sent together wait for the first's preflight (core/http.ts). */
  pageOrigin?: string;
}

/** Everything the widgets share, built once per page from the configuration. */
export interface InlayClient {
  config: InlayConfig;
  http: Http;
  tokens: TokenManager;
  cache: QueryCache;
  i18n: I18n;
  /** Whether the platform answers this page (see {@link Reach}). */
  $reach: ReadableAtom<Reach>;
  /** The page's fetch (injected in tests), for calls to another server than the platform (the site companion). */
  fetch: typeof fetch;
}

export function createClient(config: InlayConfig, deps: ClientDeps = {}): InlayClient {
  const $reach = atom<Reach>('unknown');
  // looked up at each call, as the token manager and http do without an injected fetch
  const base: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const fetch = watchReach(deps.early ? adoptEarly(deps.early, base) : base, $reach, deps.online ?? (() => true));
  const tokens = createTokenManager({
    config,
    fetch,
    storage: deps.storage,
    locks: deps.locks,
    sent: !!deps.early,
    events: deps.events,
    now: deps.now,
  });
  const http = createHttp({
    ...deps, // sleep, random, pageOrigin, route
    config,
    getAccessToken: () => tokens.getAccessToken(),
    // a member's request is not replayed as the visitor a failed renewal falls back to
    renewAfter401: async (rejected) => {
      const role = tokens.role();
      await tokens.forceRenew(rejected);
      return tokens.role() === role;
    },
    fetch,
  });
  // Persisted reads belong to an identity: the session's refresh token (stable across renewals), hashed. Tokens
  // kept in memory start a new identity on every page load, so nothing would ever be reused: no storage then.
  const storage =
    deps.cacheStorage !== undefined
      ? deps.cacheStorage
      : deps.storage === null || config.tokenStorage === 'memory'
        ? null
        : webStorage();
  const identity = () => {
    const r = tokens.getTokens()?.refreshToken;
    return r?.value && r.role !== 'none' ? `${r.role[0]}${hashId(r.value)}` : undefined;
  };
  const persisted = storage
    ? createPersistedStore({ storage, clientId: config.clientId, identity, now: deps.now })
    : undefined;
  if (persisted) {
    // sign-out, sign-in or an ended session: the previous identity's copies are never read again, so they go
    let last = identity();
    tokens.subscribe(() => {
      const id = identity();
      if (last && id !== last) persisted.forget(last);
      last = id;
    });
  }
  return {
    config,
    http,
    tokens,
    cache: createQueryCache({ now: deps.now, persisted }),
    i18n: createI18n(config.locale, { now: deps.now }),
    $reach,
    fetch: base,
  };
}
