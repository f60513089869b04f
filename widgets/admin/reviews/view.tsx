import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import { isolate } from '../../../core/i18n/index.ts';
import type { Review } from '../../../core/api/reviews.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { before } from '../states.tsx';
import { More } from '../../../ui/more.tsx';
import { Confirm } from '../../../ui/confirm.tsx';
import { createQueueModel, type Decision } from './model.ts';
import { queueStrings } from './strings.ts';
import { queueCss } from './styles.ts';
import { author, Row, type T } from './row.tsx';
import { ErrorLine } from '../../../ui/states.tsx';

/**
 * The review queue: every product's reviews waiting for approval, oldest first. Approve, reject or reply to each;
 * select several (or all) and approve or reject them after a confirmation that says how many and what follows.
 * Each outcome is announced; a failure stays on its review, with what was typed.
 */
export function ReviewQueue({ context, ids, focus }: ConsoleSectionProps) {
  const { i18n } = context;
  const t: T = i18n().strings(queueStrings);
  const model = useMemo(() => createQueueModel(context), []);
  const q = useStore(model.$queue);
  const rows = useStore(model.$rows);
  const selected = useStore(model.$selected);
  const names = useStore(model.$names);
  const bulk = useStore(model.$bulk);
  const [ask, setAsk] = useState<Decision>();
  const [said, setSaid] = useState('');
  useEffect(() => void model.load(), [model]);
  // opened on one review (the media library's photo): read on until it shows, or say it is not waiting
  const [pages, setPages] = useState(0);
  const found = !!focus && q.items.some((r) => r.id === focus);
  const seeking = !!focus && !found && q.status === 'ready' && !!q.next && pages < 10;
  useEffect(() => {
    if (seeking && !q.more) {
      setPages(pages + 1);
      void model.more();
    }
  }, [seeking, q.more]);

  const all = q.items.length > 0 && q.items.every((r) => selected.has(r.id));
  const outcome = bulk.outcome;
  const summary = outcome
    ? t(outcome.status === 'APPROVED' ? 'q.doneApproved' : 'q.doneRejected', {
        done: outcome.done,
        total: outcome.done + outcome.failed,
      }) + (outcome.failed ? ` ${t('q.notDone', { failed: outcome.failed, error: outcome.error ?? '' })}` : '')
    : '';
  const decideOne = async (r: Review, status: Decision) => {
    if (await model.decide(r.id, status))
      setSaid(t(status === 'APPROVED' ? 'q.approved' : 'q.rejected', { name: author(r, t) }));
  };

  return (
    <div class="queue" ref={(n) => adoptSheet(n, queueCss)}>
      <div class="head">
        <h3 id={`${ids}q`}>{t('q.title')}</h3>
        {q.status === 'ready' ? (
          <p class="muted" part="queue-count">
            <bdi>
              {t('q.count', { count: q.items.length })}
              {q.next ? '+' : ''}
            </bdi>
          </p>
        ) : null}
      </div>
      <p class="visually-hidden" role="status">
        {said || (outcome?.failed ? '' : summary)}
      </p>
      {/* a bulk decision's outcome stays after the queue it emptied */}
      {outcome ? (
        <p class={outcome.failed ? 'err' : 'ok'} role={outcome.failed ? 'alert' : undefined} part="outcome">
          <bdi>{summary}</bdi>
        </p>
      ) : null}
      {focus && !found && !seeking && q.status === 'ready' ? (
        <p class="note" part="not-waiting">
          {t('q.notWaiting')}
        </p>
      ) : null}
      {before({
        i18n: context.i18n(),
        status: q.status === 'idle' ? 'loading' : q.status,
        error: q.error,
        retry: () => model.load(),
        empty: !q.items.length && t('q.empty'),
        bones: 3,
      }) ?? (
        <>
          <div class="bulk" part="bulk">
            <label class="check">
              <input
                type="checkbox"
                checked={all}
                indeterminate={!all && selected.size > 0}
                onChange={(e) => model.selectAll(e.currentTarget.checked)}
              />
              {t('q.selectAll')}
            </label>
            {(['APPROVED', 'REJECTED'] as const).map((s) => (
              <button
                key={s}
                type="button"
                class={s === 'APPROVED' ? 'btn primary' : 'btn'}
                disabled={!selected.size || !!bulk.busy}
                aria-busy={bulk.busy === s}
                onClick={() => setAsk(s)}
              >
                {t(s === 'APPROVED' ? 'q.approveSelected' : 'q.rejectSelected', { count: selected.size })}
              </button>
            ))}
          </div>
          {ask ? (
            // the other decision asked instead: a new question, which takes focus again
            <Confirm
              key={ask}
              id={`${ids}c`}
              part="confirm"
              focus
              danger={false}
              question={isolate(
                t(ask === 'APPROVED' ? 'q.confirmApprove' : 'q.confirmReject', { count: selected.size }),
              )}
              confirm={t('q.confirm')}
              keep={t('q.cancel')}
              onConfirm={() => {
                setAsk(undefined);
                setSaid('');
                void model.bulk(ask);
              }}
              onKeep={() => setAsk(undefined)}
            />
          ) : null}
          <ul class="list" aria-labelledby={`${ids}q`}>
            {q.items.map((r) => (
              <Row
                key={r.id}
                r={r}
                t={t}
                model={model}
                ui={rows[r.id] ?? {}}
                product={names[r.entityId]}
                selected={selected.has(r.id)}
                focused={r.id === focus}
                date={r.createdDate ? i18n().relative(r.createdDate) : ''}
                onDecide={decideOne}
              />
            ))}
          </ul>
          <More next={!!q.next} busy={q.more} label={t('q.more')} onMore={() => model.more()} class="btn" />
          <ErrorLine error={q.error} />
        </>
      )}
    </div>
  );
}
