/**
 * An order's money (eCommerce Order Transactions and the Orders API's payments collector, admin-only; docs/wire.md
 * "Payments"): payments with the platform's transaction statuses, delayed-capture authorizations (captures, void, a
 * scheduled void when the authorization's lifetime ends), refunds, refundability with the spec's reasons, mark as
 * paid and manual payments. Transactions live in `order_transactions` (one JSON row per order, migration 012); every
 * change here recomputes the order's `paymentStatus` and `balanceSummary`, adds its activities and writes both in
 * the transaction that read them.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { formatMoney } from './catalog.ts';
import { restockOrderLines } from './inventory.ts';
import { lineShares, refundSums, type LineShare } from '../../core/api/refund-calc.ts';
import { sendMail } from './mail.ts';
import { loadOrder, type WireOrder } from './order-store.ts';
import { badRequest, badRequestApp, failedPrecondition, notFound } from '../errors.ts';

/** How long a delayed-capture authorization holds before its scheduled VOID runs (card authorizations: ~7 days). */
export const AUTHORIZATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A card payment older than this can only be refunded by hand (MANUAL, `EXPIRED`): the emulator's choice. */
export const REFUND_WINDOW_MS = 180 * 24 * 60 * 60 * 1000;
/**
 * Hosted checkout test cards with a payment behaviour of their own (routes/checkout.ts has the list): refunds of a
 * payment made with the card ending 5126 fail at the provider (refund transaction FAILED), as Stripe's card of that
 * number does.
 */
export const REFUND_FAILS_LAST4 = '5126';

export interface Price {
  amount: string;
  formattedAmount: string;
}

interface Capture {
  id: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  amount: Price;
  createdDate: string;
}

export interface WirePayment {
  id: string;
  createdDate: string;
  updatedDate: string;
  amount: Price;
  status: string;
  refundDisabled: boolean;
  supportReceiptGeneration?: boolean;
  regularPaymentDetails: {
    paymentMethod?: string;
    offlinePayment: boolean;
    status: string;
    savedPaymentMethod: boolean;
    providerTransactionId?: string;
    gatewayTransactionId?: string;
    creditCardDetails?: { lastFourDigits: string; brand: string };
    paymentMethodName?: {
      buyerLanguageName: string;
      siteLanguageName: string;
      userDefinedName?: { predefined?: string; custom?: string };
    };
    authorizationDetails?: {
      delayedCapture: boolean;
      authorizedDate: string;
      captures: Capture[];
      void?: { status: 'PENDING' | 'SUCCEEDED' | 'FAILED'; voidedDate: string; reason: 'MANUAL' | 'SCHEDULED' };
      scheduledAction?: { actionType: 'VOID' | 'CAPTURE'; executionDate: string };
    };
  };
}

interface RefundLine {
  lineItemId: string;
  quantity: number;
}

export interface WireRefund {
  id: string;
  createdDate: string;
  transactions: {
    paymentId: string;
    amount: Price;
    refundStatus: 'PENDING' | 'SUCCEEDED' | 'FAILED';
    externalRefund: boolean;
    gatewayRefundId?: string;
    refundStatusInfo?: { description: string };
  }[];
  details: {
    items: RefundLine[];
    lineItems: RefundLine[];
    shippingIncluded: boolean;
    reason?: string;
    shipping?: { amount: Price };
  };
  summary: {
    requestedRefund: Price;
    pendingRefund: Price;
    refunded: Price;
    failedRefundAmount: Price;
    pending: boolean;
  };
}

/**
 * What is stored per order: the wire lists, and per line what was refunded (the emulator's own). What was restocked
 * is on the order's lines (`restockQuantity`, migration 015), where cancel and edits read it too.
 */
export interface Stored {
  payments: WirePayment[];
  refunds: WireRefund[];
  refundedLines?: Record<string, number>;
}

// ------------------------------------------------------------------------------------------------ money

/** `"12.50"` → 1250 (amounts come validated: at most 2 decimals). */
export const toCents = (amount: string): number => Math.round(Number(amount) * 100);

/** An amount as the platform's `Price` (its decimal string and its formatted words). */
export function price(cents: number, currency: string): Price {
  return { amount: (cents / 100).toFixed(2), formattedAmount: formatMoney(cents, currency) };
}

/** The order's currency (USD when it names none). */
export const currencyOf = (order: WireOrder) => (typeof order['currency'] === 'string' ? order['currency'] : 'USD');
const totalOf = (order: WireOrder) => toCents(order.priceSummary?.total?.amount ?? '0');
const iso = (ms: number) => new Date(ms).toISOString();

