import { describe, expect, it } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, memoryStorage, type Call } from '../../tests/helpers/fake-fetch.ts';
import { countReviews, queryReviews } from './reviews.ts';
import { fetchAlgorithms } from './recommendations.ts';
import { readProduct } from './products.ts';
import { fetchCart } from './current-cart.ts';
import { createReview } from './review-writes.ts';
import { BATCH_MAX, DIRECT_MS, publicReads, type PublicReads } from './public-batch.ts';
import { summaryStore } from '../reads/review-summary.ts';

/**
 * The page's public reads through the site companion (core/api/public-batch.ts), at the fetch boundary: one fake for
 * the platform (https://api.test) and the companion on the page's origin (https://shop.test/api/inlay).
 */
const READS = 'https://shop.test/api/inlay/v1/public/reads';
const TOKEN = { access_token: 'visitor-token', refresh_token: 'r', expires_in: 3600 };

type Answer = (reads: { method: string; path: string; body?: unknown }[], call: Call) => Response | Promise<Response>;

/** The platform answers counts with the rating asked for, and everything else it is asked in these tests. */
function stack(companion: Answer = (reads) => json(200, { answers: reads.map(platformSlot) })) {
  return fakeFetch((call: Call) => {
    if (call.url === READS) return companion((JSON.parse(call.raw as string) as { reads: [] }).reads, call);
    const path = call.url.replace('https://api.test', '');
    const slot = platformSlot({ method: call.method, path, body: call.body });
    return json(slot.status, slot.body);
  });
}
function platformSlot(r: { method: string; path: string; body?: unknown }): { status: number; body: unknown } {
  if (r.path === '/oauth2/token') return { status: 200, body: TOKEN };
  if (r.path === '/reviews/v1/reviews/count') {
    const f = (r.body as { filter: Record<string, unknown> }).filter;
    return { status: 200, body: { count: (f['content.rating'] as number | undefined) ?? 9 } };
  }
  if (r.path === '/reviews/v1/reviews/query') {
    // the mug has n reviews rated n (15 in all: a summary of the five ratings reads 15); other items none
    const e = (r.body as { query?: { filter?: { entityId?: unknown } } }).query?.filter?.entityId;
    const mug = e === 'mug' || (e as { $in?: string[] } | undefined)?.$in?.includes('mug');
    const reviews = mug
      ? [1, 2, 3, 4, 5].flatMap((n) =>
          Array.from({ length: n }, (_, i) => ({ id: `r${n}-${i}`, entityId: 'mug', content: { rating: n } })),
        )
      : [];
    return { status: 200, body: { reviews } };
  }
  if (r.path === '/v1/recommendations/algorithms') return { status: 200, body: { availableAlgorithms: [] } };
  if (r.path === '/stores-reader/v1/products/mug')
    return { status: 200, body: { product: { id: 'mug', name: 'Mug', slug: 'mug' } } };
  if (r.path === '/ecom/v1/carts/current') return { status: 404, body: { message: 'no cart', details: {} } };
  if (r.path === '/reviews/v1/reviews' && r.method === 'POST')
    return {
      status: 200,
      body: { review: { id: 'r1', entityId: 'mug', namespace: 'stores', content: { rating: 5 } } },
    };
  return { status: 404, body: { message: `no route ${r.path}`, details: {} } };
}

function page(
  net: ReturnType<typeof fakeFetch>,
  o: { storage?: Storage; now?: () => number; timeoutMs?: number } = {},
) {
  const storage = o.storage ?? memoryStorage();
  const router: PublicReads[] = [];
  const { client } = testContext(net.fetch, {
    companion: '/api/inlay',
    now: o.now,
    sleep: () => Promise.resolve(),
    // as core/boot.ts wires it
    route: (method, path, body) => Promise.resolve(router[0]!.route(method, path, body)),
  });
  router.push(publicReads(client, 'https://shop.test/products/mug', { ...o, storage }));
  return client;
}

const companionCalls = (calls: Call[]) => calls.filter((c) => c.url === READS);
const platformCalls = (calls: Call[]) =>
  calls.filter((c) => c.url !== READS).map((c) => `${c.method} ${c.url.replace('https://api.test', '')}`);

