import type { profileStrings } from './public.tsx';

/** French for `profileStrings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof profileStrings, string> = {
  'profile.title': 'Votre profil',
  'profile.public': 'Sur le site',
  'profile.nickname': 'Nom affiché avec vos avis',
  'profile.nicknameRequired': 'Saisissez un nom (100 caractères au plus).',
  'profile.community': 'Afficher mon profil dans la communauté du site',
  'profile.communityHint': 'Les autres membres voient votre nom et votre activité publique.',
  'profile.save': 'Enregistrer',
  'profile.saving': 'Enregistrement…',
  'profile.saved': 'Profil enregistré.',
  'profile.close': 'Fermer',
  'profile.password': 'Mot de passe',
};
