/**
 * The member's own orders through the companion, against a real emulator: one member never sees, pages into, or
 * cancels another's orders; private parts of an order stay home; cancel answers by the order's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../emulator/routes/checkout.ts';
import { adminToken, api, createTestMember, memberTokens, placeOrderAs } from '../tests/helpers/emulator.ts';
import { harness, post, seedIds, type Harness } from './test-helpers.ts';
import { placeOrder } from '../tests/helpers/emulator.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!; // stock not tracked
const STOOL = seedIds.products['folding-camp-stool']!; // tracked

let h: Harness;
let a: string; // member A's token
let b: string; // member B's token (the seeded owner: a member like any other here)
let admin: string;
const aOrders: string[] = []; // oldest first
let bOrder: string;

const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code; // eslint-disable-line @typescript-eslint/no-explicit-any
const list = (body: unknown, token: string) => h.call('/v1/my/orders', post(body, token));
const cancel = (id: string, token: string, body: unknown = {}) =>
  h.call(`/v1/my/orders/${id}/cancel`, post(body, token));
/** The stored order's request comments (merchant comments the companion wrote) and whether it carries the tag. */
const requestsOf = async (id: string) => {
  const o = (await api(h.emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order;
  return {
    order: o,
    comments: o.activities
      .filter((x: { type: string; merchantComment?: { message: string } }) => x.type === 'MERCHANT_COMMENT')
      .map((x: { merchantComment: { message: string } }) => x.merchantComment.message)
      .filter((m: string) => m.startsWith('Cancellation request')),
    tagged: (o.tags?.privateTags?.tagIds ?? []).includes('cancellation-requested'),
  };
};
const stock = () =>
  h.emu.db
    .prepare<[string], { quantity: number }>('SELECT quantity FROM product_variants WHERE product_id = ?')
    .get(STOOL)!.quantity;

beforeAll(async () => {
  h = await harness();
  [a, b, admin] = await Promise.all([h.member(), h.owner(), adminToken(h.emu)]);
  for (let i = 0; i < 3; i++) aOrders.push(await placeOrderAs(h.emu, a, [{ productId: TAPERS, quantity: i + 1 }]));
  bOrder = await placeOrderAs(h.emu, b, [{ productId: TAPERS, quantity: 1 }]);
});
afterAll(() => h.close());

describe('my orders', () => {
  it('lists only the member’s own orders, newest first, paged with a sealed next', async () => {
    const first = await list({ limit: 2 }, a);
    expect(first.status).toBe(200);
    expect(first.body_.orders.map((o: { id: string }) => o.id)).toEqual([aOrders[2], aOrders[1]]);
    expect(first.body_.next).toEqual(expect.any(String));
    const second = await list({ cursor: first.body_.next, limit: 2 }, a);
    expect(second.body_.orders.map((o: { id: string }) => o.id)).toEqual([aOrders[0]]);
    expect(second.body_.next).toBeUndefined();
    const mine = await list({}, b);
    expect(mine.body_.orders.map((o: { id: string }) => o.id)).toEqual([bOrder]);
    expect(mine.body_).not.toHaveProperty('next');
  });

  it('another member’s next, a forged or altered next, and the platform’s own cursor → 400 INVALID_CURSOR', async () => {
    const first = await list({ limit: 1 }, a);
    const next: string = first.body_.next;
    const [cursorPart, mac] = next.split('.');
    const platformCursor = Buffer.from(cursorPart!, 'base64url').toString();
    // B holds A's next: the seal is A's, and the platform cursor inside it carries A's filter
    for (const [cursor, token] of [
      [next, b],
      [`${cursorPart}.${mac!.slice(0, -2)}AA`, a],
      [`${Buffer.from('{"o":0}').toString('base64url')}.${mac}`, a],
      [platformCursor, a],
      ['not-a-cursor', a],
    ] as const) {
      const r = await list({ cursor }, token);
      expect([r.status, code(r)], cursor).toEqual([400, 'INVALID_CURSOR']);
    }
  });

  it('detail: own order with fulfillments; another’s, unknown or malformed id → 404', async () => {
    const r = await h.call(`/v1/my/orders/${aOrders[0]}`, { token: a });
    expect(r.status).toBe(200);
    expect(r.body_).toMatchObject({ order: { id: aOrders[0], buyerInfo: { memberId: seedIds.members.member } } });
    expect(r.body_.fulfillments).toEqual([]);
    for (const id of [bOrder, '00000000-0000-4000-8000-000000000000', 'x%2F..%2Fsearch', '..', 'a'.repeat(101)]) {
      const refused = await h.call(`/v1/my/orders/${id}`, { token: a });
      expect([refused.status, code(refused)], id).toEqual([404, 'NOT_FOUND']);
    }
    expect((await h.call(`/v1/my/orders/${aOrders[0]}`, { token: b })).status).toBe(404);
  });

  it('visitor → 403 MEMBER_ONLY; no or forged token → 401', async () => {
    const visitor = await h.visitor();
    for (const r of [
      await list({}, visitor),
      await h.call(`/v1/my/orders/${aOrders[0]}`, { token: visitor }),
      await cancel(aOrders[0]!, visitor),
    ])
      expect([r.status, code(r)]).toEqual([403, 'MEMBER_ONLY']);
    expect((await h.call('/v1/my/orders', post({}))).status).toBe(401);
    expect((await list({}, 'forged.token.value')).status).toBe(401);
    expect((await h.call(`/v1/my/orders/${aOrders[0]}`)).status).toBe(401);
  });

  it('strips tags and the owner’s merchant comments; keeps other activities', async () => {
    const id = aOrders[1]!;
    const added = await api(h.emu, `/ecom/v1/orders/${id}/activities`, {
      token: admin,
      body: { activity: { merchantComment: { message: 'fraud risk: check the card' } } },
    });
    expect(added.status).toBe(200);
    const row = h.emu.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!;
    h.emu.db
      .prepare('UPDATE orders SET data = ? WHERE id = ?')
      .run(JSON.stringify({ ...JSON.parse(row.data), tags: { privateTags: { tagIds: ['vip'] } } }), id);
    for (const r of [await h.call(`/v1/my/orders/${id}`, { token: a }), await list({}, a)]) {
      const text = JSON.stringify(r.body_);
      expect(text).not.toContain('fraud risk');
      expect(text).not.toContain('MERCHANT_COMMENT');
      expect(text).not.toContain('privateTags');
      expect(text).toContain('ORDER_PLACED');
    }
  });

  it('a refund’s reason (the owner’s, “for your records”) never reaches the buyer; that it was refunded does', async () => {
    const id = await placeOrderAs(h.emu, a, [{ productId: TAPERS, quantity: 2 }]);
    const owner = await h.owner();
    const view = await h.call(`/v1/admin/orders/${id}/payments`, { token: owner });
    expect(view.status).toBe(200);
    const REASON = 'buyer is a chargeback risk, refund quietly';
    const refunded = await h.call(
      `/v1/admin/orders/${id}/refund`,
      post(
        { revision: view.body_.revision, paymentId: view.body_.payments[0].id, amount: '1.00', reason: REASON },
        owner,
      ),
    );
    expect(refunded.status).toBe(200);
    // the platform keeps it (the owner's view shows it)
    const stored = (await api(h.emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order;
    expect(JSON.stringify(stored)).toContain(REASON);
    const detail = await h.call(`/v1/my/orders/${id}`, { token: a });
    const listed = await list({ limit: 50 }, a);
    expect(detail.status).toBe(200);
    for (const body of [detail.body_, listed.body_]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(REASON);
      expect(text).not.toContain('chargeback');
    }
    expect(detail.body_.order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    const activity = detail.body_.order.activities.find((x: { type: string }) => x.type === 'ORDER_REFUNDED');
    expect(activity.orderRefunded).toMatchObject({ amount: { amount: '1.00' } });
    expect(activity.orderRefunded).not.toHaveProperty('reason');
  });

  it('a refunded order: the units refunded per line (refunds that failed not counted), nothing else of the refunds', async () => {
    const BOARD = seedIds.products['maple-cutting-board']!;
    const id = await placeOrderAs(h.emu, a, [
      { productId: TAPERS, quantity: 3 },
      { productId: BOARD, quantity: 1 },
    ]);
    const before = await h.call(`/v1/my/orders/${id}`, { token: a });
    expect(before.status).toBe(200);
    expect(before.body_).not.toHaveProperty('refundedLines'); // nothing refunded: the transactions are not read
    const order = (await api(h.emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order;
    const line = (p: string) =>
      order.lineItems.find(
        (l: { catalogReference: { catalogItemId: string } }) => l.catalogReference.catalogItemId === p,
      ).id as string;
    const tx = (await api(h.emu, `/ecom/v1/payments/orders/${id}`, { token: admin })).json.orderTransactions;
    const refund = (lineItems: { lineItemId: string; quantity: number }[]) =>
      api(h.emu, `/ecom/v1/payments-collector/orders/${id}/trigger-refund`, {
        token: admin,
        body: { payments: [{ paymentId: tx.payments[0].id }], details: { lineItems, reason: 'gift-42 private' } },
      });
    expect((await refund([{ lineItemId: line(TAPERS), quantity: 1 }])).status).toBe(200);
    expect((await refund([{ lineItemId: line(TAPERS), quantity: 1 }])).status).toBe(200);
    const r = await h.call(`/v1/my/orders/${id}`, { token: a });
    expect(r.status).toBe(200);
    expect(r.body_.order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(r.body_.refundedLines).toEqual([{ lineItemId: line(TAPERS), quantity: 2 }]);
    expect(r.body_.order.balanceSummary.refunded.amount).toBe(
      (Number(order.lineItems.find((l: { id: string }) => l.id === line(TAPERS)).price.amount) * 2).toFixed(2),
    );
    const text = JSON.stringify(r.body_);
    for (const secret of ['gift-42', tx.payments[0].id, 'gatewayRefundId']) expect(text).not.toContain(secret);

    // a refund the provider refused does not count
    const failing = await placeOrderAs(h.emu, a, [{ productId: TAPERS, quantity: 2 }], {
      cardNumber: TEST_CARDS.refundFails,
    });
    const ftx = (await api(h.emu, `/ecom/v1/payments/orders/${failing}`, { token: admin })).json.orderTransactions;
    const fline = (await api(h.emu, `/ecom/v1/orders/${failing}`, { token: admin })).json.order.lineItems[0].id;
    await api(h.emu, `/ecom/v1/payments-collector/orders/${failing}/trigger-refund`, {
      token: admin,
      body: {
        payments: [{ paymentId: ftx.payments[0].id }],
        details: { lineItems: [{ lineItemId: fline, quantity: 1 }] },
      },
    });
    const f = await h.call(`/v1/my/orders/${failing}`, { token: a });
    expect(f.body_.order.activities.map((x: { type: string }) => x.type)).toContain('PAYMENT_REFUND_FAILED');
    expect(f.body_.refundedLines).toEqual([]);

    // the transactions' read failing: the order still shows, without the quantities
    const fault = await api(h.emu, '/_dev/faults', {
      body: { path: `/ecom/v1/payments/orders/${id}`, method: 'GET', status: 503 },
    });
    try {
      const without = await h.call(`/v1/my/orders/${id}`, { token: a });
      expect(without.status).toBe(200);
      expect(without.body_.order.id).toBe(id);
      expect(without.body_).not.toHaveProperty('refundedLines');
    } finally {
      await api(h.emu, `/_dev/faults/${fault.json.fault.id}`, { method: 'DELETE' });
    }
  });

  it('a member who deleted their account: their cancel request is refused 401 at once', async () => {
    const id = await createTestMember(h.emu, 'leaving@example.com', 'a-long-password-1');
    const t = (await memberTokens(h.emu, { id })).access;
    const order = await placeOrderAs(h.emu, t, [{ productId: TAPERS, quantity: 1 }]);
    // the identity verified (and cached) a moment ago, by a read
    expect((await h.call(`/v1/my/orders/${order}`, { token: t })).status).toBe(200);
    expect((await api(h.emu, '/members/v1/members/my', { method: 'DELETE', token: t })).status).toBe(200);
    const r = await cancel(order, t, { reason: 'gone' });
    expect([r.status, code(r)]).toEqual([401, 'UNAUTHENTICATED']);
    const stored = (await api(h.emu, `/ecom/v1/orders/${order}`, { token: admin })).json.order;
    expect(stored.status).toBe('APPROVED');
    expect(JSON.stringify(stored.activities)).not.toContain('Cancellation requested');
    expect(stored.tags?.privateTags?.tagIds ?? []).not.toContain('cancellation-requested');
  });

  it('refuses unknown and prototype-named keys, and bad limits, with 400', async () => {
    for (const body of [
      { limit: 51 },
      { limit: 0 },
      { memberId: seedIds.members.owner },
      JSON.parse('{"__proto__": {"limit": 1}}'),
      JSON.parse('{"constructor": 1}'),
    ]) {
      const r = await list(body, a);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{ reason: 'x'.repeat(501) }, { reason: 'ok', orderId: bOrder }, JSON.parse('{"__proto__":{}}')])
      expect((await cancel(aOrders[0]!, a, body)).status, JSON.stringify(body)).toBe(400);
  });
});

describe('a platform that ignores the filter', () => {
  it('another buyer’s order in the search answer never leaves the companion', async () => {
    // the platform answers every order of the site, whatever the filter says: the companion's own check is all left
    const leaky = await harness({
      deps: {
        fetch: async (input, init) => {
          const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
          if (url.pathname === '/ecom/v1/orders/search' && init?.body) {
            const body = JSON.parse(String(init.body));
            if (body.search?.filter) delete body.search.filter;
            return fetch(input, { ...init, body: JSON.stringify(body) });
          }
          return fetch(input, init);
        },
      },
    });
    try {
      const [mine, theirs] = [await leaky.member(), await leaky.owner()];
      const own = await placeOrderAs(leaky.emu, mine, [{ productId: TAPERS, quantity: 1 }]);
      await placeOrderAs(leaky.emu, theirs, [{ productId: TAPERS, quantity: 1 }]);
      await placeOrder(leaky.emu, [{ productId: TAPERS, quantity: 1 }]); // a visitor's
      const r = await leaky.call('/v1/my/orders', post({}, mine));
      expect(r.status).toBe(200);
      expect(r.body_.orders.map((o: { id: string }) => o.id)).toEqual([own]);
    } finally {
      await leaky.close();
    }
  });
});

describe('cancel my order', () => {
  it('unpaid → CANCELED by the companion, with the stock back', async () => {
    const before = stock();
    const id = await placeOrderAs(h.emu, a, [{ productId: STOOL, quantity: 2 }], { cardNumber: TEST_CARDS.pending });
    expect(stock()).toBe(before - 2);
    const r = await cancel(id, a, { reason: 'changed my mind' });
    expect(r.status).toBe(200);
    expect(r.body_).toMatchObject({ outcome: 'CANCELED', order: { id, status: 'CANCELED' } });
    expect(stock()).toBe(before);
    const again = await cancel(id, a);
    expect([again.status, code(again), again.body_.details.applicationError.data.reason]).toEqual([
      409,
      'CANNOT_CANCEL',
      'CANCELED',
    ]);
  });

  it('paid → REQUESTED once: a merchant comment and the private tag (AddActivities, bulk tags); a replay adds nothing; B cannot ask for A’s order', async () => {
    const id = aOrders[2]!;
    expect((await cancel(id, b)).status).toBe(404);
    const r = await cancel(id, a, { reason: 'wrong size' });
    expect(r.status).toBe(200);
    expect(r.body_.outcome).toBe('REQUESTED');
    expect(r.body_.order.status).toBe('APPROVED');
    // the member sees their request, not the comment's words nor the tag
    expect(r.body_.order.activities.filter((x: { type: string }) => x.type === 'CANCELLATION_REQUESTED')).toEqual([
      { id: expect.any(String), type: 'CANCELLATION_REQUESTED', createdDate: expect.any(String) },
    ]);
    expect(JSON.stringify(r.body_.order)).not.toContain('wrong size');
    expect(r.body_.order).not.toHaveProperty('tags');
    expect(await requestsOf(id)).toMatchObject({
      comments: ['Cancellation requested by the buyer: wrong size'],
      tagged: true,
    });
    const again = await cancel(id, a, { reason: 'another reason' });
    expect(again.body_.outcome).toBe('REQUESTED');
    const stored = await requestsOf(id);
    expect(stored.comments).toHaveLength(1);
    expect(stored.order.status).toBe('APPROVED');
    // and the member's reads show it too
    const detail = await h.call(`/v1/my/orders/${id}`, { token: a });
    expect(detail.body_.order.activities.map((x: { type: string }) => x.type)).toContain('CANCELLATION_REQUESTED');
  });

  it('two requests at the same time add one comment', async () => {
    const id = aOrders[0]!;
    const both = await Promise.all([cancel(id, a), cancel(id, a), cancel(id, a)]);
    expect(both.map((r) => [r.status, r.body_.outcome])).toEqual([
      [200, 'REQUESTED'],
      [200, 'REQUESTED'],
      [200, 'REQUESTED'],
    ]);
    expect(await requestsOf(id)).toMatchObject({ comments: ['Cancellation requested by the buyer.'], tagged: true });
  });

  it('a request whose write failed (502) is written by the next try within the minute, not answered as done', async () => {
    const id = await placeOrderAs(h.emu, a, [{ productId: TAPERS, quantity: 1 }]);
    const fault = await api(h.emu, '/_dev/faults', {
      body: { path: `/ecom/v1/orders/${id}/activities/add`, method: 'POST', status: 503, times: 1 },
    });
    expect(fault.status).toBe(200);
    const failed = await cancel(id, a);
    expect([failed.status, code(failed)]).toEqual([502, 'PLATFORM_UNAVAILABLE']);
    expect(await requestsOf(id)).toMatchObject({ comments: [], tagged: false });
    const retried = await cancel(id, a);
    expect(retried.body_.outcome).toBe('REQUESTED');
    expect(await requestsOf(id)).toMatchObject({ comments: ['Cancellation requested by the buyer.'], tagged: true });
  });

  it('a tag that failed is put on by the next ask, which adds no second comment', async () => {
    const id = await placeOrderAs(h.emu, a, [{ productId: TAPERS, quantity: 1 }]);
    await api(h.emu, '/_dev/faults', {
      body: { path: '/ecom/v1/bulk/orders/update-tags', method: 'POST', status: 503, times: 1 },
    });
    const first = await cancel(id, a, { reason: 'late' });
    expect(first.body_.outcome).toBe('REQUESTED'); // the comment is the request's record
    expect(await requestsOf(id)).toMatchObject({ tagged: false });
    expect((await cancel(id, a)).body_.outcome).toBe('REQUESTED');
    expect(await requestsOf(id)).toMatchObject({
      comments: ['Cancellation requested by the buyer: late'],
      tagged: true,
    });
  });

  it('a request made before issue 38 (a custom activity) still counts as asked', async () => {
    const id = await placeOrderAs(h.emu, a, [{ productId: TAPERS, quantity: 1 }]);
    const row = h.emu.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!;
    const o = JSON.parse(row.data);
    o.activities.push({
      id: 'legacy-request',
      type: 'CUSTOM_ACTIVITY',
      createdDate: new Date().toISOString(),
      customActivity: { type: 'Cancellation requested', additionalData: { reason: 'old' } },
    });
    h.emu.db.prepare('UPDATE orders SET data = ? WHERE id = ?').run(JSON.stringify(o), id);
    const r = await cancel(id, a);
    expect(r.body_.outcome).toBe('REQUESTED');
    expect(r.body_.order.activities.filter((x: { type: string }) => x.type === 'CANCELLATION_REQUESTED')).toEqual([
      expect.objectContaining({ id: 'legacy-request' }),
    ]);
    expect(await requestsOf(id)).toMatchObject({ comments: [], tagged: true });
  });

  it('refunded → REFUNDED, another status → NOT_CANCELABLE (states the owner console sets)', async () => {
    const id = await placeOrderAs(h.emu, a, [{ productId: TAPERS, quantity: 1 }]);
    const set = (patch: Record<string, unknown>) => {
      const row = h.emu.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!;
      h.emu.db
        .prepare('UPDATE orders SET data = ? WHERE id = ?')
        .run(JSON.stringify({ ...JSON.parse(row.data), ...patch }), id);
    };
    const reason = async () => {
      const r = await cancel(id, a);
      return [r.status, code(r), r.body_.details?.applicationError?.data?.reason];
    };
    set({ paymentStatus: 'PARTIALLY_REFUNDED' });
    expect(await reason()).toEqual([409, 'CANNOT_CANCEL', 'REFUNDED']);
    set({ paymentStatus: 'FULLY_REFUNDED' });
    expect(await reason()).toEqual([409, 'CANNOT_CANCEL', 'REFUNDED']);
    set({ paymentStatus: 'PAID', status: 'REJECTED' });
    expect(await reason()).toEqual([409, 'CANNOT_CANCEL', 'NOT_CANCELABLE']);
    set({ status: 'PENDING', paymentStatus: 'NOT_PAID' });
    expect((await cancel(id, a)).body_.outcome).toBe('CANCELED');
  });

  it('fulfilled → 409 CANNOT_CANCEL reason FULFILLED; partly → PARTIALLY_FULFILLED', async () => {
    const id = await placeOrderAs(h.emu, a, [{ productId: TAPERS, quantity: 2 }]);
    const line = (await api(h.emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order.lineItems[0].id;
    // (each shipment its own tracking number: the platform refuses one already on the order)
    let shipped = 0;
    const ship = (quantity: number) =>
      api(h.emu, `/ecom/v1/fulfillments/orders/${id}/create-fulfillment`, {
        token: admin,
        body: {
          fulfillment: { lineItems: [{ id: line, quantity }], trackingInfo: { trackingNumber: `T${++shipped}` } },
        },
      });
    expect((await ship(1)).status).toBe(200);
    let r = await cancel(id, a);
    expect([r.status, code(r), r.body_.details.applicationError.data.reason]).toEqual([
      409,
      'CANNOT_CANCEL',
      'PARTIALLY_FULFILLED',
    ]);
    await ship(1);
    r = await cancel(id, a);
    expect([r.status, r.body_.details.applicationError.data.reason]).toEqual([409, 'FULFILLED']);
    expect(r.body_.message).toMatch(/shipped/);
    const detail = await h.call(`/v1/my/orders/${id}`, { token: a });
    expect(detail.body_.fulfillments).toEqual([
      expect.objectContaining({ lineItems: [{ id: line, quantity: 1 }], trackingInfo: { trackingNumber: 'T1' } }),
      expect.objectContaining({ lineItems: [{ id: line, quantity: 1 }] }),
    ]);
  });
});
