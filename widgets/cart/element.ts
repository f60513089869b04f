import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { CartView, type CartProps } from './view.tsx';
import { cartCss } from './styles.ts';

/** `<inlay-cart open thank-you-url>` */
export const InlayCart: WidgetElement<CartProps> = defineElement<CartProps>({
  tag: 'inlay-cart',
  component: CartView,
  props: { open: 'boolean', thankYouUrl: 'string' },
  styles: cartCss,
});
