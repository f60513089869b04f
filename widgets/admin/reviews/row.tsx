import { useEffect, useRef, useState } from 'react';
import type { Review } from '../../../core/api/reviews.ts';
import type { Translator } from '../../../core/i18n/index.ts';
import type { Decision, QueueModel, RowUi } from './model.ts';
import type { queueStrings } from './strings.ts';
import { ErrorLine } from '../../../ui/states.tsx';

export type T = Translator<keyof typeof queueStrings>;
export const author = (r: Review, t: T) => r.author?.authorName?.trim() || t('q.anonymous');

/** One review waiting: its stars, words, author, product and photos; approve, reject, or reply (a form in place). */
export function Row(p: {
  r: Review;
  t: T;
  model: QueueModel;
  ui: RowUi;
  product?: string;
  selected: boolean;
  /** The review the console was opened on: scrolled to and focused once. */
  focused?: boolean;
  date: string;
  onDecide: (r: Review, s: Decision) => void;
}) {
  const { r, t, model, ui } = p;
  const name = author(r, t);
  const [reply, setReply] = useState<string>();
  const photos = r.content.media?.filter((m) => m.image).length ?? 0;
  const busy = !!ui.busy;
  const li = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!p.focused) return;
    li.current?.scrollIntoView?.({ block: 'center' });
    li.current?.focus();
  }, [p.focused]);
  return (
    <li
      class={p.focused ? 'card focus' : 'card'}
      part="review"
      aria-busy={busy}
      ref={li}
      tabIndex={p.focused ? -1 : undefined}
      aria-current={p.focused || undefined}
    >
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
        {/* what a person wrote reads in its own direction; names, the product and counts each in their own run */}
        {r.content.title ? (
          <strong class="title" dir="auto">
            {r.content.title}
          </strong>
        ) : null}
      </div>
      {r.content.body ? (
        <p class="body" dir="auto">
          {r.content.body}
        </p>
      ) : null}
      <p class="muted meta">
        <bdi>{name}</bdi>
        <bdi>{t('q.on', { product: p.product ?? r.entityId })}</bdi>
        {p.date ? <bdi>{p.date}</bdi> : null}
        {photos ? <bdi>{t('q.photos', { count: photos })}</bdi> : null}
      </p>
      {r.reply?.message && reply === undefined ? (
        <p class="reply">
          <span class="strong">{t('q.yourReply')}: </span>
          <bdi>{r.reply.message}</bdi>
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
            dir="auto"
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
      <ErrorLine error={ui.error} />
    </li>
  );
}
