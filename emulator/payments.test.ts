/**
 * An order's money in the emulator (docs/wire.md "Payments"): transactions with the platform's statuses, delayed
 * capture (capture, void, the scheduled void at the end of the authorization), refunds (amounts, lines, restock with
 * back-in-stock notices, email, more than is left refused, a failing provider), refundability reasons, mark as paid
 * (single, bulk), manual payments, the order's payment status and activities, admin-only access, and the migration
 * that moved `transactions` out of the order.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { AUTHORIZATION_LIFETIME_MS } from './domain/payments.ts';
import { seedDemoOrders } from './domain/demo-orders.ts';
import { migrate } from './db.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { TEST_CARDS } from './routes/checkout.ts';
import { seedIds, seedVariantId } from './seed.ts';
import {
  adminToken,
  api,
  memberTokens,
  placeOrderAs,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';
import { adminOps } from '../core/urls.ts';

/** Bulk Mark Orders As Paid, where the generated client sends it. */
const BULK = '/v1/bulk/payments-collector/mark-as-paid';

const P = seedIds.products;
const TAPERS = P['beeswax-taper-candles']!; // $14.00, stock not tracked
const BLANKET = P['merino-wool-blanket']!;
const MOSS = seedVariantId('merino-wool-blanket', { Color: 'Moss' }); // 4 in stock
const PC = '/ecom/v1/payments-collector/orders';

let emu: RunningEmulator;
let admin: string;
let clock = Date.parse('2026-03-01T10:00:00.000Z');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const code = (r: { json: Any }) => r.json?.details?.applicationError?.code;
const data = (r: { json: Any }) => r.json?.details?.applicationError?.data;
const transactions = async (orderId: string) =>
  (await api(emu, `/ecom/v1/payments/orders/${orderId}`, { token: admin })).json.orderTransactions;
const order = async (orderId: string) => (await api(emu, `/ecom/v1/orders/${orderId}`, { token: admin })).json.order;
const types = (o: Any) => o.activities.map((a: { type: string }) => a.type);
const place = async (lines: { productId: string; variantId?: string; quantity: number }[], card = TEST_CARDS.ok) =>
  placeOrderAs(emu, (await visitorTokens(emu)).access, lines, { cardNumber: card, email: 'pay@example.com' });
const stock = () =>
  emu.db
    .prepare<[string, string], { quantity: number }>(
      'SELECT quantity FROM product_variants WHERE product_id = ? AND id = ?',
    )
    .get(BLANKET, MOSS)!.quantity;

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

describe('order transactions', () => {
  it('a paid order: one APPROVED card payment, no refunds; the order holds no transactions of its own', async () => {
    const id = await place([{ productId: TAPERS, quantity: 2 }]);
    const r = await api(emu, `/ecom/v1/payments/orders/${id}`, { token: admin });
    expect(r.status).toBe(200);
    const total = (await order(id)).priceSummary.total.amount;
    expect(r.json.orderTransactions).toMatchObject({
      orderId: id,
      refunds: [],
      payments: [
        {
          id: expect.any(String),
          status: 'APPROVED',
          amount: { amount: total, formattedAmount: expect.stringMatching(/^\$/) },
          regularPaymentDetails: {
            status: 'APPROVED',
            offlinePayment: false,
            creditCardDetails: { lastFourDigits: '4242' },
          },
        },
      ],
    });
    const o = await order(id);
    expect(o).not.toHaveProperty('transactions');
    expect(o).toMatchObject({ paymentStatus: 'PAID', balanceSummary: { paid: { amount: total } } });
    expect(types(o)).toEqual(['ORDER_PLACED', 'ORDER_PAID']);
    const c = await api(emu, `${PC}/${id}/payment-collectability-status`, { token: admin });
    expect(c.json).toMatchObject({ status: 'NONCOLLECTABLE_ORDER_IS_PAID', amount: { amount: '0.00' } });
    const rf = await api(emu, `${PC}/${id}/refundability`, { token: admin });
    expect(rf.json.refundabilities).toEqual([
      { paymentId: r.json.orderTransactions.payments[0].id, refundabilityStatus: 'REFUNDABLE' },
    ]);
    expect((await api(emu, '/ecom/v1/payments/orders/no-such-order', { token: admin })).status).toBe(404);
  });
});

