/**
 * Order fulfillments (`@wix/auto_sdk_ecom_order-fulfillments`; docs/wire.md "i40-ful: fulfilment"): the shipments an
 * owner records for an order's lines, each with its tracking info (or custom info), kept in `order_fulfillments`
 * (migration 011) beside the order, whose `fulfillmentStatus` and activities are written in the same transaction:
 * NOT_FULFILLED → PARTIALLY_FULFILLED → FULFILLED as every physical line's quantity is fulfilled (and back when a
 * fulfillment is deleted), with the activities the platform writes (ORDER_FULFILLED, ORDER_NOT_FULFILLED,
 * TRACKING_NUMBER_ADDED, TRACKING_NUMBER_EDITED, TRACKING_LINK_WAS_SET, SHIPPING_CONFIRMATION_EMAIL_SENT; the spec's
 * enumeration). A known carrier (the client's predefined providers) gets its tracking link derived from the number.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { badRequest, conflict, failedPrecondition, invalidField, notFound, PlatformError } from '../errors.ts';
import { sendMail } from './mail.ts';
import { loadOrder, type WireOrder } from './order-store.ts';

export interface TrackingInfo {
  trackingNumber?: string;
  shippingProvider?: string;
  trackingLink?: string;
}

export interface FulfillmentInput {
  lineItems: { id: string; quantity?: number | undefined }[];
  trackingInfo?: { [K in keyof TrackingInfo]?: string | undefined } | undefined;
  customInfo?: { fieldsData?: Record<string, string> | undefined } | undefined;
  status?: string | undefined;
  completed?: boolean | undefined;
}

export interface WireFulfillment {
  id: string;
  createdDate: string;
  lineItems: { id: string; quantity: number }[];
  trackingInfo?: TrackingInfo;
  customInfo?: { fieldsData: Record<string, string> };
  status?: string;
  completed?: boolean;
}

/**
 * The client's predefined providers (`FulfillmentTrackingInfo.shippingProvider`: "the trackingLink field will be
 * automatically populated based on the trackingNumber"); the URL formats are the carriers' public tracking pages
 * (chosen: the client names the providers, not the formats).
 */
export const CARRIER_LINKS: Readonly<Record<string, (n: string) => string>> = {
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  dhl: (n) => `https://www.dhl.com/en/express/tracking.html?AWB=${n}`,
  canadaPost: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
};

/** The fulfillment statuses the client lists ("case-sensitive, any other value is rejected"). */
export const FULFILLMENT_PROCESS_STATUSES = ['Pending', 'Accepted', 'Ready', 'In_Delivery', 'Fulfilled'] as const;

const activity = (type: string, nowMs: number) => ({
  id: randomUUID(),
  type,
  createdDate: new Date(nowMs).toISOString(),
});

function save(db: Database, order: WireOrder, nowMs: number): void {
  order.updatedDate = new Date(nowMs).toISOString();
  db.prepare<[string, string]>('UPDATE orders SET data = ? WHERE id = ?').run(JSON.stringify(order), order.id);
}

export function listFulfillments(db: Database, orderId: string): WireFulfillment[] {
  return db
    .prepare<[string], { data: string }>(
      'SELECT data FROM order_fulfillments WHERE order_id = ? ORDER BY created_date, rowid',
    )
    .all(orderId)
    .map((r) => JSON.parse(r.data) as WireFulfillment);
}

/** List Fulfillments For Multiple Orders: each order asked for (404 `ORDER_NOT_FOUND` for one that is not), in order. */
export function listFulfillmentsForOrders(
  db: Database,
  orderIds: readonly string[],
): { orderId: string; fulfillments: WireFulfillment[] }[] {
  return orderIds.map((id) => ({ orderId: loadOrder(db, id).id, fulfillments: listFulfillments(db, id) }));
}

/** How many of each line the order's fulfillments hold. */
function fulfilledQuantities(fs: readonly WireFulfillment[]): Map<string, number> {
  const done = new Map<string, number>();
  for (const f of fs) for (const l of f.lineItems) done.set(l.id, (done.get(l.id) ?? 0) + l.quantity);
  return done;
}

