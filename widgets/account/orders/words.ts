import type { Translator } from '../../../core/i18n/index.ts';
import type { Order } from '../../../core/api/orders.ts';
import { statusWords as words } from '../../../ui/words.ts';
import { orderStrings as strings } from './strings.ts';

export type T = Translator<keyof typeof strings>;

/** The order's state in words: canceled, else its payment and its fulfilment. */
export const statusWords = (t: T, o: Order): string[] =>
  words((k) => t(k as keyof typeof strings), o, strings, { canceledAlone: true });

/** What a member may still ask: cancel while nothing shipped, it is not canceled and nothing was refunded. */
export const cancelable = (o: Order) =>
  (o.status === 'APPROVED' || o.status === 'PENDING') &&
  o.fulfillmentStatus === 'NOT_FULFILLED' &&
  !/REFUNDED/.test(o.paymentStatus ?? '');

/** The member already asked the shop to cancel it. */
export const requested = (o: Order) => !!o.activities?.some((a) => a.customActivity?.type === 'Cancellation requested');

/** "1 item", "3 items". */
export const count = (t: T, o: Order) => {
  const n = o.lineItems.reduce((s, l) => s + l.quantity, 0);
  return n === 1 ? t('acct.item') : t('acct.items', { n });
};
