/**
 * The owner console's internal calls, isolated (companion/internal.ts; docs/wire.md "Payments: public and internal
 * calls"): against a real emulator told to refuse them (403 PERMISSION_DENIED, emulator/refusals.ts), each refusal
 * degrades only the action that needs it (403 `NOT_AVAILABLE_HERE` with `data.action`, nothing done, the order free
 * again at once), and the payments read does without refundability.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InlayApiError } from '../core/errors.ts';
import { TEST_CARDS } from '../emulator/routes/checkout.ts';
import { api, placeOrderAs, visitorTokens } from '../tests/helpers/emulator.ts';
import { refusedCall } from './internal.ts';
import { harness, post, seedIds, type Harness } from './test-helpers.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;

let h: Harness;
let owner: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const err = (r: { body_: Any }) => r.body_?.details?.applicationError;
const view = (id: string) => h.call(`/v1/admin/orders/${id}/payments`, { token: owner });
const act = (id: string, action: string, body: unknown) =>
  h.call(`/v1/admin/orders/${id}/${action}`, post(body, owner));
const place = async (card = TEST_CARDS.ok) =>
  placeOrderAs(h.emu, (await visitorTokens(h.emu)).access, [{ productId: TAPERS, quantity: 2 }], {
    cardNumber: card,
    email: 'internal@example.com',
  });
/** An order with nothing paid: its authorization voided. */
const unpaid = async () => {
  const id = await place(TEST_CARDS.authorize);
  const v = (await view(id)).body_;
  const r = await act(id, 'void', { revision: v.revision, paymentIds: [v.payments[0].id] });
  expect(r.status).toBe(200);
  return id;
};
const refuse = (...names: string[]) => names.forEach((n) => h.emu.app.refusedOperations.add(n));

beforeAll(async () => {
  h = await harness({ deps: { limits: { perVisitor: [10_000, 60_000], perIp: [10_000, 60_000] } } });
  owner = await h.owner();
});
afterEach(() => h.emu.app.refusedOperations.clear());
afterAll(() => h.close());

describe('refundability refused (an internal read)', () => {
  it('the read still answers: payments, balance and collectability, `unavailable.refundability: REFUSED`; capture and void work', async () => {
    const id = await place(TEST_CARDS.authorize);
    refuse('getRefundability');
    const r = await view(id);
    expect(r.status).toBe(200);
    expect(r.body_).toMatchObject({
      payments: [{ status: 'AUTHORIZED' }],
      refundabilities: [],
      collectability: { status: 'NONCOLLECTABLE_ORDER_IS_PAID' },
      order: { balanceSummary: expect.anything() },
      unavailable: { refundability: 'REFUSED' },
    });
    const captured = await act(id, 'capture', {
      revision: r.body_.revision,
      payments: [{ paymentId: r.body_.payments[0].id }],
    });
    expect(captured.status).toBe(200);
    expect(captured.body_.payments[0].status).toBe('APPROVED');
    expect(captured.body_.unavailable).toEqual({ refundability: 'REFUSED' });
    // a refund is not sent: 403 NOT_AVAILABLE_HERE (refunds are made in the dashboard); the order is free at once
    const refund = await act(id, 'refund', { revision: captured.body_.revision, paymentId: r.body_.payments[0].id });
    expect([refund.status, err(refund).code, err(refund).data.action]).toEqual([403, 'NOT_AVAILABLE_HERE', 'refund']);
    h.emu.app.refusedOperations.clear();
    const after = (await view(id)).body_;
    expect(after.unavailable).toBeUndefined();
    expect(after.refunds).toEqual([]);
    expect(after.refundabilities).toEqual([expect.objectContaining({ refundabilityStatus: 'REFUNDABLE' })]);
  });

  it('failing this time (5xx): `unavailable.refundability: FAILED`; a refund is answered 409 REFUNDABILITY_UNAVAILABLE, nothing sent', async () => {
    const id = await place();
    const path = `/ecom/v1/payments-collector/orders/${id}/refundability`;
    const fault = await api(h.emu, '/_dev/faults', { body: { path, status: 503 } });
    expect(fault.status).toBe(200);
    try {
      const r = await view(id);
      expect(r.status).toBe(200);
      expect(r.body_).toMatchObject({ payments: [{ status: 'APPROVED' }], unavailable: { refundability: 'FAILED' } });
      const refund = await act(id, 'refund', { revision: r.body_.revision, paymentId: r.body_.payments[0].id });
      expect([refund.status, err(refund).code]).toEqual([409, 'REFUNDABILITY_UNAVAILABLE']);
    } finally {
      await api(h.emu, `/_dev/faults/${fault.json.fault.id}`, { method: 'DELETE' });
    }
    expect((await view(id)).body_.refunds).toEqual([]);
  });
});

