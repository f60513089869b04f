import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { cartOf } from '../../core/stores/current-cart.ts';
import { mountWidget } from '../../tests/helpers/mount.ts';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, memoryStorage, storedText } from '../../tests/helpers/fake-fetch.ts';
import { createRecommendationsModel } from './model.ts';

const platform: Parameters<typeof fakeFetch>[0] = (call) => {
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
};
const net = fakeFetch(platform);

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

describe('<inlay-recommendations> right to left', () => {
  it('a right-to-left name with a number keeps its start (its own direction, cut at its end) and its number; each price one run', async () => {
    const rtl = fakeFetch((call, n) =>
      new URL(call.url).pathname === '/stores-reader/v1/products/query'
        ? json(200, {
            products: ['p1', 'p2'].map((id, i) => ({
              id,
              name: `ספל קמפינג ${i + 2}`,
              slug: id,
              priceData: { price: 12, discountedPrice: i ? 9 : 12, currency: 'USD' },
            })),
          })
        : platform(call, n),
    );
    const { $$ } = await mountWidget('inlay-recommendations', { limit: '2' }, rtl.fetch);
    await vi.waitFor(() => expect($$('.card .name')).toHaveLength(2));
    expect($$('.card .name').map((n) => [n.textContent, n.getAttribute('dir'), n.getAttribute('title')])).toEqual([
      ['ספל קמפינג 2', 'auto', 'ספל קמפינג 2'],
      ['ספל קמפינג 3', 'auto', 'ספל קמפינג 3'],
    ]);
    expect($$('.price bdi').map((b) => b.textContent)).toEqual(['$12.00', '$9.00', '$12.00']);
  });
});

describe('<inlay-recommendations> that cannot read', () => {
  /** The platform, with the recommendation's read refused `fails` times (a request id on each refusal). */
  const failing = (fails: number) => {
    let refused = 0;
    return fakeFetch((call, i) => {
      if (new URL(call.url).pathname === '/v1/recommendations/get' && refused < fails) {
        refused++;
        return json(400, { message: 'refused' }, { headers: { 'x-wix-request-id': `req-${refused}` } });
      }
      return platform(call, i);
    });
  };
  const gets = (n: ReturnType<typeof fakeFetch>) => n.calls.filter((c) => c.url.endsWith('/v1/recommendations/get'));
  // a page of its own: nothing kept by an earlier test's carousel
  const fresh = () => {
    const storage = memoryStorage();
    return { clientId: 'c', tokenStorage: 'local' as const, storage, cacheStorage: storage };
  };

  it('one failure: tried again quietly (no error box, the skeleton stays), then the cards', async () => {
    const n = failing(1);
    const errors: unknown[] = [];
    const heard = (e: Event) => errors.push((e as CustomEvent).detail);
    document.addEventListener('inlay-error', heard);
    onTestFinished(() => document.removeEventListener('inlay-error', heard));
    const { el, $$ } = await mountWidget('inlay-recommendations', { limit: '2' }, n.fetch, fresh());
    expect(el.shadowRoot!.querySelector('[role=alert]')).toBeNull();
    await vi.waitFor(() => expect($$('.card .name').map((c) => c.textContent)).toEqual(['P p1', 'P p2']));
    expect(gets(n)).toHaveLength(2);
    expect(el.hidden).toBe(false);
    expect(el.shadowRoot!.textContent).not.toMatch(/req-|Request ID|went wrong/);
    expect(errors).toEqual([]);
  });

  it('failing again: hidden like an empty carousel (no error, no retry button), and the page is told with the request id', async () => {
    const n = failing(2);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const errors: unknown[] = [];
    const { el } = await mountWidget('inlay-recommendations', { limit: '2' }, n.fetch, fresh());
    el.addEventListener('inlay-error', (e) => errors.push(e.detail));
    await vi.waitFor(() => expect(el.hidden).toBe(true));
    expect(gets(n)).toHaveLength(2);
    expect(errors).toEqual([{ code: 'RECOMMENDATIONS_FAILED', message: 'refused', requestId: 'req-2' }]);
    expect(el.shadowRoot!.querySelector('[role=alert], button, .card')).toBeNull();
    expect(el.shadowRoot!.textContent).toBe('');
    // no third read
    await new Promise((r) => setTimeout(r, 50));
    expect(gets(n)).toHaveLength(2);
    log.mockRestore();
  });
});

describe('<inlay-recommendations> images', () => {
  const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
  const six = fakeFetch((call) => {
    const path = new URL(call.url).pathname;
    if (path === '/v1/recommendations/get')
      return json(200, {
        recommendation: {
          items: ids.map((catalogItemId) => ({ appId: 'stores', catalogItemId })),
          algorithm: { id: 'a-bs', appId: 'stores' },
        },
      });
    if (path === '/stores-reader/v1/products/query')
      return json(200, {
        products: ids.map((id) => ({
          id,
          name: `P ${id}`,
          slug: id,
          media: { mainMedia: { image: { url: `https://img.test/${id}.png`, width: 400, height: 400 } } },
        })),
      });
    return platform(call, 0);
  });

  it('the first four cards’ images load with the cards, the others once near (lazy)', async () => {
    const { $$ } = await mountWidget('inlay-recommendations', { limit: '6' }, six.fetch);
    await vi.waitFor(() => expect($$('.card img')).toHaveLength(6));
    expect($$('.card img').map((i) => [i.getAttribute('src'), i.getAttribute('loading')])).toEqual([
      ['https://img.test/p1.png', 'eager'],
      ['https://img.test/p2.png', 'eager'],
      ['https://img.test/p3.png', 'eager'],
      ['https://img.test/p4.png', 'eager'],
      ['https://img.test/p5.png', 'lazy'],
      ['https://img.test/p6.png', 'lazy'],
    ]);
  });
});
