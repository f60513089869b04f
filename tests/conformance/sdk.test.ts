/**
 * Conformance: the platform's official JavaScript SDK (`@wix/sdk` and the generated `@wix/auto_sdk_*` modules),
 * unmodified, against an in-process emulator (issue 15 point 7). The SDK builds `https://www.wixapis.com/…` and
 * `https://edge.wixapis.com/…` URLs (and its auth strategies call `fetch` directly); the only change is at the
 * boundary: the global `fetch` sends those hosts to the emulator's http base, everything else as it came.
 * Every call Inlay makes (docs/wire.md) succeeds with the shapes the SDK expects, and the admin calls succeed
 * through `client_credentials` (AppStrategy and the documented REST grant) and `ApiKeyStrategy`; visitor and member
 * tokens are refused the admin-only calls (upload URLs, moderation, replies) as the SDK expects them refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy, AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import type { Tokens } from '@wix/sdk';
import * as backInStock from '@wix/auto_sdk_ecom_back-in-stock-notifications';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import * as orders from '@wix/auto_sdk_ecom_orders';
import * as orderTransactions from '@wix/auto_sdk_ecom_order-transactions';
import * as recommendations from '@wix/auto_sdk_ecom_recommendations';
import * as files from '@wix/auto_sdk_media_files';
import * as members from '@wix/auto_sdk_members_members';
import * as redirects from '@wix/auto_sdk_redirects_redirects';
import * as reviews from '@wix/auto_sdk_reviews_reviews';
import * as products from '@wix/auto_sdk_stores_products';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { CONTENT_ASSIGNEES } from '../../emulator/domain/identity.ts';
import { setSetting } from '../../emulator/domain/settings.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { TEST_CARDS } from '../../emulator/routes/checkout.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import { api, DEMO_CLIENT_ID, payCheckout } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

const SITE = 'http://127.0.0.1:5173';
const realFetch = globalThis.fetch;

// the SDK's hosted sign-in below returns to `${SITE}/callback`: registered, as an exact redirect URI must be
const platform = platformBoundary({ demoRedirectUris: [`${SITE}/callback`] });
/** Every request the SDK sent, as `METHOD /path` (query left out). */
const { sent, covers, refuses } = platform;
let emu: RunningEmulator;
beforeAll(() => {
  emu = platform.emu;
});

const MODULES = { currentCart, backInStock, recommendations, members, reviews, products, redirects };
const visitorClient = (tokens?: Tokens) =>
  createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID, ...(tokens ? { tokens } : {}) }), modules: MODULES });
type VisitorClient = ReturnType<typeof visitorClient>;

const mug = seedIds.products['enamel-camp-mug']!;
const rucksack = seedIds.products['waxed-canvas-rucksack']!;
const tapers = seedIds.products['beeswax-taper-candles']!;
const stool = seedIds.products['folding-camp-stool']!;

/** A member signs in as on the hosted page: the SDK's getAuthUrl, the login form, parseFromUrl and getMemberTokens. */
async function signIn(client: VisitorClient, who: { email: string; password: string }): Promise<void> {
  const oauthData = client.auth.generateOAuthData(`${SITE}/callback`, `${SITE}/`);
  const { authUrl } = await client.auth.getAuthUrl(oauthData);
  const page = new URL(authUrl);
  expect(page.origin).toBe(emu.hostedUrl); // the hosted pages' origin, not the API's
  const form = await realFetch(page, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin },
    body: new URLSearchParams({ email: who.email, password: who.password }).toString(),
  });
  expect(form.status).toBe(302);
  const { code, state } = client.auth.parseFromUrl(form.headers.get('location')!);
  client.auth.setTokens(await client.auth.getMemberTokens(code, state, oauthData));
  expect(client.auth.loggedIn()).toBe(true);
}

