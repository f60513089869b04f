/**
 * The site companion (issue 16): one web-standard handler, `(Request) => Promise<Response>`, built with Hono, that
 * does for the widgets what a browser may not: the calls that need the site's admin identity, each behind its own
 * rule (an allow-list, never a proxy). Contract: docs/companion.md; runs unchanged on Node (companion/node.ts),
 * Cloudflare Workers (companion/worker.ts), Deno, Vercel and Netlify functions.
 *
 * This file composes it: the helpers every part shares (context.ts `Kit`: the platform as the admin identity, the
 * counters and limits, the identity checks as middleware), what every request goes through (a request id, the origin
 * and CORS, the client address and its limit, the answer's headers, one log line, errors in the platform's format),
 * and the parts, Hono sub-apps mounted at `/v1` whose routes are the wire table's (core/api/companion-table.ts):
 * visitor.ts, reviews.ts, account.ts, admin-orders.ts, admin-payments.ts, admin-abandoned.ts, admin-members.ts, admin-media.ts, admin-back-in-stock.ts,
 * visitor.ts, reviews.ts, account.ts, admin-orders.ts, admin-payments.ts, admin-abandoned.ts, admin-members.ts, admin-media.ts, admin-discounts.ts,
 * visitor.ts, reviews.ts, account.ts, admin-orders.ts, admin-payments.ts, admin-abandoned.ts, admin-members.ts, admin-media.ts, admin-shipping.ts,
 * public.ts (the public reads, answered from a cache of the companion's own visitor reads).
 *
 * No Node-only API in this folder except node.ts (eslint.config.js enforces it).
 */
