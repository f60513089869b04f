/**
 * The member's own orders (issue 21; docs/companion.md "Member orders"): list, detail with fulfillments, and a cancel
 * request. Orders are admin-only on the platform, so the companion reads them as the admin identity, for the member
 * its token verifies to and never for an id from the request: the search filters on that member, every order is
 * checked again before it leaves, a `next` cursor is sealed to that member, and another member's order is a 404.
 * What leaves: the platform's order minus `tags`, the owner's MERCHANT_COMMENT activities, and the owner's reason on
 * refund activities.
 */
import { Hono, type Context } from 'hono';
import { z as zm } from 'zod/mini';
import { adminOps, route } from '../core/urls.ts';
import {
  CANCEL_REQUEST_TAG,
  cancelActivity,
  cancelRequestOf,
  hasRequestTag,
  requestComment,
} from '../core/api/cancel-requests.ts';
import { ORDER_ID } from '../core/api/admin-orders.ts';
import { addComment, refundedLines, refundsAnswer, tagsAnswer } from './admin-orders.ts';
import type { Env, Kit } from './context.ts';
import { badRequest, CompanionError, notFound } from './errors.ts';
import type { Caller } from './identity.ts';
import { optionalRead } from './internal.ts';
import { bodyOf, serve, wire } from './wire.ts';

/**
 * The member's view of the companion's own comments on the order (core/api/cancel-requests.ts): the request and the
 * shop's decline, as activities of these types (the companion's, not the platform's), without their words.
 */
export const MEMBER_REQUESTED = 'CANCELLATION_REQUESTED';
export const MEMBER_DECLINED = 'CANCELLATION_DECLINED';

const activity = zm.looseObject({
  id: zm.optional(zm.string()),
  type: zm.optional(zm.string()),
  createdDate: zm.optional(zm.string()),
  customActivity: zm.optional(zm.looseObject({ type: zm.optional(zm.string()) })),
  merchantComment: zm.optional(zm.looseObject({ message: zm.optional(zm.string()) })),
});
const order = zm.looseObject({
  id: zm.string(),
  status: zm.optional(zm.string()),
  paymentStatus: zm.optional(zm.string()),
  fulfillmentStatus: zm.optional(zm.string()),
  buyerInfo: zm.optional(zm.looseObject({ memberId: zm.optional(zm.nullable(zm.string())) })),
  activities: zm.optional(zm.array(activity)),
});
type Order = zm.infer<typeof order>;
const searchAnswer = zm.looseObject({
  orders: zm.array(order),
  metadata: zm.optional(
    zm.looseObject({ cursors: zm.optional(zm.looseObject({ next: zm.optional(zm.nullable(zm.string())) })) }),
  ),
});
const orderAnswer = zm.looseObject({ order });
const fulfillmentsAnswer = zm.looseObject({
  orderWithFulfillments: zm.optional(zm.looseObject({ fulfillments: zm.optional(zm.array(zm.looseObject({}))) })),
});

/** A copy of `v` without any `reason` key, at any depth. */
function withoutReason(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutReason);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => k !== 'reason')
      .map(([k, x]) => [k, withoutReason(x)]),
  );
}

/**
 * A refund's activity (`ORDER_REFUNDED` with `orderRefunded`, `REFUND_INITIATED`, `PAYMENT_REFUNDED`, …) carries the
 * reason the owner typed "for your records": the member sees that it was refunded and how much, never why.
 */
const refundActivity = (a: zm.infer<typeof activity>) =>
  /REFUND/i.test(a.type ?? '') || Object.keys(a).some((k) => /refund/i.test(k));

/**
 * The order as a member may see it: no tags, no private merchant comments, no refund reasons. The companion's own
 * comments (the member's request, the shop's decline) stay, as `CANCELLATION_REQUESTED` / `CANCELLATION_DECLINED`
 * with their id and date only (a decline's note is the owner's).
 */
