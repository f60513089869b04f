/**
 * eCommerce orders after checkout, all admin-only like Get Order (a visitor or member token is refused with 403):
 * Search Orders, Cancel Order, Add Activity (the Order Fulfillments calls: routes/fulfillments.ts). Shapes and paths as
 * `@wix/auto_sdk_ecom_orders` sends them (docs/wire.md "Orders").
 */
import { z } from 'zod';
import {
  addActivities,
  addActivity,
  aggregateOrders,
  bulkUpdateOrderTags,
  cancelOrder,
  commitDeltas,
  deleteActivity,
  searchOrders,
  updateActivity,
  updateOrderStatus,
} from '../domain/orders.ts';
import type { RouteModule } from '../router.ts';
import { adminOps } from '../../core/urls.ts';
import { filterAndSort } from '../domain/query.ts';
import { invalidField } from '../errors.ts';
import { oneLine, validate } from '../validate.ts';

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

/**
 * Add Activity (deprecated, internal in the generated client): "Adds a merchant comment to an order. Note: Activities
 * with type CustomActivity not supported". A `customActivity` is refused with 400 on `activity.customActivity`.
 */
const activitySchema = z.object({
  activity: z.union([
    z.object({
      merchantComment: z.object({ message: z.string().trim().min(1).max(5000) }),
      customActivity: z.unknown().optional(),
    }),
    z.object({ customActivity: z.unknown() }),
  ]),
});

/** The contents of the client's `ActivityContentOneOf`: system activities the platform records itself. */
const SYSTEM_CONTENT = [
  'orderRefunded',
  'draftOrderChangesApplied',
  'savedPaymentMethod',
  'authorizedPaymentCreated',
  'authorizedPaymentCaptured',
  'authorizedPaymentVoided',
  'refundInitiated',
  'paymentRefunded',
  'paymentRefundFailed',
  'refundedAsStoreCredit',
  'paymentPending',
  'paymentCanceled',
  'paymentDeclined',
  'receiptCreated',
  'receiptSent',
  'chargebackCreated',
  'chargebackReversed',
] as const;
const ADD_ONLY = 'Currently supports adding activities of type MERCHANT_COMMENT';
/**
 * Add Activities (`AddActivitiesRequest`): `orderActivities` 1..300 (`@maxSize 300`; the answer's `activityIds` has
 * `@minSize 1`), each an `Activity` with `activityType` (required by the client) `MERCHANT_COMMENT` and its
 * `merchantComment.message` (1..5000). Any other type or content (a system activity's, a `customActivity`) → 400;
 * the read-only `id`, `createdDate` and `authorEmail` are ignored; the deprecated `type`, when sent, must agree.
 */
const addActivitiesSchema = z.strictObject({
  orderId: z.string().max(100).optional(),
  orderActivities: z
    .array(
      z
        .strictObject({
          id: z.string().max(100).nullish(),
          authorEmail: z.string().max(254).nullish(),
          createdDate: z.string().max(40).nullish(),
          type: z.string().max(100).optional(),
          activityType: z.string().max(100),
          merchantComment: z.strictObject({ message: z.string().trim().min(1).max(5000) }).optional(),
          customActivity: z.unknown().optional(),
          ...Object.fromEntries(SYSTEM_CONTENT.map((k) => [k, z.unknown().optional()])),
        })
        .superRefine((a, ctx) => {
          const refuse = (path: string, message: string, violatedRule = 'FIELD_NOT_ALLOWED') =>
            ctx.addIssue({ code: 'custom', path: [path], message, params: { violatedRule } });
          if (a.activityType !== 'MERCHANT_COMMENT') refuse('activityType', ADD_ONLY, 'VALIDATION');
          else if (a.type !== undefined && a.type !== 'MERCHANT_COMMENT') refuse('type', ADD_ONLY, 'VALIDATION');
          if (a.customActivity !== undefined)
            refuse('customActivity', 'Activities with type CustomActivity not supported');
          for (const k of SYSTEM_CONTENT) if ((a as Record<string, unknown>)[k] !== undefined) refuse(k, ADD_ONLY);
          if (a.activityType === 'MERCHANT_COMMENT' && !a.merchantComment)
            refuse('merchantComment', 'is required for a MERCHANT_COMMENT activity', 'REQUIRED_FIELD');
        }),
    )
    .min(1)
    .max(300),
});