const PAID_STATUSES = new Set(['APPROVED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/** What a payment brought in: its captures for an authorization, else its amount (when approved). */
function paidOf(p: WirePayment): number {
  if (!PAID_STATUSES.has(p.status)) return 0;
  const auth = p.regularPaymentDetails.authorizationDetails;
  if (auth)
    return auth.captures.filter((c) => c.status === 'SUCCEEDED').reduce((n, c) => n + toCents(c.amount.amount), 0);
  return toCents(p.amount.amount);
}

function refundedOf(tx: Stored, paymentId: string, status: 'SUCCEEDED' | 'PENDING' = 'SUCCEEDED'): number {
  let n = 0;
  for (const r of tx.refunds)
    for (const t of r.transactions)
      if (t.paymentId === paymentId && t.refundStatus === status) n += toCents(t.amount.amount);
  return n;
}

// ------------------------------------------------------------------------------------------------ load and save

function readStored(db: Database, orderId: string): Stored {
  const r = db
    .prepare<[string], { data: string }>('SELECT data FROM order_transactions WHERE order_id = ?')
    .get(orderId);
  return r ? (JSON.parse(r.data) as Stored) : { payments: [], refunds: [] };
}

function writeStored(db: Database, orderId: string, tx: Stored): void {
  db.prepare<[string, string]>(
    'INSERT INTO order_transactions (order_id, data) VALUES (?, ?) ON CONFLICT(order_id) DO UPDATE SET data = excluded.data',
  ).run(orderId, JSON.stringify(tx));
}

const activity = (type: string, nowMs: number, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type,
  createdDate: iso(nowMs),
  ...extra,
});

/**
 * The platform's `Balance` (docs/wire.md "The balance after an edit"): what is left to pay, `total − paid` (`paid`
 * keeps the payments refunded since, as `BalanceSummary.paid` says), so a refund of a paid order leaves it at 0 (the
 * client: PAID, PARTIALLY_REFUNDED, REFUNDED → 0). Negative when more was paid than the total now is (an order edited
 * down after payment: the amount to refund); refunds made since count against that, never below it: `min(0, total −
 * paid + refunded)`.
 */
export function balanceOf(total: number, paid: number, refunded: number): number {
  const due = total - paid;
  return due >= 0 ? due : Math.min(0, due + refunded);
}

/** The order's payment status from its transactions (docs/wire.md "Payments": how each status is reached). */
function paymentStatusOf(order: WireOrder, tx: Stored): { status: string; balance: Record<string, Price> } {
  const cur = currencyOf(order);
  let paid = 0;
  let authorized = 0;
  let pending = 0;
  let refunded = 0;
  let pendingRefund = 0;
  for (const p of tx.payments) {
    paid += paidOf(p);
    if (p.status === 'AUTHORIZED') authorized += toCents(p.amount.amount);
    if (p.status === 'PENDING' || p.status === 'PENDING_MERCHANT') pending += toCents(p.amount.amount);
    refunded += refundedOf(tx, p.id);
    pendingRefund += refundedOf(tx, p.id, 'PENDING');
  }
  const total = totalOf(order);
  const status =
    paid === 0
      ? authorized + pending > 0
        ? 'PENDING'
        : 'NOT_PAID'
      : refunded >= paid
        ? 'FULLY_REFUNDED'
        : refunded > 0
          ? 'PARTIALLY_REFUNDED'
          : paid >= total
            ? 'PAID'
            : 'PARTIALLY_PAID';
  return {
    status,
    balance: {
      balance: price(balanceOf(total, paid, refunded), cur),
      paid: price(paid, cur),
      refunded: price(refunded, cur),
      authorized: price(authorized, cur),
      pending: price(pending, cur),
      pendingRefund: price(pendingRefund, cur),
    },
  };
}

/** Recompute the order's payment status and balance (with ORDER_PAID / ORDER_PARTIALLY_PAID when it becomes so). */
function settleOrder(order: WireOrder, tx: Stored, nowMs: number): void {
  const { status, balance } = paymentStatusOf(order, tx);
  if (status !== order.paymentStatus) {
    if (status === 'PAID') order.activities.push(activity('ORDER_PAID', nowMs));
    if (status === 'PARTIALLY_PAID') order.activities.push(activity('ORDER_PARTIALLY_PAID', nowMs));
    order.paymentStatus = status;
  }
  order['balanceSummary'] = balance;
}

/**
 * After an edit changed the order's total (domain/orders.ts `applyOrderEdit`): its payment status and
 * `balanceSummary` worked out again from its payments (a paid order edited up is PARTIALLY_PAID with the difference
 * left to pay; edited down, PAID with a negative balance: the amount to refund). No activity: the edit records its
 * own. The caller saves the order.
 */
export function settleAfterEdit(db: Database, order: WireOrder): void {
  const { status, balance } = paymentStatusOf(order, readStored(db, order.id));
  order.paymentStatus = status;
  order['balanceSummary'] = balance;
}

/** The `balanceSummary` the order would have with `totalCents` as its total (a draft order's, before its commit). */
export function balanceWithTotal(db: Database, order: WireOrder, totalCents: number): Record<string, Price> {
  const priced = {
    ...order,
    priceSummary: { ...order.priceSummary, total: { amount: (totalCents / 100).toFixed(2) } },
  };
  return paymentStatusOf(priced, readStored(db, order.id)).balance;
}

/** Whether any refund of the order's payments succeeded or is under way (draft orders refuse such an order). */
export function hasRefunds(db: Database, orderId: string): boolean {
  return readStored(db, orderId).refunds.some((r) => r.transactions.some((t) => t.refundStatus !== 'FAILED'));
}

function save(db: Database, order: WireOrder, tx: Stored, nowMs: number): void {
  settleOrder(order, tx, nowMs);
  order.updatedDate = iso(nowMs);
  db.prepare<[string, string]>('UPDATE orders SET data = ? WHERE id = ?').run(JSON.stringify(order), order.id);
  writeStored(db, order.id, tx);
}

/** A payment's card for the activities that name it. */
const cardOf = (p: WirePayment) => ({
  paymentId: p.id,
  ...(p.regularPaymentDetails.creditCardDetails
    ? {
        lastFourDigits: p.regularPaymentDetails.creditCardDetails.lastFourDigits,
        brand: p.regularPaymentDetails.creditCardDetails.brand,
      }
    : {}),
});

/**
 * The order and its transactions, with the scheduled actions that came due applied first (an authorization past its
 * lifetime is voided, reason SCHEDULED) and written back. Call inside a transaction.
 */
function open(db: Database, orderId: string, nowMs: number): { order: WireOrder; tx: Stored } {
  const order = loadOrder(db, orderId);
  const tx = readStored(db, orderId);
  let changed = false;
  for (const p of tx.payments) {
    const auth = p.regularPaymentDetails.authorizationDetails;
    const due = auth?.scheduledAction;
    if (p.status !== 'AUTHORIZED' || !auth || !due || Date.parse(due.executionDate) > nowMs) continue;
    const at = Date.parse(due.executionDate);
    if (due.actionType === 'VOID') {
      setStatus(p, 'VOIDED', at);
      auth.void = { status: 'SUCCEEDED', voidedDate: due.executionDate, reason: 'SCHEDULED' };
      order.activities.push(
        activity('AUTHORIZED_PAYMENT_VOIDED', at, { authorizedPaymentVoided: { ...cardOf(p), amount: p.amount } }),
      );
    } else {
      auth.captures.push({ id: randomUUID(), status: 'SUCCEEDED', amount: p.amount, createdDate: due.executionDate });
      setStatus(p, 'APPROVED', at);
      order.activities.push(
        activity('AUTHORIZED_PAYMENT_CAPTURED', at, { authorizedPaymentCaptured: { ...cardOf(p), amount: p.amount } }),
      );
    }
    delete auth.scheduledAction;
    changed = true;
  }
  if (changed) save(db, order, tx, nowMs);
  return { order, tx };
}

function setStatus(p: WirePayment, status: string, nowMs: number): void {
  p.status = status;
  p.regularPaymentDetails.status = status;
  p.updatedDate = iso(nowMs);
}

const strip = (tx: Stored) => ({ payments: tx.payments, refunds: tx.refunds });

/** `orderTransactions` as the platform answers it. */
export const wireTransactions = (orderId: string, tx: Stored) => ({ orderId, ...strip(tx) });

// ------------------------------------------------------------------------------------------------ placing

export type PlacedPayment = 'PAID' | 'PENDING' | 'AUTHORIZED' | 'NOT_PAID';

/**
 * The payment of an order placed at the hosted checkout: APPROVED (paid), PENDING (the provider has not confirmed
 * it), AUTHORIZED (delayed capture: funds held, a VOID scheduled at the end of the authorization's lifetime) or none
 * (NOT_PAID: an offline order to mark as paid). Sets the order's payment status, balance and activities (after
 * ORDER_PLACED); the caller writes the order, then the transactions ({@link saveTransactions}).
 */
export function placedPayment(
  order: WireOrder,
  kind: PlacedPayment,
  card: { lastFourDigits: string; brand: string },
  nowMs: number,
): Stored {
  const tx: Stored = { payments: [], refunds: [] };
  if (kind !== 'NOT_PAID') {
    const status = kind === 'PAID' ? 'APPROVED' : kind;
    const now = iso(nowMs);
    const p: WirePayment = {
      id: randomUUID(),
      createdDate: now,
      updatedDate: now,
      amount: price(totalOf(order), currencyOf(order)),
      status,
      refundDisabled: false,
      supportReceiptGeneration: true,
      regularPaymentDetails: {
        paymentMethod: 'CreditCard',
        offlinePayment: false,
        status,
        savedPaymentMethod: false,
        providerTransactionId: randomUUID(),
        gatewayTransactionId: randomUUID(),
        creditCardDetails: card,
        paymentMethodName: { buyerLanguageName: 'Credit / Debit Card', siteLanguageName: 'Credit / Debit Card' },
        ...(kind === 'AUTHORIZED'
          ? {
              authorizationDetails: {
                delayedCapture: true,
                authorizedDate: now,
                captures: [],
                scheduledAction: { actionType: 'VOID' as const, executionDate: iso(nowMs + AUTHORIZATION_LIFETIME_MS) },
              },
            }
          : {}),
      },
    };
    tx.payments.push(p);
    if (kind === 'AUTHORIZED')
      order.activities.push(
        activity('AUTHORIZED_PAYMENT_CREATED', nowMs, { authorizedPaymentCreated: { ...cardOf(p), amount: p.amount } }),
      );
  }
  const { status, balance } = paymentStatusOf(order, tx);
  order.paymentStatus = status;
  order['balanceSummary'] = balance;
  if (status === 'PAID') order.activities.push(activity('ORDER_PAID', nowMs));
  return tx;
}

/** Write a new order's transactions (after the order row: they reference it). */
export function saveTransactions(db: Database, orderId: string, tx: Stored): void {
  writeStored(db, orderId, tx);
}

// ------------------------------------------------------------------------------------------------ reads

/** List Transactions For Single Order. */
export function listTransactions(db: Database, orderId: string, nowMs: number) {
  return db.transaction(() => wireTransactions(orderId, open(db, orderId, nowMs).tx))();
}

export interface Refundability {
  paymentId: string;
  refundabilityStatus: 'REFUNDABLE' | 'MANUAL' | 'NOT_REFUNDABLE';
  nonRefundableReason?: string;
  manuallyRefundableReason?: string;
}

function refundabilityOf(order: WireOrder, tx: Stored, p: WirePayment, nowMs: number): Refundability {
  const no = (reason: string): Refundability => ({
    paymentId: p.id,
    refundabilityStatus: 'NOT_REFUNDABLE',
    nonRefundableReason: reason,
  });
  const manual = (reason: string): Refundability => ({
    paymentId: p.id,
    refundabilityStatus: 'MANUAL',
    manuallyRefundableReason: reason,
  });
  if (order.status === 'PENDING') return no('ORDER_IS_PENDING');
  if (order.status === 'REJECTED') return no('ORDER_IS_REJECTED');
  if (!PAID_STATUSES.has(p.status)) return no('NOT_PAID');
  const paid = paidOf(p);
  if (paid === 0) return no('ZERO_PRICE');
  if (p.refundDisabled) return no('DISABLED_BY_PROVIDER');
  if (refundedOf(tx, p.id, 'PENDING') > 0) return no('PENDING_REFUND');
  if (refundedOf(tx, p.id) >= paid) return no('ALREADY_REFUNDED');
  if (p.regularPaymentDetails.offlinePayment) return manual('OFFLINE');
  if (nowMs - Date.parse(p.createdDate) > REFUND_WINDOW_MS) return manual('EXPIRED');
  return { paymentId: p.id, refundabilityStatus: 'REFUNDABLE' };
}

/** Get Refundability Status: one entry per payment. */
export function getRefundability(db: Database, orderId: string, nowMs: number) {
  return db.transaction(() => {
    const { order, tx } = open(db, orderId, nowMs);
    return {
      refundabilities: tx.payments.map((p) => refundabilityOf(order, tx, p, nowMs)),
      refundablePerItem: true,
    };
  })();
}

/** Get Payment Collectability Status: what is left to collect, or why nothing can be. */
export function getCollectability(db: Database, orderId: string, nowMs: number) {
  return db.transaction(() => {
    const { order, tx } = open(db, orderId, nowMs);
    const cur = currencyOf(order);
    const left = leftToCollect(order, tx);
    const status =
      order.status === 'CANCELED'
        ? 'NONCOLLECTABLE_ORDER_IS_CANCELLED'
        : order.status === 'PENDING'
          ? 'NONCOLLECTABLE_ORDER_IS_PENDING'
          : order.status === 'REJECTED'
            ? 'NONCOLLECTABLE_ORDER_IS_REJECTED'
            : left <= 0
              ? 'NONCOLLECTABLE_ORDER_IS_PAID'
              : 'COLLECTABLE';
    return { status, amount: price(status === 'COLLECTABLE' ? left : 0, cur) };
  })();
}

/** The total less what was paid, and less what is authorized or pending (it will be paid when it settles). */
function leftToCollect(order: WireOrder, tx: Stored): number {
  let covered = 0;
  for (const p of tx.payments) {
    covered += paidOf(p);
    if (p.status === 'AUTHORIZED' || p.status === 'PENDING' || p.status === 'PENDING_MERCHANT')
      covered += toCents(p.amount.amount);
  }
  return totalOf(order) - covered;
}

// ------------------------------------------------------------------------------------------------ collecting

/** An owner's name for an offline payment method (`UserDefinedPaymentMethodName`). */
export type MethodName = { predefined?: 'CASH' | 'BANK_TRANSFER' | 'CHECK' | undefined; custom?: string | undefined };

const PREDEFINED = { CASH: 'Cash', BANK_TRANSFER: 'Bank transfer', CHECK: 'Check' } as const;

function offlinePayment(cents: number, currency: string, nowMs: number, name?: MethodName): WirePayment {
  const now = iso(nowMs);
  const label = name?.custom ?? (name?.predefined ? PREDEFINED[name.predefined] : 'Offline payment');
  return {
    id: randomUUID(),
    createdDate: now,
    updatedDate: now,
    amount: price(cents, currency),
    status: 'APPROVED',
    refundDisabled: false,
    supportReceiptGeneration: true,
    regularPaymentDetails: {
      paymentMethod: 'Offline',
      offlinePayment: true,
      status: 'APPROVED',
      savedPaymentMethod: false,
      paymentMethodName: {
        buyerLanguageName: label,
        siteLanguageName: label,
        ...(name?.custom ? { userDefinedName: { custom: name.custom } } : {}),
        ...(name?.predefined ? { userDefinedName: { predefined: name.predefined } } : {}),
      },
    },
  };
}

function refuseCollecting(order: WireOrder, tx: Stored): number {
  if (order.status === 'CANCELED')
    throw failedPrecondition(`Order ${order.id} is canceled`, 'ORDER_CANCELED', { orderId: order.id });
  const left = leftToCollect(order, tx);
  if (left <= 0) {
    const held = tx.payments.some((p) => p.status === 'AUTHORIZED' || p.status === 'PENDING');
    throw failedPrecondition(
      held
        ? `Order ${order.id}'s total is authorized or pending: capture or void it instead`
        : `Order ${order.id} is already paid`,
      'ORDER_ALREADY_PAID',
      { orderId: order.id },
    );
  }
  return left;
}

/**
 * Mark Order As Paid: an offline payment of what is left (APPROVED, `offlinePayment: true`), so the order becomes
 * PAID with ORDER_PAID. Nothing left to collect: 428 `ORDER_ALREADY_PAID`; a canceled order: 428 `ORDER_CANCELED`.
 */
export function markAsPaid(db: Database, orderId: string, nowMs: number, name?: MethodName): WireOrder {
  return db.transaction(() => {
    const { order, tx } = open(db, orderId, nowMs);
    const left = refuseCollecting(order, tx);
    tx.payments.push(offlinePayment(left, currencyOf(order), nowMs, name));
    save(db, order, tx, nowMs);
    return order;
  })();
}

/** Bulk Mark Orders As Paid: each order on its own (one's refusal leaves the others), in request order. */
export function bulkMarkAsPaid(db: Database, orderIds: readonly string[], nowMs: number) {
  const results = orderIds.map((id, originalIndex) => {
    try {
      const item = markAsPaid(db, id, nowMs);
      return { itemMetadata: { id, originalIndex, success: true }, item };
    } catch (e) {
      const app = (e as { applicationError?: { code: string; description: string } }).applicationError;
      if (!app) throw e;
      return {
        itemMetadata: { id, originalIndex, success: false, error: { code: app.code, description: app.description } },
      };
    }
  });
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
  };
}

