/**
 * Abandoned checkouts (docs/wire.md "Abandoned checkouts"): a checkout with a buyer email left for the delay becomes
 * ABANDONED with its buyer, lines and value; query/search/get/add-activity are admin-only; the recovery link restores
 * the checkout on the hosted page, and paying it makes the abandoned checkout RECOVERED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDON_AFTER_MS, seedAbandonedIds } from './domain/abandoned.ts';
import { SITE_ID } from './domain/auth.ts';
import { STORES_APP_ID, siteUrl } from './domain/catalog.ts';
import { seedIds, seedVariantId } from './seed.ts';
import {
  adminToken,
  api,
  CHECKOUT_FORM,
  memberTokens,
  payCheckout,
  rawRequest,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const P = seedIds.products;
const MUG = P['enamel-camp-mug']!;
const TAPERS = P['beeswax-taper-candles']!;
const FOREST = seedVariantId('enamel-camp-mug', { Color: 'Forest' });
const QUERY = '/ecom/v1/abandoned-checkout/query';
const SEARCH = '/ecom/v1/abandoned-checkout/search';
const HOUR = 60 * 60 * 1000;
const T0 = Date.parse('2026-03-01T10:00:00.000Z');

let emu: RunningEmulator;
let admin: string;
let clock = T0;

/** A cart with `lines` and a checkout made from it by the holder of `token`; returns the checkout id. */
async function checkout(token: string, lines: [string, number][], email?: string): Promise<string> {
  const lineItems = lines.map(([id, quantity]) => ({
    catalogReference: {
      appId: STORES_APP_ID,
      catalogItemId: id,
      ...(id === MUG ? { options: { variantId: FOREST } } : {}),
    },
    quantity,
  }));
  const added = await api(emu, '/ecom/v1/carts/current/add-to-cart', { token, body: { lineItems } });
  expect(added.status, added.text).toBe(200);
  const r = await api(emu, '/ecom/v1/carts/current/create-checkout', {
    token,
    body: { channelType: 'WEB', ...(email ? { email } : {}) },
  });
  expect(r.status).toBe(200);
  return r.json.checkoutId as string;
}

const query = (body: unknown, token = admin) => api(emu, QUERY, { token, body });
const get = (id: string, token = admin) => api(emu, `/ecom/v1/abandoned-checkout/${id}`, { token });
const byCheckout = async (checkoutId: string) =>
  (await query({ query: { filter: { checkoutId } } })).json.abandonedCheckouts[0] as Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  // tokens outlive the hours the clock jumps
  emu = await startTestEmulator({ now: () => clock, accessTokenTtlSeconds: 60 * 24 * 3600 });
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

