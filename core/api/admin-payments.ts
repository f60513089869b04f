/**
 * The owner console's payments, through the site companion (docs/companion.md "Owner console: payments"): one read of
 * an order's money and the changes to it. Every change carries the `revision` of the view its confirmation showed
 * (409 `PAYMENTS_CHANGED`, `CHANGE_IN_PROGRESS` or `ANSWER_LOST` otherwise, with the order as it is now in
 * `data.view`). Owner only. Loaded with the console's payments panel only.
 */
import { z } from 'zod/mini';
import { textOrNumber } from './json.ts';
import type { Http } from '../http.ts';
import { callRoute, type BodyOf, type CompanionRoutes } from './companion.ts';
import type { CompanionRequests } from './companion-requests.ts';

const str = z.string();
const o = z.optional;
const price = z.looseObject({ amount: str });
const line = z.looseObject({ lineItemId: str, quantity: z.number() });

const paymentSchema = z.looseObject({
  id: str,
  status: o(str),
  amount: o(price),
  regularPaymentDetails: o(
    z.looseObject({
      offlinePayment: o(z.boolean()),
      creditCardDetails: o(z.looseObject({ lastFourDigits: o(str), brand: o(str) })),
      paymentMethodName: o(
        z.looseObject({
          siteLanguageName: o(str),
          userDefinedName: o(z.looseObject({ predefined: o(str), custom: o(str) })),
        }),
      ),
      authorizationDetails: o(
        z.looseObject({
          captures: o(z.array(z.looseObject({ status: o(str), amount: o(price) }))),
          void: o(z.looseObject({ status: o(str), reason: o(str) })),
          scheduledAction: o(z.looseObject({ actionType: o(str), executionDate: o(str) })),
        }),
      ),
    }),
  ),
});
export type Payment = z.infer<typeof paymentSchema>;

const refundSchema = z.looseObject({
  id: str,
  createdDate: o(str),
  transactions: o(
    z.array(
      z.looseObject({ paymentId: o(str), amount: o(price), refundStatus: o(str), externalRefund: o(z.boolean()) }),
    ),
  ),
  details: o(
    z.looseObject({
      reason: o(str),
      lineItems: o(z.array(line)),
      shippingIncluded: o(z.boolean()),
      shipping: o(z.looseObject({ amount: o(price) })),
    }),
  ),
});
export type Refund = z.infer<typeof refundSchema>;

const viewShape = {
  order: z.looseObject({
    id: str,
    number: o(textOrNumber),
    paymentStatus: o(str),
    currency: o(str),
    priceSummary: o(
      z.looseObject({ total: o(price), subtotal: o(price), discount: o(price), tax: o(price), shipping: o(price) }),
    ),
    balanceSummary: o(z.looseObject({ balance: o(price), paid: o(price), refunded: o(price) })),
    buyerEmail: o(str),
    lineItems: z.array(
      z.looseObject({
        id: str,
        name: o(str),
        quantity: z.number(),
        price: o(price),
        /** The line's own discount and tax, when the order carries them. */
        totalDiscount: o(price),
        taxAmount: o(price),
        refundedQuantity: o(z.number()),
        restockedQuantity: o(z.number()),
      }),
    ),
  }),
  payments: z.array(paymentSchema),
  refunds: z.array(refundSchema),
  refundabilities: z.array(
    z.looseObject({
      paymentId: str,
      refundabilityStatus: str,
      nonRefundableReason: o(str),
      manuallyRefundableReason: o(str),
    }),
  ),
  collectability: z.looseObject({ status: str, amount: o(price) }),
  revision: str,
  /** Optional reads that did not come (refundability: `REFUSED` by the platform, or `FAILED` this time). */
  unavailable: o(z.looseObject({ refundability: o(str) })),
};
const viewSchema = z.looseObject(viewShape);
export type PaymentsView = z.infer<typeof viewSchema>;

/** The order's money and its revision. */
const paymentsViewRoute = { method: 'GET', path: '/admin/orders/{id}/payments', schema: viewSchema } as const;
const markAsPaidRoute = { method: 'POST', path: '/admin/orders/{id}/mark-as-paid', schema: viewSchema } as const;
const manualPaymentRoute = { method: 'POST', path: '/admin/orders/{id}/manual-payment', schema: viewSchema } as const;
/** The view after it, with the refund as recorded and `failed` when the provider refused it. */
const refundRoute = {
  method: 'POST',
  path: '/admin/orders/{id}/refund',
  schema: z.looseObject({
    ...viewShape,
    refundId: o(z.nullable(str)),
    refund: o(z.nullable(refundSchema)),
    failed: o(z.boolean()),
  }),
} as const;
const captureRoute = { method: 'POST', path: '/admin/orders/{id}/capture', schema: viewSchema } as const;
const voidPaymentRoute = { method: 'POST', path: '/admin/orders/{id}/void', schema: viewSchema } as const;

/** The owner's payments routes, their bodies in companion-requests.ts (order-changes.ts has the bulk mark as paid). */
export const adminPaymentsRoutes = [
  paymentsViewRoute,
  markAsPaidRoute,
  manualPaymentRoute,
  refundRoute,
  captureRoute,
  voidPaymentRoute,
] as const satisfies CompanionRoutes;

/** An offline payment's method: one of the platform's, or the owner's own words. */
export type Method = NonNullable<BodyOf<CompanionRequests, 'POST /admin/orders/{id}/mark-as-paid'>['method']>;
export type RefundBody = Omit<BodyOf<CompanionRequests, 'POST /admin/orders/{id}/refund'>, 'revision'>;

/** `GET admin/orders/{id}/payments`: the order's money and its revision. */
export const paymentsView = (http: Http, id: string) => callRoute(http, paymentsViewRoute, { id });
export const markAsPaid = (http: Http, id: string, revision: string, method?: Method) =>
  callRoute(http, markAsPaidRoute, { id, body: { revision, ...(method ? { method } : {}) } });
export const manualPayment = (http: Http, id: string, revision: string, amount: string, method?: Method) =>
  callRoute(http, manualPaymentRoute, { id, body: { revision, amount, ...(method ? { method } : {}) } });
/** A refund: the view after it, with the refund as recorded and `failed` when the provider refused it. */
export const refund = (http: Http, id: string, revision: string, body: RefundBody) =>
  callRoute(http, refundRoute, { id, body: { revision, ...body } });
export const capture = (http: Http, id: string, revision: string, paymentId: string, amount?: string) =>
  callRoute(http, captureRoute, {
    id,
    body: { revision, payments: [{ paymentId, ...(amount ? { amount } : {}) }] },
  });
export const voidPayment = (http: Http, id: string, revision: string, paymentId: string) =>
  callRoute(http, voidPaymentRoute, { id, body: { revision, paymentIds: [paymentId] } });
