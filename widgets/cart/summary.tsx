import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CartDiscount, CartLine } from '../../core/api/current-cart.ts';
import { availabilityKey, type CartModel, type T } from './model.ts';

/** The drawer's foot: coupon, totals (estimated by the platform) and the checkout button. */
export function Summary(p: {
  t: T;
  model: CartModel;
  busy: boolean;
  revision: string;
  lines: CartLine[];
  coupon?: string;
  thankYouUrl?: string;
}) {
  const { t } = p;
  const amount = p.model.money;
  const m = useMemo(() => p.model.summary(), []);
  const totals = useStore(m.$totals);
  const coupon = useStore(m.$coupon);
  const checkout = useStore(m.$checkout);
  const [code, setCode] = useState('');
  const id = useId();

  useEffect(m.estimate, [p.revision, p.busy]);

  const s = totals.data?.priceSummary;
  const discounts = (totals.data?.appliedDiscounts ?? []).filter(
    (d: CartDiscount) => d.coupon ?? d.discountRule ?? d.merchantDiscount,
  );
  const blocked = p.lines.some((l) => availabilityKey(l));
  return (
    <div class="foot">
      {p.coupon ? (
        <p class="coupon-on">
          <bdi>{t('cart.applied', { code: p.coupon })}</bdi>{' '}
          <button type="button" class="link" onClick={() => void m.removeCoupon()}>
            {t('cart.removeCoupon')}
          </button>
        </p>
      ) : (
        <form
          class="coupon"
          part="coupon"
          onSubmit={(e) => {
            e.preventDefault();
            void m.applyCoupon(code).then((ok) => ok && setCode(''));
          }}
          noValidate
        >
          <label for={`${id}-c`}>{t('cart.coupon')}</label>
          <div class="row">
            <input
              id={`${id}-c`}
              value={code}
              autocomplete="off"
              autoCapitalize="characters"
              spellcheck={false}
              aria-invalid={!!coupon.error}
              aria-describedby={coupon.error ? `${id}-ce` : undefined}
              onInput={(e) => setCode((e.target as HTMLInputElement).value)}
            />
            <button type="submit" class="secondary" aria-busy={!!coupon.busy} disabled={coupon.busy}>
              {t('cart.apply')}
            </button>
          </div>
        </form>
      )}
      {coupon.error && (
        <p class="err" id={`${id}-ce`} role="alert">
          {coupon.error}
        </p>
      )}
      {totals.error && !s ? (
        <p class="err" role="alert">
          {t('cart.totalsFailed')}{' '}
          <button type="button" class="link" onClick={() => void m.estimate()}>
            {t('action.retry')}
          </button>
        </p>
      ) : (
        <dl class="totals" part="totals" aria-busy={!s || p.busy}>
          <dt>{t('cart.subtotal')}</dt>
          <dd>
            <bdi>{amount(s?.subtotal) || '…'}</bdi>
          </dd>
          {discounts.map((d, i) => {
            const x = d.coupon ?? d.discountRule ?? d.merchantDiscount;
            const label = d.coupon
              ? d.coupon.code
              : (d.discountRule?.name?.translated ?? d.discountRule?.name?.original ?? t('cart.discount'));
            return [
              <dt key={`t${i}`}>
                <bdi>{label}</bdi>
              </dt>,
              <dd key={`d${i}`}>
                <bdi>−{amount(x?.amount)}</bdi>
              </dd>,
            ];
          })}
          <dt>{t('cart.shipping')}</dt>
          <dd>
            <bdi>{s?.shipping ? (Number(s.shipping.amount) ? amount(s.shipping) : t('cart.free')) : '…'}</bdi>
          </dd>
          <dt>{t('cart.tax')}</dt>
          <dd>
            <bdi>{amount(s?.tax) || '…'}</bdi>
          </dd>
          <dt class="total">{t('cart.total')}</dt>
          <dd class="total">
            <bdi>{amount(s?.total) || '…'}</bdi>
          </dd>
        </dl>
      )}
      {blocked && <p class="err">{t('cart.fixLines')}</p>}
      {checkout.error && (
        <p class="err" role="alert">
          {checkout.error}
        </p>
      )}
      <button
        type="button"
        class="primary"
        part="checkout"
        disabled={blocked || p.busy || checkout.busy}
        aria-busy={!!checkout.busy}
        onClick={() => void m.checkout(p.thankYouUrl)}
      >
        {checkout.busy ? t('cart.checkingOut') : t('cart.checkout')}
      </button>
    </div>
  );
}
