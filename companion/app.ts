/**
 * The site companion (issue 16): one web-standard handler, `(Request) => Promise<Response>`, built with Hono, that
 * does for the widgets what a browser may not: the calls that need the site's admin identity, each behind its own
 * rule (an allow-list, never a proxy). Contract: docs/companion.md; runs unchanged on Node (companion/node.ts),
 * Cloudflare Workers (companion/worker.ts), Deno, Vercel and Netlify functions.
 *
 * No Node-only API in this folder except node.ts (eslint.config.js enforces it).
 */
import { Hono, type Context } from 'hono';
import { createChallenge, verifySolution } from 'altcha-lib';
import { z as zm } from 'zod/mini';
import { addressBucket } from '../core/address.ts';
import { InlayApiError } from '../core/errors.ts';
import type { RequestOptions } from '../core/http.ts';
import { api, route } from '../core/urls.ts';
import { readLimited, PHOTO_LIMIT_BYTES } from './body.ts';
import { readConfig, type CompanionConfig, type CompanionEnv } from './config.ts';
import { MemoryCounterStore, type CounterStore } from './counters.ts';
import {
  badRequest,
  CompanionError,
  forbidden,
  notFound,
  platformFailed,
  tooLarge,
  tooMany,
  unsupportedType,
} from './errors.ts';
import { createIdentityVerifier, type Caller } from './identity.ts';
import { IMAGE_TYPES, sniffImage, type ImageType } from './image.ts';
import { mountAccount } from './account.ts';
import { mountAdminOrders } from './admin-orders.ts';
import { mailerFromEnv, mountAdminAbandoned, type RecoveryMailer } from './admin-abandoned.ts';
import { mountAdminPayments } from './admin-payments.ts';
import { captchaKey, createCursorSeals, createHandles, sha256Hex } from './keys.ts';
import { createPlatform, PATHS, VISITOR_UPLOADS_FOLDER } from './platform.ts';
import { bodyOf, parse, serve, wire } from './wire.ts';

/** Rate limits: `[count, windowMs]` per key. */
export interface Limits {
  /** Every request, per client address. */
  perIp: [number, number];
  /** Every request with a token, per visitor or member. */
  perVisitor: [number, number];
  /** Captcha challenges, per client address. */
  challenges: [number, number];
  /** Visitor reviews, per visitor. */
  reviews: [number, number];
  /** Photo uploads, per visitor or member. */
  photos: [number, number];
  /** New back-in-stock requests, per visitor or member. */
  stockRequests: [number, number];
  /**
   * Photo uploads and new back-in-stock requests, per client address: a visitor token costs nothing (the anonymous
   * grant), so a per-visitor limit alone is dodged by asking for a new one.
   */
  writesPerIp: [number, number];
}

export const DEFAULT_LIMITS: Limits = {
  perIp: [300, 60_000],
  perVisitor: [120, 60_000],
  challenges: [30, 60_000],
  reviews: [5, 10 * 60_000],
  photos: [30, 10 * 60_000],
  stockRequests: [20, 10 * 60_000],
  writesPerIp: [60, 10 * 60_000],
};

export interface CompanionDeps {
  /** Counters for rate limits and used captchas; memory (one process) by default. */
  counters?: CounterStore;
  fetch?: typeof fetch;
  now?: () => number;
  /** Overrides of {@link DEFAULT_LIMITS}, read on every request (a test may change them while it runs). */
  limits?: Partial<Limits>;
  /** One line per request and per failure; never a header, body or token. Default `console.log`. */
  log?: (line: string) => void;
  /** ALTCHA work: the challenge's `maxnumber` (default 50 000). */
  captchaMaxNumber?: number;
  /** The site's mail service for recovery emails (admin-abandoned.ts); default `INLAY_MAIL_URL`'s, else none. */
  sendMail?: RecoveryMailer;
}

