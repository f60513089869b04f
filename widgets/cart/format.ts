import type { CartLine } from '../../core/api/current-cart.ts';

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
