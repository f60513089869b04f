import type { passwordStrings } from './password-form.tsx';

/** French for `passwordStrings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof passwordStrings, string> = {
  'pw.open': 'Changer le mot de passe',
  'pw.current': 'Mot de passe actuel',
  'pw.next': 'Nouveau mot de passe',
  'pw.hint': 'Au moins 8 caractères. Vous restez connecté ici ; vos autres appareils sont déconnectés.',
  'pw.save': 'Changer le mot de passe',
  'pw.saving': 'Modification…',
  'pw.done': 'Mot de passe changé. Vos autres appareils ont été déconnectés.',
  'pw.wrong': 'Ce n’est pas votre mot de passe actuel.',
  'pw.required': 'Saisissez votre mot de passe actuel.',
  'pw.short': 'Utilisez au moins 8 caractères.',
  'pw.same': 'Choisissez un mot de passe différent de l’actuel.',
  'pw.locked': 'Trop de tentatives. Réessayez plus tard.',
};
