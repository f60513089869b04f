/**
 * Orders after they are placed (eCommerce Orders API, admin-only; docs/wire.md "Orders"): search with the platform's
 * filters, sorts and cursor paging, cancel (with restock through {@link changeStock}, so back-in-stock notices fire),
 * activities (merchant comments) and fulfillments with tracking info. The wire order is kept as JSON
 * in `orders.data`; what changes here is written back in the same transaction that reads it.
 */
import { randomUUID } from 'node:crypto';
import { flatRate } from './shipping-options.ts';
import type { Database } from 'better-sqlite3';
import { changeStock, restockOrderLines } from './inventory.ts';
import { sendMail } from './mail.ts';
import { applyFilter, applySort, cursorPage, decodeCursorState, type FieldAccessor } from './query.ts';
import { badRequestApp, failedPrecondition, invalidField, notFound } from '../errors.ts';
import { formatMoney, getProductRecord } from './catalog.ts';
import { computeTotals, money, taxRegion, type DiscountRule } from './commerce.ts';
import { settleAfterEdit } from './payments.ts';
import { loadOrder, type WireOrder } from './order-store.ts';

export { loadOrder, type WireOrder };
export { createFulfillment, listFulfillments, type FulfillmentInput, type WireFulfillment } from './fulfillments.ts';
import { listFulfillments } from './fulfillments.ts';

const lower = (s: string | undefined) => (s ?? '').toLowerCase();

/**
 * Filters of Search Orders: the fields of `OrderSearchSpec` (@wix/auto_sdk_ecom_orders 1.0.300) the emulator keeps, by
 * the names the client sends (`_id` → `id`, `_createdDate` → `createdDate`). Anything else (the order's tags, a buyer's
 * full name) is a 400, as on the platform. `number` is a string there (`Order.number`), compared as one.
 */
export const ORDER_FILTER_FIELDS: Record<string, FieldAccessor<WireOrder>> = {
  id: (o) => o.id,
  number: (o) => String(o.number),
  status: (o) => o.status,
  createdDate: (o) => o.createdDate,
  updatedDate: (o) => o.updatedDate,
  'buyerInfo.email': (o) => lower(o.buyerInfo.email),
  'buyerInfo.contactId': (o) => o.buyerInfo.contactId ?? null,
  'buyerInfo.memberId': (o) => o.buyerInfo.memberId ?? null,
  paymentStatus: (o) => o.paymentStatus,
  fulfillmentStatus: (o) => o.fulfillmentStatus,
  'priceSummary.total.amount': (o) => Number(o.priceSummary?.total?.amount ?? 0),
  'billingInfo.contactDetails.firstName': (o) => o.billingInfo?.contactDetails?.firstName ?? '',
  'billingInfo.contactDetails.lastName': (o) => o.billingInfo?.contactDetails?.lastName ?? '',
  'lineItems.productName.original': (o) => o.lineItems.map((l) => l.productName?.original ?? ''),
  'lineItems.catalogReference.catalogItemId': (o) => o.lineItems.map((l) => l.catalogReference?.catalogItemId ?? ''),
};

const EQUALITY = new Set(['$eq', '$in', '$ne', '$nin']);
const ARRAYS = new Set(['$hasAll', '$hasSome']);
/** The operators `OrderSearchSpec` allows on a field, where it does not allow them all. */
const ORDER_FILTER_OPERATORS: Record<string, ReadonlySet<string>> = {
  id: EQUALITY,
  status: EQUALITY,
  paymentStatus: EQUALITY,
  fulfillmentStatus: EQUALITY,
  'buyerInfo.contactId': EQUALITY,
  'buyerInfo.memberId': EQUALITY,
  'lineItems.productName.original': ARRAYS,
  'lineItems.catalogReference.catalogItemId': ARRAYS,
};

/**
 * What the query engine does not check of an orders filter: each field's operators (`ORDER_FILTER_OPERATORS`) and
 * that `number` is compared with strings (`{number: "1001"}`, not `1001`). 400 on `path`.
 */
function checkOrderFilter(filter: unknown, path: string): void {
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) return; // the engine words a bad shape
  for (const [key, cond] of Object.entries(filter as Record<string, unknown>)) {
    if (key === '$and' || key === '$or') {
      if (Array.isArray(cond)) for (const f of cond) checkOrderFilter(f, path);
      continue;
    }
    if (key === '$not') {
      checkOrderFilter(cond, path);
      continue;
    }
    const byOp: [string, unknown][] =
      cond !== null && typeof cond === 'object' && !Array.isArray(cond)
        ? Object.entries(cond as Record<string, unknown>)
        : [['$eq', cond]];
    const allowed = Object.hasOwn(ORDER_FILTER_OPERATORS, key) ? ORDER_FILTER_OPERATORS[key] : undefined;
    for (const [op, arg] of byOp) {
      if (allowed && !allowed.has(op))
        throw invalidField(path, `operator ${op} is not supported on ${key}; supported: ${[...allowed].join(', ')}`);
      if (key === 'number' && op !== '$exists' && (Array.isArray(arg) ? arg : [arg]).some((v) => typeof v !== 'string'))
        throw invalidField(path, 'number is a string: compare it with strings ("1001", not 1001)');
    }
  }
}

