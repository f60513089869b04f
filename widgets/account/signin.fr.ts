import type { signInStrings } from './signin.tsx';

/** French for `signInStrings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof signInStrings, string> = {
  'acct.signInTitle': 'Connectez-vous pour voir votre compte',
  'acct.signInHint': 'Vos commandes, adresses et votre profil s’affichent ici une fois connecté.',
};