/**
 * What the handler takes besides the request: the client's address, as the runtime knows it (Node: the socket's
 * peer; Workers on Cloudflare: CF-Connecting-IP). Without one, and without INLAY_CLIENT_IP_HEADER, every request is
 * refused 500 `CLIENT_ADDRESS_UNKNOWN`: the per-address limits would otherwise put every caller in one bucket.
 */
export interface RequestInfo {
  ip?: string;
}

export interface Companion {
  fetch(req: Request, info?: RequestInfo): Promise<Response>;
  config: CompanionConfig;
  /** Every route it answers, as `METHOD /path` with Hono's `:param`s (tests walk them). */
  routes(): string[];
}

const CAPTCHA_TTL_MS = 10 * 60_000;
/** A review's id in a path: no `.` or `..` alone (a dot segment would climb the platform's path). */
const ID = zm.string().check(zm.minLength(1), zm.maxLength(100), zm.regex(/^(?!\.{1,2}$)[A-Za-z0-9._:-]+$/));
const captchaPayload = zm.strictObject({
  algorithm: zm.literal('SHA-256'),
  challenge: zm.string().check(zm.regex(/^[0-9a-f]{64}$/)),
  number: zm.number().check(zm.int(), zm.gte(0)),
  salt: zm.string().check(zm.minLength(1), zm.maxLength(500)),
  signature: zm.string().check(zm.regex(/^[0-9a-f]{64}$/)),
});

/** A platform failure as the companion's answer: its refusals relayed (code, text), its outages a 502. */
function relay(e: unknown, log: (l: string) => void, what: string): never {
  if (e instanceof CompanionError) throw e;
  if (!(e instanceof InlayApiError)) throw e;
  if (e.kind !== 'http' || e.status >= 500) {
    log(`[companion] platform ${what} failed: ${e.kind} ${e.status || ''}`.trim());
    throw platformFailed();
  }
  if (e.status === 401 || e.status === 403) {
    // our own identity was refused: the site's setup, not the caller's doing
    log(`[companion] platform refused the admin identity for ${what} (${e.status})`);
    throw platformFailed();
  }
  if (e.status === 429) throw tooMany(30);
  if (e.status === 413) throw tooLarge('FILE_TOO_LARGE', PHOTO_LIMIT_BYTES);
  const code = e.applicationError?.code ?? String(e.status);
  const violations = e.fieldViolations?.map((v) => ({
    field: v.field,
    description: v.description,
    violatedRule: v.violatedRule,
  }));
  throw new CompanionError(e.status, code, e.message, {
    ...(violations?.length ? { fieldViolations: violations } : {}),
    ...(e.applicationError?.description ? { description: e.applicationError.description } : {}),
  });
}

/**
 * The client address in a proxy's header value: the right-most entry of a list (the one the proxy appended, as it saw
 * the peer), an IPv4 or IPv6 address, a port dropped. Anything else is no address.
 */
export function addressIn(value: string | undefined): string | undefined {
  const last = value?.split(',').at(-1)?.trim() ?? '';
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?$/.exec(last);
  if (v4) return v4[1];
  const v6 = /^\[([0-9A-Fa-f:.]{2,45})\](?::\d{1,5})?$/.exec(last)?.[1] ?? last;
  return /^[0-9A-Fa-f:.]{2,45}$/.test(v6) && v6.includes(':') ? v6.toLowerCase() : undefined;
}

const loose = zm.looseObject({});
const reviewAnswer = zm.looseObject({ review: zm.looseObject({ id: zm.string() }) });
const stockAnswer = zm.looseObject({ request: zm.looseObject({ id: zm.string() }) });
const contactAnswer = zm.looseObject({ contact: zm.looseObject({ id: zm.string() }) });
const contactsAnswer = zm.looseObject({
  contacts: zm.array(
    zm.looseObject({
      id: zm.string(),
      info: zm.optional(
        zm.looseObject({
          extendedFields: zm.optional(zm.looseObject({ items: zm.optional(zm.record(zm.string(), zm.unknown())) })),
        }),
      ),
    }),
  ),
});
const reviewsPage = zm.looseObject({
  reviews: zm.array(zm.looseObject({ id: zm.string() })),
  metadata: zm.optional(
    zm.looseObject({ cursors: zm.optional(zm.looseObject({ next: zm.optional(zm.nullable(zm.string())) })) }),
  ),
});
const uploadUrlAnswer = zm.looseObject({ uploadUrl: zm.string() });
const uploadAnswer = zm.looseObject({
  file: zm.looseObject({
    id: zm.string(),
    url: zm.string(),
    media: zm.optional(
      zm.looseObject({
        image: zm.optional(
          zm.looseObject({
            image: zm.optional(zm.looseObject({ width: zm.optional(zm.number()), height: zm.optional(zm.number()) })),
          }),
        ),
      }),
    ),
  }),
});