describe('visitor (OAuthStrategy)', () => {
  let client: VisitorClient;
  beforeAll(() => {
    client = visitorClient();
  });

  it('token: anonymous, then a refresh with the stored refresh token', async () => {
    const tokens = await client.auth.generateVisitorTokens();
    expect(tokens.accessToken.value).toBeTruthy();
    expect(tokens.refreshToken.role).toBe('visitor');
    client.auth.setTokens(tokens);
    const renewed = await client.auth.renewToken(tokens.refreshToken);
    expect(renewed.accessToken.value).not.toBe(tokens.accessToken.value);
    expect(renewed.refreshToken.value).toBe(tokens.refreshToken.value);
    client.auth.setTokens(renewed);
  });

  it('products: queryProducts (builder, filter by ids) and getProduct', async () => {
    const page = await client.products.queryProducts().in('_id', [mug, rucksack]).ascending('name').limit(10).find();
    expect(page.items.map((p) => p._id).sort()).toEqual([mug, rucksack].sort());
    expect(page.items[0]!.priceData?.formatted?.price).toMatch(/\$/);
    const { product } = await client.products.getProduct(mug);
    expect(product).toMatchObject({ _id: mug, slug: 'enamel-camp-mug' });
    expect(product!.variants!.length).toBeGreaterThan(1);
  });

  it('reviews: queryReviews (cursor pages), countReviews, getReview', async () => {
    const result = await client.reviews.queryReviews().eq('namespace', 'stores').limit(2).find();
    expect(result.items).toHaveLength(2);
    expect(result.items[0]).toMatchObject({
      _id: expect.any(String),
      namespace: 'stores',
      content: { rating: expect.any(Number) },
    });
    expect(result.hasNext()).toBe(true);
    const next = await result.next();
    expect(next.items.map((r) => r._id)).not.toContain(result.items[0]!._id);
    const { count } = await client.reviews.countReviews({ filter: { namespace: 'stores' } });
    expect(count).toBeGreaterThan(2);
    const one = await client.reviews.getReview(result.items[0]!._id!);
    expect(one._id).toBe(result.items[0]!._id);
  });

  it('cart: add, get, update quantity, coupon, estimate totals, remove coupon, remove line, create checkout', async () => {
    const added = await client.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: tapers }, quantity: 1 }],
    });
    const line = added.cart!.lineItems![0]!;
    expect(line).toMatchObject({ _id: expect.any(String), quantity: 1, catalogReference: { catalogItemId: tapers } });
    const got = await client.currentCart.getCurrentCart();
    expect(got._id).toBe(added.cart!._id);
    const more = await client.currentCart.updateCurrentCartLineItemQuantity([{ _id: line._id!, quantity: 3 }]);
    expect(more.cart!.lineItems![0]!.quantity).toBe(3);
    const couponed = await client.currentCart.updateCurrentCart({ couponCode: 'WELCOME10' });
    expect(couponed.appliedDiscounts?.[0]?.coupon?.code).toBe('WELCOME10');
    const totals = await client.currentCart.estimateCurrentCartTotals({
      shippingAddress: { country: 'US', subdivision: 'US-CA' },
    });
    expect(totals.priceSummary?.total?.amount).toMatch(/^\d+(\.\d+)?$/);
    expect(totals.calculatedLineItems?.length).toBe(1);
    const uncouponed = await client.currentCart.removeCouponFromCurrentCart();
    expect(uncouponed.cart!.appliedDiscounts ?? []).toEqual([]);
    await client.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: stool }, quantity: 1 }],
    });
    const removed = await client.currentCart.removeLineItemsFromCurrentCart([line._id!]);
    expect(removed.cart!.lineItems!.map((l) => l.catalogReference?.catalogItemId)).toEqual([stool]);
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    expect(checkoutId).toBeTruthy();
    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      callbacks: { thankYouPageUrl: `${SITE}/thank-you`, postFlowUrl: `${SITE}/` },
    });
    expect(new URL(redirectSession!.fullUrl!).pathname).toBe('/_hosted/checkout');
  });

  it('back in stock: createBackInStockNotificationRequest (itemUrl on the request, price a string)', async () => {
    const r = await client.backInStock.createBackInStockNotificationRequest(
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: rucksack },
        email: 'sdk-visitor@example.com',
        itemUrl: `${SITE}/products/rucksack`,
      },
      { name: 'Waxed Canvas Rucksack', price: '148.00' },
    );
    expect(r).toMatchObject({ _id: expect.any(String), status: 'RECEIVED', email: 'sdk-visitor@example.com' });
  });

  it('recommendations: listAvailableAlgorithms and getRecommendation', async () => {
    const { availableAlgorithms } = await client.recommendations.listAvailableAlgorithms();
    expect(availableAlgorithms!.length).toBeGreaterThan(0);
    const related = availableAlgorithms!.find((a) => a.config?.algorithmType === 'RELATED_ITEMS')!;
    const { recommendation } = await client.recommendations.getRecommendation(
      [{ _id: related.config!.algorithmId!, appId: related.appId! }],
      { items: [{ appId: STORES_APP_ID, catalogItemId: mug }], minimumRecommendedItems: 1 },
    );
    expect(recommendation!.algorithm).toEqual({ _id: related.config!.algorithmId, appId: related.appId });
    expect(recommendation!.items!.length).toBeGreaterThan(0);
  });

  it('redirect sessions: login: {} (syncToWixPages) and logout', async () => {
    const { redirectSession } = await client.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: `${SITE}/` },
    });
    expect(redirectSession!.fullUrl).toMatch(/\/_hosted\/login\?session=/);
    const { logoutUrl } = await client.auth.logout(`${SITE}/`);
    expect(new URL(logoutUrl).pathname).toBe('/_hosted/logout');
  });
});

