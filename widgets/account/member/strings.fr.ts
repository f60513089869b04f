import type { detailStrings } from './strings.ts';

/** French for `detailStrings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof detailStrings, string> = {
  'me.retry': 'Réessayer',
  'me.name': 'Votre nom',
  'me.first': 'Prénom',
  'me.last': 'Nom',
  'me.loginEmail': 'E-mail de connexion',
  'me.save': 'Enregistrer',
  'me.saving': 'Enregistrement…',
  'me.saved': 'Enregistré.',
  'me.phones': 'Numéros de téléphone',
  'me.noPhones': 'Aucun numéro de téléphone pour l’instant.',
  'me.phone': 'Numéro de téléphone',
  'me.addPhone': 'Ajouter un numéro',
  'me.main': 'Principal',
  'me.makeMain': 'Rendre principal',
  'me.edit': 'Modifier',
  'me.remove': 'Supprimer',
  'me.removeLabel': 'Supprimer {item}',
  'me.editLabel': 'Modifier {item}',
  'me.mainLabel': 'Faire de {item} le numéro principal',
  'me.cancel': 'Annuler',
  'me.emails': 'E-mails de contact',
  'me.emailsHint':
    'Les autres e-mails que la boutique a pour vous contacter. Les retirer retire toute la liste ; votre e-mail de connexion reste.',
  'me.removeEmails': 'Retirer tous les e-mails de contact',
  'me.noEmails': 'Aucun e-mail de contact enregistré.',
  'me.addresses': 'Vos adresses',
  'me.noAddresses': 'Aucune adresse enregistrée. Ajoutez-en une pour commander plus vite.',
  'me.addAddress': 'Ajouter une adresse',
  'me.editAddress': 'Modifier l’adresse',
  'me.newAddress': 'Nouvelle adresse',
  'me.default': 'Par défaut',
  'me.makeDefault': 'Définir par défaut',
  'me.defaultLabel': 'Faire de {item} votre adresse par défaut',
  'me.defaultHint': 'Votre adresse par défaut est reprise au paiement.',
  'me.line1': 'Adresse',
  'me.line2': 'Appartement, bâtiment, etc. (facultatif)',
  'me.city': 'Ville',
  'me.postal': 'Code postal',
  'me.region': 'Code de la région (facultatif)',
  'me.regionPick': 'État, province ou territoire',
  'me.pickRegion': 'Choisir (facultatif)',
  'me.regionNames':
    'US.CA Californie|US.DC District de Columbia|US.FL Floride|US.GA Géorgie|US.HI Hawaï|US.LA Louisiane|' +
    'US.NC Caroline du Nord|US.ND Dakota du Nord|US.NM Nouveau-Mexique|US.PA Pennsylvanie|US.PR Porto Rico|' +
    'US.SC Caroline du Sud|US.SD Dakota du Sud|US.VA Virginie|US.WV Virginie-Occidentale|' +
    'CA.BC Colombie-Britannique|CA.NB Nouveau-Brunswick|CA.NL Terre-Neuve-et-Labrador|CA.NS Nouvelle-Écosse|' +
    'CA.NT Territoires du Nord-Ouest|CA.PE Île-du-Prince-Édouard|AU.ACT Territoire de la capitale australienne|' +
    'AU.NSW Nouvelle-Galles du Sud|AU.NT Territoire du Nord|AU.SA Australie-Méridionale|AU.TAS Tasmanie|' +
    'AU.WA Australie-Occidentale',
  'me.phoneOptional': 'Téléphone (facultatif)',
  'me.addrWho': 'Le nom et le téléphone sont ceux de votre compte : ils remplissent le paiement avec cette adresse.',
  'me.country': 'Pays',
  'me.pickCountry': 'Choisissez un pays',
  'me.required': 'Remplissez ce champ.',
  'me.tooLong': '{n} caractères au maximum.',
  'me.badPhone': 'Saisissez un numéro d’au moins 4 chiffres, par exemple +33 1 23 45 67 89.',
  'me.badRegion': 'Utilisez le code de la région, par exemple CA ou NSW.',
  'me.tooMany': 'Vous pouvez en garder jusqu’à {n}.',
  'me.delete': 'Supprimer mon compte',
  'me.deleteHint':
    'Votre profil, vos adresses et votre connexion sont supprimés. Les commandes restent chez la boutique pour sa comptabilité.',
  'me.deleteContent': 'Vos avis restent sur le site, au nom de la boutique.',
  'me.deleteNoContent': 'Vos avis sont supprimés aussi.',
  'me.deleteConfirm': 'Je comprends que c’est définitif.',
  'me.deleteConfirmNeeded': 'Cochez la case pour confirmer.',
  'me.deleteGo': 'Supprimer définitivement mon compte',
  'me.deleting': 'Suppression…',
  'me.deleted': 'Votre compte a été supprimé et vous êtes déconnecté.',
};
