/**
 * The owner console's orders (issue 22; docs/companion.md "Owner console: orders"): search with filters, sort and
 * sealed cursors, detail with fulfillments, merchant notes (add, edit, delete), private tags (bulk), status, cancel,
 * edit (line quantities, addresses, with a reason, through commit-deltas) and a summary over a period (aggregate).
 * Every route is the owner's only: `owner(c)` first (403 `NOT_OWNER` before the body is read), then a strict body,
 * then the platform's call as the admin identity, its refusals relayed.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import type { RequestOptions } from '../core/http.ts';
import { adminApi, route } from '../core/urls.ts';
import { readJson } from './body.ts';
import { badInput, badRequest, CompanionError } from './errors.ts';
import type { Caller } from './identity.ts';
import type { CursorSeals } from './keys.ts';

/** What app.ts lends this module: its own helpers, not copies. */
export interface AdminOrdersDeps {
  /** The caller when it is an owner; 403 `NOT_OWNER` otherwise (never reads the body). */
  owner(c: Context): Promise<Caller>;
  parse<T>(schema: z.ZodType<T>, value: unknown): T;
  /** An admin call; the platform's refusal relayed, its failure a 502. */
  asAdmin<T>(what: string, o: RequestOptions<T>): Promise<T>;
  seals: Promise<CursorSeals>;
}

const ID = /^[A-Za-z0-9-]{1,100}$/;
const TAG = /^[A-Za-z0-9._:-]{1,100}$/;
const ORDER_STATUSES = ['APPROVED', 'CANCELED', 'PENDING', 'REJECTED'] as const;
// the spec's order payment statuses (section 4) and fulfillment statuses
const PAYMENT_STATUSES = [
  'UNSPECIFIED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PARTIALLY_PAID',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
] as const;
const FULFILLMENT_STATUSES = ['NOT_FULFILLED', 'FULFILLED', 'PARTIALLY_FULFILLED', 'CANCELED'] as const;
const SORT_FIELDS = { createdDate: 'createdDate', number: 'number', total: 'priceSummary.total.amount' } as const;

const isoDate = z.iso.datetime({ offset: true });
const few = <T extends z.ZodType>(t: T) => z.array(t).min(1).max(10).optional();
const searchBody = z.strictObject({
  status: few(z.enum(ORDER_STATUSES)),
  paymentStatus: few(z.enum(PAYMENT_STATUSES)),
  fulfillmentStatus: few(z.enum(FULFILLMENT_STATUSES)),
  from: isoDate.optional(),
  to: isoDate.optional(),
  text: z.string().trim().min(1).max(100).optional(),
  tag: z.string().regex(TAG).optional(),
  sort: z
    .strictObject({
      field: z.enum(Object.keys(SORT_FIELDS) as [keyof typeof SORT_FIELDS]),
      order: z.enum(['ASC', 'DESC']).optional(),
    })
    .optional(),
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().min(1).max(12_000).optional(),
});
const noteBody = z.strictObject({ message: z.string().trim().min(1).max(5000) });
const tagsBody = z
  .strictObject({
    orderIds: z.array(z.string().regex(ID)).min(1).max(100),
    assign: z.array(z.string().regex(TAG)).max(100).optional(),
    remove: z.array(z.string().regex(TAG)).max(100).optional(),
  })
  .superRefine((b, ctx) => {
    if (new Set(b.orderIds).size !== b.orderIds.length)
      ctx.addIssue({ code: 'custom', path: ['orderIds'], message: 'lists an order twice' });
    if (!b.assign?.length && !b.remove?.length)
      ctx.addIssue({ code: 'custom', path: ['assign'], message: 'assign or remove at least one tag' });
    const assigned = new Set(b.assign ?? []);
    if ((b.remove ?? []).some((t) => assigned.has(t)))
      ctx.addIssue({ code: 'custom', path: ['remove'], message: 'a tag cannot be assigned and removed at once' });
  });
const statusBody = z.strictObject({ status: z.enum(ORDER_STATUSES) });
const cancelBody = z
  .strictObject({
    sendEmail: z.boolean(),
    message: z.string().trim().min(1).max(1000).optional(),
    restock: z.boolean(),
  })
  .refine((b) => b.sendEmail || b.message === undefined, {
    path: ['message'],
    message: 'goes in the email: send the email or leave the message out',
  });
