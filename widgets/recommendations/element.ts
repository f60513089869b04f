import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { RecommendationsView, type RecommendationsProps } from './view.tsx';
import { recommendationsCss } from './styles.ts';

/** `<inlay-recommendations product-id algorithm limit>` */
export const InlayRecommendations: WidgetElement<RecommendationsProps> = defineElement<RecommendationsProps>({
  tag: 'inlay-recommendations',
  component: RecommendationsView,
  props: { productId: 'string', algorithm: 'string', limit: 'number' },
  styles: recommendationsCss,
});
