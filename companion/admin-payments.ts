/**
 * The owner console's payments (issue 22; docs/companion.md "Owner console: payments"): one read of an order's money
 * (payments, refunds, refundability, what is left to collect), and the changes to it: mark as paid (one order or
 * many), a manual payment, a refund, capture and void of authorized payments. Owner only (403 `NOT_OWNER` before the
 * body is read), as the admin identity.
 *
 * The platform offers no idempotency key for these calls, so every change to one order carries the `revision` of the
 * money its confirmation showed: the companion reads the order again, refuses with 409 `PAYMENTS_CHANGED` when it
 * moved (a refund sent twice, an answer lost and sent again, another tab), and lets one request per revision and body
 * through at a time (409 `ALREADY_SENT` for a double submit). What the platform refuses is relayed with its code;
 * what the companion can tell beforehand (a payment that can't be refunded, captured or voided) is answered 409 with
 * the spec's reason in `data.reason`.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import type { RequestOptions } from '../core/http.ts';
import { adminApi, route } from '../core/urls.ts';
import { readJson } from './body.ts';
import { CompanionError, notFound } from './errors.ts';
import type { Caller } from './identity.ts';

/** What app.ts lends this module: its own helpers, not copies. */
export interface AdminPaymentsDeps {
  /** The caller, when it is an owner; 403 `NOT_OWNER` otherwise. */
  owner(c: Context): Promise<Caller>;
  parse<T>(schema: z.ZodType<T>, value: unknown): T;
  /** An admin call; the platform's refusal relayed (a 404 as a CompanionError 404), its failure a 502. */
  asAdmin<T>(what: string, o: RequestOptions<T>): Promise<T>;
  /** The counter store's `once` (shared by every instance that shares the store). */
  once(key: string, ttlMs: number): Promise<boolean>;
}

const ID = /^[A-Za-z0-9-]{1,100}$/;
const id = z.string().regex(ID, 'is not a valid id');
/** A positive amount in the order's currency, as the platform writes it: `"12.50"`. */
const amount = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount like 12.50')
  .refine((s) => Number(s) > 0, 'must be more than 0');
const revision = z.string().min(1).max(64);
const method = z.union([
  z.strictObject({ predefined: z.enum(['CASH', 'BANK_TRANSFER', 'CHECK']) }),
  z.strictObject({ custom: z.string().trim().min(1).max(150) }),
]);
const line = z.strictObject({ lineItemId: id, quantity: z.number().int().min(1).max(100_000) });

const markBody = z.strictObject({ revision, method: method.optional() });
const bulkBody = z.strictObject({
  orderIds: z
    .array(id)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'lists an order twice'),
});
const manualBody = z.strictObject({ revision, amount, method: method.optional() });
const refundBody = z.strictObject({
  revision,
  paymentId: id,
  amount: amount.optional(),
  externalRefund: z.boolean().optional(),
  lineItems: z.array(line).max(300).optional(),
  shippingIncluded: z.boolean().optional(),
  reason: z.string().trim().max(200).optional(),
  restock: z
    .strictObject({ type: z.enum(['NO_ITEMS', 'ALL_ITEMS', 'SOME_ITEMS']), items: z.array(line).max(300).optional() })
    .optional(),
  sendEmail: z.boolean().optional(),
  customMessage: z.string().trim().min(1).max(1000).optional(),
});
const captureBody = z.strictObject({
  revision,
  payments: z
    .array(z.strictObject({ paymentId: id, amount: amount.optional() }))
    .min(1)
    .max(20),
});
const voidBody = z.strictObject({ revision, paymentIds: z.array(id).min(1).max(20) });

// ------------------------------------------------------------------ the platform's answers (what is read of them)

