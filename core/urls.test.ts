import { describe, expect, it } from 'vitest';
import { ops, route } from './urls.ts';

describe('operation table', () => {
  it('uses the real platform paths, not the spec protoPaths', () => {
    expect(ops.token.path).toBe('/oauth2/token');
    expect(ops.redirectSession.path).toBe('/_api/redirects-api/v1/redirect-session');
    expect(ops.login.path).toBe('/_api/iam/authentication/v2/login');
    expect(ops.verify.path).toBe('/_api/iam/verification/v1/auth/verify');
    expect(ops.myMember).toEqual({ method: 'GET', path: '/members/v1/members/my' });
    expect(ops.queryReviews.path).toBe('/reviews/v1/reviews/query');
    expect(ops.addToCart.path).toBe('/ecom/v1/carts/current/add-to-cart');
    expect(ops.getRecommendation.path).toBe('/v1/recommendations/get');
    expect(ops.queryProducts.path).toBe('/stores-reader/v1/products/query');
    expect(ops.queryProductsV3).toEqual({ method: 'POST', path: '/stores/v3/products/query' });
    expect(ops.catalogVersion).toEqual({ method: 'GET', path: '/stores/v3/provision/version' });
    for (const op of Object.values(ops))
      expect(op.path).toMatch(
        /^\/(oauth2|_api|members|reviews|site-media|ecom|back-in-stock-service|v1\/recommendations|stores-reader|stores\/v3)\//,
      );
  });

  it('records the back-in-stock GET query POST fallback', () => {
    expect(ops.queryStockRequests).toEqual({
      method: 'GET',
      path: '/back-in-stock-service/v1/back-in-stock-notification-requests',
      fallbackPath: '/back-in-stock-service/v1/back-in-stock-notification-requests/query',
    });
  });

  it('fills and encodes path parameters', () => {
    expect(route(ops.getReview, { id: 'a/b c' })).toEqual({ method: 'GET', path: '/reviews/v1/reviews/a%2Fb%20c' });
    expect(() => route(ops.getProduct)).toThrow('Missing path parameter: id');
  });
});
