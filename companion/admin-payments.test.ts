/**
 * The owner console's payments through the companion, against a real emulator: only the owner gets anything; one read
 * gives payments, refunds, refundability and collectability; a change must name the revision it was confirmed
 * against, so a refund sent twice (replayed, double-clicked, retried after a lost answer) refunds once; refusals
 * carry the spec's reasons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../emulator/routes/checkout.ts';
import { api, placeOrderAs, visitorTokens } from '../tests/helpers/emulator.ts';
import { harness, post, seedIds, type Harness } from './test-helpers.ts';
import { HOLD_MS, LOST_HOLD_MS } from './admin-payments.ts';
import { MemoryCounterStore } from './counters.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!; // stock not tracked
const STOOL = seedIds.products['folding-camp-stool']!; // tracked

let h: Harness;
const counters = new MemoryCounterStore();
let owner: string;
let member: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const code = (r: { body_: Any }) => r.body_?.details?.applicationError?.code;
const reason = (r: { body_: Any }) => r.body_?.details?.applicationError?.data?.reason;
const view = (id: string, token = owner) => h.call(`/v1/admin/orders/${id}/payments`, { token });
const act = (id: string, action: string, body: unknown, token = owner) =>
  h.call(`/v1/admin/orders/${id}/${action}`, post(body, token));
const place = async (card = TEST_CARDS.ok, productId = TAPERS, quantity = 2) =>
  placeOrderAs(h.emu, (await visitorTokens(h.emu)).access, [{ productId, quantity }], {
    cardNumber: card,
    email: 'buyer-pay@example.com',
  });
const stock = () =>
  h.emu.db
    .prepare<[string], { quantity: number }>('SELECT quantity FROM product_variants WHERE product_id = ?')
    .get(STOOL)!.quantity;

beforeAll(async () => {
  // many changes from one owner token in one minute: the per-token limit is not what these tests are about
  h = await harness({ deps: { counters, limits: { perVisitor: [10_000, 60_000], perIp: [10_000, 60_000] } } });
  [owner, member] = await Promise.all([h.owner(), h.member()]);
});
afterAll(() => h.close());

describe('who may call', () => {
  it('a visitor and a member get 403 NOT_OWNER from every route, before the body is read; no token → 401', async () => {
    const id = await place(TEST_CARDS.authorize);
    const visitor = await h.visitor();
    const routes: [string, RequestInit][] = [
      [`/v1/admin/orders/${id}/payments`, {}],
      ...['mark-as-paid', 'manual-payment', 'refund', 'capture', 'void'].map(
        (a) =>
          [
            `/v1/admin/orders/${id}/${a}`,
            { method: 'POST', body: '{not json', headers: { 'Content-Type': 'application/json' } },
          ] as [string, RequestInit],
      ),
      ['/v1/admin/orders/mark-as-paid', { method: 'POST', body: 'x'.repeat(100_000) }],
    ];
    for (const token of [visitor, member])
      for (const [path, init] of routes) {
        const r = await h.call(path, { ...init, token });
        expect([r.status, code(r)], path).toEqual([403, 'NOT_OWNER']);
      }
    expect((await h.call(`/v1/admin/orders/${id}/payments`)).status).toBe(401);
    expect((await view(id)).body_.payments[0].status).toBe('AUTHORIZED');
  });
});

describe('the read', () => {
  it('payments, refunds, refundability, collectability and a revision in one answer; unknown or bad ids → 404', async () => {
    const id = await place(TEST_CARDS.authorize);
    const r = await view(id);
    expect(r.status).toBe(200);
    expect(r.body_).toMatchObject({
      order: {
        id,
        paymentStatus: 'PENDING',
        lineItems: [{ quantity: 2, refundedQuantity: 0, name: expect.any(String) }],
      },
      payments: [{ status: 'AUTHORIZED' }],
      refunds: [],
      refundabilities: [{ refundabilityStatus: 'NOT_REFUNDABLE', nonRefundableReason: 'NOT_PAID' }],
      collectability: { status: 'NONCOLLECTABLE_ORDER_IS_PAID' },
      revision: expect.stringMatching(/^[\w-]{10,}$/),
    });
    expect((await view(id)).body_.revision).toBe(r.body_.revision); // stable while nothing changes
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'x%2F..%2Fsearch', 'a'.repeat(101)]) {
      const x = await view(bad);
      expect(x.status, bad).toBe(404);
    }
  });
});

describe('delayed capture', () => {
  it('capture needs the revision it was confirmed on; a second capture is refused with its reason', async () => {
    const id = await place(TEST_CARDS.authorize);
    const v = (await view(id)).body_;
    const pid = v.payments[0].id;
    const stale = await act(id, 'capture', { revision: 'not-the-revision', payments: [{ paymentId: pid }] });
    expect([stale.status, code(stale)]).toEqual([409, 'PAYMENTS_CHANGED']);
    expect(stale.body_.details.applicationError.data.revision).toBe(v.revision);
    const r = await act(id, 'capture', { revision: v.revision, payments: [{ paymentId: pid }] });
    expect(r.status).toBe(200);
    expect(r.body_).toMatchObject({ order: { paymentStatus: 'PAID' }, payments: [{ status: 'APPROVED' }] });
    expect(r.body_.revision).not.toBe(v.revision);
    const again = await act(id, 'capture', { revision: r.body_.revision, payments: [{ paymentId: pid }] });
    expect([again.status, code(again), reason(again)]).toEqual([409, 'AUTHORIZATION_UNAVAILABLE', 'CAPTURED']);
    const foreign = await act(id, 'void', { revision: r.body_.revision, paymentIds: ['0000-not-here'] });
    expect([foreign.status, reason(foreign)]).toEqual([404, 'NOT_FOUND']);
  });

  it('void, then a manual payment and mark as paid; each answers the order’s new payment status', async () => {
    const id = await place(TEST_CARDS.authorize);
    let v = (await view(id)).body_;
    const voided = await act(id, 'void', { revision: v.revision, paymentIds: [v.payments[0].id] });
    expect(voided.status).toBe(200);
    v = voided.body_;
    expect(v.order.paymentStatus).toBe('NOT_PAID');
    expect(v.collectability.status).toBe('COLLECTABLE');
    const again = await act(id, 'void', { revision: v.revision, paymentIds: [v.payments[0].id] });
    expect(reason(again)).toBe('VOIDED');
    const total = Number(v.collectability.amount.amount);
    const tooMuch = await act(id, 'manual-payment', { revision: v.revision, amount: (total + 1).toFixed(2) });
    expect([tooMuch.status, code(tooMuch)]).toEqual([400, 'INVALID_AMOUNT']);
    const part = await act(id, 'manual-payment', {
      revision: v.revision,
      amount: '3.00',
      method: { predefined: 'CASH' },
    });
    expect(part.status).toBe(200);
    expect(part.body_.order.paymentStatus).toBe('PARTIALLY_PAID');
    expect(part.body_.payments.at(-1)).toMatchObject({
      amount: { amount: '3.00' },
      regularPaymentDetails: { offlinePayment: true, paymentMethodName: { buyerLanguageName: 'Cash' } },
    });
    // the same manual payment again (a replay): the revision moved on, nothing is recorded twice
    const replay = await act(id, 'manual-payment', {
      revision: v.revision,
      amount: '3.00',
      method: { predefined: 'CASH' },
    });
    expect([replay.status, code(replay)]).toEqual([409, 'PAYMENTS_CHANGED']);
    const paid = await act(id, 'mark-as-paid', { revision: part.body_.revision });
    expect(paid.body_.order.paymentStatus).toBe('PAID');
    expect(paid.body_.payments.filter((p: Any) => p.regularPaymentDetails.offlinePayment)).toHaveLength(2);
  });
});

describe('refunds', () => {
  it('by line with restock and email: the answer confirms the refund and the new status; a replay refunds nothing', async () => {
    const id = await place(TEST_CARDS.ok, STOOL, 2);
    const before = stock();
    const v = (await view(id)).body_;
    const body = {
      revision: v.revision,
      paymentId: v.payments[0].id,
      lineItems: [{ lineItemId: v.order.lineItems[0].id, quantity: 1 }],
      reason: 'Wobbly leg',
      restock: { type: 'ALL_ITEMS' },
      sendEmail: true,
      customMessage: 'Sorry!',
    };
    const r = await act(id, 'refund', body);
    expect(r.status).toBe(200);
    expect(r.body_).toMatchObject({
      refundId: expect.any(String),
      failed: false,
      refund: { transactions: [{ refundStatus: 'SUCCEEDED', amount: { amount: v.order.lineItems[0].price.amount } }] },
      order: { paymentStatus: 'PARTIALLY_REFUNDED', lineItems: [{ refundedQuantity: 1, restockedQuantity: 1 }] },
    });
    expect(stock()).toBe(before + 1);
    const mail = (await api(h.emu, '/_dev/mailbox?to=buyer-pay@example.com')).json.messages;
    expect(mail).toEqual([
      expect.objectContaining({ subject: expect.stringMatching(/refunded/), text: expect.stringMatching(/Sorry!/) }),
    ]);
    const replay = await act(id, 'refund', body);
    expect([replay.status, code(replay)]).toEqual([409, 'PAYMENTS_CHANGED']);
    expect((await view(id)).body_.refunds).toHaveLength(1);
    expect(stock()).toBe(before + 1);
  });

  it('some of the shipping (`shippingAmount`): the platform records it and gives it back with the lines’ tax; more than is left is refused on the field', async () => {
    const id = await placeOrderAs(h.emu, (await visitorTokens(h.emu)).access, [{ productId: TAPERS, quantity: 2 }], {
      subdivision: 'CA',
      city: 'Oakland',
      postalCode: '94601',
      shipping: 'express',
    });
    const v = (await view(id)).body_;
    // what the console's live summary computes from: the order's subtotal, discount, tax and shipping
    expect(v.order.priceSummary).toMatchObject({ shipping: { amount: '19.95' }, tax: { amount: expect.any(String) } });
    const tax = Number(v.order.priceSummary.tax.amount);
    expect(tax).toBeGreaterThan(0);
    const body = {
      revision: v.revision,
      paymentId: v.payments[0].id,
      lineItems: [{ lineItemId: v.order.lineItems[0].id, quantity: 2 }],
      shippingAmount: '4.95',
    };
    const r = await act(id, 'refund', body);
    expect(r.status).toBe(200);
    const price = Number(v.order.lineItems[0].price.amount);
    expect(r.body_.refund).toMatchObject({
      transactions: [{ amount: { amount: (price * 2 + tax + 4.95).toFixed(2) } }],
      details: { shippingIncluded: true, shipping: { amount: { amount: '4.95' } } },
    });
    const over = await act(id, 'refund', {
      revision: r.body_.revision,
      paymentId: v.payments[0].id,
      shippingAmount: '15.01',
    });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body_)).toContain('details.shipping.amount');
  });

  it('two identical refunds at the same moment (a double click) refund once', async () => {
    const id = await place();
    const v = (await view(id)).body_;
    const body = { revision: v.revision, paymentId: v.payments[0].id, amount: '1.00' };
    const [a, b] = await Promise.all([act(id, 'refund', body), act(id, 'refund', body)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(['CHANGE_IN_PROGRESS', 'PAYMENTS_CHANGED']).toContain(code(a.status === 409 ? a : b));
    expect((await view(id)).body_.refunds).toHaveLength(1);
  });

  it('more than is left: the platform’s INVALID_AMOUNT; a payment that can’t be refunded: its reason', async () => {
    const id = await place();
    const v = (await view(id)).body_;
    const over = await act(id, 'refund', { revision: v.revision, paymentId: v.payments[0].id, amount: '9999.00' });
    expect([over.status, code(over)]).toEqual([400, 'INVALID_AMOUNT']);
    const held = await place(TEST_CARDS.authorize);
    const hv = (await view(held)).body_;
    const notPaid = await act(held, 'refund', { revision: hv.revision, paymentId: hv.payments[0].id });
    expect([notPaid.status, code(notPaid), reason(notPaid)]).toEqual([409, 'REFUND_NOT_AVAILABLE', 'NOT_PAID']);
    const unknown = await act(held, 'refund', { revision: hv.revision, paymentId: v.payments[0].id });
    expect([unknown.status, code(unknown)]).toEqual([404, 'PAYMENT_NOT_FOUND']);
  });

  it('bad bodies: unknown and prototype-named keys, bad amounts, bad ids → 400, nothing sent', async () => {
    const id = await place();
    const v = (await view(id)).body_;
    const pid = v.payments[0].id;
    for (const body of [
      { revision: v.revision, paymentId: pid, extra: 1 },
      { revision: v.revision, paymentId: pid, amount: '0' },
      { revision: v.revision, paymentId: pid, amount: '1e3' },
      { revision: v.revision, paymentId: pid, amount: 5 },
      { revision: v.revision, paymentId: '../x' },
      { paymentId: pid },
      { revision: v.revision, paymentId: pid, restock: { type: 'EVERYTHING' } },
    ]) {
      const r = await act(id, 'refund', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const proto = await h.call(`/v1/admin/orders/${id}/refund`, {
      method: 'POST',
      token: owner,
      headers: { 'Content-Type': 'application/json' },
      body: `{"revision":"${v.revision}","paymentId":"${pid}","__proto__":{"x":1}}`,
    });
    expect(proto.status).toBe(400);
    expect((await view(id)).body_.refunds).toEqual([]);
  });
});

describe('bulk mark as paid', () => {
  it('each order answered on its own; repeated ids and more than 100 refused', async () => {
    const unpaid = await place(TEST_CARDS.authorize);
    const v = (await view(unpaid)).body_;
    await act(unpaid, 'void', { revision: v.revision, paymentIds: [v.payments[0].id] });
    const paid = await place();
    const r = await h.call('/v1/admin/orders/mark-as-paid', post({ orderIds: [unpaid, paid] }, owner));
    expect(r.status).toBe(200);
    expect(r.body_).toEqual({
      results: [
        { orderId: unpaid, ok: true, paymentStatus: 'PAID' },
        { orderId: paid, ok: false, error: { code: 'ORDER_ALREADY_PAID', description: expect.any(String) } },
      ],
      succeeded: 1,
      failed: 1,
    });
    // sent again: nothing is paid twice
    const again = await h.call('/v1/admin/orders/mark-as-paid', post({ orderIds: [unpaid] }, owner));
    expect(again.body_.results[0]).toMatchObject({ ok: false, error: { code: 'ORDER_ALREADY_PAID' } });
    expect((await view(unpaid)).body_.payments.filter((p: Any) => p.regularPaymentDetails.offlinePayment)).toHaveLength(
      1,
    );
    for (const orderIds of [[paid, paid], [], Array.from({ length: 101 }, (_, i) => `o${i}`), ['a/b']]) {
      const bad = await h.call('/v1/admin/orders/mark-as-paid', post({ orderIds }, owner));
      expect(bad.status).toBe(400);
    }
  });
});

/**
 * Money moves once (issue 43): changes to one order are serialised, whatever their bodies say. Before, the guard read
 * the order and then checked, and its once-key held the body's hash: two refunds from one revision that differed only
 * in `reason` (two tabs, two members of staff) both went through.
 */
