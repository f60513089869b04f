/**
 * Orders after they are placed (eCommerce Orders API, admin-only; docs/wire.md "Orders"): search with the platform's
 * filters, sorts and cursor paging, cancel (with restock through {@link changeStock}, so back-in-stock notices fire),
 * activities (custom ones and merchant comments) and fulfillments with tracking info. The wire order is kept as JSON
 * in `orders.data`; what changes here is written back in the same transaction that reads it.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { getProductRecord } from './catalog.ts';
import { changeStock } from './inventory.ts';
import { sendMail } from './mail.ts';
import { applyFilter, applySort, cursorPage, decodeCursorState, type FieldAccessor } from './query.ts';
import { badRequest, failedPrecondition, invalidField, notFound } from '../errors.ts';

/** The wire order, as placed by `placeOrder` (commerce.ts) and changed here. */
export interface WireOrder {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  buyerInfo: { memberId?: string; visitorId?: string; contactId?: string; email?: string };
  lineItems: {
    id: string;
    quantity: number;
    productName?: { original?: string };
    catalogReference?: { catalogItemId?: string; options?: { variantId?: string } };
  }[];
  priceSummary?: { total?: { amount?: string } };
  billingInfo?: { contactDetails?: { firstName?: string; lastName?: string } };
  activities: { id: string; type: string; createdDate: string; [k: string]: unknown }[];
  createdDate: string;
  updatedDate: string;
  [k: string]: unknown;
}

const lower = (s: string | undefined) => (s ?? '').toLowerCase();

/** Filters of Search Orders (the platform's "Orders: Supported Filters and Sorting" table). */
export const ORDER_FILTER_FIELDS: Record<string, FieldAccessor<WireOrder>> = {
  id: (o) => o.id,
  number: (o) => Number(o.number),
  status: (o) => o.status,
  createdDate: (o) => o.createdDate,
  updatedDate: (o) => o.updatedDate,
  'buyerInfo.email': (o) => lower(o.buyerInfo.email),
  'buyerInfo.contactId': (o) => o.buyerInfo.contactId ?? null,
  'buyerInfo.memberId': (o) => o.buyerInfo.memberId ?? null,
  paymentStatus: (o) => o.paymentStatus,
  fulfillmentStatus: (o) => o.fulfillmentStatus,
  'priceSummary.total.amount': (o) => Number(o.priceSummary?.total?.amount ?? 0),
  'billingInfo.contactDetails.fullName': (o) =>
    [o.billingInfo?.contactDetails?.firstName, o.billingInfo?.contactDetails?.lastName].filter(Boolean).join(' '),
  'lineItems.productName.original': (o) => o.lineItems.map((l) => l.productName?.original ?? ''),
  'lineItems.catalogReference.catalogItemId': (o) => o.lineItems.map((l) => l.catalogReference?.catalogItemId ?? ''),
};

/** Sort fields of Search Orders. */
export const ORDER_SORT_FIELDS: Record<string, FieldAccessor<WireOrder>> = {
  number: ORDER_FILTER_FIELDS['number']!,
  status: ORDER_FILTER_FIELDS['status']!,
  createdDate: ORDER_FILTER_FIELDS['createdDate']!,
  updatedDate: ORDER_FILTER_FIELDS['updatedDate']!,
  'buyerInfo.email': ORDER_FILTER_FIELDS['buyerInfo.email']!,
  paymentStatus: ORDER_FILTER_FIELDS['paymentStatus']!,
  fulfillmentStatus: ORDER_FILTER_FIELDS['fulfillmentStatus']!,
};

/** `buyerInfo.email` compares case-insensitively: its values in a filter are lower-cased (the accessor's are). */
function lowerEmails(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(lowerEmails);
  if (!filter || typeof filter !== 'object') return filter;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter as Record<string, unknown>)) {
    const lowerValue = (x: unknown): unknown =>
      typeof x === 'string' ? x.toLowerCase() : Array.isArray(x) ? x.map(lowerValue) : x;
    if (k === 'buyerInfo.email')
      out[k] =
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([op, a]) => [op, lowerValue(a)]))
          : lowerValue(v);
    else out[k] = k === '$and' || k === '$or' || k === '$not' ? lowerEmails(v) : v;
  }
  return out;
}

export interface OrderSearch {
  filter?: Record<string, unknown> | undefined;
  sort?: { fieldName: string; order?: 'ASC' | 'DESC' | undefined }[] | undefined;
  cursorPaging?: { limit?: number | undefined; cursor?: string | null | undefined } | undefined;
}

const DEFAULT_SORT = [{ fieldName: 'createdDate', order: 'DESC' }];

function loadOrders(db: Database): WireOrder[] {
  return db
    .prepare<[], { data: string }>('SELECT data FROM orders ORDER BY created_date DESC, number DESC')
    .all()
    .map((r) => JSON.parse(r.data) as WireOrder);
}

