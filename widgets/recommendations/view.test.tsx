import { describe, expect, it, vi } from 'vitest';
import { cartOf } from '../../core/stores/current-cart.ts';
import { mountWidget } from '../../tests/helpers/mount.ts';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, memoryStorage, storedText } from '../../tests/helpers/fake-fetch.ts';
import { createRecommendationsModel } from './model.ts';

const net = fakeFetch((call) => {
  const path = new URL(call.url).pathname;
  if (path === '/oauth2/token') return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (path === '/v1/recommendations/algorithms')
    return json(200, {
      availableAlgorithms: [
        { config: { name: 'Best sellers', algorithmType: 'GLOBAL', algorithmId: 'a-bs' }, appId: 'stores' },
      ],
    });
  if (path === '/v1/recommendations/get')
    return json(200, {
      recommendation: {
        items: ['p1', 'p2'].map((catalogItemId) => ({ appId: 'stores', catalogItemId })),
        algorithm: { id: 'a-bs', appId: 'stores' },
      },
    });
  if (path === '/stores-reader/v1/products/query')
    return json(200, { products: ['p1', 'p2'].map((id) => ({ id, name: `P ${id}`, slug: id })) });
  return json(404, { message: 'no cart' });
});

describe('<inlay-recommendations>', () => {
  it('starts its reads (the cart it leaves out) as it first renders, not a frame later (before any effect runs)', async () => {
    const { context } = await mountWidget('inlay-recommendations', { 'product-id': 'p' }, net.fetch);
    // mountWidget resolved right after the element connected: passive effects wait for the next frame
    expect(cartOf(context.client).$cartStatus.get().state).toBe('loading');
  });

  it('a carousel kept by an earlier page is on its first paint, not a skeleton first', async () => {
    const storage = memoryStorage();
    const options = { clientId: 'c', tokenStorage: 'local' as const, storage, cacheStorage: storage };
    // an earlier page read it (and kept it: written a second later)
    const earlier = createRecommendationsModel(testContext(net.fetch, options), { limit: 2 });
    earlier.load();
    await vi.waitFor(() => expect(earlier.$state.get().status).toBe('ready'));
    await vi.waitFor(() => expect(storedText(storage)).toContain('recs:best-sellers::2:'), { timeout: 3000 });

    const { $$ } = await mountWidget('inlay-recommendations', { limit: '2' }, net.fetch, options);
    // right after it connected: no frame has passed, no answer has come
    expect($$('.card.skeleton')).toEqual([]);
    expect($$('.card .name').map((n) => n.textContent)).toEqual(['P p1', 'P p2']);
  });
});
