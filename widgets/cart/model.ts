import { InlayApiError } from '../../core/errors.ts';
import type { CartLine } from '../../core/api/current-cart.ts';

/** The most of a line one can have: its stock when tracked, else the platform's 9999. */
export const maxQuantity = (l: CartLine) => Math.max(1, Math.min(9999, l.availability?.quantityAvailable ?? 9999));

/** A typed quantity: a whole number from 1 to the line's maximum; `over` when it had to be lowered. */
export function boundQuantity(raw: string, l: CartLine): { value: number; over: boolean } | undefined {
  const n = Math.floor(Number(raw));
  if (!raw.trim() || !Number.isFinite(n)) return undefined;
  const max = maxQuantity(l);
  return { value: Math.min(max, Math.max(1, n)), over: n > max };
}

/** "Color: Forest · Size: Large". */
export const variantText = (l: CartLine) =>
  (l.descriptionLines ?? [])
    .map((d) => {
      const v = d.colorInfo ?? d.plainText;
      const name = d.name?.translated ?? d.name?.original;
      const value = v?.translated ?? v?.original;
      return value ? (name ? `${name}: ${value}` : value) : '';
    })
    .filter(Boolean)
    .join(' · ');

export const lineName = (l: CartLine) => l.productName?.translated ?? l.productName?.original ?? '';

/** Which message an availability status gets (undefined when fine). */
export function availabilityKey(l: CartLine): 'cart.outOfStock' | 'cart.partial' | 'cart.notFound' | undefined {
  const s = l.availability?.status;
  if (s === 'NOT_AVAILABLE') return 'cart.outOfStock';
  if (s === 'NOT_FOUND') return 'cart.notFound';
  if (s === 'PARTIALLY_AVAILABLE' || (l.availability?.quantityAvailable !== undefined && l.quantity > l.availability.quantityAvailable)) return 'cart.partial';
  return undefined;
}

/** The coupon message for a refused code. */
export function couponErrorKey(e: unknown): 'cart.couponUnknown' | 'cart.couponExpired' | 'cart.couponInactive' | undefined {
  const code = e instanceof InlayApiError ? e.applicationError?.code : undefined;
  return code === 'COUPON_DOES_NOT_EXIST' ? 'cart.couponUnknown' : code === 'COUPON_IS_EXPIRED' ? 'cart.couponExpired' : code === 'COUPON_NOT_ACTIVE_YET' ? 'cart.couponInactive' : undefined;
}
