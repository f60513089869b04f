import type { CartLine } from '../../core/api/current-cart.ts';
import { bidiSafe } from '../../core/i18n/index.ts';

/** "Color: Forest · Size: Large". */
export const variantText = (l: CartLine) =>
  (l.descriptionLines ?? [])
    .map((d) => {
      const v = d.colorInfo ?? d.plainText;
      const name = d.name?.translated ?? d.name?.original;
      const value = v?.translated ?? v?.original;
      // each isolated: an option in one direction beside a value in the other keeps both whole ("Size: מידה 2")
      return value ? (name ? `${bidiSafe(name)}: ${bidiSafe(value)}` : value) : '';
    })
    .filter(Boolean)
    .join(' · ');

export const lineName = (l: CartLine) => l.productName?.translated ?? l.productName?.original ?? '';
