/**
 * The owner console's fulfilment (issue 40, i40-ful; docs/companion.md "Owner console: fulfilment"): mark an order's
 * lines shipped with a carrier and tracking, the buyer emailed or not; change a shipment's tracking; delete a
 * shipment; "mark as shipped" for many orders. Every route is the owner's only: `guard.owner` first (403 `NOT_OWNER`
 * before anything is read), then the ids in its path, then a strict body, then the platform's calls as the admin
 * identity (`@wix/auto_sdk_ecom_order-fulfillments`), its refusals relayed.
 *
 * Never twice: a change to one order is made only from the shipments the owner saw (`revision`,
 * core/api/admin-fulfillments.ts `fulfilmentRevision`): the order is taken in the counter store (no other change to its
 * shipments meanwhile, on any instance sharing the store), its shipments read again, and the change sent only when
 * they are still those (else 409 `FULFILLMENTS_CHANGED`). A lost answer holds the order for {@link LOST_HOLD_MS} (the
 * platform may still apply it); the console then reads the order again, and the shipment it finds moved the revision:
 * sending the same change again is refused. "Mark as shipped" ships only what is left of each order, so sending it
 * again ships nothing (`already`).
 */
import { Hono, type Context } from 'hono';
import { z as zm } from 'zod/mini';
import { adminOps, route } from '../core/urls.ts';
import { fulfilmentRevision, type Tracking } from '../core/api/admin-fulfillments.ts';
import { ORDER_ID } from '../core/api/admin-orders.ts';
import type { Fulfillment } from '../core/api/orders.ts';
import type { Env, Guard, Kit } from './context.ts';
import { badInput, CompanionError } from './errors.ts';
import { refusedCall } from './internal.ts';
import { bodyOf, serve, wire } from './wire.ts';

/** How long an order is taken for one change, and held after a lost answer. */
export const HOLD_MS = 60_000;
export const LOST_HOLD_MS = 30_000;

const fulfillment = zm.looseObject({
  id: zm.optional(zm.string()),
  createdDate: zm.optional(zm.string()),
  lineItems: zm.optional(zm.array(zm.looseObject({ id: zm.string(), quantity: zm.optional(zm.number()) }))),
  trackingInfo: zm.optional(
    zm.looseObject({
      trackingNumber: zm.optional(zm.string()),
      shippingProvider: zm.optional(zm.string()),
      trackingLink: zm.optional(zm.string()),
    }),
  ),
});
const fulfillmentsAnswer = zm.looseObject({
  orderWithFulfillments: zm.optional(zm.looseObject({ fulfillments: zm.optional(zm.array(fulfillment)) })),
});
const manyAnswer = zm.looseObject({
  ordersWithFulfillments: zm.optional(
    zm.array(zm.looseObject({ orderId: zm.string(), fulfillments: zm.optional(zm.array(fulfillment)) })),
  ),
});
const line = zm.looseObject({
  id: zm.string(),
  quantity: zm.number(),
  itemType: zm.optional(zm.looseObject({ preset: zm.optional(zm.string()) })),
});
const order = zm.looseObject({
  id: zm.string(),
  status: zm.optional(zm.string()),
  fulfillmentStatus: zm.optional(zm.string()),
  lineItems: zm.optional(zm.array(line)),
});
const orderAnswer = zm.looseObject({ order });
const searchAnswer = zm.looseObject({ orders: zm.array(order) });
const bulkAnswer = zm.looseObject({
  results: zm.optional(
    zm.array(
      zm.looseObject({
        itemMetadata: zm.optional(
          zm.looseObject({
            originalIndex: zm.optional(zm.number()),
            success: zm.optional(zm.boolean()),
            error: zm.optional(
              zm.looseObject({ code: zm.optional(zm.string()), description: zm.optional(zm.string()) }),
            ),
          }),
        ),
      }),
    ),
  ),
});
const loose = zm.looseObject({});

const ids =
  (...names: string[]): Guard =>
  async (c, next) => {
    for (const name of names)
      if (!ORDER_ID.test(c.req.param(name) ?? '')) throw badInput(name, 'is not an id', 'FORMAT');
    await next();
  };