describe('refunds', () => {
  it('by line with restock (back-in-stock notice fires) and email; more than is left is refused; then the rest', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const id = await placeOrderAs(emu, visitor, [{ productId: BLANKET, variantId: MOSS, quantity: 4 }], {
      email: 'refund@example.com',
    });
    expect(stock()).toBe(0);
    const waiting = await api(emu, '/back-in-stock-service/v1/back-in-stock-notification-requests', {
      token: visitor,
      body: {
        request: {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: BLANKET, options: { variantId: MOSS } },
          email: 'waiting-refund@example.com',
          itemUrl: 'http://127.0.0.1:5173/products/merino-wool-blanket',
        },
        itemDetails: { name: 'Merino Wool Blanket', price: '120.00' },
      },
    });
    expect(waiting.status).toBe(200);
    const o = await order(id);
    const lineId = o.lineItems[0].id;
    // one blanket's refund: its price less its share of the order's discount (the 15 % rule), plus its tax (none in
    // Oregon): core/api/refund-calc.ts
    const unit = (
      Number(o.lineItems[0].price.amount) -
      Number(o.priceSummary.discount.amount) / 4 +
      Number(o.priceSummary.tax.amount) / 4
    ).toFixed(2);
    expect(Number(unit)).toBeLessThan(Number(o.lineItems[0].price.amount));
    const [payment] = (await transactions(id)).payments;
    const total = Number(payment.amount.amount);

    const r = await api(emu, `${PC}/${id}/trigger-refund`, {
      token: admin,
      body: {
        payments: [{ paymentId: payment.id }],
        details: { lineItems: [{ lineItemId: lineId, quantity: 1 }], reason: 'Moth holes' },
        sideEffects: {
          restockInfo: { type: 'ALL_ITEMS' },
          sendOrderRefundedEmail: true,
          customMessage: 'Sorry about the moths.',
        },
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.refundId).toEqual(expect.any(String));
    expect(r.json.failedPaymentIds).toEqual([]);
    expect(r.json.orderTransactions.refunds).toEqual([
      expect.objectContaining({
        id: r.json.refundId,
        transactions: [
          expect.objectContaining({
            paymentId: payment.id,
            amount: expect.objectContaining({ amount: unit }),
            refundStatus: 'SUCCEEDED',
            externalRefund: false,
          }),
        ],
        details: expect.objectContaining({ lineItems: [{ lineItemId: lineId, quantity: 1 }], reason: 'Moth holes' }),
        summary: expect.objectContaining({ refunded: expect.objectContaining({ amount: unit }), pending: false }),
      }),
    ]);
    expect(r.json.orderTransactions.payments[0]).toMatchObject({ status: 'PARTIALLY_REFUNDED' });
    const after = await order(id);
    expect(after.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(after.activities.at(-1)).toMatchObject({
      type: 'ORDER_REFUNDED',
      orderRefunded: { manual: false, amount: { amount: unit }, reason: 'Moth holes' },
    });
    expect(after.updatedDate).toBe(new Date(clock).toISOString());
    expect(stock()).toBe(1); // the refunded line's one blanket is back
    const notice = (await api(emu, '/_dev/mailbox?to=waiting-refund@example.com')).json.messages;
    expect(notice).toEqual([expect.objectContaining({ subject: expect.stringMatching(/back in stock/) })]);
    const mail = (await api(emu, '/_dev/mailbox?to=refund@example.com')).json.messages;
    expect(mail).toEqual([
      expect.objectContaining({ subject: expect.stringMatching(/refunded/), text: expect.stringMatching(/moths/) }),
    ]);

    // more than is left of the payment: the platform's INVALID_AMOUNT, nothing changes
    const left = (total - Number(unit)).toFixed(2);
    const tooMuch = await api(emu, `${PC}/${id}/trigger-refund`, {
      token: admin,
      body: { payments: [{ paymentId: payment.id, amount: { amount: (Number(left) + 0.01).toFixed(2) } }] },
    });
    expect([tooMuch.status, code(tooMuch)]).toEqual([400, 'INVALID_AMOUNT']);
    expect(data(tooMuch).maxAmount.amount).toBe(left);
    // more of a line than is left of it (3 of the 4 are left)
    const tooMany = await api(emu, `${PC}/${id}/trigger-refund`, {
      token: admin,
      body: { payments: [{ paymentId: payment.id }], details: { lineItems: [{ lineItemId: lineId, quantity: 4 }] } },
    });
    expect([tooMany.status, tooMany.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'details.lineItems[0].quantity',
    ]);
    expect((await transactions(id)).refunds).toHaveLength(1);

    // the rest (no amount: all that is left), no restock
    const rest = await api(emu, `${PC}/${id}/trigger-refund`, {
      token: admin,
      body: { payments: [{ paymentId: payment.id }] },
    });
    expect(rest.status).toBe(200);
    expect(rest.json.orderTransactions.payments[0].status).toBe('REFUNDED');
    expect((await order(id)).paymentStatus).toBe('FULLY_REFUNDED');
    expect(stock()).toBe(1);
    // the same refund again: nothing is left
    const again = await api(emu, `${PC}/${id}/trigger-refund`, {
      token: admin,
      body: { payments: [{ paymentId: payment.id }] },
    });
    expect([again.status, code(again), data(again).reason]).toEqual([428, 'REFUND_NOT_AVAILABLE', 'ALREADY_REFUNDED']);
    expect((await transactions(id)).refunds).toHaveLength(2);
    const rf = await api(emu, `${PC}/${id}/refundability`, { token: admin });
    expect(rf.json.refundabilities[0]).toMatchObject({
      refundabilityStatus: 'NOT_REFUNDABLE',
      nonRefundableReason: 'ALREADY_REFUNDED',
    });
  });

  it('SOME_ITEMS restocks the named lines only; an unknown line, another order’s payment, bad amounts → refused', async () => {
    const id = await place([{ productId: BLANKET, variantId: MOSS, quantity: 1 }]);
    const other = await place([{ productId: TAPERS, quantity: 1 }]);
    const before = stock();
    const o = await order(id);
    const [payment] = (await transactions(id)).payments;
    const [otherPayment] = (await transactions(other)).payments;
    const refund = (body: unknown) => api(emu, `${PC}/${id}/trigger-refund`, { token: admin, body });
    const foreign = await refund({ payments: [{ paymentId: otherPayment.id }] });
    expect([foreign.status, code(foreign)]).toEqual([404, 'PAYMENTS_NOT_FOUND']);
    const unknownLine = await refund({
      payments: [{ paymentId: payment.id }],
      details: { lineItems: [{ lineItemId: 'nope', quantity: 1 }] },
    });
    expect(unknownLine.status).toBe(400);
    for (const amount of ['0', '0.00', '-1', '1e3', '12.345', 'abc', '']) {
      const bad = await refund({ payments: [{ paymentId: payment.id, amount: { amount } }] });
      expect(bad.status, amount).toBe(400);
    }
    const two = await refund({ payments: [{ paymentId: payment.id }, { paymentId: payment.id }] });
    expect(two.status).toBe(400);
    const noItems = await refund({
      payments: [{ paymentId: payment.id }],
      sideEffects: { restockInfo: { type: 'SOME_ITEMS' } },
    });
    expect(noItems.status).toBe(400);
    expect((await transactions(id)).refunds).toEqual([]);
    expect(stock()).toBe(before);
    const ok = await refund({
      payments: [{ paymentId: payment.id, amount: { amount: '10.00' } }],
      sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId: o.lineItems[0].id, quantity: 1 }] } },
    });
    expect(ok.status).toBe(200);
    expect(stock()).toBe(before + 1);
    expect((await order(id)).paymentStatus).toBe('PARTIALLY_REFUNDED');
  });

  it('a payment whose provider refuses refunds (card …5126): the refund is FAILED and the order stays PAID', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }], TEST_CARDS.refundFails);
    const [payment] = (await transactions(id)).payments;
    const r = await api(emu, `${PC}/${id}/trigger-refund`, {
      token: admin,
      body: { payments: [{ paymentId: payment.id }] },
    });
    expect(r.status).toBe(200);
    expect(r.json.failedPaymentIds).toEqual([expect.objectContaining({ id: payment.id, success: false })]);
    expect(r.json.orderTransactions.refunds[0].transactions[0].refundStatus).toBe('FAILED');
    expect(r.json.orderTransactions.payments[0].status).toBe('APPROVED');
    const o = await order(id);
    expect(o.paymentStatus).toBe('PAID');
    expect(types(o).at(-1)).toBe('PAYMENT_REFUND_FAILED');
  });
});

