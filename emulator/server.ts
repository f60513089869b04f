/**
 * The emulator's HTTP server: plain node:http, a small router, platform error rendering, CORS, fault injection.
 *
 * Adding a service: write `routes/<service>.ts` exporting a {@link RouteModule} and append it to
 * {@link ROUTE_MODULES}. Tests may pass extra modules through `startEmulator({routes})`.
 */
import type { CatalogVersion } from './domain/catalog.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';
import {
  allAllowedOrigins,
  requireAdminCaller,
  requireAuth,
  requireRole,
  requireVisitorOrMember,
  resolveCaller,
  setClientSecret,
} from './domain/auth.ts';
import type { Caller, MemberRole } from './domain/auth.ts';
import { migrate, openDatabase } from './db.ts';
import {
  badRequestApp,
  internalError,
  methodNotAllowed,
  notFound,
  payloadTooLarge,
  PlatformError,
  statusError,
} from './errors.ts';
import { FaultStore } from './faults.ts';
import { isRefused, refusal, refusals } from './refusals.ts';
import { orderSales } from './domain/commerce.ts';
import { KnownRequesters, RateLimiter, throttleLimits, type ThrottleLimits } from './domain/identity.ts';
import { Router } from './router.ts';
import type { EmulatorApp, HandlerResult, RequestContext, RouteInfo, RouteModule } from './router.ts';
import { acceptsEncoding, assetsRoutes } from './routes/assets.ts';
import { backInStockRoutes } from './routes/back-in-stock.ts';
import { recommendationsRoutes } from './routes/recommendations.ts';
import { inventoryRoutes } from './routes/inventory.ts';
import { devRoutes } from './routes/dev.ts';
import { indexPageRoutes } from './routes/index-page.ts';
import { mediaRoutes } from './routes/media.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { reviewsRoutes } from './routes/reviews.ts';
import { identityRoutes } from './routes/identity.ts';
import { membersRoutes } from './routes/members.ts';
import { membersAdminRoutes } from './routes/members-admin.ts';
import { badgesRoutes } from './routes/badges.ts';
import { customFieldsRoutes } from './routes/custom-fields.ts';
import { discountRulesRoutes } from './routes/discount-rules.ts';
import { taxesRoutes } from './routes/taxes.ts';
import { redirectsRoutes } from './routes/redirects.ts';
import { redirectIntentRoutes } from './routes/redirect-intents.ts';
import { hostedSecurityRoutes } from './routes/hosted-security.ts';
import { siteMediaRoutes } from './routes/site-media.ts';
import { mediaLibraryRoutes } from './routes/media-library.ts';
import { mediaTransferRoutes } from './routes/media-transfer.ts';
import { mediaResumableRoutes } from './routes/media-resumable.ts';
import { prepareMediaLibrary } from './domain/media-library.ts';
import type { Resolve } from './domain/media-import.ts';
import { storesReaderRoutes } from './routes/stores-reader.ts';
import { storesV3Routes } from './routes/stores-v3.ts';
import { cartRoutes } from './routes/cart.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { tipsRoutes } from './routes/tips.ts';
import { ordersRoutes } from './routes/orders.ts';
import { fulfillmentsRoutes } from './routes/fulfillments.ts';
import { draftOrdersRoutes } from './routes/draft-orders.ts';
import { abandonedRoutes } from './routes/abandoned.ts';
import { shippingOptionsRoutes } from './routes/shipping-options.ts';
import { paymentsRoutes } from './routes/payments.ts';
import { contactsRoutes } from './routes/contacts.ts';
import { seed } from './domain/seed.ts';
import { seedDemoOrders } from './domain/demo-orders.ts';
import { seedDemoStockRequests } from './domain/back-in-stock.ts';
import { DEMO_CLIENT_ID } from './seed.ts';
import { assertSafeParamKeys, BOM, parseJsonBody } from './validate.ts';
import { DEFAULT_DEMO_ORIGINS } from './origins.ts';

/** The repository root (this file is `emulator/server.ts`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_PORT = 8787;
/**
 * The hosted pages' port (authorize, login, logout, account, checkout): a second origin, as the platform serves them
 * from the site's domain and not from its API host (docs/spec/wire-protocol.md §11.1).
 */