describe('public reads through the companion', () => {
  it('reads made in the same moment go as one POST, without a token, a content type or cookies', async () => {
    const net = stack();
    const client = page(net);
    const [three, four, algorithms] = await Promise.all([
      countReviews(client.http, { namespace: 'stores', entityId: 'mug', 'content.rating': 3 }),
      countReviews(client.http, { namespace: 'stores', entityId: 'mug', 'content.rating': 4 }),
      fetchAlgorithms(client.http),
    ]);
    expect([three, four, algorithms]).toEqual([3, 4, []]);
    // not even a token was asked for
    expect(platformCalls(net.calls)).toEqual([]);
    const [post] = companionCalls(net.calls);
    expect(companionCalls(net.calls)).toHaveLength(1);
    expect(post!.method).toBe('POST');
    expect(post!.headers).toEqual({});
    expect(post!.credentials).toBe('omit');
    expect(post!.raw).toBe(
      JSON.stringify({
        reads: [
          {
            method: 'POST',
            path: '/reviews/v1/reviews/count',
            body: { filter: { namespace: 'stores', entityId: 'mug', 'content.rating': 3 } },
          },
          {
            method: 'POST',
            path: '/reviews/v1/reviews/count',
            body: { filter: { namespace: 'stores', entityId: 'mug', 'content.rating': 4 } },
          },
          { method: 'GET', path: '/v1/recommendations/algorithms' },
        ],
      }),
    );
  });

  it(`more than ${BATCH_MAX} reads at once: ${BATCH_MAX} a request`, async () => {
    const net = stack();
    const client = page(net);
    const ids = [...Array(BATCH_MAX + 3).keys()].map((i) => `item-${i}`);
    const counts = await Promise.all(ids.map((entityId) => countReviews(client.http, { entityId })));
    expect(counts).toEqual(ids.map(() => 9));
    expect(companionCalls(net.calls).map((c) => (c.body as { reads: [] }).reads.length)).toEqual([BATCH_MAX, 3]);
    expect(platformCalls(net.calls)).toEqual([]);
  });

  it('each slot answers as the platform would: its status and body (errors included, read by http as usual)', async () => {
    const net = stack((reads) =>
      json(200, {
        answers: reads.map((r) =>
          r.path.startsWith('/stores-reader')
            ? { status: 404, body: { message: 'Product not found', details: { applicationError: { code: 'NF' } } } }
            : platformSlot(r),
        ),
      }),
    );
    const client = page(net);
    const [product, count] = await Promise.allSettled([
      readProduct(client.http, 'v1', 'mug'),
      countReviews(client.http, { entityId: 'mug' }),
    ]);
    expect(count).toEqual({ status: 'fulfilled', value: 9 });
    expect(product).toMatchObject({
      status: 'rejected',
      reason: { name: 'InlayApiError', status: 404, message: 'Product not found' },
    });
    expect(platformCalls(net.calls)).toEqual([]);
  });

  it('reads that are not public never go there: the cart, writes, private reviews', async () => {
    const net = stack();
    const client = page(net);
    await fetchCart(client);
    await countReviews(client.http, { entityId: 'mug' }, true);
    await queryReviews(client.http, { filter: { entityId: 'mug' }, returnPrivate: true });
    await createReview(client.http, {
      namespace: 'stores',
      entityId: 'mug',
      content: { rating: 5 },
      author: { contactId: 'c1' },
    });
    expect(companionCalls(net.calls)).toEqual([]);
    expect(platformCalls(net.calls)).toEqual([
      'POST /oauth2/token',
      'GET /ecom/v1/carts/current',
      'POST /reviews/v1/reviews/count',
      'POST /reviews/v1/reviews/query',
      'POST /reviews/v1/reviews',
    ]);
    expect(
      net.calls.filter((c) => c.url !== READS && !c.url.endsWith('/oauth2/token')).map((c) => c.headers.authorization),
    ).toEqual(['visitor-token', 'visitor-token', 'visitor-token', 'visitor-token']);
  });
});

