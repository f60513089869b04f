/**
 * What a refund of some units of an order's lines (and some of its shipping) gives back, in minor units: the lines'
 * price less their share of the order's discount, plus their share of its tax. The platform's generated clients have
 * no public "calculate refund" call (the orders SDK carries only `CalculateRefundRequest/Response` types), so the
 * emulator's Trigger Refund and the console's live summary both compute it here, from the order's own figures:
 * a line's `totalDiscount` and `taxInfo.taxAmount` where the order carries them, else the order's `priceSummary`
 * discount and tax shared over its lines by their amounts (largest remainder, so the shares add up to the cent).
 * Units are priced cumulatively (units r+1…r+q of a line cost share(r+q) − share(r)), so refunding a line in any
 * number of steps gives back exactly its amount, never a cent more or less. docs/wire.md "i40-detail".
 */

/** One line of the order, as the refund needs it (minor units). */
export interface RefundLine {
  id: string;
  quantity: number;
  /** Unit price. */
  unit: number;
  /** The line's own discount and tax, when the order carries them (else shared from the order's). */
  discount?: number | undefined;
  tax?: number | undefined;
}

/** A line's whole amounts: price × quantity, its discount, its tax. */
export interface LineShare {
  id: string;
  quantity: number;
  subtotal: number;
  discount: number;
  tax: number;
}

/** `total` shared over `weights` in whole units, largest remainder first (ties: the earlier line). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!(sum > 0) || !(total > 0)) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const rank = raw.map((r, i) => [r - out[i]!, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of rank) {
    if (left <= 0) break;
    out[i]!++;
    left--;
  }
  return out;
}

/** Each line's whole amounts, its discount and tax its own or its share of the order's (`discount`, `tax`). */
export function lineShares(lines: readonly RefundLine[], discount: number, tax: number): LineShare[] {
  const subtotals = lines.map((l) => l.unit * l.quantity);
  const own = (k: 'discount' | 'tax') => lines.every((l) => l[k] !== undefined);
  const discounts = own('discount') ? lines.map((l) => l.discount!) : allocate(discount, subtotals);
  const taxes = own('tax')
    ? lines.map((l) => l.tax!)
    : allocate(
        tax,
        subtotals.map((s, i) => Math.max(0, s - discounts[i]!)),
      );
  return lines.map((l, i) => ({
    id: l.id,
    quantity: l.quantity,
    subtotal: subtotals[i]!,
    discount: discounts[i]!,
    tax: taxes[i]!,
  }));
}

/** What a refund gives back, by part; `total` is their sum (items − discount + tax + shipping). */
export interface RefundSums {
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
}

/**
 * The refund of `items` (line id → units) after `refunded` (line id → units refunded already), plus `shipping`:
 * each part of a line priced cumulatively over its units.
 */
export function refundSums(
  shares: readonly LineShare[],
  refunded: Readonly<Record<string, number>>,
  items: Readonly<Record<string, number>>,
  shipping = 0,
): RefundSums {
  const s = { subtotal: 0, discount: 0, tax: 0, shipping, total: 0 };
  for (const l of shares) {
    const q = items[l.id] ?? 0;
    if (!(q > 0) || !l.quantity) continue;
    const r = refunded[l.id] ?? 0;
    const part = (whole: number) =>
      Math.round((whole * Math.min(r + q, l.quantity)) / l.quantity) - Math.round((whole * r) / l.quantity);
    s.subtotal += part(l.subtotal);
    s.discount += part(l.discount);
    s.tax += part(l.tax);
  }
  s.total = s.subtotal - s.discount + s.tax + s.shipping;
  return s;
}
