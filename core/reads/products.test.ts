import { describe, expect, it } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, memoryStorage, type Call } from '../../tests/helpers/fake-fetch.ts';
import { parseConfig } from '../config.ts';
import { catalogOf, productsByIds, productStore } from './products.ts';

/**
 * Both catalogs (docs/wire.md "Catalog V1 and V3"): the site's catalog is asked once per page (and kept across pages),
 * or forced with `data-catalog`; V3 answers are read in the one product shape the widgets use.
 */
const money = (amount: string) => ({ amount, formattedAmount: `$${amount}.00` });
const v3Mug = {
  id: 'mug',
  name: 'Mug',
  slug: 'mug',
  url: { relativePath: '/product-page/mug', url: 'https://shop.test/product-page/mug' },
  currency: 'USD',
  options: [{ id: 'o1', name: 'Color' }],
  actualPriceRange: { minValue: money('15'), maxValue: money('15') },
  compareAtPriceRange: { minValue: money('18'), maxValue: money('18') },
  inventory: { availabilityStatus: 'PARTIALLY_OUT_OF_STOCK' },
  media: {
    main: {
      id: 'm1',
      url: 'https://img.test/m.jpg',
      image: { id: 'm1', url: 'https://img.test/m.jpg', width: 4, height: 3 },
    },
  },
  variantsInfo: {
    variants: [
      {
        id: 'v1',
        price: { actualPrice: money('15'), compareAtPrice: money('18') },
        inventoryStatus: { inStock: true },
      },
      { id: 'v2', price: { actualPrice: money('15') }, inventoryStatus: { inStock: false } },
    ],
  },
  variantSummary: { variantCount: 2 },
};
const v3Lamp = {
  id: 'lamp',
  name: 'Lamp',
  slug: 'lamp',
  currency: 'USD',
  options: [],
  actualPriceRange: { minValue: money('64') },
  inventory: { availabilityStatus: 'OUT_OF_STOCK' },
  variantSummary: {
    variantCount: 1,
    minPriceVariant: { id: 'only', price: { actualPrice: money('64') }, inventoryStatus: { inStock: false } },
  },
};
const v1Mug = { id: 'mug', name: 'Mug', slug: 'mug', variants: [{ id: 'v1', stock: { inStock: true } }] };

function platform(version: string) {
  return fakeFetch((call: Call) => {
    const path = new URL(call.url).pathname;
    if (path === '/oauth2/token') return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
    if (path === '/stores/v3/provision/version') return json(200, { catalogVersion: version });
    if (path === '/stores/v3/products/mug') return json(200, { product: v3Mug });
    if (path === '/stores/v3/products/query') return json(200, { products: [v3Mug, v3Lamp] });
    if (path === '/stores-reader/v1/products/mug') return json(200, { product: v1Mug });
    if (path === '/stores-reader/v1/products/query') return json(200, { products: [v1Mug] });
    return json(404, { message: 'no route' });
  });
}
const paths = (calls: Call[]) =>
  calls.map((c) => `${c.method} ${new URL(c.url).pathname}`).filter((p) => !p.endsWith('/oauth2/token'));
const read = <T>(store: { subscribe: (f: (s: { data?: T; error?: unknown }) => void) => () => void }) =>
  new Promise<T>((resolve, reject) => {
    const off = store.subscribe((s) => {
      if (s.data) resolve(s.data);
      if (s.error) reject(s.error);
    });
    void Promise.resolve().then(() => off);
  });

describe('which catalog', () => {
  it('asks the platform once per page and keeps the answer across pages (it never changes back)', async () => {
    const net = platform('V3_CATALOG');
    const cacheStorage = memoryStorage();
    const { client } = testContext(net.fetch, {
      catalog: null,
      cacheStorage,
      tokenStorage: 'local',
      storage: memoryStorage(),
    });
    expect(await Promise.all([catalogOf(client), catalogOf(client)])).toEqual(['v3', 'v3']);
    expect(paths(net.calls)).toEqual(['GET /stores/v3/provision/version']);
    const again = testContext(net.fetch, {
      catalog: null,
      cacheStorage,
      tokenStorage: 'local',
      storage: memoryStorage(),
    });
    expect(await catalogOf(again.client)).toBe('v3');
  });

  it('V1_CATALOG (and anything but V3_CATALOG) reads V1', async () => {
    for (const version of ['V1_CATALOG', 'STORES_NOT_INSTALLED']) {
      const { client } = testContext(platform(version).fetch, { catalog: null });
      expect(await catalogOf(client)).toBe('v1');
    }
  });

  it('data-catalog forces it: nothing asked', async () => {
    const net = platform('V1_CATALOG');
    const { client } = testContext(net.fetch, { catalog: 'v3' });
    expect(await catalogOf(client)).toBe('v3');
    expect(paths(net.calls)).toEqual([]);
    expect(parseConfig({ clientId: 'c', catalog: 'v3' })).toMatchObject({ ok: true, config: { catalog: 'v3' } });
    expect(parseConfig({ clientId: 'c', catalog: 'v2' })).toEqual({
      ok: false,
      error: 'Invalid Inlay configuration: data-catalog must be v1 or v3',
    });
  });
});

