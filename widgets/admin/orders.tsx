import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../core/element.ts';
import type { I18n, Translator } from '../../core/i18n/index.ts';
import type { Order, OrderAddress } from '../../core/api/orders.ts';
import type { ConsoleSectionProps } from './section.ts';
import {
  createAdminOrdersModel,
  FULFILLMENT_STATUSES,
  NO_FILTERS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PERIODS,
  SORTS,
  type AdminOrdersModel,
  type DetailUi,
  type Filters,
} from './orders-model.ts';
import { ordersStrings } from './orders-strings.ts';
import { ordersCss } from './orders-styles.ts';

type K = keyof typeof ordersStrings;
type T = Translator<K>;
/** A status in words (a value the strings do not know: the generic word, never the raw enum). */
const word = (t: T, prefix: string, v: string | undefined, other: K = 'o.act.other') =>
  t(`${prefix}${v}` in ordersStrings ? (`${prefix}${v}` as K) : other);
const total = (i18n: I18n, o: Order) => {
  const m = o.priceSummary?.total;
  return m ? i18n.money(m.amount, o.currency ?? 'USD') : '';
};
const buyer = (o: Order) => {
  const c = o.billingInfo?.contactDetails;
  return [[c?.firstName, c?.lastName].filter(Boolean).join(' '), o.buyerInfo?.email].filter(Boolean).join(' · ');
};
/** The order's state in words: its status when not approved, its payment and its fulfilment. */
const states = (t: T, o: Order) =>
  [
    o.status && o.status !== 'APPROVED' ? word(t, 'o.st.', o.status) : '',
    o.paymentStatus ? word(t, 'o.pay.', o.paymentStatus) : '',
    o.fulfillmentStatus ? word(t, 'o.ful.', o.fulfillmentStatus) : '',
  ].filter(Boolean);

/**
 * The shop's orders: a summary over a period, then the orders found with the filters and sort (kept in the page's
 * URL), 25 at a time, each opening its detail.
 */
export function AdminOrders({ context, ids }: ConsoleSectionProps) {
  const i18n = context.i18n();
  const t: T = i18n.strings(ordersStrings);
  const model = useMemo(() => createAdminOrdersModel(context), []);
  const detail = useStore(model.$detail);
  useEffect(() => {
    void model.load();
    void model.summary(model.$summary.get().days);
  }, [model]);
  return (
    <div class="orders" ref={(n) => adoptSheet(n, ordersCss)}>
      {detail ? (
        <Detail model={model} d={detail} i18n={i18n} t={t} ids={ids} />
      ) : (
        <>
          <Summary model={model} i18n={i18n} t={t} ids={ids} />
          <List model={model} i18n={i18n} t={t} ids={ids} />
        </>
      )}
    </div>
  );
}

interface Parts {
  model: AdminOrdersModel;
  i18n: I18n;
  t: T;
  ids: string;
}

function Summary({ model, i18n, t, ids }: Parts) {
  const s = useStore(model.$summary);
  const d = s.data;
  const cash = (v: string) => (d?.currency ? i18n.money(v, d.currency) : i18n.number(Number(v)));
  return (
    <section class="card" part="summary" aria-labelledby={`${ids}s`} aria-busy={s.status === 'loading'}>
      <div class="head">
        <h3 id={`${ids}s`}>{t('o.summary')}</h3>
        <label class="inline">
          {t('o.period')}
          <select value={String(s.days)} onChange={(e) => void model.summary(Number(e.currentTarget.value))}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t('o.days', { count: p })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {s.status === 'error' ? (
        <p class="err" role="alert">
          {s.error}{' '}
          <button type="button" class="link" onClick={() => void model.summary(s.days)}>
            {t('o.retry')}
          </button>
        </p>
      ) : (
        <dl class="figures">
          {(
            [
              ['o.orders', d ? i18n.number(d.count) : ''],
              ['o.revenue', d ? cash(d.revenue) : ''],
              ['o.average', d ? cash(d.average) : ''],
            ] as const
          ).map(([k, v]) => (
            <div key={k}>
              <dt>{t(k)}</dt>
              <dd>{s.status === 'ready' ? v : <span class="skeleton" aria-hidden="true" />}</dd>
            </div>
          ))}
        </dl>
      )}
      <p class="muted">{t('o.summaryNote')}</p>
    </section>
  );
}

