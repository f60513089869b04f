import type { I18n } from '../../../../core/i18n/index.ts';
import type { Order, OrderAddress } from '../../../../core/api/orders.ts';
import { buyer, total } from '../words.ts';
import type { T } from './bits.tsx';

const address = (a?: OrderAddress) =>
  a
    ? [
        a.addressLine1 ?? a.addressLine,
        a.addressLine2,
        [a.postalCode, a.city].filter(Boolean).join(' '),
        a.subdivision,
        a.country,
      ]
        .filter(Boolean)
        .join(', ')
    : '';

/** The order's lines, its total, its buyer and addresses. */
export function Items({ o, i18n, t }: { o: Order; i18n: I18n; t: T }) {
  const ship = o.shippingInfo?.logistics?.shippingDestination?.address;
  const bill = o.billingInfo?.address;
  return (
    <>
      <h4>{t('ao.lines')}</h4>
      <ul class="list">
        {o.lineItems.map((l) => (
          <li key={l.id} class="line">
            <span>{l.productName?.translated ?? l.productName?.original}</span>
            <span class="muted">{t('ao.qty', { n: l.quantity })}</span>
            <span>{l.price ? i18n.money(l.price.amount, o.currency ?? 'USD') : ''}</span>
          </li>
        ))}
      </ul>
      <p class="strong">
        {t('ao.total')}: {total(i18n, o)}
      </p>
      <dl class="facts">
        {(
          [
            ['ao.buyer', buyer(o)],
            ['ao.shipTo', address(ship)],
            ['ao.billTo', address(bill)],
          ] as const
        ).map(([k, v]) =>
          v ? (
            <div key={k}>
              <dt>{t(k)}</dt>
              <dd>{v}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </>
  );
}