describe('a V3 site', () => {
  it('one product: GET /stores/v3/products/{id} with URL and CURRENCY, in the widgets’ shape', async () => {
    const net = platform('V3_CATALOG');
    const { client } = testContext(net.fetch, { catalog: null });
    const p = await read(productStore(client, 'mug'));
    expect(paths(net.calls)).toEqual(['GET /stores/v3/provision/version', 'GET /stores/v3/products/mug']);
    expect(net.calls.at(-1)!.url).toContain('fields=URL&fields=CURRENCY');
    expect(p).toEqual({
      id: 'mug',
      name: 'Mug',
      slug: 'mug',
      productPageUrl: { base: 'https://shop.test/product-page/mug', path: '/product-page/mug' },
      productOptions: [{ name: 'Color' }],
      // a product read has no cheapest variant: its lowest price paid (each variant has its own below)
      priceData: {
        currency: 'USD',
        price: 15,
        discountedPrice: 15,
        formatted: { price: '$15.00', discountedPrice: '$15.00' },
      },
      stock: { inStock: true },
      media: { mainMedia: { id: 'm1', image: { id: 'm1', url: 'https://img.test/m.jpg', width: 4, height: 3 } } },
      variants: [
        {
          id: 'v1',
          variant: {
            priceData: {
              currency: 'USD',
              price: 18,
              discountedPrice: 15,
              formatted: { price: '$18.00', discountedPrice: '$15.00' },
            },
          },
          stock: { inStock: true },
        },
        {
          id: 'v2',
          variant: {
            priceData: {
              currency: 'USD',
              price: 15,
              discountedPrice: 15,
              formatted: { price: '$15.00', discountedPrice: '$15.00' },
            },
          },
          stock: { inStock: false },
        },
      ],
    });
  });

  it('several: one query by id with the cheapest variant; only a sole variant is listed (queries carry none)', async () => {
    const net = platform('V3_CATALOG');
    const { client } = testContext(net.fetch, { catalog: 'v3' });
    const [mug, lamp] = await productsByIds(client, ['lamp', 'mug']).then((ps) => [ps[1]!, ps[0]!] as const);
    expect(paths(net.calls)).toEqual(['POST /stores/v3/products/query']);
    expect(net.calls.at(-1)!.body).toEqual({
      query: { filter: { id: { $in: ['lamp', 'mug'] } }, cursorPaging: { limit: 2 } },
      fields: ['URL', 'CURRENCY', 'MIN_PRICE_VARIANT'],
    });
    expect(lamp.variants).toEqual([expect.objectContaining({ id: 'only', stock: { inStock: false } })]);
    expect(lamp.stock).toEqual({ inStock: false });
    expect(lamp.priceData).toEqual({
      currency: 'USD',
      price: 64,
      discountedPrice: 64,
      formatted: { price: '$64.00', discountedPrice: '$64.00' },
    });
    expect(lamp.productPageUrl).toBeUndefined();
    expect(mug.variants).toHaveLength(2); // (this fake's query answer had them: the mapping keeps what it is given)
  });

  it('an answer that is not a V3 product is a parse error, never a half-read product', async () => {
    const net = fakeFetch((call) =>
      call.url.endsWith('/oauth2/token')
        ? json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 })
        : json(200, {
            product: { id: 'mug', name: 'Mug', slug: 'mug', actualPriceRange: { minValue: { amount: 15 } } },
          }),
    );
    const { client } = testContext(net.fetch, { catalog: 'v3' });
    await expect(read(productStore(client, 'mug'))).rejects.toMatchObject({ kind: 'parse' });
  });
});

describe('a V1 site', () => {
  it('reads the V1 catalog reader, as before', async () => {
    const net = platform('V1_CATALOG');
    const { client } = testContext(net.fetch, { catalog: null });
    expect(await read(productStore(client, 'mug'))).toEqual(v1Mug);
    expect(await productsByIds(client, ['mug'])).toEqual([v1Mug]);
    expect(paths(net.calls)).toEqual([
      'GET /stores/v3/provision/version',
      'GET /stores-reader/v1/products/mug',
      'POST /stores-reader/v1/products/query',
    ]);
  });
});
