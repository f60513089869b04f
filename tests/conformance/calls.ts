/**
 * Every platform call Inlay or its site companion makes, one row per operation of the table (core/ops/*.ts `ops` and
 * core/ops/admin.ts `adminOps`): who sends it, the identity the platform wants, the platform's generated client
 * method that makes the same request, and whether the request is that method's (verified) or Inlay's choice.
 * tests/conformance/coverage.test.ts holds this table to the operations, to the generated clients in node_modules
 * and to the conformance files; tests/contract/wire-table.test.ts holds docs/wire.md "Every platform call" to it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminOps, ops, type Operation } from '../../core/urls.ts';

const ROOT = join(import.meta.dirname, '../..');

/** Every operation of the table: the browser's (`ops`) and the admin-only ones (`adminOps`). */
export const ALL_OPS: Readonly<Record<string, Operation>> = { ...ops, ...adminOps };
export type OpName = keyof typeof ops | keyof typeof adminOps;

/**
 * - `public`: a method the generated client exports in its typings (`build/cjs/index.d.ts`);
 * - `internal`: a method of the client's runtime (`build/cjs/index.js`, `meta.js`) that its public typings leave
 *   out (the platform marks it internal);
 * - `none`: no installed generated client has it; the path is the spec's (`source` says where).
 */
export type Visibility = 'public' | 'internal' | 'none';
export type Identity = 'none' | 'visitor' | 'member' | 'visitor or member' | 'member (own) or admin' | 'admin';

export interface Call {
  /**
   * Who sends it: the browser (which widgets), the site companion (its modules that send it), or `other` (no Inlay
   * code: who does, or why the emulator serves it).
   */
  by: { browser?: string; companion?: readonly string[]; other?: string };
  identity: Identity;
  visibility: Visibility;
  /** The generated client's package (`@wix/auto_sdk_…`) and method, when one has it. */
  client?: { pkg: string; method: string };
  /** Where the path comes from when no generated client has the method. */
  source?: string;
  /**
   * `verified`: the generated client's method sends this method and path (checked from its meta.js) and the
   * official SDK runs it against the emulator; `chosen`: Inlay's, from the spec (no generated method), or the
   * generated method's path with a body of Inlay's choosing (`note` says why).
   */
  status: 'verified' | 'chosen';
  /** The generated method sends `fallbackOf` first and this request as its fallback when the query string is long. */
  fallbackOf?: 'GET';
  /** The conformance file (tests/conformance/) whose cases exercise it. */
  file: string;
  note?: string;
}

const ORDERS = '@wix/auto_sdk_ecom_orders';
const DRAFTS = '@wix/auto_sdk_ecom_draft-orders';
const CART = '@wix/auto_sdk_ecom_current-cart';
const REVIEWS = '@wix/auto_sdk_reviews_reviews';
const MEMBERS = '@wix/auto_sdk_members_members';
const BADGES = '@wix/auto_sdk_members_badges';
const CUSTOM_FIELDS = '@wix/auto_sdk_members_custom-fields';
const BIS = '@wix/auto_sdk_ecom_back-in-stock-notifications';
const BIS_SETTINGS = '@wix/auto_sdk_ecom_back-in-stock-settings';
/** The owner console's Settings › Back in stock, through the site companion (issue 40, i40-bis). */
const ADMIN_BIS = 'companion/admin-back-in-stock.ts';
const ABANDONED = '@wix/auto_sdk_ecom_abandoned-checkouts';
const TAX_GROUPS = '@wix/auto_sdk_ecom_tax-groups';
const TAX_REGIONS = '@wix/auto_sdk_ecom_tax-regions';
/** Not installed: the published client's request builders (its build/cjs/index.js), read for the paths. */
const TAX_MAPPINGS_SOURCE = '@wix/auto_sdk_ecom_manual-tax-mappings 1.0.46 (npm; build/cjs/index.js)';
const CONTACTS = '@wix/auto_sdk_crm_contacts';
const AUTHN = '@wix/auto_sdk_identity_authentication';
const RECOVERY = '@wix/auto_sdk_identity_recovery';
const MEDIA_FILES = '@wix/auto_sdk_media_files';
const MEDIA_FOLDERS = '@wix/auto_sdk_media_folders';
/** Who sends the media library's calls (the companion's routes are issue 41's i41-fcon). */
const MEDIA_BY = "the owner console's media section, through the site companion (issue 41)";
/** The owner console's media section's companion routes (docs/companion.md "Owner console: media library"). */
const ADMIN_MEDIA = 'companion/admin-media.ts';

const pub = (pkg: string, method: string) =>
  ({ visibility: 'public', client: { pkg, method }, status: 'verified' }) as const;
const internal = (pkg: string, method: string) =>
  ({ visibility: 'internal', client: { pkg, method }, status: 'verified' }) as const;
const none = (source: string) => ({ visibility: 'none', source, status: 'chosen' }) as const;

const ACCOUNT = 'companion/account.ts';
const ADMIN_ORDERS = 'companion/admin-orders.ts';
/** The owner console's fulfilments (issue 40, i40-ful; docs/companion.md "Owner console: fulfilment"). */
const ADMIN_FUL = 'companion/admin-fulfillments.ts';
const FUL = '@wix/auto_sdk_ecom_order-fulfillments';
const ADMIN_PAYMENTS = 'companion/admin-payments.ts';
const ADMIN_ABANDONED = 'companion/admin-abandoned.ts';
const ADMIN_TAXES = 'companion/admin-taxes.ts';
const ADMIN_MEMBERS = 'companion/admin-members.ts';
const ADMIN_SHIPPING = 'companion/admin-shipping.ts';
const SHIPPING = '@wix/auto_sdk_ecom_shipping-options';
const SHIPPING_FILE = 'shipping-options.test.ts';
const COMPANION_REVIEWS = 'companion/reviews.ts';
const VISITOR = 'companion/visitor.ts';
/** The public reads: forwarded as the companion's own visitor, path and body as the browser built them (issue 39). */
const PUBLIC = 'companion/public.ts';
const SDK = 'sdk.test.ts';
const TIP_SETTINGS = '@wix/auto_sdk_ecom_tip-settings';
const TIPS_PKG = '@wix/auto_sdk_ecom_tips';
const CHECKOUT_SETTINGS = '@wix/auto_sdk_ecom_checkout-settings';
/** The owner console's Settings › Tips and › Checkout routes (docs/companion.md "Owner console: tips and checkout settings"). */
const ADMIN_TIPS = 'companion/admin-tips.ts';
const TIPS_FILE = 'tips.test.ts';
const DISCOUNT_RULES = '@wix/auto_sdk_ecom_discount-rules';
/** The owner console's Settings › Discounts, through the site companion (issue 40, i40-disc). */
const ADMIN_DISCOUNTS = 'companion/admin-discounts.ts';

