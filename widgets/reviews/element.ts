import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { ReviewsView, type ReviewsProps } from './view.tsx';
import { reviewsCss } from './styles.ts';

/** `<inlay-reviews product-id | namespace entity-id, page-size, no-form>` */
export const InlayReviews: WidgetElement<ReviewsProps> = defineElement<ReviewsProps>({
  tag: 'inlay-reviews',
  component: ReviewsView,
  props: { productId: 'string', namespace: 'string', entityId: 'string', pageSize: 'number', noForm: 'boolean' },
  styles: reviewsCss,
});
