import { useState } from 'react';
import type { I18n } from '../../core/i18n/index.ts';
import { onDemand } from '../../core/on-demand.ts';
import type { Review } from '../../core/api/reviews.ts';
import { photosOf, type ReviewsModel } from './model.ts';
import { Icon } from './icons.tsx';
import { Meta, Stars, type T } from './parts.tsx';

type Owner = typeof import('./review-owner.tsx');
type LightboxModule = typeof import('./lightbox.tsx');

/** The photo viewer's chunk, imported once per page as a photo is about to open; a failed import is tried again. */
const lightbox = onDemand((): Promise<LightboxModule> => import('./lightbox.tsx'));
const loadLightbox = lightbox.load;
/** Hover, press or focus on a photo: its viewer starts loading (a failure here is told only if it is then opened). */
const intent = lightbox.warm;

/**
 * A review's stars, title and body, as its card shows them (`Title`: a heading there) and as the photo viewer repeats
 * them under the photo; text a person wrote keeps its own direction. (A list of children, not a component: a
 * component's props and fragment cost the reviews' chunk 16 B more.)
 */
const content = ({ content: c }: Review, t: T, Title: 'h3' | 'p') => [
  <Stars value={c.rating} label={t('rev.outOf5', { avg: c.rating })} />,
  c.title ? (
    <Title class="title" dir="auto">
      {c.title}
    </Title>
  ) : null,
  c.body ? (
    <p class="body" dir="auto">
      {c.body}
    </p>
  ) : null,
];

/** One review. Text is rendered as text; only http(s) photos are shown. `Controls` (owners) adds moderation. */
export function Item({
  r,
  t,
  i18n,
  model,
  Controls,
}: {
  r: Review;
  t: T;
  i18n: () => I18n;
  model: ReviewsModel;
  Controls?: Owner['Controls'];
}) {
  const photos = photosOf(r);
  const [open, setOpen] = useState<number>();
  // the photo whose viewer is loading after a press (busy meanwhile); it opens as the chunk arrives
  const [busy, setBusy] = useState<number>();
  const author = r.author?.authorName || t('rev.anon');
  const show = (i: number) => {
    if (lightbox.loaded()) return setOpen(i);
    if (busy !== undefined) return;
    setBusy(i);
    loadLightbox()
      .then(
        () => setOpen(i),
        (e: unknown) => model.toast.error(i18n().error(e)),
      )
      .finally(() => setBusy(undefined));
  };
  const Lightbox = open !== undefined ? lightbox.loaded()?.Lightbox : undefined;
  return (
    <article class="review" part="review">
      <Meta r={r} author={author} t={t} i18n={i18n} />
      <div class="what">
        {content(r, t, 'h3')}
        {photos.length ? (
          <ul class="photos">
            {photos.map((u, i) => (
              <li key={u}>
                <button
                  type="button"
                  class="thumb"
                  part="photo"
                  aria-busy={busy === i ? 'true' : undefined}
                  onPointerEnter={intent}
                  onPointerDown={intent}
                  onFocus={intent}
                  onClick={() => show(i)}
                  aria-label={t('rev.photo', { n: i + 1, total: photos.length, name: author })}
                >
                  <img src={u} alt="" loading="lazy" width={72} height={72} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {Lightbox ? (
          <Lightbox
            photos={photos}
            start={open!}
            author={author}
            t={t}
            i18n={i18n}
            Icon={Icon}
            onClose={() => setOpen(undefined)}
          >
            {content(r, t, 'p')}
            <Meta r={r} author={author} t={t} i18n={i18n} />
          </Lightbox>
        ) : null}
        {r.reply?.message ? (
          <div class="reply" part="reply">
            <p class="rh">{t('rev.reply')}</p>
            <p class="body" dir="auto">
              {r.reply.message}
            </p>
          </div>
        ) : null}
        {Controls ? <Controls i18n={i18n} r={r} author={author} model={model} /> : null}
      </div>
    </article>
  );
}
