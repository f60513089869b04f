/**
 * A small router: method + path pattern (`/products/:id`, `/inlay/*`) → handler.
 * Route modules are functions `(router, app) => void` that register their routes; see server.ts.
 */
import type { IncomingMessage } from 'node:http';
import type { Database } from 'better-sqlite3';
import type { Operation } from '../core/urls.ts';
import type { AdminIdentity, Caller, Identity, MemberIdentity, MemberRole } from './domain/auth.ts';
import type { CatalogVersion } from './domain/catalog.ts';
import type { FaultStore } from './faults.ts';
import type { KnownRequesters, RateLimiter, ThrottleLimits } from './domain/identity.ts';
import type { SalesSource } from './domain/recommendations.ts';
import { toPattern } from './paths.ts';

/** Methods a route can be registered for (HEAD is served by GET routes). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON answer (the default for API routes); status defaults to 200. */
export interface JsonResult {
  status?: number;
  json: unknown;
  headers?: Record<string, string>;
}

/** A raw answer (HTML, SVG, static files, redirects). */
export interface RawResult {
  status?: number;
  body: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export type HandlerResult = JsonResult | RawResult;

/** What a redirect-session intent handler returns: where the visitor goes. */
export interface RedirectTarget {
  fullUrl: string;
  /** The stored session id, when the handler made one. */
  id?: string;
}

/**
 * Handles one intent key of a redirect-session request (`auth`, `logout`, `ecomCheckout`…). `value` is
 * `body[intent]`; `body` the whole request (for `callbacks`, `preferences`); `identity` the caller (visitor or
 * member). Throw a PlatformError for bad input. Registered per emulator (`registerRedirectIntent`, routes/redirects.ts).
 */
export type RedirectIntentHandler = (
  ctx: RequestContext,
  value: unknown,
  body: Record<string, unknown>,
  identity: Identity,
) => RedirectTarget;

/**
 * One emulator's state, shared by its route modules. Everything an emulator changes lives here or in its database
 * (no module-level mutable state): two emulators in one process share nothing.
 */
export interface EmulatorApp {
  db: Database;
  /** The media library's bytes on disk, one file per descriptor id (server.ts `EmulatorOptions.mediaDir`). */
  mediaDir: string;
  /** Imports from a URL still running in the background; aborted on close. */
  mediaImports: Set<AbortController>;
  /** Origins an import may fetch from although loopback or private, in dev mode only (`EmulatorOptions`). */
  mediaImportAllow: readonly string[];
  /** The DNS lookup imports use; default `node:dns`. */
  mediaImportResolve?: (host: string) => Promise<{ address: string; family: number }[]>;
  /** Epoch milliseconds; injectable for tests. */
  now: () => number;
  accessTokenTtlSeconds: number;
  demoOrigins: string[];
  assetsDir: string;
  faults: FaultStore;
  /** Dev mode: `/_dev/*` helpers and fault injection (see `EmulatorOptions.dev`). */
  dev: boolean;
  /** Rate limits on anonymous tokens, sign-ups and reset mails (identity.ts). */
  throttle: ThrottleLimits;
  /** The site's admin API key (see `EmulatorOptions.apiKey`); none: API-key calls are refused. */
  apiKey?: string;
  /** Rate-limit counters (anonymous tokens, sign-ups, reset mails); in memory, a restart forgets them. */
  rateLimiter: RateLimiter;
  /** Addresses and visitors each member has signed in from (reset mails they ask for are their own); in memory. */
  knownRequesters: KnownRequesters;
  /** Redirect-session intents by body key, in registration order (the route modules add theirs). */
  redirectIntents: Map<string, RedirectIntentHandler>;
  /** Where "Best sellers" and "Frequently bought together" read sales: the placed orders by default. */
  salesSources: SalesSource[];
  /** The Stores catalog the site is on: its V1 or its V3 routes answer, the other's answer 428. */
  catalog: CatalogVersion;
  /**
   * Calls the platform refuses to the site (403 `PERMISSION_DENIED`), by operation name or `METHOD /path`
   * (refusals.ts; `EmulatorOptions.refuseOperations`); a test may change it while the emulator runs.
   */
  refusedOperations: Set<string>;
}

/** What a handler receives. */
export interface RequestContext {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body (`{}` when empty); form-urlencoded bodies become an object on routes with `form: true`. */
  body: unknown;
  /** The body's bytes, on routes registered with `raw` only. */
  rawBody?: Buffer;
  requestId: string;
  db: Database;
  app: EmulatorApp;
  /** `http://host:port` as the caller reached us (from the Host header, sanitized), for absolute URLs. */
  baseUrl: string;
  /** The data API's origin (`http://host:port`), the host as the caller reached us: where media and API URLs point. */
  apiUrl: string;
  /**
   * The hosted pages' origin (`http://host:port`, the emulator's second port, like the platform's site domain): where
   * redirect sessions send the browser (authorize, login, logout, account, checkout pages).
   */
  hostedUrl: string;
  now: () => number;
  /**
   * The caller's visitor or member identity from the Authorization header; 401 when missing, unknown or expired, 403
   * for an admin identity (these calls act for a visitor or a member).
   */
  auth(): Identity;
  /** Like auth() but null when there is no valid visitor or member token (an admin identity included). */
  tryAuth(): Identity | null;
  /** auth() and a member token with one of `roles` (any role when empty); 401 / 403 otherwise. */
  requireMember(...roles: MemberRole[]): MemberIdentity;
  /**
   * Any caller: a visitor or member token, or an admin identity (`kind === 'admin'`: a `client_credentials` token, or
   * the API key with `wix-site-id`); 401 when there is none or the API key is wrong.
   */
  caller(): Caller;
  /** caller() and an admin identity; 403 for a visitor or member token. */
  requireAdmin(): AdminIdentity;
}

export type Handler = (ctx: RequestContext) => HandlerResult | Promise<HandlerResult>;

export interface RouteOptions {
  /**
   * `clients` (the default on the API's origin): CORS for registered clients' origins. `public`:
   * `Access-Control-Allow-Origin: *` (static files, media). `none` (the default on the hosted pages' origin): no CORS
   * header at all, so no other origin's script reads a hosted page or a form's answer.
   */
  cors?: 'clients' | 'public' | 'none';
  /** Also accept `application/x-www-form-urlencoded` bodies. */
  form?: boolean;
  /** Hand the body over as bytes (`ctx.rawBody`, `ctx.body` = `{}`) with its own size limit (uploads). */
  raw?: { limitBytes: number };
  /**
   * Served on the hosted pages' origin (the emulator's second port) instead of the API's: the pages a redirect
   * session leads to, their stylesheets and scripts. Each origin answers only its own routes (404 for the other's).
   */
  hosted?: boolean;
}

/** A route module registers routes on the router. */
export type RouteModule = (router: Router, app: EmulatorApp) => void;

interface Route {
  method: HttpMethod;
  pattern: string;
  segments: string[];
  handler: Handler;
  options: RouteOptions;
}

/** A registered route as listed by {@link Router.list}. */
export interface RouteInfo {
  method: HttpMethod;
  pattern: string;
  options: RouteOptions;
}

export type MatchResult =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: HttpMethod[]; options: RouteOptions }
  | { kind: 'not-found' };

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], path: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    if (p === '*' && i === pattern.length - 1) {
      // Wildcard: the rest of the path, still percent-encoded (the static handler decodes and checks it).
      params['*'] = path.slice(i).join('/');
      return params;
    }
    const s = path[i];
    if (s === undefined) return null;
    if (p.startsWith(':')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(s);
      } catch {
        return null;
      }
      params[p.slice(1)] = decoded;
    } else if (p !== s) {
      return null;
    }
  }
  return path.length === pattern.length ? params : null;
}

