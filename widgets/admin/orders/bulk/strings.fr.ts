import type { bulkStrings } from './strings.ts';

/** French for `bulkStrings` (loads with the console's French, console-fr.ts). */
export const fr: Record<keyof typeof bulkStrings, string> = {
  'ob.group': 'Commandes sélectionnées',
  'ob.tag': 'Étiquette pour les commandes sélectionnées',
  'ob.assign': 'Ajouter l’étiquette',
  'ob.remove': 'Retirer l’étiquette',
  'ob.paid': 'Marquer comme payées',
  'ob.needTag': 'Saisissez d’abord une étiquette : lettres, chiffres et . _ : - seulement (sans espace), 100 au plus.',
  'ob.ask.assign_one': 'Ajouter l’étiquette « {tag} » à {count} commande ?',
  'ob.ask.assign_other': 'Ajouter l’étiquette « {tag} » à {count} commandes ?',
  'ob.ask.remove_one': 'Retirer l’étiquette « {tag} » de {count} commande ?',
  'ob.ask.remove_other': 'Retirer l’étiquette « {tag} » de {count} commandes ?',
  'ob.ask.paid_one':
    'Marquer {count} commande comme payée ? Elle est enregistrée comme payée hors ligne pour le reste dû ; aucune carte n’est débitée.',
  'ob.ask.paid_other':
    'Marquer {count} commandes comme payées ? Chacune est enregistrée comme payée hors ligne pour le reste dû ; aucune carte n’est débitée.',
  'ob.yes': 'Oui, continuer',
  'ob.no': 'Annuler',
  'ob.done.assign_one': 'Étiquette « {tag} » ajoutée à {count} commande.',
  'ob.done.assign_other': 'Étiquette « {tag} » ajoutée à {count} commandes.',
  'ob.done.remove_one': 'Étiquette « {tag} » retirée de {count} commande.',
  'ob.done.remove_other': 'Étiquette « {tag} » retirée de {count} commandes.',
  'ob.done.paid_one': '{count} commande marquée comme payée.',
  'ob.done.paid_other': '{count} commandes marquées comme payées.',
  'ob.failed_one': '{count} commande n’a pas changé (elle reste sélectionnée) :',
  'ob.failed_other': '{count} commandes n’ont pas changé (elles restent sélectionnées) :',
  'ob.line': 'Commande n° {number} : {why}',
  'ob.why.ORDER_ALREADY_PAID': 'elle est déjà payée, ou son paiement est autorisé ou en attente.',
  'ob.why.ORDER_CANCELED': 'elle est annulée.',
  'ob.why.ORDER_NOT_FOUND': 'elle est introuvable.',
  'ob.why.TOO_MANY_TAGS': 'elle a déjà 100 étiquettes.',
  'ob.why.other': 'la plateforme l’a refusée.',
  'ob.safe': 'Vous pouvez renvoyer sans risque : rien ne change deux fois.',
  'ob.retry': 'Réessayer',
  'ob.here': '« {action} » indisponible ici : utilisez le tableau de bord du site.',
  'ob.shipped': 'Marquer comme expédiées',
  'ob.ask.shipped_one':
    'Marquer {count} commande comme expédiée ? Tout ce qui n’a pas encore été expédié est enregistré comme expédié, sans suivi.',
  'ob.ask.shipped_other':
    'Marquer {count} commandes comme expédiées ? Dans chacune, tout ce qui n’a pas encore été expédié est enregistré comme expédié, sans suivi.',
  'ob.notify': 'Envoyer à chaque acheteur une confirmation d’expédition',
  'ob.done.shipped_one': '{count} commande marquée comme expédiée.',
  'ob.done.shipped_other': '{count} commandes marquées comme expédiées.',
  'ob.why.ORDER_NOT_APPROVED': 'elle n’est pas encore approuvée.',
  'ob.why.CHANGE_IN_PROGRESS': 'une autre modification est en cours ; réessayez dans une minute.',
};