/** The console's tracking in the platform's words: empty fields left out (create) or removed with `null` (edit). */
function trackingInfo(t: Tracking | undefined, clear: boolean): Record<string, string | null> | null | undefined {
  if (!t) return undefined;
  const out: Record<string, string | null> = {};
  const put = (k: string, v: string | undefined) => {
    if (v) out[k] = v;
    else if (clear && v !== undefined) out[k] = null;
  };
  put('shippingProvider', t.carrier);
  put('trackingNumber', t.number);
  put('trackingLink', t.link);
  if (clear && Object.values(out).every((v) => v === null) && t.carrier === '' && t.number === '' && t.link === '')
    return null;
  return Object.keys(out).length ? out : undefined;
}

/** What is left to ship of each line (physical lines; an order of none: every line). */
export function leftToShip(o: zm.infer<typeof order>, fs: readonly Fulfillment[]): { id: string; quantity: number }[] {
  const done = new Map<string, number>();
  for (const f of fs) for (const l of f.lineItems ?? []) done.set(l.id, (done.get(l.id) ?? 0) + (l.quantity ?? 0));
  const lines = o.lineItems ?? [];
  const physical = lines.filter((l) => (l.itemType?.preset ?? 'PHYSICAL') === 'PHYSICAL');
  return (physical.length ? physical : lines)
    .map((l) => ({ id: l.id, quantity: l.quantity - (done.get(l.id) ?? 0) }))
    .filter((l) => l.quantity > 0);
}

