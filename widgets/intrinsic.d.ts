// Inlay elements used inside other widgets' views (a carousel card holds a rating and an add-to-cart button).
import type { JSX as PreactJSX } from 'preact';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'inlay-rating': PreactJSX.HTMLAttributes<HTMLElement> & { 'product-id'?: string };
      'inlay-add-to-cart': PreactJSX.HTMLAttributes<HTMLElement> & { 'product-id'?: string; 'variant-id'?: string; quantity?: string; 'no-open'?: boolean };
    }
  }
}
