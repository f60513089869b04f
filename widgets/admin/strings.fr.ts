import type { strings } from './strings.ts';

/** French for `strings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof strings, string> = {
  'admin.title': 'Console de la boutique',
  'admin.sections': 'Rubriques de la console',
  'admin.orders': 'Commandes',
  'admin.reviews': 'Avis',
  'admin.abandoned': 'Paniers abandonnés',
  'admin.members': 'Membres',
  'admin.pending': '{count} en attente d’approbation',
  'admin.media': 'Médias',
  'admin.settings': 'Paramètres',
  'admin.retry': 'Réessayer',
};
