import type { InlayConfig } from './config.ts';
import { createHttp, type Http, type HttpDeps } from './http.ts';
import { createI18n, type I18n } from './i18n/index.ts';
import { createTokenManager, type TokenManager, type TokenManagerOptions } from './auth/tokens.ts';
import { createQueryCache, type QueryCache } from './stores/query.ts';

/** A request the loader started before the core arrived (widgets/start.ts): its URL, JSON body and answer. */
export interface EarlyRequest {
  url: string;
  body: string;
  response: Promise<Response>;
}

/**
 * `f`, except that the first request for exactly `early`'s URL and body is answered by `early` (the same request, sent
 * sooner) instead of being sent again. The caller's abort signal (timeouts) still applies to it.
 */
export function adoptEarly(early: EarlyRequest, f: typeof fetch): typeof fetch {
  let pending: EarlyRequest | undefined = early;
  return (input, init) => {
    if (!pending || input !== pending.url || init?.method !== 'POST' || init.body !== pending.body) return f(input, init);
    const { response } = pending;
    pending = undefined;
    const signal = init.signal;
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      response.then(resolve, reject);
    });
  };
}

/** Injectable platform dependencies (tests, other hosts). */
export interface ClientDeps {
  fetch?: typeof fetch;
  /** The token request the loader already started, if any. */
  early?: EarlyRequest;
  storage?: Storage | null;
  locks?: TokenManagerOptions['locks'];
  events?: EventTarget | null;
  now?: () => number;
  sleep?: HttpDeps['sleep'];
  random?: () => number;
}

/** Everything the widgets share, built once per page from the configuration. */
export interface InlayClient {
  config: InlayConfig;
  http: Http;
  tokens: TokenManager;
  cache: QueryCache;
  i18n: I18n;
}

export function createClient(config: InlayConfig, deps: ClientDeps = {}): InlayClient {
  const tokens = createTokenManager({
    config,
    fetch: deps.early ? adoptEarly(deps.early, deps.fetch ?? globalThis.fetch.bind(globalThis)) : deps.fetch,
    storage: deps.storage,
    locks: deps.locks,
    events: deps.events,
    now: deps.now,
  });
  const http = createHttp({
    config,
    getAccessToken: () => tokens.getAccessToken(),
    // a member's request is not replayed as the visitor a failed renewal falls back to
    renewAfter401: async (rejected) => {
      const role = tokens.role();
      await tokens.forceRenew(rejected);
      return tokens.role() === role;
    },
    fetch: deps.fetch,
    sleep: deps.sleep,
    random: deps.random,
  });
  return { config, http, tokens, cache: createQueryCache(), i18n: createI18n(config.locale, { now: deps.now }) };
}