export const DEFAULT_HOSTED_PORT = 8788;
export { DEFAULT_DEMO_ORIGINS, demoOriginsWith, demoRedirectUrisWith } from './origins.ts';
export const DEFAULT_ASSETS_DIR = resolve(REPO_ROOT, 'dist/inlay');
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 14_400;
/** Request bodies above this answer 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Request targets (path + query) longer than this answer 414. The browser client switches to POST above 4000 query
 * characters (docs/spec/wire-protocol.md §0: a GET over 4000 chars uses its fallback POST), so this leaves ample room.
 */
export const URL_LIMIT_CHARS = 16 * 1024;
/**
 * node's limit for the request line plus headers (its default is 16 KB). Raised well above {@link URL_LIMIT_CHARS}
 * so an over-long URL reaches the handler and gets a proper 414; past it, `clientError` answers 431.
 */
export const MAX_HEADER_BYTES = 256 * 1024;

/** Every service the emulator speaks, in registration order. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  indexPageRoutes,
  oauthRoutes,
  storesReaderRoutes,
  storesV3Routes,
  inventoryRoutes,
  backInStockRoutes,
  recommendationsRoutes,
  reviewsRoutes,
  identityRoutes,
  membersRoutes,
  membersAdminRoutes,
  badgesRoutes,
  customFieldsRoutes,
  taxesRoutes,
  redirectsRoutes,
  redirectIntentRoutes,
  hostedSecurityRoutes,
  cartRoutes,
  checkoutRoutes,
  tipsRoutes,
  ordersRoutes,
  shippingOptionsRoutes,
  fulfillmentsRoutes,
  draftOrdersRoutes,
  discountRulesRoutes,
  abandonedRoutes,
  paymentsRoutes,
  contactsRoutes,
  siteMediaRoutes,
  mediaLibraryRoutes,
  mediaTransferRoutes,
  mediaResumableRoutes,
  mediaRoutes,
  assetsRoutes,
  devRoutes,
];

const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const CORS_ALLOW_HEADERS = 'authorization, content-type, x-wix-bi-gateway';
// Retry-After: a browser client may only read it (429) when it is exposed
const CORS_EXPOSE_HEADERS = 'x-wix-request-id, retry-after';
const CORS_MAX_AGE = '600';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface EmulatorOptions {
  /** 0 = a random free port. Default 8787. */
  port?: number;
  /**
   * The hosted pages' own port (a second origin, like the platform's site domain; see {@link DEFAULT_HOSTED_PORT}).
   * 0 = a random free port. Default 8788, or a random one when `port` is 0.
   */
  hostedPort?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A file path or `:memory:` (the default here; the CLI defaults to `.data/emulator.sqlite`). */
  db?: string;
  /** Origins allowed for `demo-client` (updated on every start). */
  demoOrigins?: string[];
  /**
   * `demo-client`'s authorization redirect URIs, matched exactly by the hosted sign-in (updated on every start).
   * Default: each demo origin's home page, `<origin>/` (Inlay's default `data-redirect-uri`).
   */
  demoRedirectUris?: string[];
  /** Folder served under `/inlay/`. Default `dist/inlay` at the repo root. */
  assetsDir?: string;
  /** Default 14400 (4 h). */
  accessTokenTtlSeconds?: number;
  /** Clock in epoch milliseconds; injectable for tests. */
  now?: () => number;
  /** Extra route modules (tests). */
  routes?: readonly RouteModule[];
  /** Default 1 MB. */
  bodyLimitBytes?: number;
  /**
   * Dev mode: the `/_dev/*` helpers (mailbox, fault injection; local `Host` only) and injected faults. Default false:
   * `/_dev/*` answer 404 and no fault applies. `npm run emulator -- --dev`, `npm start` and the test helpers turn it on.
   */
  dev?: boolean;
  /** Override rate limits (anonymous tokens, sign-ups, reset mails); defaults in `DEFAULT_THROTTLE_LIMITS`. */
  throttle?: Partial<ThrottleLimits>;
  /**
   * The site's admin API key: backend code reads orders with `Authorization: <apiKey>` and `wix-site-id: SITE_ID`
   * (auth.ts). Default none: every API-key call is refused (401).
   */
  apiKey?: string;
  /**
   * The demo OAuth client's secret, for the `client_credentials` grant (admin tokens,
   * docs/spec/wire-protocol.md §11.6). Default: a new random one on every start (`RunningEmulator.clientSecret`; the
   * CLI prints it).
   */
  clientSecret?: string;
  /**
   * Place the owner console's demo orders (a delayed-capture order, an offline unpaid one) once per database
   * (domain/demo-orders.ts). Default false; the command line turns it on.
   */
  demoOrders?: boolean;
  /**
   * The Stores catalog the site is on (docs/wire.md "Catalog V1 and V3"). The command line defaults to `v3`, like new
   * stores; here the default is `v1`, which the suites and the demo's own server reads were written against.
   */
  catalog?: CatalogVersion;
  /**
   * Calls the platform refuses to the site, as it refuses a method an app may not call (403 `PERMISSION_DENIED`, after
   * the caller is checked): operation names of core's table (`triggerRefund`, `getRefundability`) or `METHOD /path`
   * (refusals.ts; `INLAY_EMULATOR_REFUSE` on the command line). Kept in `app.refusedOperations`, which a test may
   * change while the emulator runs. Unknown names are an error.
   */
  refuseOperations?: Iterable<string>;
  /**
   * Where the media library keeps its files' bytes (one file per descriptor). Default: `<db>-media` beside a database
   * file; for an in-memory database a new temporary directory, removed on close.
   */
  mediaDir?: string;
  /**
   * Origins (`http://127.0.0.1:PORT`) an import from a URL may fetch from although their host is loopback or private,
   * in dev mode only (a test's own server; `INLAY_EMULATOR_IMPORT_ALLOW` on the command line, comma-separated). Outside
   * dev mode no private, loopback, link-local, unique-local, multicast or unspecified address is ever fetched.
   */
  mediaImportAllow?: readonly string[];
  /** The DNS lookup imports use (default `node:dns` `lookup` with `all: true`); injectable for tests. */
  mediaImportResolve?: Resolve;
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT`: the data API (and `/inlay/`, `/media/`, `/_dev/`). */
  url: string;
  port: number;
  /** `http://127.0.0.1:HOSTED_PORT`: the hosted pages the redirect sessions' `fullUrl` point at. */
  hostedUrl: string;
  hostedPort: number;
  db: Database;
  app: EmulatorApp;
  /** The demo OAuth client's secret (`EmulatorOptions.clientSecret` or a random one). */
  clientSecret: string;
  /** Every registered route (method, pattern, options), in registration order. */
  routes(): RouteInfo[];
  /** Stop accepting, finish or drop open connections, close the database. */
  close(): Promise<void>;
}

