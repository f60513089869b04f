import type { Member } from './api/members.ts';
import type { Cart, CartChangeReason } from './api/current-cart.ts';
import type { Review } from './api/reviews.ts';
import type { StockRequest } from './api/back-in-stock.ts';

/**
 * Detail of every `inlay-*` DOM event (CustomEvent, bubbles and composed). A rename is a breaking change.
 * The member comments are the event descriptions in custom-elements.json and types/ (scripts/manifest.ts).
 */
export interface InlayEventMap {
  /** A member signed in on this page (not fired for the session the page started with). */
  'inlay-login': { member: Member };
  /** The member signed out (here or in another tab). */
  'inlay-logout': Record<string, never>;
  /** The cart changed (`cart` is `null` when empty); fired on the element that made the change, else on document. */
  'inlay-cart-change': { cart: Cart | null; reason: CartChangeReason };
  /** Before going to the hosted checkout. Cancelable: `preventDefault()` stops the navigation. */
  'inlay-checkout': { checkoutId: string; url: string };
  /** A review was submitted (it may await moderation). */
  'inlay-review-submit': { review: Review };
  /** A back-in-stock request was created. */
  'inlay-stock-subscribe': { request: StockRequest };
  /** `<inlay-account>` showed another section, or opened (`orderId`) or closed an order. */
  'inlay-account-navigate': { section: string; orderId?: string };
  /** The member deleted their account in `<inlay-account>` (they are signed out in every tab). */
  'inlay-account-delete': Record<string, never>;
  /** A widget failed (`WIDGET_CRASHED` when its view threw). */
  'inlay-error': { code: string; message: string; requestId?: string };
}

export type InlayEventName = keyof InlayEventMap;

/** Dispatches a typed `inlay-*` event from a widget's host element; returns false when a listener cancelled it. */
export type Emit = <K extends InlayEventName>(
  type: K,
  detail: InlayEventMap[K],
  options?: { cancelable?: boolean },
) => boolean;

export function emitFrom(target: EventTarget): Emit {
  return (type, detail, options) =>
    target.dispatchEvent(
      new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: options?.cancelable ?? false }),
    );
}

declare global {
  interface GlobalEventHandlersEventMap {
    'inlay-login': CustomEvent<InlayEventMap['inlay-login']>;
    'inlay-logout': CustomEvent<InlayEventMap['inlay-logout']>;
    'inlay-cart-change': CustomEvent<InlayEventMap['inlay-cart-change']>;
    'inlay-checkout': CustomEvent<InlayEventMap['inlay-checkout']>;
    'inlay-review-submit': CustomEvent<InlayEventMap['inlay-review-submit']>;
    'inlay-stock-subscribe': CustomEvent<InlayEventMap['inlay-stock-subscribe']>;
    'inlay-account-navigate': CustomEvent<InlayEventMap['inlay-account-navigate']>;
    'inlay-account-delete': CustomEvent<InlayEventMap['inlay-account-delete']>;
    'inlay-error': CustomEvent<InlayEventMap['inlay-error']>;
  }
}
