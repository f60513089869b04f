import type { CartLine } from '../../core/api/current-cart.ts';
import type { T } from './model.ts';

/** "Color: Forest · Size: Large" ("Couleur : Forêt" in French). */
export const variantText = (l: CartLine, t: T) =>
  (l.descriptionLines ?? [])
    .map((d) => {
      const v = d.colorInfo ?? d.plainText;
      const name = d.name?.translated ?? d.name?.original;
      const value = v?.translated ?? v?.original;
      // each isolated by t(): an option in one direction beside a value in the other keeps both whole ("Size: מידה 2")
      return value ? (name ? t('cart.option', { name, value }) : value) : '';
    })
    .filter(Boolean)
    .join(' · ');

export const lineName = (l: CartLine) => l.productName?.translated ?? l.productName?.original ?? '';
