import type { I18n } from '../../../core/i18n/index.ts';
import type { Order } from '../../../core/api/orders.ts';

// Words for the orders' states and facts, shared by the list (view.tsx) and an order's detail (detail/view.tsx).

/** A buyer's cancellation request on an order, as the companion records it (core/api/cancel-requests.ts). */
export { awaitsAnswer, cancelActivity, cancelRequestOf } from '../../../core/api/cancel-requests.ts';

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
type Held = { balanceSummary?: { authorized?: { amount?: unknown } } };
/**
 * The order's payment as the owner knows it: the platform's `paymentStatus`, except `AUTHORIZED` for a PENDING order
 * whose pending is an authorization (funds held, not captured: `balanceSummary.authorized` above zero; the order's
 * enum has no AUTHORIZED, its transactions do; docs/wire.md "i40-list").
 */
export const paymentOf = (o: Order): string => {
  const held = Number((o as Held).balanceSummary?.authorized?.amount ?? 0);
  return o.paymentStatus === 'PENDING' && held > 0 ? 'AUTHORIZED' : (o.paymentStatus ?? '');
};
/** The order's state in words: its status when not approved, its payment and its fulfilment. */
export const states = (t: Say, o: Order, known: object) =>
  [
    o.status && o.status !== 'APPROVED' ? word(t, `ao.st.${o.status}`, known) : '',
    word(t, `ao.pay.${paymentOf(o)}`, known),
    word(t, `ao.ful.${o.fulfillmentStatus}`, known),
  ].filter(Boolean);
/**
 * A status badge's tone (its colour; the words carry the meaning): `ok` green, `wait` amber, `part` orange, `bad` red,
 * none grey (refunded, unknown, a canceled fulfilment).
 */
export const TONES: Record<string, string> = {
  'pay.PAID': 'ok',
  'pay.AUTHORIZED': 'wait',
  'pay.PENDING': 'wait',
  'pay.PENDING_MERCHANT': 'wait',
  'pay.PARTIALLY_PAID': 'part',
  'pay.NOT_PAID': 'bad',
  'pay.CANCELED': 'bad',
  'pay.DECLINED': 'bad',
  'ful.FULFILLED': 'ok',
  'ful.NOT_FULFILLED': 'wait',
  'ful.PARTIALLY_FULFILLED': 'part',
  'st.PENDING': 'wait',
  'st.CANCELED': 'bad',
  'st.REJECTED': 'bad',
};
/** How many units the order holds (its lines' quantities). */
export const itemsOf = (o: Order) => o.lineItems.reduce((n, l) => n + (l.quantity || 0), 0);

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