export function adminFulfillmentsApp(kit: Kit): Hono<Env> {
  const { asAdmin } = kit;
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];
  const swap = kit.counters.swap.bind(kit.counters);
  const held = (id: string) => `admin-ful:${id}`;
  const param = (c: Context<Env>, name: string) => c.req.param(name)!;

  const CHANGED = 'This order’s shipments changed since they were shown; look at them again before retrying';
  const IN_PROGRESS = 'Another change to this order’s shipments is under way; look at them again in a moment';

  const list = async (id: string) =>
    (
      await asAdmin('list fulfillments', {
        ...route(adminOps.listOrderFulfillments, { orderId: id }),
        kind: 'read',
        schema: fulfillmentsAnswer,
      })
    ).orderWithFulfillments?.fulfillments ?? [];

  /** The buyer's shipping confirmation (spec-only call, isolated): its outcome, never a failure of the change. */
  async function email(id: string): Promise<'SENT' | 'NOT_AVAILABLE_HERE' | 'FAILED'> {
    try {
      await kit.platform.admin.request({
        ...route(adminOps.sendShippingConfirmationEmail, { orderId: id }),
        body: { orderId: id },
        schema: loose,
      });
      return 'SENT';
    } catch (e) {
      const refused = refusedCall(e);
      kit.log(`[companion] shipping confirmation ${refused ? 'refused' : 'failed'} for one order`);
      return refused ? 'NOT_AVAILABLE_HERE' : 'FAILED';
    }
  }

  /** The order and its shipments after a change (and the email's outcome when asked). */
  async function after(id: string, fs: Fulfillment[] | undefined, notify: boolean) {
    const mail = notify ? await email(id) : undefined;
    const [o, shipments] = await Promise.all([
      asAdmin('get order', { ...route(adminOps.getOrder, { id }), kind: 'read', schema: orderAnswer }),
      fs && !mail ? fs : list(id),
    ]);
    return { order: o.order, fulfillments: shipments, ...(mail ? { email: mail } : {}) };
  }

  /**
   * One change to order `id`'s shipments, made only from the revision the owner saw (`seen`; undefined: any), while
   * the order is this change's (see the module's comment).
   */
  async function change<T>(id: string, seen: string | undefined, act: () => Promise<T>): Promise<T> {
    const key = held(id);
    const mine = `held:${crypto.randomUUID()}`;
    if (!(await swap(key, null, mine, HOLD_MS))) throw new CompanionError(409, 'CHANGE_IN_PROGRESS', IN_PROGRESS);
    const letGo = () => swap(key, mine, null, 0).catch(() => false);
    try {
      if (seen !== undefined && fulfilmentRevision(await list(id)) !== seen)
        throw new CompanionError(409, 'FULFILLMENTS_CHANGED', CHANGED);
    } catch (e) {
      await letGo();
      throw e;
    }
    try {
      const out = await act();
      await letGo();
      return out;
    } catch (e) {
      if (e instanceof CompanionError && e.status < 500) await letGo();
      // anything else may still land on the platform: held, so nothing is sent again before it would show
      else await swap(key, mine, `lost:${mine}`, LOST_HOLD_MS).catch(() => false);
      throw e;
    }
  }

  serve(app, wire['POST /admin/orders/{id}/fulfillments'], [...owner, ids('id')], async (c) => {
    const id = param(c, 'id');
    const body = bodyOf(c, wire['POST /admin/orders/{id}/fulfillments']);
    const t = trackingInfo(body.tracking, false);
    const r = await change(id, body.revision, () =>
      asAdmin('create fulfillment', {
        ...route(adminOps.createFulfillment, { orderId: id }),
        body: {
          fulfillment: {
            lineItems: body.lines.map((l) => ({ id: l.lineItemId, ...(l.quantity ? { quantity: l.quantity } : {}) })),
            ...(t ? { trackingInfo: t } : {}),
          },
        },
        schema: fulfillmentsAnswer,
      }),
    );
    return c.json(await after(id, r.orderWithFulfillments?.fulfillments, body.notify), 200);
  });

  serve(
    app,
    wire['PATCH /admin/orders/{id}/fulfillments/{fulfillmentId}'],
    [...owner, ids('id', 'fulfillmentId')],
    async (c) => {
      const id = param(c, 'id');
      const fulfillmentId = param(c, 'fulfillmentId');
      const body = bodyOf(c, wire['PATCH /admin/orders/{id}/fulfillments/{fulfillmentId}']);
      const t = trackingInfo(body.tracking, true);
      const r = await change(id, body.revision, () =>
        asAdmin('update fulfillment', {
          ...route(adminOps.updateFulfillment, { orderId: id, fulfillmentId }),
          body: { orderId: id, fulfillment: { id: fulfillmentId, ...(t !== undefined ? { trackingInfo: t } : {}) } },
          schema: zm.looseObject({
            orderWithFulfillments: zm.optional(zm.looseObject({ fulfillments: zm.optional(zm.array(fulfillment)) })),
          }),
        }),
      );
      return c.json(await after(id, r.orderWithFulfillments?.fulfillments, false), 200);
    },
  );

  serve(
    app,
    wire['DELETE /admin/orders/{id}/fulfillments/{fulfillmentId}'],
    [...owner, ids('id', 'fulfillmentId')],
    async (c) => {
      const id = param(c, 'id');
      const fulfillmentId = param(c, 'fulfillmentId');
      // deleting what is gone is refused by the platform (404 FULFILLMENT_NOT_FOUND): nothing is deleted twice
      const r = await change(id, undefined, () =>
        asAdmin('delete fulfillment', {
          ...route(adminOps.deleteFulfillment, { orderId: id, fulfillmentId }),
          query: { orderId: id, fulfillmentId },
          schema: fulfillmentsAnswer,
        }),
      );
      return c.json(await after(id, r.orderWithFulfillments?.fulfillments, false), 200);
    },
  );

  serve(app, wire['POST /admin/orders/mark-shipped'], owner, async (c) => {
    const { orderIds, notify } = bodyOf(c, wire['POST /admin/orders/mark-shipped']);
    type Result = {
      orderId: string;
      ok: boolean;
      already?: boolean;
      fulfillmentStatus?: string;
      email?: string;
      error?: { code: string; description: string };
    };
    const results = new Map<string, Result>();
    const fail = (orderId: string, code: string, description: string) =>
      results.set(orderId, { orderId, ok: false, error: { code, description } });
    // each order taken as one change is: one with another change under way is left out (and said so)
    const mine = `held:${crypto.randomUUID()}`;
    const taken = await Promise.all(orderIds.map((oid) => swap(held(oid), null, mine, HOLD_MS).catch(() => false)));
    const mineIds = orderIds.filter((_, i) => taken[i]);
    for (const oid of orderIds) if (!mineIds.includes(oid)) fail(oid, 'CHANGE_IN_PROGRESS', IN_PROGRESS);
    const letGo = (ids: readonly string[], lost: boolean) =>
      Promise.all(
        ids.map((oid) =>
          (lost ? swap(held(oid), mine, `lost:${mine}`, LOST_HOLD_MS) : swap(held(oid), mine, null, 0)).catch(
            () => false,
          ),
        ),
      );
    let sent: { orderId: string; lines: { id: string; quantity: number }[] }[] = [];
    try {
      if (mineIds.length) {
        const [found, shipped] = await Promise.all([
          asAdmin('search orders', {
            ...adminOps.searchOrders,
            kind: 'read',
            body: { search: { filter: { id: { $in: mineIds } }, cursorPaging: { limit: 100 } } },
            schema: searchAnswer,
          }),
          asAdmin('list fulfillments', {
            ...adminOps.listFulfillmentsForOrders,
            kind: 'read',
            body: { orderIds: mineIds },
            schema: manyAnswer,
          }).catch((e: unknown) => {
            // one unknown order fails the whole list: read them one by one instead
            if (e instanceof CompanionError && e.status === 404)
              return Promise.all(
                mineIds.map(async (oid) => ({ orderId: oid, fulfillments: await list(oid).catch(() => []) })),
              ).then((ordersWithFulfillments) => ({ ordersWithFulfillments }));
            throw e;
          }),
        ]);
        for (const oid of mineIds) {
          const o = found.orders.find((x) => x.id === oid);
          if (!o) {
            fail(oid, 'ORDER_NOT_FOUND', 'There is no such order');
            continue;
          }
          const fs = shipped.ordersWithFulfillments?.find((x) => x.orderId === oid)?.fulfillments ?? [];
          const left = leftToShip(o, fs);
          if (!left.length)
            results.set(oid, {
              orderId: oid,
              ok: true,
              already: true,
              fulfillmentStatus: o.fulfillmentStatus ?? 'FULFILLED',
            });
          else sent.push({ orderId: oid, lines: left });
        }
      }
    } catch (e) {
      await letGo(mineIds, false);
      throw e;
    }
    await letGo(
      mineIds.filter((oid) => !sent.some((s) => s.orderId === oid)),
      false,
    );
    if (sent.length) {
      let r: zm.infer<typeof bulkAnswer>;
      try {
        r = await asAdmin('bulk create fulfillments', {
          ...adminOps.bulkCreateFulfillments,
          body: {
            ordersWithFulfillments: sent.map((s) => ({ orderId: s.orderId, fulfillments: [{ lineItems: s.lines }] })),
          },
          schema: bulkAnswer,
        });
      } catch (e) {
        await letGo(
          sent.map((s) => s.orderId),
          !(e instanceof CompanionError && e.status < 500),
        );
        throw e;
      }
      await letGo(
        sent.map((s) => s.orderId),
        false,
      );
      const outcomes = await Promise.all(
        sent.map(async (s, i) => {
          const x = r.results?.find((y) => y.itemMetadata?.originalIndex === i) ?? r.results?.[i];
          const ok = x?.itemMetadata?.success === true;
          const mail = ok && notify ? await email(s.orderId) : undefined;
          return { s, ok, x, mail };
        }),
      );
      for (const { s, ok, x, mail } of outcomes)
        results.set(
          s.orderId,
          ok
            ? { orderId: s.orderId, ok: true, fulfillmentStatus: 'FULFILLED', ...(mail ? { email: mail } : {}) }
            : {
                orderId: s.orderId,
                ok: false,
                error: {
                  code: x?.itemMetadata?.error?.code ?? 'UNKNOWN',
                  description: x?.itemMetadata?.error?.description ?? 'The platform did not say',
                },
              },
        );
    }
    sent = [];
    const out = orderIds.map((oid) => results.get(oid)!);
    const succeeded = out.filter((x) => x.ok).length;
    return c.json({ results: out, succeeded, failed: out.length - succeeded }, 200);
  });

  return app;
}