describe('nothing lost when the companion fails', () => {
  const failures: [string, Answer][] = [
    [
      'no answer (network)',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['not 200', () => json(500, { message: 'boom' })],
    ['not JSON', () => new Response('<html>proxy error</html>', { status: 200 })],
    ['not its shape', () => json(200, { reads: [] })],
    [
      'too slow',
      // (as a browser's fetch does when its signal aborts)
      (_, call) =>
        new Promise<Response>((_, reject) =>
          call.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    ],
  ];
  for (const [kind, answer] of failures)
    it(`${kind}: its reads go to the platform with the token, and so do the page's later reads`, async () => {
      const net = stack(answer);
      const client = page(net, { timeoutMs: 50 });
      expect(await countReviews(client.http, { entityId: 'mug', 'content.rating': 2 })).toBe(2);
      expect(await fetchAlgorithms(client.http)).toEqual([]);
      expect(companionCalls(net.calls)).toHaveLength(1);
      expect(platformCalls(net.calls)).toEqual([
        'POST /oauth2/token',
        'POST /reviews/v1/reviews/count',
        'GET /v1/recommendations/algorithms',
      ]);
      expect(net.calls.at(-1)!.headers.authorization).toBe('visitor-token');
    });

  it('a slot missing: that read goes to the platform, the others keep their slots', async () => {
    const net = stack((reads) => json(200, { answers: reads.slice(0, 1).map(platformSlot) }));
    const client = page(net);
    const counts = await Promise.all([1, 2].map((n) => countReviews(client.http, { 'content.rating': n })));
    expect(counts).toEqual([1, 2]);
    expect(platformCalls(net.calls)).toEqual(['POST /oauth2/token', 'POST /reviews/v1/reviews/count']);
    expect(net.calls.at(-1)!.body).toEqual({ filter: { 'content.rating': 2 } });
    // the companion still answers the next reads
    expect(await countReviews(client.http, { 'content.rating': 3 })).toBe(3);
    expect(companionCalls(net.calls)).toHaveLength(2);
  });

  it('a slot the companion refused (403): that read goes to the platform, and never to the companion again on this page', async () => {
    const refused = {
      status: 403,
      body: { message: 'Not a public read', details: { applicationError: { code: 'NOT_PUBLIC' } } },
    };
    const net = stack((reads) =>
      json(200, { answers: reads.map((r) => (r.path.includes('algorithms') ? refused : platformSlot(r))) }),
    );
    const client = page(net);
    const both = () => Promise.all([fetchAlgorithms(client.http), countReviews(client.http, { 'content.rating': 5 })]);
    expect(await both()).toEqual([[], 5]);
    expect(await both()).toEqual([[], 5]);
    expect(
      companionCalls(net.calls).map((c) => (c.body as { reads: { path: string }[] }).reads.map((r) => r.path)),
    ).toEqual([['/v1/recommendations/algorithms', '/reviews/v1/reviews/count'], ['/reviews/v1/reviews/count']]);
    expect(platformCalls(net.calls)).toEqual([
      'POST /oauth2/token',
      'GET /v1/recommendations/algorithms',
      'GET /v1/recommendations/algorithms',
    ]);
  });

  it('a read of the platform through the companion that failed (502 in its slot) is retried as any read', async () => {
    let n = 0;
    const net = stack((reads) =>
      json(200, {
        answers: reads.map((r) =>
          n++ === 0 ? { status: 502, body: { message: 'The platform did not answer', details: {} } } : platformSlot(r),
        ),
      }),
    );
    const client = page(net);
    expect(await countReviews(client.http, { 'content.rating': 4 })).toBe(4);
    expect(companionCalls(net.calls)).toHaveLength(2);
    expect(platformCalls(net.calls)).toEqual([]);
  });
});

describe('after the visitor’s own change', () => {
  it('the item’s reads go to the platform for the companion’s fresh and stale window, on this page and the next', async () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const net = stack();
    const client = page(net, { storage, now: () => now });
    // the reviews widget's refresh after a review (widgets/reviews/model.ts): the item's copies are dropped
    client.cache.invalidate('reviews:summary:stores:mug');
    await Promise.all([
      countReviews(client.http, { namespace: 'stores', entityId: 'mug', 'content.rating': 1 }),
      queryReviews(client.http, { filter: { namespace: 'stores', entityId: { $in: ['lamp', 'mug'] } } }),
      countReviews(client.http, { namespace: 'stores', entityId: 'lamp', 'content.rating': 1 }),
      readProduct(client.http, 'v1', 'mug'),
    ]);
    expect(platformCalls(net.calls)).toEqual([
      'POST /oauth2/token',
      'POST /reviews/v1/reviews/count',
      'POST /reviews/v1/reviews/query',
    ]);
    // (another item's count and the product itself: the companion)
    expect(companionCalls(net.calls).flatMap((c) => (c.body as { reads: unknown[] }).reads)).toEqual([
      {
        method: 'POST',
        path: '/reviews/v1/reviews/count',
        body: { filter: { namespace: 'stores', entityId: 'lamp', 'content.rating': 1 } },
      },
      { method: 'GET', path: '/stores-reader/v1/products/mug' },
    ]);

    // the next page, a day later: still direct; past the window: the companion again
    net.calls.length = 0;
    const next = page(net, { storage, now: () => now });
    now += DIRECT_MS - 1000;
    await countReviews(next.http, { namespace: 'stores', entityId: 'mug' });
    expect(companionCalls(net.calls)).toEqual([]);
    now += 2000;
    await countReviews(next.http, { namespace: 'stores', entityId: 'mug' });
    expect(companionCalls(net.calls)).toHaveLength(1);
  });

  it('the reads the page makes as it drops its copies already go to the platform', async () => {
    const net = stack();
    const client = page(net);
    const $summary = summaryStore(client, 'stores', 'mug');
    const seen: number[] = [];
    const off = $summary.subscribe((s) => s.data && !s.loading && seen.push(s.data.count));
    await expect.poll(() => seen).toEqual([15]);
    expect(platformCalls(net.calls)).toEqual([]);
    // refreshed at once (the store is subscribed): its one query of the item's reviews goes to the platform
    client.cache.invalidate('reviews:summary:stores:mug');
    await expect.poll(() => seen).toEqual([15, 15]);
    off();
    expect(platformCalls(net.calls).filter((c) => c.includes('/reviews/'))).toEqual(['POST /reviews/v1/reviews/query']);
    expect(companionCalls(net.calls)).toHaveLength(1);
  });

  it('storage that cannot keep it: this page still sends the item’s reads to the platform', async () => {
    const net = stack();
    const broken = memoryStorage();
    broken.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const client = page(net, { storage: broken });
    client.cache.invalidate('reviews:list:stores:mug:');
    await countReviews(client.http, { namespace: 'stores', entityId: 'mug' });
    expect(companionCalls(net.calls)).toEqual([]);
  });
});

describe('answers the companion gave ahead (`also`)', () => {
  it('the next identical read takes it without a request; another read does not', async () => {
    const product = { product: { id: 'mug', name: 'Mug', slug: 'mug' } };
    const net = stack((reads) =>
      json(200, {
        answers: reads.map(platformSlot),
        also: [{ method: 'GET', path: '/stores-reader/v1/products/mug', status: 200, answer: product }],
      }),
    );
    const client = page(net);
    await fetchAlgorithms(client.http);
    expect(await readProduct(client.http, 'v1', 'mug')).toEqual(product.product);
    expect(companionCalls(net.calls)).toHaveLength(1);
    await readProduct(client.http, 'v1', 'mug'); // taken once: this one is asked
    expect(companionCalls(net.calls)).toHaveLength(2);
  });
});

describe('without a companion', () => {
  it('everything goes to the platform with the token, as before', async () => {
    const net = stack();
    const client = testContext(net.fetch, {}).client;
    client.cache.invalidate('reviews:summary:stores:mug');
    expect(await countReviews(client.http, { 'content.rating': 3 })).toBe(3);
    expect(await fetchAlgorithms(client.http)).toEqual([]);
    expect(companionCalls(net.calls)).toEqual([]);
    expect(platformCalls(net.calls)).toEqual([
      'POST /oauth2/token',
      'POST /reviews/v1/reviews/count',
      'GET /v1/recommendations/algorithms',
    ]);
  });
});
