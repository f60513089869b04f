/**
 * Draft orders, the platform's way to edit an order (docs/wire.md "Order edits: Draft Orders"): draftability, create
 * from an order, update line items, set the shipping destination and billing info, get with the totals worked out
 * again, commit (the order, its stock, its activity, its balance and the buyer's email), delete. Refusals, bad input
 * and the visitor's and member's 403 change nothing.
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
const BLANKET = P['merino-wool-blanket']!;
const MOSS = seedVariantId('merino-wool-blanket', { Color: 'Moss' }); // 4 in stock
const D = '/ecom/v1/draft-orders';
const PC = '/ecom/v1/payments-collector/orders';

let emu: RunningEmulator;
let admin: string;
let clock = Date.parse('2026-05-01T10:00:00.000Z');

type Money = { amount: string };
const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  api(emu, path, { token: admin, ...init });
const code = (r: { json: { details?: { applicationError?: { code?: string } } } }) =>
  r.json.details?.applicationError?.code;
const getOrder = async (id: string) => (await call(`/ecom/v1/orders/${id}`)).json.order;
const place = async (lines: { productId: string; variantId?: string; quantity: number }[], card = TEST_CARDS.ok) => {
  const id = await placeOrderAs(emu, (await visitorTokens(emu)).access, lines, {
    email: 'draft@example.com',
    cardNumber: card,
  });
  clock += 60_000;
  return id;
};
const stock = () =>
  emu.db
    .prepare<[string, string], { quantity: number }>(
      'SELECT quantity FROM product_variants WHERE product_id = ? AND id = ?',
    )
    .get(BLANKET, MOSS)!.quantity;
const drafts = (orderId: string) =>
  emu.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM draft_orders WHERE order_id = ?').get(orderId)!.n;
const cents = (m: Money) => Math.round(Number(m.amount) * 100);
const create = async (orderId: string) => {
  const r = await call(D, { body: { sourceOrderId: orderId } });
  expect(r.status).toBe(200);
  return r.json.calculatedDraftOrder.draftOrder as { id: string; lineItems: { lineItem: { id: string } }[] };
};

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

describe('draftability', () => {
  it('a paid approved order may have a draft; canceled, refunded, unknown ones may not, with the client’s reasons', async () => {
    const paid = await place([{ productId: TAPERS, quantity: 2 }]);
    expect((await call(`${D}/${paid}/draftability?orderId=${paid}`)).json).toEqual({
      orderId: paid,
      orderDraftable: true,
      nonDraftableReasons: [],
    });
    // a partial refund: the client's PARTIALLY_OR_FULLY_REFUNDED ("modifications of refunded orders are not supported")
    const refunded = await place([{ productId: TAPERS, quantity: 2 }]);
    const tx = (await call(`/ecom/v1/payments/orders/${refunded}`)).json.orderTransactions;
    const r = await call(`${PC}/${refunded}/trigger-refund`, {
      body: { payments: [{ paymentId: tx.payments[0].id, amount: { amount: '1.00' } }] },
    });
    expect(r.status).toBe(200);
    expect((await call(`${D}/${refunded}/draftability`)).json.nonDraftableReasons).toEqual([
      'PARTIALLY_OR_FULLY_REFUNDED',
    ]);
    const refusedCreate = await call(D, { body: { sourceOrderId: refunded } });
    expect([refusedCreate.status, code(refusedCreate)]).toEqual([428, 'ORDER_CANNOT_BE_EDITED']);
    expect(refusedCreate.json.details.applicationError.data.nonDraftableReasons).toEqual([
      'PARTIALLY_OR_FULLY_REFUNDED',
    ]);
    const canceled = await place([{ productId: TAPERS, quantity: 1 }]);
    expect((await call(`/ecom/v1/orders/${canceled}/cancel`, { body: {} })).status).toBe(200);
    expect((await call(`${D}/${canceled}/draftability`)).json.nonDraftableReasons).toEqual([
      'ORDER_STATUS_IS_NOT_SUPPORTED',
    ]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(`${D}/${unknown}/draftability`)).json).toEqual({
      orderId: unknown,
      orderDraftable: false,
      nonDraftableReasons: ['ORDER_NOT_FOUND'],
    });
    expect((await call(D, { body: { sourceOrderId: unknown } })).status).toBe(404);
    // ids are GUIDs; the query's id is the path's
    expect((await call(`${D}/not-a-guid/draftability`)).status).toBe(400);
    expect((await call(`${D}/${paid}/draftability?orderId=${unknown}`)).status).toBe(400);
    expect(drafts(refunded) + drafts(canceled)).toBe(0);
  });
});

describe('an edit through a draft', () => {
  it('raises a quantity: the draft’s totals and balance, then the commit’s order, stock, activity, balance, collectability and email', async () => {
    const id = await place([
      { productId: BLANKET, variantId: MOSS, quantity: 1 },
      { productId: TAPERS, quantity: 2 },
    ]);
    const before = await getOrder(id);
    const blanket = before.lineItems.find(
      (l: { catalogReference: { catalogItemId: string } }) => l.catalogReference.catalogItemId === BLANKET,
    );
    const unit = cents(blanket.price);
    const stockBefore = stock();
    const draft = await create(id);
    expect(draft.lineItems.map((x) => x.lineItem.id)).toEqual(before.lineItems.map((l: { id: string }) => l.id));
    expect(drafts(id)).toBe(1);
    // a second create answers the draft there is
    const again = await call(D, { body: { sourceOrderId: id } });
    expect([again.json.preexistingDraftOrder, again.json.calculatedDraftOrder.draftOrder.id]).toEqual([true, draft.id]);

    const up = await call(`${D}/${draft.id}/line-items`, {
      body: { draftOrderId: draft.id, lineItemChanges: [{ lineItemId: blanket.id, newQuantity: 3 }] },
    });
    expect(up.status).toBe(200);
    const d = up.json.calculatedDraftOrder.draftOrder;
    const line = d.lineItems.find((x: { lineItem: { id: string } }) => x.lineItem.id === blanket.id);
    expect(line.changedDetails).toEqual({ quantityBeforeChange: 1 });
    expect(line.lineItem.quantity).toBe(3);
    // the totals as the order's pricing works them out: two more blankets, their tax, the same shipping
    const ps = before.priceSummary;
    expect(cents(d.priceSummary.subtotal)).toBe(cents(ps.subtotal) + 2 * unit);
    expect(cents(d.priceSummary.shipping)).toBe(cents(ps.shipping));
    expect(cents(d.priceSummary.total)).toBe(
      cents(d.priceSummary.subtotal) -
        cents(d.priceSummary.discount) +
        cents(d.priceSummary.shipping) +
        cents(d.priceSummary.tax),
    );
    expect(cents(d.priceSummary.total)).toBeGreaterThan(cents(ps.total));
    // balance: the new total less what was paid
    expect(cents(d.balanceSummary.paid)).toBe(cents(ps.total));
    expect(cents(d.balanceSummary.balance)).toBe(cents(d.priceSummary.total) - cents(ps.total));
    // nothing changed on the order yet
    expect((await getOrder(id)).lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([1, 2]);
    expect((await call(`${D}/${draft.id}`)).json.calculatedDraftOrder.draftOrder.priceSummary).toEqual(d.priceSummary);

    const mails = emu.db.prepare('SELECT COUNT(*) AS n FROM mail_messages').get() as { n: number };
    const commit = await call(`${D}/${draft.id}/commit`, {
      body: {
        draftOrderId: draft.id,
        commitSettings: { sendNotificationsToBuyer: true, updateInventory: [{ lineItemId: blanket.id }] },
        reason: 'Two more for the cabin',
      },
    });
    expect(commit.status).toBe(200);
    expect(commit.json.committedDraftOrder.status).toBe('COMMITTED');
    const after = commit.json.orderAfterCommit;
    expect(after.lineItems.find((l: { id: string }) => l.id === blanket.id).quantity).toBe(3);
    expect(after.priceSummary.total.amount).toBe(d.priceSummary.total.amount);
    expect(after.paymentStatus).toBe('PARTIALLY_PAID');
    expect(after.balanceSummary.balance.amount).toBe(d.balanceSummary.balance.amount);
    const applied = after.activities.at(-1);
    expect(applied.type).toBe('DRAFT_ORDER_CHANGES_APPLIED');
    expect(applied.draftOrderChangesApplied.draftOrderId).toBe(draft.id);
    expect(applied.draftOrderChangesApplied.reason).toBe('Two more for the cabin');
    expect(stock()).toBe(stockBefore - 2);
    // what is left to collect is the balance, to the cent
    const col = (await call(`${PC}/${id}/payment-collectability-status`)).json;
    expect([col.status, col.amount.amount]).toEqual(['COLLECTABLE', d.balanceSummary.balance.amount]);
    // the buyer is told the new total and what is left to pay
    const mail = emu.db
      .prepare<[], { subject: string; text: string; n: number }>(
        'SELECT subject, text FROM mail_messages ORDER BY rowid DESC LIMIT 1',
      )
      .get()!;
    expect((emu.db.prepare('SELECT COUNT(*) AS n FROM mail_messages').get() as { n: number }).n).toBe(mails.n + 1);
    expect(mail.subject).toContain(`#${before.number} was updated`);
    expect(mail.text).toContain('Two more for the cabin');
    expect(mail.text).toContain(`New total: ${after.priceSummary.total.formattedAmount}`);
    expect(mail.text).toContain(`Left to pay: ${after.balanceSummary.balance.formattedAmount}`);
    // a committed draft is neither changed, committed again nor deleted
    const twice = await call(`${D}/${draft.id}/commit`, { body: {} });
    expect([twice.status, code(twice)]).toEqual([428, 'DRAFT_ORDER_ALREADY_COMMITTED']);
    const del = await call(`${D}/${draft.id}?draftOrderId=${draft.id}`, { method: 'DELETE' });
    expect([del.status, code(del)]).toEqual([428, 'DRAFT_ORDER_CANNOT_BE_DELETED']);
    const late = await call(`${D}/${draft.id}/line-items`, {
      body: { lineItemChanges: [{ lineItemId: blanket.id, newQuantity: 1 }] },
    });
    expect([late.status, code(late)]).toEqual([428, 'DRAFT_ORDER_ALREADY_COMMITTED']);
    // collecting the difference pays the order
    expect((await call(`${PC}/${id}/mark-as-paid`, { body: {} })).status).toBe(200);
    const paid = await getOrder(id);
    expect([paid.paymentStatus, paid.balanceSummary.balance.amount]).toEqual(['PAID', '0.00']);
  });

  it('lowers a quantity and moves the address: a negative balance (to refund), the tax of the new region, no email when asked', async () => {
    const id = await place([{ productId: TAPERS, quantity: 3 }]);
    const before = await getOrder(id);
    const draft = await create(id);
    const lineId = before.lineItems[0].id;
    expect(
      (
        await call(`${D}/${draft.id}/line-items`, {
          body: { lineItemChanges: [{ lineItemId: lineId, newQuantity: 1 }] },
        })
      ).status,
    ).toBe(200);
    const moved = await call(`${D}/set-shipping-info`, {
      method: 'PUT',
      body: {
        draftOrderId: draft.id,
        shippingInfo: {
          logistics: {
            shippingDestination: {
              address: {
                country: 'US',
                subdivision: 'US-NY',
                city: 'Albany',
                addressLine: '2 Elm St',
                postalCode: '12207',
              },
              contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
            },
          },
        },
      },
    });
    expect(moved.status).toBe(200);
    const d = moved.json.calculatedDraftOrder.draftOrder;
    expect(d.shippingInfo.shippingInfo.logistics.shippingDestination.address.addressLine).toBe('2 Elm St');
    expect(d.shippingInfo.changedDetails.shippingInfoBeforeChange).toBeTruthy();
    expect(cents(d.balanceSummary.balance)).toBe(cents(d.priceSummary.total) - cents(before.priceSummary.total));
    expect(cents(d.balanceSummary.balance)).toBeLessThan(0);
    const mails = (emu.db.prepare('SELECT COUNT(*) AS n FROM mail_messages').get() as { n: number }).n;
    const commit = await call(`${D}/${draft.id}/commit`, {
      body: { commitSettings: { sendNotificationsToBuyer: false }, reason: 'Out of stock' },
    });
    expect(commit.status).toBe(200);
    const after = commit.json.orderAfterCommit;
    expect(after.balanceSummary.balance.amount).toBe(d.balanceSummary.balance.amount);
    expect(after.paymentStatus).toBe('PAID');
    expect(after.shippingInfo.logistics.shippingDestination.address.addressLine1).toBe('2 Elm St');
    expect(after.activities.map((a: { type: string }) => a.type).slice(-2)).toEqual([
      'SHIPPING_ADDRESS_EDITED',
      'DRAFT_ORDER_CHANGES_APPLIED',
    ]);
    expect((emu.db.prepare('SELECT COUNT(*) AS n FROM mail_messages').get() as { n: number }).n).toBe(mails);
    // nothing is left to collect
    expect((await call(`${PC}/${id}/payment-collectability-status`)).json.status).toBe('NONCOLLECTABLE_ORDER_IS_PAID');
    // the difference refunded, in two goes: the balance comes up to 0 and stays there
    const over = -cents(after.balanceSummary.balance);
    const payment = (await call(`/ecom/v1/payments/orders/${id}`)).json.orderTransactions.payments[0];
    const refund = (c: number) =>
      call(`${PC}/${id}/trigger-refund`, {
        body: { payments: [{ paymentId: payment.id, amount: { amount: (c / 100).toFixed(2) } }] },
      });
    expect((await refund(100)).status).toBe(200);
    expect(cents((await getOrder(id)).balanceSummary.balance)).toBe(-(over - 100));
    expect((await refund(over - 100)).status).toBe(200);
    const settled = await getOrder(id);
    expect([settled.balanceSummary.balance.amount, settled.paymentStatus]).toEqual(['0.00', 'PARTIALLY_REFUNDED']);
    expect((await refund(100)).status).toBe(200); // more than the difference: still nothing left to pay
    expect((await getOrder(id)).balanceSummary.balance.amount).toBe('0.00');
  });

  it('refuses bad changes (unknown line, twice, empty, a price, every line removed) and a stale or refunded commit; delete leaves the order', async () => {
    const id = await place([{ productId: BLANKET, variantId: MOSS, quantity: 1 }]);
    const lineId = (await getOrder(id)).lineItems[0].id;
    const draft = await create(id);
    const update = (lineItemChanges: unknown[]) => call(`${D}/${draft.id}/line-items`, { body: { lineItemChanges } });
    const stranger = '11111111-1111-4111-8111-111111111111';
    expect(code(await update([{ lineItemId: stranger, newQuantity: 2 }]))).toBe('LINE_ITEM_DOES_NOT_EXIST');
    expect(
      code(
        await update([
          { lineItemId: lineId, newQuantity: 2 },
          { lineItemId: lineId, newQuantity: 3 },
        ]),
      ),
    ).toBe('MULTIPLE_CHANGES_FOR_SAME_LINE_ITEM');
    expect(code(await update([{ lineItemId: lineId }]))).toBe('EMPTY_CHANGE_REQUEST');
    const priced = await update([{ lineItemId: lineId, newPrice: '1.00' }]);
    expect([priced.status, priced.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'lineItemChanges[0].newPrice',
    ]);
    expect((await update([{ lineItemId: lineId, newQuantity: 0 }])).status).toBe(400); // the order's only line
    expect((await update([{ lineItemId: lineId, newQuantity: -1 }])).status).toBe(400);
    expect((await update([])).status).toBe(400);
    const forged = await call(`${D}/${draft.id}/line-items`, {
      body: { draftOrderId: stranger, lineItemChanges: [{ lineItemId: lineId, newQuantity: 2 }] },
    });
    expect(forged.status).toBe(400);
    expect(
      (
        await call(`${D}/${stranger}/line-items`, {
          body: { lineItemChanges: [{ lineItemId: lineId, newQuantity: 2 }] },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(`${D}/set-shipping-info`, { method: 'PUT', body: { draftOrderId: draft.id, shippingInfo: {} } }))
        .status,
    ).toBe(400);
    expect((await call(D, { body: { sourceOrderId: id, orderId: id } })).status).toBe(400);
    expect((await call(D, { body: { draftOrder: {} } })).status).toBe(400);
    expect((await call(D, { body: {} })).status).toBe(400);
    expect((await call(`${D}/${draft.id}`)).json.calculatedDraftOrder.draftOrder.priceSummary.total.amount).toBe(
      (await getOrder(id)).priceSummary.total.amount,
    );

    // more than is in stock: the commit fails its validations and changes nothing
    expect((await update([{ lineItemId: lineId, newQuantity: 99 }])).status).toBe(200);
    const stockBefore = stock();
    const short = await call(`${D}/${draft.id}/commit`, {
      body: { commitSettings: { updateInventory: [{ lineItemId: lineId }] } },
    });
    expect([short.status, code(short), short.json.details.applicationError.data.reason]).toEqual([
      428,
      'DRAFT_ORDER_COMMIT_FAILED_VALIDATIONS',
      'INSUFFICIENT_INVENTORY',
    ]);
    expect([stock(), (await getOrder(id)).lineItems[0].quantity]).toEqual([stockBefore, 1]);
    // the order changed meanwhile (another edit): the draft's line is stale
    const other = await call(`/ecom/v1/orders/${id}/commit-deltas`, {
      body: { changes: { lineItems: [{ lineItemId: lineId, lineItem: { quantity: 2 } }] } },
    });
    expect(other.status).toBe(200);
    const stale = await call(`${D}/${draft.id}/commit`, { body: {} });
    expect([stale.status, stale.json.details.applicationError.data.reason]).toEqual([428, 'LINE_ITEM_CHANGED']);
    expect((await getOrder(id)).lineItems[0].quantity).toBe(2);

    // deleted: gone, the order as it was
    expect((await call(`${D}/${draft.id}`, { method: 'DELETE' })).json).toEqual({});
    expect((await call(`${D}/${draft.id}`)).status).toBe(404);
    expect(drafts(id)).toBe(0);

    // refunded after its draft was made: the commit is refused
    const id2 = await place([{ productId: TAPERS, quantity: 2 }]);
    const d2 = await create(id2);
    const pay = (await call(`/ecom/v1/payments/orders/${id2}`)).json.orderTransactions.payments[0];
    await call(`${PC}/${id2}/trigger-refund`, {
      body: { payments: [{ paymentId: pay.id, amount: { amount: '1.00' } }] },
    });
    const late = await call(`${D}/${d2.id}/commit`, { body: {} });
    expect([late.status, late.json.details.applicationError.data.nonDraftableReasons]).toEqual([
      428,
      ['PARTIALLY_OR_FULLY_REFUNDED'],
    ]);
  });

  it('is admin-only: a visitor or member token is refused every draft call (403), and nothing is made', async () => {
    const id = await place([{ productId: TAPERS, quantity: 1 }]);
    const draft = await create(id);
    const visitor = (await visitorTokens(emu)).access;
    const member = (await memberTokens(emu)).access;
    for (const token of [visitor, member]) {
      const calls = [
        call(`${D}/${id}/draftability`, { token }),
        call(D, { token, body: { sourceOrderId: id } }),
        call(`${D}/${draft.id}/line-items`, { token, body: { lineItemChanges: [{ lineItemId: id, newQuantity: 2 }] } }),
        call(`${D}/set-shipping-info`, { token, method: 'PUT', body: { draftOrderId: draft.id, shippingInfo: {} } }),
        call(`${D}/set-billing-info`, { token, method: 'PUT', body: { draftOrderId: draft.id, billingInfo: {} } }),
        call(`${D}/${draft.id}`, { token }),
        call(`${D}/${draft.id}/commit`, { token, body: {} }),
        call(`${D}/${draft.id}`, { token, method: 'DELETE' }),
      ];
      expect((await Promise.all(calls)).map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    }
    expect(drafts(id)).toBe(1);
    expect((await call(`${D}/${draft.id}`)).json.calculatedDraftOrder.draftOrder.status).toBe('DRAFT');
  });
});
