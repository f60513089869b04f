/**
 * The one URL table: every platform operation the widgets use, with its real path on `www.wixapis.com`
 * (wire-protocol.md §10 item 1: the spec's protoPaths plus their service prefixes). `{name}` is a path
 * parameter (see `route`). `fallbackPath` is the POST used when a GET's query string gets too long.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  path: string;
  fallbackPath?: string;
}

const op = (method: HttpMethod, path: string, fallbackPath?: string): Operation =>
  fallbackPath ? { method, path, fallbackPath } : { method, path };

const AUTHN = '/_api/iam/authentication/v2';
const VERIFY = '/_api/iam/verification/v1/auth';
const REVIEWS = '/reviews/v1/reviews';
const CART = '/ecom/v1/carts/current';
const BIS = '/back-in-stock-service/v1/back-in-stock-notification-requests';
const RECS = '/v1/recommendations';
const STORES = '/stores-reader/v1';

export const api = {
  // OAuth (§1): no version prefix, no Authorization header.
  token: op('POST', '/oauth2/token'),
  // Redirect session (§2): login, silent login, logout, checkout.
  redirectSession: op('POST', '/_api/redirects-api/v1/redirect-session'),
  // Authentication (§3).
  login: op('POST', `${AUTHN}/login`),
  register: op('POST', `${AUTHN}/register`),
  changePassword: op('POST', `${AUTHN}/change-password`),
  verify: op('POST', `${VERIFY}/verify`),
  resend: op('POST', `${VERIFY}/resend`),
  sendRecoveryEmail: op('POST', '/_api/iam/recovery/v1/send-email'),
  recover: op('POST', '/_api/iam/recovery/v1/recover'),
  // Members (§5): `?fieldsets=FULL`.
  myMember: op('GET', '/members/v1/members/my'),
  deleteMyMember: op('DELETE', '/members/v1/members/my'),
  updateMember: op('PATCH', '/members/v1/members/{id}'),
  joinCommunity: op('POST', '/members/v1/members/join-community'),
  leaveCommunity: op('POST', '/members/v1/members/leave-community'),
  // Clear a contact set (an empty array in updateMember has no effect): `{member}`.
  deleteMemberPhones: op('DELETE', '/members/v1/members/{id}/phones'),
  deleteMemberEmails: op('DELETE', '/members/v1/members/{id}/emails'),
  deleteMemberAddresses: op('DELETE', '/members/v1/members/{id}/addresses'),
  // Reviews (§4).
  queryReviews: op('POST', `${REVIEWS}/query`),
  countReviews: op('POST', `${REVIEWS}/count`),
  createReview: op('POST', REVIEWS),
  getReview: op('GET', `${REVIEWS}/{id}`),
  updateReview: op('PATCH', `${REVIEWS}/{id}`),
  deleteReview: op('DELETE', `${REVIEWS}/{id}`),
  replyToReview: op('PATCH', `${REVIEWS}/{id}/reply`),
  deleteReviewReply: op('DELETE', `${REVIEWS}/{id}/reply`),
  moderateReview: op('PATCH', `${REVIEWS}/{id}/moderate`),
  bulkModerateReviews: op('POST', '/reviews/v1/bulk/reviews/moderate'),
  bulkDeleteReviews: op('POST', '/reviews/v1/bulk/reviews/delete'),
  // Site media (spec "Media files"): the upload URL for review photos; service prefix chosen as `/site-media`.
  generateUploadUrl: op('POST', '/site-media/v1/files/generate-upload-url'),
  // Current cart (§6).
  getCart: op('GET', CART),
  updateCart: op('PATCH', CART), // applies a coupon
  deleteCart: op('DELETE', CART),
  addToCart: op('POST', `${CART}/add-to-cart`),
  updateLineItemsQuantity: op('POST', `${CART}/update-line-items-quantity`),
  removeLineItems: op('POST', `${CART}/remove-line-items`),
  removeCoupon: op('POST', `${CART}/remove-coupon`),
  estimateTotals: op('POST', `${CART}/estimate-totals`),
  createCheckout: op('POST', `${CART}/create-checkout`),
  // Back-in-stock notification requests (§7).
  createStockRequest: op('POST', BIS),
  getStockRequest: op('GET', `${BIS}/{id}`),
  deleteStockRequest: op('DELETE', `${BIS}/{id}`),
  queryStockRequests: op('GET', BIS, `${BIS}/query`),
  countStockRequests: op('GET', `${BIS}/count-by-catalog-reference`),
  // Recommendations (§8); alias `/ecom/v1/recommendations/…`.
  listAlgorithms: op('GET', `${RECS}/algorithms`),
  getRecommendation: op('POST', `${RECS}/get`),
  // Stores catalog reader (V1).
  queryProducts: op('POST', `${STORES}/products/query`),
  getProduct: op('GET', `${STORES}/products/{id}`),
  queryCollections: op('POST', `${STORES}/collections/query`),
  // Stores catalog V3 (`@wix/auto_sdk_stores_products-v-3`; docs/wire.md "Catalog V1 and V3"): a site is on one of them.
  catalogVersion: op('GET', '/stores/v3/provision/version'),
  getProductV3: op('GET', '/stores/v3/products/{id}'),
  queryProductsV3: op('POST', '/stores/v3/products/query'),
} as const satisfies Record<string, Operation>;

/**
 * Operations only an admin identity may call and no browser code calls: the site companion's and the emulator's. Kept
 * out of {@link api} so the browser's core chunk does not carry them (an unused export is dropped from the bundle; a
 * table is kept whole).
 */
export const adminApi = {
  // eCommerce orders (`@wix/auto_sdk_ecom_orders`; docs/wire.md "Orders").
  getOrder: op('GET', '/ecom/v1/orders/{id}'),
  searchOrders: op('POST', '/ecom/v1/orders/search'),
  cancelOrder: op('POST', '/ecom/v1/orders/{id}/cancel'),
  addOrderActivity: op('POST', '/ecom/v1/orders/{id}/activities'),
  listOrderFulfillments: op('GET', '/ecom/v1/fulfillments/orders/{orderId}'),
  createFulfillment: op('POST', '/ecom/v1/fulfillments/orders/{orderId}/create-fulfillment'),
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof api;

/** Fill `{name}` parameters (URL-encoded) of an operation: `route(api.getReview, {id})`. */
export function route(operation: Operation, params: Record<string, string> = {}): Operation {
  const fill = (p: string) =>
    p.replace(/\{(\w+)\}/g, (_, k: string) => {
      const v = params[k];
      if (v === undefined) throw new Error(`Missing path parameter: ${k}`);
      return encodeURIComponent(v);
    });
  return op(operation.method, fill(operation.path), operation.fallbackPath && fill(operation.fallbackPath));
}
