/**
 * Conformance, issue 38 items 4–8 (docs/wire.md "Admin fidelity fixes (issue 38)"): the platform's generated clients,
 * unmodified, against an in-process emulator, for the calls whose path, body or answer Inlay had wrong. Same boundary
 * as tests/conformance/sdk.test.ts: the global `fetch` sends the SDK's platform hosts to the emulator, nothing else
 * changes. Each case fails on the emulator as it was before the fix (answer fields, refusals, routes).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import * as orders from '@wix/auto_sdk_ecom_orders';
import * as orderFulfillments from '@wix/auto_sdk_ecom_order-fulfillments';
import * as verification from '@wix/auto_sdk_identity_verification';
import * as members from '@wix/auto_sdk_members_members';
import * as redirects from '@wix/auto_sdk_redirects_redirects';
import * as reviews from '@wix/auto_sdk_reviews_reviews';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { RESEND_COOLDOWN_MS } from '../../emulator/domain/identity.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import { api, DEMO_CLIENT_ID, memberTokens, payCheckout, visitorTokens } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';

const SITE = 'http://127.0.0.1:5173';
const realFetch = globalThis.fetch;
// the SDK's hosted sign-in below returns to `${SITE}/callback`: registered, as an exact redirect URI must be
/** The emulator's clock, moved on by the resend case (its cooldown). */
let later = 0;
const platform = platformBoundary({ demoRedirectUris: [`${SITE}/callback`], now: () => Date.now() + later });
const { covers, refuses } = platform;
let emu: RunningEmulator;
beforeAll(() => {
  emu = platform.emu;
});

const tapers = seedIds.products['beeswax-taper-candles']!;
const stool = seedIds.products['folding-camp-stool']!;

const adminClient = () =>
  createClient({
    auth: AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: emu.clientSecret, instanceId: SITE_ID }),
    modules: { orders, orderFulfillments, members, reviews, redirects },
  });
const visitorClient = () =>
  createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { currentCart, members, redirects } });
type VisitorClient = ReturnType<typeof visitorClient>;

/** A member signs in as on the hosted page: the SDK's getAuthUrl, the login form, parseFromUrl and getMemberTokens. */
async function signIn(client: VisitorClient, who: { email: string; password: string }): Promise<void> {
  const oauthData = client.auth.generateOAuthData(`${SITE}/callback`, `${SITE}/`);
  const { authUrl } = await client.auth.getAuthUrl(oauthData);
  const page = new URL(authUrl);
  const form = await realFetch(page, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin },
    body: new URLSearchParams({ email: who.email, password: who.password }).toString(),
  });
  expect(form.status).toBe(302);
  const { code, state } = client.auth.parseFromUrl(form.headers.get('location')!);
  client.auth.setTokens(await client.auth.getMemberTokens(code, state, oauthData));
}

/** An order bought by a new shopper with the given billing names; its id. */
async function buy(names: { firstName: string; lastName: string; email: string }, productId = tapers) {
  const shopper = visitorClient();
  await shopper.currentCart.addToCurrentCart({
    lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: productId }, quantity: 2 }],
  });
  const { checkoutId } = await shopper.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
  return payCheckout(emu, shopper.auth.getTokens().accessToken.value, checkoutId!, undefined, names);
}

describe('redirects: the account page intent', () => {
  it('the public client has no memberAccountPage (internal there): what it sends has no intent and is refused; the REST body Inlay sends is served', async () => {
    const member = visitorClient();
    await signIn(member, DEMO_LOGINS.member);
    // the intent is not among the public method's fields: the client drops it, so nothing names an intent
    const dropped = await member.redirects
      .createRedirectSession({ memberAccountPage: { section: 'ACCOUNT_INFO' } } as never)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(dropped).toMatchObject({ status: 400, details: { validationError: expect.anything() } });
    // the REST body, as core/services/member-login.ts sends it with the member's token
    const token = member.auth.getTokens().accessToken.value;
    const ok = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token,
      body: { memberAccountPage: { section: 'ACCOUNT_INFO' }, callbacks: { postFlowUrl: `${SITE}/` } },
    });
    expect([ok.status, new URL(ok.json.redirectSession.fullUrl).pathname]).toEqual([200, '/_hosted/account']);
    const old = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token,
      body: { membersAccount: { section: 'ACCOUNT_INFO' }, callbacks: { postFlowUrl: `${SITE}/` } },
    });
    expect([old.status, old.json.details.validationError.fieldViolations[0]]).toEqual([
      400,
      expect.objectContaining({ field: 'membersAccount', violatedRule: 'FIELD_NOT_ALLOWED' }),
    ]);
  });
});

