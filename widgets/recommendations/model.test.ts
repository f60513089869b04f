import { describe, expect, it, vi } from 'vitest';
import { returningVisitor, testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, memoryStorage, storedText, type Call } from '../../tests/helpers/fake-fetch.ts';
import { createRecommendationsModel, loadRecommendations, preference, settings } from './model.ts';

const algorithms = [
  {
    config: { name: 'From the same categories', algorithmType: 'RELATED_ITEMS', algorithmId: 'a-cat' },
    appId: 'stores',
  },
  {
    config: { name: 'Frequently bought together', algorithmType: 'RELATED_ITEMS', algorithmId: 'a-bt' },
    appId: 'stores',
  },
  { config: { name: 'Best sellers', algorithmType: 'GLOBAL', algorithmId: 'a-bs' }, appId: 'stores' },
] as const;
const product = (id: string) => ({ id, name: `P ${id}`, slug: id });

const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.endsWith('/v1/recommendations/algorithms')) return json(200, { availableAlgorithms: algorithms });
  if (call.url.endsWith('/v1/recommendations/get')) {
    return json(200, {
      recommendation: {
        items: ['p1', 'cur', 'p2', 'p3', 'cart', 'p4'].map((catalogItemId) => ({ appId: 'stores', catalogItemId })),
        algorithm: { id: 'a-bt', appId: 'stores' },
      },
    });
  }
  if (call.url.endsWith('/stores-reader/v1/products/query')) {
    const ids = (
      JSON.parse((call.body as { query: { filter: string } }).query.filter) as { id: { $hasSome: string[] } }
    ).id.$hasSome;
    return json(200, { products: [...ids].reverse().map(product) }); // any order: the carousel keeps the recommendation's
  }
  return json(404, { message: 'no' });
});

const { client } = testContext(net.fetch, { clientId: 'c' });

