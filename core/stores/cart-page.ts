/**
 * Where the page's cart meets the page (a seam: the one cart module that reaches browser globals): other tabs through a
 * BroadcastChannel, the back/forward cache (`pageshow`), and `inlay-cart-change` on the document when no element made
 * the change. Kept beside the cart, in its lazy chunk.
 */
import type { Cart, CartChangeReason } from '../api/current-cart.ts';

/** Dispatches `inlay-cart-change` on `target` (the element that made the change), else on the document. */
export const announce = (cart: Cart | null, reason: CartChangeReason, target: EventTarget = document) => {
  target.dispatchEvent(
    new CustomEvent('inlay-cart-change', { detail: { cart, reason }, bubbles: true, composed: true }),
  );
};

/** A channel to the other tabs (`heard`: what one posted), or null where there is no BroadcastChannel (this tab only). */
export function openChannel<T>(name: string, heard: (message: T) => void): BroadcastChannel | null {
  try {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (e: MessageEvent<T>) => heard(e.data);
    return channel;
  } catch {
    return null;
  }
}

/** Runs `restored` when the page comes back from the back/forward cache; returns the stop function. */
export function onRestore(restored: () => void): () => void {
  const onPageShow = (e: PageTransitionEvent) => e.persisted && restored();
  addEventListener('pageshow', onPageShow);
  return () => removeEventListener('pageshow', onPageShow);
}
