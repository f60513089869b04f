import type { taxesStrings } from './strings.ts';

/** Paramètres › Taxes, en français. */
export const fr: Record<keyof typeof taxesStrings, string> = {
  'tax.title': 'Taxes',
  'tax.about':
    'Où vous facturez la taxe et à quel taux. Une commande taxe chaque article au taux de son groupe de taxe dans la région de livraison.',
  'tax.regions': 'Régions de taxe',
  'tax.addRegion': 'Ajouter une région',
  'tax.noRegions': 'Aucune région de taxe. Ajoutez-en une par pays ou par État où vous facturez la taxe.',
  'tax.country': 'Pays',
  'tax.subdivision': 'Code de l’État ou de la province (facultatif)',
  'tax.subdivisionHint': 'Son code ISO sans le pays, par exemple NY pour New York. Vide pour tout le pays.',
  'tax.rate': 'Taux (%)',
  'tax.rateHint': 'Un pourcentage de 0 à 100, par exemple 8,875',
  'tax.badRate': 'Saisissez un pourcentage de 0 à 100, avec au plus 4 décimales.',
  'tax.included': 'Prix TTC (taxe comprise)',
  'tax.includedShort': 'Comprise dans les prix',
  'tax.addedShort': 'Ajoutée au paiement',
  'tax.noRate': 'Aucun taux',
  'tax.wholeCountry': 'Tout le pays',
  'tax.elsewhere': 'Partout ailleurs',
  'tax.elsewhereAbout': 'Adresses qu’aucune région ne couvre',
  'tax.edit': 'Modifier',
  'tax.editPlace': 'Modifier {place}',
  'tax.delete': 'Supprimer',
  'tax.deletePlace': 'Supprimer {place}',
  'tax.save': 'Enregistrer',
  'tax.saving': 'Enregistrement…',
  'tax.cancel': 'Annuler',
  'tax.keep': 'Garder',
  'tax.confirmRate': 'Facturer une taxe de {rate} pour {place} dès la prochaine commande ?',
  'tax.confirmRateHint':
    'Les totaux des clients changent dès l’enregistrement. Les commandes passées gardent leur taxe.',
  'tax.confirmDelete': 'Supprimer la région de taxe {place} ?',
  'tax.confirmDeleteHint': 'Ses taux partent avec elle : les commandes y prennent le taux de « partout ailleurs ».',
  'tax.deleting': 'Suppression…',
  'tax.unknown':
    'Impossible de savoir si c’est enregistré : la liste ci-dessous montre ce qui l’est. Vérifiez-la avant de réessayer.',
  'tax.groups': 'Groupes de taxe',
  'tax.groupsAbout':
    'Les produits d’un groupe sont taxés au taux propre du groupe là où il en a un, sinon au taux de la région.',
  'tax.addGroup': 'Ajouter un groupe',
  'tax.groupName': 'Nom du groupe',
  'tax.default': 'Groupe par défaut',
  'tax.rename': 'Renommer',
  'tax.renameGroup': 'Renommer {name}',
  'tax.confirmDeleteGroup': 'Supprimer le groupe de taxe {name} ?',
  'tax.confirmDeleteGroupHint': 'Ses produits sont taxés aux taux du groupe par défaut dès la prochaine commande.',
  'tax.ownRates': 'Taux propres',
  'tax.noOwnRates': 'Aucun taux propre : le taux de la région s’applique partout.',
  'tax.setRate': 'Fixer un taux dans une région',
  'tax.region': 'Région',
  'tax.removeRate': 'Retirer le taux pour {place}',
  'tax.confirmRemoveRate': 'Retirer le taux de {name} pour {place} ?',
  'tax.confirmRemoveRateHint': 'Ses produits y sont taxés au taux de la région dès la prochaine commande.',
  'tax.remove': 'Retirer',
  'tax.why.ALREADY_EXISTS': 'Cela existe déjà : la liste le montre. Modifiez-le plutôt.',
  'tax.why.INVALID_SUBDIVISION_FORMAT':
    'La plateforme n’a pas accepté cet État ou cette province : saisissez son code ISO sans le pays (par exemple NY).',
  'tax.why.SUBDIVISIONS_NOT_SUPPORTED_FOR_COUNTRY':
    'La plateforme taxe ce pays dans son ensemble : laissez l’État ou la province vide.',
  'tax.why.REVISION_MISMATCH':
    'Quelqu’un l’a modifié depuis que vous l’avez ouvert : la liste montre sa modification. Réessayez.',
  'tax.why.ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP':
    'Le groupe par défaut appartient à la plateforme : il ne peut pas être modifié.',
  'tax.why.NO_TAX_CALCULATOR':
    'Le site n’a pas encore de calculateur de taxe : configurez les taxes une fois dans le tableau de bord du site.',
  'tax.platform': 'La plateforme a répondu : {words}',
};
