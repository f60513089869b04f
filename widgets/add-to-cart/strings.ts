export const strings = {
  'atc.add': 'Add to cart',
  'atc.adding': 'Adding…',
  'atc.added': 'Added to cart',
  'atc.soldOut': 'Sold out',
  'atc.choose': 'Choose an option',
  'atc.failed': 'Couldn’t add this to your cart',
  'atc.view': 'View cart',
};
