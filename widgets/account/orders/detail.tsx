import { useEffect, useRef, useState } from 'react';
import type { I18n } from '../../../core/i18n/index.ts';
import type { Order } from '../../../core/api/orders.ts';
import { OrderView } from '../../../ui/order-view.tsx';
import { Bones, ErrorLine } from '../../../ui/states.tsx';
import { ErrorState } from '../../../ui/part-states.tsx';
import { money } from '../../../ui/words.ts';
import type { DetailUi, OrdersModel } from './model.ts';
import { CancelForm } from './cancel.tsx';
import { History, Shipping } from './facts.tsx';
import { printReceipt } from './receipt.ts';
import { cancelable, declined, requested, statusWords, type T } from './words.ts';

/** The order's state as chips. */
export const Chips = ({ t, o }: { t: T; o: Order }) => (
  <p class="chips">
    {statusWords(t, o).map((w) => (
      <span key={w} class="chip">
        {w}
      </span>
    ))}
  </p>
);

/** One order: back to the list, its state, buy again, the receipt, cancel; its lines, totals, addresses, history. */
export function OrderDetail({
  model,
  d,
  i18n,
  t,
  ids,
}: {
  model: OrdersModel;
  d: DetailUi;
  i18n: I18n;
  t: T;
  ids: string;
}) {
  const head = useRef<HTMLHeadingElement>(null);
  const [asking, setAsking] = useState(false);
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
          <ErrorState error={d.error} retry={() => void model.openOrder(d.id)} label={t('acct.retry')} />
        )}
      </div>
    );
  const o = d.order;
  const again = d.again;
  const cancel = d.cancel;
  return (
    <article class="detail" part="order-detail" aria-labelledby={`${ids}o`}>
      {back}
      <h3 id={`${ids}o`} ref={head} tabIndex={-1} class="num">
        <bdi>{t('acct.order', { number: String(o.number) })}</bdi>
      </h3>
      <p class="muted">
        <bdi>{o.createdDate ? t('acct.placed', { date: i18n.date(o.createdDate, 'long') }) : null}</bdi>
      </p>
      <Chips t={t} o={o} />
      {Number(o.balanceSummary?.refunded?.amount) > 0 ? (
        <p class="strong" part="refunded">
          <bdi>{t('acct.refunded', { amount: money(i18n, o.balanceSummary!.refunded, o.currency) })}</bdi>
        </p>
      ) : null}
      <ErrorLine error={d.error} />
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
        {cancelable(o) && !cancel?.done && !requested(o) && !declined(o) ? (
          <button type="button" class="btn" aria-expanded={asking} onClick={() => setAsking(!asking)}>
            {t('acct.cancel')}
          </button>
        ) : null}
      </div>
      <div aria-live="polite">
        {again?.added?.length ? (
          <p class="ok">
            <bdi>{t('acct.added', { items: again.added.join(', ') })}</bdi>
          </p>
        ) : null}
        {again?.gone?.length ? (
          <p class="warn">
            <bdi>{again.added?.length ? t('acct.gone', { items: again.gone.join(', ') }) : t('acct.noneAdded')}</bdi>
          </p>
        ) : null}
        {cancel?.done ? <p class="ok">{t(cancel.done === 'CANCELED' ? 'acct.canceled' : 'acct.requested')}</p> : null}
        {!cancel?.done && requested(o) ? <p class="ok">{t('acct.requested')}</p> : null}
        {!cancel?.done && declined(o) && o.status !== 'CANCELED' ? (
          <p class="warn" part="request-declined">
            {t('acct.declined')}
          </p>
        ) : null}
      </div>
      <ErrorLine error={again?.error} />
      <ErrorLine error={popup && t('acct.popupBlocked')} />
      {asking && !cancel?.done ? (
        <CancelForm model={model} o={o} d={d} t={t} ids={ids} close={() => setAsking(false)} />
      ) : null}
      <OrderView
        order={o}
        i18n={i18n}
        words={{
          qty: (n, l) =>
            d.refunded?.[l.id] ? t('acct.qtyRefunded', { n, r: d.refunded[l.id]! }) : t('acct.qty', { n }),
          option: (name, value) => t('acct.option', { name, value }),
          subtotal: t('acct.subtotal'),
          discount: t('acct.discount'),
          shipping: t('acct.shipping'),
          tax: t('acct.tax'),
          tip: t('acct.tip'),
          total: t('acct.total'),
          shipTo: t('acct.shipTo'),
          billTo: t('acct.billTo'),
        }}
        more={<Shipping o={o} fulfillments={d.fulfillments} t={t} />}
      />
      <History o={o} i18n={i18n} t={t} />
    </article>
  );
}