const price = zm.looseObject({ amount: zm.string(), formattedAmount: zm.optional(zm.string()) });
const payment = zm.looseObject({
  id: zm.string(),
  status: zm.optional(zm.string()),
  amount: zm.optional(price),
  regularPaymentDetails: zm.optional(
    zm.looseObject({
      offlinePayment: zm.optional(zm.boolean()),
      authorizationDetails: zm.optional(
        zm.looseObject({
          captures: zm.optional(zm.array(zm.looseObject({ status: zm.optional(zm.string()) }))),
          void: zm.optional(zm.looseObject({ status: zm.optional(zm.string()), reason: zm.optional(zm.string()) })),
        }),
      ),
    }),
  ),
});
type Payment = zm.infer<typeof payment>;
const refund = zm.looseObject({
  id: zm.string(),
  transactions: zm.optional(
    zm.array(zm.looseObject({ paymentId: zm.optional(zm.string()), refundStatus: zm.optional(zm.string()) })),
  ),
  details: zm.optional(
    zm.looseObject({
      lineItems: zm.optional(zm.array(zm.looseObject({ lineItemId: zm.string(), quantity: zm.number() }))),
    }),
  ),
});
type Refund = zm.infer<typeof refund>;
const orderAnswer = zm.looseObject({
  order: zm.looseObject({
    id: zm.string(),
    number: zm.optional(zm.string()),
    status: zm.optional(zm.string()),
    paymentStatus: zm.optional(zm.string()),
    currency: zm.optional(zm.string()),
    priceSummary: zm.optional(zm.looseObject({})),
    balanceSummary: zm.optional(zm.looseObject({})),
    buyerInfo: zm.optional(zm.looseObject({ email: zm.optional(zm.string()) })),
    lineItems: zm.optional(
      zm.array(
        zm.looseObject({
          id: zm.string(),
          quantity: zm.optional(zm.number()),
          productName: zm.optional(zm.looseObject({ original: zm.optional(zm.string()) })),
          price: zm.optional(price),
        }),
      ),
    ),
  }),
});
const transactionsAnswer = zm.looseObject({
  orderTransactions: zm.looseObject({ payments: zm.array(payment), refunds: zm.array(refund) }),
});
const refundabilityAnswer = zm.looseObject({
  refundabilities: zm.optional(
    zm.array(
      zm.looseObject({
        paymentId: zm.string(),
        refundabilityStatus: zm.string(),
        nonRefundableReason: zm.optional(zm.string()),
        manuallyRefundableReason: zm.optional(zm.string()),
      }),
    ),
  ),
});
type Refundability = NonNullable<zm.infer<typeof refundabilityAnswer>['refundabilities']>[number];
const collectabilityAnswer = zm.looseObject({ status: zm.optional(zm.string()), amount: zm.optional(price) });
const refundAnswer = zm.looseObject({
  refundId: zm.optional(zm.nullable(zm.string())),
  failedPaymentIds: zm.optional(zm.array(zm.looseObject({}))),
});
const bulkAnswer = zm.looseObject({
  results: zm.array(
    zm.looseObject({
      itemMetadata: zm.looseObject({
        id: zm.optional(zm.nullable(zm.string())),
        originalIndex: zm.optional(zm.number()),
        success: zm.optional(zm.boolean()),
        error: zm.optional(zm.looseObject({ code: zm.optional(zm.string()), description: zm.optional(zm.string()) })),
      }),
      item: zm.optional(zm.looseObject({ paymentStatus: zm.optional(zm.string()) })),
    }),
  ),
});
const loose = zm.looseObject({});

/** The order's money as the console shows it. */
export interface PaymentsView {
  order: Record<string, unknown>;
  payments: Payment[];
  refunds: Refund[];
  refundabilities: Refundability[];
  collectability: { status: string; amount?: { amount: string; formattedAmount?: string } };
  revision: string;
}