describe('money moves once', () => {
  const refunds = async (id: string) => (await view(id)).body_.refunds as Any[];
  const refunded = async (id: string) => (await view(id)).body_.order.balanceSummary.refunded.amount as string;

  it('two refunds at the same moment from one revision, different reasons: exactly one is made (six rounds)', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await place();
      const v = (await view(id)).body_;
      const body = (reason: string) => ({ revision: v.revision, paymentId: v.payments[0].id, amount: '6.00', reason });
      const answers = await Promise.all([act(id, 'refund', body('Tab one')), act(id, 'refund', body('Tab two'))]);
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([200, 409]);
      const loser = answers.find((a) => a.status === 409)!;
      expect(['CHANGE_IN_PROGRESS', 'PAYMENTS_CHANGED']).toContain(code(loser));
      expect(await refunds(id)).toHaveLength(1);
      expect(await refunded(id)).toBe('6.00');
    }
  });

  it('eight at once (refunds with eight reasons, a manual payment and a capture among them): one goes through', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await place();
      const v = (await view(id)).body_;
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          act(id, 'refund', { revision: v.revision, paymentId: v.payments[0].id, amount: '6.00', reason: `#${i}` }),
        ),
      );
      expect(
        answers.filter((a) => a.status === 200),
        `round ${round}`,
      ).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(409);
      expect(await refunds(id)).toHaveLength(1);
      expect(await refunded(id)).toBe('6.00');
    }
    const held = await place(TEST_CARDS.authorize);
    const hv = (await view(held)).body_;
    const pid = hv.payments[0].id;
    const mixed = await Promise.all([
      act(held, 'capture', { revision: hv.revision, payments: [{ paymentId: pid }] }),
      act(held, 'void', { revision: hv.revision, paymentIds: [pid] }),
      act(held, 'manual-payment', { revision: hv.revision, amount: '1.00' }),
      act(held, 'mark-as-paid', { revision: hv.revision }),
    ]);
    expect(mixed.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('a refusal tells the order as it is now (data.view), and a refusal by the platform frees the order at once', async () => {
    const id = await place();
    const v = (await view(id)).body_;
    const over = await act(id, 'refund', { revision: v.revision, paymentId: v.payments[0].id, amount: '9999.00' });
    expect([over.status, code(over)]).toEqual([400, 'INVALID_AMOUNT']);
    // not held: the right amount goes through on the same revision straight away
    const ok = await act(id, 'refund', { revision: v.revision, paymentId: v.payments[0].id, amount: '1.00' });
    expect(ok.status).toBe(200);
    const stale = await act(id, 'refund', { revision: v.revision, paymentId: v.payments[0].id, amount: '1.00' });
    expect([stale.status, code(stale)]).toEqual([409, 'PAYMENTS_CHANGED']);
    const data = stale.body_.details.applicationError.data;
    expect(data.view).toMatchObject({ revision: ok.body_.revision, refunds: [{ id: ok.body_.refundId }] });
    expect(data.revision).toBe(ok.body_.revision);
  });

  it('bulk mark as paid leaves out an order whose change is under way (said so), and sends the others', async () => {
    const [a, b] = [await place(TEST_CARDS.authorize), await place(TEST_CARDS.authorize)];
    for (const id of [a, b]) {
      const v = (await view(id)).body_;
      await act(id, 'void', { revision: v.revision, paymentIds: [v.payments[0].id] });
    }
    // a change to order a under way (on this instance or another sharing the store)
    expect(await counters.swap(`admin-pay:${a}`, null, 'held:elsewhere', 60_000)).toBe(true);
    const bulk = await h.call('/v1/admin/orders/mark-as-paid', post({ orderIds: [a, b] }, owner));
    expect(bulk.body_).toEqual({
      results: [
        { orderId: a, ok: false, error: { code: 'CHANGE_IN_PROGRESS', description: expect.any(String) } },
        { orderId: b, ok: true, paymentStatus: 'PAID' },
      ],
      succeeded: 1,
      failed: 1,
    });
    expect((await view(a)).body_.order.paymentStatus).toBe('NOT_PAID');
    const av = (await view(a)).body_;
    const single = await act(a, 'mark-as-paid', { revision: av.revision });
    expect([single.status, code(single)]).toEqual([409, 'CHANGE_IN_PROGRESS']);
    // that change ends: the order is free again, and the bulk's own holds were let go
    expect(await counters.swap(`admin-pay:${a}`, 'held:elsewhere', null, 0)).toBe(true);
    const again = await h.call('/v1/admin/orders/mark-as-paid', post({ orderIds: [a] }, owner));
    expect(again.body_.results[0]).toMatchObject({ orderId: a, ok: true, paymentStatus: 'PAID' });
    const bv = (await view(b)).body_;
    expect((await act(b, 'manual-payment', { revision: bv.revision, amount: '1.00' })).status).not.toBe(409);
  });
});

