import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../../core/element.ts';
import { isolate, type I18n, type Translator } from '../../../../core/i18n/index.ts';
import { httpUrl } from '../../../../core/safe-url.ts';
import type { WaitingItem } from '../../../../core/api/admin-back-in-stock.ts';
import { Confirm } from '../../../../ui/confirm.tsx';
import { ErrorLine } from '../../../../ui/states.tsx';
import type { ConsoleSectionProps } from '../../section.ts';
import { before } from '../../states.tsx';
import { createBackInStockModel, keyOf, type BackInStockModel, type ReportUi } from './model.ts';
import { bisStrings } from './strings.ts';
import { useFrench } from '../french.ts';
import { bisCss } from './styles.ts';

type T = Translator<keyof typeof bisStrings>;

/**
 * Settings › Back in stock: collecting requests on or off (stopping asks first), and the items shoppers wait for
 * (how many, since when, who), each with "Report back in stock", which asks first, naming how many will be emailed,
 * and says what happened.
 */
export function BackInStock({ context, ids }: ConsoleSectionProps) {
  const i = context.i18n();
  const t: T = i.strings(bisStrings);
  // the page turned French after the section loaded: its French now (french.ts)
  useFrench(i, bisStrings, () => import('./strings.fr.ts'));
  const model = useMemo(() => createBackInStockModel(context), []);
  const s = useStore(model.$settings);
  const l = useStore(model.$items);
  const reports = useStore(model.$report);
  const outcome = useStore(model.$outcome);
  const [asking, setAsking] = useState(false);
  useEffect(() => void model.load(), [model]);

  return (
    <div class="bis" part="back-in-stock" ref={(n) => adoptSheet(n, bisCss)}>
      <h3>{t('sbis.title')}</h3>
      <section class="card" aria-labelledby={`${ids}bq`} aria-busy={!!s.saving}>
        <div class="state">
          <h4 id={`${ids}bq`}>{t('sbis.requests')}</h4>
        </div>
        {before({ i18n: i, status: s.status, error: s.error, retry: () => model.loadSettings(), bones: 1 }) ?? (
          <>
            <p part="collecting">
              <span class={s.collecting ? 'badge on' : 'badge'}>
                {t(s.collecting ? 'sbis.onBadge' : 'sbis.offBadge')}
              </span>{' '}
              <span class="muted">{t(s.collecting ? 'sbis.on' : 'sbis.off')}</span>
            </p>
            {asking ? (
              <Confirm
                id={`${ids}bs`}
                part="confirm-stop"
                focus
                question={t('sbis.stopAsk')}
                hint={t('sbis.stopHint')}
                confirm={t('sbis.stopYes')}
                keep={t('sbis.keep')}
                onConfirm={() => {
                  setAsking(false);
                  void model.collect(false);
                }}
                onKeep={() => setAsking(false)}
              />
            ) : (
              <div class="actions">
                <button
                  type="button"
                  class={s.collecting ? 'btn danger' : 'btn primary'}
                  part="collect"
                  disabled={!!s.saving}
                  aria-busy={!!s.saving}
                  onClick={() => (s.collecting ? setAsking(true) : void model.collect(true))}
                >
                  {s.saving ? t('sbis.saving') : t(s.collecting ? 'sbis.stop' : 'sbis.start')}
                </button>
              </div>
            )}
            <ErrorLine error={s.saveError} />
          </>
        )}
      </section>
      <section class="card" aria-labelledby={`${ids}bw`}>
        <h4 id={`${ids}bw`}>{t('sbis.waiting')}</h4>
        <p role="status" class="ok" part="outcome">
          {outcome ? (
            <bdi>
              {outcome.known && !outcome.sent && !outcome.failed
                ? t('sbis.none', { name: outcome.name })
                : outcome.known
                  ? `${t('sbis.sent', { name: outcome.name, count: outcome.sent })}${outcome.failed ? ` ${t('sbis.failed', { count: outcome.failed })}` : ''}`
                  : t('sbis.sentUnknown', { name: outcome.name })}
            </bdi>
          ) : null}
        </p>
        {before({
          i18n: i,
          status: l.status,
          error: l.error,
          retry: () => model.loadItems(),
          empty: !l.items.length && t('sbis.empty'),
        }) ?? (
          <>
            <table aria-labelledby={`${ids}bw`}>
              <thead>
                <tr>
                  <th scope="col">{t('sbis.item')}</th>
                  <th scope="col">{t('sbis.count')}</th>
                  <th scope="col">{t('sbis.oldest')}</th>
                  <th scope="col">{t('sbis.action')}</th>
                </tr>
              </thead>
              <tbody>
                {l.items.map((x) => (
                  <Row key={keyOf(x)} x={x} t={t} i={i} ids={ids} model={model} r={reports[keyOf(x)] ?? {}} />
                ))}
              </tbody>
            </table>
            {l.truncated ? <p class="muted">{t('sbis.truncated')}</p> : null}
          </>
        )}
      </section>
    </div>
  );
}