describe('orders: searchOrders in OrderSearchSpec', () => {
  let ada: string;
  beforeAll(async () => {
    ada = await buy({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada-conformance@example.com' });
    await buy({ firstName: 'Grace', lastName: 'Hopper', email: 'grace-conformance@example.com' }, stool);
  });

  it('a surname, a first name, an email and an order number (a string) each find the order', async () => {
    const admin = adminClient();
    const find = async (filter: Record<string, unknown>) =>
      (await admin.orders.searchOrders({ filter, cursorPaging: { limit: 100 } })).orders?.map((o) => o._id);
    expect(await find({ 'billingInfo.contactDetails.lastName': { $startsWith: 'Lovelace' } })).toEqual([ada]);
    expect(await find({ 'billingInfo.contactDetails.firstName': { $startsWith: 'ada' } })).toEqual([ada]);
    expect(await find({ 'buyerInfo.email': { $startsWith: 'ada-conf' } })).toEqual([ada]);
    const { number } = await admin.orders.getOrder(ada);
    expect(typeof number).toBe('string');
    expect(await find({ number })).toEqual([ada]);
  });

  it('a field OrderSearchSpec does not have (tags, a full name), a number as a number, or an operator it does not allow is a 400 validation error', async () => {
    const admin = adminClient();
    const { number } = await admin.orders.getOrder(ada);
    for (const filter of [
      { 'tags.privateTags.tagIds': { $hasSome: ['vip'] } },
      { 'billingInfo.contactDetails.fullName': { $startsWith: 'Ada' } },
      { number: Number(number) },
      { status: { $startsWith: 'APP' } },
    ] as Record<string, unknown>[]) {
      // the client's typings refuse these filters too (OrderSearchSpec): sent as the runtime would send them
      await expect(
        admin.orders.searchOrders({ filter: filter as never }),
        JSON.stringify(filter),
      ).rejects.toMatchObject({
        status: 400,
        details: { validationError: { fieldViolations: [expect.objectContaining({ field: 'search.filter' })] } },
      });
    }
  });
});

describe('reviews: the bulk calls answer a job, delete answers the review, a next page is the cursor alone', () => {
  it('bulkUpdateModerationStatus and bulkDeleteReviews → {jobId}; deleteReview → the review', async () => {
    const admin = adminClient();
    const member = await admin.members.getMember(seedIds.members.member, { fieldsets: ['FULL'] });
    const write = (title: string, entityId: string) =>
      admin.reviews.createReview({
        namespace: 'stores',
        entityId,
        author: { contactId: member.contactId! },
        content: { title, body: 'Conformance', rating: 4 },
      });
    const one = await write('Bulk one', stool);
    const filter = { entityId: stool, 'author.contactId': member.contactId };
    const moderated = await admin.reviews.bulkUpdateModerationStatus({ filter, status: 'REJECTED' });
    expect(moderated).toEqual({ jobId: expect.any(String) });
    const deleted = await admin.reviews.bulkDeleteReviews({ filter });
    expect(deleted).toEqual({ jobId: expect.any(String) });
    await expect(admin.reviews.getReview(one._id!, { returnPrivateReviews: true })).rejects.toMatchObject({
      status: 404,
    });
    const two = await write('Single', tapers);
    const gone = await admin.reviews.deleteReview(two._id!);
    expect(gone).toMatchObject({ review: { _id: two._id, content: { title: 'Single' } } });
  });

  it('a cursor with the filter beside it is refused; the cursor alone (what the builder sends) pages on', async () => {
    const client = createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { reviews } });
    const first = await client.reviews.queryReviews().eq('namespace', 'stores').limit(1).find();
    const cursor = first.cursors.next!;
    expect(cursor).toEqual(expect.any(String));
    await expect(
      client.reviews.queryReviews({ filter: { namespace: 'stores' }, cursorPaging: { cursor, limit: 1 } }),
    ).rejects.toMatchObject({
      status: 400,
      details: {
        validationError: { fieldViolations: [expect.objectContaining({ field: 'query.cursorPaging.cursor' })] },
      },
    });
    const next = await client.reviews.queryReviews({ cursorPaging: { cursor, limit: 1 } });
    expect(next.reviews?.[0]?._id).toBeTruthy();
    expect(next.reviews?.[0]?._id).not.toBe(first.items[0]!._id);
  });
});

describe('order fulfillments: createFulfillment', () => {
  it('answers {orderWithFulfillments, fulfillmentId}: the new fulfillment is named', async () => {
    const admin = adminClient();
    const id = await buy({ firstName: 'Fay', lastName: 'Fulfil', email: 'fay-conformance@example.com' });
    const line = (await admin.orders.getOrder(id)).lineItems![0]!;
    const made = await admin.orderFulfillments.createFulfillment(id, { lineItems: [{ _id: line._id!, quantity: 1 }] });
    expect(made.fulfillmentId).toEqual(expect.any(String));
    expect(made.orderWithFulfillments?.fulfillments?.map((f) => f._id)).toEqual([made.fulfillmentId]);
    const listed = await admin.orderFulfillments.listFulfillmentsForSingleOrder(id);
    expect(listed.orderWithFulfillments?.fulfillments?.[0]?._id).toBe(made.fulfillmentId);
  });
});

