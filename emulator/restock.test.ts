/**
 * Stock comes back once per unit (issue 43 item 2; docs/wire.md "Payments", "Orders"): Cancel Order with
 * `restockAllItems`, Trigger Refund with `restockInfo` and Commit Deltas with `updateInventory` all read and add to
 * the line's `restockQuantity`, so each gives back only what has not come back yet, in any order, and when two calls
 * run at once. Also the migration that moved the refunds' per-line record into the order's lines.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './db.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { seedIds, seedVariantId } from './seed.ts';
import { DEFAULT_VARIANT_ID } from './domain/catalog.ts';
import { adminToken, api, placeOrderAs, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const P = seedIds.products;
const MUG = { productId: P['enamel-camp-mug']!, variantId: seedVariantId('enamel-camp-mug', { Color: 'Forest' }) };
const BOARD = { productId: P['maple-cutting-board']!, variantId: DEFAULT_VARIANT_ID };
const CANDLE = {
  productId: P['cedar-smoke-soy-candle']!,
  variantId: seedVariantId('cedar-smoke-soy-candle', { Size: '8 oz' }),
};
const BIG_CANDLE = {
  productId: P['cedar-smoke-soy-candle']!,
  variantId: seedVariantId('cedar-smoke-soy-candle', { Size: '12 oz' }),
};
const TOWEL = {
  productId: P['waffle-cotton-towel']!,
  variantId: seedVariantId('waffle-cotton-towel', { Size: 'Hand' }),
};
const SKILLET = {
  productId: P['cast-iron-skillet']!,
  variantId: seedVariantId('cast-iron-skillet', { Size: '10 inch' }),
};
const PC = '/ecom/v1/payments-collector/orders';

let emu: RunningEmulator;
let admin: string;
let clock = Date.parse('2026-05-01T10:00:00.000Z');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
type Item = { productId: string; variantId: string };

const stock = (item: Item) =>
  emu.db
    .prepare<[string, string], { quantity: number }>(
      'SELECT quantity FROM product_variants WHERE product_id = ? AND id = ?',
    )
    .get(item.productId, item.variantId)!.quantity;
const place = async (lines: (Item & { quantity: number })[]) => {
  const id = await placeOrderAs(emu, (await visitorTokens(emu)).access, lines, { email: 'restock@example.com' });
  clock += 60_000;
  return id;
};
const order = async (id: string) => (await api(emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order;
/** The line of `item` in the order. */
const lineOf = (o: Any, item: Item) =>
  o.lineItems.find((l: Any) => l.catalogReference.options.variantId === item.variantId);
const paymentOf = async (id: string) =>
  (await api(emu, `/ecom/v1/payments/orders/${id}`, { token: admin })).json.orderTransactions.payments[0];
const cancel = (id: string) =>
  api(emu, `/ecom/v1/orders/${id}/cancel`, { token: admin, body: { restockAllItems: true } });
const refund = async (id: string, extra: Record<string, unknown>, amount?: string) =>
  api(emu, `${PC}/${id}/trigger-refund`, {
    token: admin,
    body: { payments: [{ paymentId: (await paymentOf(id)).id, ...(amount ? { amount: { amount } } : {}) }], ...extra },
  });
const restockAll = { sideEffects: { restockInfo: { type: 'ALL_ITEMS' } } };

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