/**
 * Record Manually Collected Payment: an offline payment of `amount` (> 0, at most what is left: else 400
 * `INVALID_AMOUNT`); the order becomes PARTIALLY_PAID or PAID.
 */
export function recordManualPayment(
  db: Database,
  orderId: string,
  cents: number,
  nowMs: number,
  name?: MethodName,
): void {
  db.transaction(() => {
    const { order, tx } = open(db, orderId, nowMs);
    const left = refuseCollecting(order, tx);
    if (cents <= 0 || cents > left)
      throw badRequestApp('INVALID_AMOUNT', `The amount must be more than 0 and at most ${(left / 100).toFixed(2)}`, {
        orderId,
        maxAmount: price(left, currencyOf(order)),
      });
    tx.payments.push(offlinePayment(cents, currencyOf(order), nowMs, name));
    save(db, order, tx, nowMs);
  })();
}

// ------------------------------------------------------------------------------------------------ authorizations

/**
 * Why an authorized payment can't be captured or voided: the platform's error code, with the spec's unavailable
 * reason (EXPIRED, NOT_FOUND, OFFLINE, NOT_SUPPORTED) in `data.reason`.
 */
function authorizationProblem(tx: Stored, orderId: string, paymentId: string, field: string): WirePayment {
  const p = tx.payments.find((x) => x.id === paymentId);
  if (!p)
    throw notFound(`Payment ${paymentId} is not a payment of order ${orderId}`, 'PAYMENT_NOT_FOUND', {
      paymentId,
      reason: 'NOT_FOUND',
      field,
    });
  const auth = p.regularPaymentDetails.authorizationDetails;
  if (p.regularPaymentDetails.offlinePayment)
    throw failedPrecondition('An offline payment has no authorization', 'NOT_REGULAR_ONLINE_PAYMENT', {
      paymentId,
      reason: 'OFFLINE',
    });
  if (p.status === 'VOIDED')
    throw failedPrecondition(
      auth?.void?.reason === 'SCHEDULED'
        ? 'The authorization expired and was voided'
        : 'The authorization was already voided',
      'PAYMENT_ALREADY_VOIDED',
      { paymentId, reason: auth?.void?.reason === 'SCHEDULED' ? 'EXPIRED' : 'VOIDED' },
    );
  if (auth && auth.captures.some((c) => c.status === 'SUCCEEDED'))
    throw failedPrecondition('The authorization was already captured', 'PAYMENT_ALREADY_CAPTURED', {
      paymentId,
      reason: 'CAPTURED',
    });
  if (p.status !== 'AUTHORIZED' || !auth)
    throw failedPrecondition('The payment is not an authorization (not a delayed capture)', 'PAYMENT_NOT_AUTHORIZED', {
      paymentId,
      reason: 'NOT_SUPPORTED',
    });
  return p;
}

