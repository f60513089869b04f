/**
 * Conformance of payments (issue 38 item 3; docs/wire.md "Payments: public and internal calls"): the platform's
 * generated clients `@wix/auto_sdk_ecom_orders` and `@wix/auto_sdk_ecom_order-transactions`, unmodified, against an
 * in-process emulator, the same boundary as sdk.test.ts (platform hosts sent to the emulator, nothing else changed).
 *
 * - The **public** calls Inlay's console rests on (exported by the clients' index.d.ts): List Transactions For Single
 *   Order, Get Payment Collectability Status, Capture and Void Authorized Payments, with both admin strategies, and
 *   each made by the SDK exactly where Inlay's operation table sends it (`adminOps`: method and path).
 * - The **internal** ones (in the runtime, not exported): the bulk mark as paid URL the client resolves on
 *   www.wixapis.com is `/v1/bulk/payments-collector/mark-as-paid`, the one Inlay sends; and refused by the platform
 *   (the emulator's `refuseOperations`), the SDK sees 403 PERMISSION_DENIED as it expects a refusal, while the public
 *   calls still answer.
 */
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, AppStrategy, createClient } from '@wix/sdk';
import * as orders from '@wix/auto_sdk_ecom_orders';
import * as orderTransactions from '@wix/auto_sdk_ecom_order-transactions';
import { adminOps } from '../../core/urls.ts';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { toPattern } from '../../emulator/paths.ts';
import { TEST_CARDS } from '../../emulator/routes/checkout.ts';
import { seedIds } from '../../emulator/seed.ts';
import { DEMO_CLIENT_ID, placeOrderAs, visitorTokens } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, sent } = platform;
const TAPERS = seedIds.products['beeswax-taper-candles']!;

const strategies = {
  'AppStrategy (client_credentials)': () =>
    AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: platform.emu.clientSecret, instanceId: SITE_ID }),
  ApiKeyStrategy: () => ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }),
};
const clientWith = (auth: () => ReturnType<typeof AppStrategy> | ReturnType<typeof ApiKeyStrategy>) =>
  createClient({ auth: auth() as ReturnType<typeof ApiKeyStrategy>, modules: { orders, orderTransactions } });
/** An order paid with `card` by a new visitor, through the hosted checkout. */
const buy = async (card: string) =>
  placeOrderAs(platform.emu, (await visitorTokens(platform.emu)).access, [{ productId: TAPERS, quantity: 2 }], {
    cardNumber: card,
    email: 'conformance-pay@example.com',
  });
