import { describe, expect, it } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';
import { loadRecommendations, preference } from './model.ts';

const algorithms = [
  { config: { name: 'From the same categories', algorithmType: 'RELATED_ITEMS', algorithmId: 'a-cat' }, appId: 'stores' },
  { config: { name: 'Frequently bought together', algorithmType: 'RELATED_ITEMS', algorithmId: 'a-bt' }, appId: 'stores' },
  { config: { name: 'Best sellers', algorithmType: 'GLOBAL', algorithmId: 'a-bs' }, appId: 'stores' },
] as const;
const product = (id: string) => ({ id, name: `P ${id}`, slug: id });

const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.endsWith('/v1/recommendations/algorithms')) return json(200, { availableAlgorithms: algorithms });
  if (call.url.endsWith('/v1/recommendations/get')) {
    return json(200, { recommendation: { items: ['p1', 'cur', 'p2', 'p3', 'cart', 'p4'].map((catalogItemId) => ({ appId: 'stores', catalogItemId })), algorithm: { id: 'a-bt', appId: 'stores' } } });
  }
  if (call.url.endsWith('/stores-reader/v1/products/query')) {
    const ids = (JSON.parse((call.body as { query: { filter: string } }).query.filter) as { id: { $hasSome: string[] } }).id.$hasSome;
    return json(200, { products: [...ids].reverse().map(product) }); // any order: the carousel keeps the recommendation's
  }
  return json(404, { message: 'no' });
});

const { client } = testContext(net.fetch, { clientId: 'c' });

describe('recommendations model', () => {
  it('prefers the chosen algorithm, then the ones that can fill in; global ones only without a product', () => {
    const all = algorithms as unknown as Parameters<typeof preference>[0];
    expect(preference(all, 'bought-together', true).map((a) => a.config.algorithmId)).toEqual(['a-bt', 'a-cat', 'a-bs']);
    expect(preference(all, 'related', true).map((a) => a.config.algorithmId)).toEqual(['a-cat', 'a-bs']);
    expect(preference(all, 'related', false).map((a) => a.config.algorithmId)).toEqual(['a-bs']);
  });

  it('one recommendation call and one catalog call; leaves out the current product and cart items; keeps the order', async () => {
    net.calls.length = 0;
    const items = await loadRecommendations(client, { productId: 'cur', algorithm: 'bought-together', limit: 3, exclude: new Set(['cart']) });
    expect(items.map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    const api = net.calls.filter((c) => !c.url.endsWith('/oauth2/token'));
    expect(api.map((c) => new URL(c.url).pathname)).toEqual(['/v1/recommendations/algorithms', '/v1/recommendations/get', '/stores-reader/v1/products/query']);
    expect(api[1]!.body).toEqual({
      algorithms: [{ id: 'a-bt', appId: 'stores' }, { id: 'a-cat', appId: 'stores' }, { id: 'a-bs', appId: 'stores' }],
      items: [{ appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', catalogItemId: 'cur' }],
      minimumRecommendedItems: 5, // 3 to show + the current product + one in the cart
    });
    // the algorithm list is fetched once per page
    net.calls.length = 0;
    await loadRecommendations(client, { algorithm: 'best-sellers', limit: 2, exclude: new Set() });
    expect(net.calls.filter((c) => c.url.endsWith('/algorithms'))).toHaveLength(0);
  });
});