const text = (max: number) => z.string().trim().max(max).optional();
const addressWithContact = z.strictObject({
  address: z.strictObject({
    country: z.string().regex(/^[A-Za-z]{2}$/),
    subdivision: text(50),
    city: text(100),
    postalCode: text(50),
    addressLine1: text(200),
    addressLine2: text(200),
  }),
  contactDetails: z
    .strictObject({ firstName: text(100), lastName: text(100), phone: text(50), company: text(100) })
    .optional(),
});
const editBody = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          id: z.string().regex(ID),
          /** The quantity the owner saw: a line that changed meanwhile is refused (409 `ORDER_CHANGED`). */
          before: z.number().int().min(1).max(100_000),
          /** The new quantity; 0 removes the line. */
          quantity: z.number().int().min(0).max(100_000),
        }),
      )
      .max(300)
      .optional(),
    shippingAddress: addressWithContact.optional(),
    billingAddress: addressWithContact.optional(),
    reason: z.string().trim().min(1).max(200),
    restock: z.boolean().optional(),
    notifyBuyer: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    const ids = (b.lines ?? []).map((l) => l.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'lists a line twice' });
    if (!(b.lines ?? []).some((l) => l.quantity !== l.before) && !b.shippingAddress && !b.billingAddress)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'nothing to change' });
  });
const MAX_PERIOD_MS = 5 * 366 * 24 * 3600 * 1000;
const summaryBody = z
  .strictObject({ from: isoDate, to: isoDate })
  .refine((b) => Date.parse(b.from) < Date.parse(b.to), { path: ['to'], message: 'must be after from' })
  .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= MAX_PERIOD_MS, {
    path: ['to'],
    message: 'a period is at most 5 years',
  });

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

/** The search filter the console's fields stand for (docs/wire.md "Orders: owner console"). */
function searchFilter(b: z.infer<typeof searchBody>): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  if (b.status) and.push({ status: { $in: b.status } });
  if (b.paymentStatus) and.push({ paymentStatus: { $in: b.paymentStatus } });
  if (b.fulfillmentStatus) and.push({ fulfillmentStatus: { $in: b.fulfillmentStatus } });
  if (b.from) and.push({ createdDate: { $gte: new Date(b.from).toISOString() } });
  if (b.to) and.push({ createdDate: { $lte: new Date(b.to).toISOString() } });
  if (b.tag) and.push({ 'tags.privateTags.tagIds': { $hasSome: [b.tag] } });
  if (b.text) {
    // the platform's Search Orders has no free-text expression (CursorSearch: filter, sort, cursorPaging only)
    const t = b.text.replace(/^#/, '');
    and.push(
      /^\d{1,15}$/.test(t)
        ? { number: Number(t) }
        : {
            $or: [
              { 'buyerInfo.email': { $startsWith: t } },
              { 'billingInfo.contactDetails.fullName': { $startsWith: t } },
            ],
          },
    );
  }
  return and.length === 1 ? and[0]! : and.length ? { $and: and } : {};
}

const amount = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
const decimal = (cents: number) => (cents / 100).toFixed(2);

