import { useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { WidgetProps } from '../../core/element.ts';
import type { I18n } from '../../core/i18n/index.ts';
import { $session } from '../../core/stores/session.ts';
import { toast } from '../../core/stores/toasts.ts';
import { productStore } from '../../core/stores/products.ts';
import { reviewsOnPage, summaryStore, type Summary } from '../../core/stores/review-summary.ts';
import type { Review, SortKey } from '../../core/api/reviews.ts';
import {
  createReviewsModel,
  jsonLd,
  photosOf,
  syncJsonLd,
  type Member,
  type ReviewsModel,
} from './model.ts';
import { strings } from './strings.ts';
import { CAMERA, CHECK, CHEVRON, CLOSE, Icon } from './icons.tsx';
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
const SORT_KEYS: SortKey[] = ['newest', 'oldest', 'highest', 'lowest'];
const reduceMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Stars for a rating (fractional fill); `label` is the text alternative. */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span class="stars" role="img" aria-label={label} part="stars">
      <i style={{ width: `${Math.max(0, Math.min(5, value)) * 20}%` }} aria-hidden="true" />
    </span>
  );
}

/** Placeholders in the shape of a review while the list loads (the shared `.skeleton` of core/theme.ts). */
const SkeletonReview = () => (
  <div class="sk-review" aria-hidden="true">
    <div class="skeleton" />
    <div class="skeleton" />
    <div class="skeleton" />
  </div>
);

