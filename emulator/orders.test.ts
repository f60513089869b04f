import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { TEST_CARDS } from './routes/checkout.ts';
import { seedIds, seedVariantId } from './seed.ts';
import {
  adminToken,
  api,
  memberTokens,
  placeOrderAs,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const P = seedIds.products;
const TAPERS = P['beeswax-taper-candles']!; // stock not tracked
const STOOL = P['folding-camp-stool']!;
const BLANKET = P['merino-wool-blanket']!;
const MOSS = seedVariantId('merino-wool-blanket', { Color: 'Moss' }); // 4 in stock
const SEARCH = '/ecom/v1/orders/search';

let emu: RunningEmulator;
let admin: string;
let clock = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + minutes * 60_000).toISOString();
/** Orders placed in beforeAll, one minute apart: [id, buyer email, memberId?]. */
const placed: { id: string; email: string; member?: string }[] = [];

const search = (body: unknown, token = admin) => api(emu, SEARCH, { token, body });
const ids = (r: { json: { orders: { id: string }[] } }) => r.json.orders.map((o) => o.id);

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
  admin = await adminToken(emu);
  const member = (await memberTokens(emu)).access;
  const emails = ['Ann@Example.com', 'bob@example.com', 'carl@shop.test', 'ann@example.com', 'dora@shop.test'];
  for (const [i, email] of emails.entries()) {
    clock = Date.parse(at(i));
    const byMember = i % 2 === 1;
    const token = byMember ? member : (await visitorTokens(emu)).access;
    const lines = [{ productId: i === 2 ? STOOL : TAPERS, quantity: i + 1 }];
    placed.push({
      id: await placeOrderAs(emu, token, lines, {
        email,
        ...(i === 4 ? { firstName: 'Dora', lastName: 'Lovelace' } : {}),
      }),
      email,
      ...(byMember ? { member: seedIds.members.member } : {}),
    });
  }
  clock = Date.parse(at(10));
});
afterAll(() => emu.close());

