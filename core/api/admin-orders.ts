/**
 * The owner console's orders, through the site companion (docs/companion.md "Owner console: orders"): every call is
 * the owner's only (403 `NOT_OWNER` to anyone else). Loaded on demand by `<inlay-admin>`'s orders section only. Its
 * routes' table (companion.ts has its shape), and the lists and rules their bodies use (companion-requests.ts checks
 * the bodies with them, as the companion does; the console may offer them).
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type BodyOf, type CompanionRoutes } from './companion.ts';
import type { CompanionRequests } from './companion-requests.ts';
import { fulfillmentSchema, orderSchema } from './orders.ts';

const str = z.string();

/** The spec's order statuses (INITIALIZED orders are never listed), as the companion lists them in its refusals. */
export const ORDER_STATUSES = ['APPROVED', 'CANCELED', 'PENDING', 'REJECTED'] as const;
/** The spec's order payment statuses (section 4), in its order. */
export const PAYMENT_STATUSES = [
  'UNSPECIFIED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PARTIALLY_PAID',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
] as const;
/** The spec's fulfillment statuses. */
export const FULFILLMENT_STATUSES = ['NOT_FULFILLED', 'FULFILLED', 'PARTIALLY_FULFILLED', 'CANCELED'] as const;
/** What a search sorts by (`total`: the order's total amount). */
export const ORDER_SORT_FIELDS = ['createdDate', 'number', 'total'] as const;
/** An order's, a line's or an activity's id. */
export const ORDER_ID = /^[A-Za-z0-9-]{1,100}$/;
/** A private tag's id. */
export const TAG = /^[A-Za-z0-9._:-]{1,100}$/;

const orderAnswer = z.looseObject({ order: orderSchema });

/** A page: the filters, or (next pages) the sealed cursor alone with `limit`. */
const searchOrdersRoute = {
  method: 'POST',
  path: '/admin/orders/search',
  kind: 'read',
  schema: z.looseObject({
    orders: z.array(orderSchema),
    count: z.optional(z.number()),
    next: z.optional(z.nullable(str)),
    /** A "requested" search stopped at its cap (the 1000 newest open orders): older requests are not in it. */
    capped: z.optional(z.boolean()),
  }),
} as const;
/** Orders (not canceled or rejected) created in `[from, to]`; amounts as decimal strings. */
const orderSummaryRoute = {
  method: 'POST',
  path: '/admin/orders/summary',
  kind: 'read',
  schema: z.looseObject({ count: z.number(), revenue: str, average: str, currency: z.optional(z.nullable(str)) }),
} as const;
/** The order (activities, tags and merchant notes included) with its fulfillments. */
const adminOrderRoute = {
  method: 'GET',
  path: '/admin/orders/{id}',
  schema: z.looseObject({ order: orderSchema, fulfillments: z.optional(z.array(fulfillmentSchema)) }),
} as const;
/** A merchant note (`MERCHANT_COMMENT`: the owner's, never shown to the buyer). */
const addNoteRoute = { method: 'POST', path: '/admin/orders/{id}/notes', schema: orderAnswer } as const;
/** 404 `ACTIVITY_NOT_FOUND`; 428 `ACTIVITY_NOT_EDITABLE` for any other activity. */
const editNoteRoute = { method: 'PATCH', path: '/admin/orders/{id}/notes/{activityId}', schema: orderAnswer } as const;
const deleteNoteRoute = {
  method: 'DELETE',
  path: '/admin/orders/{id}/notes/{activityId}',
  schema: orderAnswer,
} as const;
/** 428 `STATUS_ALREADY_SET`, `UNSUPPORTED_TRANSITION`. */
const setOrderStatusRoute = { method: 'POST', path: '/admin/orders/{id}/status', schema: orderAnswer } as const;
/** The buyer emailed (with `message`) or not, the stock given back or not (428 `ORDER_ALREADY_CANCELED`). */
const cancelOrderRoute = { method: 'POST', path: '/admin/orders/{id}/cancel', schema: orderAnswer } as const;