describe('delayed capture', () => {
  it('the capture-later card places an AUTHORIZED payment; capture makes the order PAID; again is refused', async () => {
    const id = await place([{ productId: TAPERS, quantity: 3 }], TEST_CARDS.authorize);
    const o = await order(id);
    expect(o.paymentStatus).toBe('PENDING');
    expect(types(o)).toEqual(['ORDER_PLACED', 'AUTHORIZED_PAYMENT_CREATED']);
    const [p] = (await transactions(id)).payments;
    expect(p).toMatchObject({
      status: 'AUTHORIZED',
      regularPaymentDetails: {
        status: 'AUTHORIZED',
        authorizationDetails: {
          delayedCapture: true,
          authorizedDate: new Date(clock).toISOString(),
          captures: [],
          scheduledAction: {
            actionType: 'VOID',
            executionDate: new Date(clock + AUTHORIZATION_LIFETIME_MS).toISOString(),
          },
        },
      },
    });
    const rf = await api(emu, `${PC}/${id}/refundability`, { token: admin });
    expect(rf.json.refundabilities[0]).toMatchObject({ nonRefundableReason: 'NOT_PAID' });
    const paid = await api(emu, `${PC}/${id}/mark-as-paid`, { token: admin, body: {} });
    expect([paid.status, code(paid)]).toEqual([428, 'ORDER_ALREADY_PAID']);

    const capture = (body: unknown) => api(emu, `${PC}/${id}/capture-authorized-payments`, { token: admin, body });
    const over = await capture({ payments: [{ paymentId: p.id, amount: { amount: '999.00' } }] });
    expect([over.status, code(over)]).toEqual([400, 'INVALID_AMOUNT']);
    const r = await capture({ payments: [{ paymentId: p.id }] });
    expect(r.status).toBe(200);
    const captured = r.json.orderTransactions.payments[0];
    expect(captured).toMatchObject({ status: 'APPROVED', regularPaymentDetails: { status: 'APPROVED' } });
    expect(captured.regularPaymentDetails.authorizationDetails.captures).toEqual([
      expect.objectContaining({ status: 'SUCCEEDED', amount: expect.objectContaining({ amount: p.amount.amount }) }),
    ]);
    expect(captured.regularPaymentDetails.authorizationDetails).not.toHaveProperty('scheduledAction');
    const after = await order(id);
    expect(after.paymentStatus).toBe('PAID');
    expect(types(after)).toEqual([
      'ORDER_PLACED',
      'AUTHORIZED_PAYMENT_CREATED',
      'AUTHORIZED_PAYMENT_CAPTURED',
      'ORDER_PAID',
    ]);
    const twice = await capture({ payments: [{ paymentId: p.id }] });
    expect([twice.status, code(twice)]).toEqual([428, 'PAYMENT_ALREADY_CAPTURED']);
    const voided = await api(emu, `${PC}/${id}/void-authorized-payments`, {
      token: admin,
      body: { paymentIds: [p.id] },
    });
    expect([voided.status, code(voided)]).toEqual([428, 'PAYMENT_ALREADY_CAPTURED']);
    // captured, it can be refunded
    expect(
      (await api(emu, `${PC}/${id}/refundability`, { token: admin })).json.refundabilities[0].refundabilityStatus,
    ).toBe('REFUNDABLE');
  });

  it('void releases the authorization: VOIDED, the order NOT_PAID; capture and void again are refused', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }], TEST_CARDS.authorize);
    const [p] = (await transactions(id)).payments;
    const r = await api(emu, `${PC}/${id}/void-authorized-payments`, { token: admin, body: { paymentIds: [p.id] } });
    expect(r.status).toBe(200);
    expect(r.json.orderTransactions.payments[0]).toMatchObject({
      status: 'VOIDED',
      regularPaymentDetails: { authorizationDetails: { void: { status: 'SUCCEEDED', reason: 'MANUAL' } } },
    });
    const o = await order(id);
    expect(o.paymentStatus).toBe('NOT_PAID');
    expect(types(o).at(-1)).toBe('AUTHORIZED_PAYMENT_VOIDED');
    const again = await api(emu, `${PC}/${id}/void-authorized-payments`, {
      token: admin,
      body: { paymentIds: [p.id] },
    });
    expect([again.status, code(again), data(again).reason]).toEqual([428, 'PAYMENT_ALREADY_VOIDED', 'VOIDED']);
    const cap = await api(emu, `${PC}/${id}/capture-authorized-payments`, {
      token: admin,
      body: { payments: [{ paymentId: p.id }] },
    });
    expect(code(cap)).toBe('PAYMENT_ALREADY_VOIDED');
  });

  it('past its lifetime the authorization is voided (SCHEDULED); capture is refused with reason EXPIRED', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }], TEST_CARDS.authorize);
    const [p] = (await transactions(id)).payments;
    const saved = clock;
    const savedAdmin = admin;
    clock += AUTHORIZATION_LIFETIME_MS + 1000;
    admin = await adminToken(emu); // the earlier one expired meanwhile
    try {
      const [now] = (await transactions(id)).payments;
      expect(now).toMatchObject({
        status: 'VOIDED',
        regularPaymentDetails: { authorizationDetails: { void: { status: 'SUCCEEDED', reason: 'SCHEDULED' } } },
      });
      const cap = await api(emu, `${PC}/${id}/capture-authorized-payments`, {
        token: admin,
        body: { payments: [{ paymentId: p.id }] },
      });
      expect([cap.status, code(cap), data(cap).reason]).toEqual([428, 'PAYMENT_ALREADY_VOIDED', 'EXPIRED']);
      expect((await order(id)).paymentStatus).toBe('NOT_PAID');
    } finally {
      clock = saved;
      admin = savedAdmin;
    }
  });

  it('unavailable reasons: another order’s payment (NOT_FOUND), a non-authorized card payment (NOT_SUPPORTED)', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }], TEST_CARDS.authorize);
    const paidOrder = await place([{ productId: TAPERS, quantity: 1 }]);
    const [foreign] = (await transactions(paidOrder)).payments;
    const r = await api(emu, `${PC}/${id}/capture-authorized-payments`, {
      token: admin,
      body: { payments: [{ paymentId: foreign.id }] },
    });
    expect([r.status, code(r), data(r).reason]).toEqual([404, 'PAYMENT_NOT_FOUND', 'NOT_FOUND']);
    const v = await api(emu, `${PC}/${paidOrder}/void-authorized-payments`, {
      token: admin,
      body: { paymentIds: [foreign.id] },
    });
    expect([v.status, code(v), data(v).reason]).toEqual([428, 'PAYMENT_NOT_AUTHORIZED', 'NOT_SUPPORTED']);
  });
});

