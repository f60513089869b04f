import { defineElement } from '../../core/element.ts';
import type { WidgetElement } from '../registry.ts';
import { RatingView, type RatingProps } from './view.tsx';

/** `<inlay-rating product-id>` */
export const InlayRating: WidgetElement<RatingProps> = defineElement<RatingProps>({
  tag: 'inlay-rating',
  component: RatingView,
  props: { productId: 'string' },
  styles:
    // the same box while loading as when shown (and as the loader reserves): no layout shift
    ':host{display:inline-block;vertical-align:middle;font-size:14.4px!important;min-height:20.88px;color:var(--_muted)!important}.stars{position:relative;display:inline-block;letter-spacing:1px;color:var(--_border)}' +
    ".stars::before,.stars i::before{content:'★★★★★'}.stars i{position:absolute;inset-block:0;inset-inline-start:0;overflow:hidden;white-space:nowrap;color:var(--_star)}" +
    // the link to the reviews on the page: the same look, underlined on hover
    '.go{margin:0;padding:0;border:0;background:none;font:inherit;color:inherit;cursor:pointer;border-radius:2px}.go:hover span{text-decoration:underline}',
});