const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function isJsonResult(r: HandlerResult): r is Extract<HandlerResult, { json: unknown }> {
  return 'json' in r;
}

/**
 * A refused body (413) is still read, and dropped, up to this many bytes past the limit and for at most
 * {@link DRAIN_TIMEOUT_MS}, before the answer goes out (see {@link readBody}).
 */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Read a request body up to `limit` bytes. Over it (by Content-Length, or as soon as the running count passes it)
 * nothing more is kept, but the rest is still read and dropped until the body ends, and only then does the 413
 * reject (the caller answers it with `Connection: close`). Answering and closing while the client still writes
 * would make the kernel answer its next bytes with a reset, which can throw the 413 away before the client reads it
 * (and a client that reads only once it has sent everything would never see it). A body that goes on past
 * {@link DRAIN_LIMIT_BYTES} more, or for longer than {@link DRAIN_TIMEOUT_MS}, is answered at once instead.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    let size = 0;
    let refused = false;
    let timer: NodeJS.Timeout | undefined;
    const chunks: Buffer[] = [];
    const settle = () => {
      clearTimeout(timer);
      req.off('data', onData);
      reject(payloadTooLarge(limit));
    };
    const refuse = () => {
      refused = true;
      chunks.length = 0;
      timer = setTimeout(settle, DRAIN_TIMEOUT_MS);
      timer.unref();
    };
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (refused) {
        if (size > limit + DRAIN_LIMIT_BYTES) settle();
      } else if (size > limit) refuse();
      else chunks.push(chunk);
    }
    if (Number.isFinite(declared) && declared > limit) {
      if (declared > limit + DRAIN_LIMIT_BYTES) {
        reject(payloadTooLarge(limit));
        return;
      }
      refuse();
    }
    req.on('data', onData);
    req.on('end', () => (refused ? settle() : resolveBody(Buffer.concat(chunks))));
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

