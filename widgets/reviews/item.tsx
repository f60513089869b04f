import { useState } from 'react';
import type { I18n } from '../../core/i18n/index.ts';
import type { Review } from '../../core/api/reviews.ts';
import { photosOf, type ReviewsModel } from './model.ts';
import { Lightbox } from './lightbox.tsx';
import { Meta, Stars, type T } from './parts.tsx';

type Owner = typeof import('./review-owner.tsx');

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
  model?: ReviewsModel;
  Controls?: Owner['Controls'];
}) {
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
                <button
                  type="button"
                  class="thumb"
                  part="photo"
                  onClick={() => setOpen(i)}
                  aria-label={t('rev.photo', { n: i + 1, total: photos.length, name: author })}
                >
                  <img src={u} alt="" loading="lazy" width={72} height={72} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {open !== undefined ? (
          <Lightbox
            r={r}
            photos={photos}
            start={open}
            author={author}
            t={t}
            i18n={i18n}
            onClose={() => setOpen(undefined)}
          />
        ) : null}
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