function forMember(o: Order): Record<string, unknown> {
  const { tags: _tags, ...rest } = o as Order & { tags?: unknown };
  return {
    ...rest,
    activities: (o.activities ?? []).flatMap((a) => {
      const said = cancelActivity(a);
      if (said)
        return [
          {
            ...(a.id ? { id: a.id } : {}),
            type: said.kind === 'DECLINED' ? MEMBER_DECLINED : MEMBER_REQUESTED,
            ...(a.createdDate ? { createdDate: a.createdDate } : {}),
          },
        ];
      if (a.type === 'MERCHANT_COMMENT') return [];
      return [refundActivity(a) ? withoutReason(a) : a];
    }),
  };
}

const REFUSALS = {
  CANCELED: 'This order is already canceled.',
  DECLINED: 'The shop declined your cancellation request for this order.',
  FULFILLED: 'This order has already been shipped, so it can no longer be canceled.',
  PARTIALLY_FULFILLED: 'Part of this order has already been shipped, so it can no longer be canceled.',
  REFUNDED: 'This order has been refunded, so it can no longer be canceled.',
  NOT_CANCELABLE: 'This order can no longer be canceled.',
} as const;

/** Why this order may not be canceled by its buyer, or undefined when it may. */
function refusal(o: Order): keyof typeof REFUSALS | undefined {
  if (o.status === 'CANCELED') return 'CANCELED';
  if (o.paymentStatus === 'FULLY_REFUNDED' || o.paymentStatus === 'PARTIALLY_REFUNDED') return 'REFUNDED';
  if (o.fulfillmentStatus === 'FULFILLED') return 'FULFILLED';
  if (o.fulfillmentStatus === 'PARTIALLY_FULFILLED') return 'PARTIALLY_FULFILLED';
  if ((o.status !== 'APPROVED' && o.status !== 'PENDING') || o.fulfillmentStatus !== 'NOT_FULFILLED')
    return 'NOT_CANCELABLE';
  if (cancelRequestOf(o)?.state === 'DECLINED') return 'DECLINED';
  return undefined;
}

/**
 * `POST /v1/my/orders`, `GET /v1/my/orders/{id}` and `POST /v1/my/orders/{id}/cancel`, a member's only (`guard.member`:
 * 403 `MEMBER_ONLY` for a visitor), as a sub-app app.ts mounts at `/v1`.
 */
