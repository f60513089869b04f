import type { I18n } from '../../../core/i18n/index.ts';
import type { Order } from '../../../core/api/orders.ts';

// Words for the orders' states and facts, shared by the list (view.tsx) and an order's detail (detail/view.tsx).

/** A buyer's cancellation request on an order, as the companion records it (core/api/cancel-requests.ts). */
export { awaitsAnswer, cancelActivity } from '../../../core/api/cancel-requests.ts';

/** A translator for any of the section's keys (the caller's own, by name). */
export type Say = (key: string) => string;
/** A status in words; a value the strings do not know is left out (never the raw enum). */
export const word = (t: Say, key: string, known: object) => (key in known ? t(key) : '');
export const total = (i18n: I18n, o: Order) => {
  const m = o.priceSummary?.total;
  return m ? i18n.money(m.amount, o.currency ?? 'USD') : '';
};
export const buyer = (o: Order) => {
  const c = o.billingInfo?.contactDetails;
  return [[c?.firstName, c?.lastName].filter(Boolean).join(' '), o.buyerInfo?.email].filter(Boolean).join(' · ');
};
/** The order's state in words: its status when not approved, its payment and its fulfilment. */
export const states = (t: Say, o: Order, known: object) =>
  [
    o.status && o.status !== 'APPROVED' ? word(t, `ao.st.${o.status}`, known) : '',
    word(t, `ao.pay.${o.paymentStatus}`, known),
    word(t, `ao.ful.${o.fulfillmentStatus}`, known),
  ].filter(Boolean);

type Tagged = { tags?: { privateTags?: { tagIds?: unknown } } };
/** The order's private tags (the owner's; the platform's `tags.privateTags.tagIds`), only strings. */
export const tagsOf = (o: Order): string[] => {
  const ids = (o as Tagged).tags?.privateTags?.tagIds;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
};
/** `o` with `add` assigned and `drop` removed, as the platform does it (no duplicates; other tag kinds kept). */
export const withTags = (o: Order, add: string[], drop: string[]): Order => {
  const now = tagsOf(o).filter((t) => !drop.includes(t));
  const tags = (o as Tagged).tags ?? {};
  return {
    ...o,
    tags: { ...tags, privateTags: { tagIds: [...now, ...add.filter((t) => !now.includes(t))] } },
  } as Order;
};
