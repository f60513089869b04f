/**
 * The eCom current cart on the wire (docs/spec/wire-protocol.md §6): its schemas and calls. The page's `$cart` (queue,
 * optimistic changes, other tabs) is core/stores/current-cart.ts.
 *
 * Named `current-cart` (the SDK's module name) rather than `cart`: a shared chunk named `cart-…` would pass for the
 * `<inlay-cart>` widget chunk.
 */
import { z } from 'zod/mini';
import { dictOf, textOrNumber } from './json.ts';
import type { InlayClient } from '../client.ts';
import { InlayApiError } from '../errors.ts';
import { ops, type Operation } from '../urls.ts';
import { STORES_APP_ID } from '../constants.ts';
import { imageSchema } from './media.ts';

const o = z.optional;
const str = z.string();
/** The platform's money object; amounts are decimal strings. */
const money = z.object({ amount: str, formattedAmount: o(str) });
const text = z.object({ original: str, translated: o(str) });

const lineSchema = z.object({
  id: str,
  quantity: z.number(),
  catalogReference: z.object({ appId: str, catalogItemId: str, options: o(dictOf()) }),
  productName: o(text),
  url: o(z.object({ url: o(str) })),
  price: money,
  fullPrice: o(money),
  lineItemPrice: o(money),
  descriptionLines: o(z.array(z.object({ name: o(text), plainText: o(text), colorInfo: o(text) }))),
  image: o(imageSchema),
  availability: o(z.object({ status: str, quantityAvailable: o(z.number()) })),
});
const discount = z.object({
  coupon: o(z.object({ code: str, name: o(str), amount: o(money) })),
  discountRule: o(z.object({ name: o(text), amount: o(money) })),
  merchantDiscount: o(z.object({ amount: o(money) })),
});
const cartSchema = z.object({
  id: str,
  lineItems: z.array(lineSchema),
  subtotal: o(money),
  currency: o(str),
  appliedDiscounts: o(z.array(discount)),
  revision: o(textOrNumber),
});
const totalsSchema = z.object({
  priceSummary: z.object({ subtotal: o(money), shipping: o(money), tax: o(money), discount: o(money), total: money }),
  appliedDiscounts: o(z.array(discount)),
  calculationErrors: o(
    z.object({
      orderValidationErrors: o(z.array(z.object({ code: o(str), description: o(str), data: o(dictOf()) }))),
    }),
  ),
  shippingInfo: o(z.object({ selectedCarrierServiceOption: o(z.object({ title: o(str) })) })),
});

export type Money = z.infer<typeof money>;
export type CartLine = z.infer<typeof lineSchema>;
export type Cart = z.infer<typeof cartSchema>;
export type Totals = z.infer<typeof totalsSchema>;
export type CartDiscount = z.infer<typeof discount>;

/** What a site or widget adds: a product, its variant and a quantity (1 by default). */
export interface AddItem {
  productId: string;
  variantId?: string;
  quantity?: number;
}

/** Why `$cart` changed, as `inlay-cart-change` reports it. */
export type CartChangeReason = 'add' | 'update' | 'remove' | 'coupon' | 'sync' | 'clear';

type Client = Pick<InlayClient, 'http'>;
const wrapped = z.object({ cart: cartSchema });
const send = <T>(c: Client, op: Operation, schema: z.ZodMiniType<T>, body?: unknown) =>
  c.http.request({ ...op, schema, body });
const call = (c: Client, op: Operation, body: unknown) => send(c, op, wrapped, body).then((r) => r.cart);

/** GET the current cart; `null` when there is none yet (404). */
export function fetchCart(c: Client): Promise<Cart | null> {
  return send(c, ops.getCart, wrapped).then(
    (r) => r.cart,
    (e: unknown) => {
      if (e instanceof InlayApiError && e.status === 404) return null;
      throw e;
    },
  );
}

export const estimateTotals = (c: Client) => send(c, ops.estimateTotals, totalsSchema, {});

/** What create-checkout may carry to fill in the hosted checkout (a member's email and default address). */
export interface CheckoutPrefill {
  email?: string;
  shippingAddress?: Record<string, string>;
}

/**
 * create-checkout, then an `ecomCheckout` redirect session; returns the hosted checkout URL, in the page's language
 * `lang` (the platform appends `preferences.additionalQueryParameters` to the URL: docs/wire.md "Hosted pages' language").
 */
export async function startCheckout(
  c: Client,
  callbacks: { postFlowUrl: string; thankYouPageUrl: string; cartPageUrl: string },
  prefill: CheckoutPrefill,
  lang: string,
) {
  const { checkoutId } = await send(c, ops.createCheckout, z.object({ checkoutId: str }), {
    channelType: 'WEB',
    ...prefill,
  });
  const r = await send(c, ops.redirectSession, z.object({ redirectSession: z.object({ fullUrl: str }) }), {
    ecomCheckout: { checkoutId },
    callbacks,
    preferences: { additionalQueryParameters: { lang } },
  });
  return { checkoutId, url: r.redirectSession.fullUrl };
}

/** Add items (the platform merges them into their lines). */
export const addToCart = (c: Client, items: AddItem[]) =>
  call(c, ops.addToCart, {
    lineItems: items.map((i) => ({
      catalogReference: {
        appId: STORES_APP_ID,
        catalogItemId: i.productId,
        ...(i.variantId ? { options: { variantId: i.variantId } } : {}),
      },
      quantity: i.quantity ?? 1,
    })),
  });
export const setLineQuantity = (c: Client, lineId: string, quantity: number) =>
  call(c, ops.updateLineItemsQuantity, { lineItems: [{ id: lineId, quantity }] });
export const removeLine = (c: Client, lineId: string) => call(c, ops.removeLineItems, { lineItemIds: [lineId] });
export const applyCoupon = (c: Client, code: string) => call(c, ops.updateCart, { couponCode: code });
export const removeCoupon = (c: Client) => call(c, ops.removeCoupon, {});
export const deleteCart = (c: Client) => send(c, ops.deleteCart, z.object({})).then(() => null);
