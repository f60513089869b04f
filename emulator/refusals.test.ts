/**
 * The emulator's switch for calls the platform refuses to the site (emulator/refusals.ts: `refuseOperations`,
 * `INLAY_EMULATOR_REFUSE`): 403 PERMISSION_DENIED in the platform's error format, after the caller is checked, with
 * nothing read or changed; by operation name or `METHOD /path`; changeable while the emulator runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOps, route } from '../core/urls.ts';
import { refusals } from './refusals.ts';
import { TEST_CARDS } from './routes/checkout.ts';
import { seedIds } from './seed.ts';
import { adminToken, api, placeOrderAs, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

let emu: RunningEmulator;
let admin: string;
beforeAll(async () => {
  emu = await startTestEmulator({ refuseOperations: ['getRefundability', 'triggerRefund'] });
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

const place = async (card = TEST_CARDS.ok) =>
  placeOrderAs(emu, (await visitorTokens(emu)).access, [{ productId: TAPERS, quantity: 1 }], {
    cardNumber: card,
    email: 'refused@example.com',
  });
const at = (op: { method: string; path: string }, body?: unknown) =>
  api(emu, op.path, { method: op.method, token: admin, ...(body !== undefined ? { body } : {}) });

describe('refused operations', () => {
  it('a named operation answers 403 PERMISSION_DENIED in the platform’s format and changes nothing; the others answer', async () => {
    const id = await place();
    const pay = (await at(route(adminOps.listOrderTransactions, { orderId: id }))).json.orderTransactions.payments[0];
    const r = await at(route(adminOps.getRefundability, { ecomOrderId: id }));
    expect(r.status).toBe(403);
    expect(r.json).toEqual({
      message: expect.any(String),
      details: {
        applicationError: {
          code: 'PERMISSION_DENIED',
          description: expect.any(String),
          data: { requestId: expect.any(String) },
        },
      },
    });
    const refund = await at(route(adminOps.triggerRefund, { ecomOrderId: id }), { payments: [{ paymentId: pay.id }] });
    expect([refund.status, refund.json.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
    // nothing refunded
    const after = await at(route(adminOps.listOrderTransactions, { orderId: id }));
    expect(after.json.orderTransactions.refunds).toEqual([]);
    // public calls of the same service still answer
    const col = await at(route(adminOps.getPaymentCollectability, { ecomOrderId: id }));
    expect(col.status).toBe(200);
    expect(col.json.status).toBe('NONCOLLECTABLE_ORDER_IS_PAID');
  });

  it('no token or a visitor’s: the caller is checked first (401), as the platform does', async () => {
    const id = await place();
    const none = await api(emu, route(adminOps.getRefundability, { ecomOrderId: id }).path);
    expect(none.status).toBe(401);
  });

  it('the set changes while the emulator runs; a route is named by METHOD /path too', async () => {
    const id = await place(TEST_CARDS.authorize);
    const pay = (await at(route(adminOps.listOrderTransactions, { orderId: id }))).json.orderTransactions.payments[0];
    emu.app.refusedOperations.delete('getRefundability');
    try {
      expect((await at(route(adminOps.getRefundability, { ecomOrderId: id }))).status).toBe(200);
      emu.app.refusedOperations.add('POST /ecom/v1/payments-collector/orders/{ecomOrderId}/void-authorized-payments');
      const v = await at(route(adminOps.voidAuthorizedPayments, { ecomOrderId: id }), { paymentIds: [pay.id] });
      expect([v.status, (v.json as Any).details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
      const still = await at(route(adminOps.listOrderTransactions, { orderId: id }));
      expect(still.json.orderTransactions.payments[0].status).toBe('AUTHORIZED');
    } finally {
      emu.app.refusedOperations.add('getRefundability');
      emu.app.refusedOperations.delete(
        'POST /ecom/v1/payments-collector/orders/{ecomOrderId}/void-authorized-payments',
      );
    }
  });

  it('an unknown name is an error (a typo never refuses nothing); a comma-separated list is read as the variable is', () => {
    expect(() => refusals(['triggerRefnd'])).toThrow(/cannot refuse "triggerRefnd"/);
    expect(() => refusals('getRefundability, bulkMarkOrdersAsPaid')).not.toThrow();
    expect([...refusals('getRefundability, ,POST /v1/bulk/payments-collector/mark-as-paid')]).toEqual([
      'getRefundability',
      'POST /v1/bulk/payments-collector/mark-as-paid',
    ]);
  });
});