/** Whether the SDK's last requests include `op` at its path (parameters as any one segment). */
const madeAt = (op: { method: string; path: string }, since: number) => {
  const pattern = new RegExp(`^${op.method} ${toPattern(op.path).replace(/:\w+/g, '[^/]+')}$`);
  return sent.slice(since).some((c) => pattern.test(c));
};
/** The internal methods: in the module's runtime, not in its typings. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
const internalOf = (client: ReturnType<typeof clientWith>) =>
  client.orders as unknown as Record<
    'getRefundabilityStatus' | 'triggerRefund' | 'paymentCollectionBulkMarkOrdersAsPaid',
    (...args: Loose[]) => Promise<Loose>
  >;

describe('public payments calls (the official clients, unmodified)', () => {
  for (const [name, auth] of Object.entries(strategies)) {
    it(`${name}: transactions, collectability, capture, void; each where Inlay sends it`, async () => {
      const admin = clientWith(auth);
      const held = await buy(TEST_CARDS.authorize);
      let since = sent.length;
      const listed = await admin.orderTransactions.listTransactionsForSingleOrder(held);
      expect(madeAt(adminOps.listOrderTransactions, since)).toBe(true);
      const payment = listed.orderTransactions!.payments![0]!;
      expect(payment).toMatchObject({
        _id: expect.any(String),
        status: 'AUTHORIZED',
        amount: { amount: expect.stringMatching(/^\d+(\.\d+)?$/) },
        regularPaymentDetails: { authorizationDetails: { delayedCapture: true, captures: [] } },
      });
      expect(payment.regularPaymentDetails?.authorizationDetails?.authorizedDate).toBeInstanceOf(Date);

      since = sent.length;
      const covered = await admin.orders.getPaymentCollectabilityStatus(held);
      expect(madeAt(adminOps.getPaymentCollectability, since)).toBe(true);
      // the authorization covers the total: nothing to collect
      expect(covered.status).toBe('NONCOLLECTABLE_ORDER_IS_PAID');

      since = sent.length;
      const captured = await admin.orders.captureAuthorizedPayments(held, [{ paymentId: payment._id! }]);
      expect(madeAt(adminOps.captureAuthorizedPayments, since)).toBe(true);
      expect(captured.orderTransactions?.payments?.[0]).toMatchObject({ _id: payment._id, status: 'APPROVED' });
      expect(captured.orderTransactions?.payments?.[0]?.regularPaymentDetails?.authorizationDetails).toMatchObject({
        captures: [expect.objectContaining({ status: 'SUCCEEDED' })],
      });
      await expect(admin.orders.captureAuthorizedPayments(held, [{ paymentId: payment._id! }])).rejects.toMatchObject({
        details: { applicationError: { code: 'PAYMENT_ALREADY_CAPTURED' } },
      });

      const voidable = await buy(TEST_CARDS.authorize);
      const [auth2] = (await admin.orderTransactions.listTransactionsForSingleOrder(voidable)).orderTransactions!
        .payments!;
      since = sent.length;
      const voided = await admin.orders.voidAuthorizedPayments(voidable, [auth2!._id!]);
      expect(madeAt(adminOps.voidAuthorizedPayments, since)).toBe(true);
      expect(voided.orderTransactions?.payments?.[0]).toMatchObject({ _id: auth2!._id, status: 'VOIDED' });
      await expect(admin.orders.voidAuthorizedPayments(voidable, [auth2!._id!])).rejects.toMatchObject({
        details: { applicationError: { code: 'PAYMENT_ALREADY_VOIDED' } },
      });
      const collectable = await admin.orders.getPaymentCollectabilityStatus(voidable);
      expect(collectable).toMatchObject({ status: 'COLLECTABLE', amount: { amount: expect.any(String) } });
    });
  }
});

describe('internal payments calls', () => {
  it('bulk mark as paid: the client sends /v1/bulk/payments-collector/mark-as-paid to www.wixapis.com, the path Inlay uses', async () => {
    const admin = clientWith(strategies['AppStrategy (client_credentials)']);
    const unpaid = await buy(TEST_CARDS.authorize);
    const [auth] = (await admin.orderTransactions.listTransactionsForSingleOrder(unpaid)).orderTransactions!.payments!;
    await admin.orders.voidAuthorizedPayments(unpaid, [auth!._id!]);
    const since = sent.length;
    const bulk = await internalOf(admin).paymentCollectionBulkMarkOrdersAsPaid([unpaid]);
    expect(sent.slice(since)).toEqual(['POST /v1/bulk/payments-collector/mark-as-paid']);
    expect(adminOps.bulkMarkOrdersAsPaid).toEqual({ method: 'POST', path: '/v1/bulk/payments-collector/mark-as-paid' });
    expect(bulk.results.map((r: Loose) => [r.itemMetadata?._id, r.itemMetadata?.success])).toEqual([[unpaid, true]]);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 0 });
  });

  it('refused by the platform (403 PERMISSION_DENIED): the SDK sees the refusal as it expects one; the public calls still answer', async () => {
    const admin = clientWith(strategies.ApiKeyStrategy);
    const paid = await buy(TEST_CARDS.ok);
    platform.emu.app.refusedOperations.add('getRefundability');
    platform.emu.app.refusedOperations.add('triggerRefund');
    try {
      const refused = { details: { applicationError: { code: 'PERMISSION_DENIED' } } };
      await expect(internalOf(admin).getRefundabilityStatus(paid)).rejects.toMatchObject(refused);
      const [p] = (await admin.orderTransactions.listTransactionsForSingleOrder(paid)).orderTransactions!.payments!;
      await expect(internalOf(admin).triggerRefund(paid, [{ paymentId: p!._id! }])).rejects.toMatchObject(refused);
      expect((await admin.orders.getPaymentCollectabilityStatus(paid)).status).toBe('NONCOLLECTABLE_ORDER_IS_PAID');
      const after = await admin.orderTransactions.listTransactionsForSingleOrder(paid);
      expect(after.orderTransactions?.refunds ?? []).toEqual([]);
    } finally {
      platform.emu.app.refusedOperations.clear();
    }
    // allowed again: the same calls answer
    expect((await internalOf(admin).getRefundabilityStatus(paid)).refundabilities).toEqual([
      expect.objectContaining({ refundabilityStatus: 'REFUNDABLE' }),
    ]);
  });
});

describe('coverage', () => {
  covers(
    'listOrderTransactions',
    'getPaymentCollectability',
    'captureAuthorizedPayments',
    'voidAuthorizedPayments',
    'bulkMarkOrdersAsPaid',
    'getRefundability',
  );
  platform.coverageCase();
});
