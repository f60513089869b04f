import type { strings } from './strings.ts';

/** French for `strings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof strings, string> = {
  'account.title': 'Mon compte',
  'account.sections': 'Rubriques du compte',
  'account.orders': 'Commandes',
  'account.profile': 'Profil',
  'account.addresses': 'Adresses',
  'account.security': 'Sécurité',
};
