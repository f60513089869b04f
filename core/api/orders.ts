/**
 * The signed-in member's own orders, read through the site companion (docs/companion.md "Member account"): eCommerce
 * Orders calls are admin-only on the platform (docs/spec/wire-protocol.md §11.5), so the companion makes them for the
 * member its token verifies to, never for an id the browser names. Loaded on demand by `<inlay-account>` only.
 */
import { z } from 'zod/mini';
import { dictOf, textOrNumber } from './json.ts';
import type { Http } from '../http.ts';
import { callRoute, type CompanionRoutes } from './companion.ts';
import { imageSchema } from './media.ts';

const o = z.optional;
const str = z.string();
const money = z.looseObject({ amount: str, formattedAmount: o(str) });
const text = z.looseObject({ original: str, translated: o(str) });

/** A postal address as orders carry it (`addressLine1`; members' addresses say `addressLine`). */
export const orderAddressSchema = z.looseObject({
  addressLine1: o(str),
  addressLine: o(str),
  addressLine2: o(str),
  city: o(str),
  subdivision: o(str),
  country: o(str),
  postalCode: o(str),
});
const contactDetails = z.looseObject({ firstName: o(str), lastName: o(str), phone: o(str), company: o(str) });

const lineSchema = z.looseObject({
  id: str,
  productName: o(text),
  catalogReference: o(z.looseObject({ appId: str, catalogItemId: str, options: o(dictOf()) })),
  quantity: z.number(),
  /** Units put back in stock so far (a refund, a cancel or an edit); absent when none. */
  restockQuantity: o(z.number()),
  price: o(money),
  totalPriceBeforeTax: o(money),
  descriptionLines: o(z.array(z.looseObject({ name: o(text), plainText: o(text), colorInfo: o(text) }))),
  image: o(imageSchema),
});
const discountSchema = z.looseObject({
  coupon: o(z.looseObject({ code: o(str), name: o(str), amount: o(money) })),
  discountRule: o(z.looseObject({ name: o(text), amount: o(money) })),
  merchantDiscount: o(z.looseObject({ amount: o(money) })),
});

export const orderSchema = z.looseObject({
  id: str,
  number: textOrNumber,
  createdDate: o(str),
  status: o(str),
  paymentStatus: o(str),
  fulfillmentStatus: o(str),
  currency: o(str),
  buyerInfo: o(z.looseObject({ email: o(str) })),
  lineItems: z.array(lineSchema),
  priceSummary: o(
    z.looseObject({ subtotal: o(money), shipping: o(money), tax: o(money), discount: o(money), total: o(money) }),
  ),
  /** What was paid and refunded so far. */
  balanceSummary: o(z.looseObject({ refunded: o(money) })),
  appliedDiscounts: o(z.array(discountSchema)),
  /** Fees on top of the items (a tip: code `TIP`). */
  additionalFees: o(z.array(z.looseObject({ code: o(str), name: o(str), price: o(money) }))),
  billingInfo: o(z.looseObject({ address: o(orderAddressSchema), contactDetails: o(contactDetails) })),
  shippingInfo: o(
    z.looseObject({
      title: o(str),
      cost: o(z.looseObject({ price: o(money) })),
      logistics: o(
        z.looseObject({
          deliveryTime: o(str),
          shippingDestination: o(z.looseObject({ address: o(orderAddressSchema), contactDetails: o(contactDetails) })),
        }),
      ),
    }),
  ),
  activities: o(
    z.array(
      z.looseObject({
        id: o(str),
        type: o(str),
        createdDate: o(str),
        customActivity: o(z.looseObject({ type: o(str) })),
      }),
    ),
  ),
});
export const fulfillmentSchema = z.looseObject({
  id: o(str),
  createdDate: o(str),
  lineItems: o(z.array(z.looseObject({ id: str, quantity: o(z.number()) }))),
  trackingInfo: o(z.looseObject({ trackingNumber: o(str), shippingProvider: o(str), trackingLink: o(str) })),
});

export type Order = z.infer<typeof orderSchema> & {
  // read where shown, each checked there (the loose schema passes them through: no bytes spent validating them)
  /** Where the tax is for: the platform's breakdown, or the checkout's region the emulator's order kept. */
  taxInfo?: { taxBreakdown?: { jurisdiction?: unknown }[] };
  taxSummary?: { calculationDetails?: { taxRegion?: unknown } };
};
/** The platform's fields of an order the owner's detail reads besides, each checked where it is read. */
export interface OrderMoney {
  balanceSummary?: { paid?: { amount?: unknown }; refunded?: { amount?: unknown } };
  activities?: { orderRefunded?: { amount?: { amount?: unknown }; reason?: unknown } }[];
}
export type OrderLine = Order['lineItems'][number];
export type OrderAddress = z.infer<typeof orderAddressSchema>;
export type Fulfillment = z.infer<typeof fulfillmentSchema>;

/** A page of the member's orders, newest first; `next` asks for the following page. */
const myOrdersRoute = {
  method: 'POST',
  path: '/my/orders',
  kind: 'read',
  schema: z.object({ orders: z.array(orderSchema), next: o(z.nullable(str)) }),
} as const;
/**
 * One of the member's orders with its shipments and, once refunded, how many units of each line were (404 for anyone
 * else's).
 */
const myOrderRoute = {
  method: 'GET',
  path: '/my/orders/{id}',
  schema: z.object({
    order: orderSchema,
    fulfillments: o(z.array(fulfillmentSchema)),
    refundedLines: o(z.array(z.object({ lineItemId: str, quantity: z.number() }))),
  }),
} as const;
/** Canceled when unpaid, else a request the shop answers; 409 `CANNOT_CANCEL` (with `data.reason`). */
const cancelMyOrderRoute = {
  method: 'POST',
  path: '/my/orders/{id}/cancel',
  schema: z.object({ order: orderSchema, outcome: z.enum(['CANCELED', 'REQUESTED']) }),
} as const;

/** The member's own orders (docs/companion.md "Member orders"), their bodies in companion-requests.ts. */
export const accountRoutes = [myOrdersRoute, myOrderRoute, cancelMyOrderRoute] as const satisfies CompanionRoutes;

/** `POST /v1/my/orders`: a page of the member's orders, newest first; `next` asks for the following page. */
export const myOrders = (http: Http, body: { cursor?: string; limit?: number }, signal?: AbortSignal) =>
  callRoute(http, myOrdersRoute, { body, signal });

/** `GET /v1/my/orders/{id}`: one of the member's orders with its shipments (404 for anyone else's). */
export const myOrder = (http: Http, id: string, signal?: AbortSignal) => callRoute(http, myOrderRoute, { id, signal });

/**
 * `POST /v1/my/orders/{id}/cancel`: an unpaid order is canceled (`CANCELED`); a paid one gets a request the shop
 * answers (`REQUESTED`). 409 `CANNOT_CANCEL` (with `data.reason`) when its state no longer allows it.
 */
export const cancelMyOrder = (http: Http, id: string, reason?: string) =>
  callRoute(http, cancelMyOrderRoute, { id, body: reason ? { reason } : {} });
