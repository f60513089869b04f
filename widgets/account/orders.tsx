import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { httpUrl } from '../../core/safe-url.ts';
import type { I18n, Translator } from '../../core/i18n/index.ts';
import type { Fulfillment, Order } from '../../core/api/orders.ts';
import { createOrdersModel, lineName, ordersModelOf, type DetailUi, type OrdersModel } from './orders-model.ts';
import { orderStrings as strings } from './orders-strings.ts';
import { addressLines, Bones, Section, type SectionProps } from './section.tsx';

type T = Translator<keyof typeof strings>;
type Money = { amount: string; formattedAmount?: string } | undefined;

/** Money as the platform formatted it, else formatted here from its amount. */
const money = (i18n: I18n, m: Money, currency = 'USD') =>
  m ? (m.formattedAmount ?? i18n.money(m.amount, currency)) : '';

/** The order's state in words: canceled, else its payment and its fulfilment. */
export function statusWords(t: T, o: Order): string[] {
  if (o.status === 'CANCELED') return [t('st.CANCELED')];
  const has = (k: string) => k in strings;
  return [`pay.${o.paymentStatus}`, `ful.${o.fulfillmentStatus}`].filter(has).map((k) => t(k as keyof typeof strings));
}

/** What a member may still ask: cancel while nothing shipped, it is not canceled and nothing was refunded. */
export const cancelable = (o: Order) =>
  (o.status === 'APPROVED' || o.status === 'PENDING') &&
  o.fulfillmentStatus === 'NOT_FULFILLED' &&
  !/REFUNDED/.test(o.paymentStatus ?? '');

const requested = (o: Order) => !!o.activities?.some((a) => a.customActivity?.type === 'Cancellation requested');

/** The order's state as chips. */
const Chips = ({ t, o }: { t: T; o: Order }) => (
  <p class="chips">
    {statusWords(t, o).map((w) => (
      <span key={w} class="chip">
        {w}
      </span>
    ))}
  </p>
);

const count = (t: T, o: Order) => {
  const n = o.lineItems.reduce((s, l) => s + l.quantity, 0);
  return n === 1 ? t('acct.item') : t('acct.items', { n });
};

/** The member's orders (pages of 10, newest first) or, once one is opened, that order. */
export function OrdersSection({ context, emit, host, shopUrl, ids, visit }: SectionProps) {
  const model = ordersModelOf(host, visit, () => createOrdersModel(context, { emit }));
  return (
    <Section>
      <Orders model={model} context={context} shopUrl={shopUrl} ids={ids} />
    </Section>
  );
}

