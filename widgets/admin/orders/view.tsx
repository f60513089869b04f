import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import type { I18n, Translator } from '../../../core/i18n/index.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { before } from '../states.tsx';
import {
  createAdminOrdersModel,
  FULFILLMENT_STATUSES,
  NO_FILTERS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PERIODS,
  SORTS,
  TAG,
  type AdminOrdersModel,
  type Filters,
} from './model.ts';
import { ordersStrings } from './strings.ts';
import { ordersCss } from './styles.ts';
import { buyer, states, tagsOf, total } from './words.ts';
import type { OrderProps } from './detail/view.tsx';
import type { BulkProps } from './bulk/view.tsx';

type K = keyof typeof ordersStrings;
type T = Translator<K>;

/**
 * The shop's orders: a summary over a period, then the orders found with the filters and sort (kept in the page's
 * URL), 25 at a time, each opening its detail.
 */
export function AdminOrders({ context, ids }: ConsoleSectionProps) {
  const i18n = context.i18n();
  const t: T = i18n.strings(ordersStrings);
  const model = useMemo(() => createAdminOrdersModel(context), []);
  const detail = useStore(model.$detail);
  // an order's detail and its actions: their own chunk, loaded when an order is first opened
  const [Order, setOrder] = useState<{ C: ComponentType<OrderProps> }>();
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void model.load();
    void model.summary(model.$summary.get().days);
  }, [model]);
  useEffect(() => {
    if (!detail || Order) return;
    setFailed(undefined);
    import('./detail/view.tsx').then(
      (m) => setOrder({ C: m.OrderDetail }),
      (e: unknown) => setFailed(i18n.error(e)),
    );
  }, [!detail, attempt]);
  return (
    <div class="orders" ref={(n) => adoptSheet(n, ordersCss)}>
      {detail ? (
        Order ? (
          <Order.C model={model} d={detail} i18n={i18n} ids={ids} />
        ) : failed ? (
          <p class="err" role="alert">
            {failed}{' '}
            <button type="button" class="link" onClick={() => setAttempt(attempt + 1)}>
              {t('ao.retry')}
            </button>
          </p>
        ) : (
          <div class="bones" aria-hidden="true">
            <div class="skeleton" />
          </div>
        )
      ) : (
        <>
          <Summary model={model} i18n={i18n} t={t} ids={ids} />
          <List model={model} i18n={i18n} t={t} ids={ids} context={context} />
        </>
      )}
    </div>
  );
}

const say = (t: T) => (k: string) => t(k as K);

interface Parts {
  context?: ConsoleSectionProps['context'];
  model: AdminOrdersModel;
  i18n: I18n;
  t: T;
  ids: string;
}

function Summary({ model, i18n, t, ids }: Parts) {
  const s = useStore(model.$summary);
  const d = s.data;
  // no currency: no order in the period, or orders in several currencies (a sum of those would mean nothing)
  const cash = (v: string) => (d?.currency ? i18n.money(v, d.currency) : '—');
  return (
    <section class="card" part="summary" aria-labelledby={`${ids}s`} aria-busy={s.status === 'loading'}>
      <div class="head">
        <h3 id={`${ids}s`}>{t('ao.summary')}</h3>
        <label class="inline">
          {t('ao.period')}
          <select value={String(s.days)} onChange={(e) => void model.summary(Number(e.currentTarget.value))}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t('ao.days', { count: p })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {s.status === 'error' ? (
        <p class="err" role="alert">
          {s.error}{' '}
          <button type="button" class="link" onClick={() => void model.summary(s.days)}>
            {t('ao.retry')}
          </button>
        </p>
      ) : (
        <dl class="figures">
          {(
            [
              ['ao.orders', d ? i18n.number(d.count) : ''],
              ['ao.revenue', d ? cash(d.revenue) : ''],
              ['ao.average', d ? cash(d.average) : ''],
            ] as const
          ).map(([k, v]) => (
            <div key={k}>
              <dt>{t(k)}</dt>
              <dd>{s.status === 'ready' ? v : <span class="skeleton" aria-hidden="true" />}</dd>
            </div>
          ))}
        </dl>
      )}
      <p class="muted">{t('ao.summaryNote')}</p>
    </section>
  );
}

