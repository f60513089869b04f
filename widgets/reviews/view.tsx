import { useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { i18n } from '../../core/boot.ts';
import type { WidgetProps } from '../../core/element.ts';
import { $session } from '../../core/stores/session.ts';
import { toast } from '../../core/stores/toasts.ts';
import { productStore } from '../../core/services/products.ts';
import { summaryStore, type Review, type SortKey, type Summary } from '../../core/services/review-summary.ts';
import {
  createReviewsModel,
  jsonLd,
  photosOf,
  syncJsonLd,
  type Member,
  type ReviewsModel,
} from './model.ts';
import { strings } from './strings.ts';
import type { FormProps } from './review-form.tsx';

type Owner = typeof import('./review-owner.tsx');

export interface ReviewsProps {
  /** The Stores product reviewed (same as `namespace="stores"` with this `entity-id`). */
  productId?: string;
  /** The reviews namespace, with `entity-id`, for anything other than a Stores product. */
  namespace?: string;
  /** The entity reviewed within `namespace`. */
  entityId?: string;
  /**
   * Reviews per page (1 to 100).
   * @default 5
   */
  pageSize?: number;
  /** Hide the "write a review" form. */
  noForm?: boolean;
}

type T = (k: string, p?: Record<string, string | number>) => string;
const NONE = atom<{ data?: { name?: string } }>({});
const NO_LIST = atom({ reviews: [] as Review[], loading: false, error: undefined as unknown, next: undefined as string | undefined });
const NO = atom(false);
const SORT_KEYS: SortKey[] = ['newest', 'oldest', 'highest', 'lowest', 'helpful'];

/** Stars for a rating (fractional fill); `label` is the text alternative. */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span class="stars" role="img" aria-label={label} part="stars">
      <i style={{ width: `${Math.max(0, Math.min(5, value)) * 20}%` }} aria-hidden="true" />
    </span>
  );
}

