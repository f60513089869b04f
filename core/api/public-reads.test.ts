import { describe, expect, it } from 'vitest';
import { toQueryString, type Http } from '../http.ts';
import { wireOf } from '../../tests/helpers/wire-of.ts';
import { isPublicRead, safePath } from './public-reads.ts';
import { catalogVersion, getProduct, queryProductsByIds, STORES_APP_ID } from './products.ts';
import { getProductV3, queryProductsV3 } from './products-v3.ts';
import { countReviews, queryReviews, WITH_MEDIA } from './reviews.ts';
import { fetchAlgorithms, getRecommendation, type AvailableAlgorithm } from './recommendations.ts';

const sent = wireOf;

const algorithms: AvailableAlgorithm[] = [
  { config: { name: 'Related', algorithmType: 'RELATED_ITEMS', algorithmId: 'a1' }, appId: STORES_APP_ID },
];

const publicCalls: [string, (http: Http) => Promise<unknown>][] = [
  ['catalog version', (h) => catalogVersion(h)],
  ['a V1 product by id', (h) => getProduct(h, 'p 1ü')],
  ['V1 products by ids', (h) => queryProductsByIds(h, ['a', 'b'])],
  ['a V3 product by id', (h) => getProductV3(h, 'p3')],
  ['V3 products by ids', (h) => queryProductsV3(h, ['a', 'b'])],
  ['a count of one rating', (h) => countReviews(h, { namespace: 'stores', entityId: 'p1', 'content.rating': 4 })],
  [
    'the first page of reviews',
    (h) => queryReviews(h, { filter: { namespace: 'stores', entityId: 'p1' }, sort: 'newest', limit: 5 }),
  ],
  [
    'reviews with photos and a rating, by rating',
    (h) =>
      queryReviews(h, {
        filter: { namespace: 'stores', entityId: 'p1', 'content.rating': 2, ...WITH_MEDIA },
        sort: 'highest',
        limit: 5,
      }),
  ],
  [
    'a batch of summaries',
    (h) => queryReviews(h, { filter: { namespace: 'stores', entityId: { $in: ['a', 'b'] } }, limit: 100 }),
  ],
  ['the algorithms', (h) => fetchAlgorithms(h)],
  ['a recommendation', (h) => getRecommendation({ http: h }, algorithms, ['p1'], 4)],
  ['a recommendation without items', (h) => getRecommendation({ http: h }, algorithms, [], 4)],
];

const privateCalls: [string, (http: Http) => Promise<unknown>][] = [
  ['private reviews', (h) => queryReviews(h, { filter: { namespace: 'stores', entityId: 'p1' }, returnPrivate: true })],
  [
    "one's own reviews",
    (h) => queryReviews(h, { filter: { namespace: 'stores', entityId: 'p1', 'author.contactId': 'c1' }, limit: 1 }),
  ],
  ['a count with private reviews', (h) => countReviews(h, { namespace: 'stores', entityId: 'p1' }, true)],
  ['a next page (an opaque cursor)', (h) => queryReviews(h, { cursor: 'abc', limit: 5 })],
  ['pending reviews', (h) => queryReviews(h, { filter: { 'moderation.moderationStatus': 'IN_MODERATION' } })],
];

