/**
 * Order management for the owner console (issue 22): update status, edit and delete merchant comments, bulk tags,
 * aggregate, commit deltas (line quantities, removed lines, shipping address, with a reason), and the search
 * additions (tags, sort by total). docs/wire.md "Orders: owner console".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let emu: RunningEmulator;
let admin: string;
let clock = Date.parse('2026-04-01T10:00:00.000Z');
const at = (minutes: number) => new Date(Date.parse('2026-04-01T10:00:00.000Z') + minutes * 60_000).toISOString();

type Order = {
  id: string;
  status: string;
  paymentStatus: string;
  number: string;
  lineItems: { id: string; quantity: number; price: { amount: string } }[];
  priceSummary: Record<string, { amount: string }>;
  activities: { id: string; type: string; [k: string]: unknown }[];
  tags?: { privateTags?: { tagIds?: string[] }; tags?: { tagIds?: string[] } };
  shippingInfo: { logistics: { shippingDestination: { address: Record<string, unknown> } } };
};

const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  api(emu, path, { token: admin, ...init });
const getOrder = async (id: string): Promise<Order> => (await call(`/ecom/v1/orders/${id}`)).json.order;
const code = (r: { json: { details?: { applicationError?: { code?: string } } } }) =>
  r.json.details?.applicationError?.code;
const stock = () =>
  emu.db
    .prepare<[string, string], { quantity: number }>(
      'SELECT quantity FROM product_variants WHERE product_id = ? AND id = ?',
    )
    .get(BLANKET, MOSS)!.quantity;
const place = async (lines: { productId: string; variantId?: string; quantity: number }[], email: string) => {
  const id = await placeOrderAs(emu, (await visitorTokens(emu)).access, lines, { email });
  clock += 60_000;
  return id;
};

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

describe('update order status', () => {
  it('cancels an approved order, approves or rejects a pending one, refuses what is already set, back to INITIALIZED, and from a final status', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }], 'status@example.com');
    const set = (status: string, orderId = id) =>
      call(`/ecom/v1/orders/${orderId}/update-status`, { body: { status } });
    const same = await set('APPROVED');
    expect([same.status, code(same)]).toEqual([428, 'STATUS_ALREADY_SET']);
    expect([(await set('INITIALIZED')).status, code(await set('INITIALIZED'))]).toEqual([400, 'STATUS_NOT_SUPPORTED']);
    expect((await set('PENDING')).status).toBe(428); // APPROVED → PENDING is no transition
    expect(code(await set('PENDING'))).toBe('UNSUPPORTED_TRANSITION');
    const canceled = await set('CANCELED');
    expect(canceled.status).toBe(200);
    expect(canceled.json.order.status).toBe('CANCELED');
    expect(canceled.json.order.activities.at(-1).type).toBe('ORDER_CANCELED');
    expect(code(await set('APPROVED'))).toBe('UNSUPPORTED_TRANSITION');
    expect((await set('SHIPPED')).status).toBe(400);
    expect((await call(`/ecom/v1/orders/${id}/update-status`, { body: { status: 'APPROVED', x: 1 } })).status).toBe(
      400,
    );
    expect((await set('APPROVED', 'no-such-order')).status).toBe(404);
    // the client sends the path's ids in the body too: they must match the path
    const forged = await call(`/ecom/v1/orders/${id}/update-status`, {
      body: { orderId: 'another', status: 'APPROVED' },
    });
    expect(forged.status).toBe(400);

    // a PENDING order (unpaid test card) may be approved or rejected
    const pending = await placeOrderAs(emu, (await visitorTokens(emu)).access, [{ productId: TAPERS, quantity: 1 }], {
      email: 'pending@example.com',
      cardNumber: TEST_CARDS.pending,
    });
    expect((await getOrder(pending)).paymentStatus).toBe('PENDING');
    const toPending = await set('PENDING', pending);
    expect([toPending.status, code(toPending)]).toEqual([428, 'UNSUPPORTED_TRANSITION']);
    // an order under review (status PENDING) may be approved or rejected
    const asPending = (orderId: string) => {
      const row = emu.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(orderId)!;
      emu.db
        .prepare('UPDATE orders SET data = ? WHERE id = ?')
        .run(JSON.stringify({ ...JSON.parse(row.data), status: 'PENDING' }), orderId);
    };
    asPending(pending);
    const approved = await set('APPROVED', pending);
    expect([approved.status, approved.json.order.status]).toEqual([200, 'APPROVED']);
    const other = await place([{ productId: TAPERS, quantity: 1 }], 'status3@example.com');
    asPending(other);
    const rejected = await set('REJECTED', other);
    expect([rejected.status, rejected.json.order.status, rejected.json.order.activities.at(-1).type]).toEqual([
      200,
      'REJECTED',
      'ORDER_REJECTED',
    ]);
    expect(code(await set('APPROVED', other))).toBe('UNSUPPORTED_TRANSITION');
  });

  it('is admin-only: a visitor or member token 403', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }], 'status2@example.com');
    const visitor = (await visitorTokens(emu)).access;
    const member = (await memberTokens(emu)).access;
    for (const token of [visitor, member]) {
      expect((await call(`/ecom/v1/orders/${id}/update-status`, { token, body: { status: 'CANCELED' } })).status).toBe(
        403,
      );
      expect(
        (await call('/ecom/v1/orders/aggregate', { token, body: { aggregation: { n: { $count: [] } } } })).status,
      ).toBe(403);
      expect(
        (await call('/ecom/v1/bulk/orders/update-tags', { token, body: { orderIds: [id], assignTags: {} } })).status,
      ).toBe(403);
      expect((await call(`/ecom/v1/orders/${id}/commit-deltas`, { token, body: { changes: {} } })).status).toBe(403);
    }
    expect((await getOrder(id)).status).toBe('APPROVED');
  });
});

describe('merchant comments', () => {
  it('edits and deletes a merchant comment; other activities are refused; unknown ones 404', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }], 'notes@example.com');
    const added = await call(`/ecom/v1/orders/${id}/activities`, {
      body: { activity: { merchantComment: { message: 'Gift wrap' } } },
    });
    const noteId = added.json.activityId as string;
    const edit = (activityId: string, body: unknown) =>
      call(`/ecom/v1/orders/${id}/activities/${activityId}`, { method: 'PATCH', body });
    const r = await edit(noteId, { activity: { merchantComment: { message: 'Gift wrap, blue paper' } } });
    expect(r.status).toBe(200);
    const note = r.json.order.activities.find((a: { id: string }) => a.id === noteId);
    expect(note).toMatchObject({ type: 'MERCHANT_COMMENT', merchantComment: { message: 'Gift wrap, blue paper' } });

    const placed = (await getOrder(id)).activities.find((a) => a.type === 'ORDER_PLACED')!;
    const refused = await edit(placed.id, { activity: { merchantComment: { message: 'x' } } });
    expect([refused.status, code(refused)]).toEqual([428, 'ACTIVITY_NOT_EDITABLE']);
    const del = await call(`/ecom/v1/orders/${id}/activities/${placed.id}`, { method: 'DELETE' });
    expect([del.status, code(del)]).toEqual([428, 'ACTIVITY_NOT_EDITABLE']);
    expect((await edit('nope', { activity: { merchantComment: { message: 'x' } } })).status).toBe(404);
    expect((await edit(noteId, { activity: { customActivity: { type: 'x' } } })).status).toBe(400);
    expect((await edit(noteId, { activity: { merchantComment: { message: '' } } })).status).toBe(400);

    const gone = await call(`/ecom/v1/orders/${id}/activities/${noteId}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect(gone.json.order.activities.some((a: { id: string }) => a.id === noteId)).toBe(false);
    const twice = await call(`/ecom/v1/orders/${id}/activities/${noteId}`, { method: 'DELETE' });
    expect([twice.status, code(twice)]).toEqual([404, 'ACTIVITY_NOT_FOUND']);
  });
});

describe('tags', () => {
  it('assigns and removes tags in bulk, reports unknown orders per item, and search filters on them', async () => {
    const a = await place([{ productId: TAPERS, quantity: 1 }], 'tag-a@example.com');
    const b = await place([{ productId: TAPERS, quantity: 2 }], 'tag-b@example.com');
    const bulk = (body: unknown) => call('/ecom/v1/bulk/orders/update-tags', { body });
    const r = await bulk({
      orderIds: [a, b, 'no-such-order'],
      assignTags: { privateTags: { tagIds: ['vip', 'gift'] }, tags: { tagIds: ['public'] } },
    });
    expect(r.status).toBe(200);
    expect(r.json.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    expect(r.json.results[2].itemMetadata).toMatchObject({
      id: 'no-such-order',
      originalIndex: 2,
      success: false,
      error: { code: 'ORDER_NOT_FOUND' },
    });
    expect((await getOrder(a)).tags).toEqual({
      privateTags: { tagIds: ['vip', 'gift'] },
      tags: { tagIds: ['public'] },
    });
    // assigning again adds nothing twice; removing one leaves the other
    await bulk({
      orderIds: [a],
      assignTags: { privateTags: { tagIds: ['vip'] } },
      unassignTags: { privateTags: { tagIds: ['gift'] } },
    });
    expect((await getOrder(a)).tags?.privateTags?.tagIds).toEqual(['vip']);

    // Search Orders has no tag field (OrderSearchSpec): a tag filter is refused, as on the platform
    const found = await call('/ecom/v1/orders/search', {
      body: { search: { filter: { 'tags.privateTags.tagIds': { $hasSome: ['gift'] } } } },
    });
    expect(found.status).toBe(400);

    expect((await bulk({ orderIds: [] })).status).toBe(400);
    expect((await bulk({ orderIds: [a, a] })).status).toBe(400);
    expect(
      (
        await bulk({
          orderIds: [a],
          assignTags: { privateTags: { tagIds: ['x'] } },
          unassignTags: { privateTags: { tagIds: ['x'] } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await bulk({
          orderIds: [a],
          assignTags: { privateTags: { tagIds: Array.from({ length: 101 }, (_, i) => `t${i}`) } },
        })
      ).status,
    ).toBe(400);
    expect((await bulk({ orderIds: [a], assignTags: { labels: ['x'] } })).status).toBe(400);
    expect((await bulk(JSON.parse('{"orderIds":["x"],"__proto__":{"polluted":1}}'))).status).toBe(400);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('aggregate', () => {
  it('counts, sums and averages the total over a createdDate range, and groups counts by status', async () => {
    const from = new Date(clock).toISOString();
    const ids = [
      await place([{ productId: TAPERS, quantity: 1 }], 'agg1@example.com'),
      await place([{ productId: STOOL, quantity: 2 }], 'agg2@example.com'),
      await place([{ productId: TAPERS, quantity: 3 }], 'agg3@example.com'),
    ];
    const to = new Date(clock).toISOString();
    await call(`/ecom/v1/orders/${ids[2]}/cancel`, { body: {} });
    const totals = await Promise.all(ids.map(async (id) => Number((await getOrder(id)).priceSummary['total']!.amount)));
    const filter = { createdDate: { $gte: from, $lte: to } };
    const r = await call('/ecom/v1/orders/aggregate', {
      body: {
        filter,
        aggregation: {
          count: { $count: [] },
          revenue: { $sum: 'priceSummary.total.amount' },
          average: { $avg: 'priceSummary.total.amount' },
          byStatus: { $count: ['status'] },
          byBoth: { $count: ['status', 'paymentStatus'] },
        },
        hierarchySeparatorOverride: '/',
      },
    });
    expect(r.status).toBe(200);
    const sum = Math.round(totals.reduce((n, t) => n + t, 0) * 100) / 100;
    expect(r.json.aggregates).toEqual({
      count: 3,
      revenue: sum,
      average: Math.round((sum * 100) / 3) / 100,
      byStatus: { APPROVED: 2, CANCELED: 1 },
      byBoth: { '(APPROVED/PAID)': 2, '(CANCELED/PAID)': 1 },
    });
    const open = await call('/ecom/v1/orders/aggregate', {
      body: {
        filter: { $and: [filter, { status: { $nin: ['CANCELED', 'REJECTED'] } }] },
        aggregation: { count: { $count: [] }, revenue: { $sum: 'priceSummary.total.amount' } },
      },
    });
    expect(open.json.aggregates).toEqual({ count: 2, revenue: Math.round((totals[0]! + totals[1]!) * 100) / 100 });

    const bad = (aggregation: unknown, extra: object = {}) =>
      call('/ecom/v1/orders/aggregate', { body: { aggregation, ...extra } });
    expect((await bad({ n: { $sum: 'buyerInfo.email' } })).status).toBe(400);
    expect((await bad({ n: { $count: ['constructor'] } })).status).toBe(400);
    expect((await bad({ n: { $median: 'priceSummary.total.amount' } })).status).toBe(400);
    expect((await bad({ n: { $count: [], $sum: 'priceSummary.total.amount' } })).status).toBe(400);
    expect((await bad({})).status).toBe(400);
    expect((await bad({ n: { $count: [] } }, { filter: { nope: 1 } })).status).toBe(400);
    expect((await bad({ n: { $count: [] } }, { extra: 1 })).status).toBe(400);
  });
});

describe('commit deltas', () => {
  it('changes a quantity and removes a line with restock, recomputes totals, records the reason', async () => {
    const id = await place(
      [
        { productId: BLANKET, variantId: MOSS, quantity: 3 },
        { productId: TAPERS, quantity: 2 },
      ],
      'edit@example.com',
    );
    expect(stock()).toBe(1);
    const before = await getOrder(id);
    const blanket = before.lineItems.find((l) => l.quantity === 3)!;
    const tapers = before.lineItems.find((l) => l.quantity === 2)!;
    const r = await call(`/ecom/v1/orders/${id}/commit-deltas`, {
      body: {
        draftOrderId: '0e9f4c2a-2f7b-4ac0-9d55-3a3c2f8a1b11',
        changes: {
          lineItems: [
            { lineItemId: blanket.id, changedDetails: { quantityBeforeChange: 3 }, lineItem: { quantity: 1 } },
            { lineItemId: tapers.id, lineItemRemoved: true },
          ],
        },
        commitSettings: { updateInventory: [{ lineItemId: blanket.id }] },
        reason: 'Buyer asked for one blanket only',
      },
    });
    expect(r.status).toBe(200);
    const o = r.json.order as Order;
    expect(o.lineItems.map((l) => [l.id, l.quantity])).toEqual([[blanket.id, 1]]);
    expect(stock()).toBe(3); // two blankets back; the tapers are not tracked
    const unit = Math.round(Number(blanket.price.amount) * 100);
    expect(Math.round(Number(o.priceSummary['subtotal']!.amount) * 100)).toBe(unit);
    const t = (k: string) => Math.round(Number(o.priceSummary[k]!.amount) * 100);
    expect(t('total')).toBe(t('subtotal') - t('discount') + t('shipping') + t('tax'));
    expect(t('total')).toBeLessThan(Math.round(Number(before.priceSummary['total']!.amount) * 100));
    const applied = o.activities.at(-1)!;
    expect(applied).toMatchObject({
      type: 'DRAFT_ORDER_CHANGES_APPLIED',
      draftOrderChangesApplied: {
        draftOrderId: '0e9f4c2a-2f7b-4ac0-9d55-3a3c2f8a1b11',
        reason: 'Buyer asked for one blanket only',
        changes: expect.arrayContaining([
          {
            lineItemChanged: expect.objectContaining({
              id: blanket.id,
              quantity: expect.objectContaining({
                originalQuantity: 3,
                newQuantity: 1,
                deltaType: 'QUANTITY_DECREASED',
              }),
            }),
          },
          { lineItemRemoved: expect.objectContaining({ id: tapers.id, quantity: 2 }) },
        ]),
      },
    });
    const mail = (await api(emu, '/_dev/mailbox?to=edit@example.com')).json.messages;
    expect(
      mail.some((m: { subject: string; text: string }) => /updated/.test(m.subject) && /one blanket/.test(m.text)),
    ).toBe(true);
    const lines = emu.db
      .prepare<[string], { quantity: number }>('SELECT quantity FROM order_lines WHERE order_id = ?')
      .all(id);
    expect(lines.map((l) => l.quantity)).toEqual([1]);

    // the same edit replayed: the line no longer has 3
    const replay = await call(`/ecom/v1/orders/${id}/commit-deltas`, {
      body: {
        changes: {
          lineItems: [
            { lineItemId: blanket.id, changedDetails: { quantityBeforeChange: 3 }, lineItem: { quantity: 1 } },
          ],
        },
        commitSettings: { updateInventory: [{ lineItemId: blanket.id }] },
      },
    });
    expect([replay.status, code(replay)]).toEqual([428, 'LINE_ITEM_CHANGED']);
    expect(stock()).toBe(3);
    // more than the stock holds, with inventory: refused, nothing changed
    const over = await call(`/ecom/v1/orders/${id}/commit-deltas`, {
      body: {
        changes: { lineItems: [{ lineItemId: blanket.id, lineItem: { quantity: 5 } }] },
        commitSettings: { updateInventory: [{ lineItemId: blanket.id }] },
      },
    });
    expect([over.status, code(over)]).toEqual([428, 'INSUFFICIENT_INVENTORY']);
    expect((await getOrder(id)).lineItems[0]!.quantity).toBe(1);
    expect(stock()).toBe(3);
  });

  it('changes the shipping address with SHIPPING_ADDRESS_EDITED; refuses bad edits', async () => {
    const id = await place([{ productId: TAPERS, quantity: 2 }], 'ship@example.com');
    const o = await getOrder(id);
    const line = o.lineItems[0]!;
    const dest = {
      address: { country: 'US', subdivision: 'NY', city: 'New York', postalCode: '10001', addressLine1: '5 Main St' },
      contactDetails: { firstName: 'Ann', lastName: 'Lee' },
    };
    const commit = (body: unknown, orderId = id) => call(`/ecom/v1/orders/${orderId}/commit-deltas`, { body });
    const r = await commit({
      changes: { changedShippingInfo: { logistics: { shippingDestination: dest } } },
      commitSettings: { sendNotificationsToBuyer: false },
      reason: 'Moved',
    });
    expect(r.status).toBe(200);
    expect(r.json.order.shippingInfo.logistics.shippingDestination).toEqual(dest);
    const types = r.json.order.activities.map((a: { type: string }) => a.type);
    expect(types).toContain('SHIPPING_ADDRESS_EDITED');
    expect(types.at(-1)).toBe('DRAFT_ORDER_CHANGES_APPLIED');
    expect(
      (await api(emu, '/_dev/mailbox?to=ship@example.com')).json.messages.some((m: { subject: string }) =>
        /updated/.test(m.subject),
      ),
    ).toBe(false);

    const field = (x: { json: { details?: { validationError?: { fieldViolations?: { field: string }[] } } } }) =>
      x.json.details?.validationError?.fieldViolations?.[0]?.field;
    expect((await commit({ changes: {} })).status).toBe(400);
    const every = await commit({ changes: { lineItems: [{ lineItemId: line.id, lineItemRemoved: true }] } });
    expect([every.status, field(every)]).toEqual([400, 'changes.lineItems']);
    expect((await commit({ changes: { lineItems: [{ lineItemId: 'nope', lineItem: { quantity: 1 } }] } })).status).toBe(
      400,
    );
    expect(
      (await commit({ changes: { lineItems: [{ lineItemId: line.id, lineItem: { quantity: 0 } }] } })).status,
    ).toBe(400);
    expect(
      (
        await commit({
          changes: { lineItems: [{ lineItemId: line.id, lineItem: { quantity: 1 }, lineItemRemoved: true }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await commit({
          changes: {
            lineItems: [
              { lineItemId: line.id, lineItem: { quantity: 1 } },
              { lineItemId: line.id, lineItem: { quantity: 1 } },
            ],
          },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await commit({
          changes: { changedShippingInfo: { logistics: { shippingDestination: { address: { country: 'USA' } } } } },
        })
      ).status,
    ).toBe(400);
    // a line break (or another control character) in an address or contact text: refused on its path
    for (const [part, key, value] of [
      ['address', 'addressLine1', '5 Main St\r\nX'],
      ['address', 'addressLine2', 'Apt\n4'],
      ['address', 'city', 'New\u0000York'],
      ['address', 'postalCode', '10001\r'],
      ['contactDetails', 'firstName', 'Ann\nLee'],
    ] as const) {
      const destination = { ...dest, [part]: { ...dest[part], [key]: value } };
      for (const [changes, path] of [
        [
          { changedShippingInfo: { logistics: { shippingDestination: destination } } },
          'changes.changedShippingInfo.logistics.shippingDestination',
        ],
        [{ billingInfo: destination }, 'changes.billingInfo'],
      ] as const) {
        const bad = await commit({ changes });
        expect([bad.status, field(bad)], `${path}.${part}.${key}`).toEqual([400, `${path}.${part}.${key}`]);
      }
    }
    expect((await getOrder(id)).shippingInfo.logistics.shippingDestination).toEqual(dest);
    expect(
      (
        await commit({
          changes: { lineItems: [{ lineItemId: line.id, lineItem: { quantity: 1 } }] },
          reason: 'x'.repeat(201),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await commit({
          changes: { lineItems: [{ lineItemId: line.id, lineItem: { quantity: 1 } }] },
          commitSettings: { updateInventory: [{ lineItemId: 'other' }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (await commit({ changes: { lineItems: [{ lineItemId: line.id, lineItem: { quantity: 1 } }] } }, 'no-such-order'))
        .status,
    ).toBe(404);
    expect((await getOrder(id)).lineItems[0]!.quantity).toBe(2);

    // not below what is fulfilled; not on a canceled order
    await call(`/ecom/v1/fulfillments/orders/${id}/create-fulfillment`, {
      body: { fulfillment: { lineItems: [{ id: line.id, quantity: 2 }] } },
    });
    const below = await commit({ changes: { lineItems: [{ lineItemId: line.id, lineItem: { quantity: 1 } }] } });
    expect([below.status, code(below)]).toEqual([428, 'LINE_ITEM_FULFILLED']);
    const other = await place([{ productId: TAPERS, quantity: 2 }], 'ship2@example.com');
    await call(`/ecom/v1/orders/${other}/cancel`, { body: {} });
    const canceled = await commit({ changes: { billingInfo: dest } }, other);
    expect([canceled.status, code(canceled)]).toEqual([428, 'ORDER_NOT_EDITABLE']);
  });
});

describe('search additions', () => {
  it('sorts by priceSummary.total.amount', async () => {
    const small = await place([{ productId: TAPERS, quantity: 1 }], 'sort@example.com');
    const big = await place([{ productId: TAPERS, quantity: 5 }], 'sort@example.com');
    const r = await call('/ecom/v1/orders/search', {
      body: {
        search: {
          filter: { 'buyerInfo.email': 'sort@example.com' },
          sort: [{ fieldName: 'priceSummary.total.amount', order: 'ASC' }],
        },
      },
    });
    expect(r.json.orders.map((o: Order) => o.id)).toEqual([small, big]);
    clock = Date.parse(at(10_000));
  });
});
