/**
 * The owner console's order routes through the companion, against a real emulator (SQLite): only the owner gets
 * anything (a visitor or a member 403 before the body is read); search filters, sort and sealed cursors; notes, tags,
 * status, cancel, edit through a draft order (its preview, replay refused, a refunded order refused, a leftover draft
 * replaced, a commit refused) and the period summary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../emulator/routes/checkout.ts';
import { seedVariantId } from '../emulator/seed.ts';
import { adminToken, api, placeOrderAs, visitorTokens } from '../tests/helpers/emulator.ts';
import { harness, post, seedIds, type Harness } from './test-helpers.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!; // stock not tracked
const STOOL = seedIds.products['folding-camp-stool']!; // tracked
const BLANKET = seedIds.products['merino-wool-blanket']!;
const MOSS = seedVariantId('merino-wool-blanket', { Color: 'Moss' }); // 4 in stock

let h: Harness;
let owner: string;
let member: string;
let visitor: string;
let start: string;
/** Orders placed in beforeAll: ann (2 tapers, paid), bob (1 stool, pending payment), cleo (3 tapers, paid). */
const o: Record<'ann' | 'bob' | 'cleo', string> = { ann: '', bob: '', cleo: '' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code;
const search = (body: unknown, token = owner) => h.call('/v1/admin/orders/search', post(body, token));
const ids = (r: { body_: { orders: { id: string }[] } }) => r.body_.orders.map((x) => x.id);
const detail = async (id: string) => (await h.call(`/v1/admin/orders/${id}`, { token: owner })).body_;
const stock = (product: string, variant?: string) =>
  h.emu.db
    .prepare<[string], { id: string; quantity: number }>(
      'SELECT id, quantity FROM product_variants WHERE product_id = ?',
    )
    .all(product)
    .find((v) => !variant || v.id === variant)!.quantity;
const placeAs = async (
  lines: { productId: string; variantId?: string; quantity: number }[],
  form: Record<string, string>,
) => placeOrderAs(h.emu, (await visitorTokens(h.emu)).access, lines, form);

beforeAll(async () => {
  h = await harness();
  [owner, member, visitor] = await Promise.all([h.owner(), h.member(), h.visitor()]);
  start = new Date(Date.now() - 1000).toISOString();
  o.ann = await placeAs([{ productId: TAPERS, quantity: 2 }], {
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Archer',
  });
  o.bob = await placeAs([{ productId: STOOL, quantity: 1 }], {
    email: 'bob@example.com',
    firstName: 'Bob',
    lastName: 'Baker',
    cardNumber: TEST_CARDS.pending,
  });
  o.cleo = await placeAs([{ productId: TAPERS, quantity: 3 }], {
    email: 'cleo@shop.test',
    firstName: 'Cleo',
    lastName: 'Cole',
  });
});
afterAll(() => h.close());

describe('owner only', () => {
  it('a visitor or a member gets 403 NOT_OWNER on every route, before the body is read; no token 401', async () => {
    const routes: [string, string][] = [
      ['POST', '/v1/admin/orders/search'],
      ['POST', '/v1/admin/orders/summary'],
      ['POST', '/v1/admin/orders/tags'],
      ['GET', `/v1/admin/orders/${o.ann}`],
      ['POST', `/v1/admin/orders/${o.ann}/notes`],
      ['PATCH', `/v1/admin/orders/${o.ann}/notes/x`],
      ['DELETE', `/v1/admin/orders/${o.ann}/notes/x`],
      ['POST', `/v1/admin/orders/${o.ann}/status`],
      ['POST', `/v1/admin/orders/${o.ann}/cancel`],
      ['POST', `/v1/admin/orders/${o.ann}/edit`],
      ['POST', `/v1/admin/orders/${o.ann}/edit/preview`],
    ];
    for (const [method, path] of routes) {
      for (const token of [visitor, member]) {
        const r = await h.call(path, {
          method,
          token,
          ...(method === 'GET' ? {} : { body: '{not json', headers: { 'Content-Type': 'application/json' } }),
        });
        expect([r.status, code(r)], `${method} ${path}`).toEqual([403, 'NOT_OWNER']);
      }
      const anon = await h.call(path, { ...(method === 'GET' ? {} : post({})), method });
      expect(anon.status, `${method} ${path}`).toBe(401);
    }
    expect((await detail(o.ann)).order.status).toBe('APPROVED'); // nothing was canceled
  });
});

describe('search', () => {
  it('filters by status, payment, text (number, email, name), date range and tag; sorts by total', async () => {
    const all = await search({});
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual([o.cleo, o.bob, o.ann]);
    expect(ids(await search({ paymentStatus: ['PENDING'] }))).toEqual([o.bob]);
    expect(ids(await search({ status: ['APPROVED'], fulfillmentStatus: ['NOT_FULFILLED'] }))).toEqual([
      o.cleo,
      o.bob,
      o.ann,
    ]);
    expect(ids(await search({ text: 'ANN@example' }))).toEqual([o.ann]);
    expect(ids(await search({ text: 'Bob Ba' }))).toEqual([o.bob]);
    // a surname alone finds the order (the spec's first and last names, not a full name)
    expect(ids(await search({ text: 'archer' }))).toEqual([o.ann]);
    expect(ids(await search({ text: 'Cole' }))).toEqual([o.cleo]);
    expect(ids(await search({ text: 'Cleo Archer' }))).toEqual([]);
    const number = (await detail(o.cleo)).order.number as string;
    expect(ids(await search({ text: `#${number}` }))).toEqual([o.cleo]);
    expect(ids(await search({ from: start, to: new Date(Date.now() + 60_000).toISOString() }))).toHaveLength(3);
    expect(ids(await search({ to: start }))).toEqual([]);
    const totals = (await search({ sort: { field: 'total', order: 'ASC' } })).body_.orders.map(
      (x: { priceSummary: { total: { amount: string } } }) => Number(x.priceSummary.total.amount),
    );
    expect(totals).toEqual([...totals].sort((a: number, b: number) => a - b));

    for (const bad of [
      { status: ['INITIALIZED'] },
      { paymentStatus: ['SOMETIMES'] },
      { from: 'yesterday' },
      { limit: 101 },
      { sort: { field: 'buyerInfo.email' } },
      { tag: 'no spaces' },
      { text: 'x'.repeat(101) },
      { filter: { status: 'APPROVED' } },
    ]) {
      const r = await search(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('pages with a sealed next; a member’s next, a forged one or the platform’s cursor → 400 INVALID_CURSOR', async () => {
    const first = await search({ limit: 2 });
    expect(ids(first)).toEqual([o.cleo, o.bob]);
    const second = await search({ cursor: first.body_.next, limit: 2 });
    expect(ids(second)).toEqual([o.ann]);
    expect(second.body_.next).toBeUndefined();
    const alone = await search({ cursor: first.body_.next, status: ['APPROVED'] });
    expect(alone.status).toBe(400);

    await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 1 }]);
    await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 1 }]);
    const mine = await h.call('/v1/my/orders', post({ limit: 1 }, member));
    const [cursorPart, mac] = (first.body_.next as string).split('.');
    for (const cursor of [
      mine.body_.next,
      `${cursorPart}.${mac!.slice(0, -2)}AA`,
      Buffer.from(cursorPart!, 'base64url').toString(),
    ]) {
      const r = await search({ cursor });
      expect([r.status, code(r)], cursor).toEqual([400, 'INVALID_CURSOR']);
    }
  });
});