describe('members: getMember and queryMembers', () => {
  it('the admin identity gets any member (PUBLIC by default, FULL when asked) and queries them (filter, paging, fieldsets)', async () => {
    const admin = adminClient();
    const pub = await admin.members.getMember(seedIds.members.owner);
    expect(pub).toMatchObject({ _id: seedIds.members.owner, status: 'UNKNOWN' });
    expect(pub.loginEmail).toBeUndefined();
    const full = await admin.members.getMember(seedIds.members.owner, { fieldsets: ['FULL'] });
    expect(full).toMatchObject({ loginEmail: DEMO_LOGINS.owner.email, status: 'APPROVED' });
    const found = await admin.members
      .queryMembers({ fieldsets: ['FULL'] })
      .eq('loginEmail', DEMO_LOGINS.member.email)
      .find();
    expect(found.items.map((m) => [m._id, m.loginEmail])).toEqual([[seedIds.members.member, DEMO_LOGINS.member.email]]);
    const all = await admin.members.queryMembers().limit(1).find();
    expect(all.items).toHaveLength(1);
    expect(all.totalCount).toBeGreaterThanOrEqual(2);
    const second = await all.next();
    expect(second.items[0]!._id).not.toBe(all.items[0]!._id);
    await expect(
      admin.members
        .queryMembers()
        .eq('contact.phones' as never, '1')
        .find(),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('a member reads its own record only and may not query; a visitor neither', async () => {
    const member = visitorClient();
    await signIn(member, DEMO_LOGINS.member);
    expect((await member.members.getMember(seedIds.members.member))._id).toBe(seedIds.members.member);
    const refused = { status: 403, details: { applicationError: { code: 'PERMISSION_DENIED' } } };
    await expect(member.members.getMember(seedIds.members.owner)).rejects.toMatchObject(refused);
    await expect(member.members.queryMembers().find()).rejects.toMatchObject(refused);
    const visitor = visitorClient();
    await expect(visitor.members.getMember(seedIds.members.member)).rejects.toMatchObject(refused);
    // the emulator's member tokens too (not only the SDK's sign-in)
    const { access } = await memberTokens(emu, 'owner');
    const owner = await api(emu, '/members/v1/members/query', { token: access, body: {} });
    expect(owner.status).toBe(403);
  });
});

describe('verification: resend', () => {
  it('the verification client has no resend method; its URL map still routes /v1/auth/resend (docs/wire.md)', () => {
    const methods = Object.keys(verification).filter(
      (k) => typeof (verification as Record<string, unknown>)[k] === 'function',
    );
    expect(methods.filter((k) => /resend/i.test(k))).toEqual([]);
    expect(methods).toEqual(expect.arrayContaining(['start', 'verifyDuringAuthentication']));
    const require = createRequire(import.meta.url);
    const source = readFileSync(require.resolve('@wix/auto_sdk_identity_verification'), 'utf8');
    expect(source).toContain('srcPath: "/iam/verification/v1/auth/resend"');
  });

  it('the path Inlay sends ({stateToken} of a sign-up waiting for its code) answers, and a new code is mailed', async () => {
    const { access } = await visitorTokens(emu);
    const email = 'resend-conformance@example.com';
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { authorization: access, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const reg = await platform.platformFetch(
      '/_api/iam/authentication/v2/register',
      json({ loginId: { email }, password: 'a-long-enough-password' }),
    );
    const { stateToken } = (await reg.json()) as { stateToken: string };
    const resend = () => platform.platformFetch('/_api/iam/verification/v1/auth/resend', json({ stateToken }));
    const early = await resend(); // within the cooldown: the platform's SEND_CODE_ERROR, 429
    expect(early.status).toBe(429);
    later += RESEND_COOLDOWN_MS + 1;
    const resent = await resend();
    expect(resent.status).toBe(200);
    const mail = await api(emu, `/_dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(mail.json.messages.length).toBe(2);
  });
});

describe('coverage', () => {
  covers(
    'redirectSession',
    'searchOrders',
    'bulkModerateReviews',
    'bulkDeleteReviews',
    'deleteReview',
    'queryReviews',
    'createFulfillment',
    'getMember',
    'queryMembers',
    'resend',
  );
  refuses('queryMembers');
  platform.coverageCase();
});