describe('each unit comes back once', () => {
  it('cancel with restockAllItems, then refunds with restock (ALL_ITEMS, SOME_ITEMS): nothing more comes back', async () => {
    const start = stock(MUG);
    const id = await place([{ ...MUG, quantity: 3 }]);
    expect(stock(MUG)).toBe(start - 3);
    const c = await cancel(id);
    expect(c.status).toBe(200);
    expect(stock(MUG)).toBe(start);
    // the answer and Get Order say what came back, on the platform's line field
    expect(lineOf(c.json.order, MUG).restockQuantity).toBe(3);
    expect(lineOf(await order(id), MUG).restockQuantity).toBe(3);

    const lineItemId = lineOf(await order(id), MUG).id;
    // more than remains is clamped to what remains (nothing): the money is still refunded
    const some = await refund(
      id,
      { sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId, quantity: 2 }] } } },
      '1.00',
    );
    expect(some.status).toBe(200);
    expect(stock(MUG)).toBe(start);
    const all = await refund(id, restockAll);
    expect(all.status).toBe(200);
    expect(stock(MUG)).toBe(start);
    const o = await order(id);
    expect(o.paymentStatus).toBe('FULLY_REFUNDED');
    expect(lineOf(o, MUG).restockQuantity).toBe(3);
  });

  it('a refund with ALL_ITEMS restock, then cancel with restockAllItems: nothing more comes back', async () => {
    const start = stock(BOARD);
    const id = await place([{ ...BOARD, quantity: 3 }]);
    expect(stock(BOARD)).toBe(start - 3);
    expect((await refund(id, restockAll)).status).toBe(200);
    expect(stock(BOARD)).toBe(start);
    expect(lineOf(await order(id), BOARD).restockQuantity).toBe(3);
    const c = await cancel(id);
    expect(c.status).toBe(200);
    expect(stock(BOARD)).toBe(start);
    expect(lineOf(c.json.order, BOARD).restockQuantity).toBe(3);
  });

  it('a partial SOME_ITEMS restock, then cancel restocks only the rest; more than the line holds → 400', async () => {
    const startCandle = stock(CANDLE);
    const startTowel = stock(TOWEL);
    const id = await place([
      { ...CANDLE, quantity: 3 },
      { ...TOWEL, quantity: 2 },
    ]);
    const candleLine = lineOf(await order(id), CANDLE).id;
    const tooMany = await refund(
      id,
      { sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId: candleLine, quantity: 4 }] } } },
      '5.00',
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.details.validationError.fieldViolations[0].field).toBe(
      'sideEffects.restockInfo.items[0].quantity',
    );
    expect(stock(CANDLE)).toBe(startCandle - 3);

    const some = await refund(
      id,
      { sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId: candleLine, quantity: 1 }] } } },
      '5.00',
    );
    expect(some.status).toBe(200);
    expect(stock(CANDLE)).toBe(startCandle - 2);
    expect(stock(TOWEL)).toBe(startTowel - 2);
    const mid = await order(id);
    expect(lineOf(mid, CANDLE).restockQuantity).toBe(1);
    expect(lineOf(mid, TOWEL).restockQuantity ?? 0).toBe(0);

    const c = await cancel(id);
    expect(c.status).toBe(200);
    expect(stock(CANDLE)).toBe(startCandle);
    expect(stock(TOWEL)).toBe(startTowel);
    expect(lineOf(c.json.order, CANDLE).restockQuantity).toBe(3);
    expect(lineOf(c.json.order, TOWEL).restockQuantity).toBe(2);
  });

  it('a cancel and a refund sent at once, both restocking: each unit still comes back once', async () => {
    const start = stock(SKILLET);
    const id = await place([{ ...SKILLET, quantity: 3 }]);
    const body = { payments: [{ paymentId: (await paymentOf(id)).id }], ...restockAll };
    const [c, r] = await Promise.all([cancel(id), api(emu, `${PC}/${id}/trigger-refund`, { token: admin, body })]);
    expect([c.status, r.status]).toEqual([200, 200]);
    expect(stock(SKILLET)).toBe(start);
    expect(lineOf(await order(id), SKILLET).restockQuantity).toBe(3);
  });

  it('an edit with updateInventory gives back only what has not come back; a later cancel only the rest', async () => {
    const start = stock(BIG_CANDLE);
    // all three back through a refund: removing one from the order gives nothing more back
    const id = await place([{ ...BIG_CANDLE, quantity: 3 }]);
    expect((await refund(id, restockAll)).status).toBe(200);
    expect(stock(BIG_CANDLE)).toBe(start);
    const edit = (orderId: string, lineItemId: string, from: number, to: number) =>
      api(emu, `/ecom/v1/orders/${orderId}/commit-deltas`, {
        token: admin,
        body: {
          changes: {
            lineItems: [{ lineItemId, changedDetails: { quantityBeforeChange: from }, lineItem: { quantity: to } }],
          },
          commitSettings: { updateInventory: [{ lineItemId }], sendNotificationsToBuyer: false },
        },
      });
    const e1 = await edit(id, lineOf(await order(id), BIG_CANDLE).id, 3, 2);
    expect(e1.status).toBe(200);
    expect(stock(BIG_CANDLE)).toBe(start);
    expect(lineOf(e1.json.order, BIG_CANDLE).restockQuantity).toBe(2);

    // one of three back through a refund, the line edited down to one: the edit takes that one off first, so one
    // more comes back (one is still out, on the order), and a cancel gives back that last one
    const id2 = await place([{ ...BIG_CANDLE, quantity: 3 }]);
    const line2 = lineOf(await order(id2), BIG_CANDLE).id;
    const some = await refund(
      id2,
      { sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId: line2, quantity: 1 }] } } },
      '5.00',
    );
    expect(some.status).toBe(200);
    expect(stock(BIG_CANDLE)).toBe(start - 2);
    const e2 = await edit(id2, line2, 3, 1);
    expect(e2.status).toBe(200);
    expect(stock(BIG_CANDLE)).toBe(start - 1);
    expect(lineOf(e2.json.order, BIG_CANDLE).restockQuantity).toBe(0);
    expect((await cancel(id2)).status).toBe(200);
    expect(stock(BIG_CANDLE)).toBe(start);
  });
});

describe('migration 015', () => {
  it('moves the refunds’ per-line restock record into the order’s lines as restockQuantity', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 15),
    );
    db.prepare(
      "INSERT INTO orders (id, number, checkout_id, owner, data, created_date) VALUES ('o1', 10001, 'c1', 'v:x', ?, '2026-01-01T00:00:00.000Z')",
    ).run(
      JSON.stringify({
        id: 'o1',
        lineItems: [
          { id: 'l1', quantity: 3 },
          { id: 'l2', quantity: 1 },
          { id: 'l3', quantity: 2 },
        ],
      }),
    );
    db.prepare("INSERT INTO order_transactions (order_id, data) VALUES ('o1', ?)").run(
      JSON.stringify({ payments: [], refunds: [], refundedLines: { l1: 2 }, restocked: { l1: 2, l3: 5, gone: 1 } }),
    );
    expect(migrate(db)).toContain(15);
    const o = JSON.parse(db.prepare<[], { data: string }>("SELECT data FROM orders WHERE id = 'o1'").get()!.data);
    expect(o.lineItems).toEqual([
      { id: 'l1', quantity: 3, restockQuantity: 2 },
      { id: 'l2', quantity: 1 },
      { id: 'l3', quantity: 2, restockQuantity: 2 },
    ]);
    const tx = JSON.parse(
      db.prepare<[], { data: string }>("SELECT data FROM order_transactions WHERE order_id = 'o1'").get()!.data,
    );
    expect(tx).toEqual({ payments: [], refunds: [], refundedLines: { l1: 2 } });
    db.close();
  });
});
