import type { I18n } from '../../../../core/i18n/index.ts';
import type { Order } from '../../../../core/api/orders.ts';
import { addressLines } from '../../../../ui/address.ts';
import type { T } from './bits.tsx';

/**
 * The detail's side column's facts: the customer (name, email, member or guest), the shipping address with its
 * option, the billing address. Every value in its own run.
 */
export function Customer({ o, i18n, t }: { o: Order; i18n: I18n; t: T }) {
  const ship = o.shippingInfo?.logistics?.shippingDestination;
  const bill = o.billingInfo;
  const c = bill?.contactDetails ?? ship?.contactDetails;
  const name = [c?.firstName, c?.lastName].filter(Boolean).join(' ');
  const email = o.buyerInfo?.email;
  const method = o.shippingInfo?.title;
  const lines = (to: typeof ship) =>
    addressLines(i18n, to?.address, to?.contactDetails).map((x, i) => (
      <span key={i}>
        <bdi>{x}</bdi>
      </span>
    ));
  return (
    <>
      <section class="card" part="customer">
        <h4>{t('ao.customer')}</h4>
        {name ? (
          <p class="strong">
            <bdi>{name}</bdi>
          </p>
        ) : null}
        {email ? (
          <p class="buyer">
            <bdi>{email}</bdi>
          </p>
        ) : null}
        <p class="muted" part="member">
          {t((o.buyerInfo as { memberId?: unknown } | undefined)?.memberId ? 'ao.member' : 'ao.guest')}
        </p>
      </section>
      {ship?.address || method ? (
        <section class="card" part="ship-to">
          <h4>{t('ao.shipTo')}</h4>
          <p class="addr">{lines(ship)}</p>
          {method ? (
            <p class="muted">
              <bdi>{method}</bdi>
            </p>
          ) : null}
        </section>
      ) : null}
      {bill?.address ? (
        <section class="card" part="bill-to">
          <h4>{t('ao.billTo')}</h4>
          <p class="addr">{lines(bill)}</p>
        </section>
      ) : null}
    </>
  );
}