describe('search orders', () => {
  it('answers newest first with metadata; INITIALIZED orders never appear', async () => {
    // an order left INITIALIZED (a payment never started) is no order a search shows
    const row = emu.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(placed[4]!.id)!;
    emu.db
      .prepare('UPDATE orders SET data = ? WHERE id = ?')
      .run(JSON.stringify({ ...JSON.parse(row.data), status: 'INITIALIZED' }), placed[4]!.id);
    try {
      const r = await search({});
      expect(r.status).toBe(200);
      expect(ids(r)).toEqual([3, 2, 1, 0].map((i) => placed[i]!.id));
      expect(r.json.metadata).toEqual({ count: 4, cursors: { next: null, prev: null }, hasNext: false });
      expect(r.json.orders[0]).toMatchObject({ number: expect.any(String), buyerInfo: { email: 'ann@example.com' } });
    } finally {
      emu.db.prepare('UPDATE orders SET data = ? WHERE id = ?').run(row.data, placed[4]!.id);
    }
  });

  it('filters: $eq (email case-insensitive), $in, $startsWith, date ranges with $and, $hasSome, member', async () => {
    const f = async (filter: unknown) => ids(await search({ search: { filter } }));
    const ann = [placed[3]!.id, placed[0]!.id];
    expect(await f({ 'buyerInfo.email': { $eq: 'ANN@example.COM' } })).toEqual(ann);
    expect(await f({ 'buyerInfo.email': 'ann@example.com' })).toEqual(ann);
    expect(await f({ 'buyerInfo.email': { $startsWith: 'CARL' } })).toEqual([placed[2]!.id]);
    expect(await f({ id: { $in: [placed[1]!.id, placed[4]!.id, 'nope'] } })).toEqual([placed[4]!.id, placed[1]!.id]);
    expect(await f({ $and: [{ createdDate: { $gte: at(1) } }, { createdDate: { $lt: at(3) } }] })).toEqual([
      placed[2]!.id,
      placed[1]!.id,
    ]);
    expect(await f({ 'lineItems.catalogReference.catalogItemId': { $hasSome: [STOOL] } })).toEqual([placed[2]!.id]);
    expect(await f({ 'buyerInfo.memberId': seedIds.members.member })).toEqual([placed[3]!.id, placed[1]!.id]);
    expect(
      await f({ $or: [{ 'buyerInfo.email': { $startsWith: 'dora' } }, { number: { $lte: await num(0) } }] }),
    ).toEqual([placed[4]!.id, placed[0]!.id]);
    expect(await f({ paymentStatus: 'PAID', fulfillmentStatus: { $ne: 'FULFILLED' } })).toHaveLength(5);
    // the billing contact's first and last names (OrderSearchSpec has them, no full name), case-insensitive
    expect(await f({ 'billingInfo.contactDetails.lastName': { $startsWith: 'LOVE' } })).toEqual([placed[4]!.id]);
    expect(await f({ 'billingInfo.contactDetails.firstName': { $startsWith: 'dor' } })).toEqual([placed[4]!.id]);
    expect(await f({ 'billingInfo.contactDetails.lastName': 'Buyer' })).toHaveLength(4);
    // an order number is a string on the platform
    expect(await f({ number: await num(2) })).toEqual([placed[2]!.id]);
    const member = await search({ search: { filter: { 'buyerInfo.memberId': seedIds.members.member } } });
    expect(member.json.orders[0].buyerInfo.contactId).toEqual(expect.any(String));
  });

  it('sorts by a field and paginates with cursors that carry filter and sort', async () => {
    const byEmail = await search({ search: { sort: [{ fieldName: 'buyerInfo.email', order: 'ASC' }] } });
    expect(byEmail.json.orders.map((o: { buyerInfo: { email: string } }) => o.buyerInfo.email.toLowerCase())).toEqual([
      'ann@example.com',
      'ann@example.com',
      'bob@example.com',
      'carl@shop.test',
      'dora@shop.test',
    ]);
    const filter = { number: { $gt: '0' } };
    const sort = [{ fieldName: 'createdDate', order: 'ASC' }];
    const first = await search({ search: { filter, sort, cursorPaging: { limit: 2 } } });
    expect(ids(first)).toEqual([placed[0]!.id, placed[1]!.id]);
    expect(first.json.metadata).toMatchObject({ count: 2, hasNext: true });
    const second = await search({ search: { cursorPaging: { cursor: first.json.metadata.cursors.next, limit: 2 } } });
    expect(ids(second)).toEqual([placed[2]!.id, placed[3]!.id]);
    const third = await search({ search: { cursorPaging: { cursor: second.json.metadata.cursors.next, limit: 2 } } });
    expect(ids(third)).toEqual([placed[4]!.id]);
    expect(third.json.metadata).toMatchObject({ count: 1, hasNext: false, cursors: { next: null } });
    // with a cursor, only cursorPaging: a filter beside it is refused
    const mixed = await search({ search: { filter, cursorPaging: { cursor: first.json.metadata.cursors.next } } });
    expect([mixed.status, mixed.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'search.cursorPaging.cursor',
    ]);
    const forged = await search({ search: { cursorPaging: { cursor: 'bm90IGEgY3Vyc29y' } } });
    expect(forged.status).toBe(400);
  });

  it('refuses limit > 100, unknown filter and sort fields, bad operators, and prototype keys with 400', async () => {
    for (const body of [
      { search: { cursorPaging: { limit: 101 } } },
      { search: { filter: { 'buyerInfo.phone': '1' } } },
      { search: { filter: { toString: 'x' } } },
      { search: { filter: { status: { $regex: '.*' } } } },
      // not in OrderSearchSpec, or not with that operator, or a number where the field is a string
      { search: { filter: { 'tags.privateTags.tagIds': { $hasSome: ['gift'] } } } },
      { search: { filter: { 'billingInfo.contactDetails.fullName': { $startsWith: 'Ada' } } } },
      { search: { filter: { status: { $startsWith: 'APP' } } } },
      { search: { filter: { 'lineItems.catalogReference.catalogItemId': 'x' } } },
      { search: { filter: { $or: [{ number: 1001 }] } } },
      { search: { filter: { number: { $in: ['1001', 1002] } } } },
      { search: { sort: [{ fieldName: 'lineItems.quantity', order: 'ASC' }] } },
      JSON.parse('{"search":{"filter":{"__proto__":{"status":"APPROVED"}}}}'),
    ]) {
      const r = await search(body);
      expect([r.status, r.json.details.validationError.fieldViolations.length > 0], JSON.stringify(body)).toEqual([
        400,
        true,
      ]);
    }
  });

  it('is admin-only: a visitor or member token 403, none 401', async () => {
    expect((await search({}, (await visitorTokens(emu)).access)).status).toBe(403);
    expect((await search({}, (await memberTokens(emu)).access)).status).toBe(403);
    expect((await api(emu, SEARCH, { body: {} })).status).toBe(401);
  });
});

