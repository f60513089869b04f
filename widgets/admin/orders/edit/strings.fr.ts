import type { editStrings } from './strings.ts';

/** French for `editStrings` (loads with the console's French, console-fr.ts). */
export const fr: Record<keyof typeof editStrings, string> = {
  'oe.title': 'Modifier la commande n° {number}',
  'oe.lines': 'Quantités (0 retire l’article)',
  'oe.min_one': '{count} déjà expédié',
  'oe.min_other': '{count} déjà expédiés',
  'oe.ship': 'Adresse de livraison',
  'oe.firstName': 'Prénom',
  'oe.lastName': 'Nom',
  'oe.addressLine1': 'Adresse',
  'oe.addressLine2': 'Complément d’adresse',
  'oe.city': 'Ville',
  'oe.postalCode': 'Code postal',
  'oe.subdivision': 'Région',
  'oe.country': 'Pays (2 lettres, ex. FR)',
  'oe.reason': 'Motif de la modification (l’acheteur le voit dans l’e-mail)',
  'oe.restock': 'Le stock suit la modification (articles retirés remis en stock, ajoutés prélevés)',
  'oe.notify': 'Prévenir l’acheteur par e-mail',
  'oe.review': 'Vérifier les modifications',
  'oe.close': 'Annuler',
  'oe.badQty': '{name} : un nombre entier de {min} à 100000.',
  'oe.allGone': 'Une commande garde au moins un article : annulez plutôt la commande.',
  'oe.nothing': 'Rien n’est encore modifié.',
  'oe.badCountry': 'Le pays s’écrit en deux lettres, ex. FR ou US.',
  'oe.needReason': 'Indiquez le motif de la modification.',
  'oe.ask': 'Enregistrer ces modifications de la commande n° {number} ?',
  'oe.qty': '{name} : {from} → {to}',
  'oe.removed': '{name} : retiré',
  'oe.newShip': 'Adresse de livraison : {address}',
  'oe.because': 'Motif : {reason}',
  'oe.willEmail': '{email} recevra un e-mail sur la modification, avec votre motif.',
  'oe.noEmail': 'Aucun e-mail ne sera envoyé.',
  'oe.stock': 'Le stock suit la modification.',
  'oe.noStock': 'Le stock ne change pas.',
  'oe.total':
    'Actuellement {total}. La plateforme calcule le nouveau total (taxes et remises comprises) à l’enregistrement ; l’argent déjà payé ne change pas : remboursez toute différence depuis les paiements.',
  'oe.yes': 'Oui, enregistrer',
  'oe.back': 'Revenir',
  'oe.why.ORDER_CHANGED':
    'Cette commande a changé depuis son ouverture. Elle est affichée telle qu’elle est : vérifiez vos modifications et enregistrez à nouveau.',
  'oe.why.LINE_ITEM_CHANGED':
    'Cette commande a changé depuis son ouverture. Elle est affichée telle qu’elle est : vérifiez vos modifications et enregistrez à nouveau.',
  'oe.why.LINE_ITEM_FULFILLED': 'Un article ne peut pas descendre sous la quantité déjà expédiée.',
  'oe.why.INSUFFICIENT_INVENTORY':
    'Pas assez de stock pour les articles ajoutés : baissez la quantité ou laissez le stock tel quel.',
  'oe.why.ORDER_NOT_EDITABLE': 'Cette commande ne peut plus être modifiée (annulée ou refusée).',
};
