import type { I18n } from '../../../../core/i18n/index.ts';
import type { Order } from '../../../../core/api/orders.ts';
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
export function Items({ o, i18n, t, refunded }: { o: Order; i18n: I18n; t: T; refunded?: Record<string, number> }) {
  const b = o.balanceSummary;
  const cur = o.currency;
  const back = Number(b?.refunded?.amount) > 0;
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
          qty: (n, l) => (refunded?.[l.id] ? t('ao.qtyRefunded', { n, r: refunded[l.id]! }) : t('ao.qty', { n })),
          option: (name, value) => t('ao.option', { name, value }),
          subtotal: t('ao.subtotal'),
          discount: t('ao.discount'),
          shipping: t('ao.shipping'),
          tax: t('ao.tax'),
          total: t('ao.total'),
          shipTo: t('ao.shipTo'),
          billTo: t('ao.billTo'),
        }}
        after={
          b?.paid ? (
            <>
              {row('p', t('ao.paid'), money(i18n, b.paid, cur), 'row paid')}
              {back ? row('r', t('ao.refunded'), `−${money(i18n, b.refunded, cur)}`) : null}
              {back
                ? row(
                    'n',
                    t('ao.net'),
                    money(i18n, { amount: net(b.paid.amount, b.refunded!.amount) }, cur),
                    'row grand',
                  )
                : null}
            </>
          ) : null
        }
      />
    </section>
  );
}