/** Sort fields of Search Orders (`number` in its numeric order). */
export const ORDER_SORT_FIELDS: Record<string, FieldAccessor<WireOrder>> = {
  number: (o) => Number(o.number),
  status: ORDER_FILTER_FIELDS['status']!,
  createdDate: ORDER_FILTER_FIELDS['createdDate']!,
  updatedDate: ORDER_FILTER_FIELDS['updatedDate']!,
  'buyerInfo.email': ORDER_FILTER_FIELDS['buyerInfo.email']!,
  paymentStatus: ORDER_FILTER_FIELDS['paymentStatus']!,
  fulfillmentStatus: ORDER_FILTER_FIELDS['fulfillmentStatus']!,
  'priceSummary.total.amount': ORDER_FILTER_FIELDS['priceSummary.total.amount']!,
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
  checkOrderFilter(filter, 'search.filter');
  rows = applyFilter(rows, lowerEmails(filter), ORDER_FILTER_FIELDS, 'search.filter');
  const sorted = Array.isArray(sort) && sort.length ? (sort as unknown[]) : DEFAULT_SORT;
  rows = applySort(rows, [...sorted, { fieldName: 'number', order: 'DESC' }], ORDER_SORT_FIELDS, 'search.sort');
  const page = cursorPage(rows, search.cursorPaging, 100, {
    ...(filter !== undefined ? { filter } : {}),
    ...(sort !== undefined ? { sort } : {}),
  });
  return { orders: page.items, metadata: page.metadata };
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
 * Cancel Order: status CANCELED and an ORDER_CANCELED activity; with `restockAllItems` each line gives back what has
 * not come back yet (a refund may have restocked some: the line's `restockQuantity`) through
 * {@link restockOrderLines} (a variant back from 0 notifies its waiting requests); with `sendOrderCanceledEmail` the
 * buyer gets an email. An order already canceled: 428 `ORDER_ALREADY_CANCELED`.
 */
export function cancelOrder(db: Database, id: string, input: CancelInput, nowMs: number): WireOrder {
  return db.transaction(() => {
    const order = loadOrder(db, id);
    if (order.status === 'CANCELED')
      throw failedPrecondition(`Order ${id} is already canceled`, 'ORDER_ALREADY_CANCELED', { orderId: id });
    order.status = 'CANCELED';
    order.activities.push(activity('ORDER_CANCELED', nowMs));
    if (input.restockAllItems)
      restockOrderLines(
        db,
        order,
        order.lineItems.map((l) => ({ lineItemId: l.id, quantity: l.quantity })),
        nowMs,
      );
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

export type ActivityInput = { merchantComment: { message: string } };

/**
 * Add Activity (deprecated): a merchant comment (`MERCHANT_COMMENT`). Custom activities are refused by the route (the
 * client: "Activities with type CustomActivity not supported"); ones stored before that stay on their orders.
 */
export function addActivity(
  db: Database,
  id: string,
  input: ActivityInput,
  nowMs: number,
): { order: WireOrder; activityId: string } {
  const { order, activityIds } = addActivities(db, id, [input.merchantComment.message], nowMs);
  return { order, activityId: activityIds[0]! };
}

/**
 * Add Activities: merchant comments (`MERCHANT_COMMENT`, the only type the platform adds this way), in the order given,
 * in one transaction; their ids in the same order.
 */
export function addActivities(
  db: Database,
  id: string,
  messages: readonly string[],
  nowMs: number,
): { order: WireOrder; activityIds: string[] } {
  return db.transaction(() => {
    const order = loadOrder(db, id);
    const added = messages.map((message) => activity('MERCHANT_COMMENT', nowMs, { merchantComment: { message } }));
    order.activities.push(...added);
    return { order: saveOrder(db, order, nowMs), activityIds: added.map((a) => a.id) };
  })();
}

// ------------------------------------------------------------------------------------------------ owner console (issue 22)

/** Tag ids on an order, the platform's `Tags` shape (`tags.privateTags.tagIds`, `tags.tags.tagIds`). */
export interface WireTags {
  privateTags?: { tagIds?: string[] };
  tags?: { tagIds?: string[] };
}

export type OrderStatus = 'INITIALIZED' | 'APPROVED' | 'CANCELED' | 'PENDING' | 'REJECTED';

/**
 * Where Update Order Status may go from each status (the spec: "allowed transitions ... not shown"; the emulator's
 * choice, docs/wire.md "Orders: owner console"): an order not yet approved may be approved, rejected or canceled; an
 * approved one only canceled (Cancel Order is the call that also restocks and emails); CANCELED and REJECTED are final.
 */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  INITIALIZED: ['PENDING', 'APPROVED', 'REJECTED', 'CANCELED'],
  PENDING: ['APPROVED', 'REJECTED', 'CANCELED'],
  APPROVED: ['CANCELED'],
  CANCELED: [],
  REJECTED: [],
};
const STATUS_ACTIVITY: Partial<Record<OrderStatus, string>> = {
  PENDING: 'ORDER_PENDING',
  REJECTED: 'ORDER_REJECTED',
  CANCELED: 'ORDER_CANCELED',
};

/**
 * Update Order Status: `STATUS_NOT_SUPPORTED` (400) for INITIALIZED, `STATUS_ALREADY_SET` (428) when the order has it,
 * `UNSUPPORTED_TRANSITION` (428) outside {@link TRANSITIONS} (the codes are `UpdateOrderStatusApplicationErrors`).
 */
export function updateOrderStatus(db: Database, id: string, status: OrderStatus, nowMs: number): WireOrder {
  return db.transaction(() => {
    const order = loadOrder(db, id);
    if (status === 'INITIALIZED')
      throw badRequestApp('STATUS_NOT_SUPPORTED', 'An order cannot be set back to INITIALIZED', { status });
    const from = order.status as OrderStatus;
    if (from === status)
      throw failedPrecondition(`Order ${id} is already ${status}`, 'STATUS_ALREADY_SET', { orderId: id, status });
    if (!(TRANSITIONS[from] ?? []).includes(status))
      throw failedPrecondition(`Order ${id} cannot go from ${from} to ${status}`, 'UNSUPPORTED_TRANSITION', {
        orderId: id,
        from,
        to: status,
      });
    order.status = status;
    const type = STATUS_ACTIVITY[status];
    if (type) order.activities.push(activity(type, nowMs));
    return saveOrder(db, order, nowMs);
  })();
}

/** The activity, or 404 `ACTIVITY_NOT_FOUND`; only a MERCHANT_COMMENT may change: 428 `ACTIVITY_NOT_EDITABLE`. */
function ownComment(order: WireOrder, activityId: string) {
  const index = order.activities.findIndex((a) => a.id === activityId);
  if (index < 0)
    throw notFound(`Activity ${activityId} not found`, 'ACTIVITY_NOT_FOUND', { orderId: order.id, activityId });
  const a = order.activities[index]!;
  if (a.type !== 'MERCHANT_COMMENT')
    throw failedPrecondition(
      `Only a merchant comment can be changed (this one is ${a.type})`,
      'ACTIVITY_NOT_EDITABLE',
      {
        orderId: order.id,
        activityId,
        type: a.type,
      },
    );
  return { index, a };
}

/** Update Activity: a merchant comment's message (its id and createdDate stay). */
export function updateActivity(
  db: Database,
  id: string,
  activityId: string,
  message: string,
  nowMs: number,
): WireOrder {
  return db.transaction(() => {
    const order = loadOrder(db, id);
    const { a } = ownComment(order, activityId);
    a['merchantComment'] = { message };
    return saveOrder(db, order, nowMs);
  })();
}

/** Delete Activity: a merchant comment only. */
export function deleteActivity(db: Database, id: string, activityId: string, nowMs: number): WireOrder {
  return db.transaction(() => {
    const order = loadOrder(db, id);
    const { index } = ownComment(order, activityId);
    order.activities.splice(index, 1);
    return saveOrder(db, order, nowMs);
  })();
}

export interface TagChange {
  privateTags?: { tagIds?: string[] | undefined } | undefined;
  tags?: { tagIds?: string[] | undefined } | undefined;
}

/**
 * Bulk Update Order Tags: per order, `assignTags` added (no duplicates) then `unassignTags` removed, each list at most
 * 100 ids (the client's `TagList` bound). An unknown order is a failed item (`ORDER_NOT_FOUND`), the others still
 * change; the answer is the platform's bulk shape.
 */
export function bulkUpdateOrderTags(
  db: Database,
  orderIds: readonly string[],
  assign: TagChange | undefined,
  unassign: TagChange | undefined,
  nowMs: number,
) {
  return db.transaction(() => {
    const results = orderIds.map((id, originalIndex) => {
      const row = db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id);
      if (!row)
        return {
          itemMetadata: {
            id,
            originalIndex,
            success: false,
            error: { code: 'ORDER_NOT_FOUND', description: `Order ${id} not found` },
          },
        };
      const order = JSON.parse(row.data) as WireOrder & { tags?: WireTags };
      const next: WireTags = {};
      for (const kind of ['privateTags', 'tags'] as const) {
        const ids = new Set(order.tags?.[kind]?.tagIds ?? []);
        for (const t of assign?.[kind]?.tagIds ?? []) ids.add(t);
        for (const t of unassign?.[kind]?.tagIds ?? []) ids.delete(t);
        if (ids.size > 100)
          return {
            itemMetadata: {
              id,
              originalIndex,
              success: false,
              error: { code: 'TOO_MANY_TAGS', description: `An order holds at most 100 ${kind}` },
            },
          };
        next[kind] = { tagIds: [...ids] };
      }
      order.tags = next;
      saveOrder(db, order, nowMs);
      return { itemMetadata: { id, originalIndex, success: true } };
    });
    const ok = results.filter((r) => r.itemMetadata.success).length;
    return {
      results,
      bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
    };
  })();
}

/** What Aggregate Orders may count by (`$count: [fields]`) and sum or average (`$sum`/`$avg`/`$min`/`$max`: field). */
export const AGGREGATE_GROUP_FIELDS: Record<string, (o: WireOrder) => string> = {
  status: (o) => o.status,
  paymentStatus: (o) => o.paymentStatus,
  fulfillmentStatus: (o) => o.fulfillmentStatus,
  currency: (o) => String(o['currency'] ?? ''),
};
const amountOf = (path: 'total' | 'subtotal' | 'tax' | 'shipping' | 'discount') => (o: WireOrder) =>
  Math.round(Number((o.priceSummary as Record<string, { amount?: string }> | undefined)?.[path]?.amount ?? 0) * 100);
export const AGGREGATE_NUMBER_FIELDS: Record<string, (o: WireOrder) => number> = {
  'priceSummary.total.amount': amountOf('total'),
  'priceSummary.subtotal.amount': amountOf('subtotal'),
  'priceSummary.tax.amount': amountOf('tax'),
  'priceSummary.shipping.amount': amountOf('shipping'),
  'priceSummary.discount.amount': amountOf('discount'),
};
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Aggregate Orders (`AggregateOrdersRequest`): the orders the filter keeps (Search Orders' filter fields, INITIALIZED
 * never), then per key of `aggregation` one operator: `{$count: []}` → the number of orders, `{$count: [f, …]}` →
 * `{"(v1|v2)": n}` grouped by those fields (separator `|` or `hierarchySeparatorOverride`; one field → `"v1"`), `{$sum
 * | $avg | $min | $max: "<amount field>"}` → a number in the currency's units (cents rounded; `$avg`/`$min`/`$max` of
 * no order → 0). Unknown operators and fields → 400 on `aggregation.<key>`.
 */
export function aggregateOrders(
  db: Database,
  filter: Record<string, unknown> | undefined,
  aggregation: Record<string, Record<string, unknown>>,
  separator = '|',
) {
  checkOrderFilter(filter, 'filter');
  const rows = applyFilter(
    loadOrders(db).filter((o) => o.status !== 'INITIALIZED'),
    lowerEmails(filter),
    ORDER_FILTER_FIELDS,
    'filter',
  );
  const aggregates: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(aggregation)) {
    const field = `aggregation.${key}`;
    const ops = Object.entries(spec);
    if (ops.length !== 1) throw invalidField(field, 'needs exactly one operator', 'VALIDATION');
    const [op, arg] = ops[0]!;
    if (op === '$count') {
      const fields = typeof arg === 'string' ? [arg] : arg;
      if (!Array.isArray(fields) || fields.length > 3 || !fields.every((f) => typeof f === 'string'))
        throw invalidField(field, '$count needs a list of at most 3 field names', 'VALIDATION');
      const getters = (fields as string[]).map((f) => {
        if (!own(AGGREGATE_GROUP_FIELDS, f))
          throw invalidField(field, `cannot count by ${f.slice(0, 100)}`, 'VALIDATION');
        return AGGREGATE_GROUP_FIELDS[f]!;
      });
      if (!getters.length) {
        aggregates[key] = rows.length;
        continue;
      }
      const groups = new Map<string, number>();
      for (const o of rows) {
        const values = getters.map((g) => g(o));
        const name = values.length === 1 ? values[0]! : `(${values.join(separator)})`;
        groups.set(name, (groups.get(name) ?? 0) + 1);
      }
      aggregates[key] = Object.fromEntries(groups);
    } else if (op === '$sum' || op === '$avg' || op === '$min' || op === '$max') {
      if (typeof arg !== 'string' || !own(AGGREGATE_NUMBER_FIELDS, arg))
        throw invalidField(
          field,
          `${op} needs one of ${Object.keys(AGGREGATE_NUMBER_FIELDS).join(', ')}`,
          'VALIDATION',
        );
      const values = rows.map(AGGREGATE_NUMBER_FIELDS[arg]!);
      const sum = values.reduce((n, v) => n + v, 0);
      const cents =
        op === '$sum'
          ? sum
          : !values.length
            ? 0
            : op === '$avg'
              ? Math.round(sum / values.length)
              : op === '$min'
                ? Math.min(...values)
                : Math.max(...values);
      aggregates[key] = cents / 100;
    } else {
      throw invalidField(field, `unsupported operator ${op.slice(0, 50)}`, 'VALIDATION');
    }
  }
  return { aggregates };
}

export interface AddressInput {
  country?: string | undefined;
  subdivision?: string | undefined;
  city?: string | undefined;
  postalCode?: string | undefined;
  addressLine1?: string | undefined;
  addressLine2?: string | undefined;
  streetAddress?: { number?: string | undefined; name?: string | undefined } | undefined;
}
export interface AddressWithContactInput {
  address?: AddressInput | undefined;
  contactDetails?:
    | {
        firstName?: string | undefined;
        lastName?: string | undefined;
        phone?: string | undefined;
        company?: string | undefined;
      }
    | undefined;
}

export interface CommitDeltasInput {
  draftOrderId?: string | undefined;
  changes: {
    changedShippingInfo?: { logistics: { shippingDestination: AddressWithContactInput } } | undefined;
    recipientInfo?: AddressWithContactInput | undefined;
    billingInfo?: AddressWithContactInput | undefined;
    lineItems?:
      | {
          lineItemId: string;
          lineItemRemoved?: boolean | undefined;
          changedDetails?: { quantityBeforeChange?: number | undefined } | undefined;
          lineItem?: { quantity?: number | undefined } | undefined;
        }[]
      | undefined;
  };
  commitSettings?:
    | {
        sendNotificationsToBuyer?: boolean | null | undefined;
        sendNotificationsToBusiness?: boolean | null | undefined;
        addActivitiesToOrder?: boolean | null | undefined;
        sendNotificationsToCustomFulfillers?: boolean | null | undefined;
        updateInventory?: { lineItemId: string }[] | undefined;
      }
    | undefined;
  reason?: string | undefined;
}

type OrderLine = WireOrder['lineItems'][number] & { price?: { amount?: string }; totalPriceBeforeTax?: unknown };
const centsOf = (m: { amount?: string } | undefined) => Math.round(Number(m?.amount ?? 0) * 100);
type ShippingInfo = {
  logistics?: { shippingDestination?: AddressWithContactInput };
  cost?: { price?: { amount?: string } };
};

/**
 * One edit of an order, whoever makes it (Commit Deltas, a draft order's commit): each changed line's new quantity
 * (0 removes it) and, for the lines whose quantity the editor saw, that quantity (`before`: a line that has another
 * now was changed meanwhile → 428 `LINE_ITEM_CHANGED`); the new shipping destination, recipient and billing info.
 */
export interface OrderEdit {
  quantities: Map<string, number>;
  before?: Map<string, number> | undefined;
  shippingDestination?: AddressWithContactInput | undefined;
  recipientInfo?: AddressWithContactInput | undefined;
  billingInfo?: AddressWithContactInput | undefined;
}

/** How much of each line was fulfilled. */
function fulfilledOf(db: Database, orderId: string): Map<string, number> {
  const done = new Map<string, number>();
  for (const f of listFulfillments(db, orderId))
    for (const l of f.lineItems) done.set(l.id, (done.get(l.id) ?? 0) + l.quantity);
  return done;
}

/**
 * What may not be edited: a line not of the order (400 on `field(i)`), below its fulfilled quantity (428
 * `LINE_ITEM_FULFILLED`), every line removed (400 on `all`).
 */
export function checkEditLines(
  db: Database,
  order: WireOrder,
  quantities: Map<string, number>,
  field: (lineId: string) => string,
  all: string,
): void {
  const fulfilled = fulfilledOf(db, order.id);
  for (const [lineId, quantity] of quantities) {
    const line = order.lineItems.find((l) => l.id === lineId);
    if (!line) throw invalidField(field(lineId), 'is not a line of this order', 'VALIDATION');
    const done = fulfilled.get(lineId) ?? 0;
    if (quantity < done)
      throw failedPrecondition(`Line ${lineId} has ${done} fulfilled; it cannot go below that`, 'LINE_ITEM_FULFILLED', {
        lineItemId: lineId,
        fulfilled: done,
      });
  }
  if (!order.lineItems.some((l) => (quantities.get(l.id) ?? l.quantity) > 0))
    throw invalidField(all, 'cannot remove every line of an order', 'VALIDATION');
}

/**
 * The order's totals with `edit` applied, as {@link computeTotals} (the cart's and the checkout's pricing) works them
 * out: the lines left at their order prices, the order's discount kept as an amount (capped at the new subtotal), the
 * shipping charged kept, tax at the rate of the (new) shipping address's region.
 */
export function editedTotals(db: Database, order: WireOrder, edit: OrderEdit) {
  const lines = (order.lineItems as OrderLine[])
    .map((l) => ({ l, quantity: edit.quantities.get(l.id) ?? l.quantity }))
    .filter((x) => x.quantity > 0);
  const shipping = order['shippingInfo'] as ShippingInfo | undefined;
  const dest = edit.shippingDestination ?? shipping?.logistics?.shippingDestination;
  const region = taxRegion(db, dest?.address);
  const discount = centsOf((order.priceSummary as Record<string, { amount?: string }> | undefined)?.['discount']);
  return computeTotals({
    lines: lines.map((x) => ({ id: x.l.id, unitCents: centsOf(x.l.price), quantity: x.quantity })),
    rules: discount
      ? [
          {
            id: 'order-discount',
            name: 'Order discount',
            discountType: 'FIXED_AMOUNT',
            value: discount,
            fromCents: null,
            toCents: null,
          } as DiscountRule,
        ]
      : [],
    options: [
      {
        code: 'order-shipping',
        carrierId: '',
        title: '',
        deliveryTime: '',
        rates: flatRate(centsOf(shipping?.cost?.price)),
      },
    ],
    taxRateBp: region.rateBp,
  });
}

/** What applying an edit asks for besides the edit: the commit settings, the reason, the draft it came from. */
export interface EditSettings {
  draftOrderId?: string | undefined;
  reason?: string | undefined;
  addActivitiesToOrder?: boolean | undefined;
  sendNotificationsToBuyer?: boolean | undefined;
  /** Lines whose stock follows the change (only changed lines; anything else → 400 on `commitSettings.updateInventory`). */
  updateInventory?: readonly string[] | undefined;
}

/**
 * Applies `edit` to the order read in this transaction and saves it (the caller's transaction): quantities (a line
 * whose `before` is not its quantity now → 428 `LINE_ITEM_CHANGED`), `order_lines` and stock for the lines in
 * `updateInventory` (a decrease takes the units already back, the line's `restockQuantity`, off the order first and
 * gives back only the rest; more than is in stock → 428 `INSUFFICIENT_INVENTORY`), addresses, totals
 * ({@link editedTotals}), then the payment status and `balanceSummary` from the order's payments
 * ({@link settleAfterEdit}). Activities (unless `addActivitiesToOrder: false`): `SHIPPING_ADDRESS_EDITED` when the
 * destination changed, then `DRAFT_ORDER_CHANGES_APPLIED` (the client's `DraftOrderChangesApplied`). The buyer is
 * mailed the new total (unless `sendNotificationsToBuyer: false`). Returns the saved order and its total before.
 */
export function applyOrderEdit(
  db: Database,
  order: WireOrder,
  edit: OrderEdit,
  settings: EditSettings,
  nowMs: number,
): { order: WireOrder; totalBefore: number } {
  const id = order.id;
  if (order.status === 'CANCELED' || order.status === 'REJECTED')
    throw failedPrecondition(`Order ${id} is ${order.status} and cannot be edited`, 'ORDER_NOT_EDITABLE', {
      orderId: id,
      status: order.status,
    });
  const lines = order.lineItems as OrderLine[];
  for (const [lineId, before] of edit.before ?? []) {
    const line = lines.find((l) => l.id === lineId);
    if (line && before !== line.quantity)
      throw failedPrecondition(
        `Line ${line.id} has ${line.quantity}, not ${before}: the order changed meanwhile`,
        'LINE_ITEM_CHANGED',
        { lineItemId: line.id, quantity: line.quantity },
      );
  }
  const restock = new Set(settings.updateInventory ?? []);
  for (const r of restock)
    if (!edit.quantities.has(r))
      throw invalidField('commitSettings.updateInventory', `${r.slice(0, 100)} is not a changed line`, 'VALIDATION');
  const totals = editedTotals(db, order, edit);

  const changeList: Record<string, unknown>[] = [];
  for (const line of lines) {
    const to = edit.quantities.get(line.id);
    if (to === undefined || to === line.quantity) continue;
    const from = line.quantity;
    const managed = { id: line.id, name: line.productName, quantity: from };
    changeList.push(
      to === 0
        ? { lineItemRemoved: managed }
        : {
            lineItemChanged: {
              id: line.id,
              name: line.productName,
              quantity: {
                originalQuantity: from,
                newQuantity: to,
                diff: Math.abs(to - from),
                deltaType: to > from ? 'QUANTITY_INCREASED' : 'QUANTITY_DECREASED',
              },
            },
          },
    );
    // units that already came back (a refund's restock) are not given back twice: a decrease takes those off the
    // order first (a refunded unit is the one an edit removes), and gives back only the rest, so the units still on
    // the order are the ones still out
    const back = line.restockQuantity ?? 0;
    const stockDelta = to > from ? to - from : -Math.max(0, from - to - back);
    moveOrderLine(db, id, line, to - from, restock.has(line.id) ? stockDelta : 0, nowMs);
    line.quantity = to;
    if (to < from && back > 0) line.restockQuantity = Math.max(0, back - (from - to));
    line.totalPriceBeforeTax = money(centsOf(line.price) * to);
  }
  order.lineItems = lines.filter((l) => l.quantity > 0);

  const shipping = order['shippingInfo'] as ShippingInfo | undefined;
  let addressEdited = false;
  const dest = edit.shippingDestination;
  if (dest) {
    const original = shipping ? structuredClone(shipping) : undefined;
    const info = shipping ?? {};
    info.logistics = { ...(info.logistics ?? {}), shippingDestination: dest };
    order['shippingInfo'] = info;
    addressEdited = JSON.stringify(original?.logistics?.shippingDestination) !== JSON.stringify(dest);
    if (addressEdited)
      changeList.push({ shippingInformationChanged: { originalShippingInfo: original, newShippingInfo: info } });
  }
  if (edit.recipientInfo) order['recipientInfo'] = edit.recipientInfo;
  if (edit.billingInfo) order.billingInfo = edit.billingInfo as WireOrder['billingInfo'];

  const before = order.priceSummary ? centsOf(order.priceSummary.total) : 0;
  const summary = (order.priceSummary ?? {}) as Record<string, { amount?: string }>;
  order.priceSummary = {
    ...summary,
    subtotal: money(totals.subtotal),
    discount: money(totals.discount),
    shipping: money(totals.shipping),
    tax: money(totals.tax),
    total: money(totals.total),
  } as WireOrder['priceSummary'];
  const taxSummary = order['taxSummary'] as Record<string, unknown> | undefined;
  if (taxSummary) {
    taxSummary['taxableAmount'] = money(totals.taxable);
    taxSummary['totalTax'] = money(totals.tax);
  }
  if (totals.total !== before)
    changeList.push({ totalPriceChanged: { originalTotal: money(before), newTotal: money(totals.total) } });
  settleAfterEdit(db, order);

  if (settings.addActivitiesToOrder !== false) {
    if (addressEdited) order.activities.push(activity('SHIPPING_ADDRESS_EDITED', nowMs));
    if (changeList.length)
      order.activities.push(
        activity('DRAFT_ORDER_CHANGES_APPLIED', nowMs, {
          draftOrderChangesApplied: {
            ...(settings.draftOrderId ? { draftOrderId: settings.draftOrderId } : {}),
            ...(settings.reason ? { reason: settings.reason } : {}),
            changes: changeList,
          },
        }),
      );
  }
  if (changeList.length && settings.sendNotificationsToBuyer !== false && order.buyerInfo.email) {
    const balance = Number(
      (order['balanceSummary'] as { balance?: { amount?: string } } | undefined)?.balance?.amount ?? 0,
    );
    const cur = typeof order['currency'] === 'string' ? order['currency'] : 'USD';
    sendMail(
      db,
      {
        to: order.buyerInfo.email,
        subject: `Your order #${order.number} was updated`,
        text: [
          `Your order #${order.number} was updated.`,
          settings.reason ? `Reason: ${settings.reason}` : '',
          totals.total !== before
            ? `New total: ${formatMoney(totals.total, cur)} (was ${formatMoney(before, cur)}).`
            : `Total: ${formatMoney(totals.total, cur)}.`,
          balance > 0
            ? `Left to pay: ${formatMoney(Math.round(balance * 100), cur)}.`
            : balance < 0
              ? `To be refunded to you: ${formatMoney(Math.round(-balance * 100), cur)}.`
              : '',
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
      nowMs,
    );
  }
  return { order: saveOrder(db, order, nowMs), totalBefore: before };
}

/**
 * Commit Deltas (the spec's `POST /v1/orders/{id}/commit-deltas`; the body is the client's `CommitDeltasRequest`
 * with `changes` a `DraftOrderDiffs`). No generated client calls it any more (edits go through draft orders,
 * domain/draft-orders.ts); the emulator keeps it because the spec names it. The changes come in the request and
 * `draftOrderId` is only recorded. Line items: a new quantity (`changedDetails` + `lineItem.quantity`) or removed
 * (`lineItemRemoved`); `quantityBeforeChange`, when sent, must be the line's quantity now (428 `LINE_ITEM_CHANGED`);
 * the rest is {@link checkEditLines} and {@link applyOrderEdit}.
 */
export function commitDeltas(db: Database, id: string, input: CommitDeltasInput, nowMs: number): WireOrder {
  return db.transaction(() => {
    const order = loadOrder(db, id);
    if (order.status === 'CANCELED' || order.status === 'REJECTED')
      throw failedPrecondition(`Order ${id} is ${order.status} and cannot be edited`, 'ORDER_NOT_EDITABLE', {
        orderId: id,
        status: order.status,
      });
    const { changes } = input;
    const quantities = new Map<string, number>();
    const before = new Map<string, number>();
    const index = new Map<string, number>();
    (changes.lineItems ?? []).forEach((d, i) => {
      const field = `changes.lineItems[${i}]`;
      if (quantities.has(d.lineItemId)) throw invalidField(`${field}.lineItemId`, 'is listed twice', 'VALIDATION');
      if (d.changedDetails?.quantityBeforeChange !== undefined)
        before.set(d.lineItemId, d.changedDetails.quantityBeforeChange);
      if (d.lineItemRemoved) {
        if (d.changedDetails || d.lineItem)
          throw invalidField(
            field,
            'lineItemRemoved goes alone (one of lineItemRemoved, changedDetails)',
            'VALIDATION',
          );
        quantities.set(d.lineItemId, 0);
      } else {
        if (d.lineItem?.quantity === undefined)
          throw invalidField(`${field}.lineItem.quantity`, 'is required to change a line', 'REQUIRED_FIELD');
        quantities.set(d.lineItemId, d.lineItem.quantity);
      }
      index.set(d.lineItemId, i);
    });
    // a line that changed meanwhile is said before anything else about it
    for (const [lineId, b] of before) {
      const line = order.lineItems.find((l) => l.id === lineId);
      if (line && line.quantity !== b)
        throw failedPrecondition(
          `Line ${line.id} has ${line.quantity}, not ${b}: the order changed meanwhile`,
          'LINE_ITEM_CHANGED',
          { lineItemId: line.id, quantity: line.quantity },
        );
    }
    checkEditLines(
      db,
      order,
      quantities,
      (lineId) => `changes.lineItems[${index.get(lineId)}].lineItemId`,
      'changes.lineItems',
    );
    const s = input.commitSettings;
    return applyOrderEdit(
      db,
      order,
      {
        quantities,
        before,
        shippingDestination: changes.changedShippingInfo?.logistics.shippingDestination,
        recipientInfo: changes.recipientInfo,
        billingInfo: changes.billingInfo,
      },
      {
        draftOrderId: input.draftOrderId,
        reason: input.reason,
        addActivitiesToOrder: s?.addActivitiesToOrder ?? undefined,
        sendNotificationsToBuyer: s?.sendNotificationsToBuyer ?? undefined,
        updateInventory: s?.updateInventory?.map((u) => u.lineItemId),
      },
      nowMs,
    ).order;
  })();
}

/**
 * Keeps `order_lines` (what restock and the sales statistics read) in step with a line's new quantity (`delta`), and
 * takes `stockDelta` from the stock of a tracked variant (negative: gives it back) through {@link changeStock}.
 */
function moveOrderLine(
  db: Database,
  orderId: string,
  line: OrderLine,
  delta: number,
  stockDelta: number,
  nowMs: number,
) {
  const productId = line.catalogReference?.catalogItemId;
  const variantId = line.catalogReference?.options?.variantId;
  if (!productId) return;
  const row = db
    .prepare<[string, string], { rowid: number; variant_id: string; quantity: number }>(
      'SELECT rowid, variant_id, quantity FROM order_lines WHERE order_id = ? AND product_id = ? ORDER BY rowid',
    )
    .all(orderId, productId)
    .find((r) => (variantId ? r.variant_id === variantId : true) && r.quantity + delta >= 0);
  if (!row) return;
  if (row.quantity + delta === 0) db.prepare<[number]>('DELETE FROM order_lines WHERE rowid = ?').run(row.rowid);
  else
    db.prepare<[number, number]>('UPDATE order_lines SET quantity = ? WHERE rowid = ?').run(
      row.quantity + delta,
      row.rowid,
    );
  if (!stockDelta) return;
  const product = getProductRecord(db, productId);
  const variant = product?.variants.find((v) => v.id === row.variant_id);
  if (!product?.trackInventory || !variant || variant.quantity === null) return;
  if (variant.quantity - stockDelta < 0)
    throw failedPrecondition(`Only ${variant.quantity} more in stock for line ${line.id}`, 'INSUFFICIENT_INVENTORY', {
      lineItemId: line.id,
      quantityAvailable: variant.quantity,
    });
  changeStock(db, product, undefined, [{ variantId: variant.id, quantity: variant.quantity - stockDelta }], nowMs);
}
