import { useId, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import type { I18n } from '../../core/i18n/index.ts';
import type { Review } from '../../core/api/reviews.ts';
import type { ReviewsModel } from './model.ts';
import type { T } from './parts.tsx';
import { ownerStrings } from './owner-strings.ts';

/** Run an owner action (the model's): true when done; a failure is told by the page's toaster, the caller's state kept. */
async function run(i18n: () => I18n, model: ReviewsModel, fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch (e) {
    model.toast.error(i18n().error(e, true)); // the owner's tools: with the request id
    return false;
  }
}

/** The pending queue: approve or reject one by one, or all at once. `Item` renders a review (from the main chunk). */
export function Queue({
  i18n,
  model,
  Item,
  t: tm,
}: {
  i18n: () => I18n;
  model: ReviewsModel;
  Item: ComponentType<{ r: Review; t: T; i18n: () => I18n; model: ReviewsModel }>;
  t: T;
}) {
  const t = i18n().strings(ownerStrings);
  const q = useStore(model.$pending);
  if (!q.reviews.length) return null;
  // the platform moderates them in a job that may still run: said so; the queue is read again (the model's)
  const all = (status: 'APPROVED' | 'REJECTED') =>
    run(i18n, model, async () => model.toast.info(t('o.started', { count: await model.moderateAll(status) })));
  return (
    <section class="queue" part="queue" aria-label={t('o.queue', { count: q.reviews.length })}>
      <h3>
        <bdi>{t('o.queue', { count: q.reviews.length })}</bdi>
      </h3>
      <div class="row">
        <button type="button" class="secondary" onClick={() => all('APPROVED')}>
          {t('o.approveAll')}
        </button>
        <button type="button" class="secondary" onClick={() => all('REJECTED')}>
          {t('o.rejectAll')}
        </button>
      </div>
      <ul class="list">
        {q.reviews.map((r) => (
          <li key={r.id}>
            <Item r={r} t={tm} i18n={i18n} model={model} />
            <div class="row">
              <button
                type="button"
                part="approve"
                class="primary"
                onClick={() => run(i18n, model, () => model.moderate(r.id, 'APPROVED'))}
              >
                {t('o.approve')}
              </button>
              <button
                type="button"
                part="reject"
                class="secondary"
                onClick={() => run(i18n, model, () => model.moderate(r.id, 'REJECTED'))}
              >
                {t('o.reject')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An owner's controls under a review: reply (add, edit, delete) and delete with a confirmation step. */
export function Controls({
  i18n,
  r,
  author,
  model,
}: {
  i18n: () => I18n;
  r: Review;
  author: string;
  model: ReviewsModel;
}) {
  const t = i18n().strings(ownerStrings);
  const [reply, setReply] = useState<string>();
  const [confirm, setConfirm] = useState(false);
  const ids = useId();
  return reply !== undefined ? (
    <form
      class="replyform"
      onSubmit={async (e) => {
        e.preventDefault();
        if (reply.trim() && (await run(i18n, model, () => model.reply(r.id, reply.trim())))) setReply(undefined);
      }}
    >
      <label for={`${ids}r`}>{t('o.replyLabel', { name: author })}</label>
      <textarea
        id={`${ids}r`}
        maxLength={3000}
        rows={3}
        value={reply}
        onInput={(e) => setReply((e.target as HTMLTextAreaElement).value)}
      />
      <div class="row">
        <button type="submit" class="primary">
          {t('o.saveReply')}
        </button>
        <button type="button" class="link" onClick={() => setReply(undefined)}>
          {t('o.cancel')}
        </button>
      </div>
    </form>
  ) : (
    <div class="row owner">
      <button type="button" class="link" part="reply-button" onClick={() => setReply(r.reply?.message ?? '')}>
        {t(r.reply?.message ? 'o.editReply' : 'o.addReply')}
      </button>
      {r.reply?.message ? (
        <button type="button" class="link" onClick={() => run(i18n, model, () => model.deleteReply(r.id))}>
          {t('o.deleteReply')}
        </button>
      ) : null}
      <button
        type="button"
        class={confirm ? 'danger' : 'link'}
        onClick={() => (confirm ? run(i18n, model, () => model.remove(r.id)) : setConfirm(true))}
      >
        {t(confirm ? 'o.confirmDelete' : 'o.delete')}
      </button>
    </div>
  );
}
