/**
 * The wire contract, checked from both ends: every operation of the operation table (`core/urls.ts`) that the client
 * uses is called on a real emulator through its call modules (`core/api/*`), and every answer is parsed with core's
 * schemas (a mismatch fails the call with a `parse` error). When an emulator answer drifts from what the client
 * expects, a test here fails before any browser test does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, type Http } from '../../core/http.ts';
import { ops, type OperationName } from '../../core/urls.ts';
import { requestTokens } from '../../core/auth/token-request.ts';
import { redirectSession } from '../../core/api/redirects.ts';
import {
  changePassword,
  login,
  recover,
  register,
  resendCode,
  sendRecoveryEmail,
  verify,
} from '../../core/api/identity.ts';
import { readFields, readMfa, sendFields, verifyFactor } from '../../core/api/identity-factors.ts';
import { totpCode } from '../../emulator/domain/mfa.ts';
import {
  clearContactSet,
  deleteMyAccount,
  getMyMember,
  setCommunity,
  updateContact,
  updateNickname,
} from '../../core/api/members.ts';
import { issueMemberTokens } from '../../emulator/domain/auth.ts';
import { CONTENT_ASSIGNEES, createMember } from '../../emulator/domain/identity.ts';
import { setSetting } from '../../emulator/domain/settings.ts';
import { countReviews, queryReviews } from '../../core/api/reviews.ts';
import {
  bulkDelete,
  bulkModerate,
  createReview,
  deleteReply,
  deleteReview,
  getReview,
  moderateReview,
  replyToReview,
  updateReview,
} from '../../core/api/review-writes.ts';
import { uploadPhoto } from '../../core/api/site-media.ts';
import {
  addToCart,
  applyCoupon,
  deleteCart,
  estimateTotals,
  fetchCart,
  removeCoupon,
  removeLine,
  setLineQuantity,
  startCheckout,
} from '../../core/api/current-cart.ts';
import { createStockRequest } from '../../core/api/back-in-stock.ts';
import { fetchAlgorithms, getRecommendation } from '../../core/api/recommendations.ts';
import {
  catalogVersion,
  getProduct,
  queryProductsByIds,
  readProduct,
  readProducts,
  STORES_APP_ID,
} from '../../core/api/products.ts';
import { adminToken, api as call, DEMO_CLIENT_ID, memberTokens, startTestEmulator } from '../helpers/emulator.ts';
import { DEMO_LOGINS, DEMO_TOTP_SECRET, seedIds } from '../../emulator/seed.ts';
import type { RunningEmulator } from '../../emulator/server.ts';

/** Operations of the table the client does not call (yet), each with the reason. */
const NOT_CALLED: Partial<Record<OperationName, string>> = {
  queryCollections: 'no widget reads collections',
  // admin identity only on the platform (docs/wire.md): a browser never calls them; emulator/back-in-stock.test.ts and
  // the SDK conformance suite do, with an admin identity
  getStockRequest: 'admin only (site companion)',
  deleteStockRequest: 'admin only (site companion)',
  queryStockRequests: 'admin only (site companion)',
  countStockRequests: 'admin only (site companion)',
};

let emu: RunningEmulator;
/** `METHOD /path` of every request the client sent (query strings dropped). */
const sent: string[] = [];
const recording: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
  return fetch(input, init);
};

const httpWith = (token: () => string): Http =>
  createHttp({
    config: { apiBase: emu.url },
    getAccessToken: async () => token(),
    renewAfter401: async () => false,
    fetch: recording,
  });

const visitor = async (): Promise<Http> => {
  const t = await requestTokens(
    { apiBase: emu.url, clientId: DEMO_CLIENT_ID, fetch: recording },
    { grantType: 'anonymous' },
  );
  return httpWith(() => t.access_token);
};
const member = async (who: 'member' | 'owner' = 'member'): Promise<Http> => {
  const t = await memberTokens(emu, who);
  return httpWith(() => t.access);
};
/** The admin identity (client credentials): what the site companion (issue 16) calls with. */
const admin = async (): Promise<Http> => {
  const t = await adminToken(emu);
  return httpWith(() => t);
};
const lastMail = async (to: string) => (await call(emu, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages[0];
const SITE = 'http://127.0.0.1:5173';
/** A 1×1 PNG (the emulator sniffs the bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** The emulator's clock, moved on by tests that wait (the cool-down between sign-up codes). */
let clock = Date.now();
const client = (http: Http) => ({ http, config: { clientId: DEMO_CLIENT_ID } as never });

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
});
afterAll(() => emu?.close());