function ensureDistinct(ids: readonly string[], field: (i: number) => string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id))
      throw badRequest([{ field: field(i), description: 'is listed twice', violatedRule: 'VALIDATION' }]);
    seen.add(id);
  });
}

/**
 * Capture Authorized Payments: each payment (all or none) gets a SUCCEEDED capture of `amount` (default the whole
 * authorization; more, or 0 → 400 `INVALID_AMOUNT`) and becomes APPROVED (what was not captured is released); an
 * AUTHORIZED_PAYMENT_CAPTURED activity each, and the order's payment status recomputed (PAID or PARTIALLY_PAID).
 */
export function capturePayments(
  db: Database,
  orderId: string,
  payments: readonly { paymentId: string; amount?: string | undefined }[],
  nowMs: number,
) {
  return db.transaction(() => {
    const { order, tx } = open(db, orderId, nowMs);
    ensureDistinct(
      payments.map((p) => p.paymentId),
      (i) => `payments[${i}].paymentId`,
    );
    const plan = payments.map((c, i) => {
      const p = authorizationProblem(tx, orderId, c.paymentId, `payments[${i}].paymentId`);
      const authorized = toCents(p.amount.amount);
      const cents = c.amount === undefined ? authorized : toCents(c.amount);
      if (cents <= 0 || cents > authorized)
        throw badRequestApp('INVALID_AMOUNT', `The capture must be more than 0 and at most ${p.amount.amount}`, {
          paymentId: p.id,
          maxAmount: p.amount,
        });
      return { p, cents };
    });
    for (const { p, cents } of plan) {
      const auth = p.regularPaymentDetails.authorizationDetails!;
      const amount = price(cents, currencyOf(order));
      auth.captures.push({ id: randomUUID(), status: 'SUCCEEDED', amount, createdDate: iso(nowMs) });
      delete auth.scheduledAction;
      setStatus(p, 'APPROVED', nowMs);
      order.activities.push(
        activity('AUTHORIZED_PAYMENT_CAPTURED', nowMs, { authorizedPaymentCaptured: { ...cardOf(p), amount } }),
      );
    }
    save(db, order, tx, nowMs);
    return { orderTransactions: wireTransactions(orderId, tx) };
  })();
}

