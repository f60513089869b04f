import type { Messages } from './en.ts';

export const fr: Messages = {
  'error.network': 'Vous semblez être hors ligne. Vérifiez votre connexion et réessayez.',
  'error.timeout': 'Le serveur met trop de temps à répondre. Réessayez.',
  'error.server': 'Un problème est survenu de notre côté. Réessayez dans un instant.',
  'error.requestId': 'ID de requête\u00a0: {requestId}',
  'error.parse': 'Nous avons reçu une réponse inattendue. Réessayez plus tard.',
  'error.config': "Ce widget n'est pas configuré correctement.",
  'error.unreachable': 'La boutique n’est pas disponible ici pour le moment',
  'action.retry': 'Réessayer',
  'toaster.label': 'Notifications',
  'toaster.close': 'Fermer',
  'toaster.hotkey': 'Alt+T',
  'toaster.count_one': '{count} notification',
  'toaster.count_other': '{count} notifications',
  loading: 'Chargement…',
};