export function accountApp(kit: Kit): Hono<Env> {
  const { asAdmin } = kit;
  const app = new Hono<Env>();
  const member = (c: Context<Env>) => c.get('caller') as Caller & { kind: 'member' };

  /** The member's own order, or 404 (never 403: whether another member's order exists is not told). */
  async function ownOrder(memberId: string, id: string | undefined): Promise<Order> {
    if (!id || !ORDER_ID.test(id)) throw notFound('No such order');
    try {
      const r = await asAdmin('get order', { ...route(adminOps.getOrder, { id }), kind: 'read', schema: orderAnswer });
      if (r.order.id !== id || r.order.buyerInfo?.memberId !== memberId) throw notFound('No such order');
      return r.order;
    } catch (e) {
      if (e instanceof CompanionError && e.status === 404) throw notFound('No such order');
      throw e;
    }
  }

  serve(app, wire['POST /my/orders'], [kit.guard.member], async (c) => {
    const me = member(c);
    const body = bodyOf(c, wire['POST /my/orders']);
    const seals = await kit.seals;
    const limit = body.limit ?? 10;
    let cursor: string | undefined;
    if (body.cursor !== undefined) {
      cursor = await seals.open(me.id, body.cursor);
      if (!cursor) throw badRequest('INVALID_CURSOR', 'This list position is not valid any more; start again');
    }
    const page = await asAdmin('search orders', {
      ...adminOps.searchOrders,
      kind: 'read',
      body: {
        search: cursor
          ? { cursorPaging: { cursor, limit } }
          : {
              filter: { 'buyerInfo.memberId': { $eq: me.id } },
              sort: [{ fieldName: 'createdDate', order: 'DESC' }],
              cursorPaging: { limit },
            },
      },
      schema: searchAnswer,
    });
    // the filter is the platform's to keep; each order is checked here again before it leaves
    const orders = page.orders.filter((o) => o.buyerInfo?.memberId === me.id).map(forMember);
    const next = page.metadata?.cursors?.next;
    return c.json({ orders, ...(next ? { next: await seals.seal(me.id, next) } : {}) }, 200);
  });

  serve(app, wire['GET /my/orders/{id}'], [kit.guard.member], async (c) => {
    const me = member(c);
    const o = await ownOrder(me.id, c.req.param('id'));
    // a refunded order: how many of each line were refunded, from its transactions (a read that fails leaves them out,
    // the order still shows, with the amount in its balanceSummary)
    const refunded = /REFUNDED/.test(o.paymentStatus ?? '') || (o.activities ?? []).some(refundActivity);
    const [f, tx] = await Promise.all([
      asAdmin('list fulfillments', {
        ...route(adminOps.listOrderFulfillments, { orderId: o.id }),
        kind: 'read',
        schema: fulfillmentsAnswer,
      }),
      refunded
        ? optionalRead(kit, 'order transactions', {
            ...route(adminOps.listOrderTransactions, { orderId: o.id }),
            schema: refundsAnswer,
          })
        : undefined,
    ]);
    return c.json(
      {
        order: forMember(o),
        fulfillments: f.orderWithFulfillments?.fulfillments ?? [],
        ...(tx?.ok ? { refundedLines: refundedLines(tx.value) } : {}),
      },
      200,
    );
  });

  serve(app, wire['POST /my/orders/{id}/cancel'], [kit.guard.member], async (c) => {
    const me = member(c);
    const { reason } = bodyOf(c, wire['POST /my/orders/{id}/cancel']);
    const o = await ownOrder(me.id, c.req.param('id'));
    const why = refusal(o);
    if (why) throw new CompanionError(409, 'CANNOT_CANCEL', REFUSALS[why], { data: { reason: why } });
    if (o.paymentStatus === 'NOT_PAID' || o.paymentStatus === 'PENDING') {
      const r = await asAdmin('cancel order', {
        ...route(adminOps.cancelOrder, { id: o.id }),
        body: { sendOrderCanceledEmail: true, restockAllItems: true },
        schema: orderAnswer,
      });
      return c.json({ order: forMember(r.order), outcome: 'CANCELED' }, 200);
    }
    // paid: a request the owner answers (cancel and refund, or decline); asked once, however often the member asks:
    // a merchant comment the companion recognises (AddActivities takes nothing else) and a private tag the console finds
    const asked = (x: Order) => cancelRequestOf(x)?.state === 'REQUESTED';
    if (asked(o)) return c.json({ order: forMember(await tagged(o)), outcome: 'REQUESTED' }, 200);
    // two requests at once (a double click, two tabs) would both find none: the first one writes; the others wait for
    // its comment (a few reads), and write only if it never comes (the first one failed)
    if (!(await kit.counters.once(`cancel-request:${o.id}`, 60_000))) {
      for (let i = 0; i < 5; i++) {
        await new Promise((done) => setTimeout(done, 200));
        const now = await ownOrder(me.id, o.id);
        if (asked(now)) return c.json({ order: forMember(await tagged(now)), outcome: 'REQUESTED' }, 200);
      }
    }
    const r = await asAdmin('request cancel', {
      ...addComment(o.id, requestComment(reason)),
      schema: orderAnswer,
    });
    return c.json({ order: forMember(await tagged(r.order)), outcome: 'REQUESTED' }, 200);
  });

  /**
   * The order with the request's private tag (Bulk Update Order Tags): put on when it is missing. The comment is the
   * request's record, so a failure here is logged and the answer still REQUESTED: the member's next ask (or the
   * console, which also reads the comment) puts it on.
   */
  async function tagged(o: Order): Promise<Order> {
    if (hasRequestTag(o)) return o;
    try {
      const r = await asAdmin('tag cancel request', {
        ...adminOps.bulkUpdateOrderTags,
        body: { orderIds: [o.id], assignTags: { privateTags: { tagIds: [CANCEL_REQUEST_TAG] } } },
        schema: tagsAnswer,
      });
      const ok = r.results?.[0]?.itemMetadata?.success === true;
      if (!ok)
        kit.log(
          `[companion] the cancel request's tag was refused (${r.results?.[0]?.itemMetadata?.error?.code ?? '?'})`,
        );
    } catch (e) {
      kit.log(`[companion] the cancel request's tag failed: ${e instanceof CompanionError ? e.code : 'error'}`);
    }
    return o;
  }

  return app;
}
