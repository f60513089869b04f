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
  'f.submit': 'Publier l’avis',
  'f.sending': 'Envoi…',
  'f.duplicate': 'Vous avez déjà donné votre avis sur cet article. Un seul avis par personne.',
  'f.unsure':
    'Nous n’avons pas pu confirmer la réception de votre avis. Renvoyez-le : il ne sera pas publié deux fois.',
  'f.errRating': 'Choisissez une note de 1 à 5 étoiles.',
  'f.errRequired': 'Ce champ est obligatoire.',
  'f.photoType': '{name} : images PNG, JPEG, GIF ou WebP uniquement.',
  'f.photoSize': '{name} dépasse 5 Mo.',
  'f.photoMax': 'Vous pouvez ajouter 5 photos au maximum.',
  'f.photoRefused': '{name} : ce site n’accepte pas encore de photos. Retirez-la pour publier votre avis.',
  'f.photosFailed': 'Pas encore envoyé : une photo n’a pas été envoyée. Renvoyez pour réessayer, ou retirez-la.',
  'f.signIn':
    'Les avis de ce site demandent un compte : connectez-vous pour publier le vôtre. Ce que vous écrivez est conservé.',
  'f.noPhotos': 'Ce site n’accepte pas de photos avec les avis.',
  'f.name': 'Votre nom (affiché publiquement)',
  'f.email': 'Votre e-mail (jamais affiché)',
  'f.errEmail': 'Saisissez une adresse e-mail valide, comme nom@exemple.com.',
  'f.checking': 'Vérification que vous êtes une personne (vous pouvez continuer à écrire)…',
  'f.checked': 'Vérifié : vous êtes bien une personne. Merci !',
  'f.checkFailed': 'Nous n’avons pas pu vérifier que vous êtes une personne. Renvoyez pour réessayer.',
  'f.tooMany': 'Trop de tentatives pour le moment. Attendez une minute, puis renvoyez.',
  'f.memberEmail':
    'Cet e-mail appartient à un compte de ce site : connectez-vous pour publier votre avis, ou utilisez un autre e-mail.',
  'f.arrived': 'Votre avis était déjà arrivé : il s’affichera une fois approuvé.',
  'f.signInFirst': 'Connectez-vous pour envoyer votre avis : il part dès la connexion.',
  'f.cancel': 'Annuler',
};
