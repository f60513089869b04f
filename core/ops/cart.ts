import { op } from './op.ts';

const CART = '/ecom/v1/carts/current';

// Current cart (docs/spec/wire-protocol.md §6).
export const getCart = op('GET', CART);
export const updateCart = op('PATCH', CART); // applies a coupon
export const deleteCart = op('DELETE', CART);
export const addToCart = op('POST', `${CART}/add-to-cart`);
export const updateLineItemsQuantity = op('POST', `${CART}/update-line-items-quantity`);
export const removeLineItems = op('POST', `${CART}/remove-line-items`);
export const removeCoupon = op('POST', `${CART}/remove-coupon`);
export const estimateTotals = op('POST', `${CART}/estimate-totals`);
export const createCheckout = op('POST', `${CART}/create-checkout`);