describe('abandonment', () => {
  it('the seed: a member and a visitor, different ages and values, ABANDONED', async () => {
    const r = await query({});
    expect(r.status).toBe(200);
    const seeded = r.json.abandonedCheckouts.filter((a: { id: string }) =>
      [seedAbandonedIds.maya.id, seedAbandonedIds.sam.id].includes(a.id),
    );
    expect(seeded.map((a: { id: string }) => a.id)).toEqual([seedAbandonedIds.maya.id, seedAbandonedIds.sam.id]);
    const [maya, sam] = seeded;
    expect(maya).toMatchObject({
      status: 'ABANDONED',
      checkoutId: seedAbandonedIds.maya.checkoutId,
      buyerInfo: { memberId: seedIds.members.member, email: 'member@fernwood.example', contactId: expect.any(String) },
      contactDetails: { firstName: 'Maya', lastName: 'Lindqvist' },
      createdDate: new Date(T0 - 2 * HOUR).toISOString(), // 3 h old checkout, abandoned after 1 h
      activities: [],
      currency: 'USD',
    });
    expect(sam).toMatchObject({
      status: 'ABANDONED',
      buyerInfo: { visitorId: expect.any(String), email: 'sam.rivera@example.com' },
      createdDate: new Date(T0 - 48 * HOUR + HOUR).toISOString(),
    });
    expect(Number(maya.totalPrice.amount)).toBeGreaterThan(Number(sam.totalPrice.amount));
    expect(maya.lineItems).toHaveLength(2);
    expect(maya.checkoutUrl).toBe(
      `${emu.url}/ecom/v1/abandoned-checkout/${maya.id}/redirect-to-checkout?metasiteId=${SITE_ID}`,
    );
  });

  it('a checkout with an email becomes ABANDONED only after the delay; one without an email never', async () => {
    clock = T0 + 10 * HOUR;
    const visitor = (await visitorTokens(emu)).access;
    const withEmail = await checkout(visitor, [[MUG, 2]], 'Late.Buyer@example.com');
    const anonymous = await checkout((await visitorTokens(emu)).access, [[MUG, 1]]);
    clock += ABANDON_AFTER_MS - 1;
    expect(await byCheckout(withEmail)).toBeUndefined();
    clock += 1;
    const a = await byCheckout(withEmail);
    expect(a).toMatchObject({
      status: 'ABANDONED',
      createdDate: new Date(clock).toISOString(),
      buyerInfo: { email: 'Late.Buyer@example.com', visitorId: expect.any(String) },
      subtotalPrice: { amount: expect.stringMatching(/^\d+\.\d{2}$/) },
      lineItems: [
        { quantity: 2, catalogReference: { catalogItemId: MUG }, productName: { original: 'Enamel Camp Mug' } },
      ],
    });
    clock += 5 * HOUR;
    expect(await byCheckout(anonymous)).toBeUndefined();
    // the same abandoned checkout on every read: never a second one
    expect((await query({ query: { filter: { checkoutId: withEmail } } })).json.abandonedCheckouts).toHaveLength(1);
  });

  it("a member's checkout takes the member's login email; a checkout paid in time is never abandoned", async () => {
    clock = T0 + 20 * HOUR;
    const member = (await memberTokens(emu)).access;
    const id = await checkout(member, [[TAPERS, 1]]);
    clock += 2 * HOUR;
    expect(await byCheckout(id)).toMatchObject({ buyerInfo: { email: 'member@fernwood.example' } });

    const visitor = (await visitorTokens(emu)).access;
    const paid = await checkout(visitor, [[TAPERS, 1]], 'quick@example.com');
    clock += 10 * 60_000;
    await payCheckout(emu, visitor, paid);
    clock += 3 * HOUR;
    expect(await byCheckout(paid)).toBeUndefined();
  });

  it('only the newest checkout of a cart is abandoned', async () => {
    clock = T0 + 30 * HOUR;
    const visitor = (await visitorTokens(emu)).access;
    const first = await checkout(visitor, [[MUG, 1]], 'twice@example.com');
    clock += 60_000;
    const again = await api(emu, '/ecom/v1/carts/current/create-checkout', {
      token: visitor,
      body: { channelType: 'WEB', email: 'twice@example.com' },
    });
    clock += 2 * HOUR;
    expect(await byCheckout(first)).toBeUndefined();
    expect(await byCheckout(again.json.checkoutId)).toMatchObject({ status: 'ABANDONED' });
  });

  it('dev: POST /_dev/abandoned-checkouts/sync {delayMinutes: 0} abandons at once', async () => {
    clock = T0 + 40 * HOUR;
    const id = await checkout((await visitorTokens(emu)).access, [[MUG, 1]], 'now@example.com');
    const r = await api(emu, '/_dev/abandoned-checkouts/sync', { body: { delayMinutes: 0 } });
    expect(r.status).toBe(200);
    const a = await byCheckout(id);
    expect(r.json.created).toContain(a!['id']);
    expect(a!['createdDate']).toBe(new Date(clock).toISOString());
    expect((await api(emu, '/_dev/abandoned-checkouts/sync', { body: { delayMinutes: -1 } })).status).toBe(400);
    expect((await api(emu, '/_dev/abandoned-checkouts/sync', { body: { delay: 1 } })).status).toBe(400);
  });
});

