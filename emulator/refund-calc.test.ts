/**
 * What Trigger Refund gives back when the owner names lines and shipping (core/api/refund-calc.ts, docs/wire.md
 * "i40-detail"): each unit at its price plus its share of the order's tax (and less its share of the discount), the
 * shipping at most what is not refunded yet; refunded in steps, the order's total comes back to the cent; what each
 * refund recorded (`details.lineItems`, `items`, `shipping.amount`, `shippingIncluded`) and the order's balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIds, seedVariantId } from './seed.ts';
import { adminToken, api, placeOrderAs, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const P = seedIds.products;
const PC = '/ecom/v1/payments-collector/orders';
let emu: RunningEmulator;
let admin: string;

beforeAll(async () => {
  emu = await startTestEmulator({});
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

describe('a refund by lines and shipping', () => {
  it('taxes included, shipping capped at what is left, in three steps the order’s total to the cent', async () => {
    // 3 tapers at $22.00 and a $18.00 mug to California (7.25 %), express shipping $19.95: tax 7.25 % of 84.00 = 6.09
    const id = await placeOrderAs(
      emu,
      (await visitorTokens(emu)).access,
      [
        { productId: P['beeswax-taper-candles']!, quantity: 3 },
        {
          productId: P['enamel-camp-mug']!,
          variantId: seedVariantId('enamel-camp-mug', { Color: 'Forest' }),
          quantity: 1,
        },
      ],
      { subdivision: 'CA', city: 'Oakland', postalCode: '94601', shipping: 'express', email: 'calc@example.com' },
    );
    const order = async () => (await api(emu, `/ecom/v1/orders/${id}`, { token: admin })).json.order as Any;
    const o = await order();
    expect(o.priceSummary).toMatchObject({
      subtotal: { amount: '84.00' },
      shipping: { amount: '19.95' },
      tax: { amount: '6.09' },
      total: { amount: '110.04' },
    });
    const [tapers, mug] = o.lineItems as { id: string }[];
    const pay = (await api(emu, `/ecom/v1/payments/orders/${id}`, { token: admin })).json.orderTransactions.payments[0];
    const refund = (details: unknown) =>
      api(emu, `${PC}/${id}/trigger-refund`, { token: admin, body: { payments: [{ paymentId: pay.id }], details } });

    // the tax shared by amount: 609 × 66/84 = 478.5 and 609 × 18/84 = 130.5; the half cent to the first line → 479, 130
    // 1 taper: 22.00 + round(479 / 3) = 1.60 tax; with 5.00 of the shipping → 28.60
    const one = await refund({
      lineItems: [{ lineItemId: tapers!.id, quantity: 1 }],
      shipping: { amount: { amount: '5.00' } },
    });
    expect(one.status).toBe(200);
    const r1 = one.json.orderTransactions.refunds[0];
    expect(r1.transactions[0].amount.amount).toBe('28.60');
    expect(r1.details).toMatchObject({
      items: [{ lineItemId: tapers!.id, quantity: 1 }],
      lineItems: [{ lineItemId: tapers!.id, quantity: 1 }],
      shippingIncluded: true,
      shipping: { amount: { amount: '5.00' } },
    });
    expect((await order()).balanceSummary).toMatchObject({ refunded: { amount: '28.60' } });

    // more shipping than is left (19.95 − 5.00 = 14.95): refused on the field, nothing recorded
    const over = await refund({ shipping: { amount: { amount: '15.00' } } });
    expect([over.status, over.json.details.validationError.fieldViolations[0].field]).toEqual([
      400,
      'details.shipping.amount',
    ]);
    expect(over.json.details.validationError.fieldViolations[0].description).toContain('14.95');

    // the 2 other tapers: 44.00 + (479 − 160) = 47.19
    const two = await refund({ lineItems: [{ lineItemId: tapers!.id, quantity: 2 }] });
    expect(two.json.orderTransactions.refunds[1].transactions[0].amount.amount).toBe('47.19');
    expect(two.json.orderTransactions.refunds[1].details.shippingIncluded).toBe(false);
    // the mug and what is left of the shipping (shippingIncluded: all of it): 18.00 + 1.30 + 14.95 = 34.25
    const last = await refund({ lineItems: [{ lineItemId: mug!.id, quantity: 1 }], shippingIncluded: true });
    const r3 = last.json.orderTransactions.refunds[2];
    expect(r3.transactions[0].amount.amount).toBe('34.25');
    expect(r3.details.shipping).toEqual({ amount: expect.objectContaining({ amount: '14.95' }) });
    // 28.60 + 47.19 + 34.25 = 110.04: the whole order, nothing over, nothing under
    const after = await order();
    expect(after.paymentStatus).toBe('FULLY_REFUNDED');
    expect(after.balanceSummary).toMatchObject({ refunded: { amount: '110.04' } });
    expect(last.json.orderTransactions.payments[0].status).toBe('REFUNDED');
    // no shipping left to give back
    const none = await refund({ shippingIncluded: true });
    expect(none.status).toBeGreaterThanOrEqual(400);
  });
});