describe('actions', () => {
  it('detail, then a note added, edited and deleted; a non-comment activity is refused', async () => {
    const d = await detail(o.ann);
    expect(d).toMatchObject({ order: { id: o.ann }, fulfillments: [] });
    const added = await h.call(`/v1/admin/orders/${o.ann}/notes`, post({ message: 'Call before shipping' }, owner));
    expect(added.status).toBe(200);
    const note = added.body_.activityId as string;
    const edited = await h.call(`/v1/admin/orders/${o.ann}/notes/${note}`, post({ message: 'Called' }, owner, 'PATCH'));
    expect(edited.body_.order.activities.find((a: { id: string }) => a.id === note).merchantComment.message).toBe(
      'Called',
    );
    const placed = d.order.activities.find((a: { type: string }) => a.type === 'ORDER_PLACED').id;
    const refused = await h.call(`/v1/admin/orders/${o.ann}/notes/${placed}`, { method: 'DELETE', token: owner });
    expect([refused.status, code(refused)]).toEqual([428, 'ACTIVITY_NOT_EDITABLE']);
    const gone = await h.call(`/v1/admin/orders/${o.ann}/notes/${note}`, { method: 'DELETE', token: owner });
    expect(gone.body_.order.activities.some((a: { id: string }) => a.id === note)).toBe(false);
    const again = await h.call(`/v1/admin/orders/${o.ann}/notes/${note}`, { method: 'DELETE', token: owner });
    expect([again.status, code(again)]).toEqual([404, 'ACTIVITY_NOT_FOUND']);
    expect((await h.call(`/v1/admin/orders/${o.ann}/notes`, post({ message: '' }, owner))).status).toBe(400);
    expect((await h.call('/v1/admin/orders/..%2Fsearch', { token: owner })).status).toBe(400);
    const unknown = await h.call('/v1/admin/orders/00000000-0000-4000-8000-000000000000', { token: owner });
    expect([unknown.status, code(unknown)]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it('tags in bulk (private tags), unknown orders reported per item, search by tag; hostile bodies refused', async () => {
    const tag = (body: unknown) => h.call('/v1/admin/orders/tags', post(body, owner));
    const r = await tag({ orderIds: [o.ann, o.cleo, 'no-such-order'], assign: ['vip', 'gift'] });
    expect(r.status).toBe(200);
    expect(r.body_).toEqual({
      results: [
        { id: o.ann, ok: true },
        { id: o.cleo, ok: true },
        { id: 'no-such-order', ok: false, code: 'ORDER_NOT_FOUND' },
      ],
      succeeded: 2,
      failed: 1,
    });
    await tag({ orderIds: [o.cleo], remove: ['gift'] });
    expect(ids(await search({ tag: 'gift' }))).toEqual([o.ann]);
    // Search Orders has no tag field (the emulator refuses one, as the platform does): the companion reads the
    // platform's pages and keeps the tagged orders, reading on past pages without one (bob) and carrying the tag in its
    // sealed cursor
    const first = await search({ tag: 'vip', limit: 1 });
    expect(ids(first)).toEqual([o.cleo]);
    const second = await search({ cursor: first.body_.next, limit: 1 });
    expect([ids(second), second.body_.next]).toEqual([[o.ann], undefined]);
    expect(ids(await search({ tag: 'gift', status: ['APPROVED'], limit: 1 }))).toEqual([o.ann]);
    expect((await detail(o.ann)).order.tags).toEqual({
      privateTags: { tagIds: ['vip', 'gift'] },
      tags: { tagIds: [] },
    });
    for (const bad of [
      { orderIds: [o.ann] },
      { orderIds: [], assign: ['x'] },
      { orderIds: [o.ann, o.ann], assign: ['x'] },
      { orderIds: [o.ann], assign: ['x'], remove: ['x'] },
      { orderIds: [o.ann], assign: ['<b>'] },
      { orderIds: [o.ann], assign: Array.from({ length: 101 }, (_, i) => `t${i}`) },
      { orderIds: [o.ann], assign: ['x'], memberId: 'y' },
    ])
      expect((await tag(bad)).status, JSON.stringify(bad)).toBe(400);
    const proto = await h.call('/v1/admin/orders/tags', {
      method: 'POST',
      token: owner,
      headers: { 'Content-Type': 'application/json' },
      body: `{"orderIds":["${o.ann}"],"assign":["x"],"__proto__":{"admin":true}}`,
    });
    expect(proto.status).toBe(400);
    const huge = await h.call(
      '/v1/admin/orders/tags',
      post({ orderIds: [o.ann], assign: ['x'], pad: 'x'.repeat(40_000) }, owner),
    );
    expect(huge.status).toBe(413);
  });

  it('status: approve is already set (428 relayed); an unknown status 400', async () => {
    const same = await h.call(`/v1/admin/orders/${o.cleo}/status`, post({ status: 'APPROVED' }, owner));
    expect([same.status, code(same)]).toEqual([428, 'STATUS_ALREADY_SET']);
    expect((await h.call(`/v1/admin/orders/${o.cleo}/status`, post({ status: 'SHIPPED' }, owner))).status).toBe(400);
  });

  it('cancel with restock and an email with a message; a message without the email is refused; twice 428', async () => {
    const before = stock(STOOL);
    const bad = await h.call(
      `/v1/admin/orders/${o.bob}/cancel`,
      post({ sendEmail: false, restock: true, message: 'x' }, owner),
    );
    expect(bad.status).toBe(400);
    expect((await h.call(`/v1/admin/orders/${o.bob}/cancel`, post({ restock: true }, owner))).status).toBe(400);
    const r = await h.call(
      `/v1/admin/orders/${o.bob}/cancel`,
      post({ sendEmail: true, restock: true, message: 'The stool is discontinued.' }, owner),
    );
    expect([r.status, r.body_.order.status]).toEqual([200, 'CANCELED']);
    expect(stock(STOOL)).toBe(before + 1);
    const mail = (await api(h.emu, '/_dev/mailbox?to=bob@example.com')).json.messages;
    expect(mail.some((m: { text: string }) => /discontinued/.test(m.text))).toBe(true);
    const twice = await h.call(`/v1/admin/orders/${o.bob}/cancel`, post({ sendEmail: false, restock: true }, owner));
    expect([twice.status, code(twice)]).toEqual([428, 'ORDER_ALREADY_CANCELED']);
    expect(stock(STOOL)).toBe(before + 1);
  });

  it('edit: quantity down with restock, a line removed, the shipping address, a reason; a replay 409', async () => {
    const id = await placeAs(
      [
        { productId: BLANKET, variantId: MOSS, quantity: 2 },
        { productId: TAPERS, quantity: 1 },
      ],
      { email: 'dana@example.com' },
    );
    const before = stock(BLANKET, MOSS);
    const order = (await detail(id)).order;
    const blanket = order.lineItems.find((l: { quantity: number }) => l.quantity === 2).id;
    const tapers = order.lineItems.find((l: { quantity: number }) => l.quantity === 1).id;
    const body = {
      lines: [
        { id: blanket, before: 2, quantity: 1 },
        { id: tapers, before: 1, quantity: 0 },
      ],
      shippingAddress: {
        address: { country: 'US', subdivision: 'NY', city: 'New York', postalCode: '10001', addressLine1: '5 Main St' },
        contactDetails: { firstName: 'Dana', lastName: 'Dee' },
      },
      reason: 'Buyer changed their mind',
      restock: true,
      notifyBuyer: false,
    };
    const r = await h.call(`/v1/admin/orders/${id}/edit`, post(body, owner));
    expect(r.status).toBe(200);
    expect(r.body_.order.lineItems.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([
      [blanket, 1],
    ]);
    expect(r.body_.order.shippingInfo.logistics.shippingDestination.address.city).toBe('New York');
    const types = r.body_.order.activities.map((a: { type: string }) => a.type);
    expect(types).toEqual(expect.arrayContaining(['SHIPPING_ADDRESS_EDITED', 'DRAFT_ORDER_CHANGES_APPLIED']));
    expect(r.body_.order.activities.at(-1).draftOrderChangesApplied.reason).toBe('Buyer changed their mind');
    expect(stock(BLANKET, MOSS)).toBe(before + 1);

    const replay = await h.call(`/v1/admin/orders/${id}/edit`, post(body, owner));
    expect([replay.status, code(replay)]).toEqual([409, 'ORDER_CHANGED']);
    expect(stock(BLANKET, MOSS)).toBe(before + 1);
    const { reason: _r, ...noReason } = body;
    expect((await h.call(`/v1/admin/orders/${id}/edit`, post(noReason, owner))).status).toBe(400);
    const nothing = await h.call(
      `/v1/admin/orders/${id}/edit`,
      post({ lines: [{ id: blanket, before: 1, quantity: 1 }], reason: 'x' }, owner),
    );
    expect(nothing.status).toBe(400);
    const all = await h.call(
      `/v1/admin/orders/${id}/edit`,
      post({ lines: [{ id: blanket, before: 1, quantity: 0 }], reason: 'x' }, owner),
    );
    expect(all.status).toBe(400); // the platform's: an order keeps a line
  });
});

describe('edit through a draft order', () => {
  const drafts = (orderId: string) =>
    h.emu.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM draft_orders WHERE order_id = ?').get(orderId)!
      .n;
  const cents = (m: { amount: string }) => Math.round(Number(m.amount) * 100);

  it('preview: the new total and the balance to collect, nothing applied, no draft left; then the edit commits it (the email, the member’s account, collectability)', async () => {
    // the member's own order (their account shows it after the edit)
    const id = await placeOrderAs(h.emu, member, [{ productId: TAPERS, quantity: 2 }], { email: 'erin@example.com' });
    const order = (await detail(id)).order;
    const line = order.lineItems[0];
    const body = { lines: [{ id: line.id, before: 2, quantity: 3 }], reason: 'One more' };
    const p = await h.call(`/v1/admin/orders/${id}/edit/preview`, post(body, owner));
    expect(p.status).toBe(200);
    const { preview } = p.body_;
    expect(preview.totalBefore.amount).toBe(order.priceSummary.total.amount);
    expect(cents(preview.priceSummary.subtotal)).toBe(3 * cents(line.price));
    expect(cents(preview.balanceSummary.paid)).toBe(cents(order.priceSummary.total));
    expect(cents(preview.balanceSummary.balance)).toBe(
      cents(preview.priceSummary.total) - cents(order.priceSummary.total),
    );
    expect(cents(preview.balanceSummary.balance)).toBeGreaterThan(0);
    expect((await detail(id)).order.lineItems[0].quantity).toBe(2);
    expect(drafts(id)).toBe(0);

    const r = await h.call(`/v1/admin/orders/${id}/edit`, post({ ...body, notifyBuyer: true }, owner));
    expect(r.status).toBe(200);
    expect(r.body_.order.priceSummary.total.amount).toBe(preview.priceSummary.total.amount);
    expect(r.body_.order.balanceSummary.balance.amount).toBe(preview.balanceSummary.balance.amount);
    expect(r.body_.order.paymentStatus).toBe('PARTIALLY_PAID');
    const mail = (await api(h.emu, '/_dev/mailbox?to=erin@example.com')).json.messages;
    expect(
      mail.some((m: { text: string }) =>
        m.text.includes(`New total: ${r.body_.order.priceSummary.total.formattedAmount}`),
      ),
    ).toBe(true);
    // the member's account shows the new total
    const mine = await h.call(`/v1/my/orders/${id}`, { token: member });
    expect([mine.status, mine.body_.order.priceSummary.total.amount]).toEqual([200, preview.priceSummary.total.amount]);
    // the payments part reads the same balance as what is left to collect
    const pay = await h.call(`/v1/admin/orders/${id}/payments`, { token: owner });
    expect(pay.body_.collectability).toMatchObject({
      status: 'COLLECTABLE',
      amount: { amount: preview.balanceSummary.balance.amount },
    });
  });

  it('an edit moves the payments view’s revision even when no payment moved: a change confirmed before it is refused', async () => {
    // a pending payment: the order stays PENDING-paid through the edit, only its total (and what is left) moves
    const id = await placeAs([{ productId: TAPERS, quantity: 1 }], {
      email: 'jo@example.com',
      cardNumber: TEST_CARDS.pending,
    });
    const before = (await h.call(`/v1/admin/orders/${id}/payments`, { token: owner })).body_;
    const line = (await detail(id)).order.lineItems[0];
    const r = await h.call(
      `/v1/admin/orders/${id}/edit`,
      post({ lines: [{ id: line.id, before: 1, quantity: 2 }], reason: 'Two' }, owner),
    );
    expect([r.status, r.body_.order.paymentStatus]).toEqual([200, 'PENDING']);
    const after = (await h.call(`/v1/admin/orders/${id}/payments`, { token: owner })).body_;
    expect(after.collectability.status).toBe('COLLECTABLE');
    expect(after.revision).not.toBe(before.revision);
    const stale = await h.call(
      `/v1/admin/orders/${id}/manual-payment`,
      post({ revision: before.revision, amount: '1.00' }, owner),
    );
    expect([stale.status, code(stale)]).toEqual([409, 'PAYMENTS_CHANGED']);
  });

  it('a partly refunded order is refused before any draft (428 ORDER_NOT_EDITABLE with the platform’s reason)', async () => {
    const id = await placeAs([{ productId: TAPERS, quantity: 2 }], { email: 'fay@example.com' });
    const admin = await adminToken(h.emu);
    const tx = (await api(h.emu, `/ecom/v1/payments/orders/${id}`, { token: admin })).json.orderTransactions;
    const refunded = await api(h.emu, `/ecom/v1/payments-collector/orders/${id}/trigger-refund`, {
      token: admin,
      body: { payments: [{ paymentId: tx.payments[0].id, amount: { amount: '1.00' } }] },
    });
    expect(refunded.status).toBe(200);
    const line = (await detail(id)).order.lineItems[0];
    const body = { lines: [{ id: line.id, before: 2, quantity: 3 }], reason: 'One more' };
    for (const path of ['edit/preview', 'edit']) {
      const r = await h.call(`/v1/admin/orders/${id}/${path}`, post(body, owner));
      expect([r.status, code(r), r.body_.details.applicationError.data.reasons]).toEqual([
        428,
        'ORDER_NOT_EDITABLE',
        ['PARTIALLY_OR_FULLY_REFUNDED'],
      ]);
    }
    expect((await detail(id)).order.lineItems[0].quantity).toBe(2);
    expect(drafts(id)).toBe(0);
  });

  it('a leftover draft is deleted and a fresh one made; a commit refused (stock) deletes its draft and changes nothing', async () => {
    const id = await placeAs([{ productId: BLANKET, variantId: MOSS, quantity: 1 }], { email: 'gus@example.com' });
    const line = (await detail(id)).order.lineItems[0];
    const admin = await adminToken(h.emu);
    // someone else's half-made edit: 1 → 2
    const left = await api(h.emu, '/ecom/v1/draft-orders', { token: admin, body: { sourceOrderId: id } });
    const leftId = left.json.calculatedDraftOrder.draftOrder.id;
    await api(h.emu, `/ecom/v1/draft-orders/${leftId}/line-items`, {
      token: admin,
      body: { lineItemChanges: [{ lineItemId: line.id, newQuantity: 2 }] },
    });
    const shipping = {
      address: { country: 'US', subdivision: 'NY', city: 'Albany', addressLine1: '2 Elm St' },
      contactDetails: { firstName: 'Gus', lastName: 'Grey' },
    };
    const p = await h.call(
      `/v1/admin/orders/${id}/edit/preview`,
      post({ shippingAddress: shipping, reason: 'Moved' }, owner),
    );
    expect(p.status).toBe(200);
    // the leftover's quantity is not in this edit's totals
    expect(p.body_.preview.priceSummary.subtotal.amount).toBe(line.price.amount);
    expect((await api(h.emu, `/ecom/v1/draft-orders/${leftId}`, { token: admin })).status).toBe(404);
    const before = stock(BLANKET, MOSS);
    const r = await h.call(
      `/v1/admin/orders/${id}/edit`,
      post({ lines: [{ id: line.id, before: 1, quantity: 99 }], reason: 'Bulk', restock: true }, owner),
    );
    expect([r.status, code(r)]).toEqual([428, 'INSUFFICIENT_INVENTORY']);
    expect([stock(BLANKET, MOSS), (await detail(id)).order.lineItems[0].quantity, drafts(id)]).toEqual([before, 1, 0]);
    const moved = await h.call(
      `/v1/admin/orders/${id}/edit`,
      post({ shippingAddress: shipping, reason: 'Moved' }, owner),
    );
    expect(moved.status).toBe(200);
    expect(moved.body_.order.shippingInfo.logistics.shippingDestination.address.addressLine1).toBe('2 Elm St');
  });
});

describe('edit: lost answers', () => {
  const draftsOf = (orderId: string) =>
    h.emu.db
      .prepare<[string], { status: string }>('SELECT status FROM draft_orders WHERE order_id = ? ORDER BY rowid')
      .all(orderId)
      .map((r) => r.status);
  const ship = (city: string) => ({
    shippingAddress: { address: { country: 'US', city, addressLine1: '1 Lost St' } },
    reason: 'Moved',
  });

  it('a commit that failed (503): 502, its draft left; the next edit deletes it and commits a fresh one', async () => {
    const id = await placeAs([{ productId: TAPERS, quantity: 1 }], { email: 'hal@example.com' });
    const fault = await api(h.emu, '/_dev/faults', {
      body: { path: '/ecom/v1/draft-orders/*', method: 'POST', status: 503, times: 1 },
    });
    expect(fault.status).toBe(200);
    const lost = await h.call(`/v1/admin/orders/${id}/edit`, post(ship('Utica'), owner));
    expect([lost.status, code(lost)]).toEqual([502, 'PLATFORM_UNAVAILABLE']);
    expect(draftsOf(id)).toEqual(['DRAFT']);
    expect((await detail(id)).order.shippingInfo.logistics.shippingDestination.address.city).not.toBe('Utica');
    const again = await h.call(`/v1/admin/orders/${id}/edit`, post(ship('Utica'), owner));
    expect(again.status).toBe(200);
    expect(draftsOf(id)).toEqual(['COMMITTED']);
    expect(again.body_.order.shippingInfo.logistics.shippingDestination.address.city).toBe('Utica');
  });

  it('a commit that landed but whose answer was lost: 502; the order read back has the edit; sent again, nothing is applied twice', async () => {
    const id = await placeAs([{ productId: TAPERS, quantity: 2 }], { email: 'ida@example.com' });
    // an address-only edit: the commit is its only POST under the prefix (create is the bare path, the address a PUT)
    await api(h.emu, '/_dev/faults', {
      body: { path: '/ecom/v1/draft-orders/*', method: 'POST', dropAfter: true, times: 1 },
    });
    const lost = await h.call(`/v1/admin/orders/${id}/edit`, post(ship('Ithaca'), owner));
    expect([lost.status, code(lost)]).toEqual([502, 'PLATFORM_UNAVAILABLE']);
    const applied = () =>
      detail(id).then(
        (d) => d.order.activities.filter((x: { type: string }) => x.type === 'DRAFT_ORDER_CHANGES_APPLIED').length,
      );
    expect((await detail(id)).order.shippingInfo.logistics.shippingDestination.address.city).toBe('Ithaca');
    expect([await applied(), draftsOf(id)]).toEqual([1, ['COMMITTED']]);
    const again = await h.call(`/v1/admin/orders/${id}/edit`, post(ship('Ithaca'), owner));
    expect(again.status).toBe(200);
    expect(await applied()).toBe(1);
  });
});

describe('summary', () => {
  it('count, revenue and average over a period, canceled orders left out', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const found = (await search({ from, to, status: ['APPROVED', 'PENDING'], limit: 100 })).body_.orders as {
      priceSummary: { total: { amount: string } };
    }[];
    const cents = found.reduce((n, x) => n + Math.round(Number(x.priceSummary.total.amount) * 100), 0);
    const r = await h.call('/v1/admin/orders/summary', post({ from, to }, owner));
    expect(r.status).toBe(200);
    expect(r.body_).toEqual({
      count: found.length,
      revenue: (cents / 100).toFixed(2),
      average: (Math.round(cents / found.length) / 100).toFixed(2),
      currency: 'USD',
    });
    const empty = await h.call(
      '/v1/admin/orders/summary',
      post({ from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z' }, owner),
    );
    expect(empty.body_).toEqual({ count: 0, revenue: '0.00', average: '0.00', currency: null });
    for (const bad of [{ from }, { from: to, to: from }, { from: '2000-01-01T00:00:00Z', to }, { from, to, x: 1 }])
      expect((await h.call('/v1/admin/orders/summary', post(bad, owner))).status, JSON.stringify(bad)).toBe(400);
  });
});

describe('secrets', () => {
  it('no answer or log line of this run holds the client secret or an admin token', () => {
    expect(h.seen.adminTokens.length).toBeGreaterThan(0);
    const text = [...h.seen.answers, ...h.seen.logs].join('\n');
    for (const secret of [h.emu.clientSecret, ...h.seen.adminTokens]) expect(text.includes(secret)).toBe(false);
  });
});
