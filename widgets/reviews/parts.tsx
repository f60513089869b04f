import type { I18n, Translator } from '../../core/i18n/index.ts';
import type { Review } from '../../core/api/reviews.ts';
import type { strings } from './strings.ts';

export const reduceMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The reviews' translator (the main chunk's strings). */
export type T = Translator<keyof typeof strings>;

/** Stars for a rating (fractional fill); `label` is the text alternative. */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span class="stars" role="img" aria-label={label} part="stars">
      <i style={{ width: `${Math.max(0, Math.min(5, value)) * 20}%` }} aria-hidden="true" />
    </span>
  );
}

/** Placeholders in the shape of a review while the list loads (the shared `.skeleton` of core/theme.ts). */
export const SkeletonReview = () => (
  <div class="sk-review" aria-hidden="true">
    <div class="skeleton" />
    <div class="skeleton" />
    <div class="skeleton" />
  </div>
);

/** Author, verified badge and date of a review. */
export function Meta({ r, author, t, i18n }: { r: Review; author: string; t: T; i18n: () => I18n }) {
  const date = r.createdDate;
  return (
    <p class="meta">
      <bdi class="author">{author}</bdi>
      {r.verified ? (
        <span class="badge" part="badge">
          ✓ {t('rev.verified')}
        </span>
      ) : null}
      {date ? (
        <time dateTime={date} title={i18n().date(date)}>
          <bdi>{i18n().relative(date)}</bdi>
        </time>
      ) : null}
    </p>
  );
}
