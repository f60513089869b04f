import { describe, expect, it } from 'vitest';
import { allocate, lineShares, refundSums } from './refund-calc.ts';

describe('refund calculation (core/api/refund-calc.ts)', () => {
  it('shares add up to the cent, the largest remainder first, ties to the earlier line', () => {
    expect(allocate(609, [6600, 1800])).toEqual([479, 130]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });

  it('a discount is shared first, the tax over what is left after it; a line’s own figures win', () => {
    // 2 × 30.00 and 1 × 40.00, 10.00 off, tax 9.00: discount 6.00 / 4.00; tax over 54.00 / 36.00 → 5.40 / 3.60
    const shared = lineShares(
      [
        { id: 'a', quantity: 2, unit: 3000 },
        { id: 'b', quantity: 1, unit: 4000 },
      ],
      1000,
      900,
    );
    expect(shared).toEqual([
      { id: 'a', quantity: 2, subtotal: 6000, discount: 600, tax: 540 },
      { id: 'b', quantity: 1, subtotal: 4000, discount: 400, tax: 360 },
    ]);
    const own = lineShares(
      [
        { id: 'a', quantity: 2, unit: 3000, discount: 0, tax: 100 },
        { id: 'b', quantity: 1, unit: 4000, discount: 1000, tax: 800 },
      ],
      1000,
      900,
    );
    expect(own.map((l) => [l.discount, l.tax])).toEqual([
      [0, 100],
      [1000, 800],
    ]);
    // one unit of a: 30.00 − 3.00 + 2.70; with 4.00 of shipping
    expect(refundSums(shared, {}, { a: 1 }, 400)).toEqual({
      subtotal: 3000,
      discount: 300,
      tax: 270,
      shipping: 400,
      total: 3370,
    });
  });

  it('a line refunded unit by unit gives back exactly its amount; more than its quantity counts only what is left', () => {
    const [l] = lineShares([{ id: 'a', quantity: 3, unit: 999 }], 100, 250);
    let sum = 0;
    for (let r = 0; r < 3; r++) sum += refundSums([l!], { a: r }, { a: 1 }).total;
    expect(sum).toBe(2997 - 100 + 250);
    expect(refundSums([l!], { a: 2 }, { a: 5 }).total).toBe(refundSums([l!], { a: 2 }, { a: 1 }).total);
    expect(refundSums([l!], {}, {}).total).toBe(0);
  });
});
