/**
 * Conformance of the cart and back-in-stock calls sdk.test.ts does not reach (issue 38 point 5), through the
 * platform's generated clients unmodified: deleteCurrentCart (`@wix/auto_sdk_ecom_current-cart`) as a visitor, and
 * the count of open requests per catalog item (`@wix/auto_sdk_ecom_back-in-stock-notifications`), admin only.
 */
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as backInStock from '@wix/auto_sdk_ecom_back-in-stock-notifications';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { seedIds } from '../../emulator/seed.ts';
import { DEMO_CLIENT_ID } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;

const visitor = () =>
  createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { currentCart, backInStock } });
const rucksack = seedIds.products['waxed-canvas-rucksack']!;
const tapers = seedIds.products['beeswax-taper-candles']!;

describe('cart (visitor)', () => {
  it('deleteCurrentCart: the cart and its lines are gone; the next read is a new, empty cart', async () => {
    const shopper = visitor();
    const { cart } = await shopper.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: tapers }, quantity: 1 }],
    });
    await shopper.currentCart.deleteCurrentCart();
    const after = await shopper.currentCart.getCurrentCart();
    expect(after.lineItems).toEqual([]);
    expect(after._id).not.toBe(cart!._id);
  });
});

describe('back in stock: the count per catalog item (admin only)', () => {
  it('getBackInStockNotificationRequestsCountByCatalogReferences counts the open requests; a visitor is refused', async () => {
    const shopper = visitor();
    const ref = { appId: STORES_APP_ID, catalogItemId: rucksack };
    const count = async () => {
      const admin = createClient({
        auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }),
        modules: { backInStock },
      });
      const counts = (await admin.backInStock.getBackInStockNotificationRequestsCountByCatalogReferences([ref]))
        .countsPerCatalogReference!;
      expect(counts).toHaveLength(1);
      expect(counts[0]!.catalogReference).toMatchObject({ catalogItemId: rucksack });
      return counts[0]!.count ?? 0;
    };
    const before = await count();
    await shopper.backInStock.createBackInStockNotificationRequest(
      { catalogReference: ref, email: 'sdk-count@example.com' },
      { name: 'Waxed Canvas Rucksack', price: '148.00' },
    );
    expect(await count()).toBe(before + 1);
    await expect(
      shopper.backInStock.getBackInStockNotificationRequestsCountByCatalogReferences([ref]),
    ).rejects.toMatchObject({ status: 403, details: { applicationError: { code: 'PERMISSION_DENIED' } } });
  });
});

describe('coverage', () => {
  covers('addToCart', 'deleteCart', 'createStockRequest', 'countStockRequests');
  refuses('countStockRequests');
  platform.coverageCase();
});
