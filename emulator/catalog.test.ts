import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PRODUCTS_COLLECTION_ID, DEFAULT_VARIANT_ID } from './domain/catalog.ts';
import { SEED_COLLECTIONS, SEED_PRODUCTS, seedIds, seedVariantId } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import {
  adminToken,
  api,
  memberTokens,
  rawRequest,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';

const QUERY = '/stores-reader/v1/products/query';

describe('stores-reader catalog', () => {
  let emu: RunningEmulator;
  let token: string;
  const query = (body: unknown) => api(emu, QUERY, { body, token });

  beforeAll(async () => {
    emu = await startTestEmulator();
    token = (await visitorTokens(emu)).access;
  });
  afterAll(() => emu.close());

  it('seeds a realistic store: 14 products in 5 collections', () => {
    expect(SEED_PRODUCTS).toHaveLength(14);
    expect(SEED_COLLECTIONS).toHaveLength(5);
    expect(seedIds.products['enamel-camp-mug']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('needs a token', async () => {
    expect((await api(emu, QUERY, { body: {} })).status).toBe(401);
    expect((await api(emu, `/stores-reader/v1/products/${seedIds.products['camp-lantern']}`)).status).toBe(401);
    expect((await api(emu, '/stores-reader/v1/collections/query', { body: {} })).status).toBe(401);
  });

  it('lists every product with metadata and totalResults, in numericId order by default', async () => {
    const r = await query({});
    expect(r.status).toBe(200);
    expect(r.json.products).toHaveLength(14);
    expect(r.json.metadata).toEqual({ items: 14, offset: 0 });
    expect(r.json.totalResults).toBe(14);
    expect(r.json.products.map((p: { id: string }) => p.id)).toEqual(SEED_PRODUCTS.map((p) => p.id));
    expect(r.json.products[0].variants).toBeUndefined();
  });

  it('builds the V1 product shape with absolute image URLs', async () => {
    const r = await query({ query: { filter: JSON.stringify({ slug: 'enamel-camp-mug' }) }, includeVariants: true });
    const [p] = r.json.products;
    expect(p).toMatchObject({
      id: seedIds.products['enamel-camp-mug'],
      name: 'Enamel Camp Mug',
      slug: 'enamel-camp-mug',
      visible: true,
      productType: 'physical',
      sku: 'FW-MUG',
      numericId: '1001',
      manageVariants: true,
      stock: { trackInventory: true, quantity: 36, inStock: true, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' },
      priceData: {
        currency: 'USD',
        price: 18,
        discountedPrice: 18,
        formatted: { price: '$18.00', discountedPrice: '$18.00' },
      },
      priceRange: { minValue: 18, maxValue: 18 },
      productPageUrl: { base: 'http://127.0.0.1:5173/', path: '/product-page/enamel-camp-mug' },
    });
    expect(p.price).toEqual(p.priceData);
    expect(p.convertedPriceData).toEqual(p.priceData);
    expect(p.collectionIds).toEqual([
      ALL_PRODUCTS_COLLECTION_ID,
      seedIds.collections['kitchen'],
      seedIds.collections['outdoor'],
    ]);
    expect(p.media.mainMedia.image.url).toBe(`${emu.url}/media/enamel-camp-mug--forest.svg`);
    expect(p.media.mainMedia).toMatchObject({
      mediaType: 'image',
      image: { width: 800, height: 800 },
      thumbnail: { width: 50, height: 50 },
    });
    expect(p.media.items).toHaveLength(3);
    const [color] = p.productOptions;
    expect(color.optionType).toBe('color');
    expect(color.choices.map((c: { description: string; inStock: boolean }) => [c.description, c.inStock])).toEqual([
      ['Forest', true],
      ['Cream', true],
      ['Navy', false],
    ]);
    expect(color.choices[0]).toMatchObject({
      value: '#2f5d46',
      visible: true,
      media: { mainMedia: { id: 'enamel-camp-mug--forest.svg' } },
    });
    expect(p.variants).toHaveLength(3);
    const navy = p.variants.find((v: { choices: Record<string, string> }) => v.choices['Color'] === 'Navy');
    expect(navy).toMatchObject({
      id: seedVariantId('enamel-camp-mug', { Color: 'Navy' }),
      variant: { sku: 'FW-MUG-NVY', visible: true, priceData: { price: 18 } },
      stock: { trackQuantity: true, quantity: 0, inStock: false },
    });
  });

  it('gives variants their own prices and a price range', async () => {
    const r = await api(emu, `/stores-reader/v1/products/${seedIds.products['cast-iron-skillet']}`, { token });
    expect(r.status).toBe(200);
    const p = r.json.product;
    expect(p.priceRange).toEqual({ minValue: 34, maxValue: 54 });
    expect(
      p.variants.map(
        (v: { variant: { priceData: { formatted: { price: string } } } }) => v.variant.priceData.formatted.price,
      ),
    ).toEqual(['$34.00', '$42.00', '$54.00']);
    expect(p.variants[2].stock).toEqual({ trackQuantity: true, quantity: 2, inStock: true });
    expect(p.ribbon).toBe('Bestseller');
  });

  it('covers the stock cases: sold out, limited, untracked, discounted', async () => {
    const r = await query({
      query: {
        filter: JSON.stringify({
          slug: { $in: ['waxed-canvas-rucksack', 'camp-lantern', 'beeswax-taper-candles', 'maple-cutting-board'] },
        }),
      },
      includeVariants: true,
    });
    const bySlug = Object.fromEntries(r.json.products.map((p: { slug: string }) => [p.slug, p]));
    expect(bySlug['waxed-canvas-rucksack'].stock).toEqual({
      trackInventory: true,
      quantity: 0,
      inStock: false,
      inventoryStatus: 'OUT_OF_STOCK',
    });
    expect(bySlug['camp-lantern'].stock).toEqual({
      trackInventory: true,
      quantity: 3,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
    });
    expect(bySlug['camp-lantern'].variants).toEqual([
      expect.objectContaining({
        id: DEFAULT_VARIANT_ID,
        choices: {},
        stock: { trackQuantity: true, quantity: 3, inStock: true },
      }),
    ]);
    expect(bySlug['beeswax-taper-candles'].stock).toEqual({
      trackInventory: false,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
    });
    expect(bySlug['maple-cutting-board'].priceData).toMatchObject({
      price: 46,
      discountedPrice: 39,
      formatted: { price: '$46.00', discountedPrice: '$39.00' },
    });
    expect(bySlug['maple-cutting-board'].ribbon).toBe('Sale');
  });

  it('filters by id with $hasSome and by collection', async () => {
    const ids = [seedIds.products['camp-lantern'], seedIds.products['linen-apron']];
    const r = await query({ query: { filter: JSON.stringify({ id: { $hasSome: ids } }) } });
    expect(r.json.products.map((p: { id: string }) => p.id).sort()).toEqual([...ids].sort());

    const garden = await query({
      query: { filter: JSON.stringify({ 'collections.id': { $hasSome: [seedIds.collections['garden']] } }) },
    });
    expect(garden.json.products.map((p: { slug: string }) => p.slug)).toEqual([
      'ceramic-planter',
      'copper-watering-can',
    ]);
    expect(garden.json.totalResults).toBe(2);
  });

  it('filters by name ($eq, $startsWith), price range, and accepts a filter object', async () => {
    const eq = await query({ query: { filter: JSON.stringify({ name: { $eq: 'Camp Lantern' } }) } });
    expect(eq.json.products.map((p: { slug: string }) => p.slug)).toEqual(['camp-lantern']);
    const starts = await query({ query: { filter: { name: { $startsWith: 'waxed' } } } });
    expect(starts.json.totalResults).toBe(2);
    const cheap = await query({ query: { filter: JSON.stringify({ price: { $lt: 20 } }) } });
    expect(cheap.json.products.map((p: { slug: string }) => p.slug).sort()).toEqual([
      'enamel-camp-mug',
      'waffle-cotton-towel',
    ]);
  });

  it('sorts by name, price and numericId', async () => {
    const byName = await query({ query: { sort: JSON.stringify([{ name: 'asc' }]) } });
    const names = byName.json.products.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const byPrice = await query({ query: { sort: JSON.stringify([{ price: 'desc' }]) } });
    expect(byPrice.json.products[0].slug).toBe('waxed-canvas-rucksack');
    const byId = await query({ query: { sort: '[{"numericId":"desc"}]' } });
    expect(byId.json.products[0].numericId).toBe('1014');
  });

  it('pages with limit and offset', async () => {
    const r = await query({ query: { paging: { limit: 5, offset: 10 } } });
    expect(r.json.products).toHaveLength(4);
    expect(r.json.metadata).toEqual({ items: 4, offset: 10 });
    expect(r.json.totalResults).toBe(14);
    expect(r.json.products[0].numericId).toBe('1011');
  });

  it('refuses bad queries with field violations', async () => {
    const limit = await query({ query: { paging: { limit: 101 } } });
    expect(limit.status).toBe(400);
    expect(limit.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.paging.limit',
      violatedRule: 'MAX',
      data: { threshold: 100 },
    });
    const badJson = await query({ query: { filter: '{nope' } });
    expect(badJson.status).toBe(400);
    expect(badJson.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.filter',
      violatedRule: 'FORMAT',
    });
    const badField = await query({ query: { filter: JSON.stringify({ color: 'red' }) } });
    expect(badField.status).toBe(400);
    expect(badField.json.details.validationError.fieldViolations[0].field).toBe('query.filter');
    const badSort = await query({ query: { sort: JSON.stringify([{ name: 'sideways' }]) } });
    expect(badSort.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.sort',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    const wrongType = await query({ includeVariants: 'yes' });
    expect(wrongType.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'includeVariants',
      violatedRule: 'VALIDATION',
    });
  });

  it('takes filter and sort field names from the allow-list only: Object.prototype members are unknown fields (400, never 500)', async () => {
    const names = [
      '__proto__',
      'constructor',
      'prototype',
      'valueOf',
      'hasOwnProperty',
      'toString',
      'isPrototypeOf',
      'toLocaleString',
      '__defineGetter__',
      '__lookupGetter__',
    ];
    for (const name of names) {
      // JSON text, so `__proto__` is a real key and not the literal's prototype
      const filter = await query({ query: { filter: `{${JSON.stringify(name)}:1}` } });
      expect(filter.status, `filter ${name}`).toBe(400);
      expect(filter.json.details.validationError.fieldViolations[0].violatedRule, `filter ${name}`).toMatch(
        /^(VALIDATION|FIELD_NOT_ALLOWED)$/,
      );
      const nested = await query({
        query: {
          filter: JSON.stringify({
            $and: [{ name: 'x' }, { $not: { [name === '__proto__' ? 'valueOf' : name]: { $eq: 1 } } }],
          }),
        },
      });
      expect(nested.status, `nested ${name}`).toBe(400);
      for (const sort of [`[{${JSON.stringify(name)}:"asc"}]`, JSON.stringify([{ fieldName: name, order: 'ASC' }])]) {
        const r = await query({ query: { sort } });
        expect(r.status, `sort ${sort}`).toBe(400);
      }
      const collections = await api(emu, '/stores-reader/v1/collections/query', {
        token,
        body: { query: { filter: `{${JSON.stringify(name)}:1}`, sort: `[{${JSON.stringify(name)}:"asc"}]` } },
      });
      expect(collections.status, `collections ${name}`).toBe(400);
    }
    const unknown = await query({ query: { filter: JSON.stringify({ valueOf: 1 }) } });
    expect(unknown.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.filter',
      description: expect.stringMatching(/^unsupported filter field valueOf/),
    });
    // a filter matching no product is still checked
    expect(
      (await query({ query: { filter: JSON.stringify({ $and: [{ id: 'none' }, { toString: 1 }] }) } })).status,
    ).toBe(400);
  });

  it('refuses filters nested deeper than 32 levels with 400 (a 20 000-deep $not was a stack overflow)', async () => {
    const deep = (n: number) => `${'{"$not":'.repeat(n)}{"name":"x"}${'}'.repeat(n)}`;
    const asObject = await api(emu, QUERY, { token, body: `{"query":{"filter":${deep(20_000)}}}` });
    expect(asObject.status).toBe(400);
    expect(asObject.json.details.validationError.fieldViolations[0]).toMatchObject({
      violatedRule: 'VALIDATION',
      data: { maxDepth: 32 },
    });
    expect(asObject.json.details.validationError.fieldViolations[0].field).toMatch(/^query\.filter(\.\$not)+$/);
    const asString = await query({ query: { filter: deep(40) } });
    expect(asString.status).toBe(400);
    expect(asString.json.details.validationError.fieldViolations[0]).toMatchObject({ data: { maxDepth: 32 } });
    expect((await query({ query: { filter: deep(20) } })).status).toBe(200);
  });

  it('refuses prototype-named keys anywhere in the body with 400 naming the field', async () => {
    const r = await api(emu, QUERY, { token, body: '{"query":{"paging":{"limit":5,"__proto__":{"json":"pwned"}}}}' });
    expect(r.status).toBe(400);
    expect(r.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.paging.__proto__',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    const c = await api(emu, QUERY, {
      token,
      body: '{"includeVariants":true,"constructor":{"prototype":{"json":"pwned"}}}',
    });
    expect(c.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'constructor',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect(({} as Record<string, unknown>)['json']).toBeUndefined();
  });

  it('refuses comparison operators on objects and sort orders that are not strings', async () => {
    const gt = await query({ query: { filter: JSON.stringify({ price: { $gt: { x: 1 } } }) } });
    expect(gt.status).toBe(400);
    expect(gt.json.details.validationError.fieldViolations[0].description).toMatch(/needs a string, number or boolean/);
    const order = await query({ query: { sort: JSON.stringify([{ fieldName: 'name', order: { x: 1 } }]) } });
    expect(order.status).toBe(400);
  });

  it('answers an unknown product id with a 404 platform error', async () => {
    const r = await api(emu, '/stores-reader/v1/products/00000000-dead-beef-0000-000000000000', { token });
    expect(r.status).toBe(404);
    expect(r.json.details.applicationError.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('hides invisible products from visitors and members (the OWNER role too), not from an admin identity', async () => {
    const id = seedIds.products['folding-camp-stool'] as string;
    emu.db.prepare('UPDATE products SET visible = 0 WHERE id = ?').run(id);
    try {
      expect((await query({})).json.totalResults).toBe(13);
      expect((await api(emu, `/stores-reader/v1/products/${id}`, { token })).status).toBe(404);
      // a member with the OWNER role is a shopper here: admin power comes only from an admin identity
      const owner = (await memberTokens(emu, 'owner')).access;
      expect((await api(emu, QUERY, { body: {}, token: owner })).json.totalResults).toBe(13);
      expect((await api(emu, `/stores-reader/v1/products/${id}`, { token: owner })).status).toBe(404);
      const admin = await adminToken(emu);
      expect((await api(emu, QUERY, { body: {}, token: admin })).json.totalResults).toBe(14);
      expect((await api(emu, `/stores-reader/v1/products/${id}`, { token: admin })).status).toBe(200);
    } finally {
      emu.db.prepare('UPDATE products SET visible = 1 WHERE id = ?').run(id);
    }
  });

  it('lists collections with counts and media, All Products first', async () => {
    const r = await api(emu, '/stores-reader/v1/collections/query', { body: {}, token });
    expect(r.status).toBe(200);
    expect(r.json.totalResults).toBe(6);
    expect(r.json.collections[0]).toMatchObject({
      id: ALL_PRODUCTS_COLLECTION_ID,
      slug: 'all-products',
      numberOfProducts: 14,
    });
    const outdoor = r.json.collections.find((c: { slug: string }) => c.slug === 'outdoor');
    expect(outdoor).toMatchObject({
      id: seedIds.collections['outdoor'],
      name: 'Outdoor & Camp',
      visible: true,
      numberOfProducts: 5,
    });
    expect(outdoor.media.mainMedia.image.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.svg$/);
    const filtered = await api(emu, '/stores-reader/v1/collections/query', {
      body: { query: { filter: '{"slug":"garden"}' } },
      token,
    });
    expect(filtered.json.collections.map((c: { slug: string }) => c.slug)).toEqual(['garden']);
  });

  it('gets a collection by slug and by id, 404 when unknown', async () => {
    const bySlug = await api(emu, '/stores-reader/v1/collections/slug/candles-light', { token });
    expect(bySlug.status).toBe(200);
    expect(bySlug.json.collection).toMatchObject({ name: 'Candles & Light', numberOfProducts: 3 });
    const byId = await api(emu, `/stores-reader/v1/collections/${seedIds.collections['kitchen']}`, { token });
    expect(byId.json.collection.slug).toBe('kitchen');
    const missing = await api(emu, '/stores-reader/v1/collections/slug/nope', { token });
    expect(missing.status).toBe(404);
    expect(missing.json.details.applicationError.code).toBe('COLLECTION_NOT_FOUND');
  });

  it('builds image URLs from the Host the caller used', async () => {
    const r = await rawRequest(emu.url, QUERY, {
      method: 'POST',
      headers: { Host: `shop.test:${emu.port}`, Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: { filter: '{"slug":"camp-lantern"}' } }),
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).products[0].media.mainMedia.image.url).toBe(
      `http://shop.test:${emu.port}/media/camp-lantern.svg`,
    );
  });
});