export const CALLS = {
  // OAuth and redirect sessions
  token: {
    by: { browser: 'core (every widget)', companion: ['companion/platform.ts', ADMIN_DISCOUNTS] },
    identity: 'none',
    ...pub('@wix/auto_sdk_identity_oauth', 'token'),
    file: SDK,
  },
  redirectSession: {
    by: { browser: 'core (login, logout, checkout), <inlay-account>' },
    identity: 'visitor or member',
    ...pub('@wix/auto_sdk_redirects_redirects', 'createRedirectSession'),
    file: SDK,
  },
  // Identity (sign-in)
  login: { by: { browser: '<inlay-login>' }, identity: 'visitor', ...pub(AUTHN, 'loginV2'), file: SDK },
  register: { by: { browser: '<inlay-login>' }, identity: 'visitor', ...pub(AUTHN, 'registerV2'), file: SDK },
  changePassword: {
    by: { browser: '<inlay-login> profile' },
    identity: 'member',
    ...pub(AUTHN, 'changePassword'),
    file: 'identity.test.ts',
  },
  verify: {
    by: { browser: '<inlay-login>' },
    identity: 'visitor',
    ...pub('@wix/auto_sdk_identity_verification', 'verifyDuringAuthentication'),
    file: SDK,
  },
  resend: {
    by: { browser: '<inlay-login>' },
    identity: 'visitor',
    ...none('docs/spec/wire-protocol.md §3 (no generated method: issue 38 point 8)'),
    file: 'admin-fidelity.test.ts',
  },
  verifyFactor: {
    by: { browser: '<inlay-login> (second factor)' },
    identity: 'visitor',
    ...none('docs/spec/platform-client.md: POST /v2/{factorType}/verify, body VerifyRequest'),
    file: 'mfa.test.ts',
    note: 'without factor data it switches factor or resends (docs/wire.md issue 42)',
  },
  sendRecoveryEmail: {
    by: { browser: '<inlay-login>' },
    identity: 'visitor',
    ...pub(RECOVERY, 'sendRecoveryEmail'),
    file: SDK,
  },
  recover: {
    by: { browser: '<inlay-login>' },
    identity: 'visitor',
    ...pub(RECOVERY, 'recover'),
    file: 'identity.test.ts',
  },
  // Members
  myMember: {
    by: { browser: '<inlay-login> profile, <inlay-account>', companion: ['companion/identity.ts (core/api/members)'] },
    identity: 'member',
    ...pub(MEMBERS, 'getCurrentMember'),
    file: SDK,
  },
  deleteMyMember: {
    by: { browser: '<inlay-account>' },
    identity: 'member',
    ...pub(MEMBERS, 'deleteMyMember'),
    file: SDK,
  },
  updateMember: {
    by: { browser: '<inlay-login> profile, <inlay-account>', companion: [ADMIN_MEMBERS] },
    identity: 'member',
    ...pub(MEMBERS, 'updateMember'),
    file: SDK,
  },
  joinCommunity: {
    by: { browser: '<inlay-login> profile' },
    identity: 'member',
    ...pub(MEMBERS, 'joinCommunity'),
    file: 'members.test.ts',
  },
  leaveCommunity: {
    by: { browser: '<inlay-login> profile' },
    identity: 'member',
    ...pub(MEMBERS, 'leaveCommunity'),
    file: 'members.test.ts',
  },
  deleteMemberPhones: {
    by: { browser: '<inlay-account>' },
    identity: 'member',
    ...pub(MEMBERS, 'deleteMemberPhones'),
    file: 'members.test.ts',
  },
  deleteMemberEmails: {
    by: { browser: '<inlay-account>' },
    identity: 'member',
    ...pub(MEMBERS, 'deleteMemberEmails'),
    file: 'members.test.ts',
  },
  deleteMemberAddresses: {
    by: { browser: '<inlay-account>' },
    identity: 'member',
    ...pub(MEMBERS, 'deleteMemberAddresses'),
    file: SDK,
  },
  // Reviews
  queryReviews: {
    by: {
      browser: '<inlay-reviews>, <inlay-rating>',
      companion: [COMPANION_REVIEWS, ADMIN_MEMBERS, `${ADMIN_MEDIA} (the review of a visitor's photo)`, PUBLIC],
    },
    identity: 'visitor or member',
    ...pub(REVIEWS, 'queryReviews'),
    file: SDK,
  },
  countReviews: {
    by: { browser: '<inlay-reviews>, <inlay-rating>', companion: [COMPANION_REVIEWS, PUBLIC] },
    identity: 'visitor or member',
    ...pub(REVIEWS, 'countReviews'),
    file: SDK,
  },
  createReview: {
    by: { browser: '<inlay-reviews> form', companion: [VISITOR] },
    identity: 'member',
    ...pub(REVIEWS, 'createReview'),
    file: SDK,
    note: "the companion writes a visitor's review as an admin, with a contact it made",
  },
  getReview: {
    by: { browser: '<inlay-reviews>' },
    identity: 'visitor or member',
    ...pub(REVIEWS, 'getReview'),
    file: SDK,
  },
  updateReview: {
    by: { browser: '<inlay-reviews> (own review)' },
    identity: 'member (own) or admin',
    ...pub(REVIEWS, 'updateReview'),
    file: 'reviews.test.ts',
  },
  deleteReview: {
    by: { browser: '<inlay-reviews> (own review)', companion: [COMPANION_REVIEWS] },
    identity: 'member (own) or admin',
    ...pub(REVIEWS, 'deleteReview'),
    file: 'admin-fidelity.test.ts',
  },
  replyToReview: {
    by: { companion: [COMPANION_REVIEWS] },
    identity: 'admin',
    ...pub(REVIEWS, 'setReply'),
    file: SDK,
  },
  deleteReviewReply: {
    by: { companion: [COMPANION_REVIEWS] },
    identity: 'admin',
    ...pub(REVIEWS, 'removeReply'),
    file: 'reviews.test.ts',
  },
  moderateReview: {
    by: { companion: [COMPANION_REVIEWS] },
    identity: 'admin',
    ...pub(REVIEWS, 'updateModerationStatus'),
    file: SDK,
  },
  bulkModerateReviews: {
    by: { companion: [COMPANION_REVIEWS] },
    identity: 'admin',
    ...pub(REVIEWS, 'bulkUpdateModerationStatus'),
    file: 'admin-fidelity.test.ts',
  },
  bulkDeleteReviews: {
    by: { other: 'no Inlay caller (core/api/review-writes.ts bulkDelete is unused); served for the official client' },
    identity: 'admin',
    ...pub(REVIEWS, 'bulkDeleteReviews'),
    file: 'admin-fidelity.test.ts',
  },
  generateUploadUrl: {
    by: { companion: [VISITOR, ADMIN_MEDIA] },
    identity: 'admin',
    ...pub('@wix/auto_sdk_media_files', 'generateFileUploadUrl'),
    file: SDK,
  },
  // Current cart
  getCart: {
    by: { browser: '<inlay-cart>' },
    identity: 'visitor or member',
    ...pub(CART, 'getCurrentCart'),
    file: SDK,
  },
  updateCart: {
    by: { browser: '<inlay-cart>' },
    identity: 'visitor or member',
    ...pub(CART, 'updateCurrentCart'),
    file: SDK,
  },
  deleteCart: {
    by: { browser: '<inlay-cart>', companion: [ADMIN_DISCOUNTS] },
    identity: 'visitor or member',
    ...pub(CART, 'deleteCurrentCart'),
    file: 'cart-and-stock.test.ts',
  },
  addToCart: {
    by: { browser: '<inlay-add-to-cart>, <inlay-cart>', companion: [ADMIN_DISCOUNTS] },
    identity: 'visitor or member',
    ...pub(CART, 'addToCurrentCart'),
    file: SDK,
  },
  updateLineItemsQuantity: {
    by: { browser: '<inlay-cart>' },
    identity: 'visitor or member',
    ...pub(CART, 'updateCurrentCartLineItemQuantity'),
    file: SDK,
  },
  removeLineItems: {
    by: { browser: '<inlay-cart>' },
    identity: 'visitor or member',
    ...pub(CART, 'removeLineItemsFromCurrentCart'),
    file: SDK,
  },
  removeCoupon: {
    by: { browser: '<inlay-cart>' },
    identity: 'visitor or member',
    ...pub(CART, 'removeCouponFromCurrentCart'),
    file: SDK,
  },
  estimateTotals: {
    by: { browser: '<inlay-cart>', companion: [ADMIN_DISCOUNTS] },
    identity: 'visitor or member',
    ...pub(CART, 'estimateCurrentCartTotals'),
    file: SDK,
  },
  createCheckout: {
    by: { browser: '<inlay-cart>' },
    identity: 'visitor or member',
    ...pub(CART, 'createCheckoutFromCurrentCart'),
    file: SDK,
  },
  // Back in stock
  createStockRequest: {
    by: { browser: '<inlay-back-in-stock>', companion: [VISITOR] },
    identity: 'visitor or member',
    ...pub(BIS, 'createBackInStockNotificationRequest'),
    file: SDK,
  },
  getStockRequest: {
    by: { companion: [VISITOR] },
    identity: 'admin',
    ...pub(BIS, 'getBackInStockNotificationRequest'),
    file: SDK,
  },
  deleteStockRequest: {
    by: { companion: [VISITOR] },
    identity: 'admin',
    ...pub(BIS, 'deleteBackInStockNotificationRequest'),
    file: SDK,
  },
  queryStockRequests: {
    by: { companion: [ADMIN_BIS], other: 'the site owner’s tools (docs/wire.md BIS-2)' },
    identity: 'admin',
    ...pub(BIS, 'queryBackInStockNotificationRequests'),
    file: SDK,
  },
  countStockRequests: {
    by: { other: 'the site owner’s tools (docs/wire.md BIS-3)' },
    identity: 'admin',
    ...pub(BIS, 'getBackInStockNotificationRequestsCountByCatalogReferences'),
    file: 'cart-and-stock.test.ts',
  },
  reportItemsBackInStock: {
    by: { companion: [ADMIN_BIS] },
    identity: 'admin',
    ...pub(BIS, 'reportItemsBackInStock'),
    file: 'back-in-stock-owner.test.ts',
  },
  markStockRequestSent: {
    by: { other: 'the site owner’s tools (a notice sent outside the site)' },
    identity: 'admin',
    ...pub(BIS, 'markAsNotificationSent'),
    file: 'back-in-stock-owner.test.ts',
  },
  getStockSettings: {
    by: { companion: [ADMIN_BIS] },
    identity: 'admin',
    ...pub(BIS_SETTINGS, 'getSettings'),
    file: 'back-in-stock-owner.test.ts',
  },
  startCollectingStockRequests: {
    by: { companion: [ADMIN_BIS] },
    identity: 'admin',
    ...pub(BIS_SETTINGS, 'startCollectingRequests'),
    file: 'back-in-stock-owner.test.ts',
  },
  stopCollectingStockRequests: {
    by: { companion: [ADMIN_BIS] },
    identity: 'admin',
    ...pub(BIS_SETTINGS, 'stopCollectingRequests'),
    file: 'back-in-stock-owner.test.ts',
  },
  // Recommendations
  listAlgorithms: {
    by: { browser: '<inlay-recommendations>', companion: [PUBLIC] },
    identity: 'visitor or member',
    ...pub('@wix/auto_sdk_ecom_recommendations', 'listAvailableAlgorithms'),
    file: SDK,
  },
  getRecommendation: {
    by: { browser: '<inlay-recommendations>', companion: [PUBLIC] },
    identity: 'visitor or member',
    ...pub('@wix/auto_sdk_ecom_recommendations', 'getRecommendation'),
    file: SDK,
  },
  // Catalog
  queryProducts: {
    by: { browser: 'catalog reads (V1 site)', companion: [PUBLIC] },
    identity: 'visitor or member',
    ...none('docs/spec/wire-protocol.md (stores-reader Query Products)'),
    file: 'catalog-v1.test.ts',
    note: "the SDK's queryProducts sends GET /stores-reader/v1/products/query-platformized instead (served too)",
  },
  getProduct: {
    by: { browser: 'catalog reads (V1 site)', companion: [PUBLIC] },
    identity: 'visitor or member',
    ...pub('@wix/auto_sdk_stores_products', 'getProduct'),
    file: SDK,
  },
  queryCollections: {
    by: { other: 'the demo storefront’s own server (demo/catalog.ts); no widget' },
    identity: 'visitor or member',
    ...none('docs/spec/wire-protocol.md (stores-reader Query Collections; no collections client installed)'),
    file: 'catalog-v1.test.ts',
  },
  catalogVersion: {
    by: { browser: 'catalog reads (the first product read)', companion: [PUBLIC] },
    identity: 'visitor or member',
    ...none('dev.wix.com "Get Catalog Version" (docs/wire.md "Catalog V1 and V3"; no versioning client installed)'),
    file: 'catalog-v3.test.ts',
    note: 'visitor access unverified',
  },
  getProductV3: {
    by: { browser: 'catalog reads (V3 site)', companion: [PUBLIC] },
    identity: 'visitor or member',
    ...pub('@wix/auto_sdk_stores_products-v-3', 'getProduct'),
    file: 'catalog-v3.test.ts',
  },
  queryProductsV3: {
    by: { browser: 'catalog reads (V3 site)', companion: [PUBLIC] },
    identity: 'visitor or member',
    visibility: 'public',
    client: { pkg: '@wix/auto_sdk_stores_products-v-3', method: 'queryProducts' },
    status: 'verified',
    fallbackOf: 'GET',
    file: 'catalog-v3.test.ts',
    note: 'the SDK sends GET …/query?.r= and this POST, with the same body, as its long-query fallback',
  },
  // Admin: identity and contacts
  tokenInfo: {
    by: { companion: ['companion/identity.ts'] },
    identity: 'none',
    ...pub('@wix/auto_sdk_identity_oauth', 'tokenInfo'),
    status: 'chosen',
    file: 'identity.test.ts',
    note: 'body {token} as dev.wix.com documents it; the generated tokenInfo sends a RawHttpRequest ({body: base64})',
  },
  createContact: {
    by: { companion: [VISITOR] },
    identity: 'admin',
    ...pub(CONTACTS, 'createContact'),
    file: 'contacts.test.ts',
  },
  queryContacts: {
    by: { companion: [VISITOR, ADMIN_ABANDONED] },
    identity: 'admin',
    ...pub(CONTACTS, 'queryContacts'),
    file: 'contacts.test.ts',
  },
  getContact: {
    by: { other: 'served for the official contacts client; no Inlay caller' },
    identity: 'admin',
    ...pub(CONTACTS, 'getContact'),
    file: 'contacts.test.ts',
  },
  // Admin: orders
  getOrder: {
    by: { companion: [ACCOUNT, ADMIN_ORDERS, ADMIN_PAYMENTS, ADMIN_FUL] },
    identity: 'admin',
    ...pub(ORDERS, 'getOrder'),
    file: SDK,
  },
  searchOrders: {
    by: { companion: [ACCOUNT, ADMIN_ORDERS, ADMIN_MEMBERS, ADMIN_FUL] },
    identity: 'admin',
    ...pub(ORDERS, 'searchOrders'),
    file: SDK,
  },
  cancelOrder: {
    by: { companion: [ACCOUNT, ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(ORDERS, 'cancelOrder'),
    file: SDK,
  },
  addOrderActivity: {
    by: { other: 'no Inlay caller since issue 38 (AddActivities replaces it); served, a customActivity refused' },
    identity: 'admin',
    ...internal(ORDERS, 'addActivity'),
    file: SDK,
    note: 'deprecated (issue 38 point 1): AddActivities replaces it',
  },
  addOrderActivities: {
    by: { companion: [ACCOUNT, ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(ORDERS, 'addActivities'),
    file: 'order-activities.test.ts',
  },
  listOrderFulfillments: {
    by: { companion: [ACCOUNT, ADMIN_ORDERS, ADMIN_FUL] },
    identity: 'admin',
    ...pub('@wix/auto_sdk_ecom_order-fulfillments', 'listFulfillmentsForSingleOrder'),
    file: 'fulfillments.test.ts',
  },
  getMember: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'member (own) or admin',
    ...pub(MEMBERS, 'getMember'),
    file: 'admin-fidelity.test.ts',
  },
  queryMembers: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'queryMembers'),
    file: 'admin-fidelity.test.ts',
  },
  createFulfillment: {
    by: { companion: [ADMIN_FUL] },
    identity: 'admin',
    ...pub(FUL, 'createFulfillment'),
    file: 'admin-fidelity.test.ts',
  },
  listFulfillmentsForOrders: {
    by: { companion: [ADMIN_FUL] },
    identity: 'admin',
    ...pub(FUL, 'listFulfillmentsForMultipleOrders'),
    file: 'fulfillments.test.ts',
    note: 'the client also names MEMBER as an identity; the emulator serves the admin only (the account reads through the companion)',
  },
  updateFulfillment: {
    by: { companion: [ADMIN_FUL] },
    identity: 'admin',
    ...pub(FUL, 'updateFulfillment'),
    file: 'fulfillments.test.ts',
  },
  deleteFulfillment: {
    by: { companion: [ADMIN_FUL] },
    identity: 'admin',
    ...pub(FUL, 'deleteFulfillment'),
    file: 'fulfillments.test.ts',
  },
  bulkCreateFulfillments: {
    by: { companion: [ADMIN_FUL] },
    identity: 'admin',
    ...pub(FUL, 'bulkCreateFulfillments'),
    file: 'fulfillments.test.ts',
  },
  sendShippingConfirmationEmail: {
    by: { companion: [ADMIN_FUL] },
    identity: 'admin',
    ...none(
      '@wix/auto_sdk_ecom_orders typings: SendBuyerShippingConfirmationEmailRequest {orderId}, no method; path chosen (issue 40)',
    ),
    file: 'fulfillments.test.ts',
  },
  updateOrderStatus: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...internal(ORDERS, 'updateOrderStatus'),
    file: SDK,
  },
  updateOrderActivity: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...internal(ORDERS, 'updateActivity'),
    file: SDK,
  },
  deleteOrderActivity: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...internal(ORDERS, 'deleteActivity'),
    file: SDK,
  },
  bulkUpdateOrderTags: {
    by: { companion: [ACCOUNT, ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(ORDERS, 'bulkUpdateOrderTags'),
    file: SDK,
  },
  aggregateOrders: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...internal(ORDERS, 'aggregateOrders'),
    file: SDK,
  },
  commitOrderDeltas: {
    by: { other: 'no Inlay caller since issue 38 (order edits go through draft orders); served as the spec names it' },
    identity: 'admin',
    ...none('docs/spec/commerce.md (no generated method: issue 38 point 2, Draft Orders replace it)'),
    file: 'draft-orders.test.ts',
  },
  getOrderDraftability: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(DRAFTS, 'getOrderDraftabilityStatus'),
    file: 'draft-orders.test.ts',
  },
  createDraftOrder: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(DRAFTS, 'createDraftOrder'),
    file: 'draft-orders.test.ts',
  },
  updateDraftLineItems: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(DRAFTS, 'updateLineItems'),
    file: 'draft-orders.test.ts',
  },
  setDraftShippingInfo: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(DRAFTS, 'setShippingInfo'),
    file: 'draft-orders.test.ts',
  },
  setDraftBillingInfo: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(DRAFTS, 'setBillingInfo'),
    file: 'draft-orders.test.ts',
  },
  getDraftOrder: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(DRAFTS, 'getDraftOrder'),
    file: 'draft-orders.test.ts',
  },
  commitDraftOrder: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(DRAFTS, 'commitDraftOrder'),
    file: 'draft-orders.test.ts',
  },
  deleteDraftOrder: {
    by: { companion: [ADMIN_ORDERS] },
    identity: 'admin',
    ...pub(DRAFTS, 'deleteDraftOrder'),
    file: 'draft-orders.test.ts',
  },
  // Admin: abandoned checkouts
  queryAbandonedCheckouts: {
    by: { other: 'served for the official client; the console searches' },
    identity: 'admin',
    ...pub(ABANDONED, 'queryAbandonedCheckouts'),
    file: 'abandoned-checkouts.test.ts',
  },
  searchAbandonedCheckouts: {
    by: { companion: [ADMIN_ABANDONED] },
    identity: 'admin',
    ...pub(ABANDONED, 'searchAbandonedCheckouts'),
    file: 'abandoned-checkouts.test.ts',
  },
  getAbandonedCheckout: {
    by: { companion: [ADMIN_ABANDONED] },
    identity: 'admin',
    ...pub(ABANDONED, 'getAbandonedCheckout'),
    file: 'abandoned-checkouts.test.ts',
  },
  addAbandonedCheckoutActivity: {
    by: { companion: [ADMIN_ABANDONED] },
    identity: 'admin',
    ...internal(ABANDONED, 'addAbandonedCheckoutActivity'),
    file: 'abandoned-checkouts.test.ts',
  },
  redirectToAbandonedCheckout: {
    by: { other: 'the recovery link a buyer follows from the email' },
    identity: 'none',
    ...pub(ABANDONED, 'redirectToCheckout'),
    file: 'abandoned-checkouts.test.ts',
  },
  // Admin: payments
  listOrderTransactions: {
    by: {
      companion: [
        ADMIN_PAYMENTS,
        `${ACCOUNT} (a refunded order's units per line)`,
        `${ADMIN_ORDERS} (an order's refunded units per line)`,
      ],
    },
    identity: 'admin',
    ...pub('@wix/auto_sdk_ecom_order-transactions', 'listTransactionsForSingleOrder'),
    file: 'payments.test.ts',
  },
  getPaymentCollectability: {
    by: { companion: [ADMIN_PAYMENTS] },
    identity: 'admin',
    ...pub(ORDERS, 'getPaymentCollectabilityStatus'),
    file: 'payments.test.ts',
  },
  recordManualPayment: {
    by: { companion: [ADMIN_PAYMENTS] },
    identity: 'admin',
    ...internal(ORDERS, 'recordManuallyCollectedPayment'),
    file: 'sdk.test.ts',
  },
  markOrderAsPaid: {
    by: { companion: [ADMIN_PAYMENTS] },
    identity: 'admin',
    ...internal(ORDERS, 'paymentCollectionMarkOrderAsPaid'),
    file: 'sdk.test.ts',
  },
  bulkMarkOrdersAsPaid: {
    by: { companion: [ADMIN_PAYMENTS] },
    identity: 'admin',
    ...internal(ORDERS, 'paymentCollectionBulkMarkOrdersAsPaid'),
    file: 'payments.test.ts',
  },
  getRefundability: {
    by: { companion: [ADMIN_PAYMENTS] },
    identity: 'admin',
    ...internal(ORDERS, 'getRefundabilityStatus'),
    file: 'payments.test.ts',
  },
  triggerRefund: {
    by: { companion: [ADMIN_PAYMENTS] },
    identity: 'admin',
    ...internal(ORDERS, 'triggerRefund'),
    file: 'sdk.test.ts',
  },
  voidAuthorizedPayments: {
    by: { companion: [ADMIN_PAYMENTS] },
    identity: 'admin',
    ...pub(ORDERS, 'voidAuthorizedPayments'),
    file: 'payments.test.ts',
  },
  captureAuthorizedPayments: {
    by: { companion: [ADMIN_PAYMENTS] },
    identity: 'admin',
    ...pub(ORDERS, 'captureAuthorizedPayments'),
    file: 'payments.test.ts',
  },
  listMembers: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(MEMBERS, 'listMembers'),
    file: 'members-admin.test.ts',
  },
  createMember: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(MEMBERS, 'createMember'),
    file: 'members-admin.test.ts',
  },
  approveMember: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'approveMember'),
    file: 'members-admin.test.ts',
  },
  blockMember: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'blockMember'),
    file: 'members-admin.test.ts',
  },
  muteMember: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'muteMember'),
    file: 'members-admin.test.ts',
  },
  unmuteMember: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'unmuteMember'),
    file: 'members-admin.test.ts',
  },
  disconnectMember: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'disconnectMember'),
    file: 'members-admin.test.ts',
  },
  deleteMember: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'deleteMember'),
    file: 'members-admin.test.ts',
    note: 'the client sends `?id=`; its request names no content assignee, so the site owner receives the content; the console names another member through Bulk Delete by Filter on the one id',
  },
  updateMemberSlug: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(MEMBERS, 'updateMemberSlug'),
    file: 'members-admin.test.ts',
  },
  bulkApproveMembers: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'bulkApproveMembers'),
    file: 'members-admin.test.ts',
    note: 'done at once; `jobId` names a finished job',
  },
  bulkBlockMembers: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'bulkBlockMembers'),
    file: 'members-admin.test.ts',
    note: 'done at once; `jobId` names a finished job',
  },
  bulkDeleteMembers: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(MEMBERS, 'bulkDeleteMembers'),
    file: 'members-admin.test.ts',
  },
  bulkDeleteMembersByFilter: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(MEMBERS, 'bulkDeleteMembersByFilter'),
    file: 'members-admin.test.ts',
    note: 'done at once; `jobId` names a finished job',
  },
  createBadge: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(BADGES, 'createBadge'),
    file: 'members-admin.test.ts',
  },
  listBadges: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(BADGES, 'listBadges'),
    file: 'members-admin.test.ts',
  },
  getBadge: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(BADGES, 'getBadge'),
    file: 'members-admin.test.ts',
  },
  updateBadge: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(BADGES, 'updateBadge'),
    file: 'members-admin.test.ts',
  },
  deleteBadge: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(BADGES, 'deleteBadge'),
    file: 'members-admin.test.ts',
  },
  assignBadge: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(BADGES, 'assignBadge'),
    file: 'members-admin.test.ts',
  },
  unassignBadge: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(BADGES, 'unassignBadge'),
    file: 'members-admin.test.ts',
  },
  listMembersByBadge: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(BADGES, 'listMembersByBadge'),
    file: 'members-admin.test.ts',
  },
  listBadgesPerMember: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(BADGES, 'listBadgesPerMember'),
    file: 'members-admin.test.ts',
  },
  getMemberCountsPerBadge: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(BADGES, 'getMemberCountsPerBadge'),
    file: 'members-admin.test.ts',
  },
  updateBadgesDisplayOrder: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(BADGES, 'updateBadgesDisplayOrder'),
    file: 'members-admin.test.ts',
  },
  listCustomFields: {
    by: { companion: [ADMIN_MEMBERS] },
    identity: 'admin',
    ...pub(CUSTOM_FIELDS, 'listCustomFields'),
    file: 'members-admin.test.ts',
  },
  getCustomField: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(CUSTOM_FIELDS, 'getCustomField'),
    file: 'members-admin.test.ts',
  },
  createCustomField: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(CUSTOM_FIELDS, 'createCustomField'),
    file: 'members-admin.test.ts',
  },
  updateCustomField: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(CUSTOM_FIELDS, 'updateCustomField'),
    file: 'members-admin.test.ts',
  },
  deleteCustomField: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(CUSTOM_FIELDS, 'deleteCustomField'),
    file: 'members-admin.test.ts',
  },
  hideCustomField: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(CUSTOM_FIELDS, 'hideCustomField'),
    file: 'members-admin.test.ts',
  },
  updateCustomFieldsOrder: {
    by: { other: 'the owner console’s members section, through the site companion (issue 41)' },
    identity: 'admin',
    ...pub(CUSTOM_FIELDS, 'updateCustomFieldsOrder'),
    file: 'members-admin.test.ts',
  },
  // The media library (issue 41; docs/wire.md "Media library"): the owner console's media section sends them
  // through the site companion.
  listFiles: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'listFiles'),
    file: 'media.test.ts',
  },
  searchFiles: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'searchFiles'),
    file: 'media.test.ts',
  },
  getFileDescriptor: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'getFileDescriptor'),
    file: 'media.test.ts',
  },
  getFileDescriptors: {
    by: { other: MEDIA_BY },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'getFileDescriptors'),
    file: 'media.test.ts',
  },
  updateFileDescriptor: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'updateFileDescriptor'),
    file: 'media.test.ts',
  },
  bulkDeleteFiles: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'bulkDeleteFiles'),
    file: 'media.test.ts',
  },
  listDeletedFiles: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'listDeletedFiles'),
    file: 'media.test.ts',
  },
  bulkRestoreFilesFromTrashBin: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'bulkRestoreFilesFromTrashBin'),
    file: 'media.test.ts',
  },
  createFolder: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'createFolder'),
    file: 'media.test.ts',
  },
  listFolders: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'listFolders'),
    file: 'media.test.ts',
  },
  getFolder: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'getFolder'),
    file: 'media.test.ts',
  },
  updateFolder: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'updateFolder'),
    file: 'media.test.ts',
  },
  searchFolders: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'searchFolders'),
    file: 'media.test.ts',
  },
  queryFolders: {
    by: { other: MEDIA_BY },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'queryFolders'),
    file: 'media.test.ts',
  },
  bulkDeleteFolders: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'bulkDeleteFolders'),
    file: 'media.test.ts',
  },
  listDeletedFolders: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'listDeletedFolders'),
    file: 'media.test.ts',
  },
  bulkRestoreFoldersFromTrashBin: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'bulkRestoreFoldersFromTrashBin'),
    file: 'media.test.ts',
  },
  importFile: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'importFile'),
    file: 'media.test.ts',
  },
  bulkImportFiles: {
    by: { other: MEDIA_BY },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'bulkImportFiles'),
    file: 'media.test.ts',
  },
  bulkImportFile: {
    by: { other: MEDIA_BY },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'bulkImportFile'),
    file: 'media.test.ts',
  },
  generateFileDownloadUrl: {
    by: { companion: [ADMIN_MEDIA] },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'generateFileDownloadUrl'),
    file: 'media.test.ts',
  },
  generateFilesDownloadUrl: {
    by: { other: MEDIA_BY },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'generateFilesDownloadUrl'),
    file: 'media.test.ts',
  },
  generateVideoStreamingUrl: {
    by: { other: MEDIA_BY },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'generateVideoStreamingUrl'),
    file: 'media.test.ts',
  },
  generateFolderDownloadUrl: {
    by: { other: MEDIA_BY },
    identity: 'admin',
    ...pub(MEDIA_FOLDERS, 'generateFolderDownloadUrl'),
    file: 'media.test.ts',
  },
  generateFileResumableUploadUrl: {
    by: { other: MEDIA_BY },
    identity: 'admin',
    ...pub(MEDIA_FILES, 'generateFileResumableUploadUrl'),
    file: 'media.test.ts',
  },
  // Tips and checkout settings (issue 40, i40-tips; docs/wire.md "i40-tips")
  queryTipSettings: {
    by: { companion: [ADMIN_TIPS] },
    identity: 'admin',
    ...pub(TIP_SETTINGS, 'queryTipSettings'),
    file: TIPS_FILE,
  },
  createTipSettings: {
    by: {
      other: 'no Inlay code (settings per location, terminal or user); the emulator serves it as the client has it',
    },
    identity: 'admin',
    ...pub(TIP_SETTINGS, 'createTipSettings'),
    file: TIPS_FILE,
  },
  updateTipSettings: {
    by: { companion: [ADMIN_TIPS] },
    identity: 'admin',
    ...pub(TIP_SETTINGS, 'updateTipSettings'),
    file: TIPS_FILE,
  },
  createDefaultTipSettings: {
    by: { companion: [ADMIN_TIPS] },
    identity: 'admin',
    ...pub(TIP_SETTINGS, 'createDefaultTipSettings'),
    file: TIPS_FILE,
  },
  deleteTipSettings: {
    by: {
      other: 'no Inlay code; the emulator serves it as the client has it (the default settings are never deleted)',
    },
    identity: 'admin',
    ...pub(TIP_SETTINGS, 'deleteTipSettings'),
    file: TIPS_FILE,
  },
  previewTip: {
    by: { other: "no Inlay code (the emulator's hosted checkout computes the same tip itself)" },
    identity: 'visitor or member',
    ...pub(TIPS_PKG, 'previewTip'),
    file: TIPS_FILE,
  },
  getTipByOrderId: {
    by: { other: 'no Inlay code yet (the order carries its tip as an additional fee, which the console shows)' },
    identity: 'admin',
    ...pub(TIPS_PKG, 'getTipByOrderId'),
    file: TIPS_FILE,
  },
  getTipChoice: {
    by: { other: "no Inlay code (the emulator's hosted checkout keeps the shopper's choice)" },
    identity: 'visitor or member',
    ...pub(TIPS_PKG, 'getTipChoice'),
    file: TIPS_FILE,
  },
  updateTipChoice: {
    by: { other: "no Inlay code (the emulator's hosted checkout keeps the shopper's choice)" },
    identity: 'visitor or member',
    ...pub(TIPS_PKG, 'updateTipChoice'),
    file: TIPS_FILE,
  },
  getCheckoutSettings: {
    by: { companion: [ADMIN_TIPS] },
    identity: 'admin',
    ...pub(CHECKOUT_SETTINGS, 'getCheckoutSettings'),
    file: TIPS_FILE,
  },
  updateCheckoutSettings: {
    by: { companion: [ADMIN_TIPS] },
    identity: 'admin',
    ...pub(CHECKOUT_SETTINGS, 'updateCheckoutSettings'),
    file: TIPS_FILE,
  },
  // Discount rules (issue 40, i40-disc; docs/wire.md "i40-disc")
  createDiscountRule: {
    by: { companion: [ADMIN_DISCOUNTS] },
    identity: 'admin',
    ...pub(DISCOUNT_RULES, 'createDiscountRule'),
    file: 'discount-rules.test.ts',
  },
  getDiscountRule: {
    by: { companion: [ADMIN_DISCOUNTS] },
    identity: 'admin',
    ...pub(DISCOUNT_RULES, 'getDiscountRule'),
    file: 'discount-rules.test.ts',
  },
  updateDiscountRule: {
    by: { companion: [ADMIN_DISCOUNTS] },
    identity: 'admin',
    ...pub(DISCOUNT_RULES, 'updateDiscountRule'),
    file: 'discount-rules.test.ts',
  },
  deleteDiscountRule: {
    by: { companion: [ADMIN_DISCOUNTS] },
    identity: 'admin',
    ...pub(DISCOUNT_RULES, 'deleteDiscountRule'),
    file: 'discount-rules.test.ts',
  },
  queryDiscountRules: {
    by: { companion: [ADMIN_DISCOUNTS] },
    identity: 'admin',
    ...pub(DISCOUNT_RULES, 'queryDiscountRules'),
    file: 'discount-rules.test.ts',
  },
  // Admin: taxes (issue 40, i40-tax)
  listDefaultTaxGroups: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...pub(TAX_GROUPS, 'listDefaultTaxGroups'),
    file: 'taxes.test.ts',
  },
  createTaxGroup: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...pub(TAX_GROUPS, 'createTaxGroup'),
    file: 'taxes.test.ts',
  },
  queryTaxGroups: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...pub(TAX_GROUPS, 'queryTaxGroups'),
    file: 'taxes.test.ts',
  },
  getTaxGroup: {
    by: { other: 'served for the official client' },
    identity: 'admin',
    ...pub(TAX_GROUPS, 'getTaxGroup'),
    file: 'taxes.test.ts',
  },
  updateTaxGroup: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...pub(TAX_GROUPS, 'updateTaxGroup'),
    file: 'taxes.test.ts',
  },
  deleteTaxGroup: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...pub(TAX_GROUPS, 'deleteTaxGroup'),
    file: 'taxes.test.ts',
  },
  createTaxRegion: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...pub(TAX_REGIONS, 'createTaxRegion'),
    file: 'taxes.test.ts',
  },
  bulkCreateTaxRegion: {
    by: { other: 'served for the official client' },
    identity: 'admin',
    ...pub(TAX_REGIONS, 'bulkCreateTaxRegion'),
    file: 'taxes.test.ts',
  },
  queryTaxRegions: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...pub(TAX_REGIONS, 'queryTaxRegions'),
    file: 'taxes.test.ts',
  },
  getTaxRegion: {
    by: { other: 'served for the official client' },
    identity: 'admin',
    ...pub(TAX_REGIONS, 'getTaxRegion'),
    file: 'taxes.test.ts',
  },
  updateTaxRegion: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...pub(TAX_REGIONS, 'updateTaxRegion'),
    file: 'taxes.test.ts',
  },
  deleteTaxRegion: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...pub(TAX_REGIONS, 'deleteTaxRegion'),
    file: 'taxes.test.ts',
  },
  createManualTaxMapping: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...none(TAX_MAPPINGS_SOURCE),
    file: 'taxes.test.ts',
    note: "the rate of a group in a region; taxRegionId null is the emulator's rate where no region covers the address",
  },
  queryManualTaxMappings: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...none(TAX_MAPPINGS_SOURCE),
    file: 'taxes.test.ts',
  },
  updateManualTaxMapping: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...none(TAX_MAPPINGS_SOURCE),
    file: 'taxes.test.ts',
  },
  deleteManualTaxMapping: {
    by: { companion: [ADMIN_TAXES] },
    identity: 'admin',
    ...none(TAX_MAPPINGS_SOURCE),
    file: 'taxes.test.ts',
  },
  // Admin: shipping options, delivery regions, shipping label provider (issue 40, i40-ship)
  createShippingOption: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...pub(SHIPPING, 'createShippingOption'),
    file: SHIPPING_FILE,
  },
  getShippingOption: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...pub(SHIPPING, 'getShippingOption'),
    file: SHIPPING_FILE,
  },
  updateShippingOption: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...pub(SHIPPING, 'updateShippingOption'),
    file: SHIPPING_FILE,
  },
  deleteShippingOption: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...pub(SHIPPING, 'deleteShippingOption'),
    file: SHIPPING_FILE,
  },
  queryShippingOptions: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...pub(SHIPPING, 'queryShippingOptions'),
    fallbackOf: 'GET',
    file: SHIPPING_FILE,
    note: 'the SDK sends GET …/query and this POST, with the same body, as its long-query fallback',
  },
  addShippingOptionRegion: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...pub(SHIPPING, 'addDeliveryRegion'),
    file: SHIPPING_FILE,
  },
  removeShippingOptionRegion: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...pub(SHIPPING, 'removeDeliveryRegion'),
    file: SHIPPING_FILE,
  },
  queryDeliveryProfiles: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...none(
      'dev.wix.com "Delivery Profiles" (Query Delivery Profiles; no generated client installed): the regions shipping options serve',
    ),
    file: SHIPPING_FILE,
  },
  listShippingLabelConfigurations: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...none('docs/spec/commerce.md §5 "shipping-label provider configurations: base paths only": method chosen'),
    file: SHIPPING_FILE,
  },
  updateShippingLabelConfiguration: {
    by: { companion: [ADMIN_SHIPPING] },
    identity: 'admin',
    ...none('docs/spec/commerce.md §5 "shipping-label provider configurations: base paths only": method chosen'),
    file: SHIPPING_FILE,
  },
} satisfies Record<OpName, Call>;