export class Router {
  private readonly routes: Route[] = [];
  private readonly gone: { method: HttpMethod; segments: string[] }[] = [];

  add(method: HttpMethod, pattern: string, handler: Handler, options: RouteOptions = {}): this {
    this.routes.push({ method, pattern, segments: splitPath(pattern), handler, options });
    return this;
  }
  get(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('GET', pattern, handler, options);
  }
  post(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('POST', pattern, handler, options);
  }
  put(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('PUT', pattern, handler, options);
  }
  patch(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('PATCH', pattern, handler, options);
  }
  delete(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('DELETE', pattern, handler, options);
  }
  /** An operation of core's table (`core/urls.ts` `ops`, see paths.ts): its method at its path (`{id}` → `:id`). */
  operation(op: Operation, handler: Handler, options?: RouteOptions): this {
    return this.add(op.method, toPattern(op.path), handler, options);
  }
  /** The POST an operation's GET falls back to when its query string gets too long (`fallbackPath`). */
  fallback(op: Operation, handler: Handler, options?: RouteOptions): this {
    if (!op.fallbackPath) throw new Error(`${op.method} ${op.path} has no fallback path`);
    return this.add('POST', toPattern(op.fallbackPath), handler, options);
  }

  /**
   * A call the platform removed: `method` at `pattern` answers exactly like a path nobody serves (404 `NOT_FOUND`),
   * even where another method's `:param` route would otherwise make it a 405 (`POST /reviews/v1/reviews/contact`
   * next to `GET /reviews/v1/reviews/:id`).
   */
  removed(method: HttpMethod, pattern: string): this {
    this.gone.push({ method, segments: splitPath(pattern) });
    return this;
  }

  /** Every registered route, in registration order. */
  list(): RouteInfo[] {
    return this.routes.map(({ method, pattern, options }) => ({ method, pattern, options }));
  }

  /**
   * Find the route for a method and a (still encoded) path, among the routes of one origin (`hosted`: the hosted
   * pages' origin, else the API's). Literal routes win over earlier `:param` ones.
   */
  match(method: string, path: string, hosted = false): MatchResult {
    const segs = splitPath(path);
    const want = method === 'HEAD' ? 'GET' : method;
    if (this.gone.some((g) => g.method === want && matchSegments(g.segments, segs))) return { kind: 'not-found' };
    const allowed: HttpMethod[] = [];
    let allowedOptions: RouteOptions = {};
    let best: { route: Route; params: Record<string, string>; score: number } | undefined;
    for (const route of this.routes) {
      if ((route.options.hosted === true) !== hosted) continue;
      const params = matchSegments(route.segments, segs);
      if (!params) continue;
      if (route.method !== want) {
        if (!allowed.includes(route.method)) allowed.push(route.method);
        allowedOptions = route.options;
        continue;
      }
      // More literal segments = more specific.
      const score = route.segments.filter((s) => !s.startsWith(':') && s !== '*').length;
      if (!best || score > best.score) best = { route, params, score };
    }
    if (best) return { kind: 'found', route: best.route, params: best.params };
    if (allowed.length > 0) return { kind: 'method-not-allowed', allowed, options: allowedOptions };
    return { kind: 'not-found' };
  }
}