describe('identity (OAuthStrategy): login, register, verify, recovery', () => {
  it('login answers SUCCESS with a session token; a wrong password is invalidPassword', async () => {
    const client = visitorClient();
    const ok = await client.auth.login({ email: DEMO_LOGINS.member.email, password: DEMO_LOGINS.member.password });
    expect(ok).toMatchObject({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
    const bad = await client.auth.login({ email: DEMO_LOGINS.member.email, password: 'not-the-password' });
    expect(bad).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
  });

  it('register → EMAIL_VERIFICATION_REQUIRED → processVerification with the mailed code → SUCCESS', async () => {
    const client = visitorClient();
    const email = 'sdk-new-member@example.com';
    const reg = await client.auth.register({ email, password: 'a-long-enough-password', profile: { nickname: 'Sdk' } });
    expect(reg.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const mail = await api(emu, `/_dev/mailbox?to=${encodeURIComponent(email)}`);
    const code = mail.json.messages[0].code as string;
    const done = await client.auth.processVerification({ verificationCode: code });
    expect(done).toMatchObject({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
  });

  it('sendPasswordResetEmail', async () => {
    const client = visitorClient();
    await client.auth.sendPasswordResetEmail(DEMO_LOGINS.member.email, `${SITE}/reset`);
    const mail = await api(emu, `/_dev/mailbox?to=${encodeURIComponent(DEMO_LOGINS.member.email)}`);
    expect(mail.json.messages.length).toBeGreaterThan(0);
  });
});

describe('member (OAuthStrategy after sign-in)', () => {
  let client: VisitorClient;
  beforeAll(async () => {
    client = visitorClient();
    await signIn(client, DEMO_LOGINS.member);
  });

  it('members: getCurrentMember (FULL) and updateMember', async () => {
    const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(member).toMatchObject({
      _id: seedIds.members.member,
      loginEmail: DEMO_LOGINS.member.email,
      status: 'APPROVED',
    });
    const updated = await client.members.updateMember(member!._id!, { profile: { nickname: 'Sdk Nick' } });
    expect(updated.profile?.nickname).toBe('Sdk Nick');
  });

  it('members: updateMember with addresses and phones (ids kept), deleteMemberAddresses', async () => {
    const me = (await client.members.getCurrentMember({ fieldsets: ['FULL'] })).member!;
    const first = await client.members.updateMember(me._id!, {
      contact: {
        phones: ['+1 555 0100'],
        addresses: [{ addressLine: '1 Main St', city: 'Springfield', country: 'US', postalCode: '12345' }],
      },
    });
    expect(first.contact).toMatchObject({
      phones: ['+1 555 0100'],
      addresses: [{ _id: expect.any(String), addressLine: '1 Main St', city: 'Springfield', country: 'US' }],
    });
    const kept = first.contact!.addresses![0]!._id!;
    const second = await client.members.updateMember(me._id!, {
      contact: {
        phones: [],
        addresses: [
          { _id: kept, addressLine: '2 Main St', country: 'US' },
          { streetAddress: { number: '5', name: 'Rue Haute' }, city: 'Paris', country: 'FR' },
        ],
      },
    });
    expect(second.contact!.phones).toEqual(['+1 555 0100']); // an empty array has no effect
    expect(second.contact!.addresses!.map((a) => a._id)).toEqual([kept, expect.not.stringMatching(kept)]);
    expect(second.contact!.addresses![1]!.streetAddress).toEqual({ number: '5', name: 'Rue Haute' });
    const cleared = await client.members.deleteMemberAddresses(me._id!);
    expect(cleared.member!.contact!.addresses).toEqual([]);
    expect(cleared.member!.contact!.phones).toEqual(['+1 555 0100']);
  });

  it('reviews: createReview as the member’s own contact', async () => {
    const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
    const review = await client.reviews.createReview({
      namespace: 'stores',
      entityId: rucksack,
      author: { contactId: member!.contactId! },
      content: { title: 'Sturdy', body: 'Took it up a mountain.', rating: 5 },
    });
    expect(review).toMatchObject({ _id: expect.any(String), entityId: rucksack, content: { rating: 5 } });
  });
});

describe('member leaving (OAuthStrategy): deleteMyMember with a content assignee', () => {
  it('the member’s review moves to the assignee; the member is signed out for good', async () => {
    const email = 'sdk-leaving-member@example.com';
    const password = 'a-long-enough-password';
    const client = visitorClient();
    const reg = await client.auth.register({ email, password, profile: { nickname: 'Leaving' } });
    expect(reg.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const mail = await api(emu, `/_dev/mailbox?to=${encodeURIComponent(email)}`);
    await client.auth.processVerification({ verificationCode: mail.json.messages[0].code as string });
    const leaving = visitorClient();
    await signIn(leaving, { email, password });
    const me = (await leaving.members.getCurrentMember({ fieldsets: ['FULL'] })).member!;
    const review = await leaving.reviews.createReview({
      namespace: 'stores',
      entityId: stool,
      author: { contactId: me.contactId! },
      content: { title: 'Folds flat', body: 'Fits in the boot.', rating: 4 },
    });
    // the site names who may receive a leaving member's content (the emulator refuses any other: docs/wire.md)
    setSetting(emu.db, CONTENT_ASSIGNEES, [seedIds.members.member]);
    await leaving.members.deleteMyMember({ contentAssigneeId: seedIds.members.member });
    const row = emu.db.prepare('SELECT contact_id FROM reviews WHERE id = ?').get(review._id!) as {
      contact_id: string;
    };
    const assignee = emu.db.prepare('SELECT contact_id FROM members WHERE id = ?').get(seedIds.members.member) as {
      contact_id: string;
    };
    expect(row.contact_id).toBe(assignee.contact_id);
    await expect(leaving.members.getCurrentMember({ fieldsets: ['FULL'] })).rejects.toThrow();
    await expect(leaving.auth.renewToken(leaving.auth.getTokens().refreshToken)).rejects.toThrow();
  });
});

describe('admin calls', () => {
  let orderId: string;
  let stockRequestId: string;
  let reviewId: string;
  beforeAll(async () => {
    // an order and a back-in-stock request to read, made as a shopper would
    const shopper = visitorClient();
    await shopper.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: tapers }, quantity: 1 }],
    });
    const { checkoutId } = await shopper.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    orderId = await payCheckout(emu, shopper.auth.getTokens().accessToken.value, checkoutId!);
    stockRequestId = (
      await shopper.backInStock.createBackInStockNotificationRequest(
        { catalogReference: { appId: STORES_APP_ID, catalogItemId: tapers }, email: 'sdk-admin-read@example.com' },
        { name: 'Beeswax Taper Candles (Pair)', price: '14.00' },
      )
    )._id!;
    reviewId = (await shopper.reviews.queryReviews().eq('namespace', 'stores').limit(1).find()).items[0]!._id!;
  });

  const ADMIN_MODULES = { orders, files, backInStock, reviews };
  const strategies = {
    'AppStrategy (client_credentials)': () =>
      AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: emu.clientSecret, instanceId: SITE_ID }),
    ApiKeyStrategy: () => ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }),
  };

  for (const [name, auth] of Object.entries(strategies)) {
    it(`${name}: getOrder, generateFileUploadUrl, back-in-stock get/query/delete, review moderate and reply`, async () => {
      const admin = createClient({ auth: auth(), modules: ADMIN_MODULES });
      const order = await admin.orders.getOrder(orderId);
      expect(order).toMatchObject({ _id: orderId, paymentStatus: 'PAID' });
      const { uploadUrl } = await admin.files.generateFileUploadUrl('image/png', {
        fileName: 'photo.png',
        sizeInBytes: '1234',
      });
      expect(uploadUrl).toMatch(/^http:\/\//);
      const got = await admin.backInStock.getBackInStockNotificationRequest(stockRequestId);
      expect(got).toMatchObject({ _id: stockRequestId, email: 'sdk-admin-read@example.com' });
      const found = await admin.backInStock
        .queryBackInStockNotificationRequests()
        .eq('contactId', got.contactId)
        .limit(5)
        .find();
      expect(found.items.map((r) => r._id)).toEqual([stockRequestId]);
      const moderated = await admin.reviews.updateModerationStatus(reviewId, { status: 'APPROVED' });
      expect(moderated.review?.moderation?.moderationStatus).toBe('APPROVED');
      const replied = await admin.reviews.setReply(reviewId, `Thanks (${name})`);
      expect(replied.review?.reply?.message).toBe(`Thanks (${name})`);
    });
  }

  it('deleteBackInStockNotificationRequest (admin), then it is gone', async () => {
    const admin = createClient({ auth: strategies.ApiKeyStrategy(), modules: ADMIN_MODULES });
    await admin.backInStock.deleteBackInStockNotificationRequest(stockRequestId);
    await expect(admin.backInStock.getBackInStockNotificationRequest(stockRequestId)).rejects.toMatchObject({
      details: { applicationError: { code: 'REQUEST_NOT_FOUND' } },
    });
  });

  it('a visitor and a member (OAuthStrategy) are refused upload URLs, moderation and replies as the SDK expects (403); the admin identity (client_credentials) is not', async () => {
    const SDK_MODULES = { files, reviews, members };
    const shopper = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: SDK_MODULES });
    const member = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: SDK_MODULES });
    await signIn(member as unknown as VisitorClient, DEMO_LOGINS.owner); // a member with the OWNER role: no admin
    const before = (await shopper.reviews.getReview(reviewId)).moderation?.moderationStatus;
    for (const [who, client] of [
      ['visitor', shopper],
      ['member', member],
    ] as const) {
      const calls = {
        generateFileUploadUrl: () =>
          client.files.generateFileUploadUrl('image/png', { fileName: 'p.png', sizeInBytes: '1234' }),
        updateModerationStatus: () => client.reviews.updateModerationStatus(reviewId, { status: 'REJECTED' }),
        setReply: () => client.reviews.setReply(reviewId, 'Not mine to say'),
      };
      for (const [name, call] of Object.entries(calls)) {
        const refused = await call().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(refused, `${who} ${name}`).toBeInstanceOf(Error);
        // the SDK's error for a platform refusal: the HTTP status, the platform's error details and request id
        expect(refused, `${who} ${name}`).toMatchObject({
          status: 403,
          requestId: expect.any(String),
          details: { applicationError: { code: 'PERMISSION_DENIED', description: expect.stringMatching(/admin/) } },
        });
      }
    }
    // a visitor has no contact to write a review as: refused too
    await expect(
      shopper.reviews.createReview({
        namespace: 'stores',
        entityId: stool,
        author: { contactId: 'made-up-contact' },
        content: { body: 'Nice', rating: 5 },
      }),
    ).rejects.toMatchObject({ status: 403, details: { applicationError: { code: 'PERMISSION_DENIED' } } });
    expect((await shopper.reviews.getReview(reviewId)).moderation?.moderationStatus).toBe(before);

    const admin = createClient({ auth: strategies['AppStrategy (client_credentials)'](), modules: ADMIN_MODULES });
    const { uploadUrl } = await admin.files.generateFileUploadUrl('image/png', {
      fileName: 'p.png',
      sizeInBytes: '1234',
    });
    expect(uploadUrl).toMatch(/^http:\/\//);
    const moderated = await admin.reviews.updateModerationStatus(reviewId, { status: 'APPROVED' });
    expect(moderated.review?.moderation?.moderationStatus).toBe('APPROVED');
  });

  it('orders: searchOrders (filter, sort, cursor pages), addActivity and cancelOrder (restock)', async () => {
    const admin = createClient({ auth: strategies['AppStrategy (client_credentials)'](), modules: { orders } });
    const shopper = visitorClient();
    await shopper.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: stool }, quantity: 1 }],
    });
    const { checkoutId } = await shopper.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const second = await payCheckout(emu, shopper.auth.getTokens().accessToken.value, checkoutId!);

    const found = await admin.orders.searchOrders({
      filter: { _id: { $in: [orderId, second] }, status: { $ne: 'CANCELED' } },
      sort: [{ fieldName: '_createdDate', order: 'DESC' }], // the SDK's name; it sends `createdDate`
      cursorPaging: { limit: 1 },
    });
    expect(found.orders?.map((o) => o._id)).toEqual([second]);
    expect(found.metadata).toMatchObject({ count: 1, hasNext: true });
    const next = await admin.orders.searchOrders({
      cursorPaging: { cursor: found.metadata!.cursors!.next!, limit: 1 },
    });
    expect(next.orders?.map((o) => o._id)).toEqual([orderId]);
    expect(next.metadata?.hasNext).toBe(false);

    // AddActivity (`POST /ecom/v1/orders/{id}/activities`) is in the module's runtime but not in its typings
    // (internal, deprecated: "Activities with type CustomActivity not supported"); a custom activity is refused
    const { addActivity } = admin.orders as unknown as {
      addActivity(id: string, activity: unknown): Promise<{ activityId?: string; order?: orders.Order }>;
    };
    await expect(
      addActivity(second, { customActivity: { type: 'Cancellation requested', additionalData: { reason: 'sdk' } } }),
    ).rejects.toMatchObject({
      details: {
        validationError: { fieldViolations: [expect.objectContaining({ field: 'activity.customActivity' })] },
      },
    });

    const { order } = await admin.orders.cancelOrder(second, { restockAllItems: true, sendOrderCanceledEmail: false });
    expect(order).toMatchObject({ _id: second, status: 'CANCELED' });
    expect(order?.activities?.map((a) => a.type)).toContain('ORDER_CANCELED');
    await expect(admin.orders.cancelOrder(second, { restockAllItems: true })).rejects.toMatchObject({
      details: { applicationError: { code: 'ORDER_ALREADY_CANCELED' } },
    });
    await expect(admin.orders.searchOrders({ cursorPaging: { limit: 101 } })).rejects.toMatchObject({
      details: { validationError: expect.anything() },
    });
  });

  it('orders (owner console): updateOrderStatus, updateActivity, deleteActivity, bulkUpdateOrderTags, aggregateOrders', async () => {
    const admin = createClient({ auth: strategies['AppStrategy (client_credentials)'](), modules: { orders } });
    // in the module's runtime, not all in its typings
    const o = admin.orders as unknown as {
      addActivity(id: string, activity: unknown): Promise<{ activityId?: string }>;
      updateActivity(ids: { _id: string; activityId: string }, activity: unknown): Promise<{ order?: orders.Order }>;
      deleteActivity(ids: { _id: string; activityId: string }): Promise<{ order?: orders.Order }>;
      updateOrderStatus(orderId: string, status: string): Promise<{ order?: orders.Order }>;
      aggregateOrders(options: {
        filter?: Record<string, unknown>;
        aggregation: Record<string, unknown>;
      }): Promise<{ aggregates?: Record<string, unknown> }>;
    };
    const { activityId } = await o.addActivity(orderId, { merchantComment: { message: 'sdk note' } });
    const edited = await o.updateActivity(
      { _id: orderId, activityId: activityId! },
      { merchantComment: { message: 'sdk note, edited' } },
    );
    expect(edited.order?.activities?.find((a) => a._id === activityId)).toMatchObject({
      merchantComment: { message: 'sdk note, edited' },
    });
    const deleted = await o.deleteActivity({ _id: orderId, activityId: activityId! });
    expect(deleted.order?.activities?.some((a) => a._id === activityId)).toBe(false);

    const tagged = await admin.orders.bulkUpdateOrderTags([orderId], {
      assignTags: { privateTags: { tagIds: ['sdk'] } },
    });
    expect(tagged.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 0 });
    expect((await admin.orders.getOrder(orderId)).tags).toMatchObject({ privateTags: { tagIds: ['sdk'] } });

    const agg = await o.aggregateOrders({
      filter: { _id: { $in: [orderId] } },
      aggregation: { count: { $count: [] }, revenue: { $sum: 'priceSummary.total.amount' } },
    });
    expect(agg.aggregates).toMatchObject({ count: 1, revenue: expect.any(Number) });

    await expect(o.updateOrderStatus(orderId, 'APPROVED')).rejects.toMatchObject({
      details: { applicationError: { code: 'STATUS_ALREADY_SET' } },
    });
    const canceled = await o.updateOrderStatus(orderId, 'CANCELED');
    expect(canceled.order).toMatchObject({ _id: orderId, status: 'CANCELED' });
  });

  it('payments: order transactions, capture, void, refundability, refund, mark as paid (single, bulk), manual payment', async () => {
    const admin = createClient({
      auth: strategies['AppStrategy (client_credentials)'](),
      modules: { orders, orderTransactions },
    });
    /** An order paid with `card` by a new shopper. */
    const buy = async (card: string) => {
      const shopper = visitorClient();
      await shopper.currentCart.addToCurrentCart({
        lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: tapers }, quantity: 2 }],
      });
      const { checkoutId } = await shopper.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
      return payCheckout(emu, shopper.auth.getTokens().accessToken.value, checkoutId!, undefined, { cardNumber: card });
    };
    // the payments collector's refund, refundability and collecting calls are in the module's runtime but not in its
    // typings (as addActivity above): called as the runtime has them
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    type Loose = any;
    const collector = admin.orders as unknown as Record<
      | 'getRefundabilityStatus'
      | 'triggerRefund'
      | 'recordManuallyCollectedPayment'
      | 'paymentCollectionMarkOrderAsPaid'
      | 'paymentCollectionBulkMarkOrdersAsPaid',
      (...args: Loose[]) => Promise<Loose>
    >;
    const held = await buy(TEST_CARDS.authorize);
    const listed = await admin.orderTransactions.listTransactionsForSingleOrder(held);
    const payment = listed.orderTransactions!.payments![0]!;
    expect(payment).toMatchObject({
      status: 'AUTHORIZED',
      regularPaymentDetails: { authorizationDetails: { delayedCapture: true, captures: [] } },
    });
    // the SDK turns dates into Date objects
    expect(payment.regularPaymentDetails?.authorizationDetails?.authorizedDate).toBeInstanceOf(Date);
    const captured = await admin.orders.captureAuthorizedPayments(held, [{ paymentId: payment._id! }]);
    expect(captured.orderTransactions?.payments?.[0]).toMatchObject({ _id: payment._id, status: 'APPROVED' });
    const refundability = await collector.getRefundabilityStatus(held);
    expect(refundability.refundabilities).toEqual([
      expect.objectContaining({ paymentId: payment._id, refundabilityStatus: 'REFUNDABLE' }),
    ]);
    const refunded = await collector.triggerRefund(held, [{ paymentId: payment._id!, amount: { amount: '5.00' } }], {
      details: { reason: 'sdk' },
      sideEffects: { restockInfo: { type: 'NO_ITEMS' }, sendOrderRefundedEmail: false },
    });
    expect(refunded.refundId).toEqual(expect.any(String));
    expect(refunded.orderTransactions.refunds[0]).toMatchObject({
      _id: refunded.refundId,
      transactions: [{ paymentId: payment._id, refundStatus: 'SUCCEEDED' }],
    });
    expect((await admin.orders.getOrder(held)).paymentStatus).toBe('PARTIALLY_REFUNDED');
    await expect(
      collector.triggerRefund(held, [{ paymentId: payment._id!, amount: { amount: '9999.00' } }]),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'INVALID_AMOUNT' } } });

    const voidable = await buy(TEST_CARDS.authorize);
    const [auth] = (await admin.orderTransactions.listTransactionsForSingleOrder(voidable)).orderTransactions!
      .payments!;
    const voided = await admin.orders.voidAuthorizedPayments(voidable, [auth!._id!]);
    expect(voided.orderTransactions?.payments?.[0]).toMatchObject({ status: 'VOIDED' });
    await expect(admin.orders.voidAuthorizedPayments(voidable, [auth!._id!])).rejects.toMatchObject({
      details: { applicationError: { code: 'PAYMENT_ALREADY_VOIDED' } },
    });
    const collectable = await admin.orders.getPaymentCollectabilityStatus(voidable);
    expect(collectable.status).toBe('COLLECTABLE');
    await collector.recordManuallyCollectedPayment(
      voidable,
      { amount: '1.00' },
      {
        userDefinedPaymentMethodName: { predefined: 'CASH' },
      },
    );
    expect((await admin.orders.getOrder(voidable)).paymentStatus).toBe('PARTIALLY_PAID');
    const marked = await collector.paymentCollectionMarkOrderAsPaid(voidable);
    expect(marked.order).toMatchObject({ _id: voidable, paymentStatus: 'PAID' });

    const another = await buy(TEST_CARDS.authorize);
    const [anotherAuth] = (await admin.orderTransactions.listTransactionsForSingleOrder(another)).orderTransactions!
      .payments!;
    await admin.orders.voidAuthorizedPayments(another, [anotherAuth!._id!]);
    const bulk = await collector.paymentCollectionBulkMarkOrdersAsPaid([another, voidable]);
    expect(bulk.results.map((r: Loose) => [r.itemMetadata?._id, r.itemMetadata?.success])).toEqual([
      [another, true],
      [voidable, false],
    ]);
    expect(bulk.results[1]!.itemMetadata?.error?.code).toBe('ORDER_ALREADY_PAID');
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
  });

  it('a visitor token is refused where only an admin may call (getOrder: 403)', async () => {
    const shopper = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { orders } });
    await expect(shopper.orders.getOrder(orderId)).rejects.toMatchObject({
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
  });
});

