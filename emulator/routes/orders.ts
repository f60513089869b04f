/**
 * eCommerce orders after checkout, all admin-only like Get Order (a visitor or member token is refused with 403):
 * Search Orders, Cancel Order, Add Activity, and the Order Fulfillments calls (list, create). Shapes and paths as
 * `@wix/auto_sdk_ecom_orders` sends them (docs/wire.md "Orders").
 */
import { z } from 'zod';
import {
  addActivity,
  cancelOrder,
  createFulfillment,
  listFulfillments,
  loadOrder,
  searchOrders,
} from '../domain/orders.ts';
import type { RouteModule } from '../router.ts';
import { adminApi } from '../../core/urls.ts';
import { filterAndSort } from '../domain/query.ts';
import { httpUrl, validate } from '../validate.ts';

const searchSchema = z.object({
  search: z
    .object({
      ...filterAndSort,
      cursorPaging: z
        .object({
          limit: z.number().int().min(1).max(100).optional(),
          cursor: z.string().max(8000).nullish(),
        })
        .optional(),
    })
    .optional(),
});

const cancelSchema = z.object({
  sendOrderCanceledEmail: z.boolean().optional(),
  customMessage: z.string().min(1).max(1000).optional(),
  restockAllItems: z.boolean().optional(),
});

const activitySchema = z.object({
  activity: z.union([
    z.object({
      customActivity: z.object({
        appId: z.string().max(100).optional(),
        type: z.string().trim().min(1).max(100),
        additionalData: z.record(z.string().max(100), z.string().max(1000)).optional(),
      }),
    }),
    z.object({ merchantComment: z.object({ message: z.string().trim().min(1).max(5000) }) }),
  ]),
});

const fulfillmentSchema = z.object({
  fulfillment: z.object({
    lineItems: z
      .array(z.object({ id: z.string().min(1).max(100), quantity: z.number().int().min(1).max(100_000).optional() }))
      .min(1)
      .max(300),
    trackingInfo: z
      .object({
        trackingNumber: z.string().trim().max(100).optional(),
        shippingProvider: z.string().trim().max(100).optional(),
        trackingLink: httpUrl.optional(),
      })
      .optional(),
  }),
});

export const ordersRoutes: RouteModule = (router) => {
  router.operation(adminApi.searchOrders, (ctx) => {
    ctx.requireAdmin();
    const { search } = validate(searchSchema, ctx.body);
    return { json: searchOrders(ctx.db, search ?? {}) };
  });

  router.operation(adminApi.cancelOrder, (ctx) => {
    ctx.requireAdmin();
    const input = validate(cancelSchema, ctx.body ?? {});
    return { json: { order: cancelOrder(ctx.db, ctx.params['id']!, input, ctx.now()) } };
  });

  router.operation(adminApi.addOrderActivity, (ctx) => {
    ctx.requireAdmin();
    const { activity } = validate(activitySchema, ctx.body);
    return { json: addActivity(ctx.db, ctx.params['id']!, activity, ctx.now()) };
  });

  router.operation(adminApi.listOrderFulfillments, (ctx) => {
    ctx.requireAdmin();
    const orderId = loadOrder(ctx.db, ctx.params['orderId']!).id;
    return { json: { orderWithFulfillments: { orderId, fulfillments: listFulfillments(ctx.db, orderId) } } };
  });

  router.operation(adminApi.createFulfillment, (ctx) => {
    ctx.requireAdmin();
    const { fulfillment } = validate(fulfillmentSchema, ctx.body);
    const orderId = ctx.params['orderId']!;
    const fulfillments = createFulfillment(ctx.db, orderId, fulfillment, ctx.now());
    return { json: { orderWithFulfillments: { orderId, fulfillments } } };
  });
};
