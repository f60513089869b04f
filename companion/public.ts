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
 * platform that does not answer 502 `PLATFORM_UNAVAILABLE` / 504 `PLATFORM_TIMEOUT` (5 s) in that slot only. After a
 * recommendation, `also` brings what the page will ask next (`anticipate`), if it is there within 1.5 s.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { InlayApiError } from '../core/errors.ts';
import { send, type Http } from '../core/http.ts';
import { ops } from '../core/urls.ts';
import { readProducts } from '../core/api/products.ts';
import { queryReviews } from '../core/api/reviews.ts';
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

/**
 * How long one platform read may take before its slot answers 504: under the page's own wait for a batch (7.5 s,
 * core/api/public-batch.ts), so one slow read costs its slot, not the page's whole batch.
 */
export const PUBLIC_READ_TIMEOUT_MS = 5_000;
/**
 * How long a batch's answer waits for its `also` once its own reads are answered; the reads not done by then go on in
 * the background and are kept for the page's own request.
 */
export const ALSO_WAIT_MS = 1_500;

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

/** The request a core builder sends (method, path, JSON body as it goes on the wire), built but not sent. */
async function requestOf(build: (http: Http) => Promise<unknown>): Promise<Read | undefined> {
  let got: Read | undefined;
  const http: Http = {
    request: (o) => {
      const method = o.method ?? 'GET';
      if ((method === 'GET' || method === 'POST') && !o.query)
        got = { method, path: o.path, ...(o.body === undefined ? {} : { body: JSON.parse(JSON.stringify(o.body)) }) };
      return Promise.reject(new Error('built, not sent'));
    },
  };
  await build(http).catch(() => undefined);
  return got;
}

const RECOMMENDATION = /^(?:\/ecom)?\/v1\/recommendations\/get$/;
const VERSION: Read = { method: 'GET', path: ops.catalogVersion.path };

/**
 * What a page will ask next after a recommendation (widgets/recommendations/model.ts `loadRecommendations`), built
 * with the core's own builders so each matches the page's request exactly: the carousel's one catalog query for the
 * recommended items (without the items asked about, as many as the recommendation was asked to fill; a cart's items
 * left out by the page make its query another one, which then simply is not used) and its cards' rating summaries
 * (core/reads/review-summary.ts: one reviews query of their reviews, for one item as for several). Each is read as any
 * public read (the cache first); the 200s are the batch's `also`, minus reads the batch already holds.
 */
async function anticipate(reads: Read[], answers: Answer[], answer: (r: Read) => Promise<Answer>): Promise<AlsoRead[]> {
  const next: Read[] = [];
  for (const [i, r] of reads.entries()) {
    const a = answers[i]!;
    if (r.method !== 'POST' || !RECOMMENDATION.test(r.path) || a.status !== 200) continue;
    const asked = r.body as { items?: { catalogItemId: string }[]; minimumRecommendedItems?: number };
    const skip = new Set((asked.items ?? []).map((x) => x.catalogItemId));
    const items = (a.body as { recommendation?: { items?: { catalogItemId?: unknown }[] } }).recommendation?.items;
    const limit = (asked.minimumRecommendedItems ?? 0) - skip.size;
    const ids = (items ?? [])
      .map((x) => x.catalogItemId)
      .filter((id): id is string => typeof id === 'string' && !skip.has(id))
      .slice(0, Math.max(0, limit));
    if (!ids.length) continue;
    const version = await answer(VERSION);
    if (version.status !== 200) continue;
    const catalog = (version.body as { catalogVersion?: unknown }).catalogVersion === 'V3_CATALOG' ? 'v3' : 'v1';
    const built = [
      requestOf((http) => readProducts(http, catalog, ids)),
      requestOf((http) => queryReviews(http, { filter: { namespace: 'stores', entityId: { $in: ids } }, limit: 100 })),
    ];
    for (const b of await Promise.all(built)) if (b) next.push(b);
  }
  const key = (r: Read) => `${r.method} ${r.path} ${canonical(r.body)}`;
  const have = new Set(reads.map(key));
  const wanted = [...new Map(next.filter((r) => !have.has(key(r))).map((r) => [key(r), r])).values()];
  const got = await Promise.all(wanted.map(answer));
  return wanted.flatMap((r, i) => {
    const a = got[i]!;
    return a.status === 200 ? [{ ...r, status: a.status, answer: a.body }] : [];
  });
}

/** A read the companion anticipated, with its answer (the page keeps it for its next identical request). */
type AlsoRead = Read & { status: number; answer: unknown };

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
  // a page's batch holds whole catalog and review pages (tens of KB of JSON): gzip or deflate when the page accepts
  // it, as the platform's own answers are (1 KB and more); on Workers the runtime's edge compresses what it sends
  const gzip = compress();
  app.use('/public/reads', (c, next) => (runtimeCache() ? next() : gzip(c, next)));

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
      if (res.status === 401) {
        // the visitor's session ended at the platform: a new one, once; refused again, it is the site's setup (the
        // client id), not the caller's token: 502, so no page takes it for its own session ending
        platform.dropVisitorToken(token);
        if (!retried) return fromPlatform(r, requestId, true);
        log(`[companion] ${requestId} the platform refused the companion's visitor token (401)`);
        return failed(platformFailed());
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
    /** One read: refused in its slot, or from the cache, or from the platform as the companion's visitor. */
    const answer = async (r: Read): Promise<Answer> => {
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
    };
    const answers = await Promise.all(reads.map(answer));
    const ahead = anticipate(reads, answers, answer).catch(() => []);
    background(ahead);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const also = await Promise.race([
      ahead,
      new Promise<AlsoRead[]>((done) => (timer = setTimeout(() => done([]), ALSO_WAIT_MS))),
    ]);
    clearTimeout(timer);
    return c.json(also.length ? { answers, also } : { answers }, 200);
  });

  return app;
}
