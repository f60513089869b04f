/**
 * The site companion (`data-companion`, issue 16): the site owner's own server, holding the admin identity a browser
 * may not, with an allow-list of operations each checked for who asks (docs/wire.md "Site companion"). Its routes are
 * under `<companion>/v1/`; every call carries the widget's own access token in `Authorization` (the value core sends
 * to the platform), never a cookie, and its errors are the platform's error body, so `InlayApiError` reads them.
 * Loaded on demand only by the widgets that use it, and only on a page that names a companion.
 */
import { z } from 'zod/mini';
import { dictOf } from './json.ts';
import { createHttp, type Http } from '../http.ts';
import type { InlayClient } from '../client.ts';
import { httpUrl } from '../safe-url.ts';
import { InlayApiError } from '../errors.ts';
import { storageKey, webStorage } from '../storage.ts';
import { reviewSchema, type Review } from './reviews.ts';
import { imageSchema, type Image } from './media.ts';
import { stockRequestSchema, type ItemDetails, type NewStockRequest, type StockRequest } from './back-in-stock.ts';
import type { ReviewContent } from './review-writes.ts';

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

const one = z.object({ review: reviewSchema });
const empty = z.object({});

/** `GET /v1/me`: who this token is to the companion, and whether it is one of the site's owners. */
export const me = (http: Http) =>
  http.request({
    path: '/me',
    schema: z.object({
      kind: z.string(),
      owner: z.boolean(),
      features: z.optional(dictOf((v): v is boolean => typeof v === 'boolean')),
    }),
  });

const owners = new Map<string, Promise<boolean>>();

/**
 * Whether member `memberId` is one of the site's owners, asked of the companion (`GET me`) once per member per page, for
 * every widget that wants to know (the console, the reviews' owner tools). A "no" is remembered for the tab
 * (sessionStorage), so a shopper's next pages do not ask again; a failure is not remembered: `false` this time, asked
 * again on the next call. The companion checks every owner call itself: this only decides what is shown.
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
  if (remember(null) === '0') return Promise.resolve(false);
  let known = owners.get(memberId);
  if (!known) {
    const asked = (async () => me(companionHttp(client, page)))().then(
      (r) => (remember(r.owner ? '1' : '0'), r.owner),
      () => (owners.delete(memberId), false),
    );
    owners.set(memberId, (known = asked));
  }
  return known;
}

/** An ALTCHA v1 challenge (`GET /v1/challenge`). */
export const challengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number(),
  salt: z.string(),
  signature: z.string(),
});
export type Challenge = z.infer<typeof challengeSchema>;
export const getChallenge = (http: Http, signal?: AbortSignal) =>
  http.request({ path: '/challenge', schema: challengeSchema, signal });

/** A visitor's review (`POST /v1/reviews`): name and email make the author's contact on the companion's side. */
export const createVisitorReview = async (
  http: Http,
  body: { namespace: string; entityId: string; name: string; email: string; content: ReviewContent; captcha: string },
): Promise<Review> => (await http.request({ method: 'POST', path: '/reviews', body, schema: one })).review;

/** A review photo (`POST /v1/media`, the raw bytes with their type), into the site's visitor uploads. */
export const uploadMedia = async (http: Http, file: File): Promise<Image> =>
  (
    await http.request({
      method: 'POST',
      path: '/media',
      body: file,
      schema: z.object({ image: imageSchema }),
      timeoutMs: 60_000,
    })
  ).image;

/** `POST /v1/stock-requests`: the platform's create body; `handle` reads and stops it later (this device keeps it). */
export const createStockRequestVia = (http: Http, request: NewStockRequest, itemDetails: ItemDetails) =>
  http.request({
    method: 'POST',
    path: '/stock-requests',
    body: { request, itemDetails },
    schema: z.object({ request: stockRequestSchema, handle: z.string().check(z.minLength(1)) }),
  });

const handlePath = (handle: string) => `/stock-requests/${encodeURIComponent(handle)}`;

/** The request behind `handle` (404 `NOT_FOUND` once it no longer exists). */
export const stockRequestStatus = async (http: Http, handle: string): Promise<StockRequest> =>
  (await http.request({ path: handlePath(handle), schema: z.object({ request: stockRequestSchema }) })).request;

/** Stop the request behind `handle`: no email will be sent for it. */
export const stopStockRequest = async (http: Http, handle: string): Promise<void> => {
  await http.request({ method: 'DELETE', path: handlePath(handle), schema: empty });
};

// The owner's calls (403 `NOT_OWNER` to anyone else).
const reviewPath = (id: string, tail = '') => `/reviews/${encodeURIComponent(id)}${tail}`;

/** The pending queue (in moderation, oldest first, private fields included, 50 a page). */
export const pendingReviews = (http: Http, o: { namespace: string; entityId?: string; cursor?: string }) =>
  http.request({
    method: 'POST',
    path: '/reviews/pending',
    body: o,
    kind: 'read',
    schema: z.object({ reviews: z.array(reviewSchema), next: z.optional(z.nullable(z.string())) }),
  });
export const moderate = async (http: Http, id: string, status: 'APPROVED' | 'REJECTED') =>
  (await http.request({ method: 'POST', path: reviewPath(id, '/moderate'), body: { status }, schema: one })).review;
export const bulkModerate = async (
  http: Http,
  o: { namespace: string; entityId: string; status: 'APPROVED' | 'REJECTED' },
) =>
  (
    await http.request({
      method: 'POST',
      path: '/reviews/bulk-moderate',
      body: o,
      schema: z.object({ done: z.number() }),
    })
  ).done;
export const reply = async (http: Http, id: string, message: string) =>
  (await http.request({ method: 'PUT', path: reviewPath(id, '/reply'), body: { message }, schema: one })).review;
export const deleteReply = async (http: Http, id: string) =>
  (await http.request({ method: 'DELETE', path: reviewPath(id, '/reply'), schema: one })).review;
export const deleteReview = async (http: Http, id: string) => {
  await http.request({ method: 'DELETE', path: reviewPath(id), schema: empty });
};