/**
 * Search Orders: newest first unless sorted otherwise (ties: the higher number first), `limit` ≤ 100 (default 100),
 * INITIALIZED orders never. With a cursor only `cursorPaging` may be sent: the cursor carries filter and sort.
 */
export function searchOrders(db: Database, search: OrderSearch) {
  const cursor = search.cursorPaging?.cursor;
  if (cursor && (search.filter !== undefined || search.sort !== undefined))
    throw invalidField('search.cursorPaging.cursor', 'with a cursor, send only cursorPaging', 'VALIDATION');
  const carried = cursor ? decodeCursorState(cursor, 'search.cursorPaging.cursor') : undefined;
  const filter = carried ? carried.filter : search.filter;
  const sort = carried ? carried.sort : search.sort;
  let rows = loadOrders(db).filter((o) => o.status !== 'INITIALIZED');
  rows = applyFilter(rows, lowerEmails(filter), ORDER_FILTER_FIELDS, 'search.filter');
  const sorted = Array.isArray(sort) && sort.length ? (sort as unknown[]) : DEFAULT_SORT;
  rows = applySort(rows, [...sorted, { fieldName: 'number', order: 'DESC' }], ORDER_SORT_FIELDS, 'search.sort');
  const page = cursorPage(rows, search.cursorPaging, 100, {
    ...(filter !== undefined ? { filter } : {}),
    ...(sort !== undefined ? { sort } : {}),
  });
  return { orders: page.items, metadata: page.metadata };
}

/** The order, or 404 `ORDER_NOT_FOUND`. */
export function loadOrder(db: Database, id: string): WireOrder {
  const r = db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id);
  if (!r) throw notFound(`Order ${id} not found`, 'ORDER_NOT_FOUND', { orderId: id });
  return JSON.parse(r.data) as WireOrder;
}

function saveOrder(db: Database, order: WireOrder, nowMs: number): WireOrder {
  order.updatedDate = new Date(nowMs).toISOString();
  db.prepare<[string, string]>('UPDATE orders SET data = ? WHERE id = ?').run(JSON.stringify(order), order.id);
  return order;
}

const activity = (type: string, nowMs: number, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type,
  createdDate: new Date(nowMs).toISOString(),
  ...extra,
});

export interface CancelInput {
  sendOrderCanceledEmail?: boolean | undefined;
  customMessage?: string | undefined;
  restockAllItems?: boolean | undefined;
}

/**
 * Cancel Order: status CANCELED and an ORDER_CANCELED activity; with `restockAllItems` the tracked variants get their
 * quantity back through {@link changeStock} (a variant back from 0 notifies its waiting requests); with
 * `sendOrderCanceledEmail` the buyer gets an email. An order already canceled: 428 `ORDER_ALREADY_CANCELED`.
 */
export function cancelOrder(db: Database, id: string, input: CancelInput, nowMs: number): WireOrder {
  return db.transaction(() => {
    const order = loadOrder(db, id);
    if (order.status === 'CANCELED')
      throw failedPrecondition(`Order ${id} is already canceled`, 'ORDER_ALREADY_CANCELED', { orderId: id });
    order.status = 'CANCELED';
    order.activities.push(activity('ORDER_CANCELED', nowMs));
    if (input.restockAllItems) {
      const lines = db
        .prepare<[string], { product_id: string; variant_id: string; quantity: number }>(
          'SELECT product_id, variant_id, quantity FROM order_lines WHERE order_id = ?',
        )
        .all(id);
      for (const l of lines) {
        const product = getProductRecord(db, l.product_id);
        const variant = product?.variants.find((v) => v.id === l.variant_id);
        if (!product?.trackInventory || !variant || variant.quantity === null) continue;
        changeStock(
          db,
          product,
          undefined,
          [{ variantId: variant.id, quantity: variant.quantity + l.quantity }],
          nowMs,
        );
      }
    }
    if (input.sendOrderCanceledEmail && order.buyerInfo.email) {
      sendMail(
        db,
        {
          to: order.buyerInfo.email,
          subject: `Your order #${order.number} was canceled`,
          text: [`Your order #${order.number} was canceled.`, input.customMessage].filter(Boolean).join('\n\n'),
        },
        nowMs,
      );
    }
    return saveOrder(db, order, nowMs);
  })();
}

export type ActivityInput =
  | {
      customActivity: { type: string; additionalData?: Record<string, string> | undefined; appId?: string | undefined };
    }
  | { merchantComment: { message: string } };