function List({ model, i18n, t, ids, context }: Parts) {
  const list = useStore(model.$list);
  const filters = useStore(model.$filters);
  const [draft, setDraft] = useState<Filters>(filters);
  // the filter refused before searching: `range` (end before start) or `tag` (not a tag)
  const [bad, setBad] = useState<string>();
  const selected = useStore(model.$selected);
  const shown = list.orders.map((o) => o.id);
  const all = shown.length > 0 && shown.every((id) => selected.includes(id));
  // the bulk actions: their own chunk, loaded with the first order ticked
  const [Bulk, setBulk] = useState<{ C: ComponentType<BulkProps> }>();
  const [bulkFailed, setBulkFailed] = useState<string>();
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (!selected.length || Bulk) return;
    setBulkFailed(undefined);
    import('./bulk/view.tsx').then(
      (m) => setBulk({ C: m.BulkActions }),
      (e: unknown) => setBulkFailed(i18n.error(e)),
    );
  }, [!selected.length, tries]);
  const set = (k: keyof Filters) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const filtered = Object.entries(filters).some(([k, v]) => k !== 'sort' && v);
  const select = (k: keyof Filters, label: K, prefix: string, values: readonly string[], any = true) => (
    <label>
      {t(label)}
      <select name={k} value={draft[k]} onChange={set(k)}>
        {any ? <option value="">{t('ao.any')}</option> : null}
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
      <h3 id={`${ids}o`}>{t('ao.title')}</h3>
      <form
        class="filters"
        part="filters"
        aria-label={t('ao.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          // what the fields hold now (a render may not have caught up with the last keystroke)
          const form = new FormData(e.currentTarget);
          const f = Object.fromEntries(
            Object.keys(NO_FILTERS).map((k) => [k, String(form.get(k) ?? '')]),
          ) as unknown as Filters;
          f.tag = f.tag.trim();
          const wrong = f.from && f.to && f.to < f.from ? 'range' : f.tag && !TAG.test(f.tag) ? 'tag' : undefined;
          setBad(wrong);
          if (!wrong) void model.search(f);
        }}
      >
        <label class="wide">
          {t('ao.text')}
          <input type="search" name="text" maxLength={100} value={draft.text} onInput={set('text')} />
        </label>
        {select('status', 'ao.status', 'ao.st.', ORDER_STATUSES)}
        {select('payment', 'ao.payment', 'ao.pay.', PAYMENT_STATUSES)}
        {select('fulfillment', 'ao.fulfillment', 'ao.ful.', FULFILLMENT_STATUSES)}
        <label>
          {t('ao.from')}
          <input type="date" name="from" value={draft.from} onInput={set('from')} aria-invalid={bad === 'range'} />
        </label>
        <label>
          {t('ao.to')}
          <input type="date" name="to" value={draft.to} onInput={set('to')} aria-invalid={bad === 'range'} />
        </label>
        <label>
          {t('ao.tag')}
          <input name="tag" maxLength={100} value={draft.tag} onInput={set('tag')} aria-invalid={bad === 'tag'} />
        </label>
        {select('sort', 'ao.sort', 'ao.sort.', SORTS, false)}
        <div class="actions wide">
          <button type="submit" class="btn primary" aria-busy={list.status === 'loading'}>
            {t('ao.apply')}
          </button>
          <button
            type="button"
            class="btn"
            onClick={() => {
              setDraft(NO_FILTERS);
              setBad(undefined);
              void model.search(NO_FILTERS);
            }}
          >
            {t('ao.clear')}
          </button>
        </div>
        {bad ? (
          <p class="err wide" role="alert">
            {t(bad === 'tag' ? 'ao.badTag' : 'ao.badRange')}
          </p>
        ) : null}
      </form>
      {before({
        i18n,
        status: list.status,
        error: list.error,
        retry: () => void model.load(),
        empty: !list.orders.length && t(filtered ? 'ao.empty' : 'ao.none'),
        bones: 3,
      }) ?? (
        <>
          <p class="muted" role="status" part="count">
            {t('ao.count', { count: list.count ?? list.orders.length })}
          </p>
          <div class="actions" part="selection">
            <label class="check">
              <input type="checkbox" checked={all} onChange={() => model.select(shown, !all)} />
              {t('ao.selectAll')}
            </label>
            <span class="muted" aria-live="polite">
              {selected.length ? t('ao.selected', { count: selected.length }) : ''}
            </span>
          </div>
          {Bulk ? (
            <Bulk.C context={context!} model={model} i18n={i18n} />
          ) : selected.length && bulkFailed ? (
            <p class="err" role="alert">
              {bulkFailed}{' '}
              <button type="button" class="link" onClick={() => setTries(tries + 1)}>
                {t('ao.retry')}
              </button>
            </p>
          ) : null}
          <ul class="list" aria-labelledby={`${ids}o`}>
            {list.orders.map((o) => (
              <li key={o.id} class="row" part="order">
                <span class="pick">
                  <input
                    type="checkbox"
                    checked={selected.includes(o.id)}
                    aria-label={t('ao.pick', { number: String(o.number) })}
                    onChange={(e) => model.select([o.id], e.currentTarget.checked)}
                  />
                  <button type="button" class="link strong" onClick={() => void model.open(o.id)}>
                    {t('ao.number', { number: String(o.number) })}
                  </button>
                </span>
                <span class="muted">{o.createdDate ? i18n.date(o.createdDate) : ''}</span>
                <span class="buyer">{buyer(o) || t('ao.noBuyer')}</span>
                <span class="strong">{total(i18n, o)}</span>
                <span class="chips">
                  {states(say(t), o, ordersStrings).map((w) => (
                    <span key={w} class="chip">
                      {w}
                    </span>
                  ))}
                  {tagsOf(o).map((g) => (
                    <span key={`#${g}`} class="chip tag" part="tag">
                      <span class="visually-hidden">{t('ao.tagged')} </span>
                      {g}
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
              {t('ao.more')}
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