describe('back-in-stock requests: admin only (docs/spec/wire-protocol.md §11.5)', () => {
  let requestId: string;
  let contactId: string;
  beforeAll(async () => {
    const shopper = visitorClient();
    const made = await shopper.backInStock.createBackInStockNotificationRequest(
      { catalogReference: { appId: STORES_APP_ID, catalogItemId: rucksack }, email: 'sdk-refused@example.com' },
      { name: 'Waxed Canvas Rucksack', price: '148.00' },
    );
    requestId = made._id!;
    contactId = made.contactId!;
  });

  /** What the SDK throws for a refusal: the HTTP status and the platform's error body, as the SDK keeps them. */
  const refused = {
    status: 403,
    details: { applicationError: { code: 'PERMISSION_DENIED' } },
    response: { status: 403 },
  };

  /** get, delete and query as `client` sends them; each must be refused. */
  async function expectRefused(client: VisitorClient, who: string) {
    const before = sent.length;
    await expect(client.backInStock.getBackInStockNotificationRequest(requestId), `${who}: get`).rejects.toMatchObject(
      refused,
    );
    await expect(
      client.backInStock.deleteBackInStockNotificationRequest(requestId),
      `${who}: delete`,
    ).rejects.toMatchObject(refused);
    await expect(
      client.backInStock.queryBackInStockNotificationRequests().eq('contactId', contactId).find(),
      `${who}: query`,
    ).rejects.toMatchObject(refused);
    // the SDK really sent the three calls (a refusal is the platform's, not the SDK's)
    const BIS = '/back-in-stock-service/v1/back-in-stock-notification-requests';
    expect(sent.slice(before).filter((c) => c.includes(BIS))).toEqual([
      `GET ${BIS}/${requestId}`,
      `DELETE ${BIS}/${requestId}`,
      `GET ${BIS}`,
    ]);
  }

  it('a visitor (OAuthStrategy) is refused get, delete and query, even of the request it made', async () => {
    const shopper = visitorClient();
    await shopper.backInStock.createBackInStockNotificationRequest(
      { catalogReference: { appId: STORES_APP_ID, catalogItemId: rucksack }, email: 'sdk-refused@example.com' },
      { name: 'Waxed Canvas Rucksack', price: '148.00' },
    );
    await expectRefused(shopper, 'visitor');
  });

  it('a member, and the site owner signed in as a member, are refused too', async () => {
    for (const who of ['member', 'owner'] as const) {
      const client = visitorClient();
      await signIn(client, DEMO_LOGINS[who]);
      await expectRefused(client, who);
    }
  });

  it('the admin identity (client credentials) gets, queries and deletes it', async () => {
    const admin = createClient({
      auth: AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: emu.clientSecret, instanceId: SITE_ID }),
      modules: { backInStock },
    });
    expect(await admin.backInStock.getBackInStockNotificationRequest(requestId)).toMatchObject({
      _id: requestId,
      email: 'sdk-refused@example.com',
      status: 'RECEIVED',
    });
    const found = await admin.backInStock.queryBackInStockNotificationRequests().eq('contactId', contactId).find();
    expect(found.items.map((r) => r._id)).toEqual([requestId]);
    await admin.backInStock.deleteBackInStockNotificationRequest(requestId);
    await expect(admin.backInStock.getBackInStockNotificationRequest(requestId)).rejects.toMatchObject({
      details: { applicationError: { code: 'REQUEST_NOT_FOUND' } },
    });
  });
});

