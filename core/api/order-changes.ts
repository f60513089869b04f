/**
 * The owner console's changes to many orders at once and to an order's lines (docs/companion.md "Owner console:
 * orders" and "Owner console: payments"): tags, bulk mark as paid, edits through draft orders. Apart from admin-orders.ts so
 * each travels with the chunk that uses it (the bulk bar, the order's detail, its edit form)..
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type BodyOf, type CompanionRoutes } from './companion.ts';
import type { CompanionRequests } from './companion-requests.ts';
import { orderSchema } from './orders.ts';

const str = z.string();

/**
 * Private tags assigned to and/or removed from 1..100 orders (each order on its own: one's refusal,
 * `ORDER_NOT_FOUND` or `TOO_MANY_TAGS`, leaves the others).
 */
const updateTagsRoute = {
  method: 'POST',
  path: '/admin/orders/tags',
  schema: z.looseObject({
    results: z.array(z.looseObject({ id: str, ok: z.boolean(), code: z.optional(str) })),
    succeeded: z.number(),
    failed: z.number(),
  }),
} as const;
/** The payments part of the companion: each order paid offline with what is left to collect, on its own. */
const markOrdersPaidRoute = {
  method: 'POST',
  path: '/admin/orders/mark-as-paid',
  schema: z.looseObject({
    results: z.array(
      z.looseObject({
        orderId: str,
        ok: z.boolean(),
        paymentStatus: z.optional(str),
        error: z.optional(z.looseObject({ code: str, description: z.optional(str) })),
      }),
    ),
    succeeded: z.number(),
    failed: z.number(),
  }),
} as const;
/** Line quantities and addresses through a draft order committed, with a reason; the answer is the order after it. */
const editOrderRoute = {
  method: 'POST',
  path: '/admin/orders/{id}/edit',
  schema: z.looseObject({ order: orderSchema }),
} as const;
const price = z.looseObject({ amount: str });
/** The same edit priced as a draft order and not applied: the order as it is, and the edit's totals and balance. */
const editPreviewRoute = {
  method: 'POST',
  path: '/admin/orders/{id}/edit/preview',
  schema: z.looseObject({
    order: orderSchema,
    preview: z.looseObject({
      priceSummary: z.looseObject({ total: price }),
      balanceSummary: z.looseObject({ balance: z.optional(price), paid: z.optional(price) }),
      totalBefore: z.optional(price),
    }),
  }),
} as const;

/** These routes, their bodies in companion-requests.ts. */
export const orderChangesRoutes = [
  updateTagsRoute,
  markOrdersPaidRoute,
  editOrderRoute,
  editPreviewRoute,
] as const satisfies CompanionRoutes;

/**
 * `POST admin/orders/tags`: private tags assigned to and/or removed from 1..100 orders (each order on its own: one's
 * refusal, `ORDER_NOT_FOUND` or `TOO_MANY_TAGS`, leaves the others). Safe to send again: assigning a tag an order has,
 * or removing one it has not, changes nothing.
 */
export const updateTags = (http: Http, body: BodyOf<CompanionRequests, 'POST /admin/orders/tags'>) =>
  callRoute(http, updateTagsRoute, { body });

/**
 * `POST admin/orders/mark-as-paid` (the payments part of the companion): each order paid offline with what is left
 * to collect, on its own; an order already paid is refused (`ORDER_ALREADY_PAID`), so sending again pays nothing twice.
 */
export const markOrdersPaid = (http: Http, orderIds: string[]) =>
  callRoute(http, markOrdersPaidRoute, { body: { orderIds } });

/** What `POST admin/orders/{id}/edit` takes: each line's quantity as shown (`before`) and the new one (0 removes it). */
export type OrderEdit = BodyOf<CompanionRequests, 'POST /admin/orders/{id}/edit'>;
/** An address as the edit takes it (`country` two letters; the rest optional). */
export type EditAddress = NonNullable<OrderEdit['shippingAddress']>;
/**
 * Edit line quantities and the shipping address through a draft order, with a reason: 409 `ORDER_CHANGED` when a
 * line no longer has its `before` quantity (re-read the order and ask again), 428 `ORDER_NOT_EDITABLE` (the
 * platform's reasons in `data.reasons`), `LINE_ITEM_CHANGED`, `LINE_ITEM_FULFILLED`, `INSUFFICIENT_INVENTORY`. The
 * answer is the order after the commit (its new totals, payment status and balance).
 */
export const editOrder = (http: Http, id: string, body: OrderEdit) => callRoute(http, editOrderRoute, { id, body });
/** What an edit's preview answers: the order as the companion read it, the edit's totals and balance. */
export type EditPreview = z.infer<typeof editPreviewRoute.schema>;
/** The edit priced and not applied (the same refusals as {@link editOrder}, but nothing changes). */
export const previewEdit = (http: Http, id: string, body: OrderEdit) => callRoute(http, editPreviewRoute, { id, body });
