import type { strings } from './strings.ts';

/** French for `strings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof strings, string> = {
  'recs.label': 'Produits recommandés',
  'recs.prev': 'Produits précédents',
  'recs.next': 'Produits suivants',
  'recs.slide': '{n} sur {total}',
  'recs.options': 'Choisir les options',
  'recs.optionsFor': 'Choisir les options de {name}',
  'recs.was': 'au lieu de {price}',
};