describe('reads', () => {
  it('query and search: filter, sort by value, cursor pages carrying filter and free text', async () => {
    const all = (await query({ query: { sort: [{ fieldName: 'totalPrice.amount', order: 'DESC' }] } })).json
      .abandonedCheckouts as { totalPrice: { amount: string } }[];
    const amounts = all.map((a) => Number(a.totalPrice.amount));
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));

    const email = await query({ query: { filter: { 'buyerInfo.email': 'SAM.RIVERA@example.com' } } });
    expect(email.json.abandonedCheckouts.map((a: { id: string }) => a.id)).toEqual([seedAbandonedIds.sam.id]);

    const first = await api(emu, SEARCH, {
      token: admin,
      body: {
        search: { filter: { status: 'ABANDONED' }, search: { expression: 'example.com' }, cursorPaging: { limit: 2 } },
      },
    });
    expect(first.status).toBe(200);
    expect(first.json.abandonedCheckouts).toHaveLength(2);
    expect(first.json.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    const seen = first.json.abandonedCheckouts.map((a: { id: string }) => a.id);
    let cursor = first.json.pagingMetadata.cursors.next;
    while (cursor) {
      const next = await api(emu, SEARCH, { token: admin, body: { search: { cursorPaging: { cursor, limit: 2 } } } });
      expect(next.status).toBe(200);
      for (const a of next.json.abandonedCheckouts) {
        expect(a.buyerInfo.email.toLowerCase()).toContain('example.com');
        seen.push(a.id);
      }
      cursor = next.json.pagingMetadata.cursors.next;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const candles = await api(emu, SEARCH, { token: admin, body: { search: { search: { expression: 'taper' } } } });
    expect(candles.json.abandonedCheckouts.map((a: { id: string }) => a.id)).toContain(seedAbandonedIds.sam.id);
    expect(candles.json.abandonedCheckouts.map((a: { id: string }) => a.id)).not.toContain(seedAbandonedIds.maya.id);
  });

  it('bad queries: unknown field, limit over 100, a forged cursor, cursor with a filter → 400', async () => {
    expect((await query({ query: { filter: { password: 'x' } } })).status).toBe(400);
    expect((await query({ query: { cursorPaging: { limit: 101 } } })).status).toBe(400);
    expect((await query({ query: { cursorPaging: { cursor: 'not-a-cursor' } } })).status).toBe(400);
    const forged = Buffer.from(JSON.stringify({ o: 0, search: { expression: 5 } })).toString('base64url');
    expect(
      (await api(emu, SEARCH, { token: admin, body: { search: { cursorPaging: { cursor: forged } } } })).status,
    ).toBe(400);
    const page = await query({ query: { cursorPaging: { limit: 1 } } });
    const r = await query({
      query: { filter: { status: 'RECOVERED' }, cursorPaging: { cursor: page.json.metadata.cursors.next } },
    });
    expect(r.status).toBe(400);
    expect((await api(emu, QUERY, { token: admin, body: '{"query":{"filter":{"__proto__":{"x":1}}}}' })).status).toBe(
      400,
    );
  });

  it('get: by id; unknown or malformed id → 404 ABANDONED_CHECKOUT_NOT_FOUND', async () => {
    const r = await get(seedAbandonedIds.maya.id);
    expect(r.status).toBe(200);
    expect(r.json.abandonedCheckout.id).toBe(seedAbandonedIds.maya.id);
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'constructor', '..%2F..%2Fsecret']) {
      const miss = await get(bad);
      expect(miss.status, bad).toBe(404);
      expect(miss.json.details.applicationError.code).toBe('ABANDONED_CHECKOUT_NOT_FOUND');
    }
  });

  it('admin only: a visitor or a member token is refused 403, no token 401', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const member = (await memberTokens(emu)).access;
    const add = `/ecom/v1/abandoned-checkouts/${seedAbandonedIds.sam.id}/add-activity`;
    for (const token of [visitor, member]) {
      expect((await query({}, token)).status).toBe(403);
      expect((await api(emu, SEARCH, { token, body: {} })).status).toBe(403);
      expect((await get(seedAbandonedIds.sam.id, token)).status).toBe(403);
      expect((await api(emu, add, { token, body: { activityType: 'EMAIL_SENT' } })).status).toBe(403);
    }
    expect((await api(emu, QUERY, { body: {} })).status).toBe(401);
    expect((await get(seedAbandonedIds.sam.id)).json.abandonedCheckout.activities).toEqual([]);
  });
});