describe('a lost answer from the platform', () => {
  let lossy: Harness;
  let ownerToken: string;
  let mode: 'none' | 'before' | 'after' | 'slow-read' = 'none';
  let skew = 0;
  beforeAll(async () => {
    lossy = await harness({
      deps: {
        now: () => Date.now() + skew,
        // the refund's request to the platform: lost on its way there, or its answer lost on the way back
        fetch: async (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          // a read so slow that the change's hold runs out meanwhile (the clock moved past it)
          if (mode === 'slow-read' && url.includes('/refundability')) skew += HOLD_MS + 1000;
          if ((mode === 'before' || mode === 'after') && url.includes('/trigger-refund')) {
            if (mode === 'before') throw new TypeError('fetch failed');
            await fetch(input, init);
            throw new TypeError('fetch failed');
          }
          return fetch(input, init);
        },
      },
    });
    ownerToken = await lossy.owner();
  });
  afterAll(() => lossy.close());
  const read = (id: string) => lossy.call(`/v1/admin/orders/${id}/payments`, { token: ownerToken });
  const refund = (id: string, body: unknown) => lossy.call(`/v1/admin/orders/${id}/refund`, post(body, ownerToken));

  it('it landed: the answer is the order as it is now (409 ANSWER_LOST with the refund in data.view); held a while; sent again, nothing', async () => {
    const id = await placeOrderAs(lossy.emu, (await visitorTokens(lossy.emu)).access, [
      { productId: TAPERS, quantity: 2 },
    ]);
    const v = (await read(id)).body_;
    const body = { revision: v.revision, paymentId: v.payments[0].id, amount: '2.00', reason: 'Lost' };
    mode = 'after';
    const r = await refund(id, body);
    mode = 'none';
    expect([r.status, code(r)]).toEqual([409, 'ANSWER_LOST']);
    expect(r.body_.details.applicationError.data.view.refunds).toHaveLength(1);
    // the platform may yet apply what it was sent: the order stays held for a while, then a change from the new
    // revision goes through; the old revision never again
    const fresh = r.body_.details.applicationError.data.view.revision;
    const soon = await refund(id, { ...body, revision: fresh, amount: '1.00' });
    expect([soon.status, code(soon)]).toEqual([409, 'CHANGE_IN_PROGRESS']);
    skew += LOST_HOLD_MS + 1000;
    expect((await refund(id, body)).status).toBe(409);
    expect((await refund(id, { ...body, revision: fresh, amount: '1.00' })).status).toBe(200);
    expect((await read(id)).body_.refunds).toHaveLength(2);
  });

  it('it did not land: 502, the order held for a while (409 CHANGE_IN_PROGRESS), then free again', async () => {
    const id = await placeOrderAs(lossy.emu, (await visitorTokens(lossy.emu)).access, [
      { productId: TAPERS, quantity: 2 },
    ]);
    const v = (await read(id)).body_;
    const body = { revision: v.revision, paymentId: v.payments[0].id, amount: '2.00' };
    mode = 'before';
    const r = await refund(id, body);
    mode = 'none';
    expect(r.status).toBe(502);
    const soon = await refund(id, body);
    expect([soon.status, code(soon)]).toEqual([409, 'CHANGE_IN_PROGRESS']);
    expect(soon.body_.details.applicationError.data.view.refunds).toEqual([]);
    skew += LOST_HOLD_MS + 1000;
    const later = await refund(id, body);
    expect(later.status).toBe(200);
    expect((await read(id)).body_.refunds).toHaveLength(1);
  });

  it('a hold that ran out while the order was read sends nothing (another change may have taken it)', async () => {
    const id = await placeOrderAs(lossy.emu, (await visitorTokens(lossy.emu)).access, [
      { productId: TAPERS, quantity: 2 },
    ]);
    const v = (await read(id)).body_;
    mode = 'slow-read';
    const r = await refund(id, { revision: v.revision, paymentId: v.payments[0].id, amount: '2.00' });
    mode = 'none';
    expect([r.status, code(r)]).toEqual([409, 'CHANGE_IN_PROGRESS']);
    expect((await read(id)).body_.refunds).toEqual([]);
  });
});
