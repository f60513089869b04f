import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { BackInStockView, type BackInStockProps } from './view.tsx';
import { backInStockCss } from './styles.ts';

/** `<inlay-back-in-stock product-id variant-id always>` */
export const InlayBackInStock: WidgetElement<BackInStockProps> = defineElement<BackInStockProps>({
  tag: 'inlay-back-in-stock',
  component: BackInStockView,
  props: { productId: 'string', variantId: 'string', always: 'boolean' },
  styles: backInStockCss,
});
