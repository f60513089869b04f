/**
 * Order activities as the platform's own generated client sends and reads them (issue 38; docs/wire.md "Order
 * activities and cancellation requests"): `@wix/auto_sdk_ecom_orders`'s public `addActivities` and
 * `bulkUpdateOrderTags`, run unmodified against the emulator (the platform's hosts rewritten at the fetch boundary,
 * the request passed on untouched), as the site's app (`AppStrategy`, client_credentials) and as a visitor.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import * as orders from '@wix/auto_sdk_ecom_orders';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { seedIds } from '../../emulator/seed.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import { DEMO_CLIENT_ID, payCheckout } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;
let emu: RunningEmulator;
let orderId: string;

beforeAll(async () => {
  emu = platform.emu;
  const shopper = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { currentCart } });
  shopper.auth.setTokens(await shopper.auth.generateVisitorTokens());
  await shopper.currentCart.addToCurrentCart({
    lineItems: [
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: seedIds.products['folding-camp-stool']! },
        quantity: 1,
      },
    ],
  });
  const { checkoutId } = await shopper.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
  orderId = await payCheckout(emu, shopper.auth.getTokens().accessToken.value, checkoutId!);
});
const app = () =>
  createClient({
    auth: AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: emu.clientSecret, instanceId: SITE_ID }),
    modules: { orders },
  });

describe('addActivities (public; merchant comments only)', () => {
  it('adds merchant comments: the path, the body and the answer as the generated client has them', async () => {
    const admin = app();
    const since = platform.exchanges.length;
    const r = await admin.orders.addActivities(orderId, {
      orderActivities: [
        { activityType: 'MERCHANT_COMMENT', merchantComment: { message: 'Cancellation requested by the buyer: late' } },
        { activityType: 'MERCHANT_COMMENT', merchantComment: { message: 'second' } },
      ],
    });
    const call = platform.exchanges.slice(since).find((e) => e.path.endsWith('/activities/add'));
    expect(`${call?.method} ${call?.path}`).toBe(`POST /ecom/v1/orders/${orderId}/activities/add`);
    expect(call?.body).toMatchObject({ orderId, orderActivities: [expect.any(Object), expect.any(Object)] });
    expect(r.activityIds).toEqual([expect.any(String), expect.any(String)]);
    // the answer as the SDK turns it (`id` → `_id`, `createdDate` → `_createdDate` as a Date)
    const added = r.order?.activities?.filter((a) => r.activityIds!.includes(a._id!)) ?? [];
    expect(added.map((a) => [a.type, a.merchantComment?.message])).toEqual([
      ['MERCHANT_COMMENT', 'Cancellation requested by the buyer: late'],
      ['MERCHANT_COMMENT', 'second'],
    ]);
    expect(added[0]?._createdDate).toBeInstanceOf(Date);
    expect(r.order?._id).toBe(orderId);
    const again = await admin.orders.getOrder(orderId);
    expect(again.activities?.filter((a) => r.activityIds!.includes(a._id!))).toHaveLength(2);
  });

  it('refuses any other activity type, a system activity and an empty list (validation errors), nothing added', async () => {
    const admin = app();
    const count = async () => (await admin.orders.getOrder(orderId)).activities?.length;
    const before = await count();
    const refusals = [
      { orderActivities: [{ activityType: 'ORDER_PAID' as const, merchantComment: { message: 'x' } }] },
      { orderActivities: [{ activityType: 'MERCHANT_COMMENT' as const, orderRefunded: { manual: true } }] },
      { orderActivities: [] },
    ];
    for (const options of refusals)
      await expect(admin.orders.addActivities(orderId, options), JSON.stringify(options)).rejects.toMatchObject({
        details: { validationError: { fieldViolations: expect.any(Array) } },
      });
    expect(await count()).toBe(before);
  });

  it('refuses a visitor (403) and an unknown order (404)', async () => {
    const visitor = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { orders } });
    visitor.auth.setTokens(await visitor.auth.generateVisitorTokens());
    const comment = {
      orderActivities: [{ activityType: 'MERCHANT_COMMENT' as const, merchantComment: { message: 'x' } }],
    };
    await expect(visitor.orders.addActivities(orderId, comment)).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
    await expect(app().orders.addActivities('00000000-0000-4000-8000-000000000000', comment)).rejects.toMatchObject({
      details: { applicationError: { code: 'ORDER_NOT_FOUND' } },
    });
  });

  it('bulkUpdateOrderTags (public): the private tag a cancellation request carries, assigned then removed', async () => {
    const admin = app();
    const on = await admin.orders.bulkUpdateOrderTags([orderId], {
      assignTags: { privateTags: { tagIds: ['cancellation-requested'] } },
    });
    expect(on.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 0 });
    expect((await admin.orders.getOrder(orderId)).tags?.privateTags?.tagIds).toContain('cancellation-requested');
    await admin.orders.bulkUpdateOrderTags([orderId], {
      unassignTags: { privateTags: { tagIds: ['cancellation-requested'] } },
    });
    expect((await admin.orders.getOrder(orderId)).tags?.privateTags?.tagIds ?? []).not.toContain(
      'cancellation-requested',
    );
  });
});

describe('coverage', () => {
  covers('addOrderActivities', 'bulkUpdateOrderTags', 'getOrder');
  refuses('addOrderActivities');
  platform.coverageCase();
});