describe('collecting: mark as paid, manual payments, bulk', () => {
  /** An unpaid order: its authorization voided. */
  async function unpaid(quantity = 2): Promise<string> {
    const id = await place([{ productId: TAPERS, quantity }], TEST_CARDS.authorize);
    const [p] = (await transactions(id)).payments;
    await api(emu, `${PC}/${id}/void-authorized-payments`, { token: admin, body: { paymentIds: [p.id] } });
    return id;
  }

  it('manual payments up to the total (PARTIALLY_PAID, then PAID); offline payments refund only by hand', async () => {
    const id = await unpaid();
    const total = Number((await order(id)).priceSummary.total.amount);
    const c = await api(emu, `${PC}/${id}/payment-collectability-status`, { token: admin });
    expect(c.json).toEqual({ status: 'COLLECTABLE', amount: expect.objectContaining({ amount: total.toFixed(2) }) });
    const manual = (amount: string) =>
      api(emu, `${PC}/${id}/manual-payment`, { token: admin, body: { amount: { amount } } });
    const over = await manual((total + 0.01).toFixed(2));
    expect([over.status, code(over)]).toEqual([400, 'INVALID_AMOUNT']);
    const part = await manual('5.00');
    expect([part.status, part.json]).toEqual([200, {}]);
    let o = await order(id);
    expect(o.paymentStatus).toBe('PARTIALLY_PAID');
    expect(types(o).at(-1)).toBe('ORDER_PARTIALLY_PAID');
    const paid = await api(emu, `${PC}/${id}/mark-as-paid`, { token: admin, body: {} });
    expect(paid.status).toBe(200);
    expect(paid.json.order).toMatchObject({ id, paymentStatus: 'PAID' });
    o = await order(id);
    expect(types(o).at(-1)).toBe('ORDER_PAID');
    const tx = await transactions(id);
    const offline = tx.payments.filter((p: Any) => p.regularPaymentDetails.offlinePayment);
    expect(offline.map((p: Any) => p.amount.amount)).toEqual(['5.00', (total - 5).toFixed(2)]);
    const again = await api(emu, `${PC}/${id}/mark-as-paid`, { token: admin, body: {} });
    expect([again.status, code(again)]).toEqual([428, 'ORDER_ALREADY_PAID']);
    expect(code(await manual('1.00'))).toBe('ORDER_ALREADY_PAID');

    const rf = (await api(emu, `${PC}/${id}/refundability`, { token: admin })).json.refundabilities;
    expect(rf.map((r: Any) => [r.refundabilityStatus, r.nonRefundableReason ?? r.manuallyRefundableReason])).toEqual([
      ['NOT_REFUNDABLE', 'NOT_PAID'], // the voided authorization
      ['MANUAL', 'OFFLINE'],
      ['MANUAL', 'OFFLINE'],
    ]);
    const refund = (body: unknown) => api(emu, `${PC}/${id}/trigger-refund`, { token: admin, body });
    const viaGateway = await refund({ payments: [{ paymentId: offline[0].id }] });
    expect([viaGateway.status, code(viaGateway), data(viaGateway).reason]).toEqual([
      428,
      'REFUND_NOT_AVAILABLE',
      'OFFLINE',
    ]);
    const external = await refund({ payments: [{ paymentId: offline[0].id, externalRefund: true }] });
    expect(external.status).toBe(200);
    expect(external.json.orderTransactions.refunds[0].transactions[0]).toMatchObject({
      externalRefund: true,
      refundStatus: 'SUCCEEDED',
    });
    expect((await order(id)).paymentStatus).toBe('PARTIALLY_REFUNDED');
  });

  it('bulk: each order on its own, in request order, with the platform’s error for each refusal', async () => {
    const a = await unpaid();
    const b = await place([{ productId: TAPERS, quantity: 1 }]);
    const r = await api(emu, BULK, {
      token: admin,
      body: { ecomOrderIds: [a, b, 'no-such-order'] },
    });
    expect(r.status).toBe(200);
    expect(
      r.json.results.map((x: Any) => [
        x.itemMetadata.id,
        x.itemMetadata.originalIndex,
        x.itemMetadata.success,
        x.itemMetadata.error?.code,
      ]),
    ).toEqual([
      [a, 0, true, undefined],
      [b, 1, false, 'ORDER_ALREADY_PAID'],
      ['no-such-order', 2, false, 'ORDER_NOT_FOUND'],
    ]);
    expect(r.json.results[0].item).toMatchObject({ id: a, paymentStatus: 'PAID' });
    expect(r.json.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 2, undetailedFailures: 0 });
    const bad = await api(emu, BULK, {
      token: admin,
      body: { ecomOrderIds: Array.from({ length: 101 }, (_, i) => `o${i}`) },
    });
    expect(bad.status).toBe(400);
  });

  it('bulk is served where the generated client sends it on www.wixapis.com (/v1/bulk/…, no /ecom); /ecom/v1/bulk/… is not', async () => {
    // @wix/auto_sdk_ecom_orders' URL map for www.wixapis.com maps only `/ecom/v1/payments-collector` ↔
    // `/v1/payments-collector`: the bulk proto path `/v1/bulk/payments-collector/mark-as-paid` matches no entry and is
    // sent as is (docs/wire.md "Payments: public and internal calls"); Inlay's table names the same path
    expect(adminOps.bulkMarkOrdersAsPaid).toEqual({ method: 'POST', path: BULK });
    const a = await unpaid();
    const wrong = await api(emu, `/ecom${BULK}`, { token: admin, body: { ecomOrderIds: [a] } });
    expect([wrong.status, code(wrong)]).toEqual([404, 'NOT_FOUND']);
    expect((await order(a)).paymentStatus).toBe('NOT_PAID');
    const right = await api(emu, BULK, { token: admin, body: { ecomOrderIds: [a] } });
    expect(right.status).toBe(200);
    expect((await order(a)).paymentStatus).toBe('PAID');
  });

  it('a canceled order can’t be collected', async () => {
    const id = await unpaid();
    await api(emu, `/ecom/v1/orders/${id}/cancel`, { token: admin, body: {} });
    const c = await api(emu, `${PC}/${id}/payment-collectability-status`, { token: admin });
    expect(c.json.status).toBe('NONCOLLECTABLE_ORDER_IS_CANCELLED');
    const r = await api(emu, `${PC}/${id}/mark-as-paid`, { token: admin, body: {} });
    expect([r.status, code(r)]).toEqual([428, 'ORDER_CANCELED']);
  });
});

