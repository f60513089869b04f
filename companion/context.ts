/**
 * What app.ts (the composition root) lends every part of the companion: the Hono environment they share, the identity
 * checks as middleware, the platform as the admin identity, the counters and the limits. Each part is a Hono sub-app
 * (visitor.ts, reviews.ts, account.ts, admin-orders.ts, admin-payments.ts, admin-abandoned.ts) that app.ts mounts
 * with `app.route('/v1', …)`; its routes are the wire table's (wire.ts `serve`).
 */
import type { MiddlewareHandler } from 'hono';
import type { RequestOptions } from '../core/http.ts';
import type { CompanionConfig } from './config.ts';
import type { CounterStore } from './counters.ts';
import type { Caller } from './identity.ts';
import type { CursorSeals, Handles } from './keys.ts';
import type { Platform } from './platform.ts';

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
  /** Public reads that go to the platform (not answered from the cache), per client address. */
  publicReads: [number, number];
}

/**
 * The companion's Hono environment: the runtime's client address (`fetch(request, {ip})`), and what middleware sets
 * on the way: the request's id, the client address counted, the verified caller (the guards below) and the request
 * body checked with its route's schema (wire.ts).
 */
export type Env = {
  Bindings: { ip?: string };
  Variables: { requestId: string; ip: string; caller: Caller; body: unknown };
};
export type Guard = MiddlewareHandler<Env>;

/**
 * The identity checks, as middleware in front of a route: each verifies the caller's token (identity.ts), counts it
 * against the per-visitor limit, and sets `caller`. Decided here for every route, so a new one cannot forget it: a GET
 * (a read) may use the identity cache (at most READ_CACHE_MS); any other method (every write, and the few reads sent
 * as POST) and every owner route ask the platform each time, so a logout or a deleted account ends access at once.
 */
export interface Guards {
  /** A visitor or a member. */
  caller: Guard;
  /** A visitor only: 403 `USE_MEMBER_TOKEN` for a member (members write with their own token). */
  visitor: Guard;
  /** A member only: 403 `MEMBER_ONLY` for a visitor. */
  member: Guard;
  /** One of the site's owners (INLAY_OWNERS), asked of the platform every time: 403 `NOT_OWNER` for anyone else. */
  owner: Guard;
}

/** What app.ts lends each part: its own helpers, not copies. */
export interface Kit {
  cfg: CompanionConfig;
  now(): number;
  /** The companion's fetch (deps.fetch or the runtime's): for the few platform calls made outside core's http. */
  fetch: typeof fetch;
  /** One line, secrets redacted. */
  log(line: string): void;
  platform: Platform;
  counters: CounterStore;
  /** The limits now (a test may change them while it runs). */
  limits: Limits;
  /** One hit on `key` within `[count, windowMs]`: 429 `RESOURCE_EXHAUSTED` beyond. */
  limit(key: string, rule: [number, number]): Promise<void>;
  guard: Guards;
  /** An admin call; the platform's refusal relayed, its failure a 502 (app.ts `relay`). */
  asAdmin<T>(what: string, o: RequestOptions<T>): Promise<T>;
  /** A platform failure as the companion's answer: its refusals relayed (code, text), its outages a 502. */
  relay(e: unknown, what: string): never;
  /** Back-in-stock handles and the captcha's HMAC key, derived from the secret. */
  keys: Promise<[Handles, string]>;
  /** Sealed list cursors, derived from the secret. */
  seals: Promise<CursorSeals>;
}
