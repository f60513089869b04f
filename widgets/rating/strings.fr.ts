import type { strings } from './strings.ts';

/** French for `strings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof strings, string> = {
  'rat.label_one': '{avg} sur 5, {count} avis',
  'rat.label_other': '{avg} sur 5, {count} avis',
  'rat.none': 'Pas encore d’avis',
  'rat.go': '{label} : aller aux avis',
};
