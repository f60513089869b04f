/**
 * The site companion (`data-companion`, issue 16): the site owner's own server, holding the admin identity a browser
 * may not, with an allow-list of operations each checked for who asks (docs/wire.md "Site companion"). Its routes are
 * under `<companion>/v1/`; every call carries the widget's own access token in `Authorization` (the value core sends
 * to the platform), never a cookie, and its errors are the platform's error body, so `InlayApiError` reads them.
 * Loaded on demand only by the widgets that use it, and only on a page that names a companion.
 *
 * The companion's wire is declared once. Its routes, one table per area beside the calls that use it
 * (companion-routes.ts: a visitor's and a member's, and the owner's review moderation; orders.ts: a member's orders;
 * admin-orders.ts, order-changes.ts, admin-payments.ts, admin-abandoned.ts: the owner's console), give each route its
 * method, its path (under `/v1`, `{name}` parameters) and the schema its answer parses with; companion-requests.ts
 * gives the schema of each route's request body, by `METHOD /path`. The companion serves and checks exactly these
 * (companion-table.ts joins them; tests/contract/companion.test.ts calls every one), and the browser calls them
 * through {@link callRoute}, each body typed from its schema.
 */
import { z } from 'zod/mini';
import { createHttp, type Http } from '../http.ts';
import type { InlayClient } from '../client.ts';
import { httpUrl } from '../safe-url.ts';
import { InlayApiError } from '../errors.ts';
import { storageKey, webStorage } from '../storage.ts';
import { route, type HttpMethod } from '../urls.ts';
import type { Review } from './reviews.ts';
import type { Image } from './media.ts';
import type { ItemDetails, NewStockRequest, StockRequest } from './back-in-stock.ts';
import {
  bulkModerateRoute,
  challengeRoute,
  deleteReplyRoute,
  deleteReviewRoute,
  mediaRoute,
  meRoute,
  moderateRoute,
  newStockRequestRoute,
  pendingRoute,
  replyRoute,
  stockRequestRoute,
  stopStockRequestRoute,
  visitorReviewRoute,
} from './companion-routes.ts';
import type { ReviewContent } from './review-writes.ts';
import type { CompanionRequests, IMAGE_BYTES } from './companion-requests.ts';

type Client = Pick<InlayClient, 'config' | 'tokens' | 'fetch'>;

const made = new WeakMap<object, Http>();

/**
 * The companion's http for `client` (one per client), or undefined when the page names none. `page`: the page's URL,
 * against which a path such as `/api/inlay` is resolved (the companion on the shop's own origin). Same timeouts,
 * retries of reads and one renewal after a 401 as the platform's calls; no cookies, even on the same origin.
 */
export function companionOf(client: Client, page: string): Http | undefined {
  const c = client.config.companion;
  const base = c && httpUrl(c, page)?.replace(/\/+$/, '');
  if (!base) return undefined;
  let http = made.get(client);
  if (!http) {
    const { tokens } = client;
    made.set(
      client,
      (http = createHttp({
        config: { apiBase: `${base}/v1` },
        getAccessToken: () => tokens.getAccessToken(),
        // a member's call is not replayed as the visitor a failed renewal falls back to
        renewAfter401: async (rejected) => {
          const role = tokens.role();
          await tokens.forceRenew(rejected);
          return tokens.role() === role;
        },
        fetch: (input, init) => client.fetch(input, { ...init, credentials: 'omit' }),
        pageOrigin: new URL(page).origin,
      })),
    );
  }
  return http;
}

/** `companionOf`, for a caller that needs it: a companion that cannot be resolved is a `config` error. */
export function companionHttp(client: Client, page: string): Http {
  const http = companionOf(client, page);
  if (!http) throw new InlayApiError({ kind: 'config', message: 'data-companion cannot be resolved on this page' });
  return http;
}

// ------------------------------------------------------------------ the wire's shape and the one way to call it

/** One route of the companion's wire. */
export interface CompanionRoute<A = unknown> {
  method: HttpMethod;
  /** Under `<companion>/v1`; `{name}` is a path parameter (filled and URL-encoded by {@link callRoute}). */
  path: string;
  /** What its answer parses with: the browser's own schema (every answer the companion gives must pass it). */
  schema: z.ZodMiniType<A>;
  /** A read sent as a POST (a structured query): retried as reads are. */
  kind?: 'read';
}
/** An area's table of routes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CompanionRoutes = readonly CompanionRoute<any>[];
/** A route's name in the companion's wire, `METHOD /path` (`{name}` parameters): as docs/companion.md lists it. */
export type RouteKey<R extends Pick<CompanionRoute, 'method' | 'path'>> = `${R['method']} ${R['path']}`;
/** A route's request body: a JSON object checked with a zod schema, or {@link IMAGE_BYTES}. */
export type RequestBody = z.ZodMiniType | typeof IMAGE_BYTES;
/** What a browser sends as the body of route `K`, given the request schemas `Q`: none when `Q` names none. */
export type BodyOf<Q, K> = K extends keyof Q
  ? Q[K] extends z.ZodMiniType
    ? z.input<Q[K]>
    : Q[K] extends typeof IMAGE_BYTES
      ? Blob
      : never
  : undefined;

/** The `{name}` parameters of a path. */
type ParamsOf<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamsOf<Rest> : never;
type Body<R extends CompanionRoute> = BodyOf<CompanionRequests, RouteKey<R>>;
/** A call of route `R`: each of its path's `{name}` parameters, and its body when it takes one. */
export type CallOptions<R extends CompanionRoute> = { [K in ParamsOf<R['path']>]: string } & (Body<R> extends undefined
  ? { body?: undefined }
  : { body: Body<R> }) & { signal?: AbortSignal; timeoutMs?: number };

