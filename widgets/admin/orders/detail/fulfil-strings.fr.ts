import type { fulfilStrings } from './fulfil-strings.ts';

/** The fulfilment panel in French (in the console's French chunk, console-fr.ts). */
export const fr: Record<keyof typeof fulfilStrings, string> = {
  'af.title': 'Expédition',
  'af.none': 'Rien n’a encore été expédié.',
  'af.ship': 'Marquer comme expédiée',
  'af.lines': 'Articles à expédier',
  'af.qtyShort': 'sur {left}',
  'af.item': '{quantity} × {name}',
  'af.carrier': 'Transporteur',
  'af.other': 'Autre transporteur',
  'af.otherName': 'Nom du transporteur',
  'af.number': 'Numéro de suivi',
  'af.link': 'Lien de suivi',
  'af.linkHint':
    'La page du transporteur pour ce colis (https://…). Les liens FedEx, UPS, USPS, DHL et Postes Canada sont créés à partir du numéro.',
  'af.notify': 'Envoyer à l’acheteur une confirmation d’expédition',
  'af.save': 'Enregistrer le suivi',
  'af.edit': 'Modifier le suivi',
  'af.delete': 'Supprimer l’envoi',
  'af.close': 'Annuler',
  'af.track': 'Suivre {number}',
  'af.trackNo': 'Numéro de suivi {number}',
  'af.noTracking': 'Sans suivi',
  'af.shipped': 'Expédié le {date}',
  'af.needLines': 'Choisissez au moins un article à expédier.',
  'af.badLink': 'Saisissez un lien complet commençant par https:// ou http://',
  'af.ask_one': 'Marquer {count} article de la commande nº {number} comme expédié ?',
  'af.ask_other': 'Marquer {count} articles de la commande nº {number} comme expédiés ?',
  'af.askMail': 'L’acheteur reçoit par e-mail une confirmation d’expédition avec le suivi.',
  'af.askQuiet': 'L’acheteur ne reçoit pas d’e-mail ; il voit le suivi dans son compte.',
  'af.yes': 'Oui, marquer comme expédié',
  'af.askDelete': 'Supprimer cet envoi ? Ses articles redeviennent non expédiés ; l’acheteur n’est pas prévenu.',
  'af.yesDelete': 'Oui, le supprimer',
  'af.mail.SENT': 'L’acheteur a reçu un e-mail.',
  'af.mail.NOT_AVAILABLE_HERE':
    'Expédié, mais l’acheteur n’a pas reçu d’e-mail : la plateforme ne permet pas au site de l’envoyer. Envoyez-le depuis le tableau de bord de votre site.',
  'af.mail.FAILED':
    'Expédié, mais l’e-mail à l’acheteur n’a pas pu partir. Il voit quand même le suivi dans son compte.',
  'af.why.FULFILLMENTS_CHANGED':
    'Les envois de cette commande ont changé entre-temps (les voici). Vérifiez-les avant de réessayer.',
  'af.why.CHANGE_IN_PROGRESS':
    'Une autre modification des envois de cette commande est en cours. Réessayez dans une minute.',
  'af.why.TRACKING_NUMBER_ALREADY_EXISTS': 'Un autre envoi de cette commande a déjà ce numéro de suivi.',
  'af.why.ORDER_CANCELED': 'Cette commande est annulée : elle ne peut pas être expédiée.',
  'af.why.ORDER_NOT_APPROVED': 'Approuvez la commande avant de l’expédier.',
  'af.why.FULFILLMENT_NOT_FOUND': 'Cet envoi a déjà été supprimé.',
  'af.pending': 'Approuvez la commande pour l’expédier.',
};
