import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { i18n } from '../../core/boot.ts';
import type { WidgetProps } from '../../core/element.ts';
import { summaryStore, type Summary } from '../../core/services/review-summary.ts';
import { strings } from './strings.ts';

export interface RatingProps {
  /** The Stores product whose rating is shown. */
  productId?: string;
}
const NONE = atom<{ data?: Summary }>({});

/** `<inlay-rating>`: compact stars and count for product cards; shares the summary cache with `<inlay-reviews>`. */
export function RatingView({ productId }: RatingProps & WidgetProps) {
  const s = useStore(useMemo(() => (productId ? summaryStore('stores', productId) : NONE), [productId])).data;
  if (!s) return <span part="root" />;
  const t = i18n().strings(strings) as (k: string, p?: Record<string, string | number>) => string;
  if (!s.count) return <span part="root" class="none">{t('rat.none')}</span>;
  const avg = i18n().number(s.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span part="root" role="img" aria-label={t('rat.label', { avg, count: s.count })}>
      <span class="stars" aria-hidden="true"><i style={{ width: `${s.average * 20}%` }} /></span>
      <span aria-hidden="true"> {avg} ({i18n().number(s.count)})</span>
    </span>
  );
}
