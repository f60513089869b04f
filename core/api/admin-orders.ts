/**
 * The owner console's orders, through the site companion (docs/companion.md "Owner console: orders"): every call is
 * the owner's only (403 `NOT_OWNER` to anyone else). Loaded on demand by `<inlay-admin>`'s orders section only.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { fulfillmentSchema, orderSchema } from './orders.ts';

const str = z.string();

/** Search filters and sort, as `POST admin/orders/search` takes them (the spec's enums; `from`/`to` ISO with offset). */
export interface OrderSearch {
  status?: string[];
  paymentStatus?: string[];
  fulfillmentStatus?: string[];
  from?: string;
  to?: string;
  text?: string;
  /** Orders carrying this private tag. */
  tag?: string;
  sort?: { field: 'createdDate' | 'number' | 'total'; order: 'ASC' | 'DESC' };
  limit?: number;
}

/**
 * A page of orders: the filters, or (next pages) only `cursor` and `limit`: the sealed cursor carries the filters and
 * the sort, and the companion refuses one sent with a filter.
 */
export const searchOrders = (http: Http, body: OrderSearch | { cursor: string; limit?: number }) =>
  http.request({
    method: 'POST',
    path: '/admin/orders/search',
    body,
    kind: 'read',
    schema: z.looseObject({
      orders: z.array(orderSchema),
      count: z.optional(z.number()),
      next: z.optional(z.nullable(str)),
    }),
  });

/** `POST admin/orders/summary`: orders (not canceled or rejected) created in `[from, to]`; amounts as decimal strings. */
export const orderSummary = (http: Http, body: { from: string; to: string }) =>
  http.request({
    method: 'POST',
    path: '/admin/orders/summary',
    body,
    kind: 'read',
    schema: z.looseObject({ count: z.number(), revenue: str, average: str, currency: z.optional(z.nullable(str)) }),
  });
export type OrderSummary = Awaited<ReturnType<typeof orderSummary>>;

/** `GET admin/orders/{id}`: the order (activities, tags and merchant notes included) with its fulfillments. */
export const adminOrder = (http: Http, id: string) =>
  http.request({
    path: `/admin/orders/${encodeURIComponent(id)}`,
    schema: z.looseObject({ order: orderSchema, fulfillments: z.optional(z.array(fulfillmentSchema)) }),
  });

const orderAnswer = z.looseObject({ order: orderSchema });
const orderPath = (id: string, tail = '') => `/admin/orders/${encodeURIComponent(id)}${tail}`;

/** A merchant note on the order (`MERCHANT_COMMENT`: the owner's, never shown to the buyer). */
export const addNote = (http: Http, id: string, message: string) =>
  http.request({ method: 'POST', path: orderPath(id, '/notes'), body: { message }, schema: orderAnswer });
/** Change or delete a note (404 `ACTIVITY_NOT_FOUND`; 428 `ACTIVITY_NOT_EDITABLE` for any other activity). */
export const editNote = (http: Http, id: string, activityId: string, message: string) =>
  http.request({
    method: 'PATCH',
    path: orderPath(id, `/notes/${encodeURIComponent(activityId)}`),
    body: { message },
    schema: orderAnswer,
  });
export const deleteNote = (http: Http, id: string, activityId: string) =>
  http.request({
    method: 'DELETE',
    path: orderPath(id, `/notes/${encodeURIComponent(activityId)}`),
    schema: orderAnswer,
  });
/** Approve or reject a pending order (428 `STATUS_ALREADY_SET`, `UNSUPPORTED_TRANSITION`). */
export const setOrderStatus = (http: Http, id: string, status: 'APPROVED' | 'REJECTED') =>
  http.request({ method: 'POST', path: orderPath(id, '/status'), body: { status }, schema: orderAnswer });
/** Cancel: the buyer emailed (with `message`) or not, the stock given back or not (428 `ORDER_ALREADY_CANCELED`). */
export const cancelOrder = (http: Http, id: string, body: { sendEmail: boolean; restock: boolean; message?: string }) =>
  http.request({ method: 'POST', path: orderPath(id, '/cancel'), body, schema: orderAnswer });