/** `<inlay-reviews>`: summary + histogram filter, sortable paged list with photos and replies, form, owner moderation. */
export function ReviewsView({ productId, namespace, entityId, pageSize, noForm, emit }: ReviewsProps & WidgetProps) {
  const ns = productId ? 'stores' : (namespace ?? '');
  const id = productId ?? entityId ?? '';
  const t = i18n().strings(strings) as T;
  const model = useMemo(() => (id && ns ? createReviewsModel(ns, id, Math.min(100, Math.max(1, pageSize || 5))) : undefined), [ns, id, pageSize]);
  const $summary = useMemo(() => (model ? summaryStore(ns, id) : undefined), [model]);
  const summary = useStore($summary ?? (NONE as never)) as { data?: Summary; error?: unknown; loading?: boolean };
  const list = useStore(model?.$list ?? NO_LIST);
  const staff = useStore(model?.$staff ?? NO);
  const session = useStore($session);
  const member = session.role === 'member' ? (session.member as Member | undefined) : undefined;
  const product = useStore(useMemo(() => (productId ? productStore(productId) : NONE), [productId]));
  const [rating, setRating] = useState<number>();
  // The form is its own chunk, loaded on "Write a review" (at once when this tab holds a draft for the item).
  const [formOpen, setFormOpen] = useState(() => {
    try {
      return !!sessionStorage.getItem(`inlay.reviews.draft.${ns}:${id}`);
    } catch {
      return false;
    }
  });
  const [Form, setForm] = useState<ComponentType<FormProps>>();
  const [formError, setFormError] = useState<unknown>();
  useEffect(() => {
    if (formOpen && !Form) {
      setFormError(undefined);
      import('./review-form.tsx').then((m) => setForm(() => m.ReviewForm), setFormError);
    }
  }, [formOpen, Form]);
  const [sent, setSent] = useState<Review>();
  const ids = useId();

  useEffect(() => {
    void model?.load();
    return () => model?.dispose();
  }, [model]);
  useEffect(() => void model?.probeStaff(session.role === 'member', member?.id), [model, session.role, member?.id]);
  // Moderation is its own chunk, loaded for owners only.
  const [owner, setOwner] = useState<Owner>();
  useEffect(() => {
    if (staff && !owner) import('./review-owner.tsx').then(setOwner, (e: unknown) => toast.error(i18n().error(e)));
  }, [staff, owner]);

  // JSON-LD for the shown item in the host document's head, kept in sync, removed on disconnect.
  const name = product.data?.name ?? (document.title || id);
  useEffect(() => {
    if (id) syncJsonLd(id, summary.data ? jsonLd(name, summary.data, list.reviews) : undefined);
  }, [id, name, summary.data, list.reviews]);
  useEffect(() => () => syncJsonLd(id, undefined), [id]);

  if (!model) return <div part="root" />;
  const s = summary.data;
  const filter = (n: number | undefined) => {
    setRating(n);
    model.setRating(n);
  };

  return (
    <section part="root" class="root" aria-labelledby={`${ids}h`}>
      <h2 id={`${ids}h`} class="h">{t('rev.heading')}</h2>
      {summary.error && !s ? (
        <p class="err" role="alert">
          {i18n().error(summary.error)}{' '}
          <button type="button" class="link" onClick={() => model.refresh()}>{t('action.retry')}</button>
        </p>
      ) : s ? (
        <div class="summary" part="summary">
          <div class="avg">
            <strong class="big">{i18n().number(s.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</strong>
            <Stars value={s.average} label={t('rev.outOf5', { avg: i18n().number(s.average) })} />
            <span class="muted">{t('rev.count', { count: s.count })}</span>
          </div>
          {s.count ? (
            <ul class="hist" aria-label={t('rev.filterHint')}>
              {[5, 4, 3, 2, 1].map((n) => {
                const c = s.histogram[n - 1] ?? 0;
                return (
                  <li key={n}>
                    <button type="button" part="bar" class="bar" aria-pressed={rating === n} disabled={!c} onClick={() => filter(rating === n ? undefined : n)}>
                      <span aria-hidden="true">{n}★</span>
                      <span class="track" aria-hidden="true"><span style={{ width: `${(c / s.count) * 100}%` }} /></span>
                      <span aria-hidden="true" class="muted">{i18n().number(c)}</span>
                      <span class="visually-hidden">{`${t('rev.stars', { count: n })}, ${t('rev.count', { count: c })}`}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : (
        <p class="muted" role="status">{t('loading')}</p>
      )}

      {staff && owner ? <owner.Queue model={model} Item={Item} t={t} /> : null}

      <div class="tools">
        {!noForm && !formOpen && !sent ? (
          <button type="button" part="write" class="primary" onClick={() => setFormOpen(true)}>{t('rev.write')}</button>
        ) : null}
        {s?.count ? (
          <label class="sort">
            {t('rev.sort')}{' '}
            <select part="sort" onChange={(e) => model.setSort((e.target as HTMLSelectElement).value as SortKey)}>
              {SORT_KEYS.map((k) => <option key={k} value={k}>{t(`rev.${k}`)}</option>)}
            </select>
          </label>
        ) : null}
        {rating ? <button type="button" class="link" onClick={() => filter(undefined)}>{t('rev.clearFilter')}</button> : null}
      </div>

      {sent ? (
        <div class="note" role="status" part="status">
          <p>{t(sent.moderation?.moderationStatus === 'APPROVED' ? 'rev.published' : 'rev.pendingNote')}</p>
          <Item r={sent} t={t} />
        </div>
      ) : null}
      {formOpen && !sent && formError ? (
        <p class="err" role="alert">
          {i18n().error(formError)}{' '}
          <button type="button" class="link" onClick={() => setFormOpen(false)}>{t('action.retry')}</button>
        </p>
      ) : null}
      {formOpen && !sent && Form ? (
        <Form
          ns={ns}
          id={id}
          needContact={!member?.contactId}
          submit={(d, files) => model.submit(d, files, member)}
          onCancel={() => setFormOpen(false)}
          onDone={(r) => {
            setSent(r);
            setFormOpen(false);
            emit('inlay-review-submit', { review: r });
          }}
        />
      ) : null}

      {list.reviews.length ? (
        <ul class="list" part="list">
          {list.reviews.map((r) => (
            <li key={r.id}>
              <Item r={r} t={t} model={model} Controls={staff ? owner?.Controls : undefined} />
            </li>
          ))}
        </ul>
      ) : !list.loading && !list.error && s ? (
        <p class="empty" part="empty">{t(rating ? 'rev.emptyFilter' : 'rev.empty')}</p>
      ) : null}
      {list.error ? (
        <p class="err" role="alert">
          {i18n().error(list.error)}{' '}
          <button type="button" class="link" onClick={() => model.load(list.reviews.length > 0)}>{t('action.retry')}</button>
        </p>
      ) : list.loading ? (
        <p class="muted" role="status">{t('loading')}</p>
      ) : list.next ? (
        <button type="button" part="more" class="secondary" onClick={() => model.more()}>{t('rev.more')}</button>
      ) : null}
    </section>
  );
}

/** One review. Text is rendered as text; only http(s) photos are shown. `Controls` (owners) adds moderation. */
export function Item({ r, t, model, Controls }: { r: Review; t: T; model?: ReviewsModel; Controls?: Owner['Controls'] }) {
  const photos = photosOf(r);
  const [open, setOpen] = useState<number>();
  const author = r.author?.authorName || t('rev.anon');
  const date = r.createdDate;
  return (
    <article class="review" part="review">
      <Stars value={r.content.rating} label={t('rev.outOf5', { avg: r.content.rating })} />
      {r.content.title ? <h3 class="title">{r.content.title}</h3> : null}
      {r.content.body ? <p class="body">{r.content.body}</p> : null}
      <p class="meta">
        <span class="author">{author}</span>
        {r.verified ? <span class="badge" part="badge">✓ {t('rev.verified')}</span> : null}
        {date ? <time dateTime={date} title={i18n().date(date)}>{i18n().relative(date)}</time> : null}
      </p>
      {photos.length ? (
        <ul class="photos">
          {photos.map((u, i) => (
            <li key={u}>
              <button type="button" class="thumb" part="photo" onClick={() => setOpen(i)} aria-label={t('rev.photo', { n: i + 1, total: photos.length, name: author })}>
                <img src={u} alt="" loading="lazy" width={72} height={72} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {open !== undefined ? <Lightbox photos={photos} start={open} author={author} t={t} onClose={() => setOpen(undefined)} /> : null}
      {r.reply?.message ? (
        <div class="reply" part="reply">
          <p class="rh">{t('rev.reply')}</p>
          <p class="body">{r.reply.message}</p>
        </div>
      ) : null}
      {Controls && model ? <Controls r={r} author={author} model={model} /> : null}
    </article>
  );
}

/** A modal photo viewer: Esc closes (native), arrows move, focus goes back to the thumbnail. */
function Lightbox({ photos, start, author, t, onClose }: { photos: string[]; start: number; author: string; t: T; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [i, setI] = useState(start);
  useEffect(() => {
    const d = ref.current!;
    const opener = (d.getRootNode() as ShadowRoot).activeElement as HTMLElement | null;
    d.showModal?.();
    return () => opener?.focus();
  }, []);
  const go = (k: number) => setI((i + k + photos.length) % photos.length);
  return (
    <dialog
      ref={ref}
      class="lightbox"
      part="lightbox"
      aria-label={t('rev.photo', { n: i + 1, total: photos.length, name: author })}
      onClose={onClose}
      onKeyDown={(e) => {
        // the arrow that points to "next" depends on the reading direction
        const k = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (k) go(getComputedStyle(ref.current!).direction === 'rtl' ? -k : k);
      }}
    >
      <img src={photos[i]} alt={t('rev.photo', { n: i + 1, total: photos.length, name: author })} />
      <div class="row">
        {photos.length > 1 ? <button type="button" class="secondary" onClick={() => go(-1)}><span class="arr" aria-hidden="true">←</span> {t('rev.prev')}</button> : null}
        {photos.length > 1 ? <button type="button" class="secondary" onClick={() => go(1)}>{t('rev.next')} <span class="arr" aria-hidden="true">→</span></button> : null}
        <button type="button" class="primary" onClick={() => ref.current?.close()}>{t('rev.close')}</button>
      </div>
    </dialog>
  );
}

