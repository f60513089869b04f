import type { formStrings } from './form-strings.ts';

/** French for `formStrings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof formStrings, string> = {
  'f.starN_one': '{count} étoile',
  'f.starN_other': '{count} étoiles',
  'f.formTitle': 'Écrire un avis',
  'f.yourRating': 'Votre note',
  'f.title': 'Titre (facultatif)',
  'f.body': 'Votre avis',
  'f.photos': '5 photos maximum, 5 Mo chacune : PNG, JPEG, GIF ou WebP.',
  'f.addPhotos': 'Ajouter des photos',
  'f.drop': 'ou glissez-les ici',
  'f.photoCount': '{n} sur {max} ajoutées.',
  'f.remove': 'Retirer la photo {n}',
  'f.name': 'Votre nom',
  'f.email': 'E-mail (non affiché)',
  'f.submit': 'Publier l’avis',
  'f.sending': 'Envoi…',
  'f.duplicate': 'Vous avez déjà donné votre avis sur cet article. Un seul avis par personne.',
  'f.unsure':
    'Nous n’avons pas pu confirmer la réception de votre avis. Renvoyez-le : il ne sera pas publié deux fois.',
  'f.errRating': 'Choisissez une note de 1 à 5 étoiles.',
  'f.errRequired': 'Ce champ est obligatoire.',
  'f.errEmail': 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.',
  'f.photoType': '{name} : images PNG, JPEG, GIF ou WebP uniquement.',
  'f.photoSize': '{name} dépasse 5 Mo.',
  'f.photoMax': 'Vous pouvez ajouter 5 photos au maximum.',
  'f.cancel': 'Annuler',
};
