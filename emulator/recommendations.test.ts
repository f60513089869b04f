import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { ALGORITHMS, type SaleLine } from './domain/recommendations.ts';
import { seedIds } from './seed.ts';
import { api, placeOrder, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import { seedVariantId } from './seed.ts';
import type { RunningEmulator } from './server.ts';

let emu: RunningEmulator;
let token: string;
const P = seedIds.products as Record<string, string>;
const slugOf = (id: string) => Object.entries(P).find(([, v]) => v === id)?.[0];
const algo = (key: string) => ALGORITHMS.find((a) => a.key === key)!;
const ref = (slug: string) => ({ appId: STORES_APP_ID, catalogItemId: P[slug]! });

// Orders come from the commerce module; here a fixed set of sales stands in for them, through the same hook.
const sales: SaleLine[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
  emu.app.salesSources.push(() => sales);
  token = (await visitorTokens(emu)).access;
});
afterAll(() => emu.close());

const get = (body: unknown) => api(emu, '/v1/recommendations/get', { token, body });

describe('recommendations', () => {
  it('lists the Stores algorithms on both paths', async () => {
    for (const path of ['/v1/recommendations/algorithms', '/ecom/v1/recommendations/algorithms']) {
      const r = await api(emu, path, { token });
      expect(r.status).toBe(200);
      expect(
        r.json.availableAlgorithms.map((a: { config: { name: string; algorithmType: string } }) => [
          a.config.name,
          a.config.algorithmType,
        ]),
      ).toEqual([
        ['From the same categories', 'RELATED_ITEMS'],
        ['Frequently bought together', 'RELATED_ITEMS'],
        ['Best sellers', 'GLOBAL'],
      ]);
      expect(r.json.availableAlgorithms[0]).toMatchObject({ appId: STORES_APP_ID, catalogAppIds: [STORES_APP_ID] });
    }
  });

  it('from the same categories: most shared categories first, then catalog order, never the item itself', async () => {
    const r = await get({
      algorithms: [{ id: algo('same-categories').id, appId: STORES_APP_ID }],
      items: [ref('enamel-camp-mug')],
    });
    expect(r.json.recommendation.algorithm.id).toBe(algo('same-categories').id);
    expect(r.json.recommendation.items.map((i: { catalogItemId: string }) => slugOf(i.catalogItemId))).toEqual([
      'cast-iron-skillet',
      'linen-apron',
      'maple-cutting-board',
      'camp-lantern',
      'waxed-canvas-tote',
      'waxed-canvas-rucksack',
      'folding-camp-stool',
    ]);
    // two items: the lantern shares outdoor with the mug and candles with the candle
    const two = await get({
      algorithms: [{ id: algo('same-categories').id, appId: STORES_APP_ID }],
      items: [ref('enamel-camp-mug'), ref('beeswax-taper-candles')],
    });
    expect(slugOf(two.json.recommendation.items[0].catalogItemId)).toBe('camp-lantern');
  });

  it('bought together and best sellers follow the orders', async () => {
    const bt = { id: algo('bought-together').id, appId: STORES_APP_ID };
    const bs = { id: algo('best-sellers').id, appId: STORES_APP_ID };
    expect((await get({ algorithms: [bs] })).json.recommendation.items).toEqual([]);
    sales.push(
      { orderId: 'o1', productId: P['enamel-camp-mug']!, quantity: 2 },
      { orderId: 'o1', productId: P['camp-lantern']!, quantity: 1 },
      { orderId: 'o2', productId: P['enamel-camp-mug']!, quantity: 1 },
      { orderId: 'o2', productId: P['camp-lantern']!, quantity: 1 },
      { orderId: 'o2', productId: P['folding-camp-stool']!, quantity: 4 },
      { orderId: 'o3', productId: P['ceramic-planter']!, quantity: 1 },
    );
    const together = await get({ algorithms: [bt], items: [ref('enamel-camp-mug')] });
    expect(together.json.recommendation.items.map((i: { catalogItemId: string }) => slugOf(i.catalogItemId))).toEqual([
      'camp-lantern',
      'folding-camp-stool',
    ]);
    const best = await get({ algorithms: [bs] });
    expect(best.json.recommendation.items.map((i: { catalogItemId: string }) => slugOf(i.catalogItemId))).toEqual([
      'folding-camp-stool',
      'enamel-camp-mug',
      'camp-lantern',
      'ceramic-planter',
    ]);
    sales.length = 0;
  });

  it('real orders (cart → checkout → hosted payment) change bought together and best sellers', async () => {
    const bt = { id: algo('bought-together').id, appId: STORES_APP_ID };
    const bs = { id: algo('best-sellers').id, appId: STORES_APP_ID };
    const names = async (body: unknown) =>
      ((await get(body)).json.recommendation.items as { catalogItemId: string }[]).map((i) => slugOf(i.catalogItemId));
    const stock = (slug: string) =>
      emu.db
        .prepare<[string], { q: number }>('SELECT SUM(quantity) AS q FROM product_variants WHERE product_id = ?')
        .get(P[slug]!)!.q;
    expect(await names({ algorithms: [bs] })).toEqual([]);
    expect(await names({ algorithms: [bt], items: [ref('maple-cutting-board')] })).toEqual([]);
    const [stool, lantern] = [stock('folding-camp-stool'), stock('camp-lantern')];
    const mug = { productId: P['enamel-camp-mug']!, variantId: seedVariantId('enamel-camp-mug', { Color: 'Forest' }) };
    await placeOrder(emu, [
      { productId: P['maple-cutting-board']!, quantity: 1 },
      { productId: P['camp-lantern']!, quantity: 1 },
    ]);
    await placeOrder(emu, [
      { productId: P['maple-cutting-board']!, quantity: 1 },
      { ...mug, quantity: 3 },
    ]);
    // products without options share the default variant id: an order takes stock from its own product only
    expect([stock('camp-lantern'), stock('folding-camp-stool')]).toEqual([lantern - 1, stool]);
    expect(await names({ algorithms: [bt], items: [ref('maple-cutting-board')] })).toEqual([
      'enamel-camp-mug',
      'camp-lantern',
    ]);
    expect(await names({ algorithms: [bt], items: [ref('camp-lantern')] })).toEqual(['maple-cutting-board']);
    expect(await names({ algorithms: [bs] })).toEqual(['enamel-camp-mug', 'maple-cutting-board', 'camp-lantern']);
    // one more order moves the cutting board up
    await placeOrder(emu, [{ productId: P['maple-cutting-board']!, quantity: 5 }]);
    expect(await names({ algorithms: [bs] })).toEqual(['maple-cutting-board', 'enamel-camp-mug', 'camp-lantern']);
  });

  it('falls back to the next algorithm when one finds fewer than the minimum', async () => {
    const r = await get({
      algorithms: [
        { id: algo('bought-together').id, appId: STORES_APP_ID },
        { id: algo('same-categories').id, appId: STORES_APP_ID },
      ],
      items: [ref('enamel-camp-mug')],
      minimumRecommendedItems: 4,
    });
    expect(r.json.recommendation.algorithm.id).toBe(algo('same-categories').id);
    expect(r.json.recommendation.items.length).toBeGreaterThanOrEqual(4);
  });

  it('answers bad input in the platform format', async () => {
    expect((await get({ algorithms: [] })).status).toBe(400);
    const unknown = await get({ algorithms: [{ id: 'nope', appId: STORES_APP_ID }] });
    expect([unknown.status, unknown.json.details.applicationError.code]).toEqual([400, 'ALGORITHM_NOT_SUPPORTED']);
    const provider = await get({ algorithms: [{ id: algo('best-sellers').id, appId: 'other-app' }] });
    expect(provider.json.details.applicationError.code).toBe('RECOMMENDATIONS_PROVIDER_NOT_FOUND');
    const itemApp = await get({
      algorithms: [{ id: algo('same-categories').id, appId: STORES_APP_ID }],
      items: [{ appId: 'x', catalogItemId: 'y' }],
    });
    expect(itemApp.json.details.applicationError.code).toBe('ITEM_APP_ID_NOT_SUPPORTED');
    const noItems = await get({ algorithms: [{ id: algo('same-categories').id, appId: STORES_APP_ID }] });
    expect(noItems.status).toBe(400);
    expect(noItems.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'items',
      violatedRule: 'REQUIRED_FIELD',
    });
    expect((await api(emu, '/v1/recommendations/get', { body: { algorithms: [] } })).status).toBe(401);
  });
});
