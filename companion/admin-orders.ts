/**
 * The owner console's orders (issue 22; docs/companion.md "Owner console: orders"): search with filters, sort and
 * sealed cursors, detail with fulfillments, merchant notes (add, edit, delete), private tags (bulk), status, cancel,
 * edit (line quantities, addresses, with a reason, through a draft order: preview its totals, then commit) and a summary over a period (aggregate).
 * Every route is the owner's only: `guard.owner` first (403 `NOT_OWNER` before anything is read), then the ids in its
 * path, then a strict body, then the platform's call as the admin identity, its refusals relayed.
 */
import { Hono, type Context } from 'hono';
import { z as zm } from 'zod/mini';
import { adminOps, route } from '../core/urls.ts';
import { ORDER_ID, ORDER_SORT_FIELDS } from '../core/api/admin-orders.ts';
import {
  awaitsAnswer,
  CANCEL_REQUEST_TAG,
  cancelRequestOf,
  declineComment,
  hasRequestTag,
  privateTags,
} from '../core/api/cancel-requests.ts';
import { InlayApiError } from '../core/errors.ts';
import type { Env, Guard, Kit } from './context.ts';
import { badInput, badRequest, CompanionError } from './errors.ts';
import type { Caller } from './identity.ts';
import { internal, optionalRead } from './internal.ts';
import { bodyOf, serve, wire } from './wire.ts';

const ID = ORDER_ID;
const SORT_FIELDS = {
  createdDate: 'createdDate',
  number: 'number',
  total: 'priceSummary.total.amount',
} as const satisfies Record<(typeof ORDER_SORT_FIELDS)[number], string>;

const order = zm.looseObject({
  id: zm.string(),
  lineItems: zm.optional(zm.array(zm.looseObject({ id: zm.string(), quantity: zm.number() }))),
  priceSummary: zm.optional(zm.looseObject({ total: zm.optional(zm.looseObject({ amount: zm.string() })) })),
});
const orderAnswer = zm.looseObject({ order });
const searchAnswer = zm.looseObject({
  orders: zm.array(order),
  metadata: zm.optional(
    zm.looseObject({
      count: zm.optional(zm.nullable(zm.number())),
      cursors: zm.optional(zm.looseObject({ next: zm.optional(zm.nullable(zm.string())) })),
    }),
  ),
});
const activitiesAnswer = zm.looseObject({ order, activityIds: zm.optional(zm.array(zm.string())) });
const fulfillmentsAnswer = zm.looseObject({
  orderWithFulfillments: zm.optional(zm.looseObject({ fulfillments: zm.optional(zm.array(zm.looseObject({}))) })),
});
/** The platform's Bulk Update Order Tags answer (the owner's tags and a buyer's cancellation request, account.ts). */
export const tagsAnswer = zm.looseObject({
  results: zm.optional(
    zm.array(
      zm.looseObject({
        itemMetadata: zm.optional(
          zm.looseObject({
            id: zm.optional(zm.nullable(zm.string())),
            originalIndex: zm.optional(zm.number()),
            success: zm.optional(zm.boolean()),
            error: zm.optional(zm.looseObject({ code: zm.optional(zm.string()) })),
          }),
        ),
      }),
    ),
  ),
});
/** An order's refunds, as far as the lines refunded go (the owner's detail, the member's account). */
export const refundsAnswer = zm.looseObject({
  orderTransactions: zm.looseObject({
    refunds: zm.array(
      zm.looseObject({
        transactions: zm.optional(zm.array(zm.looseObject({ refundStatus: zm.optional(zm.string()) }))),
        details: zm.optional(
          zm.looseObject({
            lineItems: zm.optional(zm.array(zm.looseObject({ lineItemId: zm.string(), quantity: zm.number() }))),
          }),
        ),
      }),
    ),
  }),
});

/**
 * How many units of each line were refunded (the order's refunds that did not fail, as the console counts them:
 * companion/admin-payments.ts), only the lines with some: nothing else of the refunds (payment ids, gateway ids, the
 * owner's reason) leaves.
 */
