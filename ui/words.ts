import type { I18n } from '../core/i18n/index.ts';
import type { Order, OrderLine } from '../core/api/orders.ts';

/** An amount as the platform sends it. */
export type Money = { amount: string; formattedAmount?: string } | undefined;

/**
 * An amount in the order's currency for the page's locale: core's `i18n.money`, the one way every widget writes money
 * (never the platform's `formattedAmount`, which is in the site's locale, not the page's); '' without one.
 */
export const money = (i18n: I18n, m: Money, currency?: string) => (m ? i18n.money(m.amount, currency ?? 'USD') : '');

/** A line's product name (translated when the platform has it). */
export const lineName = (l: OrderLine) => l.productName?.translated ?? l.productName?.original ?? '';

/**
 * An order's state in words, through the caller's translator: `${prefix}st.<status>`, `${prefix}pay.<payment>`,
 * `${prefix}ful.<fulfilment>`, each only when `known` (the caller's dictionary) has the key, never the raw enum.
 * `canceledAlone`: a canceled order says only that (the member's words); else a status other than APPROVED comes
 * first (the owner's).
 */
export function statusWords(
  say: (key: string) => string,
  o: Order,
  known: object,
  { prefix = '', canceledAlone = false }: { prefix?: string; canceledAlone?: boolean } = {},
): string[] {
  const has = (k: string) => k in known;
  if (canceledAlone && o.status === 'CANCELED') return [`${prefix}st.CANCELED`].filter(has).map(say);
  return [
    !canceledAlone && o.status && o.status !== 'APPROVED' ? `${prefix}st.${o.status}` : '',
    `${prefix}pay.${o.paymentStatus}`,
    `${prefix}ful.${o.fulfillmentStatus}`,
  ]
    .filter(has)
    .map(say);
}