describe('who may call', () => {
  it('a visitor, a member and the owner signed in as a member are refused every payments call (403)', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }], TEST_CARDS.authorize);
    const [p] = (await transactions(id)).payments;
    const tokens = [
      (await visitorTokens(emu)).access,
      (await memberTokens(emu)).access,
      (await memberTokens(emu, 'owner')).access,
    ];
    const calls: [string, unknown?][] = [
      [`/ecom/v1/payments/orders/${id}`],
      [`${PC}/${id}/payment-collectability-status`],
      [`${PC}/${id}/refundability`],
      [`${PC}/${id}/manual-payment`, { amount: { amount: '1.00' } }],
      [`${PC}/${id}/mark-as-paid`, {}],
      [BULK, { ecomOrderIds: [id] }],
      [`${PC}/${id}/trigger-refund`, { payments: [{ paymentId: p.id }] }],
      [`${PC}/${id}/capture-authorized-payments`, { payments: [{ paymentId: p.id }] }],
      [`${PC}/${id}/void-authorized-payments`, { paymentIds: [p.id] }],
    ];
    for (const token of tokens)
      for (const [path, body] of calls) {
        const r = await api(emu, path, { token, ...(body !== undefined ? { body } : {}) });
        expect([r.status, code(r)], path).toEqual([403, 'PERMISSION_DENIED']);
      }
    expect((await transactions(id)).payments[0].status).toBe('AUTHORIZED');
    expect((await api(emu, `/ecom/v1/payments/orders/${id}`)).status).toBe(401);
  });

  it('prototype-named keys and huge bodies are refused before anything changes', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }], TEST_CARDS.authorize);
    const proto = await api(emu, `${PC}/${id}/void-authorized-payments`, {
      token: admin,
      body: '{"paymentIds":["x"],"__proto__":{"polluted":true}}',
    });
    expect(proto.status).toBe(400);
    const huge = await api(emu, `${PC}/${id}/void-authorized-payments`, {
      token: admin,
      body: { paymentIds: ['x'], pad: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    const tooLongId = await api(emu, `${PC}/${'a'.repeat(101)}/mark-as-paid`, { token: admin, body: {} });
    expect(tooLongId.status).toBe(400);
    expect((await transactions(id)).payments[0].status).toBe('AUTHORIZED');
  });
});