/**
 * Void Authorized Payments: each payment (all or none) becomes VOIDED with `void: {status: SUCCEEDED, reason:
 * MANUAL}` and an AUTHORIZED_PAYMENT_VOIDED activity; the order's payment status recomputed (NOT_PAID when nothing
 * else pays it).
 */
export function voidPayments(db: Database, orderId: string, paymentIds: readonly string[], nowMs: number) {
  return db.transaction(() => {
    const { order, tx } = open(db, orderId, nowMs);
    ensureDistinct(paymentIds, (i) => `paymentIds[${i}]`);
    const found = paymentIds.map((id, i) => authorizationProblem(tx, orderId, id, `paymentIds[${i}]`));
    for (const p of found) {
      const auth = p.regularPaymentDetails.authorizationDetails!;
      auth.void = { status: 'SUCCEEDED', voidedDate: iso(nowMs), reason: 'MANUAL' };
      delete auth.scheduledAction;
      setStatus(p, 'VOIDED', nowMs);
      order.activities.push(
        activity('AUTHORIZED_PAYMENT_VOIDED', nowMs, { authorizedPaymentVoided: { ...cardOf(p), amount: p.amount } }),
      );
    }
    save(db, order, tx, nowMs);
    return { orderTransactions: wireTransactions(orderId, tx) };
  })();
}

