/**
 * Draft orders: how the platform edits an order (eCommerce Draft Orders API, `@wix/auto_sdk_ecom_draft-orders`;
 * docs/wire.md "Order edits: Draft Orders"). Whether an order may have one (draftability), a draft made from it, its
 * lines' quantities and its shipping destination and billing info changed, the draft read with its totals worked out
 * again, then committed to the order (or deleted). The draft keeps only its changes (`draft_orders.data`); its totals
 * are the order's edit totals (orders.ts `editedTotals`: the pricing of carts and checkouts, `computeTotals`) and its
 * balance the order's payments against them (payments.ts `balanceWithTotal`), so a draft and the order it is committed
 * to never disagree. The commit is orders.ts `applyOrderEdit`, Commit Deltas' own.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { AdminIdentity } from './auth.ts';
import { money } from './commerce.ts';
import {
  applyOrderEdit,
  checkEditLines,
  editedTotals,
  type AddressWithContactInput,
  type OrderEdit,
} from './orders.ts';
import { loadOrder, type WireOrder } from './order-store.ts';
import { balanceWithTotal, currencyOf, hasRefunds, price } from './payments.ts';
import { badRequestApp, failedPrecondition, notFound, PlatformError } from '../errors.ts';

/** The channels an order must come from to be edited (the client's `UNSUPPORTED_CHANNEL_TYPE`). */
const DRAFTABLE_CHANNELS = new Set(['WEB', 'POS', 'BACKOFFICE_MERCHANT', 'WIX_APP_STORE']);

