/**
 * Conformance of order edits through draft orders (issue 38): the platform's generated client
 * `@wix/auto_sdk_ecom_draft-orders` (and `@wix/auto_sdk_ecom_orders` for the order and its collectability),
 * unmodified, against an in-process emulator, the same boundary as sdk.test.ts (platform hosts sent to the emulator,
 * nothing else changed). As an admin (AppStrategy and ApiKeyStrategy): draftability, create from an order, update a
 * line's quantity, set the shipping destination, get, commit (the order after it, its balance equal to what is left to
 * collect), delete; the refusals the console reads (a refunded order, a committed draft); a visitor refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy, AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as drafts from '@wix/auto_sdk_ecom_draft-orders';
import * as orders from '@wix/auto_sdk_ecom_orders';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { seedIds } from '../../emulator/seed.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import { adminToken, api, DEMO_CLIENT_ID, placeOrderAs, visitorTokens } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;

const platform = platformBoundary();
const { covers, refuses, sent } = platform;
let emu: RunningEmulator;
beforeAll(() => {
  emu = platform.emu;
});

/** A paid order of `quantity` tapers (placed by a visitor at the hosted checkout). */
const place = async (quantity: number) =>
  placeOrderAs(emu, (await visitorTokens(emu)).access, [{ productId: TAPERS, quantity }], {
    email: 'sdk-draft@example.com',
  });

const strategies = {
  'AppStrategy (client_credentials)': () =>
    AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: emu.clientSecret, instanceId: SITE_ID }),
  ApiKeyStrategy: () => ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }),
};
const cents = (m: { amount?: string } | undefined) => Math.round(Number(m?.amount) * 100);

