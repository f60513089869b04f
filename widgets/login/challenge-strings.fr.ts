import type { challengeStrings } from './challenge-strings.ts';

/**
 * French for `challengeStrings`: its own chunk, loaded with the steps on a French page only (login/model.ts), so the
 * language pack every French page loads does not carry it.
 */
export const fr: Record<keyof typeof challengeStrings, string> = {
  'mfa.intro': 'Pour votre sécurité, confirmez que c’est bien vous avec une seconde étape.',
  'mfa.risk': 'Cette connexion nous paraît inhabituelle : une étape de plus est nécessaire.',
  'mfa.TOTP': 'Code de votre application d’authentification',
  'mfa.TOTP.hint':
    'Ouvrez votre application d’authentification et saisissez le code à 6 chiffres affiché pour ce site.',
  'mfa.EMAIL': 'Code reçu par e-mail',
  'mfa.EMAIL.hint': 'Nous avons envoyé un code à votre adresse e-mail. Il peut mettre une minute à arriver.',
  'mfa.SMS': 'Code reçu par SMS',
  'mfa.SMS.hint': 'Nous avons envoyé un code par SMS à votre téléphone.',
  'mfa.CALL': 'Code donné par appel téléphonique',
  'mfa.CALL.hint': 'Nous appelons votre téléphone pour vous donner un code.',
  'mfa.RECOVERY_CODE': 'Code de secours',
  'mfa.RECOVERY_CODE.hint':
    'Saisissez l’un des codes de secours enregistrés lors de la mise en place de la seconde étape.',
  'mfa.WEBAUTHN': 'Clé d’accès',
  'mfa.WEBAUTHN.hint': 'Utilisez la clé d’accès enregistrée sur cet appareil ou votre clé de sécurité.',
  'mfa.sentTo': 'Envoyé à {to}.',
  'mfa.code': 'Code',
  'mfa.verify': 'Vérifier',
  'mfa.usePasskey': 'Utiliser la clé d’accès',
  'mfa.remember': 'Se souvenir de cet appareil',
  'mfa.rememberHint':
    'La seconde étape ne vous sera plus demandée sur cet appareil pendant un moment. À éviter sur un ordinateur partagé.',
  'mfa.switch': 'Utiliser un autre moyen',
  'mfa.other': 'Autres moyens de vérification',
  'mfa.resend': 'Renvoyer',
  'mfa.resendIn': '({s} s)',
  'mfa.waitSaid': 'Vous pourrez demander un nouveau code dans {s} secondes.',
  'mfa.canResend': 'Vous pouvez demander un nouveau code.',
  'mfa.resent': 'Nous avons envoyé un nouveau code.',
  'mfa.back': 'Retour à la connexion',
  'mfa.err.format': 'Saisissez le code : des chiffres uniquement.',
  'mfa.err.badCode': 'Ce code n’est pas le bon. Vérifiez-le et réessayez.',
  'mfa.err.expired': 'Cette connexion a expiré. Revenez en arrière et connectez-vous à nouveau.',
  'mfa.err.tooMany': 'Trop de tentatives erronées. Revenez en arrière et reconnectez-vous plus tard.',
  'mfa.err.wait': 'Patientez un instant avant de demander un autre code.',
  'mfa.err.cancelled': 'La demande de clé d’accès a été annulée ou a expiré. Réessayez, ou utilisez un autre moyen.',
  'mfa.err.noPasskey':
    'Ce navigateur ne prend pas en charge les clés d’accès. Utilisez un autre moyen de vérification.',
  'mfa.err.passkey': 'Votre clé d’accès n’a pas pu être vérifiée. Réessayez, ou utilisez un autre moyen.',
  'mfa.err.none': 'Aucun de vos moyens de vérification n’est utilisable ici. Utilisez la page de connexion du site.',
  'fld.intro': 'Le site a besoin de quelques informations de plus avant votre connexion.',
  'fld.required': 'Obligatoire',
  'fld.choose': 'Choisir…',
  'fld.continue': 'Continuer',
  'fld.err.required': 'Remplissez ce champ.',
  'fld.err.number': 'Saisissez un nombre.',
  'fld.err.date': 'Saisissez une date.',
  'fld.err.choice': 'Choisissez l’une des options.',
  'fld.err.long': 'Utilisez au plus {n} caractères.',
};
