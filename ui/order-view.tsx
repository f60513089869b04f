import type { ComponentChildren } from 'preact';
import { bidiSafe, type I18n } from '../core/i18n/index.ts';
import type { Order, OrderLine } from '../core/api/orders.ts';
import { httpUrl } from '../core/safe-url.ts';
import { addressLines } from './address.ts';
import { lineName, money } from './words.ts';

/** The order view's words, in the app's own strings. */
export interface OrderWords {
  /** A line's quantity (`l`: the line, for what else the app says of it: how many were refunded). */
  qty: (n: number, l: OrderLine) => string;
  /** An option of a line with its value ("Color: Forest"; French puts a space before the colon). */
  option: (name: string, value: string) => string;
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  /** A tip added at checkout (an additional fee with code `TIP`; other fees show the name the platform gives them). */
  tip: string;
  total: string;
  shipTo: string;
  billTo: string;
}

/**
 * One order as the member and the owner both see it (props only, no call): its lines with thumbnails (only http(s)
 * images) and line totals, then subtotal, discount (with its codes), shipping, tax and total, then the shipping and
 * billing addresses; `more` adds columns beside the addresses (shipping method, tracking). Parts `lines`, `totals`.
 */
export function OrderView({
  order: o,
  i18n,
  words: w,
  more,
  after,
  addresses = true,
}: {
  order: Order;
  i18n: I18n;
  words: OrderWords;
  more?: ComponentChildren;
  /** Rows after the total (the console's paid, refunded and net). */
  after?: ComponentChildren;
  /** False: no address columns (the console shows them in its side column). */
  addresses?: boolean;
}) {
  const cur = o.currency;
  const p = o.priceSummary;
  const ship = o.shippingInfo?.logistics?.shippingDestination;
  const bill = o.billingInfo;
  const codes = (o.appliedDiscounts ?? [])
    .map((x) => x.coupon?.code ?? x.discountRule?.name?.original)
    .filter(Boolean)
    .map((n) => ` (${bidiSafe(n!)})`);
  // the shipping option's name and the tax's region, when the order carries them
  const named = (label: string, name?: string) => (name ? `${label} (${bidiSafe(name)})` : label);
  const region = [o.taxInfo?.taxBreakdown?.[0]?.jurisdiction, o.taxSummary?.calculationDetails?.taxRegion].find(
    (x): x is string => typeof x === 'string',
  );
  const row = (k: string, label: ComponentChildren, value: string, cls = 'row') => (
    <div key={k} class={cls}>
      <dt>{label}</dt>
      <dd>
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
  return (
    <>
      <ul class="lines" part="lines">
        {o.lineItems.map((l) => {
          const src = httpUrl(l.image?.url);
          const desc = (l.descriptionLines ?? [])
            .map((x) => {
              const name = x.name?.original;
              const value = x.plainText?.original ?? x.colorInfo?.original;
              return name && value ? w.option(name, value) : (name ?? value);
            })
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={l.id} class="line">
              {src ? <img src={src} alt="" width={64} height={64} loading="lazy" /> : <span class="noimg" />}
              <div class="grow">
                <p class="strong">
                  <bdi>{lineName(l)}</bdi>
                </p>
                {desc ? (
                  <p class="muted">
                    <bdi>{desc}</bdi>
                  </p>
                ) : null}
                <p class="muted">
                  <bdi>{w.qty(l.quantity, l)}</bdi>
                </p>
              </div>
              <p class="amt">
                <bdi>{money(i18n, l.totalPriceBeforeTax ?? l.price, cur)}</bdi>
              </p>
            </li>
          );
        })}
      </ul>
      <dl class="totals" part="totals">
        {p?.subtotal ? row('s', w.subtotal, money(i18n, p.subtotal, cur)) : null}
        {p?.shipping ? row('h', named(w.shipping, o.shippingInfo?.title), money(i18n, p.shipping, cur)) : null}
        {p?.tax ? row('t', named(w.tax, region), money(i18n, p.tax, cur)) : null}
        {(o.additionalFees ?? []).map((f, i) =>
          f.price && Number(f.price.amount) > 0
            ? row(`f${i}`, f.code === 'TIP' ? w.tip : <bdi>{f.name ?? ''}</bdi>, money(i18n, f.price, cur))
            : null,
        )}
        {p?.discount && Number(p.discount.amount) > 0
          ? row(
              'd',
              <>
                {w.discount}
                {codes}
              </>,
              `−${money(i18n, p.discount, cur)}`,
            )
          : null}
        {row('g', w.total, money(i18n, p?.total, cur), 'row grand')}
        {after}
      </dl>
      {addresses ? (
        <div class="cols">
          {(
            [
              [w.shipTo, ship],
              [w.billTo, bill],
            ] as const
          ).map(([title, to]) =>
            to?.address ? (
              <section key={title}>
                <h4>{title}</h4>
                <p class="addr">
                  {addressLines(i18n, to.address, to.contactDetails).map((x, i) => (
                    <span key={i}>
                      <bdi>{x}</bdi>
                    </span>
                  ))}
                </p>
              </section>
            ) : null,
          )}
          {more}
        </div>
      ) : null}
    </>
  );
}
