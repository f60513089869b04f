/**
 * Catalog V3 product reads and the catalog version (docs/wire.md "Catalog V1 and V3"): a V3 site serves
 * `/stores/v3/…` and refuses the V1 reader, a V1 site the other way round, both from the same SQLite catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { productV3Schema } from '../core/api/products-v3.ts';
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from './domain/catalog.ts';
import { seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { adminToken, api, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';

const QUERY = '/stores/v3/products/query';
const VERSION = '/stores/v3/provision/version';
const mug = seedIds.products['enamel-camp-mug']!;
const board = seedIds.products['maple-cutting-board']!;
const lantern = seedIds.products['camp-lantern']!;
const answer = z.object({ products: z.array(productV3Schema) });
const CATEGORIES = '/categories/v1/categories/query';
const TREE = { appNamespace: '@wix/stores', treeKey: null };
const ADD = '/ecom/v1/carts/current/add-to-cart';
const line = (catalogItemId: string, options?: Record<string, unknown>) => ({
  catalogReference: { appId: STORES_APP_ID, catalogItemId, ...(options ? { options } : {}) },
  quantity: 1,
});

describe('a V3 site', () => {
  let emu: RunningEmulator;
  let token: string;
  beforeAll(async () => {
    emu = await startTestEmulator({ catalog: 'v3' });
    token = (await visitorTokens(emu)).access;
  });
  afterAll(() => emu.close());

  it('says so, to any caller with a token', async () => {
    expect((await api(emu, VERSION, { token })).json).toEqual({ catalogVersion: 'V3_CATALOG' });
    expect((await api(emu, VERSION)).status).toBe(401);
  });

  it('refuses the V1 reader with 428 CATALOG_V3_SITE_CALLING_CATALOG_V1_API', async () => {
    for (const r of [
      await api(emu, `/stores-reader/v1/products/${mug}`, { token }),
      await api(emu, '/stores-reader/v1/products/query', { token, body: {} }),
      await api(emu, '/stores-reader/v1/collections/query', { token, body: {} }),
    ]) {
      expect(r.status).toBe(428);
      expect(r.json.details.applicationError.code).toBe('CATALOG_V3_SITE_CALLING_CATALOG_V1_API');
    }
  });

  it('get product: variants, decimal-string prices, inventory, the main image; URL and currency when asked', async () => {
    const r = await api(emu, `/stores/v3/products/${mug}?fields=URL&fields=CURRENCY`, { token });
    expect(r.status).toBe(200);
    const p = productV3Schema.parse(r.json.product);
    expect(p.currency).toBe('USD');
    expect(p.url?.relativePath).toBe('/product-page/enamel-camp-mug');
    expect(p.actualPriceRange?.minValue).toEqual({ amount: '18', formattedAmount: '$18.00' });
    expect(p.inventory?.availabilityStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    expect(p.variantsInfo?.variants).toHaveLength(3);
    expect(p.variantsInfo?.variants.map((v) => v.inventoryStatus?.inStock)).toEqual([true, true, false]);
    expect(p.media?.main?.image?.url).toMatch(/\/media\/enamel-camp-mug[-\w]*\.svg$/);
    expect(r.json.product.variantsInfo.variants[0].choices[0].optionChoiceNames).toMatchObject({
      optionName: 'Color',
      choiceName: 'Forest',
    });
    // without `fields`, neither
    const bare = await api(emu, `/stores/v3/products/${mug}`, { token });
    expect(bare.json.product.url).toBeUndefined();
    expect(bare.json.product.currency).toBeUndefined();
  });

  it('a discount: actualPrice is what is paid, compareAtPrice the price before it', async () => {
    const r = await api(emu, `/stores/v3/products/${board}`, { token });
    expect(r.json.product.variantsInfo.variants[0].price).toEqual({
      actualPrice: { amount: '39', formattedAmount: '$39.00' },
      compareAtPrice: { amount: '46', formattedAmount: '$46.00' },
    });
    expect(r.json.product.variantsInfo.variants[0].id).toBe(DEFAULT_VARIANT_ID);
  });

  it('query products by id: no variant data (the platform rule), their count and, asked, the cheapest', async () => {
    const r = await api(emu, QUERY, {
      token,
      body: { query: { filter: { id: { $in: [mug, lantern] } } }, fields: ['MIN_PRICE_VARIANT', 'CURRENCY'] },
    });
    expect(r.status).toBe(200);
    const { products } = answer.parse(r.json);
    expect(products.map((p) => p.id)).toEqual([mug, lantern]);
    expect(products.every((p) => p.variantsInfo === undefined)).toBe(true);
    expect(products.map((p) => p.variantSummary?.variantCount)).toEqual([3, 1]);
    expect(products[1]!.variantSummary?.minPriceVariant?.id).toBe(DEFAULT_VARIANT_ID);
    expect(r.json.pagingMetadata).toMatchObject({ count: 2, hasNext: false });
  });

  it('cursor paging carries the filter; the SDK GET `?.r=` form answers the same', async () => {
    const first = await api(emu, QUERY, { token, body: { query: { cursorPaging: { limit: 5 } } } });
    expect(first.json.products).toHaveLength(5);
    expect(first.json.pagingMetadata.hasNext).toBe(true);
    const next = await api(emu, QUERY, {
      token,
      body: { query: { cursorPaging: { limit: 5, cursor: first.json.pagingMetadata.cursors.next } } },
    });
    expect(next.json.products[0].id).not.toBe(first.json.products[0].id);
    const r = Buffer.from(JSON.stringify({ query: { filter: { id: { $in: [lantern] } } } })).toString('base64url');
    const sdk = await api(emu, `${QUERY}?.r=${r}`, { token });
    expect(sdk.json.products.map((p: { id: string }) => p.id)).toEqual([lantern]);
  });

  it('refuses what the platform refuses: no token, forged ids, foreign cursors, unknown fields, bad limits', async () => {
    expect((await api(emu, QUERY, { body: {} })).status).toBe(401);
    expect((await api(emu, `/stores/v3/products/${mug}`)).status).toBe(401);
    const missing = await api(emu, '/stores/v3/products/00000000-0000-0000-0000-00000000dead', { token });
    expect(missing.status).toBe(404);
    expect(missing.json.details.applicationError.code).toBe('PRODUCT_NOT_FOUND');
    const cursor = await api(emu, QUERY, { token, body: { query: { cursorPaging: { cursor: 'forged' } } } });
    expect(cursor.status).toBe(400);
    const field = await api(emu, QUERY, { token, body: { query: { filter: { 'secret.field': 'x' } } } });
    expect(field.status).toBe(400);
    const limit = await api(emu, QUERY, { token, body: { query: { cursorPaging: { limit: 1000 } } } });
    expect(limit.status).toBe(400);
    const proto = await api(emu, QUERY, { token, body: '{"query":{"filter":{"__proto__":{"id":"x"}}}}' });
    expect(proto.status).toBe(400);
  });

  it('a member reads too; hidden products only for an admin identity, never for the OWNER member role', async () => {
    const member = (await memberTokens(emu)).access;
    expect((await api(emu, `/stores/v3/products/${mug}`, { token: member })).status).toBe(200);
    emu.db.prepare('UPDATE products SET visible = 0 WHERE id = ?').run(mug);
    try {
      const owner = (await memberTokens(emu, 'owner')).access;
      expect((await api(emu, `/stores/v3/products/${mug}`, { token: owner })).status).toBe(404);
      expect((await api(emu, `/stores/v3/products/${mug}`, { token })).status).toBe(404);
      const admin = await adminToken(emu);
      expect((await api(emu, `/stores/v3/products/${mug}`, { token: admin })).status).toBe(200);
      const all = await api(emu, QUERY, { token: admin, body: {} });
      const seen = await api(emu, QUERY, { token: owner, body: {} });
      expect(all.json.products.length).toBe(seen.json.products.length + 1);
    } finally {
      emu.db.prepare('UPDATE products SET visible = 1 WHERE id = ?').run(mug);
    }
  });

  it('categories: the visible ones with their counts, cursor paging; products list theirs when asked', async () => {
    const r = await api(emu, CATEGORIES, { token, body: { treeReference: TREE } });
    expect(r.status).toBe(200);
    const cats = r.json.categories as { id: string; slug: string; itemCounter: number; visible: boolean }[];
    expect(cats.length).toBeGreaterThan(2);
    expect(cats.map((c) => c.slug)).not.toContain('all-products'); // a V1 idea, not a category
    expect(cats.every((c) => c.visible && c.itemCounter > 0)).toBe(true);
    const kitchen = cats.find((c) => c.slug === 'kitchen')!;
    const withCats = await api(emu, QUERY, { token, body: { fields: ['ALL_CATEGORIES_INFO', 'PLAIN_DESCRIPTION'] } });
    const inKitchen = (withCats.json.products as { allCategoriesInfo: { categories: { id: string }[] } }[]).filter(
      (p) => p.allCategoriesInfo.categories.some((c) => c.id === kitchen.id),
    );
    expect(inKitchen.length).toBe(kitchen.itemCounter);
    expect(typeof withCats.json.products[0].plainDescription).toBe('string');
    const plain = await api(emu, QUERY, { token, body: {} });
    expect(plain.json.products[0].allCategoriesInfo).toBeUndefined();
    expect(plain.json.products[0].plainDescription).toBeUndefined();
    const first = await api(emu, CATEGORIES, {
      token,
      body: { treeReference: TREE, query: { cursorPaging: { limit: 1 } } },
    });
    expect(first.json.categories).toHaveLength(1);
    const next = await api(emu, CATEGORIES, {
      token,
      body: { treeReference: TREE, query: { cursorPaging: { cursor: first.json.pagingMetadata.cursors.next } } },
    });
    expect(next.json.categories[0].id).toBe(cats[1]!.id);
  });

  it('categories refuse: no token, no or another tree, unknown filter fields; hidden ones only for an admin', async () => {
    expect((await api(emu, CATEGORIES, { body: { treeReference: TREE } })).status).toBe(401);
    expect((await api(emu, CATEGORIES, { token, body: {} })).status).toBe(400);
    expect((await api(emu, CATEGORIES, { token, body: { treeReference: { appNamespace: '@wix/blog' } } })).status).toBe(
      400,
    );
    const field = { treeReference: TREE, query: { filter: { 'secret.field': 1 } } };
    expect((await api(emu, CATEGORIES, { token, body: field })).status).toBe(400);
    const proto = '{"treeReference":{"appNamespace":"@wix/stores"},"query":{"filter":{"__proto__":{"x":1}}}}';
    expect((await api(emu, CATEGORIES, { token, body: proto })).status).toBe(400);
    emu.db.prepare("UPDATE collections SET visible = 0 WHERE slug = 'kitchen'").run();
    try {
      const asked = { treeReference: TREE, returnNonVisibleCategories: true };
      const slugs = async (t: string) =>
        ((await api(emu, CATEGORIES, { token: t, body: asked })).json.categories as { slug: string }[]).map(
          (c) => c.slug,
        );
      expect(await slugs(token)).not.toContain('kitchen');
      expect(await slugs((await memberTokens(emu, 'owner')).access)).not.toContain('kitchen');
      expect(await slugs(await adminToken(emu))).toContain('kitchen');
    } finally {
      emu.db.prepare("UPDATE collections SET visible = 1 WHERE slug = 'kitchen'").run();
    }
  });

  it('the cart wants the variant id on every line, even for a product with one variant', async () => {
    const bare = await api(emu, ADD, { token, body: { lineItems: [line(lantern)] } });
    expect(bare.status).toBe(400);
    expect(bare.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.options.variantId',
      violatedRule: 'REQUIRED_FIELD',
    });
    const byChoices = await api(emu, ADD, {
      token,
      body: { lineItems: [line(mug, { options: { Color: 'Forest' } })] },
    });
    expect(byChoices.status).toBe(400);
    const ok = await api(emu, ADD, { token, body: { lineItems: [line(lantern, { variantId: DEFAULT_VARIANT_ID })] } });
    expect(ok.status).toBe(200);
  });
});

describe('a V1 site', () => {
  let emu: RunningEmulator;
  let token: string;
  beforeAll(async () => {
    emu = await startTestEmulator({ catalog: 'v1' });
    token = (await visitorTokens(emu)).access;
  });
  afterAll(() => emu.close());

  it('says so, and refuses the V3 reads with 428 CATALOG_V1_SITE_CALLING_CATALOG_V3_API', async () => {
    expect((await api(emu, VERSION, { token })).json).toEqual({ catalogVersion: 'V1_CATALOG' });
    for (const r of [
      await api(emu, `/stores/v3/products/${mug}`, { token }),
      await api(emu, QUERY, { token, body: {} }),
      await api(emu, CATEGORIES, { token, body: { treeReference: TREE } }),
    ]) {
      expect(r.status).toBe(428);
      expect(r.json.details.applicationError.code).toBe('CATALOG_V1_SITE_CALLING_CATALOG_V3_API');
    }
    expect((await api(emu, `/stores-reader/v1/products/${mug}`, { token })).status).toBe(200);
    // a V1 site still resolves a line without a variant id (its only variant) or by its choices
    const bare = await api(emu, ADD, {
      token,
      body: { lineItems: [line(lantern), line(mug, { options: { Color: 'Forest' } })] },
    });
    expect(bare.status).toBe(200);
  });
});
