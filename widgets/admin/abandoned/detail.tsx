import type { I18n } from '../../../core/i18n/index.ts';
import type { AbandonedSummary } from '../../../core/api/admin-abandoned.ts';
import type { AbandonedModel, DetailUi } from './model.ts';
import { has, type K, type T } from './words.ts';
import { Bones, Failure } from '../../../ui/states.tsx';

/** A checkout's detail, in place under it: its lines and its activity (bones while read, its failure with a retry). */
export function Detail(p: {
  id: string;
  who: string;
  d: DetailUi;
  a: AbandonedSummary;
  t: T;
  i: I18n;
  model: AbandonedModel;
}) {
  const { id: region, who, d, a, t, i, model } = p;
  return (
    <div class="detail" id={region} role="region" aria-label={t('ab.detailsOf', { name: who })}>
      {d.status === 'loading' ? (
        <Bones rows={1} />
      ) : d.status === 'error' ? (
        <Failure error={d.error} retry={() => void model.open(a.id)} label={t('ab.retry')} />
      ) : d.item ? (
        <>
          <h4>{t('ab.lines')}</h4>
          <ul class="lines" part="lines">
            {d.item.lineItems.map((x, n) => (
              <li key={n}>
                {/* the name in its own direction: "3" never joins a name in another */}
                <span>
                  <bdi>{x.name}</bdi> × {i.number(x.quantity)}
                </span>
                {x.price ? <bdi class="muted">{x.price}</bdi> : null}
              </li>
            ))}
          </ul>
          <h4>{t('ab.activity')}</h4>
          {d.item.activities.length ? (
            <ul class="lines" part="activities">
              {d.item.activities.map((x, n) => (
                <li key={n}>
                  <span>{t(has(`ab.act.${x.type}`) ? (`ab.act.${x.type}` as K) : 'ab.act.other')}</span>
                  {x.createdDate ? <bdi class="muted">{i.relative(x.createdDate)}</bdi> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p class="muted">{t('ab.noActivity')}</p>
          )}
        </>
      ) : null}
    </div>
  );
}
