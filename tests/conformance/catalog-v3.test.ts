/**
 * Conformance of the Catalog V3 reads (issue 38 point 5) on a V3 site: the catalog version (no generated client
 * installed: the request Inlay sends), and `getProduct` / `queryProducts` of the platform's generated V3 products
 * client (`@wix/auto_sdk_stores_products-v-3`) unmodified. The SDK's queryProducts sends `GET …/products/query?.r=`;
 * Inlay sends its long-query fallback, `POST …/products/query` with the same request as the body: the case sends that
 * POST with the very request the SDK encoded, and both answer the same products.
 */
import { describe, expect, it } from 'vitest';
import { createClient, OAuthStrategy } from '@wix/sdk';
import * as productsV3 from '@wix/auto_sdk_stores_products-v-3';
import { seedIds } from '../../emulator/seed.ts';
import { DEMO_CLIENT_ID, visitorTokens } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';

const platform = platformBoundary({ catalog: 'v3' });
const { covers } = platform;
const mug = seedIds.products['enamel-camp-mug']!;
const rucksack = seedIds.products['waxed-canvas-rucksack']!;
const visitor = () => createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { productsV3 } });

describe('catalog V3 (visitor)', () => {
  it('catalogVersion: GET /stores/v3/provision/version answers V3_CATALOG to a visitor token', async () => {
    const { access } = await visitorTokens(platform.emu);
    const res = await platform.platformFetch('/stores/v3/provision/version', { headers: { Authorization: access } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ catalogVersion: 'V3_CATALOG' });
  });

  it('getProduct with fields URL and CURRENCY', async () => {
    const product = await visitor().productsV3.getProduct(mug, { fields: ['URL', 'CURRENCY'] });
    expect(product).toMatchObject({ _id: mug, slug: 'enamel-camp-mug', currency: 'USD' });
    // the SDK reads the wire's `url: {relativePath, url}` into the page URL string
    expect(product.url).toMatch(/^https?:\/\/.+\/enamel-camp-mug$/);
    expect(product.actualPriceRange?.minValue).toEqual({ amount: '18', formattedAmount: '$18.00' });
  });

  it('queryProducts (GET …/query?.r=) and the same request as the POST fallback Inlay sends', async () => {
    const from = platform.exchanges.length;
    const page = await visitor()
      .productsV3.queryProducts({ fields: ['URL', 'CURRENCY', 'MIN_PRICE_VARIANT'] })
      .in('_id', [mug, rucksack])
      .limit(10)
      .find();
    expect(page.items.map((p) => p._id).sort()).toEqual([mug, rucksack].sort());
    const get = platform.exchanges
      .slice(from)
      .find((e) => e.method === 'GET' && e.path === '/stores/v3/products/query');
    expect(get?.status).toBe(200);
    const encoded = new URLSearchParams(get!.search).get('.r');
    expect(encoded, get!.search).toBeTruthy();
    const request = JSON.parse(Buffer.from(encoded!, 'base64url').toString('utf8')) as { query: unknown };
    expect(request).toMatchObject({ query: { filter: { id: { $in: [mug, rucksack] } } } });

    const { access } = await visitorTokens(platform.emu);
    const res = await platform.platformFetch('/stores/v3/products/query', {
      method: 'POST',
      headers: { Authorization: access, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { products: { id: string; currency?: string }[] };
    expect(body.products.map((p) => p.id).sort()).toEqual([mug, rucksack].sort());
    expect(body.products[0]!.currency).toBe('USD');
  });
});

describe('coverage', () => {
  covers('catalogVersion', 'getProductV3', 'queryProductsV3');
  platform.coverageCase();
});