const physical = (l: WireOrder['lineItems'][number]) =>
  ((l as { itemType?: { preset?: string } }).itemType?.preset ?? 'PHYSICAL') === 'PHYSICAL';

/**
 * The order's fulfillment status from what is fulfilled: FULFILLED when every physical line's quantity is (an order of
 * digital lines only: when every line is), PARTIALLY_FULFILLED when some is, else NOT_FULFILLED; ORDER_FULFILLED when
 * it becomes FULFILLED, ORDER_NOT_FULFILLED when it stops being.
 */
function settleStatus(db: Database, order: WireOrder, nowMs: number): void {
  const done = fulfilledQuantities(listFulfillments(db, order.id));
  const counted = order.lineItems.some(physical) ? order.lineItems.filter(physical) : order.lineItems;
  const any = [...done.values()].some((q) => q > 0);
  const status = counted.every((l) => (done.get(l.id) ?? 0) >= l.quantity)
    ? 'FULFILLED'
    : any
      ? 'PARTIALLY_FULFILLED'
      : 'NOT_FULFILLED';
  if (status === 'FULFILLED' && order.fulfillmentStatus !== 'FULFILLED')
    order.activities.push(activity('ORDER_FULFILLED', nowMs));
  if (status !== 'FULFILLED' && order.fulfillmentStatus === 'FULFILLED')
    order.activities.push(activity('ORDER_NOT_FULFILLED', nowMs));
  order.fulfillmentStatus = status;
}

/** Tracking as stored: empty fields left out; a predefined carrier's link derived when none is given. */
function tracking(t: FulfillmentInput['trackingInfo']): TrackingInfo | undefined {
  if (!t) return undefined;
  const out: TrackingInfo = {};
  if (t.trackingNumber) out.trackingNumber = t.trackingNumber;
  if (t.shippingProvider) out.shippingProvider = t.shippingProvider;
  if (t.trackingLink) out.trackingLink = t.trackingLink;
  const derive = out.shippingProvider ? CARRIER_LINKS[out.shippingProvider] : undefined;
  if (!out.trackingLink && derive && out.trackingNumber)
    out.trackingLink = derive(encodeURIComponent(out.trackingNumber));
  return Object.keys(out).length ? out : undefined;
}

/** 409 `TRACKING_NUMBER_ALREADY_EXISTS` (the client's CreateFulfillment/UpdateFulfillmentApplicationErrors). */
function uniqueNumber(fs: readonly WireFulfillment[], number: string | undefined, except?: string): void {
  if (!number) return;
  const other = fs.find((f) => f.id !== except && f.trackingInfo?.trackingNumber === number);
  if (other)
    throw conflict(
      `Tracking number ${number} is already on a fulfillment of this order`,
      'TRACKING_NUMBER_ALREADY_EXISTS',
      {
        trackingNumber: number,
        fulfillmentId: other.id,
      },
    );
}

function approved(order: WireOrder): void {
  // "Fulfillments can only be created for orders that are in an approved state" (the API's introduction)
  if (order.status === 'CANCELED')
    throw failedPrecondition(`Order ${order.id} is canceled`, 'ORDER_CANCELED', { orderId: order.id });
  if (order.status !== 'APPROVED')
    throw failedPrecondition(`Order ${order.id} is not approved`, 'ORDER_NOT_APPROVED', { orderId: order.id });
}