// ------------------------------------------------------------------------------------------------ refunds

export interface RefundInput {
  payments: { paymentId: string; amount?: string | undefined; externalRefund?: boolean | undefined }[];
  details?:
    | {
        items?: RefundLine[] | undefined;
        lineItems?: RefundLine[] | undefined;
        shippingIncluded?: boolean | undefined;
        reason?: string | undefined;
        shipping?: { amount?: string | undefined } | undefined;
      }
    | undefined;
  sideEffects?:
    | {
        restockInfo?: { type?: 'NO_ITEMS' | 'ALL_ITEMS' | 'SOME_ITEMS' | undefined; items?: RefundLine[] | undefined };
        sendOrderRefundedEmail?: boolean | undefined;
        customMessage?: string | undefined;
      }
    | undefined;
}

const violation = (field: string, description: string) =>
  badRequest([{ field, description, violatedRule: 'VALIDATION' }]);

/** Lines of the order, each at most `left(line)`; an unknown or repeated line → 400 on `field`. */
function checkLines(order: WireOrder, lines: readonly RefundLine[], field: string, left: (id: string) => number) {
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    const line = order.lineItems.find((x) => x.id === l.lineItemId);
    if (!line) throw violation(`${field}[${i}].lineItemId`, 'is not a line of this order');
    if (seen.has(l.lineItemId)) throw violation(`${field}[${i}].lineItemId`, 'is listed twice');
    seen.add(l.lineItemId);
    const max = left(l.lineItemId);
    if (l.quantity > max) throw violation(`${field}[${i}].quantity`, `must be at most ${max}`);
  });
}