// ------------------------------------------------------------------ owner console (issue 22; docs/wire.md "Orders: owner console")

// The generated client sends the path's parameters in the body too (`data: payload`): accepted when they match.
const pathId = z.string().max(100).optional();
function samePath(body: Record<string, unknown>, params: Record<string, string>, keys: string[]): void {
  for (const k of keys)
    if (body[k] !== undefined && body[k] !== params[k]) throw invalidField(k, 'does not match the path', 'VALIDATION');
}

const updateStatusSchema = z.strictObject({
  orderId: pathId,
  status: z.enum(['INITIALIZED', 'APPROVED', 'CANCELED', 'PENDING', 'REJECTED']),
});

const updateActivitySchema = z.strictObject({
  id: pathId,
  activityId: pathId,
  activity: z.strictObject({ merchantComment: z.strictObject({ message: z.string().trim().min(1).max(5000) }) }),
});

const tagList = z.strictObject({ tagIds: z.array(z.string().min(1).max(100)).max(100).optional() });
const tagsSchema = z.strictObject({ privateTags: tagList.optional(), tags: tagList.optional() });
const bulkTagsSchema = z
  .strictObject({
    orderIds: z.array(z.string().min(1).max(100)).min(1).max(100),
    assignTags: tagsSchema.optional(),
    unassignTags: tagsSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (new Set(b.orderIds).size !== b.orderIds.length)
      ctx.addIssue({ code: 'custom', path: ['orderIds'], message: 'lists an order twice' });
    for (const kind of ['privateTags', 'tags'] as const) {
      const assigned = new Set(b.assignTags?.[kind]?.tagIds ?? []);
      if ((b.unassignTags?.[kind]?.tagIds ?? []).some((t) => assigned.has(t)))
        ctx.addIssue({ code: 'custom', path: ['unassignTags', kind], message: 'a tag cannot be assigned and removed' });
    }
  });

const aggregateSchema = z.strictObject({
  filter: z.record(z.string(), z.unknown()).nullish(),
  aggregation: z
    .record(z.string().min(1).max(100), z.record(z.string(), z.unknown()))
    .refine((a) => Object.keys(a).length >= 1 && Object.keys(a).length <= 10, 'needs 1 to 10 keys'),
  hierarchySeparatorOverride: z.string().min(1).max(100).nullish(),
});

/** An address or contact text: one line (a CR/LF would break a shipping label or a mail), trimmed. */
const text = (max: number) => oneLine().trim().max(max).optional();
/** An edit's `Address` (the emulator's orders' names; draft-orders.ts adds the REST wire's `addressLine`). */
export const editAddress = z.strictObject({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .optional(),
  subdivision: text(50),
  city: text(100),
  postalCode: text(50),
  addressLine1: text(200),
  addressLine2: text(200),
  streetAddress: z.strictObject({ number: text(50), name: text(200) }).optional(),
});
/** `AddressWithContact` around an address schema: an edit's destination, recipient or billing. */
export const withContact = <A extends z.ZodType>(address: A) =>
  z.strictObject({
    address: address.optional(),
    contactDetails: z
      .strictObject({ firstName: text(100), lastName: text(100), phone: text(50), company: text(100) })
      .optional(),
  });
const addressWithContact = withContact(editAddress);
/** The platform's `DraftOrderCommitSettings`, which Commit Deltas and a draft order's commit both take. */
export const commitSettingsSchema = z.strictObject({
  sendNotificationsToBuyer: z.boolean().nullish(),
  sendNotificationsToBusiness: z.boolean().nullish(),
  addActivitiesToOrder: z.boolean().nullish(),
  sendNotificationsToCustomFulfillers: z.boolean().nullish(),
  updateInventory: z
    .array(z.strictObject({ lineItemId: z.string().min(1).max(100) }))
    .max(300)
    .optional(),
});
const commitDeltasSchema = z.strictObject({
  id: pathId,
  draftOrderId: z.string().min(1).max(100).optional(),
  changes: z
    .strictObject({
      changedShippingInfo: z
        .strictObject({ logistics: z.strictObject({ shippingDestination: addressWithContact }) })
        .optional(),
      recipientInfo: addressWithContact.optional(),
      billingInfo: addressWithContact.optional(),
      lineItems: z
        .array(
          z.strictObject({
            lineItemId: z.string().min(1).max(100),
            lineItemRemoved: z.literal(true).optional(),
            changedDetails: z
              .strictObject({ quantityBeforeChange: z.number().int().min(1).max(1_000_000).optional() })
              .optional(),
            lineItem: z.strictObject({ quantity: z.number().int().min(1).max(100_000) }).optional(),
          }),
        )
        .max(300)
        .optional(),
    })
    .refine(
      (c) => c.changedShippingInfo || c.recipientInfo || c.billingInfo || c.lineItems?.length,
      'needs at least one change',
    ),
  commitSettings: commitSettingsSchema.optional(),
  reason: z.string().trim().max(200).optional(),
});