/** One fulfillment added to a loaded order (inside the caller's transaction); `field` names its place in the request. */
function addOne(
  db: Database,
  order: WireOrder,
  input: FulfillmentInput,
  nowMs: number,
  field: string,
): WireFulfillment {
  approved(order);
  if (input.trackingInfo && input.customInfo)
    throw invalidField(`${field}.customInfo`, 'goes without trackingInfo (one of the two)', 'VALIDATION');
  const existing = listFulfillments(db, order.id);
  const done = fulfilledQuantities(existing);
  const seen = new Set<string>();
  const lines = input.lineItems.map((l, i) => {
    const at = `${field}.lineItems[${i}]`;
    const line = order.lineItems.find((x) => x.id === l.id);
    if (!line)
      throw badRequest([{ field: `${at}.id`, description: 'is not a line of this order', violatedRule: 'VALIDATION' }]);
    if (seen.has(l.id))
      throw badRequest([{ field: `${at}.id`, description: 'is listed twice', violatedRule: 'VALIDATION' }]);
    seen.add(l.id);
    const left = line.quantity - (done.get(l.id) ?? 0);
    const quantity = l.quantity ?? left;
    if (quantity < 1 || quantity > left)
      throw badRequest([
        {
          field: `${at}.quantity`,
          description: `must be between 1 and ${left} (what is left to fulfill)`,
          violatedRule: 'VALIDATION',
          data: { lineItemId: l.id, left },
        },
      ]);
    return { id: l.id, quantity };
  });
  const t = tracking(input.trackingInfo);
  uniqueNumber(existing, t?.trackingNumber);
  const f: WireFulfillment = {
    id: randomUUID(),
    createdDate: new Date(nowMs).toISOString(),
    lineItems: lines,
    ...(t ? { trackingInfo: t } : {}),
    ...(input.customInfo ? { customInfo: { fieldsData: input.customInfo.fieldsData ?? {} } } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.completed !== undefined ? { completed: input.completed } : {}),
  };
  db.prepare<[string, string, string, string]>(
    'INSERT INTO order_fulfillments (id, order_id, data, created_date) VALUES (?, ?, ?, ?)',
  ).run(f.id, order.id, JSON.stringify(f), f.createdDate);
  settleStatus(db, order, nowMs);
  if (t?.trackingNumber) order.activities.push(activity('TRACKING_NUMBER_ADDED', nowMs));
  if (input.trackingInfo?.trackingLink) order.activities.push(activity('TRACKING_LINK_WAS_SET', nowMs));
  return f;
}

/**
 * Create Fulfillment: lines of the order (a line's quantity defaults to what is left of it; more than is left, a line
 * not of the order or one listed twice: 400), a tracking number another fulfillment of the order has: 409
 * `TRACKING_NUMBER_ALREADY_EXISTS`; a canceled order 428 `ORDER_CANCELED`, another not APPROVED 428
 * `ORDER_NOT_APPROVED`. Returns the new fulfillment's id and all the order's fulfillments.
 */
export function createFulfillment(
  db: Database,
  orderId: string,
  input: FulfillmentInput,
  nowMs: number,
): { fulfillmentId: string; fulfillments: WireFulfillment[] } {
  return db.transaction(() => {
    const order = loadOrder(db, orderId);
    const f = addOne(db, order, input, nowMs, 'fulfillment');
    save(db, order, nowMs);
    return { fulfillmentId: f.id, fulfillments: listFulfillments(db, orderId) };
  })();
}

function loadFulfillment(db: Database, orderId: string, fulfillmentId: string): WireFulfillment {
  const r = db
    .prepare<[string, string], { data: string }>('SELECT data FROM order_fulfillments WHERE id = ? AND order_id = ?')
    .get(fulfillmentId, orderId);
  if (!r)
    throw notFound(`Fulfillment ${fulfillmentId} not found on order ${orderId}`, 'FULFILLMENT_NOT_FOUND', {
      orderId,
      fulfillmentId,
    });
  return JSON.parse(r.data) as WireFulfillment;
}

export interface FulfillmentPatch {
  lineItems?: unknown;
  trackingInfo?: { [K in keyof TrackingInfo]?: string | null | undefined } | null | undefined;
  customInfo?: { fieldsData?: Record<string, string> | undefined } | null | undefined;
  status?: string | null | undefined;
  completed?: boolean | null | undefined;
}

/**
 * Update Fulfillment: a value given replaces the field's, `null` removes it (the client: "To remove a field's value,
 * pass `null`"); line items may not change ("delete the fulfillment and create it again": 400 on `lineItems`).
 * Activities: TRACKING_NUMBER_ADDED (none before) or TRACKING_NUMBER_EDITED (another before), TRACKING_LINK_WAS_SET
 * when a link is given that differs. A predefined carrier's link follows its number unless a link is given.
 */