const centsIn = (x: unknown) => {
  const a = (x as { amount?: unknown } | undefined)?.amount;
  return typeof a === 'string' ? toCents(a) : undefined;
};

/**
 * What a refund of the order's lines and shipping can give back (core/api/refund-calc.ts): each line's price × quantity,
 * its discount and its tax (the line's own `totalDiscount` / `taxInfo.taxAmount` where it has them, else its share of
 * the order's `priceSummary` discount and tax); the shipping not refunded yet (a refund that failed gave none back).
 */
export function refundCalculation(order: WireOrder, tx: Stored): { shares: LineShare[]; shippingLeft: number } {
  const ps = order.priceSummary as Record<string, unknown> | undefined;
  const shares = lineShares(
    order.lineItems.map((l) => {
      const x = l as Record<string, unknown>;
      return {
        id: l.id,
        quantity: l.quantity,
        unit: centsIn(x['price']) ?? 0,
        discount: centsIn(x['totalDiscount']),
        tax: centsIn((x['taxInfo'] as Record<string, unknown> | undefined)?.['taxAmount']),
      };
    }),
    centsIn(ps?.['discount']) ?? 0,
    centsIn(ps?.['tax']) ?? 0,
  );
  const shipping = centsIn(ps?.['shipping']) ?? 0;
  let given = 0;
  for (const r of tx.refunds)
    if (r.transactions.some((t) => t.refundStatus !== 'FAILED'))
      given += r.details.shipping
        ? toCents(r.details.shipping.amount.amount)
        : r.details.shippingIncluded
          ? shipping
          : 0;
  return { shares, shippingLeft: Math.max(0, shipping - given) };
}

/**
 * Trigger Refund: one payment (`payments` holds exactly one), `amount` at most what is left of it (default: the named
 * lines' units with their discount and tax, {@link refundCalculation}, plus the shipping refunded, or all that is left);
 * `details.shipping.amount` (or `shippingIncluded`: all of it) at most the shipping not refunded yet, else 400; line items checked against what is left of each;
 * restock (ALL_ITEMS: the refund's lines, or every line when it names none; SOME_ITEMS: `restockInfo.items`, each at
 * most the line's quantity) through {@link restockOrderLines}: only what has not come back yet (a cancel's or an
 * earlier refund's restock), clamped silently so the money is refunded either way, and back-in-stock notices fire;
 * the buyer's email when asked. A REFUNDABLE payment or, with `externalRefund`, a MANUAL one; NOT_REFUNDABLE (or
 * MANUAL without `externalRefund`) → 428 `REFUND_NOT_AVAILABLE` with `data.reason`. A payment made with the card
 * ending 5126 fails at the provider: the refund is recorded FAILED (PAYMENT_REFUND_FAILED) and nothing else changes.
 */
