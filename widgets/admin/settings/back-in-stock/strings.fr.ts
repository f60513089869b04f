import type { bisStrings } from './strings.ts';

/** French for `bisStrings` (loads with the section on a French page). */
export const fr: Record<keyof typeof bisStrings, string> = {
  'sbis.title': 'Retour en stock',
  'sbis.requests': 'Demandes des clients',
  'sbis.onBadge': 'Collecte active',
  'sbis.offBadge': 'Collecte arrêtée',
  'sbis.on': 'Les clients peuvent demander un e-mail quand un article épuisé revient.',
  'sbis.off':
    'Les clients qui demandent à être prévenus apprennent que les alertes ne sont pas disponibles. Les demandes déjà faites restent en attente.',
  'sbis.stop': 'Arrêter de collecter les demandes',
  'sbis.start': 'Collecter les demandes',
  'sbis.stopAsk': 'Arrêter de collecter les demandes de retour en stock ?',
  'sbis.stopHint':
    'Les clients ne pourront plus demander d’être prévenus du retour d’un article épuisé. Les demandes déjà faites restent en attente.',
  'sbis.stopYes': 'Arrêter',
  'sbis.keep': 'Annuler',
  'sbis.saving': 'Enregistrement…',
  'sbis.waiting': 'Clients en attente',
  'sbis.item': 'Article',
  'sbis.count': 'En attente',
  'sbis.oldest': 'Plus ancienne demande',
  'sbis.action': 'Action',
  'sbis.who': 'Qui attend',
  'sbis.more_one': 'et {count} autre',
  'sbis.more_other': 'et {count} autres',
  'sbis.gone': 'N’est plus au catalogue : impossible de le signaler.',
  'sbis.empty':
    'Personne n’attend d’article. Quand un client demande à être prévenu du retour d’un article épuisé, il apparaît ici.',
  'sbis.truncated': 'Seules les 1 000 premières demandes en attente sont comptées ici.',
  'sbis.report': 'Signaler le retour en stock',
  'sbis.ask_one': 'Envoyer un e-mail à {count} client pour dire que {name} est de retour en stock ?',
  'sbis.ask_other': 'Envoyer un e-mail à {count} clients pour dire que {name} est de retour en stock ?',
  'sbis.askHint':
    'Chacun reçoit un seul e-mail avec un lien vers l’article. Vérifiez d’abord qu’il peut de nouveau être acheté.',
  'sbis.yes': 'Envoyer les e-mails',
  'sbis.sending': 'Envoi…',
  'sbis.sent_one': '{name} : {count} client prévenu.',
  'sbis.sent_other': '{name} : {count} clients prévenus.',
  'sbis.failed_one': '{count} e-mail n’a pas pu être remis.',
  'sbis.failed_other': '{count} e-mails n’ont pas pu être remis.',
  'sbis.sentUnknown': '{name} : ses clients ont été prévenus (plus personne ne l’attend).',
  'sbis.none': '{name} : plus personne n’attendait, aucun e-mail n’a été envoyé.',
  'sbis.retry': 'Réessayer',
};
