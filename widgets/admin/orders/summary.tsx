import { useStore } from '@nanostores/react';
import { PERIODS } from './model.ts';
import type { Parts } from './parts.ts';
import { Failure } from '../../../ui/states.tsx';

/** The shop's orders over a period: how many, the revenue and the average order. */
export function Summary({ model, i18n, t, ids }: Parts) {
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
        <Failure error={s.error} retry={() => void model.summary(s.days)} label={t('ao.retry')} />
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