describe('every answer the client reads parses with core schemas', () => {
  it('tokens: anonymous and refresh', async () => {
    const first = await requestTokens(
      { apiBase: emu.url, clientId: DEMO_CLIENT_ID, fetch: recording },
      { grantType: 'anonymous' },
    );
    const again = await requestTokens(
      { apiBase: emu.url, clientId: DEMO_CLIENT_ID, fetch: recording },
      { grantType: 'refresh_token', refreshToken: first.refresh_token! },
    );
    expect(again.access_token).toEqual(expect.any(String));
  });

  it('catalog: one product, several by id', async () => {
    const http = await visitor();
    const ids = [seedIds.products['cast-iron-skillet']!, seedIds.products['linen-apron']!];
    expect((await getProduct(http, ids[0]!)).id).toBe(ids[0]);
    expect((await queryProductsByIds(http, ids)).map((p) => p.id).sort()).toEqual([...ids].sort());
  });

  it('catalog V3 (a V3 site): its version, one product, several by id; the V1 site says V1', async () => {
    expect(await catalogVersion(await visitor())).toBe('v1');
    const v3 = await startTestEmulator({ catalog: 'v3' });
    try {
      const t = await requestTokens(
        { apiBase: v3.url, clientId: DEMO_CLIENT_ID, fetch: recording },
        { grantType: 'anonymous' },
      );
      const http = createHttp({
        config: { apiBase: v3.url },
        getAccessToken: async () => t.access_token,
        renewAfter401: async () => false,
        fetch: recording,
      });
      expect(await catalogVersion(http)).toBe('v3');
      const ids = [seedIds.products['enamel-camp-mug']!, seedIds.products['linen-apron']!];
      const one = await readProduct(http, 'v3', ids[0]!);
      expect(one).toMatchObject({ id: ids[0], priceData: { currency: 'USD' }, stock: { inStock: true } });
      expect(one.variants).toHaveLength(3);
      expect((await readProducts(http, 'v3', ids)).map((p) => p.id).sort()).toEqual([...ids].sort());
    } finally {
      await v3.close();
    }
  });

  it('recommendations: algorithms, then items', async () => {
    const http = await visitor();
    const algorithms = await fetchAlgorithms(http);
    expect(algorithms.length).toBeGreaterThan(0);
    const r = await getRecommendation({ http }, algorithms, [seedIds.products['cast-iron-skillet']!], 1);
    expect(r.items.length).toBeGreaterThan(0);
  });

  it('cart: read (none yet), add, quantity, coupon, totals, remove, checkout, delete', async () => {
    const http = await visitor();
    const c = { http };
    // the platform answers 404 before the first add (null); the emulator makes an empty cart (emulator/routes/cart.ts)
    expect((await fetchCart(c))?.lineItems ?? []).toEqual([]);
    const cart = await addToCart(c, [
      { productId: seedIds.products['camp-lantern']! },
      { productId: seedIds.products['maple-cutting-board']! },
    ]);
    const [a, b] = cart.lineItems;
    expect((await setLineQuantity(c, a!.id!, 2)).lineItems[0]!.quantity).toBe(2);
    expect((await applyCoupon(c, 'WELCOME10')).appliedDiscounts?.length).toBe(1);
    expect((await removeCoupon(c)).appliedDiscounts ?? []).toEqual([]);
    expect((await estimateTotals(c)).priceSummary).toBeDefined();
    expect((await removeLine(c, b!.id!)).lineItems).toHaveLength(1);
    const checkout = await startCheckout(
      c,
      { postFlowUrl: SITE, thankYouPageUrl: `${SITE}/thanks`, cartPageUrl: SITE },
      {},
      'fr',
    );
    expect(checkout.url).toMatch(/^http/);
    // the page's language, on the hosted checkout's URL as the platform appends it
    expect(new URL(checkout.url).searchParams.get('lang')).toBe('fr');
    expect(await deleteCart(c)).toBeNull();
    expect((await fetchCart(c))?.lineItems ?? []).toEqual([]);
  });

  it('reviews: a visitor reads and counts; it cannot write (no contact: docs/spec/wire-protocol.md §11.4)', async () => {
    const http = await visitor();
    const entityId = seedIds.products['cast-iron-skillet']!;
    const filter = { namespace: 'stores', entityId };
    const page = await queryReviews(http, { filter, sort: 'newest', limit: 2 });
    expect(page.reviews.length).toBeGreaterThan(0);
    if (page.next)
      expect(
        (await queryReviews(http, { filter, sort: 'newest', limit: 2, cursor: page.next })).reviews.length,
      ).toBeGreaterThan(0);
    expect(await countReviews(http, filter)).toBeGreaterThan(0);
    await expect(
      createReview(http, {
        namespace: 'stores',
        entityId: seedIds.products['linen-apron']!,
        content: { rating: 5, title: 'Contract', body: 'Sturdy.' },
        author: { contactId: 'any' },
      }),
    ).rejects.toMatchObject({ status: 403, applicationError: { code: 'PERMISSION_DENIED' } });
  });

  it('reviews: a member writes with a photo (uploaded by the admin identity), reads, edits and deletes their own', async () => {
    const http = await member();
    const me = await getMyMember(http);
    await expect(uploadPhoto(http, new File([PNG], 'p.png', { type: 'image/png' }))).rejects.toMatchObject({
      status: 403,
    });
    const image = await uploadPhoto(await admin(), new File([PNG], 'p.png', { type: 'image/png' }));
    const review = await createReview(http, {
      namespace: 'stores',
      entityId: seedIds.products['camp-lantern']!,
      content: { rating: 4, title: 'Bright', media: [{ image }] },
      author: { contactId: me.contactId! },
    });
    expect((await getReview(http, review.id)).id).toBe(review.id);
    expect((await updateReview(http, review.id, { rating: 5 })).content?.rating).toBe(5);
    expect((await deleteReview(http, review.id)).id).toBe(review.id);
  });

  it('reviews: the admin identity moderates, replies, bulk moderates and bulk deletes; the owner member cannot', async () => {
    const author = await member();
    const me = await getMyMember(author);
    const entityId = seedIds.products['folding-camp-stool']!;
    const review = await createReview(author, {
      namespace: 'stores',
      entityId,
      content: { rating: 3, title: 'Ok' },
      author: { contactId: me.contactId! },
    });
    await expect(moderateReview(await member('owner'), review.id, 'APPROVED')).rejects.toMatchObject({ status: 403 });
    const owner = await admin();
    expect((await moderateReview(owner, review.id, 'APPROVED')).moderation?.moderationStatus).toBe('APPROVED');
    expect((await replyToReview(owner, review.id, 'Thank you')).reply?.message).toBe('Thank you');
    expect((await deleteReply(owner, review.id)).reply).toBeUndefined();
    expect(await bulkModerate(owner, { namespace: 'stores', entityId }, 'REJECTED')).toEqual(expect.any(String));
    expect(await bulkDelete(owner, { namespace: 'stores', entityId })).toEqual(expect.any(String));
    expect(await countReviews(owner, { namespace: 'stores', entityId }, true)).toBe(0);
  });

  it('back in stock: create, and the same item and email again is the same request (the only call a browser makes)', async () => {
    const http = await visitor();
    const catalogItemId = seedIds.products['waxed-canvas-rucksack']!;
    const ask = () =>
      createStockRequest(
        http,
        {
          catalogReference: { appId: STORES_APP_ID, catalogItemId },
          email: 'wait.contract@example.com',
          itemUrl: `${SITE}/p`,
        },
        { name: 'Rucksack', price: '98.00' },
      );
    const request = await ask();
    expect(request).toMatchObject({ email: 'wait.contract@example.com', status: 'RECEIVED' });
    expect((await ask()).id).toBe(request.id);
  });

  it('identity: sign up with a code (and a resent one), sign in, recover, change the password', async () => {
    const http = await visitor();
    const email = `contract-${Date.now()}@example.com`;
    const first = await register(http, { email, password: 'contract pw 1' });
    expect(first.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const stateToken = (first as Extract<typeof first, { loginState: 'EMAIL_VERIFICATION_REQUIRED' }>).data.stateToken;
    clock += 31_000;
    await resendCode(http, stateToken);
    const verified = await verify(http, (await lastMail(email)).code, stateToken);
    expect(verified.loginState).toBe('SUCCESS');
    expect((await login(http, { email, password: 'contract pw 1' })).loginState).toBe('SUCCESS');

    await sendRecoveryEmail(client(http), email, `${SITE}/account`);
    const token = new URL((await lastMail(email)).link).searchParams.get('inlay-reset')!;
    await recover(http, token, 'contract pw 2');
    expect((await login(http, { email, password: 'contract pw 2' })).loginState).toBe('SUCCESS');

    const signedIn = await member();
    expect(
      await changePassword(signedIn, 'member@fernwood.example', 'fernwood-member', 'fernwood-member'),
    ).toBeUndefined();
  });

  it('identity: a second factor (the authenticator app) and the sign-up form’s required fields (issue 42)', async () => {
    const http = await visitor();
    const { email, password } = DEMO_LOGINS.authenticatorApp;
    setSetting(emu.db, 'signupRequiredFields', [{ name: 'company', label: 'Company', type: 'TEXT' }]);
    try {
      const first = await login(http, { email, password });
      if (first.loginState !== 'MORE_REQUIRED') throw new Error(`expected MORE_REQUIRED: ${JSON.stringify(first)}`);
      expect(readMfa(first.data.answer)).toMatchObject({ factor: 'TOTP', factors: ['TOTP'], reason: 'USER_SETTINGS' });
      const { stateToken } = first.data;
      const wrong = await verifyFactor(http, { stateToken, factorType: 'TOTP', data: { code: '000000' } });
      expect(wrong).toMatchObject({ loginState: 'FAILURE', code: 'BAD_CODE' });
      const fields = await verifyFactor(http, {
        stateToken,
        factorType: 'TOTP',
        rememberThisDevice: true,
        data: { code: totpCode(DEMO_TOTP_SECRET, clock) },
      });
      if (fields.loginState !== 'MORE_REQUIRED') throw new Error(`expected MORE_REQUIRED: ${JSON.stringify(fields)}`);
      expect(readFields(fields.data.answer)).toEqual([{ name: 'company', label: 'Company', type: 'TEXT' }]);
      expect(fields.data.deviceToken).toEqual(expect.any(String));
      const done = await sendFields(http, email, stateToken, { company: { strValue: 'Fernwood' } });
      expect(done.loginState).toBe('SUCCESS');
      // the remembered device skips the factor next time
      const again = await login(http, { email, password, deviceToken: fields.data.deviceToken! });
      expect(again.loginState).toBe('SUCCESS');
    } finally {
      setSetting(emu.db, 'signupRequiredFields', []);
    }
  });

  it('members: me, nickname, community', async () => {
    const http = await member();
    const me = await getMyMember(http);
    expect((await updateNickname(http, me.id!, 'Contract')).profile?.nickname).toBe('Contract');
    await setCommunity(http, false);
    await setCommunity(http, true);
  });

  it('members: contact details (replace, clear each set) and account deletion with a content assignee', async () => {
    const id = createMember(
      emu.db,
      {
        email: `contract-leaving-${Date.now()}@example.com`,
        passwordHash: 'unused',
        status: 'APPROVED',
        nickname: 'Leaving',
        firstName: null,
        lastName: null,
      },
      clock,
    );
    const t = issueMemberTokens(emu.db, { clientId: DEMO_CLIENT_ID, memberId: id }, clock, 3600);
    const http = httpWith(() => t.access_token);
    const changed = await updateContact(http, id, {
      firstName: 'Ada',
      phones: ['+44 20 7946 0000'],
      addresses: [{ addressLine: '1 Main St', city: 'London', country: 'GB', postalCode: 'N1 9GU' }],
    });
    expect(changed.contact?.addresses?.[0]?.id).toEqual(expect.any(String));
    expect((await getMyMember(http)).contact?.phones).toEqual(['+44 20 7946 0000']);
    for (const set of ['phones', 'emails', 'addresses'] as const)
      expect((await clearContactSet(http, id, set)).contact?.[set]).toEqual([]);
    // the site names who may receive a leaving member's content (the emulator refuses any other: docs/wire.md)
    setSetting(emu.db, CONTENT_ASSIGNEES, [seedIds.members.member]);
    await deleteMyAccount(http, seedIds.members.member);
    await expect(getMyMember(http)).rejects.toMatchObject({ status: 401 });
  });

  it('redirect sessions: logout', async () => {
    const http = await member();
    expect(
      await redirectSession(http, { logout: { clientId: DEMO_CLIENT_ID }, callbacks: { postFlowUrl: SITE } }),
    ).toMatch(/^http/);
  });
});

describe('coverage', () => {
  it('every operation of the operation table was called, or is listed as not called with a reason', () => {
    const matches = (name: OperationName) => {
      const { method, path } = ops[name];
      const re = new RegExp(`^${method} ${path.replace(/\{\w+\}/g, '[^/]+')}$`);
      return sent.some((s) => re.test(s));
    };
    const missing = (Object.keys(ops) as OperationName[]).filter((name) => !NOT_CALLED[name] && !matches(name));
    expect(missing).toEqual([]);
    // and nothing listed as not called is in fact called
    expect((Object.keys(NOT_CALLED) as OperationName[]).filter(matches)).toEqual([]);
  });
});