export function updateFulfillment(
  db: Database,
  orderId: string,
  fulfillmentId: string,
  patch: FulfillmentPatch,
  nowMs: number,
): { orderId: string; fulfillments: WireFulfillment[] } {
  return db.transaction(() => {
    const order = loadOrder(db, orderId);
    const f = loadFulfillment(db, order.id, fulfillmentId);
    if (patch.lineItems !== undefined && patch.lineItems !== null) {
      const same =
        Array.isArray(patch.lineItems) &&
        JSON.stringify(
          (patch.lineItems as { id?: string; quantity?: number }[]).map((l) => [l.id, l.quantity ?? null]),
        ) === JSON.stringify(f.lineItems.map((l) => [l.id, l.quantity]));
      if (!same)
        throw invalidField(
          'fulfillment.lineItems',
          'cannot be updated: delete the fulfillment and create it again',
          'FIELD_NOT_ALLOWED',
        );
    }
    const before = f.trackingInfo ?? {};
    if (patch.trackingInfo === null) delete f.trackingInfo;
    else if (patch.trackingInfo) {
      const next: Record<string, string | undefined> = { ...before };
      for (const k of ['trackingNumber', 'shippingProvider', 'trackingLink'] as const) {
        const v = patch.trackingInfo[k];
        if (v === null) delete next[k];
        else if (v !== undefined) next[k] = v;
      }
      // a derived link follows the number: it is derived again unless a link is given now
      const derived = before.shippingProvider && CARRIER_LINKS[before.shippingProvider];
      if (
        patch.trackingInfo.trackingLink === undefined &&
        derived &&
        before.trackingNumber &&
        before.trackingLink === derived(encodeURIComponent(before.trackingNumber))
      )
        delete next['trackingLink'];
      const t = tracking(next);
      if (t) f.trackingInfo = t;
      else delete f.trackingInfo;
    }
    if (f.trackingInfo && patch.customInfo)
      throw invalidField('fulfillment.customInfo', 'goes without trackingInfo (one of the two)', 'VALIDATION');
    if (patch.customInfo === null) delete f.customInfo;
    else if (patch.customInfo) f.customInfo = { fieldsData: patch.customInfo.fieldsData ?? {} };
    if (patch.status === null) delete f.status;
    else if (patch.status !== undefined) f.status = patch.status;
    if (patch.completed === null) delete f.completed;
    else if (patch.completed !== undefined) f.completed = patch.completed;

    const after = f.trackingInfo ?? {};
    uniqueNumber(listFulfillments(db, order.id), after.trackingNumber, f.id);
    if (after.trackingNumber && after.trackingNumber !== before.trackingNumber)
      order.activities.push(
        activity(before.trackingNumber ? 'TRACKING_NUMBER_EDITED' : 'TRACKING_NUMBER_ADDED', nowMs),
      );
    if (patch.trackingInfo?.trackingLink && patch.trackingInfo.trackingLink !== before.trackingLink)
      order.activities.push(activity('TRACKING_LINK_WAS_SET', nowMs));
    db.prepare<[string, string]>('UPDATE order_fulfillments SET data = ? WHERE id = ?').run(JSON.stringify(f), f.id);
    save(db, order, nowMs);
    return { orderId: order.id, fulfillments: listFulfillments(db, order.id) };
  })();
}

/** Delete Fulfillment: its lines are no longer fulfilled; the order's status follows (ORDER_NOT_FULFILLED if it was FULFILLED). */
export function deleteFulfillment(
  db: Database,
  orderId: string,
  fulfillmentId: string,
  nowMs: number,
): { orderId: string; fulfillments: WireFulfillment[] } {
  return db.transaction(() => {
    const order = loadOrder(db, orderId);
    const f = loadFulfillment(db, order.id, fulfillmentId);
    db.prepare<[string]>('DELETE FROM order_fulfillments WHERE id = ?').run(f.id);
    settleStatus(db, order, nowMs);
    save(db, order, nowMs);
    return { orderId: order.id, fulfillments: listFulfillments(db, order.id) };
  })();
}