function parseBody(raw: Buffer, contentType: string | undefined, allowForm: boolean): unknown {
  const text = raw.toString('utf8');
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  // one leading UTF-8 BOM is not content (parseJsonBody skips it too): not part of a form's first field name
  const unmarked = text.startsWith(BOM) ? text.slice(1) : text;
  // curl -d sends JSON as a form; a body that starts with `{` is JSON whatever its type says.
  if (allowForm && type === 'application/x-www-form-urlencoded' && !/^[ \t\r\n]*\{/.test(unmarked)) {
    const params = new URLSearchParams(unmarked);
    assertSafeParamKeys(params);
    const form: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [k, v] of params) form[k] = v;
    return form;
  }
  return parseJsonBody(text);
}

/** The platform's JSON error as a raw HTTP/1.1 answer, for `clientError` (no ServerResponse exists there). */
function rawErrorResponse(err: PlatformError): string {
  const requestId = randomUUID();
  const body = JSON.stringify(err.toBody(requestId));
  return [
    `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    `x-wix-request-id: ${requestId}`,
    ...Object.entries(err.headers).map(([k, v]) => `${k}: ${v}`),
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** What node's parser refused, in the platform's format: 431 over {@link MAX_HEADER_BYTES}, 408, or 400. */
function clientErrorFor(err: NodeJS.ErrnoException): PlatformError {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return new PlatformError(431, `The request line and headers are larger than ${MAX_HEADER_BYTES} bytes`, {
      applicationError: {
        code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
        description: `The URL and headers together must stay under ${MAX_HEADER_BYTES} bytes (URLs under ${URL_LIMIT_CHARS} characters)`,
        data: { limit: MAX_HEADER_BYTES },
      },
    });
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return statusError(408, 'Request timed out', 'REQUEST_TIMEOUT');
  return badRequestApp('MALFORMED_REQUEST', 'Malformed HTTP request');
}

function uriTooLong(): PlatformError {
  return new PlatformError(414, `Request URL is longer than ${URL_LIMIT_CHARS} characters`, {
    applicationError: {
      code: 'URI_TOO_LONG',
      description: `Request URL is longer than ${URL_LIMIT_CHARS} characters; send large queries with POST`,
      data: { limit: URL_LIMIT_CHARS },
    },
  });
}

/** An allowed import origin (`http://127.0.0.1:9000`), normalized; anything else is a start-up error. */
function importOrigin(value: string): string {
  let origin: string;
  try {
    origin = new URL(value).origin;
  } catch {
    throw new Error(`mediaImportAllow: ${JSON.stringify(value)} is not an origin (http://host:port)`);
  }
  if (!/^https?:/.test(origin)) throw new Error(`mediaImportAllow: ${JSON.stringify(value)} is not an http(s) origin`);
  return origin;
}

/** Start an emulator. Resolves once it listens. */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const mediaImportAllow = (opts.mediaImportAllow ?? []).map(importOrigin);
  const db = openDatabase(opts.db ?? ':memory:');
  const now = opts.now ?? Date.now;
  const bodyLimit = opts.bodyLimitBytes ?? BODY_LIMIT_BYTES;
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');
  const memoryDb = (opts.db ?? ':memory:') === ':memory:' || opts.db === '';
  const tempMedia = !opts.mediaDir && memoryDb;
  const mediaDir = opts.mediaDir
    ? resolve(opts.mediaDir)
    : tempMedia
      ? mkdtempSync(join(tmpdir(), 'inlay-emulator-media-'))
      : `${resolve(opts.db!)}-media`;
  const imports = new Set<AbortController>();
  // the database and, when it is a temporary one, the media directory; background imports are stopped first
  const closeStore = () => {
    for (const c of imports) c.abort();
    db.close();
    if (tempMedia) rmSync(mediaDir, { recursive: true, force: true });
  };
  const app: EmulatorApp = {
    db,
    mediaDir,
    mediaImports: imports,
    mediaImportAllow,
    ...(opts.mediaImportResolve ? { mediaImportResolve: opts.mediaImportResolve } : {}),
    now,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    demoOrigins: opts.demoOrigins ?? DEFAULT_DEMO_ORIGINS,
    assetsDir: resolve(opts.assetsDir ?? DEFAULT_ASSETS_DIR),
    faults: new FaultStore(),
    dev: opts.dev ?? false,
    throttle: throttleLimits(opts.throttle),
    catalog: opts.catalog ?? 'v1',
    rateLimiter: new RateLimiter(),
    knownRequesters: new KnownRequesters(),
    redirectIntents: new Map(),
    salesSources: [orderSales],
    refusedOperations: refusals(opts.refuseOperations),
    ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
  };
  try {
    migrate(db);
    await seed(db, {
      demoOrigins: app.demoOrigins,
      ...(opts.demoRedirectUris ? { demoRedirectUris: opts.demoRedirectUris } : {}),
      nowMs: now(),
    });
    setClientSecret(db, DEMO_CLIENT_ID, clientSecret);
    prepareMediaLibrary(db, mediaDir);
  } catch (err) {
    closeStore();
    throw err;
  }

  const router = new Router();
  for (const mod of [...ROUTE_MODULES, ...(opts.routes ?? [])]) mod(router, app);

  let closing = false;
  let port = 0;
  let hostedPort = 0;
  const JSON_GZIP_MIN = 1024;
  // Pending fault delays, released early on close.
  const delays = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((done) => {
      const release = () => {
        clearTimeout(timer);
        delays.delete(release);
        done();
      };
      const timer = setTimeout(release, ms);
      delays.add(release);
    });

  function applyCors(
    req: IncomingMessage,
    res: ServerResponse,
    mode: 'clients' | 'public' | 'none',
    preflight: boolean,
  ): void {
    if (mode === 'none') return;
    if (mode === 'public') {
      res.setHeader('Access-Control-Allow-Origin', '*');
    } else {
      res.setHeader('Vary', 'Origin');
      const origin = req.headers.origin;
      if (origin && allAllowedOrigins(db).has(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
    }
    res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    if (preflight) {
      res.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
      res.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      res.setHeader('Access-Control-Max-Age', CORS_MAX_AGE);
    }
  }

  function send(
    res: ServerResponse,
    method: string,
    status: number,
    contentType: string | undefined,
    body: string | Buffer,
    headers: Record<string, string> = {},
  ): void {
    const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    if (contentType && status !== 304) res.setHeader('Content-Type', contentType);
    if (status !== 304) res.setHeader('Content-Length', String(buf.length));
    res.statusCode = status;
    res.end(method === 'HEAD' || status === 304 ? undefined : buf);
  }

  /**
   * JSON answers of 1 KB and more go out gzip-compressed when the request accepts it, as the platform's front end
   * does (`Content-Encoding: gzip`, `Vary: Accept-Encoding`); smaller ones are not worth a compression's bytes.
   */
  function sendJson(
    res: ServerResponse,
    method: string,
    status: number,
    json: unknown,
    headers: Record<string, string> = {},
  ): void {
    const text = JSON.stringify(json);
    const all = { 'Cache-Control': 'no-store', ...headers };
    res.appendHeader('Vary', 'Accept-Encoding');
    if (text.length >= JSON_GZIP_MIN && acceptsEncoding(res.req?.headers['accept-encoding'])('gzip')) {
      send(res, method, status, 'application/json; charset=utf-8', gzipSync(text, { level: 6 }), {
        ...all,
        'Content-Encoding': 'gzip',
      });
    } else {
      send(res, method, status, 'application/json; charset=utf-8', text, all);
    }
  }

  function sendError(res: ServerResponse, method: string, err: PlatformError, requestId: string): void {
    if (err.status === 413) res.setHeader('Connection', 'close');
    sendJson(res, method, err.status, err.toBody(requestId), err.headers);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, hosted: boolean): Promise<void> {
    const requestId = randomUUID();
    const method = (req.method ?? 'GET').toUpperCase();
    res.setHeader('x-wix-request-id', requestId);
    let pathForLog = '?';
    try {
      if ((req.url ?? '').length > URL_LIMIT_CHARS) throw uriTooLong();
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://emulator.invalid');
      } catch {
        throw badRequestApp('INVALID_URL', 'Invalid request URL');
      }
      pathForLog = '(no route)';
      const preflight = method === 'OPTIONS';
      const match = router.match(method, url.pathname, hosted);
      // a failure's log line names the route's pattern, not the path: some paths carry a secret (an upload URL's,
      // a download URL's token)
      if (match.kind === 'found') pathForLog = match.route.pattern;
      // hosted pages and forms: no CORS unless a route asks (their static files); the API: registered clients
      const corsMode =
        (match.kind === 'found'
          ? match.route.options.cors
          : match.kind === 'method-not-allowed'
            ? match.options.cors
            : undefined) ?? (hosted ? 'none' : 'clients');
      applyCors(req, res, corsMode, preflight);

      const fault = app.dev ? app.faults.take(method, url.pathname, preflight) : undefined;
      if (fault) {
        if (fault.delayMs) await sleep(fault.delayMs);
        if (closing || fault.drop) {
          req.socket.destroy();
          return;
        }
        if (fault.status !== undefined) throw statusError(fault.status, 'Injected fault', 'INJECTED_FAULT');
        if (fault.malformed) {
          send(res, method, 200, 'application/json; charset=utf-8', '{"injected": "malformed', {
            'Cache-Control': 'no-store',
          });
          return;
        }
      }

      if (preflight) {
        send(res, method, 200, undefined, '');
        return;
      }
      // Before routing, auth or any handler: no query key may name a prototype member (`?__proto__.x=…`).
      assertSafeParamKeys(url.searchParams);
      if (match.kind === 'not-found') throw notFound(`No route for ${method} ${url.pathname}`, 'NOT_FOUND');
      if (match.kind === 'method-not-allowed') throw methodNotAllowed(match.allowed);

      const route = match.route;
      const raw = route.options.raw;
      const bytes = BODY_METHODS.has(method) ? await readBody(req, raw ? raw.limitBytes : bodyLimit) : undefined;
      const body = bytes && !raw ? parseBody(bytes, req.headers['content-type'], route.options.form === true) : {};
      const hostHeader = req.headers.host ?? '';
      const reached = HOST_HEADER.test(hostHeader) ? hostHeader : `127.0.0.1:${hosted ? hostedPort : port}`;
      const baseUrl = `http://${reached}`;
      // the other origin on the host name the caller used (localhost stays localhost)
      const hostname = reached.replace(/:\d+$/, '');
      const apiUrl = hosted ? `http://${hostname}:${port}` : baseUrl;
      const hostedUrl = hosted ? baseUrl : `http://${hostname}:${hostedPort}`;
      let resolved: Caller | null | undefined;
      const tryCaller = (): Caller | null => {
        if (resolved === undefined) resolved = resolveCaller(db, req.headers, app.apiKey, now());
        return resolved;
      };
      const visitorOrMember = () => requireVisitorOrMember(requireAuth(tryCaller()));
      const ctx: RequestContext = {
        req,
        url,
        params: match.params,
        query: url.searchParams,
        body,
        ...(raw && bytes ? { rawBody: bytes } : {}),
        requestId,
        db,
        app,
        baseUrl,
        apiUrl,
        hostedUrl,
        now,
        tryAuth: () => {
          const c = tryCaller();
          return c && c.kind !== 'admin' ? c : null;
        },
        auth: visitorOrMember,
        requireMember: (...roles: MemberRole[]) => requireRole(visitorOrMember(), ...roles),
        caller: () => requireAuth(tryCaller()),
        requireAdmin: () => requireAdminCaller(requireAuth(tryCaller())),
      };
      if (app.refusedOperations.size && isRefused(app.refusedOperations, route.method, route.pattern)) {
        ctx.caller(); // 401 first: a refusal is for a caller the platform knows
        throw refusal();
      }
      const result = await route.handler(ctx);
      if (res.headersSent || res.destroyed) return;
      if (fault?.dropAfter) {
        // A lost answer: the work is done; the headers and half the body go out, then the connection breaks. (With no
        // byte sent at all, a browser would silently send a POST again on a fresh connection.)
        const text = Buffer.from(isJsonResult(result) ? JSON.stringify(result.json) : result.body);
        res.writeHead(result.status ?? 200, {
          'Content-Type': isJsonResult(result)
            ? 'application/json; charset=utf-8'
            : (result.contentType ?? 'application/octet-stream'),
          'Content-Length': String(text.length),
        });
        res.write(text.subarray(0, Math.max(1, Math.floor(text.length / 2))), () => req.socket.destroy());
        return;
      }
      if (isJsonResult(result)) {
        sendJson(res, method, result.status ?? 200, result.json, result.headers);
      } else {
        send(res, method, result.status ?? 200, result.contentType, result.body, result.headers);
      }
    } catch (err) {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      if (err instanceof PlatformError) {
        sendError(res, method, err, requestId);
        return;
      }
      // Log the failure (never headers or bodies: they may hold tokens) and keep serving.
      console.error(
        `[emulator] ${requestId} ${method} ${pathForLog} failed:`,
        err instanceof Error ? (err.stack ?? err.message) : err,
      );
      sendError(res, method, internalError(), requestId);
    }
  }

  /** One listener: the API's (`hosted` false) or the hosted pages' (true), same app and router. */
  const makeServer = (hosted: boolean) => {
    const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
      void handle(req, res, hosted);
    });
    server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
      if (err.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(rawErrorResponse(clientErrorFor(err)));
    });
    // node hands CONNECT to this event and drops the connection when nobody listens: answer 405 like any other method.
    server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
      socket.on('error', () => socket.destroy());
      socket.end(rawErrorResponse(methodNotAllowed(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])));
    });
    return server;
  };
  const server = makeServer(false);
  const hostedServer = makeServer(true);
  const servers = [server, hostedServer];

  const host = opts.host ?? '127.0.0.1';
  const listen = (s: ReturnType<typeof makeServer>, p: number) =>
    new Promise<number>((ok, fail) => {
      s.once('error', fail);
      s.listen(p, host, () => {
        s.off('error', fail);
        ok((s.address() as AddressInfo).port);
      });
    });
  const wantedPort = opts.port ?? DEFAULT_PORT;
  try {
    port = await listen(server, wantedPort);
    hostedPort = await listen(hostedServer, opts.hostedPort ?? (wantedPort === 0 ? 0 : DEFAULT_HOSTED_PORT));
  } catch (err) {
    for (const s of servers) if (s.listening) s.close();
    closeStore();
    throw err;
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;
  if (opts.demoOrders) {
    const base = `http://${urlHost}:${port}`;
    try {
      seedDemoOrders({ db, baseUrl: base, apiUrl: base, now });
      seedDemoStockRequests(db, now());
    } catch (err) {
      for (const s of servers) s.close();
      closeStore();
      throw err;
    }
  }

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing = true;
      for (const release of [...delays]) release();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((done) => {
              const force = setTimeout(() => s.closeAllConnections(), 2000);
              s.close(() => {
                clearTimeout(force);
                done();
              });
              s.closeIdleConnections();
            }),
        ),
      );
      closeStore();
    })();
    return closed;
  };

  return {
    url: `http://${urlHost}:${port}`,
    port,
    hostedUrl: `http://${urlHost}:${hostedPort}`,
    hostedPort,
    db,
    app,
    clientSecret,
    routes: () => router.list(),
    close,
  };
}
