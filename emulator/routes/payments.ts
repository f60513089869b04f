/**
 * An order's money, admin-only like every eCommerce Orders call (a visitor or member token is refused with 403):
 * List Transactions For Single Order (`@wix/auto_sdk_ecom_order-transactions`) and the payments collector of
 * `@wix/auto_sdk_ecom_orders` (collectability, manual payment, mark as paid, bulk, refundability, trigger refund,
 * capture and void of authorized payments). Shapes and paths as those clients send them (docs/wire.md "Payments").
 */
import { z } from 'zod';
import {
  bulkMarkAsPaid,
  capturePayments,
  getCollectability,
  getRefundability,
  listTransactions,
  markAsPaid,
  recordManualPayment,
  toCents,
  triggerRefund,
  voidPayments,
} from '../domain/payments.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { adminOps } from '../../core/urls.ts';
import { invalidField } from '../errors.ts';
import { validate } from '../validate.ts';

const ID = z.string().min(1).max(100);
/** The platform's Price: a decimal string (at most 2 decimals here: the emulator's currency is USD). */
const priceInput = z.object({
  amount: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be a decimal amount like "12.50"'),
  formattedAmount: z.string().max(100).optional(),
});
const line = z.object({ lineItemId: ID, quantity: z.number().int().min(1).max(100_000) });

/** The payment method an owner names for an offline payment (`UserDefinedPaymentMethodName`: one of the two). */
const methodName = z.union([
  z.object({ predefined: z.enum(['CASH', 'BANK_TRANSFER', 'CHECK']), custom: z.undefined().optional() }),
  z.object({ custom: z.string().trim().min(1).max(150), predefined: z.undefined().optional() }),
]);
const manualSchema = z.object({ amount: priceInput, userDefinedPaymentMethodName: methodName.optional() });
const markSchema = z.object({ userDefinedPaymentMethodName: methodName.optional() });
const bulkSchema = z.object({ ecomOrderIds: z.array(ID).min(1).max(100) });
const voidSchema = z.object({ paymentIds: z.array(ID).min(1).max(100) });
const captureSchema = z.object({
  payments: z
    .array(z.object({ paymentId: ID, amount: priceInput.optional() }))
    .min(1)
    .max(100),
});
const refundSchema = z.object({
  payments: z
    .array(z.object({ paymentId: ID, amount: priceInput.optional(), externalRefund: z.boolean().optional() }))
    .min(1)
    .max(1),
  details: z
    .object({
      items: z.array(line).max(300).optional(),
      lineItems: z.array(line).max(300).optional(),
      shippingIncluded: z.boolean().optional(),
      reason: z.string().max(200).nullish(),
      additionalFees: z.array(z.unknown()).max(0, 'the emulator has no additional fees').optional(),
      shipping: z.object({ amount: priceInput.optional() }).optional(),
    })
    .optional(),
  sideEffects: z
    .object({
      restockInfo: z
        .object({
          type: z.enum(['NO_ITEMS', 'ALL_ITEMS', 'SOME_ITEMS']).optional(),
          items: z.array(line).max(300).optional(),
        })
        .optional(),
      sendOrderRefundedEmail: z.boolean().optional(),
      customMessage: z.string().min(1).max(1000).nullish(),
    })
    .optional(),
});

/** A path id the platform would accept (1..100 characters). */
function pathId(ctx: RequestContext, name: string): string {
  const id = ctx.params[name] ?? '';
  if (!id || id.length > 100) throw invalidField(name, 'must be 1 to 100 characters', 'VALIDATION');
  return id;
}

export const paymentsRoutes: RouteModule = (router) => {
  router.operation(adminOps.listOrderTransactions, (ctx) => {
    ctx.requireAdmin();
    return { json: { orderTransactions: listTransactions(ctx.db, pathId(ctx, 'orderId'), ctx.now()) } };
  });

  router.operation(adminOps.getPaymentCollectability, (ctx) => {
    ctx.requireAdmin();
    return { json: getCollectability(ctx.db, pathId(ctx, 'ecomOrderId'), ctx.now()) };
  });

  router.operation(adminOps.recordManualPayment, (ctx) => {
    ctx.requireAdmin();
    const { amount, userDefinedPaymentMethodName: name } = validate(manualSchema, ctx.body);
    recordManualPayment(ctx.db, pathId(ctx, 'orderId'), toCents(amount.amount), ctx.now(), name);
    return { json: {} };
  });

  router.operation(adminOps.markOrderAsPaid, (ctx) => {
    ctx.requireAdmin();
    const { userDefinedPaymentMethodName: name } = validate(markSchema, ctx.body ?? {});
    return { json: { order: markAsPaid(ctx.db, pathId(ctx, 'ecomOrderId'), ctx.now(), name) } };
  });

  const bulkMark = (ctx: RequestContext) => {
    ctx.requireAdmin();
    const { ecomOrderIds } = validate(bulkSchema, ctx.body);
    return { json: bulkMarkAsPaid(ctx.db, ecomOrderIds, ctx.now()) };
  };
  // `/v1/bulk/payments-collector/mark-as-paid`, no `/ecom`: where @wix/auto_sdk_ecom_orders sends it on www.wixapis.com
  // (docs/wire.md "Payments: public and internal calls"); the `/ecom/v1/bulk/…` form is not served (404)
  router.operation(adminOps.bulkMarkOrdersAsPaid, bulkMark);

  router.operation(adminOps.getRefundability, (ctx) => {
    ctx.requireAdmin();
    return { json: getRefundability(ctx.db, pathId(ctx, 'ecomOrderId'), ctx.now()) };
  });

  router.operation(adminOps.triggerRefund, (ctx) => {
    ctx.requireAdmin();
    const input = validate(refundSchema, ctx.body);
    const payments = input.payments.map((p) => ({ ...p, amount: p.amount?.amount }));
    const d = input.details;
    const details = d && {
      ...d,
      reason: d.reason ?? undefined,
      shipping: d.shipping && { amount: d.shipping.amount?.amount },
    };
    const sideEffects = input.sideEffects && {
      ...input.sideEffects,
      customMessage: input.sideEffects.customMessage ?? undefined,
    };
    return {
      json: triggerRefund(ctx.db, pathId(ctx, 'ecomOrderId'), { payments, details, sideEffects }, ctx.now()),
    };
  });

  router.operation(adminOps.voidAuthorizedPayments, (ctx) => {
    ctx.requireAdmin();
    const { paymentIds } = validate(voidSchema, ctx.body);
    return { json: voidPayments(ctx.db, pathId(ctx, 'ecomOrderId'), paymentIds, ctx.now()) };
  });

  router.operation(adminOps.captureAuthorizedPayments, (ctx) => {
    ctx.requireAdmin();
    const { payments } = validate(captureSchema, ctx.body);
    return {
      json: capturePayments(
        ctx.db,
        pathId(ctx, 'ecomOrderId'),
        payments.map((p) => ({ paymentId: p.paymentId, amount: p.amount?.amount })),
        ctx.now(),
      ),
    };
  });
};
