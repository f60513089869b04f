/**
 * The owner console's payments, through the site companion (docs/companion.md "Owner console: payments"): one read of
 * an order's money and the changes to it. Every change carries the `revision` of the view its confirmation showed
 * (409 `PAYMENTS_CHANGED`, `CHANGE_IN_PROGRESS` or `ANSWER_LOST` otherwise, with the order as it is now in
 * `data.view`). Owner only. Loaded with the console's payments panel only.
 */
import { z } from 'zod/mini';
import { textOrNumber } from './json.ts';
import type { Http } from '../http.ts';

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
  details: o(z.looseObject({ reason: o(str), lineItems: o(z.array(line)) })),
});
export type Refund = z.infer<typeof refundSchema>;

const viewShape = {
  order: z.looseObject({
    id: str,
    number: o(textOrNumber),
    paymentStatus: o(str),
    currency: o(str),
    priceSummary: o(z.looseObject({ total: o(price) })),
    balanceSummary: o(z.looseObject({ balance: o(price), paid: o(price), refunded: o(price) })),
    buyerEmail: o(str),
    lineItems: z.array(
      z.looseObject({
        id: str,
        name: o(str),
        quantity: z.number(),
        price: o(price),
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
};
const viewSchema = z.looseObject(viewShape);
export type PaymentsView = z.infer<typeof viewSchema>;

/** An offline payment's method: one of the platform's, or the owner's own words. */
export type Method = { predefined: 'CASH' | 'BANK_TRANSFER' | 'CHECK' } | { custom: string };
export interface RefundBody {
  paymentId: string;
  amount?: string;
  externalRefund?: boolean;
  lineItems?: { lineItemId: string; quantity: number }[];
  reason?: string;
  restock?: { type: 'NO_ITEMS' | 'ALL_ITEMS' | 'SOME_ITEMS'; items?: { lineItemId: string; quantity: number }[] };
  sendEmail?: boolean;
  customMessage?: string;
}

const path = (id: string, tail: string) => `/admin/orders/${encodeURIComponent(id)}/${tail}`;
const change = <B extends object>(http: Http, id: string, tail: string, body: B & { revision: string }) =>
  http.request({ method: 'POST', path: path(id, tail), body, schema: viewSchema });

/** `GET admin/orders/{id}/payments`: the order's money and its revision. */
export const paymentsView = (http: Http, id: string) =>
  http.request({ path: path(id, 'payments'), schema: viewSchema });
export const markAsPaid = (http: Http, id: string, revision: string, method?: Method) =>
  change(http, id, 'mark-as-paid', { revision, ...(method ? { method } : {}) });
export const manualPayment = (http: Http, id: string, revision: string, amount: string, method?: Method) =>
  change(http, id, 'manual-payment', { revision, amount, ...(method ? { method } : {}) });
/** A refund: the view after it, with the refund as recorded and `failed` when the provider refused it. */
export const refund = (http: Http, id: string, revision: string, body: RefundBody) =>
  http.request({
    method: 'POST',
    path: path(id, 'refund'),
    body: { revision, ...body },
    schema: z.looseObject({
      ...viewShape,
      refundId: o(z.nullable(str)),
      refund: o(z.nullable(refundSchema)),
      failed: o(z.boolean()),
    }),
  });
export const capture = (http: Http, id: string, revision: string, paymentId: string, amount?: string) =>
  change(http, id, 'capture', { revision, payments: [{ paymentId, ...(amount ? { amount } : {}) }] });
export const voidPayment = (http: Http, id: string, revision: string, paymentId: string) =>
  change(http, id, 'void', { revision, paymentIds: [paymentId] });