export function refundedLines(r: zm.infer<typeof refundsAnswer>): { lineItemId: string; quantity: number }[] {
  const n = new Map<string, number>();
  for (const x of r.orderTransactions.refunds)
    if (x.transactions?.every((t) => t.refundStatus !== 'FAILED'))
      for (const l of x.details?.lineItems ?? []) n.set(l.lineItemId, (n.get(l.lineItemId) ?? 0) + l.quantity);
  return [...n].filter(([, q]) => q > 0).map(([lineItemId, quantity]) => ({ lineItemId, quantity }));
}

const aggregateAnswer = zm.looseObject({ aggregates: zm.optional(zm.nullable(zm.record(zm.string(), zm.unknown()))) });

const price = zm.looseObject({ amount: zm.string() });
const calculatedDraft = zm.looseObject({
  draftOrder: zm.looseObject({
    id: zm.string(),
    priceSummary: zm.optional(zm.looseObject({ total: zm.optional(price) })),
    balanceSummary: zm.optional(zm.looseObject({ balance: zm.optional(price) })),
  }),
});
type CalculatedDraft = zm.infer<typeof calculatedDraft>;
const draftAnswer = zm.looseObject({
  calculatedDraftOrder: calculatedDraft,
  preexistingDraftOrder: zm.optional(zm.nullable(zm.boolean())),
});
const draftabilityAnswer = zm.looseObject({
  orderDraftable: zm.optional(zm.boolean()),
  nonDraftableReasons: zm.optional(zm.array(zm.string())),
});
const commitAnswer = zm.looseObject({ orderAfterCommit: order });
/** Why a commit failed its validations, said to the console with the code it knows. */
const COMMIT_REASONS = new Set(['LINE_ITEM_CHANGED', 'LINE_ITEM_FULFILLED', 'INSUFFICIENT_INVENTORY']);
type EditBody = zm.infer<(typeof wire)['POST /admin/orders/{id}/edit']['request']>;
type OrderRead = zm.infer<typeof orderAnswer>;
type EditAddress = NonNullable<EditBody['shippingAddress']>;
/** An address as the platform's REST wire takes it (`addressLine`: the SDK's `addressLine1` on the wire). */
const restAddress = (a: EditAddress) => {
  const { addressLine1, ...rest } = a.address;
  return { ...a, address: { ...rest, ...(addressLine1 !== undefined ? { addressLine: addressLine1 } : {}) } };
};

/**
 * The search filter the console's fields stand for (docs/wire.md "Orders: owner console"), in the fields of the
 * platform's `OrderSearchSpec` (@wix/auto_sdk_ecom_orders): the statuses, the creation date, and the text as an order
 * number (a string there), or the start of the buyer's email, first or last name ("Ada Lovelace": both names). The
 * tag is not here: see {@link withTag}.
 */
function searchFilter(b: zm.infer<(typeof wire)['POST /admin/orders/search']['request']>): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  if (b.status) and.push({ status: { $in: b.status } });
  if (b.paymentStatus) and.push({ paymentStatus: { $in: b.paymentStatus } });
  if (b.fulfillmentStatus) and.push({ fulfillmentStatus: { $in: b.fulfillmentStatus } });
  if (b.from) and.push({ createdDate: { $gte: new Date(b.from).toISOString() } });
  if (b.to) and.push({ createdDate: { $lte: new Date(b.to).toISOString() } });
  if (b.text) {
    // the platform's Search Orders has no free-text expression (CursorSearch: filter, sort, cursorPaging only)
    const t = b.text.replace(/^#/, '').trim();
    const [first, ...rest] = t.split(/\s+/);
    const name = (field: 'firstName' | 'lastName', v: string) => ({
      [`billingInfo.contactDetails.${field}`]: { $startsWith: v },
    });
    and.push(
      /^\d{1,15}$/.test(t)
        ? { number: t }
        : rest.length
          ? { $and: [name('firstName', first!), name('lastName', rest.join(' '))] }
          : { $or: [{ 'buyerInfo.email': { $startsWith: t } }, name('firstName', t), name('lastName', t)] },
    );
  }
  return and.length === 1 ? and[0]! : and.length ? { $and: and } : {};
}

