// Inlay elements used inside other widgets' views (a carousel card holds a rating and an add-to-cart button): every
// tag of widgets/registry.ts, with the attributes its element's props map to.
import type { JSX as PreactJSX } from 'preact';
import type { WidgetAttributes, WidgetTag } from './registry.ts';

type InlayIntrinsicElements = { [T in WidgetTag]: PreactJSX.HTMLAttributes<HTMLElement> & WidgetAttributes<T> };

declare module 'preact' {
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends InlayIntrinsicElements {}
  }
}
