/**
 * The owner console's fulfilment of orders, through the site companion (docs/companion.md "Owner console:
 * fulfilment"): mark lines shipped with a carrier and tracking, notify the buyer or not, change the tracking, delete a
 * shipment, and "mark as shipped" for many orders. Every route is the owner's only (403 `NOT_OWNER` to anyone else).
 * Loaded with the order's fulfil panel and the bulk bar only.
 *
 * A lost answer never fulfils twice: each change to one order carries the {@link fulfilmentRevision} of the shipments
 * the console showed, and the companion refuses it (409 `FULFILLMENTS_CHANGED`, with the shipments as they are) when
 * they are not those any more; "mark as shipped" fulfils only what is left of each order, so sending it again finds
 * nothing left (`already`).
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type BodyOf, type CompanionRoutes } from './companion.ts';
import type { CompanionRequests } from './companion-requests.ts';
import { fulfillmentSchema, orderSchema, type Fulfillment } from './orders.ts';

const str = z.string();

/** The carriers the platform derives a tracking link for (the fulfillments client's predefined providers). */
export const CARRIERS = ['fedex', 'ups', 'usps', 'dhl', 'canadaPost'] as const;

/**
 * The shipments as a short fingerprint (ids, lines and tracking, in order): what a change says it saw. The same
 * function on both sides (the console from what it shows, the companion from what it reads back).
 */
export function fulfilmentRevision(fs: readonly Fulfillment[]): string {
  const text = JSON.stringify(
    fs.map((f) => [f.id, f.lineItems?.map((l) => [l.id, l.quantity]), f.trackingInfo ?? null]),
  );
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${fs.length}-${h.toString(36)}`;
}

const answer = z.looseObject({
  order: orderSchema,
  fulfillments: z.array(fulfillmentSchema),
  /** With `notify`: SENT, or why not (NOT_AVAILABLE_HERE: the platform refused the call; FAILED: it failed this time). */
  email: z.optional(z.enum(['SENT', 'NOT_AVAILABLE_HERE', 'FAILED'])),
});
export type FulfilAnswer = z.infer<typeof answer>;

/** Lines shipped (quantities; all that is left when none is given) with a carrier and tracking; the buyer emailed or not. */
const fulfilRoute = { method: 'POST', path: '/admin/orders/{id}/fulfillments', schema: answer } as const;
/** The shipment's carrier, number or link changed (an empty one removed). */
const editFulfilmentRoute = {
  method: 'PATCH',
  path: '/admin/orders/{id}/fulfillments/{fulfillmentId}',
  schema: answer,
} as const;
/** The shipment deleted: its lines are to ship again. */
const deleteFulfilmentRoute = {
  method: 'DELETE',
  path: '/admin/orders/{id}/fulfillments/{fulfillmentId}',
  schema: answer,
} as const;
/** Everything left of each order shipped (one shipment each), one result per order. */
const markShippedRoute = {
  method: 'POST',
  path: '/admin/orders/mark-shipped',
  schema: z.looseObject({
    results: z.array(
      z.looseObject({
        orderId: str,
        ok: z.boolean(),
        /** Nothing was left to ship (sent again after a lost answer, or shipped meanwhile). */
        already: z.optional(z.boolean()),
        fulfillmentStatus: z.optional(str),
        /** With `notify`: as for one order. */
        email: z.optional(str),
        error: z.optional(z.looseObject({ code: str, description: z.optional(str) })),
      }),
    ),
    succeeded: z.number(),
    failed: z.number(),
  }),
} as const;

export const adminFulfillmentsRoutes = [
  fulfilRoute,
  editFulfilmentRoute,
  deleteFulfilmentRoute,
  markShippedRoute,
] as const satisfies CompanionRoutes;

export type FulfilBody = BodyOf<CompanionRequests, 'POST /admin/orders/{id}/fulfillments'>;
export type Tracking = NonNullable<FulfilBody['tracking']>;

/** `POST admin/orders/{id}/fulfillments` (409 `FULFILLMENTS_CHANGED` when the shipments are not `revision`'s any more). */
export const fulfil = (http: Http, id: string, body: FulfilBody) => callRoute(http, fulfilRoute, { id, body });
/** `PATCH admin/orders/{id}/fulfillments/{fulfillmentId}`: the tracking changed (same revision rule). */
export const editFulfilment = (
  http: Http,
  id: string,
  fulfillmentId: string,
  body: BodyOf<CompanionRequests, 'PATCH /admin/orders/{id}/fulfillments/{fulfillmentId}'>,
) => callRoute(http, editFulfilmentRoute, { id, fulfillmentId, body });
/** `DELETE admin/orders/{id}/fulfillments/{fulfillmentId}` (404 `FULFILLMENT_NOT_FOUND` once gone). */
export const deleteFulfilment = (http: Http, id: string, fulfillmentId: string) =>
  callRoute(http, deleteFulfilmentRoute, { id, fulfillmentId });
/** `POST admin/orders/mark-shipped`: what is left of each order shipped, one result each. */
export const markShipped = (http: Http, body: BodyOf<CompanionRequests, 'POST /admin/orders/mark-shipped'>) =>
  callRoute(http, markShippedRoute, { body });
export type MarkShipped = Awaited<ReturnType<typeof markShipped>>;
