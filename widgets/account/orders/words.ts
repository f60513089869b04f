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

/**
 * Where the member's cancellation request stands: the last of the companion's `CANCELLATION_REQUESTED` /
 * `CANCELLATION_DECLINED` activities (docs/companion.md "Member orders"), none when never asked.
 */
const request = (o: Order) =>
  (o.activities ?? [])
    .map((a) => a.type)
    .filter((t) => t === 'CANCELLATION_REQUESTED' || t === 'CANCELLATION_DECLINED')
    .pop();
/** The member asked the shop to cancel it, and the shop has not declined. */
export const requested = (o: Order) => request(o) === 'CANCELLATION_REQUESTED';
/** The shop declined the member's request (the member may not ask again). */
export const declined = (o: Order) => request(o) === 'CANCELLATION_DECLINED';

/** "1 item", "3 items". */
export const count = (t: T, o: Order) => {
  const n = o.lineItems.reduce((s, l) => s + l.quantity, 0);
  return n === 1 ? t('acct.item') : t('acct.items', { n });
};
