import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../../core/element.ts';
import { createRatingModel, type RatingProps } from './model.ts';
import { strings } from './strings.ts';

export type { RatingProps } from './model.ts';

/**
 * `<inlay-rating>`: compact stars and count for product cards; shares the summary cache with `<inlay-reviews>`. While
 * an `<inlay-reviews>` for the same product is on the page, it is a button that scrolls there and moves focus to it.
 */
export function RatingView({ productId, context }: RatingProps & WidgetProps) {
  const { i18n } = context;
  const t = i18n().strings(strings);
  const model = useMemo(() => createRatingModel(context, { productId }), [productId]);
  const s = useStore(model.$summary).data;
  const go = useStore(model.$reviewsOnPage)[`stores:${productId}`];
  let shown;
  let label = '';
  if (s) {
    const avg = i18n().number(s.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    label = s.count ? t('rat.label', { avg, count: s.count }) : t('rat.none');
    shown = s.count ? (
      <span role="img" aria-label={label}>
        <span class="stars" aria-hidden="true"><i style={{ width: `${s.average * 20}%` }} /></span>
        <span aria-hidden="true"> {avg} ({i18n().number(s.count)})</span>
      </span>
    ) : (
      <span class="none">{label}</span>
    );
  }
  // while loading, an empty box of the same size
  return s && go ? (
    <button type="button" part="root link" class="go" aria-label={t('rat.go', { label })} onClick={go}>{shown}</button>
  ) : (
    <span part="root">{shown}</span>
  );
}
