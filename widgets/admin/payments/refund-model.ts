/**
 * The refund form's calculation (core/api/refund-calc.ts, the one the platform's emulator runs too: docs/wire.md
 * "i40-detail"), for the form's view, which calls nothing itself. Loads with the forms' chunk.
 */
import { lineShares } from '../../../core/api/refund-calc.ts';
import type { PaymentsView, RefundBody } from '../../../core/api/admin-payments.ts';
import { decimal, minor } from './model.ts';

export { lineShares, refundSums } from '../../../core/api/refund-calc.ts';

/** The reasons offered (the platform's `reason` is free text: the owner's words for the one chosen, then the details). */
export const REASONS = ['RETURNED', 'DAMAGED', 'CHANGED_MIND', 'OTHER'] as const;

/** An amount of the order's in minor units (0 when absent or unreadable). */
export const minorOf = (x: { amount?: string } | undefined, digits: number) => minor(x?.amount ?? '0', digits) || 0;

/** What the order offers a refund: line shares, what is refunded per line, the lines left, the shipping left, whom to email. */
export function refundBasis(v: PaymentsView, digits: number) {
  const o = v.order;
  const m$ = (x: { amount?: string } | undefined) => minorOf(x, digits);
  const shares = lineShares(
    o.lineItems.map((l) => ({
      id: l.id,
      quantity: l.quantity,
      unit: m$(l.price),
      discount: l.totalDiscount ? m$(l.totalDiscount) : undefined,
      tax: l.taxAmount ? m$(l.taxAmount) : undefined,
    })),
    m$(o.priceSummary?.discount),
    m$(o.priceSummary?.tax),
  );
  const refunded = Object.fromEntries(o.lineItems.map((l) => [l.id, l.refundedQuantity ?? 0]));
  const lines = o.lineItems
    .map((l) => ({ ...l, max: l.quantity - (l.refundedQuantity ?? 0) }))
    .filter((l) => l.max > 0);
  // the shipping not refunded yet: the order's, less what refunds that did not fail gave back of it
  const shipAll = m$(o.priceSummary?.shipping);
  const shipLeft = Math.max(
    0,
    v.refunds.reduce(
      (n, r) =>
        r.transactions?.some((x) => x.refundStatus !== 'FAILED')
          ? n - (r.details?.shipping ? m$(r.details.shipping.amount) : r.details?.shippingIncluded ? shipAll : 0)
          : n,
      shipAll,
    ),
  );
  // nothing of the order is out of stock any more: there is nothing to offer
  const allBack = o.lineItems.every((l) => (l.restockedQuantity ?? 0) >= l.quantity);
  // no buyer email on the order: nobody to email
  const to = o.buyerEmail ?? '';
  return { shares, refunded, lines, shipLeft, allBack, to };
}

export type RefundLine = ReturnType<typeof refundBasis>['lines'][number];
export interface Picked {
  lineItemId: string;
  quantity: number;
}

/** The lines picked, each up to what is not refunded yet. */
export const pickedOf = (lines: RefundLine[], qty: Record<string, number>): Picked[] =>
  lines.map((l) => ({ lineItemId: l.id, quantity: Math.min(qty[l.id] ?? 0, l.max) })).filter((x) => x.quantity > 0);

/** A unit comes back in stock once: what a refund may put back is what is not back yet (a cancel, an earlier refund). */
export const backableOf = (lines: RefundLine[], picked: Picked[]): Picked[] =>
  picked
    .map((x) => {
      const l = lines.find((y) => y.id === x.lineItemId);
      const out = l ? l.quantity - (l.restockedQuantity ?? 0) : 0;
      return { lineItemId: x.lineItemId, quantity: Math.max(0, Math.min(x.quantity, out)) };
    })
    .filter((x) => x.quantity > 0);

/** The platform's free-text reason: the owner's words for the one chosen, then the details. */
export const reasonOf = (why: string, words: string, note: string) =>
  [why && words, note.trim()].filter(Boolean).join(' — ').slice(0, 200);

/** The refund's body (the amount sent only when it is not what the platform computes from the lines and shipping). */
export function refundBody(f: {
  paymentId: string;
  digits: number;
  units: number;
  own: boolean;
  external: boolean;
  picked: Picked[];
  shipping: number;
  reason: string;
  items: number;
  backable: Picked[];
  emailed: boolean;
  msg: string;
}) {
  const { picked, shipping, digits } = f;
  return {
    paymentId: f.paymentId,
    ...(f.own || (!picked.length && !shipping) ? { amount: decimal(f.units, digits) } : {}),
    ...(f.external ? { externalRefund: true } : {}),
    ...(picked.length ? { lineItems: picked } : {}),
    ...(shipping ? { shippingAmount: decimal(shipping, digits) } : {}),
    ...(f.reason ? { reason: f.reason } : {}),
    restock: f.items ? { type: 'SOME_ITEMS' as const, items: f.backable } : { type: 'NO_ITEMS' as const },
    sendEmail: f.emailed,
    ...(f.emailed && f.msg ? { customMessage: f.msg } : {}),
  } satisfies RefundBody;
}
