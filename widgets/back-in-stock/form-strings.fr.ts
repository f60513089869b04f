import type { formStrings } from './form-strings.ts';

/** French for `formStrings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof formStrings, string> = {
  'bis.title': 'Recevoir un e-mail quand cet article est de retour',
  'bis.email': 'E-mail',
  'bis.confirm': 'Nous utiliserons {email}. Vous pouvez le modifier.',
  'bis.consent': 'Votre e-mail sert uniquement à vous prévenir une fois du retour de cet article.',
  'bis.submit': 'Me prévenir',
  'bis.cancel': 'Annuler',
  'bis.sending': 'Envoi…',
  'bis.subscribed': 'Nous vous écrirons à {email} dès son retour.',
  'bis.already': 'Vous êtes déjà inscrit : nous vous écrirons à {email}.',
  'bis.badEmail': 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.',
  'bis.notCollecting': 'Les alertes de retour en stock ne sont pas disponibles pour cet article.',
  'bis.tooMany': 'Trop de demandes pour le moment. Réessayez un peu plus tard.',
  'bis.stop': 'Ne plus me prévenir',
  'bis.stopping': 'Annulation…',
  'bis.stopped': 'C’est fait : nous ne vous écrirons pas pour cet article.',
  'bis.sent': 'Il est de retour : nous vous avons écrit à {email}.',
  'bis.noStop': 'Pour annuler d’ici là, contactez la boutique : ce site ne peut pas l’annuler d’ici.',
};