/** SHA-256 of `s`, its first 16 bytes in base64url. */
async function hash(s: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
  let bin = '';
  for (const b of digest.subarray(0, 16)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** What a change must not have missed: statuses, captures, voids and refunds, hashed. */
function revisionOf(paymentStatus: string | undefined, payments: Payment[], refunds: Refund[]): Promise<string> {
  const basis = JSON.stringify([
    paymentStatus ?? '',
    payments.map((p) => [
      p.id,
      p.status ?? '',
      p.amount?.amount ?? '',
      p.regularPaymentDetails?.authorizationDetails?.captures?.map((c) => c.status ?? '') ?? [],
      p.regularPaymentDetails?.authorizationDetails?.void?.status ?? '',
    ]),
    refunds.map((r) => [r.id, r.transactions?.map((t) => t.refundStatus ?? '') ?? []]),
  ]);
  return hash(basis);
}

/** Why a payment can't be captured or voided (the spec's unavailable reasons), or undefined when it can. */
function unavailable(p: Payment | undefined): string | undefined {
  if (!p) return 'NOT_FOUND';
  const d = p.regularPaymentDetails;
  if (d?.offlinePayment) return 'OFFLINE';
  if (p.status === 'VOIDED') return d?.authorizationDetails?.void?.reason === 'SCHEDULED' ? 'EXPIRED' : 'VOIDED';
  if (d?.authorizationDetails?.captures?.some((c) => c.status === 'SUCCEEDED')) return 'CAPTURED';
  if (p.status !== 'AUTHORIZED' || !d?.authorizationDetails) return 'NOT_SUPPORTED';
  return undefined;
}

const UNAVAILABLE_WORDS: Record<string, string> = {
  NOT_FOUND: 'This payment is not one of the order’s payments.',
  OFFLINE: 'An offline payment has nothing to capture or void.',
  EXPIRED: 'The authorization expired and was released.',
  VOIDED: 'The authorization was already voided.',
  CAPTURED: 'The payment was already captured.',
  NOT_SUPPORTED: 'This payment was not authorized for a later capture.',
};

/** Mount the owner's payments routes on `app` (all under `/v1/admin/`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function mountAdminPayments(app: Hono<any>, deps: AdminPaymentsDeps): void {
  const { owner, parse, asAdmin } = deps;

  const orderId = (c: Context) => {
    const v = c.req.param('id');
    if (!v || !ID.test(v)) throw notFound('No such order');
    return v;
  };

  /** Everything about the order's money, read in one go (four platform reads). */
  async function view(id: string): Promise<PaymentsView> {
    const read = <T>(what: string, o: RequestOptions<T>) => asAdmin(what, { ...o, kind: 'read' });
    const [o, tx, rf, col] = await Promise.all([
      read('get order', { ...route(adminApi.getOrder, { id }), schema: orderAnswer }),
      read('order transactions', {
        ...route(adminApi.listOrderTransactions, { orderId: id }),
        schema: transactionsAnswer,
      }),
      read('refundability', { ...route(adminApi.getRefundability, { ecomOrderId: id }), schema: refundabilityAnswer }),
      read('collectability', {
        ...route(adminApi.getPaymentCollectability, { ecomOrderId: id }),
        schema: collectabilityAnswer,
      }),
    ]);
    const { payments, refunds } = tx.orderTransactions;
    const refunded = new Map<string, number>();
    for (const r of refunds)
      if (r.transactions?.every((t) => t.refundStatus !== 'FAILED'))
        for (const l of r.details?.lineItems ?? [])
          refunded.set(l.lineItemId, (refunded.get(l.lineItemId) ?? 0) + l.quantity);
    const order = o.order;
    return {
      order: {
        id: order.id,
        number: order.number,
        status: order.status,
        paymentStatus: order.paymentStatus,
        currency: order.currency,
        priceSummary: order.priceSummary,
        balanceSummary: order.balanceSummary,
        buyerEmail: order.buyerInfo?.email,
        lineItems: (order.lineItems ?? []).map((l) => ({
          id: l.id,
          name: l.productName?.original ?? '',
          quantity: l.quantity ?? 0,
          price: l.price,
          refundedQuantity: refunded.get(l.id) ?? 0,
        })),
      },
      payments,
      refunds,
      refundabilities: rf.refundabilities ?? [],
      collectability: { status: col.status ?? 'UNKNOWN', ...(col.amount ? { amount: col.amount } : {}) },
      revision: await revisionOf(order.paymentStatus, payments, refunds),
    };
  }

  /**
   * The order as it is now, when it is still as the owner saw it (`revision`) and no identical change is under way;
   * 409 `PAYMENTS_CHANGED` (with the current revision) or `ALREADY_SENT` otherwise.
   */
  async function unchanged(id: string, seen: string, action: string, body: unknown): Promise<PaymentsView> {
    const now = await view(id);
    if (now.revision !== seen)
      throw new CompanionError(
        409,
        'PAYMENTS_CHANGED',
        'The order’s payments changed since they were shown; look at them again before retrying',
        { data: { revision: now.revision } },
      );
    const key = `admin-pay:${id}:${seen}:${action}:${await hash(JSON.stringify(body))}`;
    if (!(await deps.once(key, 15_000)))
      throw new CompanionError(409, 'ALREADY_SENT', 'This change was just sent; look at the order again', {
        data: { revision: now.revision },
      });
    return now;
  }

  app.get('/v1/admin/orders/:id/payments', async (c) => {
    await owner(c);
    return c.json(await view(orderId(c)), 200);
  });

  app.post('/v1/admin/orders/:id/mark-as-paid', async (c) => {
    await owner(c);
    const id = orderId(c);
    const body = parse(markBody, await readJson(c.req.raw));
    await unchanged(id, body.revision, 'mark-as-paid', body);
    await asAdmin('mark as paid', {
      ...route(adminApi.markOrderAsPaid, { ecomOrderId: id }),
      body: body.method ? { userDefinedPaymentMethodName: body.method } : {},
      schema: loose,
    });
    return c.json(await view(id), 200);
  });

  app.post('/v1/admin/orders/mark-as-paid', async (c) => {
    await owner(c);
    const { orderIds } = parse(bulkBody, await readJson(c.req.raw));
    // replays are safe here: an order already paid is refused per order (ORDER_ALREADY_PAID), never paid twice
    const r = await asAdmin('bulk mark as paid', {
      ...adminApi.bulkMarkOrdersAsPaid,
      body: { ecomOrderIds: orderIds },
      schema: bulkAnswer,
    });
    const results = orderIds.map((orderId, i) => {
      const x = r.results.find((y) => y.itemMetadata.originalIndex === i) ?? r.results[i];
      const ok = x?.itemMetadata.success === true;
      return {
        orderId,
        ok,
        ...(ok && x?.item?.paymentStatus ? { paymentStatus: x.item.paymentStatus } : {}),
        ...(!ok
          ? {
              error: {
                code: x?.itemMetadata.error?.code ?? 'UNKNOWN',
                description: x?.itemMetadata.error?.description ?? 'The platform did not say',
              },
            }
          : {}),
      };
    });
    const succeeded = results.filter((x) => x.ok).length;
    return c.json({ results, succeeded, failed: results.length - succeeded }, 200);
  });

  app.post('/v1/admin/orders/:id/manual-payment', async (c) => {
    await owner(c);
    const id = orderId(c);
    const body = parse(manualBody, await readJson(c.req.raw));
    await unchanged(id, body.revision, 'manual-payment', body);
    await asAdmin('manual payment', {
      ...route(adminApi.recordManualPayment, { orderId: id }),
      body: { amount: { amount: body.amount }, ...(body.method ? { userDefinedPaymentMethodName: body.method } : {}) },
      schema: loose,
    });
    return c.json(await view(id), 200);
  });

  app.post('/v1/admin/orders/:id/refund', async (c) => {
    await owner(c);
    const id = orderId(c);
    const body = parse(refundBody, await readJson(c.req.raw));
    const now = await unchanged(id, body.revision, 'refund', body);
    const r = now.refundabilities.find((x) => x.paymentId === body.paymentId);
    if (!now.payments.some((p) => p.id === body.paymentId) || !r)
      throw new CompanionError(404, 'PAYMENT_NOT_FOUND', 'This payment is not one of the order’s payments', {
        data: { reason: 'TRANSACTION_NOT_FOUND' },
      });
    if (r.refundabilityStatus === 'NOT_REFUNDABLE' || (r.refundabilityStatus === 'MANUAL' && !body.externalRefund))
      throw new CompanionError(
        409,
        'REFUND_NOT_AVAILABLE',
        r.refundabilityStatus === 'MANUAL'
          ? 'This payment can only be refunded outside the platform; record it as refunded elsewhere'
          : 'This payment can’t be refunded',
        {
          data: {
            refundabilityStatus: r.refundabilityStatus,
            reason: r.nonRefundableReason ?? r.manuallyRefundableReason ?? 'UNKNOWN',
          },
        },
      );
    const restock = body.restock;
    const answer = await asAdmin('refund', {
      ...route(adminApi.triggerRefund, { ecomOrderId: id }),
      body: {
        payments: [
          {
            paymentId: body.paymentId,
            ...(body.amount ? { amount: { amount: body.amount } } : {}),
            ...(body.externalRefund ? { externalRefund: true } : {}),
          },
        ],
        details: {
          ...(body.lineItems?.length ? { lineItems: body.lineItems } : {}),
          ...(body.shippingIncluded ? { shippingIncluded: true } : {}),
          ...(body.reason ? { reason: body.reason } : {}),
        },
        sideEffects: {
          restockInfo: restock
            ? { type: restock.type, ...(restock.items ? { items: restock.items } : {}) }
            : { type: 'NO_ITEMS' },
          sendOrderRefundedEmail: body.sendEmail ?? false,
          ...(body.customMessage ? { customMessage: body.customMessage } : {}),
        },
      },
      schema: refundAnswer,
    });
    const after = await view(id);
    return c.json(
      {
        ...after,
        refundId: answer.refundId ?? null,
        refund: after.refunds.find((x) => x.id === answer.refundId) ?? null,
        failed: (answer.failedPaymentIds?.length ?? 0) > 0,
      },
      200,
    );
  });

  /** Capture and void: refused here with the spec's reason before the platform is asked. */
  function checkAuthorized(now: PaymentsView, ids: readonly string[]): void {
    for (const pid of ids) {
      const reason = unavailable(now.payments.find((p) => p.id === pid));
      if (reason)
        throw new CompanionError(
          reason === 'NOT_FOUND' ? 404 : 409,
          'AUTHORIZATION_UNAVAILABLE',
          UNAVAILABLE_WORDS[reason]!,
          {
            data: { paymentId: pid, reason },
          },
        );
    }
  }

  app.post('/v1/admin/orders/:id/capture', async (c) => {
    await owner(c);
    const id = orderId(c);
    const body = parse(captureBody, await readJson(c.req.raw));
    const now = await unchanged(id, body.revision, 'capture', body);
    checkAuthorized(
      now,
      body.payments.map((p) => p.paymentId),
    );
    await asAdmin('capture', {
      ...route(adminApi.captureAuthorizedPayments, { ecomOrderId: id }),
      body: {
        payments: body.payments.map((p) => ({
          paymentId: p.paymentId,
          ...(p.amount ? { amount: { amount: p.amount } } : {}),
        })),
      },
      schema: loose,
    });
    return c.json(await view(id), 200);
  });

  app.post('/v1/admin/orders/:id/void', async (c) => {
    await owner(c);
    const id = orderId(c);
    const body = parse(voidBody, await readJson(c.req.raw));
    const now = await unchanged(id, body.revision, 'void', body);
    checkAuthorized(now, body.paymentIds);
    await asAdmin('void', {
      ...route(adminApi.voidAuthorizedPayments, { ecomOrderId: id }),
      body: { paymentIds: body.paymentIds },
      schema: loose,
    });
    return c.json(await view(id), 200);
  });
}
