import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { adoptSheet } from '../../../core/element.ts';
import type { Review } from '../../../core/api/reviews.ts';
import type { Translator } from '../../../core/i18n/index.ts';
import type { ConsoleSectionProps } from '../section.ts';
import { before } from '../states.tsx';
import { createQueueModel, type Decision, type QueueModel, type RowUi } from './model.ts';
import { queueStrings } from './strings.ts';
import { queueCss } from './styles.ts';

type T = Translator<keyof typeof queueStrings>;
const author = (r: Review, t: T) => r.author?.authorName?.trim() || t('q.anonymous');

/**
 * The review queue: every product's reviews waiting for approval, oldest first. Approve, reject or reply to each;
 * select several (or all) and approve or reject them after a confirmation that says how many and what follows.
 * Each outcome is announced; a failure stays on its review, with what was typed.
 */
export function ReviewQueue({ context, ids }: ConsoleSectionProps) {
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
  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => void model.load(), [model]);
  useEffect(() => void (ask && confirmRef.current?.focus()), [ask]);

  const all = q.reviews.length > 0 && q.reviews.every((r) => selected.has(r.id));
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
            {t('q.count', { count: q.reviews.length })}
            {q.next ? '+' : ''}
          </p>
        ) : null}
      </div>
      <p class="visually-hidden" role="status">
        {said || (outcome?.failed ? '' : summary)}
      </p>
      {/* a bulk decision's outcome stays after the queue it emptied */}
      {outcome ? (
        <p class={outcome.failed ? 'err' : 'ok'} role={outcome.failed ? 'alert' : undefined} part="outcome">
          {summary}
        </p>
      ) : null}
      {before({
        i18n: context.i18n(),
        status: q.status,
        error: q.error,
        retry: () => model.load(),
        empty: !q.reviews.length && t('q.empty'),
        bones: 3,
      }) ?? (
        <>
          <div class="bulk" part="bulk">
            <label class="check">
              <input type="checkbox" checked={all} onChange={(e) => model.selectAll(e.currentTarget.checked)} />
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
            <div class="confirm" part="confirm" role="group" aria-labelledby={`${ids}c`}>
              <p id={`${ids}c`} tabIndex={-1} ref={confirmRef}>
                {t(ask === 'APPROVED' ? 'q.confirmApprove' : 'q.confirmReject', { count: selected.size })}
              </p>
              <div class="actions">
                <button
                  type="button"
                  class="btn primary"
                  onClick={() => {
                    setAsk(undefined);
                    setSaid('');
                    void model.bulk(ask);
                  }}
                >
                  {t('q.confirm')}
                </button>
                <button type="button" class="btn" onClick={() => setAsk(undefined)}>
                  {t('q.cancel')}
                </button>
              </div>
            </div>
          ) : null}
          <ul class="list" aria-labelledby={`${ids}q`}>
            {q.reviews.map((r) => (
              <Row
                key={r.id}
                r={r}
                t={t}
                model={model}
                ui={rows[r.id] ?? {}}
                product={names[r.entityId]}
                selected={selected.has(r.id)}
                date={r.createdDate ? i18n().relative(r.createdDate) : ''}
                onDecide={decideOne}
              />
            ))}
          </ul>
          {q.next ? (
            <button type="button" class="btn" aria-busy={!!q.more} onClick={() => model.more()}>
              {t('q.more')}
            </button>
          ) : null}
          {q.error ? (
            <p class="err" role="alert">
              {q.error}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function Row(p: {
  r: Review;
  t: T;
  model: QueueModel;
  ui: RowUi;
  product?: string;
  selected: boolean;
  date: string;
  onDecide: (r: Review, s: Decision) => void;
}) {
  const { r, t, model, ui } = p;
  const name = author(r, t);
  const [reply, setReply] = useState<string>();
  const photos = r.content.media?.filter((m) => m.image).length ?? 0;
  const busy = !!ui.busy;
  return (
    <li class="card" part="review" aria-busy={busy}>
      <div class="top">
        <input
          type="checkbox"
          aria-label={t('q.select', { name })}
          checked={p.selected}
          onChange={(e) => model.toggle(r.id, e.currentTarget.checked)}
        />
        <span class="stars" role="img" aria-label={t('q.stars', { rating: r.content.rating })}>
          {'★'.repeat(r.content.rating) + '☆'.repeat(Math.max(0, 5 - r.content.rating))}
        </span>
        {r.content.title ? <strong class="title">{r.content.title}</strong> : null}
      </div>
      {r.content.body ? <p class="body">{r.content.body}</p> : null}
      <p class="muted meta">
        <span>{name}</span>
        <span>{t('q.on', { product: p.product ?? r.entityId })}</span>
        {p.date ? <span>{p.date}</span> : null}
        {photos ? <span>{t('q.photos', { count: photos })}</span> : null}
      </p>
      {r.reply?.message && reply === undefined ? (
        <p class="reply">
          <span class="strong">{t('q.yourReply')}: </span>
          {r.reply.message}
        </p>
      ) : null}
      {reply !== undefined ? (
        <form
          class="replyform"
          onSubmit={async (e) => {
            e.preventDefault();
            // what the field holds now (a render may not have caught up with the last keystroke)
            const text = String(new FormData(e.currentTarget).get('reply') ?? '').trim();
            if (text && (await model.reply(r.id, text))) setReply(undefined);
          }}
        >
          <label for={`r-${r.id}`}>{t('q.replyLabel', { name })}</label>
          <textarea
            id={`r-${r.id}`}
            name="reply"
            maxLength={3000}
            rows={3}
            value={reply}
            onInput={(e) => setReply(e.currentTarget.value)}
          />
          <div class="actions">
            <button type="submit" class="btn primary" aria-busy={ui.busy === 'reply'} disabled={busy}>
              {t('q.saveReply')}
            </button>
            <button type="button" class="btn" onClick={() => setReply(undefined)}>
              {t('q.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div class="actions">
          <button
            type="button"
            class="btn primary"
            part="approve"
            disabled={busy}
            aria-busy={ui.busy === 'APPROVED'}
            onClick={() => p.onDecide(r, 'APPROVED')}
          >
            {t('q.approve')}
          </button>
          <button
            type="button"
            class="btn"
            part="reject"
            disabled={busy}
            aria-busy={ui.busy === 'REJECTED'}
            onClick={() => p.onDecide(r, 'REJECTED')}
          >
            {t('q.reject')}
          </button>
          <button type="button" class="link" onClick={() => setReply(r.reply?.message ?? '')}>
            {t(r.reply?.message ? 'q.editReply' : 'q.reply')}
          </button>
        </div>
      )}
      {ui.replied && reply === undefined ? (
        <p class="ok" role="status">
          {t('q.replySaved')}
        </p>
      ) : null}
      {ui.error ? (
        <p class="err" role="alert">
          {ui.error}
        </p>
      ) : null}
    </li>
  );
}
