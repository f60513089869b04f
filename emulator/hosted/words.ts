/**
 * The hosted pages' French (issue 44: a French shopper lands on a French checkout): keyed by the English text, every
 * word of the hosted pages (checkout, sign-in and its second step, account, security, the one-message pages), their
 * notices and errors, and the platform's refusals they show. A template marks a translatable text `{{@English text}}`
 * (render.ts leaves it for {@link hostedPage}, which writes it in the page's language); TypeScript text goes through
 * {@link word}, a sentence with values as a {@link Phrase} (`{ en: 'Code {code} applied.', with: { code } }`, the
 * table keyed by the sentence with its `{names}`). A text without French stays English (and is noted: see
 * {@link missingFrench}).
 */
import { pseudo } from '../../core/i18n/pseudo.ts';
import type { HostedLocale } from './locale.ts';

const FRENCH: Record<string, string> = {
  // checkout
  Checkout: 'Finaliser la commande',
  'Order summary': 'Récapitulatif de la commande',
  'Order totals': 'Totaux de la commande',
  Subtotal: 'Sous-total',
  Shipping: 'Livraison',
  Tax: 'Taxes',
  Total: 'Total',
  Contact: 'Contact',
  'Shipping address': 'Adresse de livraison',
  Country: 'Pays',
  'Shipping method': 'Mode de livraison',
  'We do not ship to this address.': 'Nous ne livrons pas à cette adresse.',
  'Discount code': 'Code de réduction',
  Code: 'Code',
  Apply: 'Appliquer',
  Remove: 'Retirer',
  'Remove the code': 'Retirer le code',
  Payment: 'Paiement',
  'Test payment: card': 'Paiement de test : carte',
  ', any future date, any CVC. To pay later (the shop captures the payment when it ships), use':
    ', toute date future, tout code de sécurité. Pour payer plus tard (la boutique encaisse le paiement à l’expédition), utilisez',
  Pay: 'Payer',
  'Paying…': 'Paiement…',
  'Back to the shop': 'Retour à la boutique',
  'Choose…': 'Choisir…',
  Free: 'Gratuite',
  Quantity: 'Quantité',
  'Save this address to my account': 'Enregistrer cette adresse dans mon compte',
  // tips and the checkout settings (issue 40, i40-tips)
  'Add a tip': 'Ajouter un pourboire',
  'No tip': 'Pas de pourboire',
  Custom: 'Autre montant',
  'Custom tip amount': 'Montant du pourboire',
  Tip: 'Pourboire',
  'Choose one of the tips offered': 'Choisissez l’un des pourboires proposés',
  'Enter a tip amount, such as 5 or 5.50': 'Saisissez un montant, par exemple 5 ou 5,50',
  'Store policies': 'Politiques de la boutique',
  'Terms and conditions': 'Conditions générales',
  'Privacy policy': 'Politique de confidentialité',
  'Return policy': 'Politique de retour',
  'Digital item policy': 'Politique des produits numériques',
  'Contact us': 'Nous contacter',
  'Store policy': 'Politique de la boutique',
  'I agree to the store’s policies': 'J’accepte les politiques de la boutique',
  'Tick the box to agree to the store’s policies': 'Cochez la case pour accepter les politiques de la boutique',
  'Email me news and offers': 'Recevoir les nouveautés et les offres par e-mail',
  'Text me news and offers': 'Recevoir les nouveautés et les offres par SMS',
  'Send me news and offers by email and text message': 'Recevoir les nouveautés et les offres par e-mail et SMS',
  'Added to the addresses in your account, with your name.': 'Ajoutée aux adresses de votre compte, avec votre nom.',
  'It becomes your default address: your next checkout is filled in with it and your name.':
    'Elle devient votre adresse par défaut : votre prochaine commande en sera remplie, avec votre nom.',
  Email: 'E-mail',
  'First name': 'Prénom',
  'Last name': 'Nom',
  'Street address': 'Adresse',
  City: 'Ville',
  'Postal code': 'Code postal',
  'Card number': 'Numéro de carte',
  'Expiry (MM/YY)': 'Expiration (MM/AA)',
  'MM/YY': 'MM/AA',
  'Security code': 'Code de sécurité',
  'Please correct the fields marked below.': 'Corrigez les champs signalés ci-dessous.',
  'Enter a valid email address': 'Saisissez une adresse e-mail valide',
  'Enter your first name': 'Saisissez votre prénom',
  'Enter your last name': 'Saisissez votre nom',
  'Enter your street address': 'Saisissez votre adresse',
  'Enter your city': 'Saisissez votre ville',
  'Enter a valid postal code': 'Saisissez un code postal valide',
  'Choose a country': 'Choisissez un pays',
  'Choose a region from the list': 'Choisissez une région dans la liste',
  'Choose a state': 'Choisissez un État',
  'Choose a province or territory': 'Choisissez une province ou un territoire',
  'Choose a state or territory': 'Choisissez un État ou un territoire',
  'Choose a shipping option': 'Choisissez un mode de livraison',
  'Enter a card number': 'Saisissez un numéro de carte',
  'Enter the expiry date as MM/YY': 'Saisissez la date d’expiration au format MM/AA',
  'Enter the 3 or 4 digit security code': 'Saisissez le code de sécurité à 3 ou 4 chiffres',
  'Enter this on one line, without line breaks': 'Saisissez ceci sur une seule ligne, sans retour à la ligne',
  'This card has expired': 'Cette carte a expiré',
  'Your card was declined. Try another card.': 'Votre carte a été refusée. Essayez une autre carte.',
  'Enter a discount code': 'Saisissez un code de réduction',
  'This code is not valid': 'Ce code n’est pas valide',
  'This code has expired': 'Ce code a expiré',
  'This code is not active yet': 'Ce code n’est pas encore actif',
  // sign-in
  'Sign in': 'Se connecter',
  'to continue to': 'pour continuer vers',
  Password: 'Mot de passe',
  'Cancel and go back': 'Annuler et revenir',
  'Enter your email and password.': 'Saisissez votre e-mail et votre mot de passe.',
  // account
  'My account': 'Mon compte',
  'Your member profile on this site.': 'Votre profil de membre sur ce site.',
  'Member since': 'Membre depuis',
  ' (not confirmed)': ' (non confirmé)',
  'Your name': 'Votre nom',
  'Name shown on the site': 'Nom affiché sur le site',
  'Save name': 'Enregistrer le nom',
  Community: 'Communauté',
  'You are a member of the community: your profile is public.':
    'Vous faites partie de la communauté : votre profil est public.',
  'You are not in the community: your profile is private.':
    'Vous ne faites pas partie de la communauté : votre profil est privé.',
  'Leave the community': 'Quitter la communauté',
  'Join the community': 'Rejoindre la communauté',
  'Sign-in security': 'Sécurité de la connexion',
  'Manage second factors': 'Gérer les seconds facteurs',
  'No second factor is on: you sign in with your password only.':
    'Aucun second facteur n’est activé : vous vous connectez avec votre seul mot de passe.',
  'One second factor is on.': 'Un second facteur est activé.',
  'Back to the site': 'Retour au site',
  // one-message pages
  'Checkout expired': 'Commande expirée',
  'This checkout link has expired': 'Ce lien de commande a expiré',
  'Go back to the shop and check out again.': 'Revenez à la boutique et recommencez la commande.',
  'Link expired': 'Lien expiré',
  'This link has expired': 'Ce lien a expiré',
  'Go back to the site and try again.': 'Revenez sur le site et réessayez.',
  'Request refused': 'Demande refusée',
  'This form was sent from another site': 'Ce formulaire a été envoyé depuis un autre site',
  'Go back to the site and try again from its own page.': 'Revenez sur le site et réessayez depuis sa propre page.',
  // checkout notices and refusals
  'Code {code} applied.': 'Code {code} appliqué.',
  'The code {code} was removed.': 'Le code {code} a été retiré.',
  'Use the test card {card}': 'Utilisez la carte de test {card}',
  'Coupon {code}': 'Coupon {code}',
  'Tick the box or leave it empty': 'Cochez la case ou laissez-la vide',
  Item: 'Article',
  'This item is no longer sold.': 'Cet article n’est plus vendu.',
  'Only {left} of {name} left.': 'Plus que {left} × {name} en stock.',
  '{name} is out of stock.': '{name} est en rupture de stock.',
  Region: 'Région',
  // the second factor at sign-in
  'Enter the code from your authenticator app': 'Saisissez le code de votre application d’authentification',
  'Code from your authenticator app': 'Code de votre application d’authentification',
  'Use your authenticator app instead': 'Utiliser plutôt votre application d’authentification',
  'Enter the code we emailed you': 'Saisissez le code que nous vous avons envoyé par e-mail',
  'Code from the email': 'Code reçu par e-mail',
  'Get a code by email': 'Recevoir un code par e-mail',
  'Enter the code we texted you': 'Saisissez le code que nous vous avons envoyé par SMS',
  'Code from the text message': 'Code reçu par SMS',
  'Get a code by text message': 'Recevoir un code par SMS',
  'Open your authenticator app and enter the 6-digit code it shows for this site.':
    'Ouvrez votre application d’authentification et saisissez le code à 6 chiffres qu’elle affiche pour ce site.',
  'We sent a 6-digit code to {to}. It works for 10 minutes.':
    'Nous avons envoyé un code à 6 chiffres à {to}. Il est valable 10 minutes.',
  'We sent a 6-digit code to your email. It works for 10 minutes.':
    'Nous avons envoyé un code à 6 chiffres à votre adresse e-mail. Il est valable 10 minutes.',
  'We sent a 6-digit code to your phone. It works for 10 minutes.':
    'Nous avons envoyé un code à 6 chiffres sur votre téléphone. Il est valable 10 minutes.',
  'Remember this device': 'Se souvenir de cet appareil',
  Continue: 'Continuer',
  'Start again': 'Recommencer',
  'Use a passkey from the site’s sign-in.': 'Utilisez une clé d’accès depuis la connexion du site.',
  'A new code can be sent 30 seconds after the last one.':
    'Un nouveau code peut être envoyé 30 secondes après le précédent.',
  'Send the code again': 'Renvoyer le code',
  'We sent you a new code.': 'Nous vous avons envoyé un nouveau code.',
  'Enter the 6-digit code.': 'Saisissez le code à 6 chiffres.',
  'A new code can be sent {cooldown} seconds after the last one: wait {wait} more seconds.':
    'Un nouveau code peut être envoyé {cooldown} secondes après le précédent : patientez encore {wait} secondes.',
  'A new code can be sent {cooldown} seconds after the last one: wait 1 more second.':
    'Un nouveau code peut être envoyé {cooldown} secondes après le précédent : patientez encore 1 seconde.',
  '{reason}. One more try before this sign-in is locked.':
    '{reason}. Encore un essai avant que cette connexion soit bloquée.',
  '{reason}. {left} more tries before this sign-in is locked.':
    '{reason}. Encore {left} essais avant que cette connexion soit bloquée.',
  'This sign-in has expired. Sign in again.': 'Cette connexion a expiré. Connectez-vous à nouveau.',
  'Your account needs another step to sign in: use the site’s sign-in form.':
    'Votre compte demande une autre étape pour se connecter : utilisez le formulaire de connexion du site.',
  'Too many failed attempts. Try again later.': 'Trop de tentatives échouées. Réessayez plus tard.',
  'Too many failed attempts. Sign in from the site to continue.':
    'Trop de tentatives échouées. Connectez-vous depuis le site pour continuer.',
  'Wrong email or password.': 'E-mail ou mot de passe incorrect.',
  'You need to reset your password first.': 'Vous devez d’abord réinitialiser votre mot de passe.',
  'Your membership is waiting for the site owner’s approval.':
    'Votre inscription attend l’approbation du propriétaire du site.',
  'Confirm your email first: we sent you a code.': 'Confirmez d’abord votre e-mail : nous vous avons envoyé un code.',
  // the platform's refusals a sign-in page shows (emulator/routes/identity.ts, domain/identity.ts)
  'Wrong code': 'Code incorrect',
  'This code was already used: wait for the next one': 'Ce code a déjà été utilisé : attendez le suivant',
  'No code was sent for this factor yet: ask for one first':
    'Aucun code n’a encore été envoyé pour ce facteur : demandez-en un d’abord',
  'Too many wrong codes. Sign in again.': 'Trop de codes incorrects. Connectez-vous à nouveau.',
  'Too many failed sign-in attempts. Try again later.':
    'Trop de tentatives de connexion échouées. Réessayez plus tard.',
  'Wait a moment before asking for another code': 'Patientez un instant avant de demander un autre code',
  'This sign-in has expired or was already used. Sign in again.':
    'Cette connexion a expiré ou a déjà été utilisée. Connectez-vous à nouveau.',
  'This member is blocked': 'Ce membre est bloqué',
  'This member was disconnected from the site': 'Ce membre a été déconnecté du site',
  // account notices
  '{n} second factors are on.': '{n} seconds facteurs sont activés.',
  'Your name was saved.': 'Votre nom a été enregistré.',
  'Enter a name.': 'Saisissez un nom.',
  'Something was missing. Try again.': 'Il manquait quelque chose. Réessayez.',
  'You joined the community.': 'Vous avez rejoint la communauté.',
  'You left the community.': 'Vous avez quitté la communauté.',
  // security
  'Second factors ask for more than your password when you sign in to this site.':
    'Les seconds facteurs demandent plus que votre mot de passe quand vous vous connectez à ce site.',
  'Your second factors': 'Vos seconds facteurs',
  'Authenticator app': 'Application d’authentification',
  'Back to my account': 'Retour à mon compte',
  'Code by SMS': 'Code par SMS',
  'Code by phone call': 'Code par appel téléphonique',
  'Code by email': 'Code par e-mail',
  'Push notification': 'Notification push',
  Passkey: 'Clé d’accès',
  On: 'Activé',
  'Waiting to be confirmed': 'En attente de confirmation',
  'Needs to be set up again': 'À configurer de nouveau',
  'On (the site requires it)': 'Activé (le site l’exige)',
  'Off (the site turned it off)': 'Désactivé (le site l’a désactivé)',
  'Remove {name}': 'Retirer {name}',
  'Add this key to your authenticator app, then enter the code it shows.':
    'Ajoutez cette clé à votre application d’authentification, puis saisissez le code qu’elle affiche.',
  Key: 'Clé',
  Link: 'Lien',
  '6-digit code': 'Code à 6 chiffres',
  Confirm: 'Confirmer',
  'An authenticator app on your phone shows a new 6-digit code every 30 seconds.':
    'Une application d’authentification sur votre téléphone affiche un nouveau code à 6 chiffres toutes les 30 secondes.',
  'Set up an authenticator app': 'Configurer une application d’authentification',
  'The second factor was removed.': 'Le second facteur a été retiré.',
  'That second factor can’t be removed here.': 'Ce second facteur ne peut pas être retiré ici.',
  'Your authenticator app is on.': 'Votre application d’authentification est activée.',
  'That code isn’t right. Enter the code your app shows now.':
    'Ce code n’est pas le bon. Saisissez le code que votre application affiche maintenant.',
  'Signing in…': 'Connexion…',
};

