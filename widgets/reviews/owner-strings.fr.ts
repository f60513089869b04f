import type { ownerStrings } from './owner-strings.ts';

/** French for `ownerStrings` (loads with the French language pack, widgets/languages/fr.ts). */
export const fr: Record<keyof typeof ownerStrings, string> = {
  'o.queue': 'En attente d’approbation ({count})',
  'o.approve': 'Approuver',
  'o.reject': 'Refuser',
  'o.approveAll': 'Tout approuver',
  'o.rejectAll': 'Tout refuser',
  'o.addReply': 'Répondre',
  'o.editReply': 'Modifier la réponse',
  'o.deleteReply': 'Supprimer la réponse',
  'o.saveReply': 'Enregistrer la réponse',
  'o.replyLabel': 'Réponse à {name}',
  'o.delete': 'Supprimer l’avis',
  'o.confirmDelete': 'Confirmer la suppression',
  'o.done': 'C’est fait.',
  'o.started_one': 'Modération de {count} avis en cours ; cela peut prendre un moment.',
  'o.started_other': 'Modération de {count} avis en cours ; cela peut prendre un moment.',
  'o.cancel': 'Annuler',
};
