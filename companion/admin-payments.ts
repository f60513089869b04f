/**
 * The owner console's payments (issue 22; docs/companion.md "Owner console: payments"): one read of an order's money
 * (payments, refunds, refundability, what is left to collect), and the changes to it: mark as paid (one order or
 * many), a manual payment, a refund, capture and void of authorized payments. Owner only (403 `NOT_OWNER` before the
 * body is read), as the admin identity.
 *
 * Money moves once. The platform offers no idempotency key for these calls, so every change to one order carries the
 * `revision` of the money its confirmation showed, and changes to one order are serialised: a change first takes the
 * order (compare-and-swap in the counter store, shared by every instance that shares the store), then reads the order
 * again and goes on only when its revision is still the one shown. Anything else is 409 with the fresh view in
 * `data.view`: `PAYMENTS_CHANGED` (it moved: another tab, another member of staff, an answer lost and sent again),
 * `CHANGE_IN_PROGRESS` (another change to this order is under way, or one whose answer from the platform was lost may
 * still land) or `ANSWER_LOST` (the platform's answer was lost, and the order moved: the change was made). What the platform refuses is relayed with its code (and frees the order at once); what the companion
 * can tell beforehand (a payment that can't be refunded, captured or voided) is answered 409 with the spec's reason in
 * `data.reason`.
 *
 * Internal calls are isolated (internal.ts; docs/wire.md "Payments: public and internal calls"): capture, void,
 * collectability and the transactions are public; refundability, refund, mark as paid, a manual payment and bulk mark
 * as paid are internal. The read does without refundability (`unavailable.refundability`; refunds are then not
 * offered), and a refused change answers 403 `NOT_AVAILABLE_HERE` with `data.action` (nothing was done; the order is
 * free again at once).
 */
import { Hono, type Context } from 'hono';
import { z as zm } from 'zod/mini';
import type { RequestOptions } from '../core/http.ts';
import { adminOps, route } from '../core/urls.ts';
import { ORDER_ID } from '../core/api/admin-orders.ts';
import type { Env, Guard, Kit } from './context.ts';
import { CompanionError, notFound } from './errors.ts';
import { internal, notAvailableHere, optionalRead } from './internal.ts';
import { bodyOf, serve, wire } from './wire.ts';

/**
 * How long a change holds its order at most: it is let go as soon as the platform answered, so this only bounds a
 * change whose instance died. Longer than a change's reads and write take at worst (each read retried, the write's
 * timeout and its one replay after a 401), and renewed just before the write. A change whose answer from the platform was lost (a timeout, a 5xx) keeps the order for
 * {@link LOST_HOLD_MS}: the platform may still apply it, and nothing may be sent again on the same view before then.
 */
export const HOLD_MS = 120_000;
export const LOST_HOLD_MS = 30_000;

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
          restockQuantity: zm.optional(zm.number()),
          productName: zm.optional(zm.looseObject({ original: zm.optional(zm.string()) })),
          price: zm.optional(price),
          totalDiscount: zm.optional(price),
          taxInfo: zm.optional(zm.looseObject({ taxAmount: zm.optional(price) })),
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
  /**
   * The optional reads that are missing, and why (internal.ts): `refundability` (an internal call) `REFUSED` by the
   * platform (refunds are made in the site's dashboard) or `FAILED` this time (try again later). Absent when all came.
   */
  unavailable?: { refundability: 'REFUSED' | 'FAILED' };
}

