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
import { adminToken, DEMO_CLIENT_ID, placeOrder } from '../helpers/emulator.ts';
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

describe('order fulfillments: the rest of the service (issue 40)', () => {
  const adminOf = () =>
    createClient({
      auth: AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: platform.emu.clientSecret, instanceId: SITE_ID }),
      modules: { fulfillments, orders },
    });

  it('update (tracking edited, a derived link follows), delete (status back), list for many, bulk create', async () => {
    const admin = adminOf();
    const a = await placeOrder(platform.emu, [{ productId: tapers, quantity: 3 }]);
    const b = await placeOrder(platform.emu, [{ productId: tapers, quantity: 1 }]);
    const lineA = (await admin.orders.getOrder(a)).lineItems![0]!._id!;
    const made = await admin.fulfillments.createFulfillment(a, {
      lineItems: [{ _id: lineA, quantity: 1 }],
      trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'ups' },
    });
    expect(made.orderWithFulfillments?.fulfillments?.[0]?.trackingInfo?.trackingLink).toBe(
      'https://www.ups.com/track?tracknum=1Z999',
    );
    expect((await admin.orders.getOrder(a)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');

    const updated = await admin.fulfillments.updateFulfillment(
      { orderId: a, fulfillmentId: made.fulfillmentId! },
      { fulfillment: { trackingInfo: { trackingNumber: '1Z1000' } } },
    );
    expect(updated.fulfillments?.[0]?.trackingInfo).toEqual({
      trackingNumber: '1Z1000',
      shippingProvider: 'ups',
      trackingLink: 'https://www.ups.com/track?tracknum=1Z1000',
    });
    const types = (await admin.orders.getOrder(a)).activities!.map((x) => x.type);
    expect(types).toEqual(expect.arrayContaining(['TRACKING_NUMBER_ADDED', 'TRACKING_NUMBER_EDITED']));

    const many = await admin.fulfillments.listFulfillmentsForMultipleOrders([a, b]);
    expect(many.ordersWithFulfillments?.map((o) => [o.orderId, o.fulfillments?.length])).toEqual([
      [a, 1],
      [b, 0],
    ]);

    const lineB = (await admin.orders.getOrder(b)).lineItems![0]!._id!;
    const bulk = await admin.fulfillments.bulkCreateFulfillments([
      { orderId: b, fulfillments: [{ lineItems: [{ _id: lineB }] }] },
      { orderId: a, fulfillments: [{ lineItems: [{ _id: lineA, quantity: 9 }] }] },
    ]);
    expect(bulk.results?.map((r) => [r.itemMetadata?.originalIndex, r.itemMetadata?.success])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect((await admin.orders.getOrder(b)).fulfillmentStatus).toBe('FULFILLED');

    const gone = await admin.fulfillments.deleteFulfillment({ orderId: a, fulfillmentId: made.fulfillmentId! });
    expect(gone.orderWithFulfillments?.fulfillments).toEqual([]);
    expect((await admin.orders.getOrder(a)).fulfillmentStatus).toBe('NOT_FULFILLED');
  });

  it('a tracking number the order has already: TRACKING_NUMBER_ALREADY_EXISTS, as the client types it', async () => {
    const admin = adminOf();
    const id = await placeOrder(platform.emu, [{ productId: tapers, quantity: 2 }]);
    const line = (await admin.orders.getOrder(id)).lineItems![0]!._id!;
    const tracking = {
      trackingNumber: 'SAME-1',
      shippingProvider: 'Local courier',
      trackingLink: 'https://t.example/1',
    };
    await admin.fulfillments.createFulfillment(id, { lineItems: [{ _id: line, quantity: 1 }], trackingInfo: tracking });
    await expect(
      admin.fulfillments.createFulfillment(id, { lineItems: [{ _id: line, quantity: 1 }], trackingInfo: tracking }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'TRACKING_NUMBER_ALREADY_EXISTS' } } });
  });

  it('the shipping confirmation email (no generated method: the chosen path, raw through the boundary)', async () => {
    const admin = adminOf();
    const id = await placeOrder(platform.emu, [{ productId: tapers, quantity: 1 }]);
    const line = (await admin.orders.getOrder(id)).lineItems![0]!._id!;
    await admin.fulfillments.createFulfillment(id, { lineItems: [{ _id: line }] });
    const token = await adminToken(platform.emu);
    const res = await platform.platformFetch(`/ecom/v1/orders/${id}/send-buyer-shipping-confirmation-email`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: id }),
    });
    expect(res.status).toBe(200);
    const types = (await admin.orders.getOrder(id)).activities!.map((x) => x.type);
    expect(types).toContain('SHIPPING_CONFIRMATION_EMAIL_SENT');
  });
});

describe('coverage', () => {
  covers(
    'listOrderFulfillments',
    'getOrder',
    'updateFulfillment',
    'deleteFulfillment',
    'listFulfillmentsForOrders',
    'bulkCreateFulfillments',
    'sendShippingConfirmationEmail',
  );
  refuses('listOrderFulfillments');
  platform.coverageCase();
});
