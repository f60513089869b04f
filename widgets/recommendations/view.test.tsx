import { describe, expect, it } from 'vitest';
import { cartOf } from '../../core/stores/current-cart.ts';
import { mountWidget } from '../../tests/helpers/mount.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';

const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.endsWith('/v1/recommendations/algorithms')) return json(200, { availableAlgorithms: [] });
  return json(200, { cart: { id: 'c', lineItems: [] } });
});

describe('<inlay-recommendations>', () => {
  it('starts its reads (the cart it leaves out) as it first renders, not a frame later (before any effect runs)', async () => {
    const { context } = await mountWidget('inlay-recommendations', { 'product-id': 'p' }, net.fetch);
    // mountWidget resolved right after the element connected: passive effects wait for the next frame
    expect(cartOf(context.client).$cartStatus.get().state).toBe('loading');
  });
});