function List({ model, i18n, t, ids }: Parts) {
  const list = useStore(model.$list);
  const filters = useStore(model.$filters);
  const [draft, setDraft] = useState<Filters>(filters);
  const [bad, setBad] = useState(false);
  const set = (k: keyof Filters) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const filtered = Object.entries(filters).some(([k, v]) => k !== 'sort' && v);
  const select = (k: keyof Filters, label: K, prefix: string, values: readonly string[], any = true) => (
    <label>
      {t(label)}
      <select name={k} value={draft[k]} onChange={set(k)}>
        {any ? <option value="">{t('o.any')}</option> : null}
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${prefix}${v}` as K)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section class="list-wrap" aria-labelledby={`${ids}o`}>
      <h3 id={`${ids}o`}>{t('o.title')}</h3>
      <form
        class="filters"
        part="filters"
        aria-label={t('o.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          // what the fields hold now (a render may not have caught up with the last keystroke)
          const form = new FormData(e.currentTarget);
          const f = Object.fromEntries(
            Object.keys(NO_FILTERS).map((k) => [k, String(form.get(k) ?? '')]),
          ) as unknown as Filters;
          const wrong = !!f.from && !!f.to && f.to < f.from;
          setBad(wrong);
          if (!wrong) void model.search(f);
        }}
      >
        <label class="wide">
          {t('o.text')}
          <input type="search" name="text" maxLength={100} value={draft.text} onInput={set('text')} />
        </label>
        {select('status', 'o.status', 'o.st.', ORDER_STATUSES)}
        {select('payment', 'o.payment', 'o.pay.', PAYMENT_STATUSES)}
        {select('fulfillment', 'o.fulfillment', 'o.ful.', FULFILLMENT_STATUSES)}
        <label>
          {t('o.from')}
          <input type="date" name="from" value={draft.from} onInput={set('from')} aria-invalid={bad} />
        </label>
        <label>
          {t('o.to')}
          <input type="date" name="to" value={draft.to} onInput={set('to')} aria-invalid={bad} />
        </label>
        {select('sort', 'o.sort', 'o.sort.', SORTS, false)}
        <div class="actions wide">
          <button type="submit" class="btn primary" aria-busy={list.status === 'loading'}>
            {t('o.apply')}
          </button>
          <button
            type="button"
            class="btn"
            onClick={() => {
              setDraft(NO_FILTERS);
              setBad(false);
              void model.search(NO_FILTERS);
            }}
          >
            {t('o.clear')}
          </button>
        </div>
        {bad ? (
          <p class="err wide" role="alert">
            {t('o.badRange')}
          </p>
        ) : null}
      </form>
      {list.status === 'loading' ? (
        <div class="bones" aria-hidden="true">
          <div class="skeleton" />
          <div class="skeleton" />
          <div class="skeleton" />
        </div>
      ) : list.status === 'error' ? (
        <p class="err" role="alert">
          {list.error}{' '}
          <button type="button" class="link" onClick={() => void model.load()}>
            {t('o.retry')}
          </button>
        </p>
      ) : !list.orders.length ? (
        <p class="empty" part="empty">
          {t(filtered ? 'o.empty' : 'o.none')}
        </p>
      ) : (
        <>
          <p class="muted" role="status" part="count">
            {t('o.count', { count: list.count ?? list.orders.length })}
          </p>
          <ul class="list" aria-labelledby={`${ids}o`}>
            {list.orders.map((o) => (
              <li key={o.id} class="row" part="order">
                <button type="button" class="link strong" onClick={() => void model.open(o.id)}>
                  {t('o.number', { number: String(o.number) })}
                </button>
                <span class="muted">{o.createdDate ? i18n.date(o.createdDate) : ''}</span>
                <span class="buyer">{buyer(o) || t('o.noBuyer')}</span>
                <span class="strong">{total(i18n, o)}</span>
                <span class="chips">
                  {states(t, o).map((w) => (
                    <span key={w} class="chip">
                      {w}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
          {list.next ? (
            <button
              type="button"
              class="btn"
              aria-busy={!!list.more}
              disabled={list.more}
              onClick={() => void model.more()}
            >
              {t('o.more')}
            </button>
          ) : null}
          {list.error ? (
            <p class="err" role="alert">
              {list.error}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

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

function Detail({ model, d, i18n, t, ids }: Parts & { d: DetailUi }) {
  const o = d.order;
  const ship = o?.shippingInfo?.logistics?.shippingDestination?.address;
  const bill = o?.billingInfo?.address;
  const heading = useRef<HTMLHeadingElement>(null);
  // the order's heading takes focus once it shows (the list it replaced had it)
  useEffect(() => heading.current?.focus(), [d.id, !o]);
  return (
    <section class="detail" part="detail" aria-labelledby={`${ids}d`} aria-busy={d.status === 'loading'}>
      <button type="button" class="link" onClick={model.close}>
        {t('o.back')}
      </button>
      {d.status === 'loading' ? (
        <div class="bones" aria-hidden="true">
          <div class="skeleton" />
        </div>
      ) : !o ? (
        <p class="err" role="alert">
          {d.error}{' '}
          <button type="button" class="link" onClick={() => void model.open(d.id)}>
            {t('o.retry')}
          </button>
        </p>
      ) : (
        <>
          <h3 id={`${ids}d`} tabIndex={-1} ref={heading}>
            {t('o.number', { number: String(o.number) })}
          </h3>
          <p class="muted">
            {o.createdDate ? i18n.date(o.createdDate, 'long') : ''} · {states(t, o).join(' · ')}
          </p>
          {d.error ? (
            <p class="err" role="alert">
              {d.error}
            </p>
          ) : null}
          <h4>{t('o.lines')}</h4>
          <ul class="list">
            {o.lineItems.map((l) => (
              <li key={l.id} class="line">
                <span>{l.productName?.translated ?? l.productName?.original}</span>
                <span class="muted">{t('o.qty', { n: l.quantity })}</span>
                <span>{l.price ? i18n.money(l.price.amount, o.currency ?? 'USD') : ''}</span>
              </li>
            ))}
          </ul>
          <p class="strong">
            {t('o.total')}: {total(i18n, o)}
          </p>
          <dl class="facts">
            {(
              [
                ['o.buyer', buyer(o)],
                ['o.shipTo', address(ship)],
                ['o.billTo', address(bill)],
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
          <h4>{t('o.timeline')}</h4>
          <ol class="timeline" part="timeline">
            {(o.activities ?? []).map((a, i) => {
              const note = (a as { merchantComment?: { message?: unknown } }).merchantComment?.message;
              return (
                <li key={a.id ?? i}>
                  <span class="strong">{word(t, 'o.act.', a.type)}</span>
                  {a.createdDate ? <span class="muted"> · {i18n.date(a.createdDate)}</span> : null}
                  {typeof note === 'string' ? <p class="note">{note}</p> : null}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
