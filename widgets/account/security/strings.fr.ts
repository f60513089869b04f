import type { securityStrings } from './strings.ts';

/** French for `securityStrings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof securityStrings, string> = {
  'sec.title': 'Seconds facteurs',
  'sec.what':
    'Un second facteur demande plus que votre mot de passe à la connexion : une application d’authentification, un code par e-mail ou par SMS, ou une clé d’accès.',
  'sec.managed': 'Les seconds facteurs se gèrent sur la page de votre compte sur {site}.',
  'sec.cannot':
    'Cette page ne peut pas afficher lesquels sont activés, ni en ajouter ou en retirer : la plateforme n’en donne pas le moyen aux sites.',
  'sec.open': 'Gérer les seconds facteurs sur {site}',
  'sec.opening': 'Ouverture de la page de votre compte…',
  'sec.refused':
    'La page de votre compte ne peut pas s’ouvrir d’ici. Utilisez la page de compte du site, ou contactez la boutique.',
  'sec.retry': 'Réessayer',
};
