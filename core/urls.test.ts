import { describe, expect, it } from 'vitest';
import { api, route } from './urls.ts';

describe('URL table', () => {
  it('uses the real platform paths, not the spec protoPaths', () => {
    expect(api.token.path).toBe('/oauth2/token');
    expect(api.redirectSession.path).toBe('/_api/redirects-api/v1/redirect-session');
    expect(api.login.path).toBe('/_api/iam/authentication/v2/login');
    expect(api.verify.path).toBe('/_api/iam/verification/v1/auth/verify');
    expect(api.myMember).toEqual({ method: 'GET', path: '/members/v1/members/my' });
    expect(api.queryReviews.path).toBe('/reviews/v1/reviews/query');
    expect(api.addToCart.path).toBe('/ecom/v1/carts/current/add-to-cart');
    expect(api.getRecommendation.path).toBe('/v1/recommendations/get');
    expect(api.queryProducts.path).toBe('/stores-reader/v1/products/query');
    expect(api.queryProductsV3).toEqual({ method: 'POST', path: '/stores/v3/products/query' });
    expect(api.catalogVersion).toEqual({ method: 'GET', path: '/stores/v3/provision/version' });
    for (const op of Object.values(api))
      expect(op.path).toMatch(
        /^\/(oauth2|_api|members|reviews|site-media|ecom|back-in-stock-service|v1\/recommendations|stores-reader|stores\/v3)\//,
      );
  });

  it('records the back-in-stock GET query POST fallback', () => {
    expect(api.queryStockRequests).toEqual({
      method: 'GET',
      path: '/back-in-stock-service/v1/back-in-stock-notification-requests',
      fallbackPath: '/back-in-stock-service/v1/back-in-stock-notification-requests/query',
    });
  });

  it('fills and encodes path parameters', () => {
    expect(route(api.getReview, { id: 'a/b c' })).toEqual({ method: 'GET', path: '/reviews/v1/reviews/a%2Fb%20c' });
    expect(() => route(api.getProduct)).toThrow('Missing path parameter: id');
  });
});