export const ordersRoutes: RouteModule = (router) => {
  router.operation(adminOps.searchOrders, (ctx) => {
    ctx.requireAdmin();
    const { search } = validate(searchSchema, ctx.body);
    return { json: searchOrders(ctx.db, search ?? {}) };
  });

  router.operation(adminOps.cancelOrder, (ctx) => {
    ctx.requireAdmin();
    const input = validate(cancelSchema, ctx.body ?? {});
    return { json: { order: cancelOrder(ctx.db, ctx.params['id']!, input, ctx.now()) } };
  });

  router.operation(adminOps.addOrderActivity, (ctx) => {
    ctx.requireAdmin();
    const { activity } = validate(activitySchema, ctx.body);
    // a custom activity is refused even beside a merchant comment (the oneof takes one)
    if (!('merchantComment' in activity) || (activity as { customActivity?: unknown }).customActivity !== undefined)
      throw invalidField(
        'activity.customActivity',
        'Activities with type CustomActivity not supported',
        'FIELD_NOT_ALLOWED',
      );
    return { json: addActivity(ctx.db, ctx.params['id']!, activity, ctx.now()) };
  });

  router.operation(adminOps.addOrderActivities, (ctx) => {
    ctx.requireAdmin();
    const { orderId, orderActivities } = validate(addActivitiesSchema, ctx.body);
    samePath({ orderId }, ctx.params, ['orderId']);
    const messages = orderActivities.map((a) => a.merchantComment!.message);
    return { json: addActivities(ctx.db, ctx.params['orderId']!, messages, ctx.now()) };
  });

  router.operation(adminOps.updateOrderStatus, (ctx) => {
    ctx.requireAdmin();
    const { status, ...ids } = validate(updateStatusSchema, ctx.body);
    samePath(ids, ctx.params, ['orderId']);
    return { json: { order: updateOrderStatus(ctx.db, ctx.params['orderId']!, status, ctx.now()) } };
  });

  router.operation(adminOps.updateOrderActivity, (ctx) => {
    ctx.requireAdmin();
    const { activity, ...ids } = validate(updateActivitySchema, ctx.body);
    samePath(ids, ctx.params, ['id', 'activityId']);
    const order = updateActivity(
      ctx.db,
      ctx.params['id']!,
      ctx.params['activityId']!,
      activity.merchantComment.message,
      ctx.now(),
    );
    return { json: { order } };
  });

  router.operation(adminOps.deleteOrderActivity, (ctx) => {
    ctx.requireAdmin();
    return { json: { order: deleteActivity(ctx.db, ctx.params['id']!, ctx.params['activityId']!, ctx.now()) } };
  });

  router.operation(adminOps.bulkUpdateOrderTags, (ctx) => {
    ctx.requireAdmin();
    const b = validate(bulkTagsSchema, ctx.body);
    return { json: bulkUpdateOrderTags(ctx.db, b.orderIds, b.assignTags, b.unassignTags, ctx.now()) };
  });

  router.operation(adminOps.aggregateOrders, (ctx) => {
    ctx.requireAdmin();
    const b = validate(aggregateSchema, ctx.body);
    return {
      json: aggregateOrders(ctx.db, b.filter ?? undefined, b.aggregation, b.hierarchySeparatorOverride ?? undefined),
    };
  });

  router.operation(adminOps.commitOrderDeltas, (ctx) => {
    ctx.requireAdmin();
    const { id, ...input } = validate(commitDeltasSchema, ctx.body);
    samePath({ id }, ctx.params, ['id']);
    return { json: { order: commitDeltas(ctx.db, ctx.params['id']!, input, ctx.now()) } };
  });
};