describe('migration 012', () => {
  it('moves an order’s `transactions.payments` into order_transactions and out of the order', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 12),
    );
    db.prepare(
      "INSERT INTO orders (id, number, checkout_id, owner, data, created_date) VALUES ('o1', 10001, 'c1', 'v:x', ?, '2026-01-01T00:00:00.000Z')",
    ).run(
      JSON.stringify({
        id: 'o1',
        paymentStatus: 'PAID',
        transactions: {
          payments: [
            {
              id: 'p1',
              amount: { amount: '14.00' },
              regularPaymentDetails: { paymentMethod: 'TEST_CARD', status: 'APPROVED' },
            },
          ],
        },
      }),
    );
    expect(migrate(db)).toContain(12);
    const order = JSON.parse(db.prepare<[], { data: string }>("SELECT data FROM orders WHERE id = 'o1'").get()!.data);
    expect(order).not.toHaveProperty('transactions');
    const tx = JSON.parse(
      db.prepare<[], { data: string }>("SELECT data FROM order_transactions WHERE order_id = 'o1'").get()!.data,
    );
    expect(tx).toEqual({
      refunds: [],
      payments: [
        expect.objectContaining({
          id: 'p1',
          status: 'APPROVED',
          regularPaymentDetails: expect.objectContaining({ status: 'APPROVED', offlinePayment: false }),
        }),
      ],
    });
    db.close();
  });
});

