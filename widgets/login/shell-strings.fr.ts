import type { shellStrings } from './shell-strings.ts';

/** French for `shellStrings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof shellStrings, string> = {
  'login.open': 'Se connecter',
  'login.menu': 'Menu du compte de {name}',
};