function Orders({
  context,
  model,
  shopUrl,
  ids,
}: Pick<SectionProps, 'context' | 'shopUrl' | 'ids'> & { model: OrdersModel }) {
  const i18n = context.i18n();
  const t = i18n.strings(strings);
  const ui = useStore(model.$orders);
  const detail = useStore(model.$detail);
  useEffect(() => {
    if (model.hasCompanion() && model.$orders.get().status === 'idle') void model.loadOrders();
  }, [model]);

  if (!model.hasCompanion()) return <p class="msg">{t('acct.noCompanion')}</p>;
  if (detail) return <OrderDetail model={model} d={detail} i18n={i18n} t={t} ids={ids} />;
  if (ui.status === 'idle' || ui.status === 'loading') return <Bones rows={3} />;
  if (ui.status === 'error')
    return (
      <div class="state" role="alert">
        <p class="err">{ui.error}</p>
        <button type="button" class="btn" onClick={() => void model.loadOrders()}>
          {t('acct.retry')}
        </button>
      </div>
    );
  if (!ui.orders.length) {
    const shop = httpUrl(shopUrl, location.href) ?? httpUrl('/', location.href);
    return (
      <div class="state empty">
        <p class="big">{t('acct.noOrders')}</p>
        <p class="muted">{t('acct.noOrdersHint')}</p>
        {shop ? (
          <a class="btn primary" href={shop} part="shop">
            {t('acct.shop')}
          </a>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <ul class="orders" part="orders">
        {ui.orders.map((o) => (
          <li key={o.id} class="card" part="order">
            <div class="row">
              <p class="num">{t('acct.order', { number: String(o.number) })}</p>
              <p class="amt">{money(i18n, o.priceSummary?.total, o.currency)}</p>
            </div>
            <p class="muted">
              {o.createdDate ? t('acct.placed', { date: i18n.date(o.createdDate) }) : null} · {count(t, o)}
            </p>
            <Chips t={t} o={o} />
            <div class="row">
              <span class="thumbs" aria-hidden="true">
                {o.lineItems.slice(0, 4).map((l) => {
                  const src = httpUrl(l.image?.url);
                  return src ? <img key={l.id} src={src} alt="" width={44} height={44} loading="lazy" /> : null;
                })}
              </span>
              <button
                type="button"
                class="btn"
                aria-label={t('acct.view', { number: String(o.number) })}
                onClick={() => void model.openOrder(o.id)}
              >
                {t('acct.details')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {ui.error ? (
        <p class="err" role="alert">
          {ui.error}
        </p>
      ) : null}
      {ui.next ? (
        <button type="button" class="btn wide" aria-busy={ui.more || undefined} onClick={() => void model.moreOrders()}>
          {ui.more ? t('acct.loading') : t('acct.more')}
        </button>
      ) : null}
    </>
  );
}

function OrderDetail({ model, d, i18n, t, ids }: { model: OrdersModel; d: DetailUi; i18n: I18n; t: T; ids: string }) {
  const head = useRef<HTMLHeadingElement>(null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [popup, setPopup] = useState(false);
  useEffect(() => head.current?.focus(), [d.id]);
  const back = (
    <button type="button" class="link back" onClick={() => model.closeOrder()}>
      {t('acct.back')}
    </button>
  );
  if (!d.order)
    return (
      <div>
        {back}
        {d.status === 'loading' ? (
          <Bones rows={4} />
        ) : (
          <div class="state" role="alert">
            <p class="err">{d.error}</p>
            <button type="button" class="btn" onClick={() => void model.openOrder(d.id)}>
              {t('acct.retry')}
            </button>
          </div>
        )}
      </div>
    );
  const o = d.order;
  const cur = o.currency;
  const p = o.priceSummary;
  const ship = o.shippingInfo?.logistics?.shippingDestination;
  const bill = o.billingInfo;
  const history = (o.activities ?? [])
    .map((a) => ({
      a,
      key: a.customActivity?.type === 'Cancellation requested' ? 'act.requested' : `act.${a.type}`,
    }))
    .filter((x) => x.key in strings);
  const tracking = (d.fulfillments ?? []).filter((f): f is Fulfillment & { trackingInfo: object } => !!f.trackingInfo);
  const again = d.again;
  const cancel = d.cancel;
  const paid = !/^(NOT_PAID|PENDING)$/.test(o.paymentStatus ?? '');
  const total = [
    ['acct.subtotal', p?.subtotal],
    ['acct.shipping', p?.shipping],
    ['acct.tax', p?.tax],
  ] as const;

  return (
    <article class="detail" part="order-detail" aria-labelledby={`${ids}o`}>
      {back}
      <h3 id={`${ids}o`} ref={head} tabIndex={-1} class="num">
        {t('acct.order', { number: String(o.number) })}
      </h3>
      <p class="muted">{o.createdDate ? t('acct.placed', { date: i18n.date(o.createdDate, 'long') }) : null}</p>
      <Chips t={t} o={o} />
      {d.error ? (
        <p class="err" role="alert">
          {d.error}
        </p>
      ) : null}
      <div class="actions">
        <button
          type="button"
          class="btn primary"
          aria-busy={again?.busy || undefined}
          onClick={() => void model.buyAgain(o)}
        >
          {again?.busy ? t('acct.adding') : t('acct.again')}
        </button>
        <button type="button" class="btn" onClick={() => setPopup(!printReceipt(o, d.fulfillments, i18n, t))}>
          {t('acct.receipt')}
        </button>
        {cancelable(o) && !cancel?.done && !requested(o) ? (
          <button type="button" class="btn" aria-expanded={asking} onClick={() => setAsking(!asking)}>
            {t('acct.cancel')}
          </button>
        ) : null}
      </div>
      <div aria-live="polite">
        {again?.added?.length ? <p class="ok">{t('acct.added', { items: again.added.join(', ') })}</p> : null}
        {again?.gone?.length ? (
          <p class="warn">
            {again.added?.length ? t('acct.gone', { items: again.gone.join(', ') }) : t('acct.noneAdded')}
          </p>
        ) : null}
        {cancel?.done ? <p class="ok">{t(cancel.done === 'CANCELED' ? 'acct.canceled' : 'acct.requested')}</p> : null}
        {!cancel?.done && requested(o) ? <p class="ok">{t('acct.requested')}</p> : null}
      </div>
      {again?.error ? (
        <p class="err" role="alert">
          {again.error}
        </p>
      ) : null}
      {popup ? (
        <p class="err" role="alert">
          {t('acct.popupBlocked')}
        </p>
      ) : null}
      {asking && !cancel?.done ? (
        <form
          class="confirm"
          part="cancel-form"
          aria-labelledby={`${ids}c`}
          onSubmit={(e) => {
            e.preventDefault();
            // what the field holds now (an event may come before the render that follows typing)
            const field = (e.currentTarget as HTMLFormElement).elements.namedItem('reason') as HTMLTextAreaElement;
            void model.cancel(o, field.value).then((ok) => ok && setAsking(false));
          }}
        >
          <p id={`${ids}c`} class="strong">
            {t('acct.cancelAsk', { number: String(o.number) })}
          </p>
          <p class="muted">{t(paid ? 'acct.cancelPaid' : 'acct.cancelUnpaid')}</p>
          <label for={`${ids}r`}>{t('acct.cancelReason')}</label>
          <textarea
            id={`${ids}r`}
            name="reason"
            maxLength={500}
            rows={2}
            value={reason}
            onInput={(e) => setReason((e.currentTarget as HTMLTextAreaElement).value)}
          />
          {cancel?.error ? (
            <p class="err" role="alert">
              {cancel.error}
            </p>
          ) : null}
          <div class="actions">
            <button type="submit" class="btn danger" aria-busy={cancel?.busy || undefined}>
              {cancel?.busy ? t('acct.canceling') : t(paid ? 'acct.cancelRequest' : 'acct.cancelConfirm')}
            </button>
            <button type="button" class="btn" onClick={() => setAsking(false)}>
              {t('acct.keep')}
            </button>
          </div>
        </form>
      ) : null}
      <ul class="lines" part="lines">
        {o.lineItems.map((l) => {
          const src = httpUrl(l.image?.url);
          const desc = (l.descriptionLines ?? [])
            .map((x) => [x.name?.original, x.plainText?.original ?? x.colorInfo?.original].filter(Boolean).join(': '))
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={l.id} class="line">
              {src ? <img src={src} alt="" width={64} height={64} loading="lazy" /> : <span class="noimg" />}
              <div class="grow">
                <p class="strong">{lineName(l)}</p>
                {desc ? <p class="muted">{desc}</p> : null}
                <p class="muted">{t('acct.qty', { n: l.quantity })}</p>
              </div>
              <p class="amt">{money(i18n, l.totalPriceBeforeTax ?? l.price, cur)}</p>
            </li>
          );
        })}
      </ul>
      <dl class="totals" part="totals">
        {total.map(([k, m]) =>
          m ? (
            <div key={k} class="row">
              <dt>{t(k)}</dt>
              <dd>{money(i18n, m, cur)}</dd>
            </div>
          ) : null,
        )}
        {p?.discount && Number(p.discount.amount) > 0 ? (
          <div class="row">
            <dt>
              {t('acct.discount')}
              {(o.appliedDiscounts ?? [])
                .map((x) => x.coupon?.code ?? x.discountRule?.name?.original)
                .filter(Boolean)
                .map((n) => ` (${n})`)}
            </dt>
            <dd>−{money(i18n, p.discount, cur)}</dd>
          </div>
        ) : null}
        <div class="row grand">
          <dt>{t('acct.total')}</dt>
          <dd>{money(i18n, p?.total, cur)}</dd>
        </div>
      </dl>
      <div class="cols">
        {(
          [
            ['acct.shipTo', ship],
            ['acct.billTo', bill],
          ] as const
        ).map(([title, to]) =>
          to?.address ? (
            <section key={title}>
              <h4>{t(title)}</h4>
              <p class="addr">
                {addressLines(i18n, to.address, to.contactDetails).map((x, i) => (
                  <span key={i}>{x}</span>
                ))}
              </p>
            </section>
          ) : null,
        )}
        {o.shippingInfo?.title ? (
          <section>
            <h4>{t('acct.method')}</h4>
            <p>
              {o.shippingInfo.title}
              {o.shippingInfo.logistics?.deliveryTime ? ` · ${o.shippingInfo.logistics.deliveryTime}` : ''}
            </p>
          </section>
        ) : null}
        {tracking.length ? (
          <section>
            <h4>{t('acct.tracking')}</h4>
            {tracking.map((f, i) => {
              const ti = f.trackingInfo as NonNullable<Fulfillment['trackingInfo']>;
              const text = t('acct.trackingNo', {
                provider: ti.shippingProvider ?? '',
                number: ti.trackingNumber ?? '',
              });
              const href = httpUrl(ti.trackingLink);
              return (
                <p key={f.id ?? i}>
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {text.trim()}
                    </a>
                  ) : (
                    text.trim()
                  )}
                </p>
              );
            })}
          </section>
        ) : null}
      </div>
      {history.length ? (
        <section>
          <h4>{t('acct.history')}</h4>
          <ol class="history" part="history">
            {history.map(({ a, key }, i) => (
              <li key={a.id ?? i}>
                <span>{t(key as keyof typeof strings)}</span>
                {a.createdDate ? <time dateTime={a.createdDate}>{i18n.date(a.createdDate)}</time> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </article>
  );
}

/**
 * The receipt in a window of its own, built node by node (no markup parsed), then the browser's print dialog.
 * Returns false when the browser blocked the window.
 */
export function printReceipt(o: Order, fulfillments: Fulfillment[] | undefined, i18n: I18n, t: T): boolean {
  const w = window.open('', '_blank');
  if (!w) return false;
  const doc = w.document;
  const el = (tag: string, text?: string, parent: HTMLElement = doc.body) => {
    const e = doc.createElement(tag);
    if (text !== undefined) e.textContent = text;
    parent.append(e);
    return e;
  };
  const title = t('acct.receiptTitle', { number: String(o.number) });
  doc.title = title;
  doc.documentElement.lang = i18n.locale;
  try {
    const sheet = new (w as unknown as typeof globalThis).CSSStyleSheet();
    sheet.replaceSync(
      'body{font:15px/1.5 system-ui,sans-serif;max-width:640px;margin:32px auto;padding:0 16px;color:#111}' +
        'table{width:100%;border-collapse:collapse}td,th{padding:6px 0;border-bottom:1px solid #ddd;text-align:start}' +
        'td:last-child,th:last-child{text-align:end}p{margin:4px 0}',
    );
    doc.adoptedStyleSheets = [sheet];
  } catch {
    /* unstyled, still readable */
  }
  el('h1', title);
  if (o.createdDate) el('p', t('acct.placed', { date: i18n.date(o.createdDate, 'long') }));
  el('p', statusWords(t, o).join(' · '));
  const table = el('table');
  for (const l of o.lineItems) {
    const tr = el('tr', undefined, table);
    el('td', `${lineName(l)} × ${l.quantity}`, tr);
    el('td', money(i18n, l.totalPriceBeforeTax ?? l.price, o.currency), tr);
  }
  const p = o.priceSummary;
  for (const [k, m] of [
    ['acct.subtotal', p?.subtotal],
    ['acct.shipping', p?.shipping],
    ['acct.tax', p?.tax],
    ['acct.discount', p?.discount && Number(p.discount.amount) > 0 ? p.discount : undefined],
    ['acct.total', p?.total],
  ] as const) {
    if (!m) continue;
    const tr = el('tr', undefined, table);
    el('th', t(k), tr);
    el('td', money(i18n, m, o.currency), tr);
  }
  const ship = o.shippingInfo?.logistics?.shippingDestination;
  if (ship?.address) {
    el('h2', t('acct.shipTo'));
    for (const line of addressLines(i18n, ship.address, ship.contactDetails)) el('p', line);
  }
  for (const f of fulfillments ?? []) {
    if (f.trackingInfo?.trackingNumber) el('p', `${t('acct.tracking')}: ${f.trackingInfo.trackingNumber}`);
  }
  w.focus();
  w.print();
  return true;
}
