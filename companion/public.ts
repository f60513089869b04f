/**
 * Public reads (docs/companion.md "Public reads"; issue 39): `POST /v1/public/reads`, the reads a page needs at start
 * that are the same for every visitor and member (core/api/public-reads.ts `isPublicRead`: the catalog, published
 * reviews and their counts, the recommendation algorithms and a recommendation), in one request to the shop's own
 * origin. Rule: public, no identity: the browser sends no token (none is read, none is forwarded, nor any cookie or
 * header of the browser's). The companion reads the platform AS A VISITOR, with its own anonymous token for the
 * site's client id (platform.ts `visitorToken`), never the admin identity, and keeps each 200 answer in its cache
 * (public-cache.ts: `INLAY_PUBLIC_MAX_AGE` fresh, then `INLAY_PUBLIC_STALE` served while renewed).
 *
 * The batch (≤ 32 reads, ≤ 64 KB, JSON sent as text/plain or without a type so a page on another origin needs no
 * preflight) is checked as a whole (400 in the platform's format); each read then answers in its own slot: 403
 * `NOT_PUBLIC` for one the table refuses (never sent to the platform), the platform's status and body otherwise, a
 * platform that does not answer 502 `PLATFORM_UNAVAILABLE` / 504 `PLATFORM_TIMEOUT` in that slot only.
 */
import { Hono } from 'hono';
import { InlayApiError } from '../core/errors.ts';
import { send } from '../core/http.ts';
import { isPublicRead, PUBLIC_READS_BYTES } from '../core/api/public-reads.ts';
import { readJson } from './body.ts';
import type { Env, Kit } from './context.ts';
import { CompanionError, forbidden, platformFailed } from './errors.ts';
import {
  canonical,
  createReadCache,
  MemoryStore,
  runtimeStore,
  type Answer,
  type AnswerStore,
} from './public-cache.ts';
import { parse, serve, wire } from './wire.ts';

/** How long one platform read may take before its slot answers 504. */
export const PUBLIC_READ_TIMEOUT_MS = 10_000;

export interface PublicDeps {
  /**
   * Where answers are kept, for a request on `origin`: default the runtime's cache when there is one (Workers
   * `caches.default`), else one bounded store in memory.
   */
  store?: (origin: string) => AnswerStore;
}

type Read = { method: 'GET' | 'POST'; path: string; body?: unknown };

const runtimeCache = (): Cache | undefined =>
  (globalThis as { caches?: { default?: Cache } }).caches?.default ?? undefined;

export function publicApp(kit: Kit, deps: PublicDeps = {}): Hono<Env> {
  const { cfg, platform, now, log } = kit;
  const { maxAgeMs, staleMs } = cfg.publicCache;
  const keepMs = maxAgeMs + staleMs;
  const memory = new MemoryStore({ maxEntries: 2000, maxBytes: 32 * 1024 * 1024, keepMs, now });
  const storeFor =
    deps.store ??
    ((origin: string) => {
      const cache = runtimeCache();
      return cache ? runtimeStore(cache, origin, keepMs) : memory;
    });
  const cache = createReadCache({ now, maxAgeMs, staleMs });
  const app = new Hono<Env>();
  const route = wire['POST /public/reads'];

  /** One read of the platform as the companion's visitor: its status and body, or a 502/504 of ours. */
  async function fromPlatform(r: Read, requestId: string, retried = false): Promise<Answer> {
    const failed = (e: CompanionError) => ({ status: e.status, body: e.body(requestId) });
    let token: string;
    try {
      token = await platform.visitorToken!();
    } catch (e) {
      log(`[companion] ${requestId} visitor token failed: ${e instanceof InlayApiError ? e.kind : 'error'}`);
      return failed(platformFailed());
    }
    try {
      const headers: Record<string, string> = { Authorization: token };
      if (r.body !== undefined) headers['Content-Type'] = 'application/json';
      const { res, data } = await send(
        kit.fetch,
        r.method,
        cfg.apiBase + r.path,
        headers,
        r.body,
        PUBLIC_READ_TIMEOUT_MS,
      );
      if (res.status === 401 && !retried) {
        // the visitor's session ended at the platform: a new one, once
        platform.dropVisitorToken(token);
        return fromPlatform(r, requestId, true);
      }
      // a body that is not JSON (a proxy's error page, a broken 200) is no platform answer
      if (typeof data !== 'object' || data === null) {
        log(`[companion] ${requestId} public read answered ${res.status} without JSON`);
        return failed(platformFailed());
      }
      return { status: res.status, body: data };
    } catch (e) {
      const timeout = e instanceof InlayApiError && e.kind === 'timeout';
      log(`[companion] ${requestId} public read failed: ${timeout ? 'timeout' : 'network'}`);
      return failed(
        timeout
          ? new CompanionError(504, 'PLATFORM_TIMEOUT', 'The platform did not answer in time; try again later')
          : platformFailed(),
      );
    }
  }

  // public: no guard (no identity); the body is read here, not by serve(), as it may come without a content type
  serve(app, { ...route, request: undefined }, [], async (c) => {
    const { reads } = parse(route.request, await readJson(c.req.raw, { limit: PUBLIC_READS_BYTES }));
    if (!platform.visitorToken)
      throw new CompanionError(
        503,
        'PUBLIC_READS_OFF',
        'Public reads need the site’s client id (INLAY_CLIENT_ID) for the companion’s visitor token',
      );
    const requestId = c.get('requestId');
    const ip = c.get('ip');
    const store = storeFor(new URL(c.req.url).origin);
    const background = (p: Promise<unknown>) => {
      try {
        c.executionCtx.waitUntil(p);
      } catch {
        // no execution context (Node): the promise runs on its own
      }
    };
    const answers = await Promise.all(
      reads.map(async (r): Promise<Answer> => {
        if (!isPublicRead(r.method, r.path, r.body)) {
          const e = forbidden('NOT_PUBLIC', `${r.method} ${r.path.split('?')[0]} is not a public read`);
          return { status: e.status, body: e.body(requestId) };
        }
        const key = `${r.method} ${r.path} ${canonical(r.body)}`;
        // a read the cache cannot answer costs the caller's address one of its platform reads (429 in its slot)
        const load = () =>
          kit.limit(`public:${ip}`, kit.limits.publicReads).then(
            () => fromPlatform(r, requestId),
            (e: unknown) => {
              if (!(e instanceof CompanionError)) throw e;
              return { status: e.status, body: e.body(requestId) };
            },
          );
        const { status, body } = await cache.read(store, key, load, background);
        return { status, body };
      }),
    );
    return c.json({ answers }, 200);
  });

  return app;
}