describe('coverage', () => {
  // the calls of core/ops these cases exercise (tests/conformance/coverage.test.ts reads these claims)
  covers(
    'token',
    'redirectSession',
    'login',
    'register',
    'verify',
    'sendRecoveryEmail',
    'myMember',
    'updateMember',
    'deleteMemberAddresses',
    'deleteMyMember',
    'getProduct',
    'queryReviews',
    'countReviews',
    'getReview',
    'createReview',
    'moderateReview',
    'replyToReview',
    'getCart',
    'addToCart',
    'updateLineItemsQuantity',
    'removeLineItems',
    'updateCart',
    'removeCoupon',
    'estimateTotals',
    'createCheckout',
    'createStockRequest',
    'getStockRequest',
    'queryStockRequests',
    'deleteStockRequest',
    'listAlgorithms',
    'getRecommendation',
    'generateUploadUrl',
    'getOrder',
    'searchOrders',
    'addOrderActivity',
    'cancelOrder',
    'updateOrderStatus',
    'updateOrderActivity',
    'deleteOrderActivity',
    'bulkUpdateOrderTags',
    'aggregateOrders',
    'listOrderTransactions',
    'captureAuthorizedPayments',
    'voidAuthorizedPayments',
    'getRefundability',
    'triggerRefund',
    'getPaymentCollectability',
    'recordManualPayment',
    'markOrderAsPaid',
  );
  refuses(
    'getOrder',
    'getStockRequest',
    'deleteStockRequest',
    'queryStockRequests',
    'generateUploadUrl',
    'moderateReview',
    'replyToReview',
    'createReview',
  );
  platform.coverageCase();

  it('the SDK also reached the paths it sends where Inlay sends another (served by the emulator as well)', () => {
    const expected = [
      'GET /stores-reader/v1/products/query-platformized', // the SDK's queryProducts; Inlay: POST …/products/query
    ];
    const missing = expected.filter((pattern) => !sent.some((call) => new RegExp(`^(${pattern})$`).test(call)));
    expect(missing, sent.join('\n')).toEqual([]);
  });
});