/** SHA-256 of `s`, its first 16 bytes in base64url. */
async function hash(s: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
  let bin = '';
  for (const b of digest.subarray(0, 16)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * What a change must not have missed: statuses, captures, voids and refunds, and the order's total (an edit moves
 * what is left to collect or to refund without a payment moving), hashed.
 */
function revisionOf(
  paymentStatus: string | undefined,
  payments: Payment[],
  refunds: Refund[],
  total?: string,
): Promise<string> {
  const basis = JSON.stringify([
    paymentStatus ?? '',
    total ?? '',
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

/** The order in the path: 404 when its id is not one, before the body is read. */
const anOrder: Guard = async (c, next) => {
  if (!ORDER_ID.test(c.req.param('id') ?? '')) throw notFound('No such order');
  await next();
};

/** The owner's payments routes (all under `/v1/admin/orders`), as a sub-app app.ts mounts at `/v1`. */
export function adminPaymentsApp(kit: Kit): Hono<Env> {
  const { asAdmin } = kit;
  /** The counter store's compare-and-swap (shared by every instance that shares the store). */
  const swap = kit.counters.swap.bind(kit.counters);
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];
  const ownerOfOrder = [kit.guard.owner, anOrder];
  const orderId = (c: Context<Env>) => c.req.param('id')!;

  /**
   * Everything about the order's money, read in one go (four platform reads). The order, its transactions and its
   * collectability (public calls) are needed; refundability (an internal call) is not: without it the rest is shown
   * and refunds are not offered here (`unavailable.refundability`).
   */
  async function view(id: string): Promise<PaymentsView> {
    const read = <T>(what: string, o: RequestOptions<T>) => asAdmin(what, { ...o, kind: 'read' });
    const [o, tx, rf, col] = await Promise.all([
      read('get order', { ...route(adminOps.getOrder, { id }), schema: orderAnswer }),
      read('order transactions', {
        ...route(adminOps.listOrderTransactions, { orderId: id }),
        schema: transactionsAnswer,
      }),
      optionalRead(kit, 'refundability', {
        ...route(adminOps.getRefundability, { ecomOrderId: id }),
        schema: refundabilityAnswer,
      }),
      read('collectability', {
        ...route(adminOps.getPaymentCollectability, { ecomOrderId: id }),
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
          // the line's own discount and tax when the order carries them (the refund's summary shares the order's
          // otherwise: core/api/refund-calc.ts)
          ...(l.totalDiscount ? { totalDiscount: l.totalDiscount } : {}),
          ...(l.taxInfo?.taxAmount ? { taxAmount: l.taxInfo.taxAmount } : {}),
          refundedQuantity: refunded.get(l.id) ?? 0,
          // the platform's count of the line's units put back in stock (by a refund, a cancel or an edit): a unit
          // comes back once, so the console offers only the rest
          restockedQuantity: l.restockQuantity ?? 0,
        })),
      },
      payments,
      refunds,
      refundabilities: (rf.ok ? rf.value.refundabilities : undefined) ?? [],
      collectability: { status: col.status ?? 'UNKNOWN', ...(col.amount ? { amount: col.amount } : {}) },
      revision: await revisionOf(
        order.paymentStatus,
        payments,
        refunds,
        (order.priceSummary as { total?: { amount?: string } } | undefined)?.total?.amount,
      ),
      ...(rf.ok ? {} : { unavailable: { refundability: rf.why } }),
    };
  }

  const viewOf = async (id: string): Promise<Record<string, unknown>> => ({ ...(await view(id)) });

  /** 409 with the order's money as it is now (read again here when it is not at hand). */
  async function refused(id: string, code: string, message: string, fresh?: PaymentsView): Promise<never> {
    const v = fresh ?? (await view(id).catch(() => undefined));
    throw new CompanionError(409, code, message, { data: v ? { revision: v.revision, view: v } : {} });
  }
  const CHANGED = 'The order’s payments changed since they were shown; look at them again before retrying';
  const LANDED =
    'The platform’s answer was lost, but the order’s payments changed since: the change was most likely made. Here ' +
    'they are now; nothing more can be changed on this order for half a minute';
  const IN_PROGRESS = 'Another change to this order’s payments is under way; look at them again in a moment';

  /**
   * One change to order `id`, made only from the revision the owner saw (`seen`): the order is taken first (nothing
   * else changes its money meanwhile, on any instance sharing the store), then read again; `act` runs only when it is
   * still as shown, and only while the order is still this change's (the hold is renewed just before, so a slow read
   * cannot outlast it). The order is let go once the platform answered (a refusal frees it at once). When the
   * answer was lost, the platform may still apply the change later, so the order is held for {@link LOST_HOLD_MS}
   * whatever happens next; it is read once more and, when it moved, the answer is 409 `ANSWER_LOST` with the view as
   * it is now (the console shows it in place of the form: nothing is offered again on the old view).
   */
  async function change<T>(
    id: string,
    seen: string,
    act: (now: PaymentsView) => Promise<T>,
    after: (answer: T) => Promise<Record<string, unknown>>,
  ): Promise<Record<string, unknown>> {
    const key = `admin-pay:${id}`;
    const mine = `held:${crypto.randomUUID()}`;
    const lost = `lost:${mine}`;
    if (!(await swap(key, null, mine, HOLD_MS))) return refused(id, 'CHANGE_IN_PROGRESS', IN_PROGRESS);
    const letGo = () => swap(key, mine, null, 0).catch(() => false);
    let now: PaymentsView;
    try {
      now = await view(id);
    } catch (e) {
      await letGo();
      throw e;
    }
    if (now.revision !== seen) {
      await letGo();
      return refused(id, 'PAYMENTS_CHANGED', CHANGED, now);
    }
    // still ours, for the whole of the write: a hold that ran out during the reads (or was taken since) sends nothing
    if (!(await swap(key, mine, mine, HOLD_MS).catch(() => false)))
      return refused(id, 'CHANGE_IN_PROGRESS', IN_PROGRESS);
    let answer: T;
    try {
      answer = await act(now);
    } catch (e) {
      // a refusal (4xx) changed nothing: the order is free again
      if (e instanceof CompanionError && e.status < 500) {
        await letGo();
        throw e;
      }
      // anything else may still land on the platform: held before anything else is done (even if the hold ran out)
      if (!(await swap(key, mine, lost, LOST_HOLD_MS).catch(() => false)))
        await swap(key, null, lost, LOST_HOLD_MS).catch(() => false);
      const again = await view(id).catch(() => undefined);
      if (again !== undefined && again.revision !== seen) return refused(id, 'ANSWER_LOST', LANDED, again);
      throw e;
    }
    await letGo();
    return after(answer);
  }

  serve(app, wire['GET /admin/orders/{id}/payments'], ownerOfOrder, async (c) => {
    return c.json(await view(orderId(c)), 200);
  });

  serve(app, wire['POST /admin/orders/{id}/mark-as-paid'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const body = bodyOf(c, wire['POST /admin/orders/{id}/mark-as-paid']);
    const out = await change(
      id,
      body.revision,
      () =>
        internal(kit, 'markAsPaid', 'mark as paid', {
          ...route(adminOps.markOrderAsPaid, { ecomOrderId: id }),
          body: body.method ? { userDefinedPaymentMethodName: body.method } : {},
          schema: loose,
        }),
      () => viewOf(id),
    );
    return c.json(out, 200);
  });

  serve(app, wire['POST /admin/orders/mark-as-paid'], owner, async (c) => {
    const { orderIds } = bodyOf(c, wire['POST /admin/orders/mark-as-paid']);
    // each order is taken as one change is: one with another change under way is left out (and said so), never sent;
    // the rest are sent at once (an order paid meanwhile is refused by the platform, ORDER_ALREADY_PAID, never paid twice)
    const mine = `held:${crypto.randomUUID()}`;
    // a store that fails for one order leaves that one out (it is not held); the others taken are let go below
    const taken = (await Promise.allSettled(orderIds.map((oid) => swap(`admin-pay:${oid}`, null, mine, HOLD_MS)))).map(
      (r) => r.status === 'fulfilled' && r.value,
    );
    const sent = orderIds.filter((_, i) => taken[i]);
    const letGo = (ttl: number) =>
      Promise.all(
        sent.map((oid) =>
          (ttl ? swap(`admin-pay:${oid}`, mine, `lost:${mine}`, ttl) : swap(`admin-pay:${oid}`, mine, null, 0)).catch(
            () => false,
          ),
        ),
      );
    let r: zm.infer<typeof bulkAnswer> = { results: [] };
    if (sent.length) {
      try {
        r = await internal(kit, 'bulkMarkAsPaid', 'bulk mark as paid', {
          ...adminOps.bulkMarkOrdersAsPaid,
          body: { ecomOrderIds: sent },
          schema: bulkAnswer,
        });
      } catch (e) {
        await letGo(e instanceof CompanionError && e.status < 500 ? 0 : LOST_HOLD_MS);
        throw e;
      }
      await letGo(0);
    }
    const results = orderIds.map((orderId, i) => {
      if (!taken[i])
        return {
          orderId,
          ok: false,
          error: { code: 'CHANGE_IN_PROGRESS', description: IN_PROGRESS },
        };
      const at = sent.indexOf(orderId);
      const x = r.results.find((y) => y.itemMetadata.originalIndex === at) ?? r.results[at];
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

  serve(app, wire['POST /admin/orders/{id}/manual-payment'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const body = bodyOf(c, wire['POST /admin/orders/{id}/manual-payment']);
    const out = await change(
      id,
      body.revision,
      () =>
        internal(kit, 'manualPayment', 'manual payment', {
          ...route(adminOps.recordManualPayment, { orderId: id }),
          body: {
            amount: { amount: body.amount },
            ...(body.method ? { userDefinedPaymentMethodName: body.method } : {}),
          },
          schema: loose,
        }),
      () => viewOf(id),
    );
    return c.json(out, 200);
  });

  serve(app, wire['POST /admin/orders/{id}/refund'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const body = bodyOf(c, wire['POST /admin/orders/{id}/refund']);
    const out = await change(
      id,
      body.revision,
      async (now) => {
        // refundability not read: the platform refused it (refunds are made in the dashboard), or it failed this time
        if (now.unavailable?.refundability === 'REFUSED') throw notAvailableHere('refund');
        if (now.unavailable?.refundability === 'FAILED')
          throw new CompanionError(
            409,
            'REFUNDABILITY_UNAVAILABLE',
            'The platform did not say whether this payment can be refunded; nothing was sent. Try again in a moment',
          );
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
        return internal(kit, 'refund', 'refund', {
          ...route(adminOps.triggerRefund, { ecomOrderId: id }),
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
              ...(body.shippingAmount ? { shipping: { amount: { amount: body.shippingAmount } } } : {}),
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
      },
      async (answer) => {
        const after = await view(id);
        return {
          ...after,
          refundId: answer.refundId ?? null,
          refund: after.refunds.find((x) => x.id === answer.refundId) ?? null,
          failed: (answer.failedPaymentIds?.length ?? 0) > 0,
        };
      },
    );
    return c.json(out, 200);
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

  serve(app, wire['POST /admin/orders/{id}/capture'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const body = bodyOf(c, wire['POST /admin/orders/{id}/capture']);
    const out = await change(
      id,
      body.revision,
      (now) => {
        checkAuthorized(
          now,
          body.payments.map((p) => p.paymentId),
        );
        return asAdmin('capture', {
          ...route(adminOps.captureAuthorizedPayments, { ecomOrderId: id }),
          body: {
            payments: body.payments.map((p) => ({
              paymentId: p.paymentId,
              ...(p.amount ? { amount: { amount: p.amount } } : {}),
            })),
          },
          schema: loose,
        });
      },
      () => viewOf(id),
    );
    return c.json(out, 200);
  });

  serve(app, wire['POST /admin/orders/{id}/void'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const body = bodyOf(c, wire['POST /admin/orders/{id}/void']);
    const out = await change(
      id,
      body.revision,
      (now) => {
        checkAuthorized(now, body.paymentIds);
        return asAdmin('void', {
          ...route(adminOps.voidAuthorizedPayments, { ecomOrderId: id }),
          body: { paymentIds: body.paymentIds },
          schema: loose,
        });
      },
      () => viewOf(id),
    );
    return c.json(out, 200);
  });

  return app;
}
