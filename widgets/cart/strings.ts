/** The cart button's strings (always loaded); the drawer's are in drawer-strings.ts, loaded with the drawer. */
export const strings = {
  'cart.button': 'Cart, {count} items',
};
