import type { tipsStrings } from './strings.ts';

/** Settings › Tips in French (its own chunk, loaded with the section on a French page). */
export const fr: Record<keyof typeof tipsStrings, string> = {
  'tips.title': 'Pourboires',
  'tips.intro':
    'Les clients peuvent ajouter un pourboire sur la page de paiement. Il s’ajoute au total de la commande et n’est pas taxé.',
  'tips.on': 'Proposer un pourboire au paiement',
  'tips.type': 'Type de pourboire',
  'tips.PERCENTAGE': 'Pourcentage du sous-total des articles',
  'tips.AMOUNT': 'Montant fixe',
  'tips.choices': 'Choix proposés',
  'tips.choicesHint': 'Jusqu’à 3. Celui présélectionné est choisi pour le client tant qu’il n’en prend pas un autre.',
  'tips.value': 'Choix {n}',
  'tips.percentSuffix': '%',
  'tips.preselect': 'Présélectionné',
  'tips.remove': 'Retirer le choix {n}',
  'tips.removeShort': 'Retirer',
  'tips.add': 'Ajouter un choix',
  'tips.custom': 'Permettre au client de saisir son propre montant',
  'tips.badValue': 'Saisissez un nombre positif ou nul, avec 2 décimales au plus',
  'tips.tooHigh': 'Un pourcentage ne peut pas dépasser 100',
  'tips.save': 'Enregistrer',
  'tips.saving': 'Enregistrement…',
  'tips.confirm': 'Enregistrer les réglages des pourboires ?',
  'tips.confirmOn': 'Les clients verront ces choix de pourboire au paiement dès maintenant.',
  'tips.confirmOff': 'Les clients ne se verront plus proposer de pourboire au paiement.',
  'tips.keep': 'Continuer à modifier',
  'tips.saved': 'Réglages des pourboires enregistrés.',
  'tips.changed':
    'Ces réglages ont changé depuis leur ouverture (dans un autre onglet, ou votre dernier enregistrement a abouti). Vos modifications sont conservées ci-dessous : enregistrez de nouveau pour les appliquer.',
  'tips.none': 'Les pourboires ne sont pas encore configurés sur ce site : l’enregistrement les crée.',
  'tips.preview': 'Au paiement : {choices}',
  'tips.noTip': 'Pas de pourboire',
  'tips.customShort': 'Autre montant',
  'tips.fix': 'Corrigez les choix signalés.',
};
