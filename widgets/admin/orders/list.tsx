import { useStore } from '@nanostores/react';
import { before } from '../states.tsx';
import { More } from '../../../ui/more.tsx';
import { ErrorLine, Failure } from '../../../ui/states.tsx';
import { useLazyPart } from '../../../ui/lazy-part.tsx';
import { ordersStrings } from './strings.ts';
import { awaitsAnswer, buyer, states, tagsOf, total } from './words.ts';
import type { K, Parts, T } from './parts.ts';
import { FilterForm } from './filters.tsx';

const say = (t: T) => (k: string) => t(k as K);

/**
 * The orders found with the filters and sort, 25 at a time: each can be ticked (the bulk actions load with the first
 * tick) and opens its detail.
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
    () => import('./bulk/view.tsx').then((m) => m.BulkActions),
    () => i18n,
    { enabled: selected.length > 0 },
  );
  const Bulk = bulk.value;
  const filtered = Object.entries(filters).some(([k, v]) => k !== 'sort' && v);
  const view = (requested: string) => void model.search({ ...filters, requested });
  return (
    <section class="list-wrap" aria-labelledby={`${ids}o`}>
      <h3 id={`${ids}o`}>{t('ao.title')}</h3>
      <div class="actions" part="views" role="group" aria-label={t('ao.views')}>
        <button type="button" class="btn" aria-pressed={!filters.requested} onClick={() => view('')}>
          {t('ao.view.all')}
        </button>
        <button type="button" class="btn" aria-pressed={!!filters.requested} onClick={() => view('1')}>
          {t('ao.view.requested')}
        </button>
      </div>
      <FilterForm model={model} t={t} />
      {before({
        i18n,
        status: list.status,
        error: list.error,
        retry: () => void model.load(),
        empty: !list.orders.length && t(filters.requested ? 'ao.noRequests' : filtered ? 'ao.empty' : 'ao.none'),
        bones: 3,
      }) ?? (
        <>
          <p class="muted" role="status" part="count">
            <bdi>{t('ao.count', { count: list.count ?? list.orders.length })}</bdi>
          </p>
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
            <span class="muted" aria-live="polite">
              {selected.length ? t('ao.selected', { count: selected.length }) : ''}
            </span>
          </div>
          {Bulk ? (
            <Bulk context={context!} model={model} i18n={i18n} />
          ) : selected.length && bulk.error ? (
            <Failure error={bulk.error} retry={bulk.retry} label={t('ao.retry')} />
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
                <span class="buyer">
                  <bdi>{buyer(o) || t('ao.noBuyer')}</bdi>
                </span>
                <span class="strong">
                  <bdi>{total(i18n, o)}</bdi>
                </span>
                <span class="chips">
                  {awaitsAnswer(o) ? (
                    <span class="chip request" part="request-badge">
                      {t('ao.requestBadge')}
                    </span>
                  ) : null}
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