/** AddActivities' request for one merchant comment on order `id`: a note, or a cancellation request's record. */
export const addComment = (id: string, message: string) => ({
  ...route(adminOps.addOrderActivities, { orderId: id }),
  body: { orderId: id, orderActivities: [{ activityType: 'MERCHANT_COMMENT', merchantComment: { message } }] },
});

/** How many platform pages one search with a tag reads at most before it answers what it found. */
const TAG_SCAN_PAGES = 10;

/** A sealed cursor that carries a tag (`{"c": platform cursor, "tag"}`, sealed by this companion), else undefined. */
function withTagCursor(opened: string): { c: string; tag: string } | undefined {
  try {
    const v = JSON.parse(opened) as { c?: unknown; tag?: unknown } | null;
    return typeof v?.c === 'string' && typeof v.tag === 'string' ? { c: v.c, tag: v.tag } : undefined;
  } catch {
    return undefined; // the platform's own cursor, sealed as it came
  }
}

/**
 * The one place orders are filtered by tag. Search Orders has no tag field (`OrderSearchSpec`; the emulator refuses
 * one, as the platform does), so a search with a tag reads the platform's pages (the other filters applied there) and
 * keeps the orders whose private tags hold it, reading on until it has a page's worth or `TAG_SCAN_PAGES` pages.
 */
export const withTag = <O extends object>(orders: O[], tag: string): O[] =>
  orders.filter((o) => privateTags(o).includes(tag));

const amount = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
const decimal = (cents: number) => (cents / 100).toFixed(2);

/**
 * The requests a "Cancellation requested" search reads at most: the platform's Search Orders has no tags filter
 * (`OrderSearchSpec`), so the companion pages through open orders (newest first, 100 a page) and keeps those whose
 * request awaits an answer: the 1000 newest open orders at most, and says so (`capped`) when there were more.
 */
export const REQUEST_SEARCH_PAGES = 10;

/** The path's ids, `names` in order: 400 (`FORMAT`, on the first that is not an id) before the body is read. */
const ids =
  (...names: string[]): Guard =>
  async (c, next) => {
    for (const name of names) if (!ID.test(c.req.param(name) ?? '')) throw badInput(name, 'is not an id', 'FORMAT');
    await next();
  };

