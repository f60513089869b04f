/** Detail of every `inlay-*` DOM event (CustomEvent, bubbles and composed). A rename is a breaking change. */
export interface InlayEventMap {
  'inlay-login': { member: unknown };
  'inlay-logout': Record<string, never>;
  'inlay-cart-change': { cart: unknown; reason: string };
  /** Cancelable: `preventDefault()` stops the navigation to checkout. */
  'inlay-checkout': { checkoutId: string; url: string };
  'inlay-review-submit': { review: unknown };
  'inlay-stock-subscribe': { request: unknown };
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
    'inlay-error': CustomEvent<InlayEventMap['inlay-error']>;
  }
}