/** Add Activity: a custom activity (`CUSTOM_ACTIVITY`) or a merchant comment (`MERCHANT_COMMENT`). */
export function addActivity(
  db: Database,
  id: string,
  input: ActivityInput,
  nowMs: number,
): { order: WireOrder; activityId: string } {
  return db.transaction(() => {
    const order = loadOrder(db, id);
    const a =
      'customActivity' in input
        ? activity('CUSTOM_ACTIVITY', nowMs, { customActivity: input.customActivity })
        : activity('MERCHANT_COMMENT', nowMs, { merchantComment: input.merchantComment });
    order.activities.push(a);
    return { order: saveOrder(db, order, nowMs), activityId: a.id };
  })();
}

export interface FulfillmentInput {
  lineItems: { id: string; quantity?: number | undefined }[];
  trackingInfo?:
    | { trackingNumber?: string | undefined; shippingProvider?: string | undefined; trackingLink?: string | undefined }
    | undefined;
}

export interface WireFulfillment {
  id: string;
  createdDate: string;
  lineItems: { id: string; quantity: number }[];
  trackingInfo?: { trackingNumber?: string; shippingProvider?: string; trackingLink?: string };
}

export function listFulfillments(db: Database, orderId: string): WireFulfillment[] {
  return db
    .prepare<[string], { data: string }>(
      'SELECT data FROM order_fulfillments WHERE order_id = ? ORDER BY created_date, rowid',
    )
    .all(orderId)
    .map((r) => JSON.parse(r.data) as WireFulfillment);
}

/**
 * Create Fulfillment: lines of the order (a line's quantity defaults to what is left of it; more than is left is a
 * 400), the order's `fulfillmentStatus` set (FULFILLED when every line is, else PARTIALLY_FULFILLED) with an
 * ORDER_FULFILLED activity when it becomes fulfilled, and TRACKING_NUMBER_ADDED when tracking is given. A canceled
 * order: 428 `ORDER_CANCELED`; any other order not APPROVED: 428 `ORDER_NOT_APPROVED`.
 */
export function createFulfillment(
  db: Database,
  orderId: string,
  input: FulfillmentInput,
  nowMs: number,
): WireFulfillment[] {
  return db.transaction(() => {
    const order = loadOrder(db, orderId);
    // "Fulfillments can only be created for orders that are in an approved state" (the API's introduction)
    if (order.status === 'CANCELED')
      throw failedPrecondition(`Order ${orderId} is canceled`, 'ORDER_CANCELED', { orderId });
    if (order.status !== 'APPROVED')
      throw failedPrecondition(`Order ${orderId} is not approved`, 'ORDER_NOT_APPROVED', { orderId });
    const done = new Map<string, number>();
    for (const f of listFulfillments(db, orderId))
      for (const l of f.lineItems) done.set(l.id, (done.get(l.id) ?? 0) + l.quantity);
    const seen = new Set<string>();
    const lines = input.lineItems.map((l, i) => {
      const field = `fulfillment.lineItems[${i}]`;
      const line = order.lineItems.find((x) => x.id === l.id);
      if (!line)
        throw badRequest([
          { field: `${field}.id`, description: 'is not a line of this order', violatedRule: 'VALIDATION' },
        ]);
      if (seen.has(l.id))
        throw badRequest([{ field: `${field}.id`, description: 'is listed twice', violatedRule: 'VALIDATION' }]);
      seen.add(l.id);
      const left = line.quantity - (done.get(l.id) ?? 0);
      const quantity = l.quantity ?? left;
      if (quantity < 1 || quantity > left)
        throw badRequest([
          {
            field: `${field}.quantity`,
            description: `must be between 1 and ${left} (what is left to fulfill)`,
            violatedRule: 'VALIDATION',
          },
        ]);
      done.set(l.id, (done.get(l.id) ?? 0) + quantity);
      return { id: l.id, quantity };
    });
    const t = input.trackingInfo;
    const tracking =
      t && (t.trackingNumber || t.shippingProvider || t.trackingLink)
        ? (Object.fromEntries(Object.entries(t).filter(([, v]) => v)) as WireFulfillment['trackingInfo'])
        : undefined;
    const f: WireFulfillment = {
      id: randomUUID(),
      createdDate: new Date(nowMs).toISOString(),
      lineItems: lines,
      ...(tracking ? { trackingInfo: tracking } : {}),
    };
    db.prepare<[string, string, string, string]>(
      'INSERT INTO order_fulfillments (id, order_id, data, created_date) VALUES (?, ?, ?, ?)',
    ).run(f.id, orderId, JSON.stringify(f), f.createdDate);
    const all = order.lineItems.every((l) => (done.get(l.id) ?? 0) >= l.quantity);
    const status = all ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
    if (status === 'FULFILLED' && order.fulfillmentStatus !== 'FULFILLED')
      order.activities.push(activity('ORDER_FULFILLED', nowMs));
    if (tracking?.trackingNumber) order.activities.push(activity('TRACKING_NUMBER_ADDED', nowMs));
    order.fulfillmentStatus = status;
    saveOrder(db, order, nowMs);
    return listFulfillments(db, orderId);
  })();
}