/** The owner's order routes (under `/v1/admin/orders`), as a sub-app app.ts mounts at `/v1`. */
export function adminOrdersApp(kit: Kit): Hono<Env> {
  const { asAdmin } = kit;
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];
  const ownerOfOrder = [kit.guard.owner, ids('id')];
  const ownerOfNote = [kit.guard.owner, ids('id', 'activityId')];
  const orderId = (c: Context<Env>, name = 'id') => c.req.param(name)!;
  const sealFor = (me: Caller) => `owner:${me.id}`;

  serve(app, wire['POST /admin/orders/search'], owner, async (c) => {
    const me = c.get('caller');
    const body = bodyOf(c, wire['POST /admin/orders/search']);
    const limit = body.limit ?? 25;
    const seals = await kit.seals;
    let search: Record<string, unknown>;
    // a tag goes in the sealed cursor beside the platform's (the platform's cursor cannot carry it)
    let tag = body.tag;
    if (body.cursor !== undefined) {
      const { cursor: _cursor, limit: _limit, ...rest } = body;
      if (Object.keys(rest).length)
        throw badInput('cursor', 'goes alone (with limit): it carries the filters and sort');
      const opened = await seals.open(sealFor(me), body.cursor);
      if (!opened) throw badRequest('INVALID_CURSOR', 'This list position is not valid any more; start again');
      const carried = withTagCursor(opened);
      tag = carried?.tag;
      search = { cursorPaging: { cursor: carried?.c ?? opened, limit } };
    } else if (body.requested) {
      return c.json(await requestedOrders(body), 200);
    } else {
      const sort = body.sort ?? { field: 'createdDate', order: 'DESC' };
      search = {
        filter: searchFilter(body),
        sort: [{ fieldName: SORT_FIELDS[sort.field], order: sort.order ?? 'DESC' }],
        cursorPaging: { limit },
      };
    }
    const read = (s: Record<string, unknown>) =>
      asAdmin('search orders', { ...adminOps.searchOrders, kind: 'read', body: { search: s }, schema: searchAnswer });
    let page = await read(search);
    let orders = tag ? withTag(page.orders, tag) : page.orders;
    let next = page.metadata?.cursors?.next;
    for (let n = 1; tag && next && orders.length < limit && n < TAG_SCAN_PAGES; n++) {
      page = await read({ cursorPaging: { cursor: next, limit } });
      orders = [...orders, ...withTag(page.orders, tag)];
      next = page.metadata?.cursors?.next;
    }
    const sealed = next && (tag ? JSON.stringify({ c: next, tag }) : next);
    return c.json(
      { orders, count: orders.length, ...(sealed ? { next: await seals.seal(sealFor(me), sealed) } : {}) },
      200,
    );
  });

  /**
   * The orders whose buyer's cancellation request awaits an answer, among the filters: open orders (approved or
   * pending) read newest first a page of 100 at a time, at most {@link REQUEST_SEARCH_PAGES} pages; one answer, no
   * `next`; `capped` when more open orders were left unread.
   */
  async function requestedOrders(body: zm.infer<(typeof wire)['POST /admin/orders/search']['request']>) {
    const base = searchFilter(body);
    const open = { status: { $in: ['APPROVED', 'PENDING'] } };
    const sort = body.sort ?? { field: 'createdDate', order: 'DESC' };
    let search: Record<string, unknown> = {
      filter: Object.keys(base).length ? { $and: [base, open] } : open,
      sort: [{ fieldName: SORT_FIELDS[sort.field], order: sort.order ?? 'DESC' }],
      cursorPaging: { limit: 100 },
    };
    const found: zm.infer<typeof order>[] = [];
    for (let page = 0; page < REQUEST_SEARCH_PAGES; page++) {
      const r = await asAdmin('search orders', {
        ...adminOps.searchOrders,
        kind: 'read',
        body: { search },
        schema: searchAnswer,
      });
      found.push(...r.orders.filter((o) => awaitsAnswer(o)));
      const next = r.metadata?.cursors?.next;
      if (!next) return { orders: found.slice(0, body.limit ?? 100), count: found.length };
      search = { cursorPaging: { cursor: next, limit: 100 } };
    }
    return { orders: found.slice(0, body.limit ?? 100), count: found.length, capped: true };
  }

  serve(app, wire['POST /admin/orders/summary'], owner, async (c) => {
    const { from, to } = bodyOf(c, wire['POST /admin/orders/summary']);
    // internal in the generated client: its refusal is 403 NOT_AVAILABLE_HERE, the list is not touched (internal.ts)
    const r = await internal(kit, 'summary', 'aggregate orders', {
      ...adminOps.aggregateOrders,
      kind: 'read',
      body: {
        filter: {
          $and: [
            { createdDate: { $gte: new Date(from).toISOString() } },
            { createdDate: { $lte: new Date(to).toISOString() } },
            { status: { $nin: ['CANCELED', 'REJECTED'] } },
          ],
        },
        aggregation: {
          count: { $count: [] },
          revenue: { $sum: 'priceSummary.total.amount' },
          currencies: { $count: ['currency'] },
        },
      },
      schema: aggregateAnswer,
    });
    const a = r.aggregates ?? {};
    const count = Math.round(amount(a['count']));
    const revenueCents = Math.round(amount(a['revenue']) * 100);
    const currencies = Object.keys((a['currencies'] as Record<string, unknown> | undefined) ?? {}).filter(Boolean);
    return c.json(
      {
        count,
        revenue: decimal(revenueCents),
        average: decimal(count ? Math.round(revenueCents / count) : 0),
        currency: currencies.length === 1 ? currencies[0] : null,
      },
      200,
    );
  });

  serve(app, wire['POST /admin/orders/tags'], owner, async (c) => {
    const b = bodyOf(c, wire['POST /admin/orders/tags']);
    const r = await asAdmin('update order tags', {
      ...adminOps.bulkUpdateOrderTags,
      body: {
        orderIds: b.orderIds,
        ...(b.assign?.length ? { assignTags: { privateTags: { tagIds: b.assign } } } : {}),
        ...(b.remove?.length ? { unassignTags: { privateTags: { tagIds: b.remove } } } : {}),
      },
      schema: tagsAnswer,
    });
    const results = b.orderIds.map((id, i) => {
      const m = r.results?.find((x) => x.itemMetadata?.originalIndex === i)?.itemMetadata;
      const ok = m?.success === true;
      return { id, ok, ...(ok ? {} : { code: m?.error?.code ?? 'UNKNOWN' }) };
    });
    const succeeded = results.filter((x) => x.ok).length;
    return c.json({ results, succeeded, failed: results.length - succeeded }, 200);
  });

  serve(app, wire['GET /admin/orders/{id}'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    // both reads at once; the order's failure is the one said (the fulfillments' is then dropped)
    const fulfillments = asAdmin('list fulfillments', {
      ...route(adminOps.listOrderFulfillments, { orderId: id }),
      kind: 'read',
      schema: fulfillmentsAnswer,
    });
    fulfillments.catch(() => undefined);
    // how many units of each line were refunded (the lines show "2 of 3 refunded"); a read that fails leaves them out
    const refunds = optionalRead(kit, 'order transactions', {
      ...route(adminOps.listOrderTransactions, { orderId: id }),
      schema: refundsAnswer,
    });
    const r = await asAdmin('get order', { ...route(adminOps.getOrder, { id }), kind: 'read', schema: orderAnswer });
    const [f, tx] = await Promise.all([fulfillments, refunds]);
    const refunded = tx.ok ? refundedLines(tx.value) : [];
    return c.json(
      {
        order: r.order,
        fulfillments: f.orderWithFulfillments?.fulfillments ?? [],
        ...(refunded.length ? { refundedLines: refunded } : {}),
      },
      200,
    );
  });

  serve(app, wire['POST /admin/orders/{id}/notes'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const { message } = bodyOf(c, wire['POST /admin/orders/{id}/notes']);
    const r = await asAdmin('add note', {
      ...addComment(id, message),
      schema: activitiesAnswer,
    });
    return c.json({ order: r.order, activityId: r.activityIds?.[0] }, 200);
  });

  serve(app, wire['PATCH /admin/orders/{id}/notes/{activityId}'], ownerOfNote, async (c) => {
    const id = orderId(c);
    const activityId = orderId(c, 'activityId');
    const { message } = bodyOf(c, wire['PATCH /admin/orders/{id}/notes/{activityId}']);
    const r = await internal(kit, 'editNote', 'edit note', {
      ...route(adminOps.updateOrderActivity, { id, activityId }),
      body: { activity: { merchantComment: { message } } },
      schema: orderAnswer,
    });
    return c.json({ order: r.order }, 200);
  });

  serve(app, wire['DELETE /admin/orders/{id}/notes/{activityId}'], ownerOfNote, async (c) => {
    const id = orderId(c);
    const activityId = orderId(c, 'activityId');
    const r = await internal(kit, 'deleteNote', 'delete note', {
      ...route(adminOps.deleteOrderActivity, { id, activityId }),
      schema: orderAnswer,
    });
    return c.json({ order: r.order }, 200);
  });

  serve(app, wire['POST /admin/orders/{id}/status'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const { status } = bodyOf(c, wire['POST /admin/orders/{id}/status']);
    // internal in the generated client: its refusal is 403 NOT_AVAILABLE_HERE (approve or reject in the dashboard)
    const r = await internal(kit, 'orderStatus', 'update order status', {
      ...route(adminOps.updateOrderStatus, { orderId: id }),
      body: { status },
      schema: orderAnswer,
    });
    return c.json({ order: r.order }, 200);
  });

  serve(app, wire['POST /admin/orders/{id}/cancel'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const b = bodyOf(c, wire['POST /admin/orders/{id}/cancel']);
    const r = await asAdmin('cancel order', {
      ...route(adminOps.cancelOrder, { id }),
      body: {
        sendOrderCanceledEmail: b.sendEmail,
        ...(b.message !== undefined ? { customMessage: b.message } : {}),
        restockAllItems: b.restock,
      },
      schema: orderAnswer,
    });
    // a buyer's cancellation request is answered by the cancel: its tag goes (best effort; the order is canceled)
    return c.json({ order: hasRequestTag(r.order) ? await untag(r.order) : r.order }, 200);
  });

  /** The order without the request's private tag (read again after); a failure is logged and the order kept as it was. */
  async function untag(o: zm.infer<typeof order>) {
    try {
      await asAdmin('untag cancel request', {
        ...adminOps.bulkUpdateOrderTags,
        body: { orderIds: [o.id], unassignTags: { privateTags: { tagIds: [CANCEL_REQUEST_TAG] } } },
        schema: tagsAnswer,
      });
      return (
        await asAdmin('get order', { ...route(adminOps.getOrder, { id: o.id }), kind: 'read', schema: orderAnswer })
      ).order;
    } catch (e) {
      kit.log(
        `[companion] the cancel request's tag was not removed: ${e instanceof CompanionError ? e.code : 'error'}`,
      );
      return o;
    }
  }

  serve(app, wire['POST /admin/orders/{id}/cancel-request/decline'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const { note } = bodyOf(c, wire['POST /admin/orders/{id}/cancel-request/decline']);
    const now = await asAdmin('get order', { ...route(adminOps.getOrder, { id }), kind: 'read', schema: orderAnswer });
    const state = cancelRequestOf(now.order)?.state;
    // a replay after the decline landed: the order as it is (its tag removed if that is what failed)
    if (state === 'DECLINED')
      return c.json({ order: hasRequestTag(now.order) ? await untag(now.order) : now.order }, 200);
    if (!awaitsAnswer(now.order))
      throw new CompanionError(
        409,
        'NO_CANCEL_REQUEST',
        'This order has no cancellation request waiting for an answer',
      );
    const r = await asAdmin('decline cancel request', {
      ...addComment(id, declineComment(note)),
      schema: activitiesAnswer,
    });
    return c.json({ order: hasRequestTag(r.order) ? await untag(r.order) : r.order }, 200);
  });

  /**
   * An edit as a draft order (docs/companion.md "Owner console: orders", Edit): the quantities the owner saw must
   * still be the order's (409 `ORDER_CHANGED` otherwise), the order may have a draft (428 `ORDER_NOT_EDITABLE` with
   * the platform's `nonDraftableReasons` in `data.reasons`), a draft made from it (a leftover one, from an edit whose
   * answer was lost or a preview that could not delete its own, is deleted and a fresh one made: it may hold another
   * edit's changes), the lines and addresses set on it. `finish` takes it from there; a refusal on the way deletes it.
   */
  async function draftOf<T>(
    id: string,
    b: EditBody,
    finish: (draftId: string, calculated: CalculatedDraft, before: OrderRead) => Promise<T>,
  ): Promise<T> {
    const now = await asAdmin('get order', { ...route(adminOps.getOrder, { id }), kind: 'read', schema: orderAnswer });
    const changed = (b.lines ?? []).filter((l) => l.quantity !== l.before);
    for (const l of changed) {
      const line = now.order.lineItems?.find((x) => x.id === l.id);
      if (!line || line.quantity !== l.before)
        throw new CompanionError(
          409,
          'ORDER_CHANGED',
          'This order changed since it was shown; reload it and try again',
          {
            data: { lineItemId: l.id },
          },
        );
    }
    const status = await asAdmin('draftability', {
      ...route(adminOps.getOrderDraftability, { orderId: id }),
      kind: 'read',
      schema: draftabilityAnswer,
    });
    if (!status.orderDraftable)
      throw new CompanionError(428, 'ORDER_NOT_EDITABLE', 'The platform does not allow editing this order', {
        data: { reasons: status.nonDraftableReasons ?? [] },
      });
    const create = () =>
      asAdmin('create draft order', { ...adminOps.createDraftOrder, body: { sourceOrderId: id }, schema: draftAnswer });
    let made = await create();
    if (made.preexistingDraftOrder) {
      await dropDraft(made.calculatedDraftOrder.draftOrder.id);
      made = await create();
      // still there: it could not be deleted (another edit is committing it): nothing is added to someone else's draft
      if (made.preexistingDraftOrder)
        throw new CompanionError(409, 'EDIT_IN_PROGRESS', 'Another edit of this order is under way; try again shortly');
    }
    const draftId = made.calculatedDraftOrder.draftOrder.id;
    let calculated = made.calculatedDraftOrder;
    try {
      if (changed.length)
        calculated = (
          await asAdmin('update draft line items', {
            ...route(adminOps.updateDraftLineItems, { draftOrderId: draftId }),
            body: {
              draftOrderId: draftId,
              lineItemChanges: changed.map((l) => ({ lineItemId: l.id, newQuantity: l.quantity })),
            },
            schema: draftAnswer,
          })
        ).calculatedDraftOrder;
      if (b.shippingAddress)
        calculated = (
          await asAdmin('set draft shipping info', {
            ...adminOps.setDraftShippingInfo,
            body: {
              draftOrderId: draftId,
              shippingInfo: { logistics: { shippingDestination: restAddress(b.shippingAddress) } },
            },
            schema: draftAnswer,
          })
        ).calculatedDraftOrder;
      if (b.billingAddress)
        calculated = (
          await asAdmin('set draft billing info', {
            ...adminOps.setDraftBillingInfo,
            body: { draftOrderId: draftId, billingInfo: restAddress(b.billingAddress) },
            schema: draftAnswer,
          })
        ).calculatedDraftOrder;
    } catch (e) {
      if (e instanceof CompanionError && e.status < 500) await dropDraft(draftId);
      throw e;
    }
    return finish(draftId, calculated, now);
  }
  /** Delete a draft (best effort: one left over is deleted by the next edit of its order). */
  const dropDraft = (draftOrderId: string) =>
    asAdmin('delete draft order', {
      ...route(adminOps.deleteDraftOrder, { draftOrderId }),
      schema: zm.looseObject({}),
    }).catch(() => undefined);

  serve(app, wire['POST /admin/orders/{id}/edit/preview'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const b = bodyOf(c, wire['POST /admin/orders/{id}/edit/preview']);
    const out = await draftOf(id, b, async (draftId, calculated, before) => {
      await dropDraft(draftId);
      const d = calculated.draftOrder;
      return {
        order: before.order,
        preview: {
          priceSummary: d.priceSummary ?? {},
          balanceSummary: d.balanceSummary ?? {},
          ...(before.order.priceSummary?.total ? { totalBefore: before.order.priceSummary.total } : {}),
        },
      };
    });
    return c.json(out, 200);
  });

  serve(app, wire['POST /admin/orders/{id}/edit'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const b = bodyOf(c, wire['POST /admin/orders/{id}/edit']);
    const changed = (b.lines ?? []).filter((l) => l.quantity !== l.before);
    const order = await draftOf(id, b, async (draftId) => {
      try {
        const r = await kit.platform.admin.request({
          ...route(adminOps.commitDraftOrder, { draftOrderId: draftId }),
          body: {
            draftOrderId: draftId,
            commitSettings: {
              sendNotificationsToBuyer: b.notifyBuyer ?? true,
              ...(b.restock && changed.length ? { updateInventory: changed.map((l) => ({ lineItemId: l.id })) } : {}),
            },
            reason: b.reason,
          },
          schema: commitAnswer,
        });
        return r.orderAfterCommit;
      } catch (e) {
        // refused: nothing was applied, the draft goes; a lost answer: it may have been, the draft stays (the console
        // reads the order back; a draft left over is deleted by the next edit)
        if (!(e instanceof InlayApiError) || e.kind !== 'http' || e.status >= 500) kit.relay(e, 'commit draft order');
        await dropDraft(draftId);
        const data = (e.applicationError?.data ?? {}) as { reason?: unknown; nonDraftableReasons?: unknown };
        if (e.applicationError?.code === 'DRAFT_ORDER_COMMIT_FAILED_VALIDATIONS') {
          if (Array.isArray(data.nonDraftableReasons))
            throw new CompanionError(428, 'ORDER_NOT_EDITABLE', 'The platform does not allow editing this order', {
              data: { reasons: data.nonDraftableReasons },
            });
          if (typeof data.reason === 'string' && COMMIT_REASONS.has(data.reason))
            throw new CompanionError(428, data.reason, e.applicationError.description ?? e.message);
        }
        return kit.relay(e, 'commit draft order');
      }
    });
    return c.json({ order }, 200);
  });

  return app;
}
