import { useStore } from '@nanostores/react';
import { before } from '../../states.tsx';
import { More } from '../../../../ui/more.tsx';
import { ErrorLine, Failure } from '../../../../ui/states.tsx';
import { useLazyPart } from '../../../../ui/lazy-part.tsx';
import { ordersStrings } from '../strings.ts';
import { awaitsAnswer, buyer, itemsOf, paymentOf, tagsOf, TONES, total, word } from '../words.ts';
import type { K, Parts, T } from '../parts.ts';
import { FilterForm, Views } from './filters.tsx';
import { adoptSheet } from '../../../../core/element.ts';
import { listCss } from './styles.ts';

const say = (t: T) => (k: string) => t(k as K);
const COLUMNS = [
  'ao.col.order',
  'ao.col.date',
  'ao.col.customer',
  'ao.col.total',
  'ao.payment',
  'ao.fulfillment',
  'ao.col.items',
  'ao.col.tags',
] as const;

/**
 * The orders list (its own chunk, loaded with the section): the orders found with the views, filters and sort, 25 at a time: a dense table at ≥ 900 px (a row opens its order:
 * a click anywhere on it, or Enter on its number), compact cards below; statuses as coloured badges whose words carry
 * the meaning; each order can be ticked (the bulk actions load with the first tick).
 */
export function List({ model, i18n, t, ids, context }: Parts) {
  const list = useStore(model.$list);
  const filters = useStore(model.$filters);
  const selected = useStore(model.$selected);
  const shown = list.orders.map((o) => o.id);
  const picked = shown.filter((id) => selected.includes(id)).length;
  const all = picked > 0 && picked === shown.length;
  // the bulk actions: their own chunk, loaded with the first order ticked
  const bulk = useLazyPart(
    'bulk',
    () => import('../bulk/view.tsx').then((m) => m.BulkActions),
    () => i18n,
    { enabled: selected.length > 0 },
  );
  const Bulk = bulk.value;
  const filtered = Object.entries(filters).some(([k, v]) => k !== 'sort' && v);
  /** A status in words ('' for one the strings don't know) and its badge's class (its tone's colour; `k`: `pay.PAID`…). */
  const words = (k: string) => word(say(t), `ao.${k}`, ordersStrings);
  const tone = (k: string) => `badge tn-${TONES[k] ?? 'none'}`;
  return (
    <section class="list-wrap" aria-labelledby={`${ids}o`} ref={(n) => adoptSheet(n, listCss)}>
      <h3 id={`${ids}o`}>{t('ao.title')}</h3>
      <Views model={model} t={t} />
      <FilterForm model={model} t={t} i18n={i18n} />
      {before({
        i18n,
        status: list.status,
        error: list.error,
        retry: () => void model.load(),
        empty: !list.orders.length && t(filters.requested ? 'ao.noRequests' : filtered ? 'ao.empty' : 'ao.none'),
        bones: 3,
      }) ?? (
        <>
          <div class="actions" part="selection">
            <label class="check">
              <input
                type="checkbox"
                checked={all}
                indeterminate={picked > 0 && !all}
                onChange={() => model.select(shown, !all)}
              />
              {t('ao.selectAll')}
            </label>
            <span class="muted" role="status" part="count">
              <bdi>{t('ao.count', { count: list.count ?? list.orders.length })}</bdi>
            </span>
            <span class="muted" aria-live="polite">
              {selected.length ? t('ao.selected', { count: selected.length }) : ''}
            </span>
          </div>
          {Bulk ? (
            <Bulk context={context!} model={model} i18n={i18n} />
          ) : selected.length && bulk.error ? (
            <Failure error={bulk.error} retry={bulk.retry} label={t('ao.retry')} />
          ) : null}
          <table class="orders-t" part="orders" aria-labelledby={`${ids}o`}>
            <thead>
              <tr>
                <td class="c-pick" />
                {COLUMNS.map((k) => (
                  <th key={k} scope="col" class={k === 'ao.col.total' || k === 'ao.col.items' ? 'num' : undefined}>
                    {t(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.orders.map((o) => {
                const number = String(o.number);
                const items = itemsOf(o);
                const pay = words(`pay.${paymentOf(o)}`);
                const ful = words(`ful.${o.fulfillmentStatus}`);
                return (
                  <tr
                    key={o.id}
                    part="order"
                    class={selected.includes(o.id) ? 'on' : undefined}
                    // a click on the row opens it (its checkbox and buttons do their own)
                    onClick={(e) => {
                      const el = e.target as Element;
                      if (!el.closest('input,button,label,a')) void model.open(o.id);
                    }}
                  >
                    <td class="c-pick">
                      <input
                        type="checkbox"
                        checked={selected.includes(o.id)}
                        aria-label={t('ao.pick', { number })}
                        onChange={(e) => model.select([o.id], e.currentTarget.checked)}
                      />
                    </td>
                    <th scope="row" class="c-num">
                      <button type="button" class="link strong" onClick={() => void model.open(o.id)}>
                        <span class="visually-hidden">{t('ao.col.order')} </span>#{number}
                      </button>
                      {o.status && o.status !== 'APPROVED' && words(`st.${o.status}`) ? (
                        <span class={tone(`st.${o.status}`)} part="status">
                          {words(`st.${o.status}`)}
                        </span>
                      ) : null}
                      {awaitsAnswer(o) ? (
                        <span class="badge tn-bad" part="request-badge">
                          {t('ao.requestBadge')}
                        </span>
                      ) : null}
                    </th>
                    <td class="c-date muted">{o.createdDate ? i18n.date(o.createdDate) : ''}</td>
                    <td class="c-cust buyer">
                      <bdi>{buyer(o) || t('ao.noBuyer')}</bdi>
                    </td>
                    <td class="c-total num strong">
                      <bdi>{total(i18n, o)}</bdi>
                    </td>
                    <td class="c-pay">
                      {pay ? (
                        <span class={tone(`pay.${paymentOf(o)}`)} part="payment">
                          {pay}
                        </span>
                      ) : null}
                    </td>
                    <td class="c-ful">
                      {ful ? (
                        <span class={tone(`ful.${o.fulfillmentStatus}`)} part="fulfillment">
                          {ful}
                        </span>
                      ) : null}
                    </td>
                    <td class="c-items num muted">{t('ao.items', { count: items })}</td>
                    <td class="c-tags">
                      {tagsOf(o).map((g) => (
                        <span key={g} class="chip tag" part="tag" dir="auto">
                          <span class="visually-hidden">{t('ao.tagged')} </span>
                          {g}
                        </span>
                      ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <More next={!!list.next} busy={list.more} label={t('ao.more')} onMore={() => void model.more()} class="btn" />
          {list.capped ? (
            <p class="muted" part="capped">
              {t('ao.capped')}
            </p>
          ) : null}
          <ErrorLine error={list.error} />
        </>
      )}
    </section>
  );
}