describe('recommendations model', () => {
  it('prefers the chosen algorithm, then the ones that can fill in; global ones only without a product', () => {
    const all = algorithms as unknown as Parameters<typeof preference>[0];
    expect(preference(all, 'bought-together', true).map((a) => a.config.algorithmId)).toEqual([
      'a-bt',
      'a-cat',
      'a-bs',
    ]);
    expect(preference(all, 'related', true).map((a) => a.config.algorithmId)).toEqual(['a-cat', 'a-bs']);
    expect(preference(all, 'related', false).map((a) => a.config.algorithmId)).toEqual(['a-bs']);
  });

  it('one recommendation call and one catalog call; leaves out the current product and cart items; keeps the order', async () => {
    net.calls.length = 0;
    const items = await loadRecommendations(client, {
      productId: 'cur',
      algorithm: 'bought-together',
      limit: 3,
      exclude: new Set(['cart']),
    });
    expect(items.map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    const api = net.calls.filter((c) => !c.url.endsWith('/oauth2/token'));
    expect(api.map((c) => new URL(c.url).pathname)).toEqual([
      '/v1/recommendations/algorithms',
      '/v1/recommendations/get',
      '/stores-reader/v1/products/query',
    ]);
    expect(api[1]!.body).toEqual({
      algorithms: [
        { id: 'a-bt', appId: 'stores' },
        { id: 'a-cat', appId: 'stores' },
        { id: 'a-bs', appId: 'stores' },
      ],
      items: [{ appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', catalogItemId: 'cur' }],
      minimumRecommendedItems: 5, // 3 to show + the current product + one in the cart
    });
    // the algorithm list is fetched once per page
    net.calls.length = 0;
    await loadRecommendations(client, { algorithm: 'best-sellers', limit: 2, exclude: new Set() });
    expect(net.calls.filter((c) => c.url.endsWith('/algorithms'))).toHaveLength(0);
  });
});

describe('createRecommendationsModel', () => {
  /** A page whose cart holds `inCart`; `recs` answers the recommendation call. */
  function page(
    /** What the cart holds; `'fail'`: the cart cannot be read. */
    inCart: string[] | 'fail',
    recs: (call: Call) => Response = () =>
      json(200, {
        recommendation: {
          items: ['p1', 'cart', 'p2'].map((catalogItemId) => ({ appId: 'stores', catalogItemId })),
          algorithm: { id: 'a-bs', appId: 'stores' },
        },
      }),
    /** Where reads are kept across page loads (shared by two pages of one browser). */
    storage?: Storage,
  ) {
    const net = fakeFetch((call) => {
      const path = new URL(call.url).pathname;
      if (path === '/oauth2/token') return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
      if (path === '/ecom/v1/carts/current') {
        if (inCart === 'fail') return json(400, { message: 'refused' });
        const lineItems = inCart.map((id, i) => ({
          id: `l${i}`,
          quantity: 1,
          catalogReference: { appId: 'stores', catalogItemId: id },
          price: { amount: '1' },
        }));
        return inCart.length ? json(200, { cart: { id: 'c1', lineItems } }) : json(404, { message: 'no cart' });
      }
      if (path === '/v1/recommendations/get') return recs(call);
      if (path === '/v1/recommendations/algorithms') return json(200, { availableAlgorithms: algorithms });
      const ids = (
        JSON.parse((call.body as { query: { filter: string } }).query.filter) as { id: { $hasSome: string[] } }
      ).id.$hasSome;
      return json(200, { products: ids.map(product) });
    });
    // with a storage, the tokens are kept there too: a later page is the same visitor (whose copies it reads); a
    // returning visitor in any case (whose cart the platform holds: a visitor the page mints has none)
    return {
      net,
      context: testContext(net.fetch, {
        clientId: 'c',
        storage: returningVisitor('c', storage),
        ...(storage ? { tokenStorage: 'local', cacheStorage: storage } : {}),
      }),
    };
  }
  const ids = (s: { status: string; items?: { id: string }[] }) => s.items?.map((p) => p.id);

  it('the attributes: a known algorithm (default by product), 1 to 24 items', () => {
    expect(settings({})).toEqual(['best-sellers', undefined, 8]);
    expect(settings({ productId: 'x', algorithm: 'nope', limit: 0 })).toEqual(['related', 'x', 8]);
    expect(settings({ algorithm: 'bought-together', limit: 99.5 })).toEqual(['bought-together', undefined, 24]);
    expect(settings({ limit: -3 })).toEqual(['best-sellers', undefined, 1]);
  });

  it('loading, then the products without those in the cart; reads for the attributes as last rendered', async () => {
    const { context, net } = page(['cart']);
    const m = createRecommendationsModel(context, {});
    expect(m.$state.get()).toEqual({ status: 'loading' });
    m.load();
    // rendered again with a product before the cart arrived: that read is for the product
    expect(m.update({ productId: 'cur', limit: 2 })).toEqual(['related', 'cur', 2]);
    await vi.waitFor(() => expect(m.$state.get().status).toBe('ready'));
    expect(ids(m.$state.get() as never)).toEqual(['p1', 'p2']);
    const asked = net.calls.find((c) => c.url.endsWith('/recommendations/get'))!.body as {
      items: { catalogItemId: string }[];
    };
    expect(asked.items.map((i) => i.catalogItemId)).toEqual(['cur']);
  });

  it('nothing to recommend: ready and empty (the view hides itself)', async () => {
    const { context } = page([], () =>
      json(200, { recommendation: { items: [], algorithm: { id: 'a-bs', appId: 'stores' } } }),
    );
    const m = createRecommendationsModel(context, { limit: 3 });
    m.load();
    await vi.waitFor(() => expect(m.$state.get()).toEqual({ status: 'ready', items: [] }));
  });

  it('a failed read shows its error; load again (retry) reads again and recovers', async () => {
    let fail = true;
    const { context, net } = page([], () =>
      fail
        ? json(400, { message: 'refused' })
        : json(200, {
            recommendation: {
              items: [{ appId: 'stores', catalogItemId: 'p9' }],
              algorithm: { id: 'a-bs', appId: 'stores' },
            },
          }),
    );
    const m = createRecommendationsModel(context, { limit: 4 });
    m.load();
    await vi.waitFor(() => expect(m.$state.get().status).toBe('error'));
    fail = false;
    const before = net.calls.length;
    m.load();
    expect(m.$state.get()).toEqual({ status: 'loading' });
    await vi.waitFor(() => expect(m.$state.get().status).toBe('ready'));
    expect(ids(m.$state.get() as never)).toEqual(['p9']);
    expect(net.calls.length).toBeGreaterThan(before);
  });

  /** A first page that reads the carousel and keeps it in `storage` (written after PERSIST_WRITE_DELAY_MS). */
  async function keptBy(storage: Storage, inCart: string[]) {
    const m = createRecommendationsModel(page(inCart, undefined, storage).context, { productId: 'cur', limit: 2 });
    m.load();
    await vi.waitFor(() => expect(m.$state.get().status).toBe('ready'));
    await vi.waitFor(() => expect(storedText(storage)).toContain('recs:related:cur:2:'), { timeout: 3000 });
    return ids(m.$state.get() as never);
  }

  it('a carousel kept by an earlier page shows at once, before the cart is here; the same cart: nothing read again', async () => {
    const storage = memoryStorage();
    expect(await keptBy(storage, ['cart'])).toEqual(['p1', 'p2']);
    const next = page(['cart'], undefined, storage);
    const m = createRecommendationsModel(next.context, { productId: 'cur', limit: 2 });
    m.load();
    // at once, before the cart request is even sent
    expect(next.net.calls.filter((c) => c.url.endsWith('/ecom/v1/carts/current'))).toEqual([]);
    expect(m.$state.get()).toMatchObject({ status: 'ready' });
    expect(ids(m.$state.get() as never)).toEqual(['p1', 'p2']);
    await vi.waitFor(() => expect(next.net.calls.some((c) => c.url.endsWith('/ecom/v1/carts/current'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(next.net.calls.filter((c) => c.url.endsWith('/recommendations/get'))).toEqual([]);
    expect(ids(m.$state.get() as never)).toEqual(['p1', 'p2']);
  });

  it('a kept carousel read for another cart shows until the cart is here, then is read again without what is in it', async () => {
    const storage = memoryStorage();
    expect(await keptBy(storage, ['cart'])).toEqual(['p1', 'p2']);
    const next = page(['p1'], undefined, storage); // p1 went into the cart since
    const m = createRecommendationsModel(next.context, { productId: 'cur', limit: 2 });
    m.load();
    expect(ids(m.$state.get() as never)).toEqual(['p1', 'p2']);
    await vi.waitFor(() => expect(ids(m.$state.get() as never)).toEqual(['cart', 'p2']));
    expect(next.net.calls.filter((c) => c.url.endsWith('/recommendations/get'))).toHaveLength(1);
    expect(m.$state.get().status).toBe('ready');
  });

  it('a kept carousel read again for another cart stays shown when that read fails (no error)', async () => {
    const storage = memoryStorage();
    await keptBy(storage, ['cart']);
    const next = page(['p1'], () => json(400, { message: 'refused' }), storage);
    const m = createRecommendationsModel(next.context, { productId: 'cur', limit: 2 });
    m.load();
    await vi.waitFor(() => expect(next.net.calls.some((c) => c.url.endsWith('/recommendations/get'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(m.$state.get()).toMatchObject({ status: 'ready' });
    expect(ids(m.$state.get() as never)).toEqual(['p1', 'p2']);
  });

  it('a cart that cannot be read leaves a kept carousel as it is: shown, not read again, still kept', async () => {
    const storage = memoryStorage();
    await keptBy(storage, ['cart']);
    const next = page('fail', undefined, storage);
    const m = createRecommendationsModel(next.context, { productId: 'cur', limit: 2 });
    m.load();
    await vi.waitFor(() => expect(next.net.calls.some((c) => c.url.endsWith('/ecom/v1/carts/current'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(next.net.calls.filter((c) => c.url.endsWith('/recommendations/get'))).toEqual([]);
    expect(ids(m.$state.get() as never)).toEqual(['p1', 'p2']);
    // a later page with the cart readable again still finds it
    const later = createRecommendationsModel(page(['cart'], undefined, storage).context, {
      productId: 'cur',
      limit: 2,
    });
    expect(ids(later.$state.get() as never)).toEqual(['p1', 'p2']);
  });

  it('rendered again for other attributes before the cart arrives: the kept copy gives way to loading, then their read', async () => {
    const storage = memoryStorage();
    await keptBy(storage, ['cart']);
    const next = page(['cart'], undefined, storage);
    const m = createRecommendationsModel(next.context, { productId: 'cur', limit: 2 });
    const seen: string[] = [];
    m.$state.listen((s) => seen.push(s.status));
    m.load();
    expect(m.$state.get().status).toBe('ready');
    m.update({ productId: 'other', limit: 2 });
    await vi.waitFor(() => expect(next.net.calls.some((c) => c.url.endsWith('/recommendations/get'))).toBe(true));
    await vi.waitFor(() => expect(seen.at(-1)).toBe('ready'));
    expect(seen).toContain('loading');
    const asked = next.net.calls.find((c) => c.url.endsWith('/recommendations/get'))!.body as {
      items: { catalogItemId: string }[];
    };
    expect(asked.items.map((i) => i.catalogItemId)).toEqual(['other']);
  });

  it('stop: a read stopped before the cart arrives neither requests nor changes the state', async () => {
    const { context, net } = page(['cart']);
    const m = createRecommendationsModel(context, {});
    const stop = m.load();
    stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(net.calls.filter((c) => c.url.endsWith('/recommendations/get'))).toEqual([]);
    expect(m.$state.get()).toEqual({ status: 'loading' });
  });
});