describe('isPublicRead', () => {
  it.each(publicCalls)('takes %s exactly as the core sends it', async (_, call) => {
    const s = await sent(call);
    expect(isPublicRead(s.method, s.path, s.body)).toBe(true);
  });

  it.each(publicCalls)('takes %s as the builder hands it to the http layer (before JSON)', async (_, call) => {
    let got: [string, string, unknown] | undefined;
    const http: Http = {
      request: (o) => {
        const qs = o.query ? toQueryString(o.query) : '';
        got = [o.method ?? 'GET', o.path + (qs ? `?${qs}` : ''), o.body];
        return Promise.reject(new Error('stop'));
      },
    };
    await call(http).catch(() => undefined);
    expect(isPublicRead(...got!)).toBe(true);
  });

  it.each(privateCalls)('refuses %s', async (_, call) => {
    const s = await sent(call);
    expect(isPublicRead(s.method, s.path, s.body)).toBe(false);
  });

  it('refuses member, cart, order, back-in-stock, token reads and every write', () => {
    const refused: [string, string, unknown][] = [
      ['GET', '/ecom/v1/carts/current', undefined],
      ['POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [] }],
      ['POST', '/ecom/v1/orders/query', { query: {} }],
      ['GET', '/members/v1/members/my', undefined],
      ['GET', '/back-in-stock-service/v1/back-in-stock-notification-requests', undefined],
      ['POST', '/back-in-stock-service/v1/back-in-stock-notification-requests/query', { query: {} }],
      ['POST', '/oauth2/token', { grantType: 'anonymous' }],
      ['POST', '/reviews/v1/reviews', { review: {} }],
      ['DELETE', '/stores-reader/v1/products/p1', undefined],
      ['PATCH', '/reviews/v1/reviews/r1', {}],
      // public paths with something more
      ['GET', '/stores-reader/v1/products/p1', {}],
      ['GET', '/stores-reader/v1/products/p1?includeMerchantSpecificData=true', undefined],
      ['GET', '/stores/v3/products/p1?fields=MERCHANT_DATA', undefined],
      ['GET', '/stores/v3/products/p1?fields=URL&other=1', undefined],
      ['POST', '/stores-reader/v1/products/query', { query: {}, includeHiddenProducts: true }],
      ['POST', '/stores-reader/v1/products/query', { query: {}, includeMerchantSpecificData: true }],
      ['POST', '/stores/v3/products/query', { query: {}, fields: ['MERCHANT_DATA'] }],
      ['POST', '/reviews/v1/reviews/count', { filter: {}, includePrivateReviews: false, x: 1 }],
      ['POST', '/reviews/v1/reviews/count', { filter: {}, includePrivateReviews: true, other: undefined }],
      ['POST', '/reviews/v1/reviews/count', { filter: { $or: [{ namespace: 'stores' }] } }],
      ['POST', '/reviews/v1/reviews/count', { filter: { entityId: { $regex: '.' } } }],
      ['POST', '/reviews/v1/reviews/count', { filter: { entityId: { a: { b: 1 } } } }],
      ['POST', '/reviews/v1/reviews/query', { query: { sort: [{ fieldName: 'moderation.moderationStatus' }] } }],
      ['POST', '/reviews/v1/reviews/query', JSON.parse('{"query":{},"__proto__":{"returnPrivateReviews":true}}')],
      ['POST', '/reviews/v1/reviews/count?x=1', { filter: {} }],
      ['POST', '/v1/recommendations/get', { algorithms: 'all' }],
      ['POST', '/v1/recommendations/get', null],
      ['GET', '/v1/recommendations/algorithms?x=1', undefined],
      ['get', '/v1/recommendations/algorithms', undefined],
    ];
    for (const [method, path, body] of refused)
      expect([method, path, isPublicRead(method, path, body)]).toEqual([method, path, false]);
  });

  it('refuses paths that would leave the platform or climb out of a route', () => {
    for (const p of [
      'https://evil.test/stores/v3/provision/version',
      '//evil.test/stores/v3/provision/version',
      '/stores-reader/v1/products/../../ecom/v1/carts/current',
      '/stores-reader/v1/products/%2e%2e',
      '/stores-reader/v1/products/.',
      '/stores-reader/v1/products/a%2Fb',
      '/stores-reader/v1/products/a#b',
      '/stores-reader/v1/products/a\\b',
      '/stores-reader/v1/products/a b',
      'stores/v3/provision/version',
      '',
    ]) {
      expect([p, safePath(p) && isPublicRead('GET', p, undefined)]).toEqual([p, false]);
    }
    expect(safePath('/stores-reader/v1/products/p%201')).toBe(true);
    expect(isPublicRead('GET', '/stores-reader/v1/products/p%201', undefined)).toBe(true);
    expect(isPublicRead('GET', '/ecom/v1/recommendations/algorithms', undefined)).toBe(true);
  });
});
