import type { strings } from './strings.ts';

/** French for `strings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof strings, string> = {
  'atc.add': 'Ajouter au panier',
  'atc.adding': 'Ajout…',
  'atc.added': 'Ajouté au panier',
  'atc.soldOut': 'Épuisé',
  'atc.choose': 'Choisissez une option',
  'atc.failed': 'Impossible d’ajouter cet article au panier',
  'atc.view': 'Voir le panier',
};
