import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { createRatingModel } from './model.ts';
import { strings } from './strings.ts';

export interface RatingProps {
  /** The Stores product whose rating is shown. */
  productId?: string;
}

/**
 * `<inlay-rating>`: compact stars and count for product cards; shares the summary cache with `<inlay-reviews>`. While
 * an `<inlay-reviews>` for the same product is on the page, it is a button that scrolls there and moves focus to it;
 * also while that widget waits to load (`loading="lazy"`, out of view): the scroll loads it, then focus moves.
 */
export function RatingView({ productId, context }: RatingProps & WidgetProps) {
  const { i18n } = context;
  const model = useMemo(() => createRatingModel(context, { productId }), [productId]);
  const s = useStore(model.$summary).data;
  const go = useStore(model.$reviewsOnPage)[`stores:${productId}`] ?? model.toLazyReviews();
  if (!s) return <span part="root" />;
  const t = i18n().strings(strings);
  const avg = i18n().number(s.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const label = t('rat.label', { avg, count: s.count });
  const shown = s.count ? (
    <span role="img" aria-label={label}>
      <span class="stars" aria-hidden="true">
        <i style={{ width: `${s.average * 20}%` }} />
      </span>
      {/* each value isolated: its digits keep their order, the page's direction places them (mirrored right to left) */}
      <span aria-hidden="true">
        {' '}
        <bdi>{avg}</bdi> <bdi>({i18n().number(s.count)})</bdi>
      </span>
    </span>
  ) : (
    <span class="none">{t('rat.none')}</span>
  );
  return go ? (
    <button
      type="button"
      part="root link"
      class="go"
      aria-label={t('rat.go', { label: s.count ? label : t('rat.none') })}
      onClick={go}
    >
      {shown}
    </button>
  ) : (
    <span part="root">{shown}</span>
  );
}