/**
 * Operations whose conformance cases are in a sibling workstream's file that is not merged yet (issue 38): the
 * coverage test does not ask them to be covered. The merge empties this set (coverage.test.ts fails on an entry
 * whose file exists and claims it).
 */
export const PENDING: ReadonlyMap<OpName, string> = new Map<OpName, string>([]);

/**
 * The operations whose row names conformance file `file`: a file that covers all of its rows claims them with
 * `covers(...callsOf('x.test.ts'))` instead of writing the names again (coverage.test.ts reads that claim too, and the
 * file's own coverage case still checks that each went over the boundary answered).
 */
export const callsOf = (file: string, identity?: Call['identity']): OpName[] =>
  (Object.keys(CALLS) as OpName[]).filter(
    (name) => CALLS[name].file === file && (!identity || CALLS[name].identity === identity),
  );

/** The installed version of a generated client (its package.json). */
export function clientVersion(pkg: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** The table's rows, with the operation's method and path, in the order of the table. */
export function rows(): { name: OpName; method: string; path: string; call: Call }[] {
  return (Object.entries(CALLS) as [OpName, Call][]).map(([name, call]) => ({
    name,
    method: ALL_OPS[name]!.method,
    path: ALL_OPS[name]!.path,
    call,
  }));
}

const code = (s: string) => `\`${s}\``;
/** A `<inlay-…>` name in backticks (markdown would read it as HTML). */
const tags = (s: string) => s.replace(/<inlay-[a-z-]+>/g, (t) => code(t));

/** The cells of a row of docs/wire.md "Every platform call" (tests/contract/wire-table.test.ts compares them). */
export function wireRow({ name, method, path, call }: ReturnType<typeof rows>[number]): string[] {
  const who = [
    call.by.browser && `browser: ${tags(call.by.browser)}`,
    call.by.companion &&
      `companion: ${call.by.companion
        .map((c) => c.replace(/^companion\/(\S+)/, (_, file: string) => code(file)))
        .join(', ')}`,
    call.by.other && tags(call.by.other),
  ]
    .filter(Boolean)
    .join('; ');
  const source = call.client
    ? `${code(`${call.client.pkg}/build/cjs/index.js`)} ${clientVersion(call.client.pkg)} ${code(call.client.method)}`
    : call.source!;
  const pending = PENDING.get(name);
  return [
    code(name),
    code(`${method} ${path}`),
    who,
    call.identity,
    call.visibility,
    source,
    call.note ? `${call.status}: ${call.note}` : call.status,
    pending ? `${code(call.file)} (pending)` : code(call.file),
  ];
}