interface StoredDraft {
  id: string;
  orderId: string;
  status: 'DRAFT' | 'COMMITTED';
  createdDate: string;
  updatedDate: string;
  createdBy: { appId?: string; userId?: string };
  /** Each line's quantity on the order when the draft was made. */
  before: Record<string, number>;
  /** Changed lines: their new quantity (0: removed). */
  quantities: Record<string, number>;
  shippingDestination?: AddressWithContactInput;
  billingInfo?: AddressWithContactInput;
  /** Once committed: the draft as the commit answered it. */
  committed?: Record<string, unknown>;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** An address as the platform's REST wire writes it (`addressLine`), from the order's own (`addressLine1`). */
function restAddress(a: AddressWithContactInput | undefined): Record<string, unknown> | undefined {
  if (!a) return undefined;
  const { addressLine1, ...rest } = (a.address ?? {}) as Record<string, unknown>;
  return {
    ...a,
    ...(a.address
      ? { address: { ...rest, ...(addressLine1 !== undefined ? { addressLine: addressLine1 } : {}) } }
      : {}),
  };
}
/** An address as the order keeps it (`addressLine1`), from the REST wire's (`addressLine`; `addressLine1` too). */
export function orderAddress(a: AddressWithContactInput & { address?: { addressLine?: string | undefined } }) {
  if (!a.address) return a as AddressWithContactInput;
  const { addressLine, ...rest } = a.address;
  return {
    ...a,
    address: {
      ...rest,
      ...(addressLine !== undefined && rest.addressLine1 === undefined ? { addressLine1: addressLine } : {}),
    },
  } as AddressWithContactInput;
}

// ------------------------------------------------------------------------------------------------ draftability

export type NonDraftableReason =
  | 'PARTIALLY_OR_FULLY_REFUNDED'
  | 'UNSUPPORTED_CHANNEL_TYPE'
  | 'ORDER_STATUS_IS_NOT_SUPPORTED'
  | 'ORDER_NOT_FOUND'
  | 'SUBSCRIPTION_LINE_ITEM_EXISTS';

/**
 * Why a draft can't be made from the order (the client's `NonDraftableReason`), none when it can: not found, not
 * APPROVED (`ORDER_STATUS_IS_NOT_SUPPORTED`: pending, canceled, rejected), refunded in part or in full (any refund that
 * did not fail), from a channel other than WEB, POS, BACKOFFICE_MERCHANT or WIX_APP_STORE, or with a subscription line.
 */
function reasonsFor(db: Database, orderId: string): NonDraftableReason[] {
  const row = db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(orderId);
  if (!row) return ['ORDER_NOT_FOUND'];
  const order = JSON.parse(row.data) as WireOrder;
  const reasons: NonDraftableReason[] = [];
  if (order.status !== 'APPROVED') reasons.push('ORDER_STATUS_IS_NOT_SUPPORTED');
  if (
    order.paymentStatus === 'PARTIALLY_REFUNDED' ||
    order.paymentStatus === 'FULLY_REFUNDED' ||
    hasRefunds(db, orderId)
  )
    reasons.push('PARTIALLY_OR_FULLY_REFUNDED');
  const channel = (order['channelInfo'] as { type?: string } | undefined)?.type;
  if (channel && !DRAFTABLE_CHANNELS.has(channel)) reasons.push('UNSUPPORTED_CHANNEL_TYPE');
  if (order.lineItems.some((l) => (l as Record<string, unknown>)['subscriptionInfo']))
    reasons.push('SUBSCRIPTION_LINE_ITEM_EXISTS');
  return reasons;
}

/** Get Order Draftability Status: `{orderId, orderDraftable, nonDraftableReasons}`. */
export function draftability(db: Database, orderId: string) {
  const reasons = reasonsFor(db, orderId);
  return { orderId, orderDraftable: reasons.length === 0, nonDraftableReasons: reasons };
}

// ------------------------------------------------------------------------------------------------ load and save

function readDraft(db: Database, id: string): StoredDraft {
  const r = db.prepare<[string], { data: string }>('SELECT data FROM draft_orders WHERE id = ?').get(id);
  if (!r) throw notFound(`Draft order ${id} not found`, 'DRAFT_ORDER_DOES_NOT_EXIST', { draftOrderId: id });
  return JSON.parse(r.data) as StoredDraft;
}

function writeDraft(db: Database, d: StoredDraft): void {
  db.prepare<[string, string, string, string, string, string]>(
    `INSERT INTO draft_orders (id, order_id, status, data, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET status = excluded.status, data = excluded.data, updated_date = excluded.updated_date`,
  ).run(d.id, d.orderId, d.status, JSON.stringify(d), d.createdDate, d.updatedDate);
}

/** A draft still being edited (a committed one: 428 `DRAFT_ORDER_ALREADY_COMMITTED`). */
function openDraft(db: Database, id: string): StoredDraft {
  const d = readDraft(db, id);
  if (d.status !== 'DRAFT')
    throw failedPrecondition(`Draft order ${id} was committed`, 'DRAFT_ORDER_ALREADY_COMMITTED', { draftOrderId: id });
  return d;
}

const editOf = (d: StoredDraft): OrderEdit => ({
  quantities: new Map(Object.entries(d.quantities)),
  before: new Map(Object.entries(d.before).filter(([k]) => k in d.quantities)),
  shippingDestination: d.shippingDestination,
  billingInfo: d.billingInfo,
});

// ------------------------------------------------------------------------------------------------ the wire draft

type Line = WireOrder['lineItems'][number] & { price?: { amount?: string } };

/** The draft as the platform answers it (`DraftOrder`), its totals and balance worked out from the order now. */
function wireDraft(db: Database, d: StoredDraft): Record<string, unknown> {
  if (d.committed) return d.committed;
  const order = loadOrder(db, d.orderId);
  const cur = currencyOf(order);
  const totals = editedTotals(db, order, editOf(d));
  const shipping = order['shippingInfo'] as Record<string, unknown> & {
    logistics?: Record<string, unknown> & { shippingDestination?: AddressWithContactInput };
  };
  const restShipping = (s: typeof shipping | undefined) =>
    s && {
      ...s,
      ...(s.logistics
        ? { logistics: { ...s.logistics, shippingDestination: restAddress(s.logistics.shippingDestination) } }
        : {}),
    };
  const newShipping = d.shippingDestination
    ? { ...shipping, logistics: { ...(shipping?.logistics ?? {}), shippingDestination: d.shippingDestination } }
    : shipping;
  const billing = (d.billingInfo ?? order.billingInfo) as AddressWithContactInput | undefined;
  const balance = balanceWithTotal(db, order, totals.total);
  return {
    id: d.id,
    orderId: d.orderId,
    status: d.status,
    createdDate: d.createdDate,
    updatedDate: d.updatedDate,
    createdBy: d.createdBy,
    currency: cur,
    weightUnit: typeof order['weightUnit'] === 'string' ? order['weightUnit'] : 'KG',
    lineItems: (order.lineItems as Line[]).map((l) => {
      const to = d.quantities[l.id];
      if (to === 0) return { removed: true, lineItem: l };
      if (to === undefined || to === l.quantity) return { lineItem: l };
      const cents = Math.round(Number(l.price?.amount ?? 0) * 100);
      return {
        changedDetails: { quantityBeforeChange: d.before[l.id] ?? l.quantity },
        lineItem: { ...l, quantity: to, totalPriceBeforeTax: money(cents * to, cur) },
      };
    }),
    shippingInfo: {
      shippingInfo: restShipping(newShipping),
      ...(d.shippingDestination ? { changedDetails: { shippingInfoBeforeChange: restShipping(shipping) } } : {}),
    },
    buyerInfo: order.buyerInfo,
    ...(order.buyerInfo.memberId ? { memberId: order.buyerInfo.memberId } : {}),
    billingInfo: restAddress(billing),
    billingDetails: {
      billingInfo: restAddress(billing),
      ...(d.billingInfo
        ? { changedDetails: { billingInfoBeforeChange: restAddress(order.billingInfo as AddressWithContactInput) } }
        : {}),
    },
    additionalFees: [],
    discounts: [],
    priceSummary: {
      subtotal: price(totals.subtotal, cur),
      shipping: price(totals.shipping, cur),
      tax: price(totals.tax, cur),
      discount: price(totals.discount, cur),
      total: price(totals.total, cur),
      totalAdditionalFees: price(0, cur),
    },
    taxSummary: { totalTax: price(totals.tax, cur) },
    balanceSummary: {
      balance: balance['balance'],
      paid: balance['paid'],
      refunded: balance['refunded'],
      authorized: balance['authorized'],
    },
  };
}

/** `{calculatedDraftOrder}`, the answer of every call that changes or reads a draft. */
const calculated = (db: Database, d: StoredDraft) => ({
  calculatedDraftOrder: { draftOrder: wireDraft(db, d), shippingOptions: [] },
});

// ------------------------------------------------------------------------------------------------ calls

/**
 * Create Draft Order from an order (`sourceOrderId`, or the deprecated `orderId`): 404 `ORDER_NOT_FOUND`; an order
 * that may not have one → 428 `ORDER_CANNOT_BE_EDITED` (`data.nonDraftableReasons`). An order with a draft still
 * being edited answers that draft (`preexistingDraftOrder: true`), as the client's response documents.
 */
export function createDraftOrder(db: Database, orderId: string, who: AdminIdentity, nowMs: number) {
  return db.transaction(() => {
    const order = loadOrder(db, orderId);
    const reasons = reasonsFor(db, orderId);
    if (reasons.length)
      throw failedPrecondition(`Order ${orderId} cannot be edited`, 'ORDER_CANNOT_BE_EDITED', {
        orderId,
        nonDraftableReasons: reasons,
      });
    const open = db
      .prepare<[string], { data: string }>(
        "SELECT data FROM draft_orders WHERE order_id = ? AND status = 'DRAFT' ORDER BY created_date, rowid LIMIT 1",
      )
      .get(orderId);
    if (open) return { ...calculated(db, JSON.parse(open.data) as StoredDraft), preexistingDraftOrder: true };
    const now = iso(nowMs);
    const d: StoredDraft = {
      id: randomUUID(),
      orderId,
      status: 'DRAFT',
      createdDate: now,
      updatedDate: now,
      createdBy: who.clientId ? { appId: who.clientId } : { userId: 'site-owner' },
      before: Object.fromEntries(order.lineItems.map((l) => [l.id, l.quantity])),
      quantities: {},
    };
    writeDraft(db, d);
    return { ...calculated(db, d), preexistingDraftOrder: false };
  })();
}

export interface LineItemChange {
  lineItemId: string;
  newQuantity?: number | null | undefined;
}

/**
 * Update Line Items: each line's new quantity (0 removes it). An unknown line → 400 `LINE_ITEM_DOES_NOT_EXIST`, a line
 * twice → 400 `MULTIPLE_CHANGES_FOR_SAME_LINE_ITEM`, a change without a new quantity → 400 `EMPTY_CHANGE_REQUEST`;
 * below what is fulfilled → 428 `LINE_ITEM_FULFILLED` and every line removed → 400 (the emulator's rules, as Commit
 * Deltas has them).
 */
export function updateDraftLineItems(db: Database, id: string, changes: readonly LineItemChange[], nowMs: number) {
  return db.transaction(() => {
    const d = openDraft(db, id);
    const order = loadOrder(db, d.orderId);
    const next = new Map(Object.entries(d.quantities));
    const seen = new Set<string>();
    changes.forEach((c, i) => {
      if (seen.has(c.lineItemId))
        throw badRequestApp('MULTIPLE_CHANGES_FOR_SAME_LINE_ITEM', `Line ${c.lineItemId} is changed twice`, {
          lineItemId: c.lineItemId,
          index: i,
        });
      seen.add(c.lineItemId);
      if (!order.lineItems.some((l) => l.id === c.lineItemId))
        throw badRequestApp('LINE_ITEM_DOES_NOT_EXIST', `Line ${c.lineItemId} is not a line of the order`, {
          lineItemId: c.lineItemId,
          index: i,
        });
      if (c.newQuantity === undefined || c.newQuantity === null)
        throw badRequestApp('EMPTY_CHANGE_REQUEST', `The change of line ${c.lineItemId} changes nothing`, {
          lineItemId: c.lineItemId,
          index: i,
        });
      const line = order.lineItems.find((l) => l.id === c.lineItemId)!;
      if (c.newQuantity === line.quantity) next.delete(c.lineItemId);
      else next.set(c.lineItemId, c.newQuantity);
    });
    checkEditLines(
      db,
      order,
      next,
      (lineId) => `lineItemChanges[${changes.findIndex((c) => c.lineItemId === lineId)}].newQuantity`,
      'lineItemChanges',
    );
    d.quantities = Object.fromEntries(next);
    d.updatedDate = iso(nowMs);
    writeDraft(db, d);
    return calculated(db, d);
  })();
}

/** Set Shipping Info: the draft's new shipping destination (the option, its title and cost stay the order's). */
export function setDraftShippingDestination(db: Database, id: string, dest: AddressWithContactInput, nowMs: number) {
  return db.transaction(() => {
    const d = openDraft(db, id);
    d.shippingDestination = orderAddress(dest);
    d.updatedDate = iso(nowMs);
    writeDraft(db, d);
    return calculated(db, d);
  })();
}

/** Set Billing Info: the draft's new billing address and contact. */
export function setDraftBillingInfo(db: Database, id: string, info: AddressWithContactInput, nowMs: number) {
  return db.transaction(() => {
    const d = openDraft(db, id);
    d.billingInfo = orderAddress(info);
    d.updatedDate = iso(nowMs);
    writeDraft(db, d);
    return calculated(db, d);
  })();
}

/** Get Draft Order. */
export function getDraftOrder(db: Database, id: string) {
  return db.transaction(() => calculated(db, readDraft(db, id)))();
}

export interface CommitInput {
  commitSettings?:
    | {
        sendNotificationsToBuyer?: boolean | null | undefined;
        sendNotificationsToBusiness?: boolean | null | undefined;
        addActivitiesToOrder?: boolean | null | undefined;
        sendNotificationsToCustomFulfillers?: boolean | null | undefined;
        updateInventory?: { lineItemId?: string | undefined }[] | undefined;
      }
    | undefined;
  reason?: string | null | undefined;
}

/**
 * Commit Draft Order: the draft's changes applied to its order (orders.ts `applyOrderEdit`: quantities, stock for the
 * lines in `commitSettings.updateInventory`, addresses, totals, payment status and balance, the
 * `DRAFT_ORDER_CHANGES_APPLIED` activity with the reason, the buyer's email), the draft COMMITTED. A committed draft →
 * 428 `DRAFT_ORDER_ALREADY_COMMITTED`. What the order no longer allows (it was canceled or refunded since, a changed
 * line was changed meanwhile, fulfilled below the new quantity, not enough stock) → 428
 * `DRAFT_ORDER_COMMIT_FAILED_VALIDATIONS` with the reason in `data.reason` (`nonDraftableReasons` too when the order
 * may no longer be edited), and nothing changes. → `{committedDraftOrder, orderAfterCommit}`.
 */
export function commitDraftOrder(db: Database, id: string, input: CommitInput, nowMs: number) {
  return db.transaction(() => {
    const d = openDraft(db, id);
    const failed = (reason: string, message: string, data: Record<string, unknown> = {}) =>
      failedPrecondition(message, 'DRAFT_ORDER_COMMIT_FAILED_VALIDATIONS', { draftOrderId: id, reason, ...data });
    const reasons = reasonsFor(db, d.orderId);
    if (reasons.length)
      throw failed('ORDER_CANNOT_BE_EDITED', `Order ${d.orderId} cannot be edited any more`, {
        nonDraftableReasons: reasons,
      });
    const order = loadOrder(db, d.orderId);
    const answered = wireDraft(db, d);
    const s = input.commitSettings;
    let after: WireOrder;
    try {
      const edit = editOf(d);
      checkEditLines(db, order, edit.quantities, () => 'lineItems', 'lineItems');
      after = applyOrderEdit(
        db,
        order,
        edit,
        {
          draftOrderId: id,
          reason: input.reason ?? undefined,
          addActivitiesToOrder: s?.addActivitiesToOrder ?? undefined,
          sendNotificationsToBuyer: s?.sendNotificationsToBuyer ?? undefined,
          updateInventory: s?.updateInventory?.map((u) => u.lineItemId ?? ''),
        },
        nowMs,
      ).order;
    } catch (e) {
      if (e instanceof PlatformError && e.status === 428)
        throw failed(e.applicationError?.code ?? 'FAILED_PRECONDITION', e.message, e.applicationError?.data ?? {});
      throw e;
    }
    d.status = 'COMMITTED';
    d.updatedDate = iso(nowMs);
    d.committed = { ...answered, status: 'COMMITTED', updatedDate: d.updatedDate };
    writeDraft(db, d);
    return { committedDraftOrder: d.committed, orderAfterCommit: after };
  })();
}

/** Delete Draft Order: a draft still being edited; a committed one → 428 `DRAFT_ORDER_CANNOT_BE_DELETED`. → `{}`. */
export function deleteDraftOrder(db: Database, id: string): Record<string, never> {
  return db.transaction(() => {
    const d = readDraft(db, id);
    if (d.status === 'COMMITTED')
      throw failedPrecondition(
        `Draft order ${id} was committed and cannot be deleted`,
        'DRAFT_ORDER_CANNOT_BE_DELETED',
        {
          draftOrderId: id,
        },
      );
    db.prepare<[string]>('DELETE FROM draft_orders WHERE id = ?').run(id);
    return {};
  })();
}
