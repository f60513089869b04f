/**
 * The companion's calls to the platform, through core's own API layer (core/http.ts: timeout, platform error parsing,
 * zod; core/urls.ts: the operation table) rather than `@wix/sdk` (docs/companion.md "SDK or core"). Two kinds of caller:
 * the site's admin identity (a cached `client_credentials` token, or the API key with `wix-site-id`), and, for the
 * few calls made as the visitor or member (their own member record, a back-in-stock request), their own token.
 * Answers are checked loosely (`looseObject`) and relayed as the platform made them.
 */
import { z } from 'zod/mini';
import { createHttp, type Http } from '../core/http.ts';
import { ops } from '../core/urls.ts';
import type { CompanionConfig } from './config.ts';

/** The visitor uploads root folder (the Media API's `VISITOR_UPLOADS_ROOT`): where visitors' photos go. */
export const VISITOR_UPLOADS_FOLDER = 'visitor-uploads';

/** Admin token renewal margin: a cached token is replaced this long before it expires. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

export interface PlatformDeps {
  fetch: typeof fetch;
  now: () => number;
}

/** Retries of reads stay short on a server (a visitor is waiting): at most 250 ms apart. */
const shortSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, Math.min(ms, 250));
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

const tokenSchema = z.looseObject({ access_token: z.string(), expires_in: z.optional(z.number()) });

export interface Platform {
  /** As the site's admin identity. */
  admin: Http;
  /** As the holder of `token` (a visitor's or member's). */
  as(token: string): Http;
  /** Forget the cached admin token (after the platform refused it). */
  dropAdminToken(): void;
  /** The admin token currently cached (tests scan answers and logs for it). */
  adminTokenForScan(): string | undefined;
  /**
   * The companion's own anonymous visitor token for the site's client id (`grantType: anonymous`), cached and renewed
   * before it expires: what it reads public data with (public.ts), never the admin identity's, never a browser's.
   * Undefined when the companion knows no client id (an API key without INLAY_CLIENT_ID).
   */
  visitorToken?: () => Promise<string>;
  /** Forget `token` (the platform refused it: 401); the next {@link visitorToken} asks for a new one. */
  dropVisitorToken(token: string): void;
}

export function createPlatform(cfg: CompanionConfig, deps: PlatformDeps): Platform {
  const config = { apiBase: cfg.apiBase };
  let cached: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;

  // the token call itself: no token, JSON with the OAuth names (docs/spec/wire-protocol.md §11.6)
  const anonymous = createHttp({
    config,
    fetch: deps.fetch,
    getAccessToken: () => Promise.resolve(''),
    renewAfter401: () => Promise.resolve(false),
    sleep: shortSleep,
  });

  async function adminToken(): Promise<string> {
    if (cfg.admin.kind === 'api-key') return cfg.admin.apiKey;
    if (cached && cached.until > deps.now()) return cached.token;
    const { clientId, clientSecret } = cfg.admin;
    pending ??= anonymous
      .request({
        ...ops.token,
        auth: false,
        body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
        schema: tokenSchema,
      })
      .then((t) => {
        const ttlMs = (t.expires_in ?? 3600) * 1000;
        cached = { token: t.access_token, until: deps.now() + Math.max(ttlMs - RENEW_BEFORE_MS, ttlMs / 2) };
        return t.access_token;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  // the API key goes with the site's id (`wix-site-id`), only ever to the platform's own origin
  const apiOrigin = new URL(cfg.apiBase).origin;
  const siteId = cfg.admin.kind === 'api-key' ? cfg.admin.siteId : undefined;
  const adminFetch: typeof fetch = siteId
    ? (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (new URL(url).origin !== apiOrigin) return deps.fetch(input, init);
        const headers = new Headers(init?.headers);
        headers.set('wix-site-id', siteId);
        return deps.fetch(input, { ...init, headers });
      }
    : deps.fetch;

  const admin = createHttp({
    config,
    fetch: adminFetch,
    getAccessToken: adminToken,
    renewAfter401: () => {
      cached = undefined;
      return Promise.resolve(cfg.admin.kind === 'client-credentials');
    },
    sleep: shortSleep,
  });

  // the companion's own visitor: one anonymous grant at a time, renewed a minute (or half its life) before it ends
  let visitor: { token: string; until: number } | undefined;
  let visitorPending: Promise<string> | undefined;
  const clientId = cfg.clientId;
  const visitorToken = clientId
    ? (): Promise<string> => {
        if (visitor && visitor.until > deps.now()) return Promise.resolve(visitor.token);
        return (visitorPending ??= anonymous
          .request({
            ...ops.token,
            auth: false,
            body: { clientId, grantType: 'anonymous' },
            schema: tokenSchema,
          })
          .then((t) => {
            const ttlMs = (t.expires_in ?? 3600) * 1000;
            visitor = { token: t.access_token, until: deps.now() + Math.max(ttlMs - 60_000, ttlMs / 2) };
            return t.access_token;
          })
          .finally(() => {
            visitorPending = undefined;
          }));
      }
    : undefined;

  return {
    admin,
    ...(visitorToken ? { visitorToken } : {}),
    dropVisitorToken: (token) => {
      if (visitor?.token === token) visitor = undefined;
    },
    as: (token) =>
      createHttp({
        config,
        fetch: deps.fetch,
        getAccessToken: () => Promise.resolve(token),
        // a visitor's or member's token is theirs to renew: a 401 is answered 401
        renewAfter401: () => Promise.resolve(false),
        sleep: shortSleep,
      }),
    dropAdminToken: () => {
      cached = undefined;
    },
    adminTokenForScan: () => cached?.token,
  };
}