/**
 * The buyer's cancellation request declined: a merchant comment records it and the request's tag goes (409
 * `NO_CANCEL_REQUEST` when none waits); the member's account then says it was declined.
 */
const declineRequestRoute = {
  method: 'POST',
  path: '/admin/orders/{id}/cancel-request/decline',
  schema: orderAnswer,
} as const;

/** The owner's order routes, their bodies in companion-requests.ts (order-changes.ts has the tags and the edit). */
export const adminOrdersRoutes = [
  searchOrdersRoute,
  orderSummaryRoute,
  adminOrderRoute,
  addNoteRoute,
  editNoteRoute,
  deleteNoteRoute,
  setOrderStatusRoute,
  cancelOrderRoute,
  declineRequestRoute,
] as const satisfies CompanionRoutes;

type Search = BodyOf<CompanionRequests, 'POST /admin/orders/search'>;
type Lists = 'status' | 'paymentStatus' | 'fulfillmentStatus';
/**
 * Search filters and sort, as `POST admin/orders/search` takes them (`from`/`to` ISO with offset). The status lists
 * are strings here: the console's filters hold what it read from the page's URL, checked against the lists above.
 */
export type OrderSearch = Omit<Search, Lists | 'cursor'> & { [K in Lists]?: string[] };

/**
 * A page of orders: the filters, or (next pages) only `cursor` and `limit`: the sealed cursor carries the filters and
 * the sort, and the companion refuses one sent with a filter.
 */
export const searchOrders = (http: Http, body: OrderSearch | { cursor: string; limit?: number }) =>
  callRoute(http, searchOrdersRoute, { body: body as Search });

/** `POST admin/orders/summary`: orders (not canceled or rejected) created in `[from, to]`; amounts as decimal strings. */
export const orderSummary = (http: Http, body: { from: string; to: string }) =>
  callRoute(http, orderSummaryRoute, { body });
export type OrderSummary = Awaited<ReturnType<typeof orderSummary>>;

/**
 * The units refunded per line the detail's answer carries besides (the lines with some; absent when none or the
 * platform's read failed), passed through by the loose schema and checked where read.
 */
export type RefundedLines = { lineItemId?: unknown; quantity?: unknown }[];
/** `GET admin/orders/{id}`: the order (activities, tags and merchant notes included) with its fulfillments. */
export const adminOrder = (http: Http, id: string) => callRoute(http, adminOrderRoute, { id });

/** A merchant note on the order (`MERCHANT_COMMENT`: the owner's, never shown to the buyer). */
export const addNote = (http: Http, id: string, message: string) =>
  callRoute(http, addNoteRoute, { id, body: { message } });
/** Change or delete a note (404 `ACTIVITY_NOT_FOUND`; 428 `ACTIVITY_NOT_EDITABLE` for any other activity). */
export const editNote = (http: Http, id: string, activityId: string, message: string) =>
  callRoute(http, editNoteRoute, { id, activityId, body: { message } });
export const deleteNote = (http: Http, id: string, activityId: string) =>
  callRoute(http, deleteNoteRoute, { id, activityId });
/** Approve or reject a pending order (428 `STATUS_ALREADY_SET`, `UNSUPPORTED_TRANSITION`). */
export const setOrderStatus = (http: Http, id: string, status: 'APPROVED' | 'REJECTED') =>
  callRoute(http, setOrderStatusRoute, { id, body: { status } });
/** Cancel: the buyer emailed (with `message`) or not, the stock given back or not (428 `ORDER_ALREADY_CANCELED`). */
export const cancelOrder = (http: Http, id: string, body: { sendEmail: boolean; restock: boolean; message?: string }) =>
  callRoute(http, cancelOrderRoute, { id, body });
/** Decline the buyer's cancellation request (409 `NO_CANCEL_REQUEST` when none waits). */
export const declineCancelRequest = (http: Http, id: string, note?: string) =>
  callRoute(http, declineRequestRoute, { id, body: note ? { note } : {} });
