/**
 * The order fulfillments service (`@wix/auto_sdk_ecom_order-fulfillments`: list for one order and for many, create,
 * update, delete, bulk create) and the buyer's shipping confirmation email (spec-only, its path chosen), all admin-only
 * (a visitor or member token: 403). Shapes and paths as the generated client sends them (docs/wire.md "i40-ful:
 * fulfilment"); the rules in emulator/domain/fulfillments.ts.
 */
import { z } from 'zod';
import {
  bulkCreateFulfillments,
  createFulfillment,
  deleteFulfillment,
  FULFILLMENT_PROCESS_STATUSES,
  listFulfillments,
  listFulfillmentsForOrders,
  sendShippingConfirmation,
  updateFulfillment,
} from '../domain/fulfillments.ts';
import { loadOrder } from '../domain/order-store.ts';
import type { RouteModule } from '../router.ts';
import { adminOps } from '../../core/urls.ts';
import { invalidField } from '../errors.ts';
import { httpUrl, validate } from '../validate.ts';

const id = z.string().min(1).max(100);
const text = z.string().trim().min(1).max(100);
const processStatus = z.enum(FULFILLMENT_PROCESS_STATUSES);
const customInfo = z
  .object({ fieldsData: z.record(z.string().max(100), z.string().max(1000)).optional() })
  .refine((c) => Object.keys(c.fieldsData ?? {}).length <= 100, { message: 'fieldsData has at most 100 entries' });
/** A fulfillment as created: lines (1..300), tracking (number and provider 1..100, link http(s) ≤ 2048) or custom info. */
const fulfillment = z.object({
  id: z.string().nullish(),
  createdDate: z.unknown().optional(),
  lineItems: z
    .array(z.object({ id, quantity: z.number().int().min(1).max(100_000).nullish() }))
    .min(1)
    .max(300),
  trackingInfo: z
    .object({
      trackingNumber: text.nullish(),
      shippingProvider: text.nullish(),
      trackingLink: httpUrl.nullish(),
    })
    .nullish(),
  customInfo: customInfo.nullish(),
  status: processStatus.nullish(),
  completed: z.boolean().nullish(),
});
const createSchema = z.object({ orderId: id.optional(), fulfillment });
/** Update: any field of a fulfillment, `null` removes it (the client's words). */
const updateSchema = z.object({
  orderId: id.optional(),
  fulfillment: z
    .object({
      id: z.string().nullish(),
      createdDate: z.unknown().optional(),
      lineItems: z
        .array(z.object({ id, quantity: z.number().int().nullish() }))
        .max(300)
        .nullish(),
      trackingInfo: z
        .object({ trackingNumber: text.nullish(), shippingProvider: text.nullish(), trackingLink: httpUrl.nullish() })
        .nullish(),
      customInfo: customInfo.nullish(),
      status: processStatus.nullish(),
      completed: z.boolean().nullish(),
    })
    .optional(),
});
const multipleSchema = z.object({ orderIds: z.array(id).min(1).max(100) });
const bulkSchema = z.object({
  ordersWithFulfillments: z
    .array(z.object({ orderId: id, fulfillments: z.array(fulfillment).min(1).max(100) }))
    .min(1)
    .max(100),
});

const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };
type Created = z.infer<typeof fulfillment>;
const input = (f: Created) => ({
  lineItems: f.lineItems.map((l) => ({ id: l.id, quantity: l.quantity ?? undefined })),
  trackingInfo: f.trackingInfo ? defined(f.trackingInfo) : undefined,
  customInfo: f.customInfo ? { fieldsData: f.customInfo.fieldsData } : undefined,
  status: f.status ?? undefined,
  completed: f.completed ?? undefined,
});

/** The ids a client sends in the body too must match its path's. */
function samePath(given: string | null | undefined, inPath: string, field: string): void {
  if (given !== undefined && given !== null && given !== inPath) throw invalidField(field, 'must match the path');
}

export const fulfillmentsRoutes: RouteModule = (router) => {
  router.operation(adminOps.listOrderFulfillments, (ctx) => {
    ctx.requireAdmin();
    const orderId = loadOrder(ctx.db, ctx.params['orderId']!).id;
    return { json: { orderWithFulfillments: { orderId, fulfillments: listFulfillments(ctx.db, orderId) } } };
  });

  router.operation(adminOps.listFulfillmentsForOrders, (ctx) => {
    ctx.requireAdmin();
    const { orderIds } = validate(multipleSchema, ctx.body);
    return { json: { ordersWithFulfillments: listFulfillmentsForOrders(ctx.db, orderIds) } };
  });

  router.operation(adminOps.createFulfillment, (ctx) => {
    ctx.requireAdmin();
    const body = validate(createSchema, ctx.body);
    const orderId = ctx.params['orderId']!;
    samePath(body.orderId, orderId, 'orderId');
    const { fulfillmentId, fulfillments } = createFulfillment(ctx.db, orderId, input(body.fulfillment), ctx.now());
    return { json: { orderWithFulfillments: { orderId, fulfillments }, fulfillmentId } };
  });

  router.operation(adminOps.updateFulfillment, (ctx) => {
    ctx.requireAdmin();
    const body = validate(updateSchema, ctx.body);
    const { orderId, fulfillmentId } = ctx.params as { orderId: string; fulfillmentId: string };
    samePath(body.orderId, orderId, 'orderId');
    samePath(body.fulfillment?.id, fulfillmentId, 'fulfillment.id');
    const { id: _id, createdDate: _c, ...patch } = body.fulfillment ?? {};
    return { json: { orderWithFulfillments: updateFulfillment(ctx.db, orderId, fulfillmentId, patch, ctx.now()) } };
  });

  router.operation(adminOps.deleteFulfillment, (ctx) => {
    ctx.requireAdmin();
    const { orderId, fulfillmentId } = ctx.params as { orderId: string; fulfillmentId: string };
    // the generated client sends both ids as query parameters too
    samePath(ctx.query.get('orderId'), orderId, 'orderId');
    samePath(ctx.query.get('fulfillmentId'), fulfillmentId, 'fulfillmentId');
    return { json: { orderWithFulfillments: deleteFulfillment(ctx.db, orderId, fulfillmentId, ctx.now()) } };
  });

  router.operation(adminOps.bulkCreateFulfillments, (ctx) => {
    ctx.requireAdmin();
    const { ordersWithFulfillments } = validate(bulkSchema, ctx.body);
    const items = ordersWithFulfillments.map((o) => ({ orderId: o.orderId, fulfillments: o.fulfillments.map(input) }));
    return { json: bulkCreateFulfillments(ctx.db, items, ctx.now()) };
  });

  router.operation(adminOps.sendShippingConfirmationEmail, (ctx) => {
    ctx.requireAdmin();
    const body = validate(z.object({ orderId: id.optional() }), ctx.body);
    samePath(body.orderId, ctx.params['orderId']!, 'orderId');
    return { json: sendShippingConfirmation(ctx.db, ctx.params['orderId']!, ctx.now()) };
  });
};