describe('demo orders', () => {
  it('`demoOrders` places a delayed-capture order and an offline unpaid one, once per database', async () => {
    const demo = await startTestEmulator({ demoOrders: true });
    try {
      const token = await adminToken(demo);
      const found = await api(demo, '/ecom/v1/orders/search', { token, body: {} });
      const orders = found.json.orders as Any[];
      expect(orders.map((o) => o.paymentStatus).sort()).toEqual(['NOT_PAID', 'PENDING']);
      const held = orders.find((o) => o.paymentStatus === 'PENDING');
      const tx = (await api(demo, `/ecom/v1/payments/orders/${held.id}`, { token })).json.orderTransactions;
      expect(tx.payments[0]).toMatchObject({ status: 'AUTHORIZED' });
      const offline = orders.find((o) => o.paymentStatus === 'NOT_PAID');
      const otx = (await api(demo, `/ecom/v1/payments/orders/${offline.id}`, { token })).json.orderTransactions;
      expect(otx.payments).toEqual([]);
      const c = await api(demo, `${PC}/${offline.id}/payment-collectability-status`, { token });
      expect(c.json.status).toBe('COLLECTABLE');
      expect(seedDemoOrders({ db: demo.db, baseUrl: demo.url, apiUrl: demo.url, now: Date.now })).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});
