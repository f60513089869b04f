import type { ComponentChildren } from 'preact';
import type { I18n } from '../../core/i18n/index.ts';
import type { SortKey } from '../../core/api/reviews.ts';
import type { Summary as ReviewSummary } from '../../core/reads/review-summary.ts';
import type { ReviewsModel } from './model.ts';
import { CAMERA, Icon } from './icons.tsx';
import { Stars, type T } from './parts.tsx';

const SORT_KEYS: SortKey[] = ['newest', 'oldest', 'highest', 'lowest'];

/** The item's average, its count and the histogram, each bar a filter by that rating; `children`: the write button. */
export function Summary({
  s,
  rating,
  t,
  i18n,
  model,
  children,
}: {
  s: ReviewSummary;
  rating: number | undefined;
  t: T;
  i18n: () => I18n;
  model: ReviewsModel;
  children?: ComponentChildren;
}) {
  return (
    <div class="summary" part="summary">
      <div class="avg">
        <strong class="big">{i18n().number(s.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</strong>
        <Stars value={s.average} label={t('rev.outOf5', { avg: i18n().number(s.average) })} />
        <bdi class="muted">{t('rev.count', { count: s.count })}</bdi>
      </div>
      <ul class="hist" aria-label={t('rev.filterHint')}>
        {[5, 4, 3, 2, 1].map((n) => {
          const c = s.histogram[n - 1] ?? 0;
          return (
            <li key={n}>
              <button
                type="button"
                part="bar"
                class="bar"
                aria-pressed={rating === n}
                disabled={!c}
                onClick={() => model.filter({ rating: rating === n ? undefined : n })}
              >
                <bdi aria-hidden="true">{n}★</bdi>
                <span class="track" aria-hidden="true">
                  <span style={{ width: `${(c / s.count) * 100}%` }} />
                </span>
                <span aria-hidden="true" class="muted">
                  {i18n().number(c)}
                </span>
                <span class="visually-hidden">{`${t('rev.stars', { count: n })}, ${t('rev.count', { count: c })}`}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {children}
    </div>
  );
}

/** The list's tools: "with photos", clearing the filters, and the sort. */
export function Tools({
  photosOnly,
  filtered,
  t,
  model,
}: {
  photosOnly: boolean;
  filtered: boolean;
  t: T;
  model: ReviewsModel;
}) {
  return (
    <div class="tools">
      <div class="row">
        <button
          type="button"
          part="filter"
          class="chip"
          aria-pressed={photosOnly}
          onClick={() => model.filter({ photos: !photosOnly })}
        >
          <Icon d={CAMERA} />
          {t('rev.withPhotos')}
        </button>
        {filtered ? (
          <button type="button" class="link" onClick={() => model.filter({ rating: undefined, photos: false })}>
            {t('rev.clearFilter')}
          </button>
        ) : null}
      </div>
      <label class="sort">
        {t('rev.sort')}{' '}
        <select part="sort" onChange={(e) => model.setSort((e.target as HTMLSelectElement).value as SortKey)}>
          {SORT_KEYS.map((k) => (
            <option key={k} value={k}>
              {t(`rev.${k}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
