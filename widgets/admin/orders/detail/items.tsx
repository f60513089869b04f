import type { I18n } from '../../../../core/i18n/index.ts';
import type { Order } from '../../../../core/api/orders.ts';
import { OrderView } from '../../../../ui/order-view.tsx';
import { buyer } from '../words.ts';
import type { T } from './bits.tsx';

/**
 * The order as the member sees it too (ui/order-view.tsx): its lines with thumbnails and line totals, subtotal,
 * discounts, shipping, tax and total, the shipping and billing addresses; the buyer beside them.
 */
export function Items({ o, i18n, t }: { o: Order; i18n: I18n; t: T }) {
  const who = buyer(o);
  return (
    <>
      <h4>{t('ao.lines')}</h4>
      <OrderView
        order={o}
        i18n={i18n}
        words={{
          qty: (n) => t('ao.qty', { n }),
          option: (name, value) => t('ao.option', { name, value }),
          subtotal: t('ao.subtotal'),
          discount: t('ao.discount'),
          shipping: t('ao.shipping'),
          tax: t('ao.tax'),
          total: t('ao.total'),
          shipTo: t('ao.shipTo'),
          billTo: t('ao.billTo'),
        }}
        more={
          who ? (
            <section>
              <h4>{t('ao.buyer')}</h4>
              <p class="addr">{who}</p>
            </section>
          ) : null
        }
      />
    </>
  );
}