describe('internal changes refused', () => {
  it('trigger refund: 403 NOT_AVAILABLE_HERE (action refund), nothing refunded, the order free again at once', async () => {
    const id = await place();
    refuse('triggerRefund');
    const v = (await view(id)).body_;
    expect(v.unavailable).toBeUndefined();
    const body = { revision: v.revision, paymentId: v.payments[0].id, amount: '1.00' };
    const r = await act(id, 'refund', body);
    expect([r.status, err(r).code, err(r).data.action]).toEqual([403, 'NOT_AVAILABLE_HERE', 'refund']);
    h.emu.app.refusedOperations.clear();
    // not held: the same change goes through now (a lost answer would have held the order)
    const again = await act(id, 'refund', body);
    expect(again.status).toBe(200);
    expect(again.body_.refunds).toHaveLength(1);
  });

  it('mark as paid, a manual payment and bulk mark as paid: each its own NOT_AVAILABLE_HERE; the others still work', async () => {
    const id = await unpaid();
    const v = (await view(id)).body_;
    expect(v.collectability.status).toBe('COLLECTABLE');
    refuse('markOrderAsPaid', 'bulkMarkOrdersAsPaid');
    const mark = await act(id, 'mark-as-paid', { revision: v.revision });
    expect([mark.status, err(mark).code, err(mark).data.action]).toEqual([403, 'NOT_AVAILABLE_HERE', 'markAsPaid']);
    const bulk = await h.call('/v1/admin/orders/mark-as-paid', post({ orderIds: [id] }, owner));
    expect([bulk.status, err(bulk).code, err(bulk).data.action]).toEqual([403, 'NOT_AVAILABLE_HERE', 'bulkMarkAsPaid']);
    // a manual payment (not refused) goes through at once: nothing held by the refusals
    const manual = await act(id, 'manual-payment', { revision: v.revision, amount: '1.00' });
    expect(manual.status).toBe(200);
    expect(manual.body_.order.paymentStatus).toBe('PARTIALLY_PAID');
    refuse('recordManualPayment');
    const m2 = await act(id, 'manual-payment', { revision: manual.body_.revision, amount: '1.00' });
    expect([m2.status, err(m2).code, err(m2).data.action]).toEqual([403, 'NOT_AVAILABLE_HERE', 'manualPayment']);
    expect((await view(id)).body_.order.paymentStatus).toBe('PARTIALLY_PAID');
  });

  it('orders: the summary (aggregate) and a status change (update status) each refused on their own; search still answers', async () => {
    const id = await place();
    refuse('aggregateOrders', 'updateOrderStatus');
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const sum = await h.call('/v1/admin/orders/summary', post({ from, to }, owner));
    expect([sum.status, err(sum).code, err(sum).data.action]).toEqual([403, 'NOT_AVAILABLE_HERE', 'summary']);
    const status = await h.call(`/v1/admin/orders/${id}/status`, post({ status: 'REJECTED' }, owner));
    expect([status.status, err(status).code, err(status).data.action]).toEqual([
      403,
      'NOT_AVAILABLE_HERE',
      'orderStatus',
    ]);
    const found = await h.call('/v1/admin/orders/search', post({ limit: 5 }, owner));
    expect(found.status).toBe(200);
    expect(found.body_.orders.length).toBeGreaterThan(0);
  });
});

describe('what counts as a refusal of the call itself', () => {
  const http = (status: number, code?: string) =>
    new InlayApiError({
      kind: 'http',
      status,
      message: 'x',
      ...(code ? { applicationError: { code, description: 'x' } } : {}),
    } as ConstructorParameters<typeof InlayApiError>[0]);
  it('403, 405, 501 and a 404 without a code of the call’s own; not a record’s 404, a 5xx or a network failure', () => {
    expect(refusedCall(http(403, 'PERMISSION_DENIED'))).toBe(true);
    expect(refusedCall(http(404, 'NOT_FOUND'))).toBe(true);
    expect(refusedCall(http(404))).toBe(true);
    expect(refusedCall(http(405))).toBe(true);
    expect(refusedCall(http(501))).toBe(true);
    expect(refusedCall(http(404, 'ORDER_NOT_FOUND'))).toBe(false);
    expect(refusedCall(http(503))).toBe(false);
    expect(refusedCall(http(428, 'REFUND_NOT_AVAILABLE'))).toBe(false);
    expect(refusedCall(new InlayApiError({ kind: 'network', status: 0, message: 'x' } as Any))).toBe(false);
  });
});