/** Every English text of the table (the hosted test checks that none is left on a French page). */
export const ENGLISH_WORDS: readonly string[] = Object.keys(FRENCH).filter((en) => FRENCH[en] !== en);

/** The table has French for `en` (the hosted test checks every template's markers). */
export const hasFrench = (en: string): boolean => Object.hasOwn(FRENCH, en);

/** A sentence with values: `en` keys the table, each `{name}` of it (and of its French) filled from `with`. */
export interface Phrase {
  en: string;
  with: Record<string, string | number>;
}
/** What a page says: a text of the table, or a sentence with values. */
export type Said = string | Phrase;

/** The English texts a French page asked for and found no French for (the hosted test fails on any). */
const missing = new Set<string>();
export const missingFrench = (): readonly string[] => [...missing];

/**
 * `said` in the page's language: its French on a French page when there is one; in the right-to-left test language
 * (`ar-XB`) its words mirrored, as a right-to-left language's read; else as it is. Values filled in (never mirrored).
 */
export function word(l: HostedLocale, said: Said): string {
  const en = typeof said === 'string' ? said : said.en;
  let text = en;
  if (l.lang === 'ar-XB') text = pseudo(en);
  else if (l.fr) {
    if (Object.hasOwn(FRENCH, en)) text = FRENCH[en]!;
    else if (missing.size < 100) missing.add(en);
  }
  if (typeof said === 'string') return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) =>
    Object.hasOwn(said.with, name) ? String(said.with[name]) : m,
  );
}

/** A sentence with values (see {@link Phrase}). */
export const phrase = (en: string, values: Record<string, string | number>): Phrase => ({ en, with: values });

/** Every `{{@English text}}` marker of a rendered page, in the page's language (the text escaped). */
export const translateMarkers = (l: HostedLocale, html: string, esc: (s: string) => string): string =>
  html.replace(/\{\{@([^{}]+)\}\}/g, (_, en: string) => esc(word(l, en)));
