export const strings = {
  en: {
    'atc.add': 'Add to cart',
    'atc.adding': 'Adding…',
    'atc.added': 'Added to cart',
    'atc.soldOut': 'Sold out',
    'atc.choose': 'Choose an option',
    'atc.failed': 'Couldn’t add this to your cart',
    'atc.view': 'View cart',
  },
  fr: {
    'atc.add': 'Ajouter au panier',
    'atc.adding': 'Ajout…',
    'atc.added': 'Ajouté au panier',
    'atc.soldOut': 'Épuisé',
    'atc.choose': 'Choisissez une option',
    'atc.failed': 'Impossible d’ajouter cet article au panier',
    'atc.view': 'Voir le panier',
  },
};