/** Build the companion from its environment (throws CompanionConfigError at once when it is wrong). */
export function createCompanion(env: CompanionEnv, deps: CompanionDeps = {}): Companion {
  const cfg = readConfig(env);
  const now = deps.now ?? Date.now;
  const fetchImpl = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const counters = deps.counters ?? new MemoryCounterStore({ now });
  const limits = new Proxy({} as Limits, {
    get: (_, key: keyof Limits) => deps.limits?.[key] ?? DEFAULT_LIMITS[key],
  });
  const secrets = [cfg.secret];
  const platform = createPlatform(cfg, { fetch: fetchImpl, now });
  // a log line never carries a secret or the admin token, whatever a message may hold
  const redact = (line: string) => {
    let out = line;
    for (const s of [...secrets, platform.adminTokenForScan()]) if (s) out = out.split(s).join('[redacted]');
    return out;
  };
  const rawLog = deps.log ?? ((line: string) => console.log(line));
  const log = (line: string) => rawLog(redact(line));
  const identities = createIdentityVerifier(cfg, platform, now);
  const keys = Promise.all([createHandles(cfg.secret), captchaKey(cfg.secret)]);
  const maxNumber = deps.captchaMaxNumber ?? 50_000;

  type Env = { Bindings: { ip?: string }; Variables: { requestId: string; ip: string } };
  const root = new Hono<Env>();
  const app = cfg.basePath ? root.basePath(cfg.basePath) : root;

  async function limit(key: string, [count, windowMs]: [number, number]): Promise<void> {
    const h = await counters.hit(key, windowMs);
    if (h.count > count) throw tooMany(Math.max(1, Math.ceil((h.resetAt - now()) / 1000)));
  }

  /**
   * The caller, verified. Decided here for every route, so a new one cannot forget it: a GET (a read) may use the
   * identity cache (identity.ts, at most READ_CACHE_MS); any other method (every write, and the few reads sent as POST)
   * and every owner route ask the platform each time, so a logout or a deleted account ends access at once.
   */
  async function who(c: Context<Env>, opts: { fresh?: boolean } = {}): Promise<Caller> {
    const fresh = opts.fresh === true || c.req.method !== 'GET';
    const header = c.req.header('authorization') ?? null;
    // counted before the platform is asked: a token over its limit costs the site no more admin calls
    if (header) await limit(`token:${await sha256Hex(header)}`, limits.perVisitor);
    const caller = await identities.verify(header, { fresh });
    await limit(`visitor:${caller.kind}:${caller.id}`, limits.perVisitor);
    return caller;
  }

  async function owner(c: Context<Env>): Promise<Caller> {
    const caller = await who(c, { fresh: true });
    if (caller.kind !== 'member' || !caller.owner)
      throw forbidden('NOT_OWNER', 'Only the site owner can do this; sign in with an owner account');
    return caller;
  }

  const json = (c: Context<Env>, body: unknown) => c.json(body as object, 200);

  let addressUnknownLogged = false;
  /** The caller's address: INLAY_CLIENT_IP_HEADER's when set, else the runtime's; neither → 500, said once in the log. */
  function clientAddress(c: Context<Env>): string {
    const header = cfg.clientIpHeader;
    const ip = header ? addressIn(c.req.header(header)) : c.env?.ip;
    // counted per IPv6 /64 (one host holds a whole /64), an IPv4-mapped address as IPv4
    if (ip) return addressBucket(ip);
    const message = header
      ? `The site companion cannot tell callers apart: the request has no client address in ${header} ` +
        '(INLAY_CLIENT_IP_HEADER); requests must come through the proxy that sets it'
      : 'The site companion cannot tell callers apart: its runtime gives no client address. Set ' +
        'INLAY_CLIENT_IP_HEADER to the header your proxy sets to it (docs/companion.md "Client address")';
    if (!addressUnknownLogged) {
      addressUnknownLogged = true;
      log(`[companion] CLIENT_ADDRESS_UNKNOWN: ${message}`);
    }
    throw new CompanionError(500, 'CLIENT_ADDRESS_UNKNOWN', message);
  }

  // ------------------------------------------------------------------ every request: CORS, limits, log
  root.use('*', async (c, next) => {
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    const started = now();
    const origin = c.req.header('origin');
    const own = new URL(c.req.url).origin;
    const cross = origin !== undefined && origin !== own;
    const allowed = cross && cfg.allowedOrigins.has(origin);
    try {
      if (cross && !allowed) {
        throw forbidden('ORIGIN_NOT_ALLOWED', 'This origin may not call the site companion');
      }
      if (c.req.method === 'OPTIONS') {
        c.res = new Response(null, { status: 204 });
      } else {
        c.set('ip', clientAddress(c));
        await limit(`ip:${c.get('ip')}`, limits.perIp);
        await next();
      }
    } catch (e) {
      c.res = errorResponse(e, requestId);
    }
    const h = c.res.headers;
    h.set('x-inlay-request-id', requestId);
    h.set('Cache-Control', 'no-store');
    h.set('X-Content-Type-Options', 'nosniff');
    h.delete('Set-Cookie');
    h.append('Vary', 'Origin');
    if (allowed) {
      h.set('Access-Control-Allow-Origin', origin);
      h.set('Access-Control-Expose-Headers', 'retry-after, x-inlay-request-id');
      if (c.req.method === 'OPTIONS') {
        h.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
        h.set('Access-Control-Allow-Headers', 'authorization, content-type, x-file-name');
        h.set('Access-Control-Max-Age', '600');
      }
    }
    log(`[companion] ${requestId} ${c.req.method} ${c.req.routePath || '?'} ${c.res.status} ${now() - started}ms`);
  });

  function errorResponse(e: unknown, requestId: string): Response {
    const err =
      e instanceof CompanionError
        ? e
        : (() => {
            log(`[companion] ${requestId} failed: ${e instanceof Error ? `${e.name}: ${e.message}` : 'unknown error'}`);
            return new CompanionError(500, 'INTERNAL', 'Internal error');
          })();
    return new Response(JSON.stringify(err.body(requestId)), {
      status: err.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...err.headers },
    });
  }

  root.onError((e, c) => errorResponse(e, c.get('requestId') ?? crypto.randomUUID()));
  root.notFound((c) => errorResponse(notFound('No such companion route'), c.get('requestId') ?? crypto.randomUUID()));

  // ------------------------------------------------------------------ 1. who am I
  serve(app, wire['GET /me'], async (c) => {
    const caller = await who(c);
    return json(c, {
      kind: caller.kind,
      owner: caller.kind === 'member' && caller.owner,
      features: { reviews: true, photos: true, stock: true, orders: true },
    });
  });

  // ------------------------------------------------------------------ 2. captcha challenge (no token needed)
  serve(app, wire['GET /challenge'], async (c) => {
    await limit(`challenge:${c.get('ip')}`, limits.challenges);
    const [, hmacKey] = await keys;
    const ch = await createChallenge({
      hmacKey,
      maxNumber,
      expires: new Date(now() + CAPTCHA_TTL_MS),
    });
    return json(c, ch);
  });

  async function checkCaptcha(captcha: string): Promise<void> {
    const [, hmacKey] = await keys;
    const invalid = () => badRequest('CAPTCHA_INVALID', 'The anti-spam check failed; try again');
    let payload: zm.infer<typeof captchaPayload>;
    try {
      payload = parse(captchaPayload, JSON.parse(atob(captcha)));
    } catch {
      throw invalid();
    }
    // the salt carries its expiry (`<hex>?expires=<epoch seconds>`): a challenge without one never counts
    const expires = Number(/[?&]expires=(\d{1,12})(?:[;&]|$)/.exec(payload.salt)?.[1] ?? NaN);
    if (!Number.isFinite(expires) || expires * 1000 <= now()) throw invalid();
    if (payload.number > maxNumber || !(await verifySolution(payload, hmacKey, true))) throw invalid();
    // a solution counts once, on any instance sharing the counter store
    if (!(await counters.once(`captcha:${payload.signature}:${payload.number}`, CAPTCHA_TTL_MS))) throw invalid();
  }

  // ------------------------------------------------------------------ 3. a visitor's review
  serve(app, wire['POST /reviews'], async (c) => {
    const caller = await who(c);
    if (caller.kind !== 'visitor')
      throw forbidden('USE_MEMBER_TOKEN', 'Members post their reviews with their own token, not through the companion');
    const body = await bodyOf(c, wire['POST /reviews']);
    await limit(`reviews:${caller.id}`, limits.reviews);
    await checkCaptcha(body.captcha);
    const email = body.email.toLowerCase();

    let contactId: string;
    try {
      const found = await platform.admin.request({
        method: 'POST',
        path: PATHS.queryContacts,
        body: { query: { filter: { 'info.emails.email': { $eq: email } }, paging: { limit: 10 } } },
        kind: 'read',
        schema: contactsAnswer,
      });
      // a member's contact, any of those with this address: writing as it would put words in a member's mouth
      if (found.contacts.some((c) => c.info?.extendedFields?.items?.['members.membershipStatus'] !== undefined))
        throw forbidden('MEMBER_EMAIL', 'This email belongs to a member account: sign in to review');
      const existing = found.contacts[0];
      if (existing) contactId = existing.id;
      else {
        try {
          const made = await platform.admin.request({
            method: 'POST',
            path: PATHS.contacts,
            body: { info: { name: { first: body.name }, emails: { items: [{ tag: 'MAIN', email }] } } },
            schema: contactAnswer,
          });
          contactId = made.contact.id;
        } catch (e) {
          // made meanwhile by another request: the platform names it
          const dup = e instanceof InlayApiError && e.status === 409 ? e.applicationError?.data : undefined;
          const id =
            dup && typeof dup === 'object' ? (dup as Record<string, unknown>)['duplicateContactId'] : undefined;
          if (typeof id !== 'string') throw e;
          contactId = id;
        }
      }
    } catch (e) {
      relay(e, log, 'contacts');
    }

    try {
      const created = await platform.admin.request({
        ...api.createReview,
        body: {
          review: {
            namespace: body.namespace,
            entityId: body.entityId,
            content: body.content,
            author: { contactId, authorName: body.name },
          },
        },
        schema: reviewAnswer,
      });
      return json(c, { review: created.review });
    } catch (e) {
      relay(e, log, 'create review');
    }
  });

  // ------------------------------------------------------------------ 4. a review photo
  serve(app, wire['POST /media'], async (c) => {
    const caller = await who(c);
    const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(IMAGE_TYPES as readonly string[]).includes(declared))
      throw unsupportedType('Upload a JPEG, PNG, WebP or GIF image');
    await limit(`writes-ip:${c.get('ip')}`, limits.writesPerIp);
    await limit(`photos:${caller.id}`, limits.photos);
    const bytes = await readLimited(c.req.raw, PHOTO_LIMIT_BYTES, 'FILE_TOO_LARGE');
    if (bytes.length === 0) throw badRequest('EMPTY_FILE', 'The upload is empty');
    const sniffed = sniffImage(bytes);
    if (!sniffed || sniffed.type !== (declared as ImageType))
      throw unsupportedType('The file is not the image type it says it is');
    const fileName =
      (c.req.header('x-file-name') ?? '')
        .replace(/[^\w. -]/g, '')
        .trim()
        .slice(0, 100) || 'photo';
    try {
      const { uploadUrl } = await platform.admin.request({
        ...api.generateUploadUrl,
        body: {
          mimeType: sniffed.type,
          fileName,
          sizeInBytes: String(bytes.length),
          parentFolderId: VISITOR_UPLOADS_FOLDER,
        },
        schema: uploadUrlAnswer,
      });
      if (!/^https?:\/\//.test(uploadUrl)) throw platformFailed();
      const { file } = await platform.admin.request({
        method: 'PUT',
        path: uploadUrl,
        auth: false,
        body: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: sniffed.type }),
        schema: uploadAnswer,
      });
      const size = file.media?.image?.image;
      const width = size?.width ?? sniffed.width;
      const height = size?.height ?? sniffed.height;
      return json(c, { image: { id: file.id, url: file.url, ...(width && height ? { width, height } : {}) } });
    } catch (e) {
      relay(e, log, 'upload');
    }
  });

  // ------------------------------------------------------------------ 5. back-in-stock requests by handle
  serve(app, wire['POST /stock-requests'], async (c) => {
    const caller = await who(c);
    const body = await bodyOf(c, wire['POST /stock-requests']);
    await limit(`writes-ip:${c.get('ip')}`, limits.writesPerIp);
    await limit(`stock:${caller.id}`, limits.stockRequests);
    const [handles] = await keys;
    try {
      // made as the visitor or member themselves: creating one is theirs to do (docs/spec/wire-protocol.md §7)
      const made = await platform.as(caller.token).request({ ...api.createStockRequest, body, schema: stockAnswer });
      return json(c, { request: made.request, handle: await handles.sign(made.request.id) });
    } catch (e) {
      if (e instanceof InlayApiError && e.status === 401)
        throw new CompanionError(401, 'UNAUTHENTICATED', 'Expired token');
      relay(e, log, 'create stock request');
    }
  });

  async function byHandle(c: Context<Env>): Promise<string> {
    await who(c);
    const [handles] = await keys;
    const id = await handles.open(c.req.param('handle') ?? '');
    if (!id) throw notFound('No such back-in-stock request');
    return id;
  }

  serve(app, wire['GET /stock-requests/{handle}'], async (c) => {
    const id = await byHandle(c);
    try {
      const r = await platform.admin.request({ ...route(api.getStockRequest, { id }), schema: stockAnswer });
      return json(c, { request: r.request });
    } catch (e) {
      if (e instanceof InlayApiError && e.status === 404) throw notFound('No such back-in-stock request');
      relay(e, log, 'get stock request');
    }
  });

  serve(app, wire['DELETE /stock-requests/{handle}'], async (c) => {
    const id = await byHandle(c);
    try {
      await platform.admin.request({ ...route(api.deleteStockRequest, { id }), schema: loose });
      return json(c, {});
    } catch (e) {
      if (e instanceof InlayApiError && e.status === 404) throw notFound('No such back-in-stock request');
      relay(e, log, 'delete stock request');
    }
  });

  // ------------------------------------------------------------------ 6. the owner's moderation
  serve(app, wire['POST /reviews/pending'], async (c) => {
    await owner(c);
    const body = await bodyOf(c, wire['POST /reviews/pending']);
    const filter = {
      namespace: body.namespace,
      'moderation.moderationStatus': 'IN_MODERATION',
      ...(body.entityId ? { entityId: body.entityId } : {}),
    };
    try {
      const page = await platform.admin.request({
        ...api.queryReviews,
        kind: 'read',
        body: {
          query: body.cursor
            ? { cursorPaging: { cursor: body.cursor, limit: 50 } }
            : { filter, sort: [{ fieldName: 'createdDate', order: 'ASC' }], cursorPaging: { limit: 50 } },
          returnPrivateReviews: true,
        },
        schema: reviewsPage,
      });
      // a cursor carries its own filter: keep to pending reviews of the namespace asked for, whatever it says
      const reviews = page.reviews.filter(
        (r) =>
          (r as Record<string, unknown>)['namespace'] === body.namespace &&
          ((r as { moderation?: { moderationStatus?: unknown } }).moderation?.moderationStatus ?? 'IN_MODERATION') ===
            'IN_MODERATION',
      );
      const next = page.metadata?.cursors?.next;
      return json(c, { reviews, ...(next ? { next } : {}) });
    } catch (e) {
      relay(e, log, 'pending reviews');
    }
  });

  serve(app, wire['POST /reviews/bulk-moderate'], async (c) => {
    await owner(c);
    const body = await bodyOf(c, wire['POST /reviews/bulk-moderate']);
    const r = await asAdmin('bulk moderate', {
      ...api.bulkModerateReviews,
      body: {
        filter: { namespace: body.namespace, entityId: body.entityId, 'moderation.moderationStatus': 'IN_MODERATION' },
        status: body.status,
      },
      schema: zm.looseObject({ count: zm.optional(zm.number()) }),
    });
    return json(c, { done: r.count ?? 0 });
  });

  const reviewId = (c: Context<Env>) => parse(ID, c.req.param('id'));
  /** An owner's call as the admin identity; the platform's refusal relayed, its failure a 502. */
  async function asAdmin<T>(what: string, o: RequestOptions<T>): Promise<T> {
    try {
      return await platform.admin.request(o);
    } catch (e) {
      relay(e, log, what);
    }
  }

  serve(app, wire['POST /reviews/{id}/moderate'], async (c) => {
    await owner(c);
    const id = reviewId(c);
    const { status } = await bodyOf(c, wire['POST /reviews/{id}/moderate']);
    const r = await asAdmin('moderate', {
      ...route(api.moderateReview, { id }),
      body: { status },
      schema: reviewAnswer,
    });
    return json(c, { review: r.review });
  });

  serve(app, wire['PUT /reviews/{id}/reply'], async (c) => {
    await owner(c);
    const id = reviewId(c);
    const { message } = await bodyOf(c, wire['PUT /reviews/{id}/reply']);
    const r = await asAdmin('reply', { ...route(api.replyToReview, { id }), body: { message }, schema: reviewAnswer });
    return json(c, { review: r.review });
  });

  serve(app, wire['DELETE /reviews/{id}/reply'], async (c) => {
    await owner(c);
    const id = reviewId(c);
    const r = await asAdmin('delete reply', { ...route(api.deleteReviewReply, { id }), schema: reviewAnswer });
    return json(c, { review: r.review });
  });

  serve(app, wire['DELETE /reviews/{id}'], async (c) => {
    await owner(c);
    const id = reviewId(c);
    await asAdmin('delete review', { ...route(api.deleteReview, { id }), schema: loose });
    return json(c, {});
  });

  // ------------------------------------------------------------------ 7. the member's own orders (companion/account.ts)
  mountAccount(app, {
    who,
    asAdmin,
    seals: createCursorSeals(cfg.secret),
    once: (key, ttlMs) => counters.once(key, ttlMs),
  });
  mountAdminOrders(app, { owner, asAdmin, seals: createCursorSeals(cfg.secret) });
  mountAdminAbandoned(app, {
    owner,
    asAdmin,
    once: (key, ttlMs) => counters.once(key, ttlMs),
    now,
    log,
    sendMail: deps.sendMail ?? mailerFromEnv(env, fetchImpl),
  });
  mountAdminPayments(app, {
    owner,
    asAdmin,
    swap: (key, expected, next, ttlMs) => counters.swap(key, expected, next, ttlMs),
  });

  return {
    config: cfg,
    fetch: async (req, info = {}) => root.fetch(req, { ip: info.ip }),
    routes: () => [...new Set(root.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))],
  };
}

export { readConfig, CompanionConfigError } from './config.ts';
export type { CompanionEnv, CompanionConfig } from './config.ts';
export { MemoryCounterStore, type CounterStore } from './counters.ts';
