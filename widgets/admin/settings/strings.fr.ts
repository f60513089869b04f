import type { settingsStrings } from './strings.ts';

/** The settings list in French (its own chunk, loaded with the Settings tab on a French page). */
export const fr: Record<keyof typeof settingsStrings, string> = {
  'admin.set.title': 'Paramètres',
  'admin.set.list': 'Paramètres de la boutique',
  'admin.set.back': 'Tous les paramètres',
  'admin.set.discounts': 'Réductions',
  'admin.set.discounts.about': 'Réductions automatiques : combien, sur quels articles, quand',
  'admin.set.shipping': 'Expédition et livraison',
  'admin.set.shipping.about': 'Où vous livrez, les tarifs proposés, les étiquettes d’expédition',
  'admin.set.taxes': 'Taxes',
  'admin.set.taxes.about': 'Régions et taux de taxe, groupes de taxe de vos produits',
  'admin.set.tips': 'Pourboires',
  'admin.set.tips.about': 'Proposer un pourboire au paiement',
  'admin.set.checkout': 'Paiement',
  'admin.set.checkout.about': 'Votre logo, vos conditions et les cases à cocher du paiement',
  'admin.set.back-in-stock': 'Retour en stock',
  'admin.set.back-in-stock.about': 'Les clients qui attendent un article, et les prévenir de son retour',
};
