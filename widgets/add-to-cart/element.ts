import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { AddToCartView, type AddToCartProps } from './view.tsx';
import { addToCartCss } from './styles.ts';

/** `<inlay-add-to-cart product-id variant-id quantity no-open>` */
export const InlayAddToCart: WidgetElement<AddToCartProps> = defineElement<AddToCartProps>({
  tag: 'inlay-add-to-cart',
  component: AddToCartView,
  props: { productId: 'string', variantId: 'string', quantity: 'number', noOpen: 'boolean' },
  styles: addToCartCss,
});
