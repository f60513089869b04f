/**
 * The hosted pages' French (issue 44: a French shopper lands on a French checkout): keyed by the English text, the
 * words of the checkout, the sign-in form, the account page and the one-message pages, and the checkout form's
 * errors. A template marks a translatable text `{{@English text}}` (render.ts leaves it for {@link hostedPage}, which
 * writes it in the page's language); TypeScript text goes through {@link word}. A text without French stays English.
 */
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
};

/** `en` in the page's language: its French on a French page when there is one, else as it is. */
export const word = (l: HostedLocale, en: string): string => (l.fr && Object.hasOwn(FRENCH, en) ? FRENCH[en]! : en);

/** Every `{{@English text}}` marker of a rendered page, in the page's language (the text escaped). */
export const translateMarkers = (l: HostedLocale, html: string, esc: (s: string) => string): string =>
  html.replace(/\{\{@([^{}]+)\}\}/g, (_, en: string) => esc(word(l, en)));
