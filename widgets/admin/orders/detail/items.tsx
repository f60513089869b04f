import type { I18n } from '../../../../core/i18n/index.ts';
import type { Order, OrderMoney } from '../../../../core/api/orders.ts';
import type { RefundedLines } from '../../../../core/api/admin-orders.ts';
import { OrderView } from '../../../../ui/order-view.tsx';
import { money } from '../../../../ui/words.ts';
import type { T } from './bits.tsx';

/** `a − b` of two decimal strings, exactly (in thousandths: every currency has at most three decimals). */
const net = (a: string, b: string) => ((Math.round(Number(a) * 1000) - Math.round(Number(b) * 1000)) / 1000).toFixed(3);

/**
 * The order's lines and money (ui/order-view.tsx, as the member sees them too): each line with its thumbnail, options,
 * quantity ("2 of 3 refunded") and line total; subtotal, discounts (named), shipping (its option), tax (its region),
 * total; then what was paid, refunded and the net, as the platform's balance says. Nothing recomputed here.
 */
export function Items({ o, i18n, t, refunded }: { o: Order; i18n: I18n; t: T; refunded?: RefundedLines }) {
  const b = (o as OrderMoney).balanceSummary;
  const cur = o.currency;
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  const [paid, back] = [str(b?.paid?.amount), str(b?.refunded?.amount)];
  const units = (id: string) => {
    const n = refunded?.find((x) => x.lineItemId === id)?.quantity;
    return typeof n === 'number' ? n : 0;
  };
  const row = (k: string, label: string, value: string, cls = 'row') => (
    <div key={k} class={cls}>
      <dt>{label}</dt>
      <dd>
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
  return (
    <section class="card" part="items">
      <h4>{t('ao.lines')}</h4>
      <OrderView
        order={o}
        i18n={i18n}
        addresses={false}
        words={{
          qty: (n, l) => (units(l.id) ? t('ao.qtyRefunded', { n, r: units(l.id) }) : t('ao.qty', { n })),
          option: (name, value) => t('ao.option', { name, value }),
          subtotal: t('ao.subtotal'),
          discount: t('ao.discount'),
          shipping: t('ao.shipping'),
          tax: t('ao.tax'),
          tip: t('ao.tip'),
          total: t('ao.total'),
          shipTo: t('ao.shipTo'),
          billTo: t('ao.billTo'),
        }}
        after={
          paid ? (
            <>
              {row('p', t('ao.paid'), money(i18n, { amount: paid }, cur), 'row')}
              {Number(back) > 0 ? row('r', t('ao.refunded'), `−${money(i18n, { amount: back }, cur)}`) : null}
              {Number(back) > 0
                ? row('n', t('ao.net'), money(i18n, { amount: net(paid, back) }, cur), 'row grand')
                : null}
            </>
          ) : null
        }
      />
    </section>
  );
}
