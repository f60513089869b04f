/**
 * The owner console's orders (issue 22; docs/companion.md "Owner console: orders"): search with filters, sort and
 * sealed cursors, detail with fulfillments, merchant notes (add, edit, delete), private tags (bulk), status, cancel,
 * edit (line quantities, addresses, with a reason, through commit-deltas) and a summary over a period (aggregate).
 * Every route is the owner's only: `guard.owner` first (403 `NOT_OWNER` before anything is read), then the ids in its
 * path, then a strict body, then the platform's call as the admin identity, its refusals relayed.
 */
import { Hono, type Context } from 'hono';
import { z as zm } from 'zod/mini';
import { adminOps, route } from '../core/urls.ts';
import { ORDER_ID, ORDER_SORT_FIELDS } from '../core/api/admin-orders.ts';
import type { Env, Guard, Kit } from './context.ts';
import { badInput, badRequest, CompanionError } from './errors.ts';
import type { Caller } from './identity.ts';
import { internal } from './internal.ts';
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
const activityAnswer = zm.looseObject({ order, activityId: zm.optional(zm.string()) });
const fulfillmentsAnswer = zm.looseObject({
  orderWithFulfillments: zm.optional(zm.looseObject({ fulfillments: zm.optional(zm.array(zm.looseObject({}))) })),
});
const tagsAnswer = zm.looseObject({
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
const aggregateAnswer = zm.looseObject({ aggregates: zm.optional(zm.nullable(zm.record(zm.string(), zm.unknown()))) });

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

/** How many platform pages one search with a tag reads at most before it answers what it found. */
const TAG_SCAN_PAGES = 10;

/**
 * The one place orders are filtered by tag. Search Orders has no tag field (`OrderSearchSpec`; the emulator refuses
 * one, as the platform does), so a search with a tag reads the platform's pages (the other filters applied there) and
 * keeps the orders whose private tags hold it, reading on until it has a page's worth or `TAG_SCAN_PAGES` pages.
 */
/** A sealed cursor that carries a tag (`{"c": platform cursor, "tag"}`, sealed by this companion), else undefined. */
function withTagCursor(opened: string): { c: string; tag: string } | undefined {
  try {
    const v = JSON.parse(opened) as { c?: unknown; tag?: unknown } | null;
    return typeof v?.c === 'string' && typeof v.tag === 'string' ? { c: v.c, tag: v.tag } : undefined;
  } catch {
    return undefined; // the platform's own cursor, sealed as it came
  }
}

export const withTag = <O extends object>(orders: O[], tag: string): O[] =>
  orders.filter((o) => {
    const tagIds = (o as { tags?: { privateTags?: { tagIds?: unknown } } }).tags?.privateTags?.tagIds;
    return Array.isArray(tagIds) && tagIds.includes(tag);
  });

const amount = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
const decimal = (cents: number) => (cents / 100).toFixed(2);

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
    const r = await asAdmin('get order', { ...route(adminOps.getOrder, { id }), kind: 'read', schema: orderAnswer });
    const f = await asAdmin('list fulfillments', {
      ...route(adminOps.listOrderFulfillments, { orderId: id }),
      kind: 'read',
      schema: fulfillmentsAnswer,
    });
    return c.json({ order: r.order, fulfillments: f.orderWithFulfillments?.fulfillments ?? [] }, 200);
  });

  serve(app, wire['POST /admin/orders/{id}/notes'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const { message } = bodyOf(c, wire['POST /admin/orders/{id}/notes']);
    const r = await asAdmin('add note', {
      ...route(adminOps.addOrderActivity, { id }),
      body: { activity: { merchantComment: { message } } },
      schema: activityAnswer,
    });
    return c.json({ order: r.order, activityId: r.activityId }, 200);
  });

  serve(app, wire['PATCH /admin/orders/{id}/notes/{activityId}'], ownerOfNote, async (c) => {
    const id = orderId(c);
    const activityId = orderId(c, 'activityId');
    const { message } = bodyOf(c, wire['PATCH /admin/orders/{id}/notes/{activityId}']);
    const r = await asAdmin('edit note', {
      ...route(adminOps.updateOrderActivity, { id, activityId }),
      body: { activity: { merchantComment: { message } } },
      schema: orderAnswer,
    });
    return c.json({ order: r.order }, 200);
  });

  serve(app, wire['DELETE /admin/orders/{id}/notes/{activityId}'], ownerOfNote, async (c) => {
    const id = orderId(c);
    const activityId = orderId(c, 'activityId');
    const r = await asAdmin('delete note', {
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
    return c.json({ order: r.order }, 200);
  });

  serve(app, wire['POST /admin/orders/{id}/edit'], ownerOfOrder, async (c) => {
    const id = orderId(c);
    const b = bodyOf(c, wire['POST /admin/orders/{id}/edit']);
    // the quantities the owner saw must still be the order's: a removal carries no "before" on the wire (the
    // platform's line delta is one of removed | changed), so it is checked here on a fresh read
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
    const r = await asAdmin('edit order', {
      ...route(adminOps.commitOrderDeltas, { id }),
      body: {
        changes: {
          ...(changed.length
            ? {
                lineItems: changed.map((l) =>
                  l.quantity === 0
                    ? { lineItemId: l.id, lineItemRemoved: true }
                    : {
                        lineItemId: l.id,
                        changedDetails: { quantityBeforeChange: l.before },
                        lineItem: { quantity: l.quantity },
                      },
                ),
              }
            : {}),
          ...(b.shippingAddress
            ? { changedShippingInfo: { logistics: { shippingDestination: b.shippingAddress } } }
            : {}),
          ...(b.billingAddress ? { billingInfo: b.billingAddress } : {}),
        },
        commitSettings: {
          sendNotificationsToBuyer: b.notifyBuyer ?? true,
          ...(b.restock && changed.length ? { updateInventory: changed.map((l) => ({ lineItemId: l.id })) } : {}),
        },
        reason: b.reason,
      },
      schema: orderAnswer,
    });
    return c.json({ order: r.order }, 200);
  });

  return app;
}