/**
 * Call route `r` of the companion on `http` (companionOf's): its answer, parsed with the route's schema. The options
 * name the path's parameters (`{id}` → `id`, URL-encoded) and give the body, typed from the route's request schema
 * (companion-requests.ts: a type only here, its code is the companion's and never reaches a browser chunk).
 */
export function callRoute<R extends CompanionRoute>(
  http: Http,
  r: R,
  ...o: object extends CallOptions<R> ? [CallOptions<R>?] : [CallOptions<R>]
): Promise<z.output<R['schema']>>;
export function callRoute(http: Http, r: CompanionRoute, o: Record<string, string> = {}): Promise<unknown> {
  return http.request({ ...o, ...r, ...route(r, o) });
}

// ------------------------------------------------------------------ a visitor's and a member's calls

export type { Challenge } from './companion-routes.ts';

/** `GET /v1/me`: who this token is to the companion, and whether it is one of the site's owners. */
export const me = (http: Http) => callRoute(http, meRoute);

/** Each client's answers so far, by member id (a second client on the page asks for itself). */
const ownersOf = new WeakMap<object, Map<string, Promise<boolean>>>();

/**
 * Whether member `memberId` is one of the site's owners, asked of the companion (`GET me`) once per member per page, for
 * every widget that wants to know (the console, the reviews' owner tools). A "no" is remembered for the tab
 * (sessionStorage), so a shopper's next pages do not ask again; a failure is not remembered: it rejects this time (the
 * console says so, with a retry; the reviews show no owner tools) and is asked again on the next call. The companion checks every owner call itself: this only decides what is shown.
 */
export function isOwner(client: Client, page: string, memberId: string): Promise<boolean> {
  const store = webStorage('session');
  const key = storageKey('owner', memberId);
  const remember = (v: string | null) => {
    try {
      return v === null ? store?.getItem(key) : store?.setItem(key, v);
    } catch {
      return undefined; // storage blocked
    }
  };
  // (no companion on the page: nobody is an owner here, nothing to ask)
  if (!client.config.companion || remember(null) === '0') return Promise.resolve(false);
  let owners = ownersOf.get(client);
  if (!owners) ownersOf.set(client, (owners = new Map()));
  let known = owners.get(memberId);
  if (!known) {
    const asked = (async () => me(companionHttp(client, page)))().then(
      (r) => (remember(r.owner ? '1' : '0'), r.owner),
      (e: unknown) => {
        owners.delete(memberId);
        throw e;
      },
    );
    owners.set(memberId, (known = asked));
  }
  return known;
}

/** An ALTCHA v1 challenge (`GET /v1/challenge`). */
export const getChallenge = (http: Http, signal?: AbortSignal) => callRoute(http, challengeRoute, { signal });

/**
 * A visitor's review (`POST /v1/reviews`): name and email make the author's contact on the companion's side. Its
 * photos are {@link uploadMedia}'s, which always carry their `id` (the companion refuses one without: 400); `Image`
 * types it optional, as the platform's other images may lack one.
 */
export const createVisitorReview = async (
  http: Http,
  body: Omit<BodyOf<CompanionRequests, 'POST /reviews'>, 'content'> & { content: ReviewContent },
): Promise<Review> =>
  (await callRoute(http, visitorReviewRoute, { body: body as BodyOf<CompanionRequests, 'POST /reviews'> })).review;

/** A review photo (`POST /v1/media`, the raw bytes with their type), into the site's visitor uploads. */
export const uploadMedia = async (http: Http, file: File): Promise<Image> =>
  (await callRoute(http, mediaRoute, { body: file, timeoutMs: 60_000 })).image;

/** `POST /v1/stock-requests`: the platform's create body; `handle` reads and stops it later (this device keeps it). */
export const createStockRequestVia = (http: Http, request: NewStockRequest, itemDetails: ItemDetails) =>
  callRoute(http, newStockRequestRoute, { body: { request, itemDetails } });

/** The request behind `handle` (404 `NOT_FOUND` once it no longer exists). */
export const stockRequestStatus = async (http: Http, handle: string): Promise<StockRequest> =>
  (await callRoute(http, stockRequestRoute, { handle })).request;

/** Stop the request behind `handle`: no email will be sent for it. */
export const stopStockRequest = async (http: Http, handle: string): Promise<void> => {
  await callRoute(http, stopStockRequestRoute, { handle });
};

// The owner's calls (403 `NOT_OWNER` to anyone else).

/** The pending queue (in moderation, oldest first, private fields included, 50 a page). */
export const pendingReviews = (http: Http, o: { namespace: string; entityId?: string; cursor?: string }) =>
  callRoute(http, pendingRoute, { body: o });
export const moderate = async (http: Http, id: string, status: 'APPROVED' | 'REJECTED') =>
  (await callRoute(http, moderateRoute, { id, body: { status } })).review;
/** Start moderating an item's pending reviews: how many were pending (the platform's job may still be running). */
export const bulkModerate = async (
  http: Http,
  o: { namespace: string; entityId: string; status: 'APPROVED' | 'REJECTED' },
) => (await callRoute(http, bulkModerateRoute, { body: o })).count;
export const reply = async (http: Http, id: string, message: string) =>
  (await callRoute(http, replyRoute, { id, body: { message } })).review;
export const deleteReply = async (http: Http, id: string) => (await callRoute(http, deleteReplyRoute, { id })).review;
export const deleteReview = async (http: Http, id: string) => {
  await callRoute(http, deleteReviewRoute, { id });
};