export interface BulkResult {
  itemMetadata: {
    id?: string;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string; data?: Record<string, unknown> };
  };
  ordersWithFulfillments?: { orderId: string; fulfillments: WireFulfillment[] };
}

/**
 * Bulk Create Fulfillments: each order on its own (its fulfillments in one transaction: all or none of them), one
 * result per order in the request's order, a refusal said as the platform's error code and description.
 */
export function bulkCreateFulfillments(
  db: Database,
  items: readonly { orderId: string; fulfillments: FulfillmentInput[] }[],
  nowMs: number,
): {
  results: BulkResult[];
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
} {
  const results = items.map((item, originalIndex): BulkResult => {
    try {
      const fulfillments = db.transaction(() => {
        const order = loadOrder(db, item.orderId);
        item.fulfillments.forEach((f, i) =>
          addOne(db, order, f, nowMs, `ordersWithFulfillments[${originalIndex}].fulfillments[${i}]`),
        );
        save(db, order, nowMs);
        return listFulfillments(db, order.id);
      })();
      return {
        itemMetadata: { id: item.orderId, originalIndex, success: true },
        ordersWithFulfillments: { orderId: item.orderId, fulfillments },
      };
    } catch (e) {
      if (!(e instanceof PlatformError)) throw e;
      const app = e.applicationError;
      const v = e.fieldViolations?.[0];
      return {
        itemMetadata: {
          id: item.orderId,
          originalIndex,
          success: false,
          error: app
            ? { code: app.code, description: app.description ?? e.message }
            : { code: 'INVALID_ARGUMENT', description: e.message, ...(v ? { data: { field: v.field } } : {}) },
        },
      };
    }
  });
  const totalSuccesses = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses, totalFailures: results.length - totalSuccesses, undetailedFailures: 0 },
  };
}

/**
 * Send Buyer Shipping Confirmation Email (the orders service's `SendBuyerShippingConfirmationEmailRequest`
 * {orderId}; no generated client has the method: a spec-only call, chosen path in core/ops/admin.ts): the buyer gets
 * the shipped lines and each shipment's carrier, number and link; a SHIPPING_CONFIRMATION_EMAIL_SENT activity. An order
 * with no fulfillment: 428 `ORDER_NOT_FULFILLED`; one without an email: 428 `NO_BUYER_EMAIL`.
 */
export function sendShippingConfirmation(db: Database, orderId: string, nowMs: number): Record<string, never> {
  return db.transaction(() => {
    const order = loadOrder(db, orderId);
    const fs = listFulfillments(db, order.id);
    if (!fs.length)
      throw failedPrecondition(`Order ${order.id} has no fulfillment to confirm`, 'ORDER_NOT_FULFILLED', {
        orderId: order.id,
      });
    const to = order.buyerInfo.email;
    if (!to) throw failedPrecondition(`Order ${order.id} has no buyer email`, 'NO_BUYER_EMAIL', { orderId: order.id });
    const name = (id: string) => order.lineItems.find((l) => l.id === id)?.productName?.original ?? 'Item';
    const text = [
      `Good news: items of your order #${order.number} are on their way.`,
      ...fs.map((f) =>
        [
          f.lineItems.map((l) => `${l.quantity} × ${name(l.id)}`).join('\n'),
          f.trackingInfo?.shippingProvider ? `Carrier: ${f.trackingInfo.shippingProvider}` : '',
          f.trackingInfo?.trackingNumber ? `Tracking number: ${f.trackingInfo.trackingNumber}` : '',
          f.trackingInfo?.trackingLink ? `Track it: ${f.trackingInfo.trackingLink}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      ),
    ].join('\n\n');
    const link = [...fs].reverse().find((f) => f.trackingInfo?.trackingLink)?.trackingInfo?.trackingLink;
    sendMail(db, { to, subject: `Your order #${order.number} has shipped`, text, ...(link ? { link } : {}) }, nowMs);
    order.activities.push(activity('SHIPPING_CONFIRMATION_EMAIL_SENT', nowMs));
    save(db, order, nowMs);
    return {};
  })();
}