describe('activities', () => {
  it("add: the spec's types, dated; wrong type, a different id in the body, an unknown id refused", async () => {
    const id = seedAbandonedIds.sam.id;
    const add = (body: unknown, to = id) =>
      api(emu, `/ecom/v1/abandoned-checkouts/${to}/add-activity`, { token: admin, body });
    const r = await add({ abandonedCheckoutId: id, activityType: 'EMAIL_SENT' });
    expect(r.status).toBe(200);
    expect(r.json.abandonedCheckout.activities).toEqual([
      { type: 'EMAIL_SENT', createdDate: new Date(clock).toISOString() },
    ]);
    expect((await add({ activityType: 'AUTOMATION_SKIPPED' })).status).toBe(400); // not in the spec's list
    expect((await add({ activityType: 'email_sent' })).status).toBe(400);
    expect((await add({})).status).toBe(400);
    expect((await add({ abandonedCheckoutId: seedAbandonedIds.maya.id, activityType: 'TASK_CREATED' })).status).toBe(
      400,
    );
    expect((await add({ activityType: 'TASK_CREATED' }, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get(seedAbandonedIds.maya.id)).json.abandonedCheckout.activities).toEqual([]);
    for (const t of ['SCHEDULED', 'EMAIL_NOT_SENT', 'NOTIFICATION_SENT', 'TASK_CREATED']) {
      expect((await add({ activityType: t })).status).toBe(200);
    }
    expect((await get(id)).json.abandonedCheckout.activities.map((a: { type: string }) => a.type)).toEqual([
      'EMAIL_SENT',
      'SCHEDULED',
      'EMAIL_NOT_SENT',
      'NOTIFICATION_SENT',
      'TASK_CREATED',
    ]);
  });

  it('at most 20 activities: the 21st → 428 MAX_ACTIVITIES_REACHED', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const checkoutId = await checkout(visitor, [[MUG, 1]], 'many@example.com');
    clock += 2 * HOUR;
    const id = (await byCheckout(checkoutId))!['id'] as string;
    const add = () =>
      api(emu, `/ecom/v1/abandoned-checkouts/${id}/add-activity`, {
        token: admin,
        body: { activityType: 'SCHEDULED' },
      });
    for (let i = 0; i < 20; i++) expect((await add()).status).toBe(200);
    const r = await add();
    expect(r.status).toBe(428);
    expect(r.json.details.applicationError.code).toBe('MAX_ACTIVITIES_REACHED');
  });
});