async function num(i: number): Promise<string> {
  return (await api(emu, `/ecom/v1/orders/${placed[i]!.id}`, { token: admin })).json.order.number;
}

describe('cancel, activities, fulfillments', () => {
  it('cancel with restock puts stock back and fires the back-in-stock notice; a second cancel is refused', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const orderId = await placeOrderAs(emu, visitor, [{ productId: BLANKET, variantId: MOSS, quantity: 4 }], {
      email: 'moss@example.com',
    });
    const stock = () =>
      emu.db
        .prepare<[string, string], { quantity: number }>(
          'SELECT quantity FROM product_variants WHERE product_id = ? AND id = ?',
        )
        .get(BLANKET, MOSS)!.quantity;
    expect(stock()).toBe(0);
    const waiting = await api(emu, '/back-in-stock-service/v1/back-in-stock-notification-requests', {
      token: visitor,
      body: {
        request: {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: BLANKET, options: { variantId: MOSS } },
          email: 'waiting@example.com',
          itemUrl: 'http://127.0.0.1:5173/products/merino-wool-blanket',
        },
        itemDetails: { name: 'Merino Wool Blanket', price: '120.00' },
      },
    });
    expect(waiting.status).toBe(200);
    const forbidden = await api(emu, `/ecom/v1/orders/${orderId}/cancel`, { token: visitor, body: {} });
    expect(forbidden.status).toBe(403);

    const r = await api(emu, `/ecom/v1/orders/${orderId}/cancel`, {
      token: admin,
      body: { restockAllItems: true, sendOrderCanceledEmail: true, customMessage: 'Out of wool, sorry.' },
    });
    expect(r.status).toBe(200);
    expect(r.json.order).toMatchObject({ id: orderId, status: 'CANCELED' });
    expect(r.json.order.activities.map((a: { type: string }) => a.type)).toEqual([
      'ORDER_PLACED',
      'ORDER_PAID',
      'ORDER_CANCELED',
    ]);
    expect(stock()).toBe(4);
    const notice = (await api(emu, '/_dev/mailbox?to=waiting@example.com')).json.messages;
    expect(notice).toEqual([expect.objectContaining({ subject: expect.stringMatching(/back in stock/) })]);
    const mail = (await api(emu, '/_dev/mailbox?to=moss@example.com')).json.messages;
    expect(mail).toEqual([
      expect.objectContaining({ subject: expect.stringMatching(/canceled/), text: expect.stringMatching(/wool/) }),
    ]);

    const again = await api(emu, `/ecom/v1/orders/${orderId}/cancel`, {
      token: admin,
      body: { restockAllItems: true },
    });
    expect([again.status, again.json.details.applicationError.code]).toEqual([428, 'ORDER_ALREADY_CANCELED']);
    expect(stock()).toBe(4);
    expect((await api(emu, '/ecom/v1/orders/no-such-order/cancel', { token: admin, body: {} })).status).toBe(404);
    const bad = await api(emu, `/ecom/v1/orders/${orderId}/cancel`, { token: admin, body: { customMessage: '' } });
    expect(bad.status).toBe(400);
  });

  it('cancel without restock leaves stock alone', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const orderId = await placeOrderAs(emu, visitor, [{ productId: BLANKET, variantId: MOSS, quantity: 1 }]);
    const r = await api(emu, `/ecom/v1/orders/${orderId}/cancel`, { token: admin, body: {} });
    expect(r.json.order.status).toBe('CANCELED');
    const left = emu.db
      .prepare<[string, string], { quantity: number }>(
        'SELECT quantity FROM product_variants WHERE product_id = ? AND id = ?',
      )
      .get(BLANKET, MOSS)!.quantity;
    expect(left).toBe(3);
  });

  it('a pending payment (its test card) places the order PENDING with no ORDER_PAID', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const orderId = await placeOrderAs(emu, visitor, [{ productId: TAPERS, quantity: 1 }], {
      cardNumber: TEST_CARDS.pending,
    });
    const order = (await api(emu, `/ecom/v1/orders/${orderId}`, { token: admin })).json.order;
    expect(order.paymentStatus).toBe('PENDING');
    expect(order.activities.map((a: { type: string }) => a.type)).toEqual(['ORDER_PLACED']);
  });

  it('AddActivity (deprecated): merchant comments only; a custom activity is refused as the client says, nothing added', async () => {
    const id = placed[0]!.id;
    const count = async () => (await api(emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order.activities.length;
    const before = await count();
    const custom = await api(emu, `/ecom/v1/orders/${id}/activities`, {
      token: admin,
      body: { activity: { customActivity: { type: 'Cancellation requested', additionalData: { reason: 'late' } } } },
    });
    expect(custom.status).toBe(400);
    expect(custom.json.details.validationError.fieldViolations).toEqual([
      {
        field: 'activity.customActivity',
        description: 'Activities with type CustomActivity not supported',
        violatedRule: 'FIELD_NOT_ALLOWED',
      },
    ]);
    const both = await api(emu, `/ecom/v1/orders/${id}/activities`, {
      token: admin,
      body: { activity: { merchantComment: { message: 'x' }, customActivity: { type: 'Cancellation requested' } } },
    });
    expect([both.status, both.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'activity.customActivity',
    ]);
    expect(await count()).toBe(before);
    const note = await api(emu, `/ecom/v1/orders/${id}/activities`, {
      token: admin,
      body: { activity: { merchantComment: { message: 'VIP' } } },
    });
    expect(note.status).toBe(200);
    expect(note.json.activityId).toEqual(expect.any(String));
    expect(note.json.order.activities.at(-1)).toMatchObject({
      id: note.json.activityId,
      type: 'MERCHANT_COMMENT',
      merchantComment: { message: 'VIP' },
    });
    for (const activity of [{}, { customActivity: { type: '' } }, { merchantComment: { message: 'x'.repeat(5001) } }]) {
      const r = await api(emu, `/ecom/v1/orders/${id}/activities`, { token: admin, body: { activity } });
      expect(r.status, JSON.stringify(activity)).toBe(400);
    }
    const member = (await memberTokens(emu)).access;
    const refused = await api(emu, `/ecom/v1/orders/${id}/activities`, {
      token: member,
      body: { activity: { merchantComment: { message: 'x' } } },
    });
    expect(refused.status).toBe(403);
    expect(
      (
        await api(emu, '/ecom/v1/orders/nope/activities', {
          token: admin,
          body: { activity: { merchantComment: { message: 'x' } } },
        })
      ).status,
    ).toBe(404);
  });

  it('AddActivities: merchant comments in order, with their ids; admin only; anything else refused and nothing added', async () => {
    const id = placed[1]!.id;
    const path = `/ecom/v1/orders/${id}/activities/add`;
    const read = async () => (await api(emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order;
    const before = (await read()).activities.length;
    const ok = await api(emu, path, {
      token: admin,
      body: {
        orderId: id, // the generated client sends the path's parameter in the body too
        orderActivities: [
          { activityType: 'MERCHANT_COMMENT', merchantComment: { message: 'first' } },
          { activityType: 'MERCHANT_COMMENT', type: 'MERCHANT_COMMENT', merchantComment: { message: 'second' } },
        ],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.activityIds).toEqual([expect.any(String), expect.any(String)]);
    expect(ok.json.order.activities.slice(-2)).toEqual([
      expect.objectContaining({
        id: ok.json.activityIds[0],
        type: 'MERCHANT_COMMENT',
        merchantComment: { message: 'first' },
      }),
      expect.objectContaining({
        id: ok.json.activityIds[1],
        type: 'MERCHANT_COMMENT',
        merchantComment: { message: 'second' },
      }),
    ]);
    expect((await read()).activities.length).toBe(before + 2);

    const comment = { activityType: 'MERCHANT_COMMENT', merchantComment: { message: 'x' } };
    const bad: [unknown, string, string][] = [
      [{}, 'orderActivities', 'REQUIRED_FIELD'],
      [{ orderActivities: [] }, 'orderActivities', 'MIN_SIZE'],
      [{ orderActivities: Array(301).fill(comment) }, 'orderActivities', 'MAX_SIZE'],
      [
        { orderActivities: [{ merchantComment: { message: 'x' } }] },
        'orderActivities[0].activityType',
        'REQUIRED_FIELD',
      ],
      [
        { orderActivities: [{ activityType: 'ORDER_PAID', merchantComment: { message: 'x' } }] },
        'orderActivities[0].activityType',
        'VALIDATION',
      ],
      [
        {
          orderActivities: [
            { activityType: 'MERCHANT_COMMENT', type: 'CUSTOM_ACTIVITY', merchantComment: { message: 'x' } },
          ],
        },
        'orderActivities[0].type',
        'VALIDATION',
      ],
      [
        { orderActivities: [{ ...comment, customActivity: { type: 'Cancellation requested' } }] },
        'orderActivities[0].customActivity',
        'FIELD_NOT_ALLOWED',
      ],
      [
        { orderActivities: [{ ...comment, orderRefunded: { manual: true } }] },
        'orderActivities[0].orderRefunded',
        'FIELD_NOT_ALLOWED',
      ],
      [
        { orderActivities: [{ activityType: 'MERCHANT_COMMENT' }] },
        'orderActivities[0].merchantComment',
        'REQUIRED_FIELD',
      ],
      [
        { orderActivities: [{ activityType: 'MERCHANT_COMMENT', merchantComment: { message: ' ' } }] },
        'orderActivities[0].merchantComment.message',
        'MIN_LENGTH',
      ],
      [
        { orderActivities: [{ activityType: 'MERCHANT_COMMENT', merchantComment: { message: 'x'.repeat(5001) } }] },
        'orderActivities[0].merchantComment.message',
        'MAX_LENGTH',
      ],
      [{ orderId: 'another', orderActivities: [comment] }, 'orderId', 'VALIDATION'],
      [{ orderActivities: [comment], extra: 1 }, 'extra', 'FIELD_NOT_ALLOWED'],
    ];
    for (const [body, field, rule] of bad) {
      const r = await api(emu, path, { token: admin, body });
      expect(r.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(r.json.details.validationError.fieldViolations, JSON.stringify(body).slice(0, 200)).toContainEqual(
        expect.objectContaining({ field, violatedRule: rule }),
      );
    }
    expect((await read()).activities.length).toBe(before + 2);

    for (const token of [(await visitorTokens(emu)).access, (await memberTokens(emu)).access]) {
      const r = await api(emu, path, { token, body: { orderActivities: [comment] } });
      expect([r.status, r.json.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
    }
    expect((await api(emu, path, { body: { orderActivities: [comment] } })).status).toBe(401);
    const unknown = await api(emu, '/ecom/v1/orders/nope/activities/add', {
      token: admin,
      body: { orderActivities: [comment] },
    });
    expect([unknown.status, unknown.json.details.applicationError.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect((await read()).activities.length).toBe(before + 2);
  });

  it('fulfillments: partial then full, tracking, status and activities; bad lines refused', async () => {
    const visitor = (await visitorTokens(emu)).access;
    const orderId = await placeOrderAs(emu, visitor, [
      { productId: TAPERS, quantity: 3 },
      { productId: STOOL, quantity: 1 },
    ]);
    const order = (await api(emu, `/ecom/v1/orders/${orderId}`, { token: admin })).json.order;
    const [tapers, stool] = order.lineItems as { id: string }[];
    const list = () => api(emu, `/ecom/v1/fulfillments/orders/${orderId}`, { token: admin });
    expect((await list()).json).toEqual({ orderWithFulfillments: { orderId, fulfillments: [] } });
    const create = (fulfillment: unknown) =>
      api(emu, `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, { token: admin, body: { fulfillment } });

    const first = await create({ lineItems: [{ id: tapers!.id, quantity: 2 }] });
    expect(first.status).toBe(200);
    expect(first.json.orderWithFulfillments.fulfillments).toEqual([
      { id: expect.any(String), createdDate: expect.any(String), lineItems: [{ id: tapers!.id, quantity: 2 }] },
    ]);
    // the platform's answer names the new fulfillment (CreateFulfillmentResponse.fulfillmentId)
    expect(first.json.fulfillmentId).toBe(first.json.orderWithFulfillments.fulfillments[0].id);
    let o = (await api(emu, `/ecom/v1/orders/${orderId}`, { token: admin })).json.order;
    expect(o.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');

    for (const bad of [
      { lineItems: [{ id: tapers!.id, quantity: 2 }] }, // only 1 left
      { lineItems: [{ id: 'not-a-line' }] },
      { lineItems: [] },
      { lineItems: [{ id: stool!.id }], trackingInfo: { trackingLink: 'javascript:alert(1)' } },
    ]) {
      expect((await create(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const tracking = { trackingNumber: '1Z999', shippingProvider: 'ups', trackingLink: 'https://ups.example/1Z999' };
    const second = await create({ lineItems: [{ id: tapers!.id }, { id: stool!.id }], trackingInfo: tracking });
    expect(second.status).toBe(200);
    expect(second.json.fulfillmentId).toBe(second.json.orderWithFulfillments.fulfillments[1].id);
    expect(second.json.fulfillmentId).not.toBe(first.json.fulfillmentId);
    expect(second.json.orderWithFulfillments.fulfillments[1]).toMatchObject({
      lineItems: [
        { id: tapers!.id, quantity: 1 },
        { id: stool!.id, quantity: 1 },
      ],
      trackingInfo: tracking,
    });
    o = (await api(emu, `/ecom/v1/orders/${orderId}`, { token: admin })).json.order;
    expect(o.fulfillmentStatus).toBe('FULFILLED');
    expect(o.activities.map((a: { type: string }) => a.type).slice(-3)).toEqual([
      'ORDER_FULFILLED',
      'TRACKING_NUMBER_ADDED',
      'TRACKING_LINK_WAS_SET',
    ]);
    expect((await list()).json.orderWithFulfillments.fulfillments).toHaveLength(2);
    expect((await api(emu, `/ecom/v1/fulfillments/orders/${orderId}`, { token: visitor })).status).toBe(403);
    expect((await api(emu, '/ecom/v1/fulfillments/orders/nope', { token: admin })).status).toBe(404);
    // only approved orders are fulfilled
    const canceledId = await placeOrderAs(emu, visitor, [{ productId: TAPERS, quantity: 1 }]);
    await api(emu, `/ecom/v1/orders/${canceledId}/cancel`, { token: admin, body: {} });
    const line = (await api(emu, `/ecom/v1/orders/${canceledId}`, { token: admin })).json.order.lineItems[0].id;
    const refused = await api(emu, `/ecom/v1/fulfillments/orders/${canceledId}/create-fulfillment`, {
      token: admin,
      body: { fulfillment: { lineItems: [{ id: line }] } },
    });
    expect([refused.status, refused.json.details.applicationError.code]).toEqual([428, 'ORDER_CANCELED']);
  });
});