/** The first emails shown under "Who is waiting"; the rest counted. */
const SHOWN = 5;

/** One item: what, how many wait and since when, who; its report, asked first. */
function Row({
  x,
  t,
  i,
  ids,
  model,
  r,
}: {
  x: WaitingItem;
  t: T;
  i: I18n;
  ids: string;
  model: BackInStockModel;
  r: ReportUi;
}) {
  const [ask, setAsk] = useState(false);
  const name = x.variant ? `${x.name} — ${x.variant}` : x.name;
  const img = httpUrl(x.image);
  const id = `${ids}b${keyOf(x).replace(/\W/g, '')}`;
  const more = x.waiting - Math.min(SHOWN, x.emails.length);
  return (
    <>
      <tr part="waiting-item" aria-busy={!!r.busy}>
        <td>
          <div class="item">
            {img ? (
              <img src={img} alt="" width={44} height={44} loading="lazy" />
            ) : (
              <span class="noimg" aria-hidden="true" />
            )}
            <div>
              <div class="name" id={`${id}n`}>
                <bdi>{x.name}</bdi>
                {x.variant ? <span class="sr"> {x.variant}</span> : null}
              </div>
              {x.variant ? (
                <div class="muted">
                  <bdi>{x.variant}</bdi>
                </div>
              ) : null}
              <details>
                <summary>{t('sbis.who')}</summary>
                <ul>
                  {x.emails.slice(0, SHOWN).map((e) => (
                    <li key={e}>
                      <bdi>{e}</bdi>
                    </li>
                  ))}
                  {more > 0 ? <li>{t('sbis.more', { count: more })}</li> : null}
                </ul>
              </details>
            </div>
          </div>
        </td>
        <td>
          <span class="lbl">{t('sbis.count')}: </span>
          <bdi class="num">{i.number(x.waiting)}</bdi>
        </td>
        <td>
          <span class="lbl">{t('sbis.oldest')}: </span>
          {x.oldest ? (
            <>
              <bdi>{i.date(x.oldest)}</bdi> <bdi class="muted">{i.relative(x.oldest)}</bdi>
            </>
          ) : null}
        </td>
        <td>
          {x.known ? (
            <button
              type="button"
              class="btn"
              part="report"
              aria-describedby={`${id}n`}
              disabled={!!r.busy || ask}
              aria-busy={!!r.busy}
              onClick={() => setAsk(true)}
            >
              {r.busy ? t('sbis.sending') : t('sbis.report')}
            </button>
          ) : (
            <p class="muted">{t('sbis.gone')}</p>
          )}
          <ErrorLine error={r.error} />
        </td>
      </tr>
      {ask ? (
        <tr class="ask">
          <td colSpan={4}>
            <Confirm
              id={id}
              part="confirm-report"
              focus
              danger={false}
              question={t('sbis.ask', { count: x.waiting, name: isolate(name) })}
              hint={t('sbis.askHint')}
              confirm={t('sbis.yes')}
              keep={t('sbis.keep')}
              onConfirm={() => {
                setAsk(false);
                void model.report(x);
              }}
              onKeep={() => setAsk(false)}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}