describe('recovery', () => {
  it('the link restores the checkout on the hosted page (its lines); paying it makes the abandoned one RECOVERED', async () => {
    clock = T0 + 60 * HOUR;
    const visitor = (await visitorTokens(emu)).access;
    const checkoutId = await checkout(visitor, [[MUG, 3]], 'comeback@example.com');
    // the buyer empties the cart meanwhile: the checkout keeps what they left
    await api(emu, '/ecom/v1/carts/current', { token: visitor, method: 'DELETE' });
    clock += 2 * HOUR;
    const a = (await byCheckout(checkoutId))!;
    const link = new URL(a['checkoutUrl'] as string);
    const go = await fetch(link, { redirect: 'manual' }); // no token: a link in an email
    expect(go.status).toBe(302);
    const page = new URL(go.headers.get('location')!);
    expect(page.origin).toBe(emu.hostedUrl);
    const restored = await fetch(page);
    // the session has no callbacks: paying sends the buyer to the site, which the page's form-action must allow (a
    // browser blocks a form's redirect to an origin it does not list)
    expect(restored.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(siteUrl(emu.db)).origin}`,
    );
    const html = await restored.text();
    expect(html).toContain('Enamel Camp Mug');
    expect(html).toContain('Quantity: 3');

    clock += 5 * 60_000;
    const fields = { ...CHECKOUT_FORM, email: 'comeback@example.com', firstName: 'Co', lastName: 'Back' };
    const paid = await fetch(page, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin },
      body: new URLSearchParams(fields).toString(),
    });
    expect(paid.status).toBe(302);
    const orderId = new URL(paid.headers.get('location')!).searchParams.get('orderId');
    const order = await api(emu, `/ecom/v1/orders/${orderId}`, { token: admin });
    expect(order.json.order).toMatchObject({ checkoutId, lineItems: [{ quantity: 3 }] });

    const after = (await get(a['id'] as string)).json.abandonedCheckout;
    expect(after).toMatchObject({ status: 'RECOVERED', checkoutRecoveredDate: new Date(clock).toISOString() });
    const recovered = await query({ query: { filter: { status: 'RECOVERED' } } });
    expect(recovered.json.abandonedCheckouts.map((x: { id: string }) => x.id)).toContain(a['id']);
    // the link again: the order is placed, the hosted page sends the buyer to the thank-you page, no second order
    const again = await fetch(link, { redirect: 'manual' });
    const thanks = await fetch(again.headers.get('location')!, { redirect: 'manual' });
    expect(thanks.status).toBe(302);
    expect(new URL(thanks.headers.get('location')!).searchParams.get('orderId')).toBe(orderId);
  });

  it('a checkout paid after it was abandoned, through its own session, recovers too', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const checkoutId = await checkout(visitor, [[TAPERS, 1]], 'slow@example.com');
    clock += 3 * HOUR;
    expect(await byCheckout(checkoutId)).toMatchObject({ status: 'ABANDONED' });
    clock += HOUR;
    await payCheckout(emu, visitor, checkoutId);
    expect(await byCheckout(checkoutId)).toMatchObject({
      status: 'RECOVERED',
      checkoutRecoveredDate: new Date(clock).toISOString(),
    });
  });

  it('the link: wrong metasite or unknown id → 404, no metasite → 400; nothing is created', async () => {
    const base = `/ecom/v1/abandoned-checkout/${seedAbandonedIds.maya.id}/redirect-to-checkout`;
    const count = () => emu.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM redirect_sessions').get()!.n;
    const before = count();
    expect((await api(emu, `${base}?metasiteId=00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await api(emu, base)).status).toBe(400);
    const unknown = '/ecom/v1/abandoned-checkout/00000000-0000-4000-8000-000000000000/redirect-to-checkout';
    expect((await api(emu, `${unknown}?metasiteId=${SITE_ID}`)).status).toBe(404);
    expect(count()).toBe(before);
  });
});

describe('dev mailbox: POST /_dev/mailbox', () => {
  it('stores a message; strict body; dev mode and a local host only', async () => {
    const r = await api(emu, '/_dev/mailbox', {
      body: { to: 'sam@example.com', subject: 'Your cart', text: 'Come back', link: 'http://127.0.0.1/x' },
    });
    expect(r.status).toBe(200);
    const box = await api(emu, '/_dev/mailbox?to=sam@example.com');
    expect(box.json.messages[0]).toMatchObject({ subject: 'Your cart', link: 'http://127.0.0.1/x' });
    for (const body of [
      { to: 'x', subject: 's', text: 't' },
      { to: 'a@b.co', subject: 's', text: 't', link: 'javascript:alert(1)' },
      { to: 'a@b.co', subject: 's', text: 't', extra: 1 },
    ])
      expect((await api(emu, '/_dev/mailbox', { body })).status).toBe(400);
    const rebound = await rawRequest(emu.url, '/_dev/mailbox', {
      method: 'POST',
      headers: { Host: 'evil.test', 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: 'a@b.co', subject: 's', text: 't' }),
    });
    expect(rebound.status).toBe(403);
    const off = await startTestEmulator({ dev: false });
    try {
      expect((await api(off, '/_dev/mailbox', { body: { to: 'a@b.co', subject: 's', text: 't' } })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