describe('draft orders (admin)', () => {
  for (const [name, auth] of Object.entries(strategies)) {
    it(`${name}: draftability, create, update line items, set shipping info, get, commit; the balance is collectability`, async () => {
      const admin = createClient({ auth: auth(), modules: { drafts, orders } });
      const orderId = await place(2);
      const order = await admin.orders.getOrder(orderId);
      const lineId = order.lineItems![0]!._id!;
      sent.length = 0;

      const status = await admin.drafts.getOrderDraftabilityStatus(orderId);
      expect(status).toEqual({ orderId, orderDraftable: true, nonDraftableReasons: [] });

      const created = await admin.drafts.createDraftOrder({ sourceOrderId: orderId });
      const draft = created.calculatedDraftOrder!.draftOrder!;
      expect(created.preexistingDraftOrder).toBe(false);
      expect(draft).toMatchObject({ orderId, status: 'DRAFT' });
      expect(draft._createdDate).toBeInstanceOf(Date); // the SDK's timestamp transform read the wire date
      const draftId = draft._id!;

      const updated = await admin.drafts.updateLineItems(draftId, [{ lineItemId: lineId, newQuantity: 3 }]);
      const u = updated.calculatedDraftOrder!.draftOrder!;
      expect(u.lineItems![0]).toMatchObject({ changedDetails: { quantityBeforeChange: 2 }, lineItem: { quantity: 3 } });
      const unit = cents(order.lineItems![0]!.price);
      expect(cents(u.priceSummary?.subtotal)).toBe(3 * unit);
      expect(cents(u.balanceSummary?.balance)).toBe(cents(u.priceSummary?.total) - cents(order.priceSummary?.total));

      const moved = await admin.drafts.setShippingInfo(draftId, {
        shippingInfo: {
          logistics: {
            shippingDestination: {
              address: { country: 'US', subdivision: 'US-NY', city: 'Albany', addressLine1: '2 Elm St' },
              contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
            },
          },
        },
      });
      // the SDK's address transforms, both ways (addressLine1 ↔ the wire's addressLine)
      expect(
        moved.calculatedDraftOrder!.draftOrder!.shippingInfo?.shippingInfo?.logistics?.shippingDestination?.address,
      ).toMatchObject({ addressLine1: '2 Elm St', city: 'Albany' });

      const read = await admin.drafts.getDraftOrder(draftId);
      const d = read.calculatedDraftOrder!.draftOrder!;
      expect(d.priceSummary).toEqual(moved.calculatedDraftOrder!.draftOrder!.priceSummary);

      const committed = await admin.drafts.commitDraftOrder(draftId, {
        commitSettings: { sendNotificationsToBuyer: true, updateInventory: [{ lineItemId: lineId }] },
        reason: 'One more',
      });
      expect(committed.committedDraftOrder?.status).toBe('COMMITTED');
      const after = committed.orderAfterCommit!;
      expect(after.lineItems![0]!.quantity).toBe(3);
      expect(after.priceSummary?.total?.amount).toBe(d.priceSummary?.total?.amount);
      expect(after.balanceSummary?.balance?.amount).toBe(d.balanceSummary?.balance?.amount);
      expect(after.activities?.at(-1)).toMatchObject({
        type: 'DRAFT_ORDER_CHANGES_APPLIED',
        draftOrderChangesApplied: { reason: 'One more' },
      });
      const col = await admin.orders.getPaymentCollectabilityStatus(orderId);
      expect([col.status, col.amount?.amount]).toEqual(['COLLECTABLE', d.balanceSummary?.balance?.amount]);

      // a committed draft: the client's DRAFT_ORDER_CANNOT_BE_DELETED / DRAFT_ORDER_ALREADY_COMMITTED
      await expect(admin.drafts.deleteDraftOrder(draftId)).rejects.toMatchObject({
        details: { applicationError: { code: 'DRAFT_ORDER_CANNOT_BE_DELETED' } },
      });
      await expect(admin.drafts.commitDraftOrder(draftId)).rejects.toMatchObject({
        details: { applicationError: { code: 'DRAFT_ORDER_ALREADY_COMMITTED' } },
      });

      // a draft made and deleted leaves the order as it was
      const other = await admin.drafts.createDraftOrder({ sourceOrderId: orderId });
      const otherId = other.calculatedDraftOrder!.draftOrder!._id!;
      await admin.drafts.updateLineItems(otherId, [{ lineItemId: lineId, newQuantity: 1 }]);
      const billed = await admin.drafts.setBillingInfo(otherId, {
        billingInfo: {
          address: { country: 'US', city: 'Troy', addressLine1: '9 Oak St' },
          contactDetails: { firstName: 'Ada' },
        },
      });
      expect(billed.calculatedDraftOrder!.draftOrder!.billingDetails?.billingInfo?.address).toMatchObject({
        addressLine1: '9 Oak St',
        city: 'Troy',
      });
      expect(await admin.drafts.deleteDraftOrder(otherId)).toEqual({});
      await expect(admin.drafts.getDraftOrder(otherId)).rejects.toMatchObject({
        details: { applicationError: { code: 'DRAFT_ORDER_DOES_NOT_EXIST' } },
      });
      expect((await admin.orders.getOrder(orderId)).lineItems![0]!.quantity).toBe(3);

      expect(sent).toEqual([
        `GET /ecom/v1/draft-orders/${orderId}/draftability`,
        'POST /ecom/v1/draft-orders',
        `POST /ecom/v1/draft-orders/${draftId}/line-items`,
        'PUT /ecom/v1/draft-orders/set-shipping-info',
        `GET /ecom/v1/draft-orders/${draftId}`,
        `POST /ecom/v1/draft-orders/${draftId}/commit`,
        `GET /ecom/v1/payments-collector/orders/${orderId}/payment-collectability-status`,
        `DELETE /ecom/v1/draft-orders/${draftId}`,
        `POST /ecom/v1/draft-orders/${draftId}/commit`,
        'POST /ecom/v1/draft-orders',
        `POST /ecom/v1/draft-orders/${otherId}/line-items`,
        'PUT /ecom/v1/draft-orders/set-billing-info',
        `DELETE /ecom/v1/draft-orders/${otherId}`,
        `GET /ecom/v1/draft-orders/${otherId}`,
        `GET /ecom/v1/orders/${orderId}`,
      ]);
    });
  }

  it('a partly refunded order: not draftable (PARTIALLY_OR_FULLY_REFUNDED), and its draft refused (ORDER_CANNOT_BE_EDITED)', async () => {
    const admin = createClient({ auth: strategies.ApiKeyStrategy(), modules: { drafts, orders } });
    const orderId = await place(2);
    const token = await adminToken(emu);
    const tx = (await api(emu, `/ecom/v1/payments/orders/${orderId}`, { token })).json.orderTransactions;
    const refund = await api(emu, `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      token,
      body: { payments: [{ paymentId: tx.payments[0].id, amount: { amount: '1.00' } }] },
    });
    expect(refund.status).toBe(200);
    expect(await admin.drafts.getOrderDraftabilityStatus(orderId)).toEqual({
      orderId,
      orderDraftable: false,
      nonDraftableReasons: ['PARTIALLY_OR_FULLY_REFUNDED'],
    });
    await expect(admin.drafts.createDraftOrder({ sourceOrderId: orderId })).rejects.toMatchObject({
      details: { applicationError: { code: 'ORDER_CANNOT_BE_EDITED' } },
    });
  });

  it('a visitor is refused (403)', async () => {
    const orderId = await place(1);
    const shopper = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { drafts } });
    await expect(shopper.drafts.getOrderDraftabilityStatus(orderId)).rejects.toMatchObject({
      details: { applicationError: { code: expect.any(String) } },
    });
    await expect(shopper.drafts.createDraftOrder({ sourceOrderId: orderId })).rejects.toThrow();
  });
});

describe('commit-deltas (the spec names it; no generated client has it)', () => {
  it('still served as the spec says, as the admin identity: a line lowered', async () => {
    const orderId = await place(2);
    const access = await adminToken(emu);
    const got = await platform.platformFetch(`/ecom/v1/orders/${orderId}`, { headers: { authorization: access } });
    const line = ((await got.json()) as { order: { lineItems: { id: string; quantity: number }[] } }).order
      .lineItems[0]!;
    const r = await platform.platformFetch(`/ecom/v1/orders/${orderId}/commit-deltas`, {
      method: 'POST',
      headers: { authorization: access, 'content-type': 'application/json' },
      body: JSON.stringify({
        changes: {
          lineItems: [{ lineItemId: line.id, changedDetails: { quantityBeforeChange: 2 }, lineItem: { quantity: 1 } }],
        },
      }),
    });
    expect(r.status).toBe(200);
    const after = (await r.json()) as { order: { lineItems: { quantity: number }[] } };
    expect(after.order.lineItems[0]!.quantity).toBe(1);
  });
});

describe('coverage', () => {
  covers(
    'getOrderDraftability',
    'createDraftOrder',
    'updateDraftLineItems',
    'setDraftShippingInfo',
    'setDraftBillingInfo',
    'getDraftOrder',
    'commitDraftOrder',
    'deleteDraftOrder',
    'commitOrderDeltas',
  );
  refuses('getOrderDraftability', 'createDraftOrder');
  platform.coverageCase();
});