/** `<inlay-reviews>`: summary + histogram filter, sortable paged list with photos and replies, form, owner moderation. */
export function ReviewsView({ productId, namespace, entityId, pageSize, noForm, host, emit, context }: ReviewsProps & WidgetProps) {
  const ns = productId ? 'stores' : (namespace ?? '');
  const id = productId ?? entityId ?? '';
  const { client, i18n } = context;
  const t = i18n().strings(strings) as T;
  const model = useMemo(() => (id && ns ? createReviewsModel(context, ns, id, Math.min(100, Math.max(1, pageSize || 5))) : undefined), [ns, id, pageSize]);
  const $summary = useMemo(() => (model ? summaryStore(client, ns, id) : undefined), [model]);
  const summary = useStore($summary ?? (NONE as never)) as { data?: Summary; error?: unknown; loading?: boolean };
  const list = useStore(model?.$list ?? NO_LIST);
  const staff = useStore(model?.$staff ?? NO);
  const session = useStore($session);
  const member = session.role === 'member' ? (session.member as Member | undefined) : undefined;
  const product = useStore(useMemo(() => (productId ? productStore(client, productId) : NONE), [productId]));
  const [rating, setRating] = useState<number>();
  const [photosOnly, setPhotosOnly] = useState(false);
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
  const heading = useRef<HTMLHeadingElement>(null);
  const note = useRef<HTMLDivElement>(null);

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
  // <inlay-rating> for this item links here: into view, focus on the heading.
  useEffect(() => {
    if (!model) return;
    return reviewsOnPage(`${ns}:${id}`, () => {
      host.scrollIntoView({ behavior: reduceMotion() ? 'auto' : 'smooth', block: 'start' });
      heading.current?.focus({ preventScroll: true });
    });
  }, [model]);
  // The thank-you takes the form's place, and its focus.
  useEffect(() => void (sent && note.current?.focus()), [sent]);

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
  const photoFilter = (on: boolean) => {
    setPhotosOnly(on);
    model.setPhotos(on);
  };
  const filtered = !!rating || photosOnly;
  const write = !noForm && !formOpen && !sent ? (
    <button type="button" part="write" class="primary write" onClick={() => setFormOpen(true)}>{t(s?.count ? 'rev.write' : 'rev.writeFirst')}</button>
  ) : null;
  const approved = sent?.moderation?.moderationStatus === 'APPROVED';
  const loadingFirst = list.loading && !list.reviews.length && !(s && !s.count);

  return (
    <section part="root" class="root" aria-labelledby={`${ids}h`}>
      <h2 id={`${ids}h`} class="h" ref={heading} tabIndex={-1}>{t('rev.heading')}</h2>
      {summary.error && !s ? (
        <p class="err" role="alert">
          {i18n().error(summary.error)}{' '}
          <button type="button" class="link" onClick={() => model.refresh()}>{t('action.retry')}</button>
        </p>
      ) : !s ? (
        <div class="skeleton sk-sum" aria-hidden="true" />
      ) : s.count ? (
        <div class="summary" part="summary">
          <div class="avg">
            <strong class="big">{i18n().number(s.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</strong>
            <Stars value={s.average} label={t('rev.outOf5', { avg: i18n().number(s.average) })} />
            <span class="muted">{t('rev.count', { count: s.count })}</span>
          </div>
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
          {write}
        </div>
      ) : !sent ? (
        <div class="empty first" part="empty">
          <p class="ft">{t('rev.emptyTitle')}</p>
          {noForm ? null : <p class="muted">{t('rev.empty')}</p>}
          {write}
        </div>
      ) : null}

      {staff && owner ? <owner.Queue i18n={i18n} model={model} Item={Item} t={t} /> : null}

      {sent ? (
        <div class="note" role="status" part="status" tabIndex={-1} ref={note}>
          <p class="ft"><Icon d={CHECK} />{t(approved ? 'rev.published' : 'rev.pendingNote')}</p>
          {approved ? null : <Item r={sent} t={t} i18n={i18n} />}
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
          i18n={i18n}
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

      {s?.count ? (
        <div class="tools">
          <div class="row">
            <button type="button" part="filter" class="chip" aria-pressed={photosOnly} onClick={() => photoFilter(!photosOnly)}>
              <Icon d={CAMERA} />{t('rev.withPhotos')}
            </button>
            {filtered ? (
              <button type="button" class="link" onClick={() => (filter(undefined), photoFilter(false))}>{t('rev.clearFilter')}</button>
            ) : null}
          </div>
          <label class="sort">
            {t('rev.sort')}{' '}
            <select part="sort" onChange={(e) => model.setSort((e.target as HTMLSelectElement).value as SortKey)}>
              {SORT_KEYS.map((k) => <option key={k} value={k}>{t(`rev.${k}`)}</option>)}
            </select>
          </label>
        </div>
      ) : null}

      {list.reviews.length ? (
        <ul class="list" part="list">
          {list.reviews.map((r) => (
            <li key={r.id}>
              <Item r={r} t={t} i18n={i18n} model={model} Controls={staff ? owner?.Controls : undefined} />
            </li>
          ))}
        </ul>
      ) : !list.loading && !list.error && filtered ? (
        <p class="empty" part="empty">{t('rev.emptyFilter')}</p>
      ) : null}
      {list.error ? (
        <p class="err" role="alert">
          {i18n().error(list.error)}{' '}
          <button type="button" class="link" onClick={() => model.load(list.reviews.length > 0)}>{t('action.retry')}</button>
        </p>
      ) : list.loading && (loadingFirst || list.next) ? (
        <div class="list">
          <SkeletonReview />
          {loadingFirst ? <SkeletonReview /> : null}
        </div>
      ) : list.next ? (
        <button type="button" part="more" class="secondary more" onClick={() => model.more()}>{t('rev.more')}</button>
      ) : null}
      <p class="visually-hidden" role="status">{list.loading || !s ? t('rev.loading') : ''}</p>
    </section>
  );
}

/** One review. Text is rendered as text; only http(s) photos are shown. `Controls` (owners) adds moderation. */
export function Item({ r, t, i18n, model, Controls }: { r: Review; t: T; i18n: () => I18n; model?: ReviewsModel; Controls?: Owner['Controls'] }) {
  const photos = photosOf(r);
  const [open, setOpen] = useState<number>();
  const author = r.author?.authorName || t('rev.anon');
  return (
    <article class="review" part="review">
      <Meta r={r} author={author} t={t} i18n={i18n} />
      <div class="what">
        <Stars value={r.content.rating} label={t('rev.outOf5', { avg: r.content.rating })} />
        {r.content.title ? <h3 class="title">{r.content.title}</h3> : null}
        {r.content.body ? <p class="body">{r.content.body}</p> : null}
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
        {open !== undefined ? <Lightbox r={r} photos={photos} start={open} author={author} t={t} i18n={i18n} onClose={() => setOpen(undefined)} /> : null}
        {r.reply?.message ? (
          <div class="reply" part="reply">
            <p class="rh">{t('rev.reply')}</p>
            <p class="body">{r.reply.message}</p>
          </div>
        ) : null}
        {Controls && model ? <Controls i18n={i18n} r={r} author={author} model={model} /> : null}
      </div>
    </article>
  );
}

/** Author, verified badge and date of a review. */
function Meta({ r, author, t, i18n }: { r: Review; author: string; t: T; i18n: () => I18n }) {
  const date = r.createdDate;
  return (
    <p class="meta">
      <span class="author">{author}</span>
      {r.verified ? <span class="badge" part="badge">✓ {t('rev.verified')}</span> : null}
      {date ? <time dateTime={date} title={i18n().date(date)}>{i18n().relative(date)}</time> : null}
    </p>
  );
}

/**
 * A modal photo viewer with the review under the photo: icon buttons (previous/next at the sides, close in the
 * corner), a counter, arrow keys and swipes move, Escape closes; it fades in and out (not under reduced motion) and
 * focus goes back to the thumbnail.
 */
function Lightbox({ r, photos, start, author, t, i18n, onClose }: { r: Review; photos: string[]; start: number; author: string; t: T; i18n: () => I18n; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [i, setI] = useState(start);
  const [out, setOut] = useState(false);
  const down = useRef<{ x: number; y: number }>();
  useEffect(() => {
    const d = ref.current!;
    const opener = (d.getRootNode() as ShadowRoot).activeElement as HTMLElement | null;
    d.showModal?.();
    return () => opener?.focus();
  }, []);
  const n = photos.length;
  // "next" is the arrow or swipe towards the end of the line, which depends on the reading direction
  const dir = () => (getComputedStyle(ref.current!).direction === 'rtl' ? -1 : 1);
  const go = (k: number) => setI((v) => (v + k + n) % n);
  const close = () => {
    if (out) return;
    if (reduceMotion()) return ref.current?.close();
    setOut(true);
    setTimeout(() => ref.current?.close(), 150);
  };
  const label = t('rev.photo', { n: i + 1, total: n, name: author });
  return (
    <dialog
      ref={ref}
      class={out ? 'lightbox out' : 'lightbox'}
      part="lightbox"
      aria-label={label}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => e.target === ref.current && close()}
      onKeyDown={(e) => {
        const k = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (k && n > 1) go(k * dir());
      }}
    >
      <button type="button" class="icon close" aria-label={t('rev.close')} onClick={close}><Icon d={CLOSE} /></button>
      <div
        class="stage"
        onPointerDown={(e) => void (down.current = { x: e.clientX, y: e.clientY })}
        onPointerCancel={() => void (down.current = undefined)}
        onPointerUp={(e) => {
          const d = down.current;
          down.current = undefined;
          const dx = d ? e.clientX - d.x : 0;
          if (n > 1 && Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(e.clientY - d!.y)) go((dx < 0 ? 1 : -1) * dir());
        }}
      >
        <img src={photos[i]} alt={label} draggable={false} />
        {n > 1 ? (
          <>
            <button type="button" class="icon nav prev" aria-label={t('rev.prev')} onClick={() => go(-1)}><Icon d={CHEVRON} /></button>
            <button type="button" class="icon nav next" aria-label={t('rev.next')} onClick={() => go(1)}><Icon d={CHEVRON} /></button>
            <p class="count" aria-hidden="true">{`${i18n().number(i + 1)} / ${i18n().number(n)}`}</p>
          </>
        ) : null}
      </div>
      <div class="cap">
        <Stars value={r.content.rating} label={t('rev.outOf5', { avg: r.content.rating })} />
        {r.content.title ? <p class="title">{r.content.title}</p> : null}
        {r.content.body ? <p class="body">{r.content.body}</p> : null}
        <Meta r={r} author={author} t={t} i18n={i18n} />
      </div>
      <p class="visually-hidden" aria-live="polite">{n > 1 ? label : ''}</p>
    </dialog>
  );
}