/** Mount the owner's order routes under `/v1/admin/orders` on `app`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function mountAdminOrders(app: Hono<any>, deps: AdminOrdersDeps): void {
  const { owner, parse, asAdmin } = deps;
  const orderId = (c: Context, name = 'id') => {
    const id = c.req.param(name);
    if (!id || !ID.test(id)) throw badInput(name, 'is not an id', 'FORMAT');
    return id;
  };
  const sealFor = (me: Caller) => `owner:${me.id}`;

  app.post('/v1/admin/orders/search', async (c) => {
    const me = await owner(c);
    const body = parse(searchBody, await readJson(c.req.raw));
    const limit = body.limit ?? 25;
    const seals = await deps.seals;
    let search: Record<string, unknown>;
    if (body.cursor !== undefined) {
      const { cursor: _cursor, limit: _limit, ...rest } = body;
      if (Object.keys(rest).length)
        throw badInput('cursor', 'goes alone (with limit): it carries the filters and sort');
      const cursor = await seals.open(sealFor(me), body.cursor);
      if (!cursor) throw badRequest('INVALID_CURSOR', 'This list position is not valid any more; start again');
      search = { cursorPaging: { cursor, limit } };
    } else {
      const sort = body.sort ?? { field: 'createdDate', order: 'DESC' };
      search = {
        filter: searchFilter(body),
        sort: [{ fieldName: SORT_FIELDS[sort.field], order: sort.order ?? 'DESC' }],
        cursorPaging: { limit },
      };
    }
    const page = await asAdmin('search orders', {
      ...adminApi.searchOrders,
      kind: 'read',
      body: { search },
      schema: searchAnswer,
    });
    const next = page.metadata?.cursors?.next;
    return c.json(
      {
        orders: page.orders,
        count: page.orders.length,
        ...(next ? { next: await seals.seal(sealFor(me), next) } : {}),
      },
      200,
    );
  });

  app.post('/v1/admin/orders/summary', async (c) => {
    await owner(c);
    const { from, to } = parse(summaryBody, await readJson(c.req.raw));
    const r = await asAdmin('aggregate orders', {
      ...adminApi.aggregateOrders,
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

  app.post('/v1/admin/orders/tags', async (c) => {
    await owner(c);
    const b = parse(tagsBody, await readJson(c.req.raw));
    const r = await asAdmin('update order tags', {
      ...adminApi.bulkUpdateOrderTags,
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

  app.get('/v1/admin/orders/:id', async (c) => {
    await owner(c);
    const id = orderId(c);
    const r = await asAdmin('get order', { ...route(adminApi.getOrder, { id }), kind: 'read', schema: orderAnswer });
    const f = await asAdmin('list fulfillments', {
      ...route(adminApi.listOrderFulfillments, { orderId: id }),
      kind: 'read',
      schema: fulfillmentsAnswer,
    });
    return c.json({ order: r.order, fulfillments: f.orderWithFulfillments?.fulfillments ?? [] }, 200);
  });

  app.post('/v1/admin/orders/:id/notes', async (c) => {
    await owner(c);
    const id = orderId(c);
    const { message } = parse(noteBody, await readJson(c.req.raw));
    const r = await asAdmin('add note', {
      ...route(adminApi.addOrderActivity, { id }),
      body: { activity: { merchantComment: { message } } },
      schema: activityAnswer,
    });
    return c.json({ order: r.order, activityId: r.activityId }, 200);
  });

  app.patch('/v1/admin/orders/:id/notes/:activityId', async (c) => {
    await owner(c);
    const id = orderId(c);
    const activityId = orderId(c, 'activityId');
    const { message } = parse(noteBody, await readJson(c.req.raw));
    const r = await asAdmin('edit note', {
      ...route(adminApi.updateOrderActivity, { id, activityId }),
      body: { activity: { merchantComment: { message } } },
      schema: orderAnswer,
    });
    return c.json({ order: r.order }, 200);
  });

  app.delete('/v1/admin/orders/:id/notes/:activityId', async (c) => {
    await owner(c);
    const id = orderId(c);
    const activityId = orderId(c, 'activityId');
    const r = await asAdmin('delete note', {
      ...route(adminApi.deleteOrderActivity, { id, activityId }),
      schema: orderAnswer,
    });
    return c.json({ order: r.order }, 200);
  });

  app.post('/v1/admin/orders/:id/status', async (c) => {
    await owner(c);
    const id = orderId(c);
    const { status } = parse(statusBody, await readJson(c.req.raw));
    const r = await asAdmin('update order status', {
      ...route(adminApi.updateOrderStatus, { orderId: id }),
      body: { status },
      schema: orderAnswer,
    });
    return c.json({ order: r.order }, 200);
  });

  app.post('/v1/admin/orders/:id/cancel', async (c) => {
    await owner(c);
    const id = orderId(c);
    const b = parse(cancelBody, await readJson(c.req.raw));
    const r = await asAdmin('cancel order', {
      ...route(adminApi.cancelOrder, { id }),
      body: {
        sendOrderCanceledEmail: b.sendEmail,
        ...(b.message !== undefined ? { customMessage: b.message } : {}),
        restockAllItems: b.restock,
      },
      schema: orderAnswer,
    });
    return c.json({ order: r.order }, 200);
  });

  app.post('/v1/admin/orders/:id/edit', async (c) => {
    await owner(c);
    const id = orderId(c);
    const b = parse(editBody, await readJson(c.req.raw));
    // the quantities the owner saw must still be the order's: a removal carries no "before" on the wire (the
    // platform's line delta is one of removed | changed), so it is checked here on a fresh read
    const now = await asAdmin('get order', { ...route(adminApi.getOrder, { id }), kind: 'read', schema: orderAnswer });
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
      ...route(adminApi.commitOrderDeltas, { id }),
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
}