import { Hono, type Context, type ExecutionContext, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { addressBucket } from '../core/address.ts';
import { InlayApiError } from '../core/errors.ts';
import { PHOTO_LIMIT_BYTES } from './body.ts';
import { readConfig, type CompanionConfig, type CompanionEnv } from './config.ts';
import type { Env, Guard, Guards, Kit, Limits } from './context.ts';
import { MemoryCounterStore, type CounterStore } from './counters.ts';
import { CompanionError, forbidden, notFound, platformFailed, tooLarge, tooMany } from './errors.ts';
import { createIdentityVerifier, type Caller } from './identity.ts';
import { captchaKey, createCursorSeals, createHandles, sha256Hex } from './keys.ts';
import { createPlatform } from './platform.ts';
import { visitorApp } from './visitor.ts';
import { reviewsApp } from './reviews.ts';
import { accountApp } from './account.ts';
import { adminOrdersApp } from './admin-orders.ts';
import { adminFulfillmentsApp } from './admin-fulfillments.ts';
import { adminPaymentsApp } from './admin-payments.ts';
import { adminAbandonedApp, mailerFromEnv, type RecoveryMailer } from './admin-abandoned.ts';
import { adminBackInStockApp } from './admin-back-in-stock.ts';
import { adminDiscountsApp } from './admin-discounts.ts';
import { adminTaxesApp } from './admin-taxes.ts';
import { adminShippingApp } from './admin-shipping.ts';
import { adminMembersApp } from './admin-members.ts';
import { adminMediaApp } from './admin-media.ts';
import { adminTipsApp } from './admin-tips.ts';
import { publicApp, type PublicDeps } from './public.ts';

export type { Limits } from './context.ts';

export const DEFAULT_LIMITS: Limits = {
  perIp: [300, 60_000],
  perVisitor: [120, 60_000],
  challenges: [30, 60_000],
  reviews: [5, 10 * 60_000],
  photos: [30, 10 * 60_000],
  stockRequests: [20, 10 * 60_000],
  writesPerIp: [60, 10 * 60_000],
  publicReads: [600, 60_000],
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
  /**
   * Hosts (`host:port`) the media library may import from although their address is private (admin-media.ts
   * `importRefusal`): a test's own server. Never read from the environment.
   */
  importHosts?: readonly string[];
  /** Where public reads are kept (public.ts): default the runtime's cache (Workers), else memory. */
  publicStore?: PublicDeps['store'];
}

/**
 * What the handler takes besides the request: the client's address, as the runtime knows it (Node: the socket's
 * peer; Workers on Cloudflare: CF-Connecting-IP). Without one, and without INLAY_CLIENT_IP_HEADER, every request is
 * refused 500 `CLIENT_ADDRESS_UNKNOWN`: the per-address limits would otherwise put every caller in one bucket.
 */
export interface RequestInfo {
  ip?: string;
  /** The runtime's execution context (Workers: `ctx`, whose `waitUntil` lets a cache renewal outlive the answer). */
  ctx?: { waitUntil(promise: Promise<unknown>): void; passThroughOnException(): void };
}

export interface Companion {
  fetch(req: Request, info?: RequestInfo): Promise<Response>;
  config: CompanionConfig;
  /** Every route it answers, as `METHOD /path` with Hono's `:param`s (tests walk them). */
  routes(): string[];
}

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

/** Build the companion from its environment (throws CompanionConfigError at once when it is wrong). */
export function createCompanion(env: CompanionEnv, deps: CompanionDeps = {}): Companion {
  const cfg = readConfig(env);
  const now = deps.now ?? Date.now;
  const fetchImpl = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const counters = deps.counters ?? new MemoryCounterStore({ now });
  const limits = new Proxy({} as Limits, {
    get: (_, key: keyof Limits) => deps.limits?.[key] ?? DEFAULT_LIMITS[key],
  });
  const platform = createPlatform(cfg, { fetch: fetchImpl, now });
  // a log line never carries a secret or the admin token, whatever a message may hold
  const redact = (line: string) => {
    let out = line;
    for (const s of [cfg.secret, platform.adminTokenForScan()]) if (s) out = out.split(s).join('[redacted]');
    return out;
  };
  const rawLog = deps.log ?? ((line: string) => console.log(line));
  const log = (line: string) => rawLog(redact(line));
  const identities = createIdentityVerifier(cfg, platform, now);
  const sendMail = deps.sendMail ?? mailerFromEnv(env, fetchImpl);

  async function limit(key: string, [count, windowMs]: [number, number]): Promise<void> {
    const h = await counters.hit(key, windowMs);
    if (h.count > count) throw tooMany(Math.max(1, Math.ceil((h.resetAt - now()) / 1000)));
  }

  // ------------------------------------------------------------------ the identity checks (context.ts `Guards`)
  /** The caller, verified: fresh (asked of the platform) for every method but GET, and whenever `fresh`. */
  async function who(c: Context<Env>, fresh = c.req.method !== 'GET'): Promise<Caller> {
    const header = c.req.header('authorization') ?? null;
    // counted before the platform is asked: a token over its limit costs the site no more admin calls
    if (header) await limit(`token:${await sha256Hex(header)}`, limits.perVisitor);
    const caller = await identities.verify(header, { fresh });
    await limit(`visitor:${caller.kind}:${caller.id}`, limits.perVisitor);
    return caller;
  }
  const guard = (check: (caller: Caller) => void, fresh?: boolean): Guard =>
    async function (c, next) {
      const caller = await who(c, fresh);
      check(caller);
      c.set('caller', caller);
      await next();
    };
  const guards: Guards = {
    caller: guard(() => undefined),
    visitor: guard((caller) => {
      if (caller.kind !== 'visitor')
        throw forbidden(
          'USE_MEMBER_TOKEN',
          'Members post their reviews with their own token, not through the companion',
        );
    }),
    member: guard((caller) => {
      if (caller.kind !== 'member') throw forbidden('MEMBER_ONLY', 'Sign in to see your orders');
    }),
    owner: guard((caller) => {
      if (caller.kind !== 'member' || !caller.owner)
        throw forbidden('NOT_OWNER', 'Only the site owner can do this; sign in with an owner account');
    }, true),
  };

  const kit: Kit = {
    cfg,
    now,
    fetch: fetchImpl,
    log,
    platform,
    counters,
    limits,
    limit,
    guard: guards,
    relay: (e, what) => relay(e, log, what),
    async asAdmin(what, o) {
      try {
        return await platform.admin.request(o);
      } catch (e) {
        relay(e, log, what);
      }
    },
    keys: Promise.all([createHandles(cfg.secret), captchaKey(cfg.secret)]),
    seals: createCursorSeals(cfg.secret),
  };

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

  function errorResponse(e: unknown, id: string): Response {
    const err =
      e instanceof CompanionError
        ? e
        : (() => {
            log(`[companion] ${id} failed: ${e instanceof Error ? `${e.name}: ${e.message}` : 'unknown error'}`);
            return new CompanionError(500, 'INTERNAL', 'Internal error');
          })();
    return new Response(JSON.stringify(err.body(id)), {
      status: err.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...err.headers },
    });
  }

  // ------------------------------------------------------------------ every request
  const root = new Hono<Env>();
  const app = cfg.basePath ? root.basePath(cfg.basePath) : root;

  // the request's id is the companion's own: a client's `X-Request-Id` is not taken (headerName ''), so a caller
  // cannot choose what the log says; the answer header is set below, on every answer, errors included
  root.use('*', requestId({ headerName: '' }));

  /**
   * CORS for the origins on INLAY_ALLOWED_ORIGINS, by Hono's middleware. Which requests it sees is decided below: a
   * request from any other origin is refused (403 `ORIGIN_NOT_ALLOWED`, with no CORS header), and a preflight from
   * the companion's own origin or from none is answered 204 without one, which Hono's `cors` cannot do (it serves
   * every request it sees, and answers every preflight with the methods and headers).
   */
  const corsForAllowed: MiddlewareHandler<Env> = cors({
    origin: (origin) => origin,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['authorization', 'content-type', 'x-file-name'],
    exposeHeaders: ['retry-after', 'x-inlay-request-id'],
    maxAge: 600,
  });

  // the origin, CORS, the client address and its limit, the answer's headers, one log line
  root.use('*', async (c, next) => {
    const id = c.get('requestId');
    const started = now();
    const origin = c.req.header('origin');
    const cross = origin !== undefined && origin !== new URL(c.req.url).origin;
    const allowed = cross && cfg.allowedOrigins.has(origin);
    const serve = async () => {
      if (c.req.method === 'OPTIONS') {
        c.res = new Response(null, { status: 204 });
        return;
      }
      c.set('ip', clientAddress(c));
      await limit(`ip:${c.get('ip')}`, limits.perIp);
      await next();
    };
    try {
      if (cross && !allowed) throw forbidden('ORIGIN_NOT_ALLOWED', 'This origin may not call the site companion');
      if (allowed) {
        // Hono's cors answers a preflight itself; anything else goes on through it
        const preflight = await corsForAllowed(c, serve);
        if (preflight) c.res = preflight;
      } else await serve();
    } catch (e) {
      c.res = errorResponse(e, id);
    }
    const h = c.res.headers;
    h.set('x-inlay-request-id', id);
    h.set('Cache-Control', 'no-store');
    h.set('X-Content-Type-Options', 'nosniff');
    h.delete('Set-Cookie');
    if (!/\bOrigin\b/.test(h.get('Vary') ?? '')) h.append('Vary', 'Origin'); // cors() adds its own, but not on an error
    log(`[companion] ${id} ${c.req.method} ${c.req.routePath || '?'} ${c.res.status} ${now() - started}ms`);
  });

  root.onError((e, c) => errorResponse(e, c.get('requestId')));
  root.notFound((c) => errorResponse(notFound('No such companion route'), c.get('requestId')));

  // ------------------------------------------------------------------ the parts, under /v1
  app.route('/v1', visitorApp(kit, deps.captchaMaxNumber ?? 50_000));
  app.route('/v1', reviewsApp(kit));
  app.route('/v1', accountApp(kit));
  app.route('/v1', adminOrdersApp(kit));
  app.route('/v1', adminFulfillmentsApp(kit));
  app.route('/v1', adminAbandonedApp(kit, sendMail));
  app.route('/v1', adminMediaApp(kit, new Set(deps.importHosts ?? [])));
  app.route('/v1', adminTipsApp(kit));
  app.route('/v1', adminPaymentsApp(kit));
  app.route('/v1', adminMembersApp(kit));
  app.route('/v1', adminBackInStockApp(kit));
  app.route('/v1', adminDiscountsApp(kit));
  app.route('/v1', adminTaxesApp(kit));
  app.route('/v1', adminShippingApp(kit));
  app.route('/v1', publicApp(kit, deps.publicStore ? { store: deps.publicStore } : {}));

  return {
    config: cfg,
    fetch: async (req, info = {}) => root.fetch(req, { ip: info.ip }, info.ctx as ExecutionContext | undefined),
    routes: () => [...new Set(root.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))],
  };
}

export { readConfig, CompanionConfigError } from './config.ts';
export type { CompanionEnv, CompanionConfig } from './config.ts';
export { MemoryCounterStore, type CounterStore } from './counters.ts';