export function triggerRefund(db: Database, orderId: string, input: RefundInput, nowMs: number) {
  return db.transaction(() => {
    const { order, tx } = open(db, orderId, nowMs);
    const cur = currencyOf(order);
    const ask = input.payments[0]!;
    const p = tx.payments.find((x) => x.id === ask.paymentId);
    if (!p)
      throw notFound(`Payment ${ask.paymentId} is not a payment of order ${orderId}`, 'PAYMENTS_NOT_FOUND', {
        paymentIds: [ask.paymentId],
      });
    const r = refundabilityOf(order, tx, p, nowMs);
    const external = ask.externalRefund ?? false;
    if (r.refundabilityStatus === 'NOT_REFUNDABLE' || (r.refundabilityStatus === 'MANUAL' && !external))
      throw failedPrecondition(
        r.refundabilityStatus === 'MANUAL'
          ? 'This payment can only be refunded outside the platform; record it with externalRefund'
          : `This payment can't be refunded (${r.nonRefundableReason})`,
        'REFUND_NOT_AVAILABLE',
        {
          paymentId: p.id,
          refundabilityStatus: r.refundabilityStatus,
          reason: r.nonRefundableReason ?? r.manuallyRefundableReason,
        },
      );
    const d = input.details ?? {};
    const lines = [...(d.lineItems ?? []), ...(d.items ?? [])];
    const refundedLines = tx.refundedLines ?? {};
    const lineQty = (id: string) => order.lineItems.find((x) => x.id === id)?.quantity ?? 0;
    checkLines(
      order,
      lines,
      d.lineItems?.length ? 'details.lineItems' : 'details.items',
      (id) => lineQty(id) - (refundedLines[id] ?? 0),
    );
    const calc = refundCalculation(order, tx);
    // what is left of the shipping: the order's, less what refunds that did not fail gave back of it
    const shippingLeft = calc.shippingLeft;
    const shippingCents =
      d.shipping?.amount !== undefined ? toCents(d.shipping.amount) : d.shippingIncluded ? shippingLeft : 0;
    if (shippingCents > shippingLeft)
      throw violation(
        d.shipping?.amount !== undefined ? 'details.shipping.amount' : 'details.shippingIncluded',
        `must be at most the shipping not refunded yet (${(shippingLeft / 100).toFixed(2)})`,
      );
    const left = paidOf(p) - refundedOf(tx, p.id);
    // the named lines' units at their price less their share of the discount, plus their tax (core/api/refund-calc.ts)
    const sums = refundSums(
      calc.shares,
      refundedLines,
      Object.fromEntries(lines.map((l) => [l.lineItemId, l.quantity])),
      shippingCents,
    );
    const cents = ask.amount !== undefined ? toCents(ask.amount) : lines.length || shippingCents ? sums.total : left;
    if (cents <= 0 || cents > left)
      throw badRequestApp(
        'INVALID_AMOUNT',
        `The refund must be more than 0 and at most what is left of the payment (${(left / 100).toFixed(2)})`,
        { paymentId: p.id, maxAmount: price(left, cur) },
      );

    const se = input.sideEffects ?? {};
    const restockType = se.restockInfo?.type ?? 'NO_ITEMS';
    let toRestock: RefundLine[] = [];
    if (restockType === 'SOME_ITEMS') {
      toRestock = se.restockInfo?.items ?? [];
      if (!toRestock.length) throw violation('sideEffects.restockInfo.items', 'name the lines to restock');
      // more than the line holds is a wrong request; more than is left to restock (a cancel or another refund gave
      // some back, maybe a moment ago) is clamped by restockOrderLines, so the refund itself still goes through
      checkLines(order, toRestock, 'sideEffects.restockInfo.items', lineQty);
    } else if (restockType === 'ALL_ITEMS') {
      toRestock = lines.length ? lines : order.lineItems.map((l) => ({ lineItemId: l.id, quantity: l.quantity }));
    }

    const fails = !external && p.regularPaymentDetails.creditCardDetails?.lastFourDigits === REFUND_FAILS_LAST4;
    const amount = price(cents, cur);
    const zero = price(0, cur);
    const refund: WireRefund = {
      id: randomUUID(),
      createdDate: iso(nowMs),
      transactions: [
        {
          paymentId: p.id,
          amount,
          refundStatus: fails ? 'FAILED' : 'SUCCEEDED',
          externalRefund: external,
          ...(external ? {} : { gatewayRefundId: randomUUID() }),
          ...(fails ? { refundStatusInfo: { description: 'The card issuer refused the refund' } } : {}),
        },
      ],
      details: {
        items: lines,
        lineItems: lines,
        shippingIncluded: shippingCents > 0,
        ...(d.reason ? { reason: d.reason } : {}),
        ...(shippingCents ? { shipping: { amount: price(shippingCents, cur) } } : {}),
      },
      summary: {
        requestedRefund: amount,
        pendingRefund: zero,
        refunded: fails ? zero : amount,
        failedRefundAmount: fails ? amount : zero,
        pending: false,
      },
    };
    tx.refunds.push(refund);
    if (fails) {
      order.activities.push(
        activity('PAYMENT_REFUND_FAILED', nowMs, {
          paymentRefundFailed: { refundId: refund.id, payment: { regular: { paymentId: p.id, amount } } },
        }),
      );
      save(db, order, tx, nowMs);
      return {
        orderTransactions: wireTransactions(orderId, tx),
        refundId: refund.id,
        failedPaymentIds: [
          {
            id: p.id,
            originalIndex: 0,
            success: false,
            error: { code: 'REFUND_FAILED', description: 'The card issuer refused the refund' },
          },
        ],
      };
    }
    const all = refundedOf(tx, p.id) >= paidOf(p);
    setStatus(p, all ? 'REFUNDED' : 'PARTIALLY_REFUNDED', nowMs);
    tx.refundedLines = { ...refundedLines };
    for (const l of lines) tx.refundedLines[l.lineItemId] = (tx.refundedLines[l.lineItemId] ?? 0) + l.quantity;
    if (toRestock.length) restockOrderLines(db, order, toRestock, nowMs);
    order.activities.push(
      activity('ORDER_REFUNDED', nowMs, {
        orderRefunded: { manual: external, amount, ...(d.reason ? { reason: d.reason } : {}) },
      }),
    );
    if (se.sendOrderRefundedEmail && order.buyerInfo.email)
      sendMail(
        db,
        {
          to: order.buyerInfo.email,
          subject: `Your order #${order.number} was refunded`,
          text: [`We refunded ${amount.formattedAmount} of your order #${order.number}.`, se.customMessage]
            .filter(Boolean)
            .join('\n\n'),
        },
        nowMs,
      );
    save(db, order, tx, nowMs);
    return { orderTransactions: wireTransactions(orderId, tx), refundId: refund.id, failedPaymentIds: [] };
  })();
}
