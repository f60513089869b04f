/**
 * Conformance of an order's fulfillments list (issue 38 point 5), through the platform's generated order-fulfillments
 * client (`@wix/auto_sdk_ecom_order-fulfillments`) unmodified, as the member's account and the owner console read
 * it: none for a new order, then the one the owner made (with `createFulfillment`, whose own answer is
 * admin-fidelity.test.ts's); a visitor is refused (admin only).
 */
import { describe, expect, it } from 'vitest';
import { AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as orders from '@wix/auto_sdk_ecom_orders';
import * as fulfillments from '@wix/auto_sdk_ecom_order-fulfillments';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { seedIds } from '../../emulator/seed.ts';
import { DEMO_CLIENT_ID, placeOrder } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;
const tapers = seedIds.products['beeswax-taper-candles']!;

describe('order fulfillments (admin)', () => {
  it('listFulfillmentsForSingleOrder: none, then the one made; a visitor is refused (403)', async () => {
    const orderId = await placeOrder(platform.emu, [{ productId: tapers, quantity: 2 }]);
    const admin = createClient({
      auth: AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: platform.emu.clientSecret, instanceId: SITE_ID }),
      modules: { fulfillments, orders },
    });
    const empty = await admin.fulfillments.listFulfillmentsForSingleOrder(orderId);
    expect(empty.orderWithFulfillments).toMatchObject({ orderId, fulfillments: [] });

    const lineId = (await admin.orders.getOrder(orderId)).lineItems![0]!._id!;
    await admin.fulfillments.createFulfillment(orderId, {
      lineItems: [{ _id: lineId, quantity: 2 }],
      trackingInfo: { trackingNumber: 'SDK-1', shippingProvider: 'fedex' },
    });
    const listed = await admin.fulfillments.listFulfillmentsForSingleOrder(orderId);
    expect(listed.orderWithFulfillments?.fulfillments).toEqual([
      expect.objectContaining({
        _id: expect.any(String),
        lineItems: [expect.objectContaining({ _id: lineId, quantity: 2 })],
        trackingInfo: expect.objectContaining({ trackingNumber: 'SDK-1', shippingProvider: 'fedex' }),
      }),
    ]);
    expect(listed.orderWithFulfillments?.fulfillments?.[0]?._createdDate).toBeInstanceOf(Date);

    const shopper = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { fulfillments } });
    await expect(shopper.fulfillments.listFulfillmentsForSingleOrder(orderId)).rejects.toMatchObject({
      status: 403,
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });
});

describe('coverage', () => {
  covers('listOrderFulfillments', 'getOrder');
  refuses('listOrderFulfillments');
  platform.coverageCase();
});
