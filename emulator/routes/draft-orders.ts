/**
 * Draft orders, the platform's way to edit an order (`@wix/auto_sdk_ecom_draft-orders`; docs/wire.md "Order edits:
 * Draft Orders"): draftability, create from an order, update line items, set the shipping destination and the billing
 * info, get, commit, delete. Admin-only like every eCommerce order call (a visitor or member token → 403). Paths,
 * methods and bodies as the generated client sends them: the path's ids come in the body (or the query) too and must
 * match; ids are GUIDs (`@format GUID`; anything else → 400). Only what Inlay's console edits is served: adding lines,
 * prices, names, discounts, fees, buyer and recipient info are refused with 400 rather than ignored.
 */
import { z } from 'zod';
import {
  commitDraftOrder,
  createDraftOrder,
  deleteDraftOrder,
  draftability,
  getDraftOrder,
  setDraftBillingInfo,
  setDraftShippingDestination,
  updateDraftLineItems,
} from '../domain/draft-orders.ts';
import type { RouteModule } from '../router.ts';
import { commitSettingsSchema, editAddress, withContact } from './orders.ts';
import { adminOps } from '../../core/urls.ts';
import { badRequest, invalidField } from '../errors.ts';
import { GUID, oneLine, validate } from '../validate.ts';

const guid = z.string().regex(GUID, 'must be a GUID');

/** A path id (a GUID) and, when the client sent it in the body or the query too, the same there. */
function idOf(name: string, path: string | undefined, sent: unknown): string {
  if (!path || !GUID.test(path)) throw invalidField(name, 'must be a GUID', 'FORMAT');
  if (sent !== undefined && sent !== null && sent !== path)
    throw invalidField(name, 'does not match the path', 'VALIDATION');
  return path;
}

/** `AddressWithContact` on the REST wire (`addressLine`; `addressLine1`, the emulator's orders' name, accepted too). */
const addressWithContact = withContact(editAddress.extend({ addressLine: oneLine().trim().max(200).optional() }));

const createSchema = z.strictObject({
  sourceOrderId: guid.optional(),
  orderId: guid.nullish(),
  draftOrder: z.unknown().optional(),
});

/** The line changes Inlay makes (a quantity); the client's other overrides are refused by name. */
const UNSERVED_CHANGES = [
  'newPrice',
  'newPriceDescription',
  'newProductName',
  'newDescriptionLines',
  'newModifierGroups',
] as const;
const updateSchema = z.strictObject({
  draftOrderId: guid.optional(),
  lineItemChanges: z
    .array(
      z
        .object({
          lineItemId: z.string().min(1).max(100),
          newQuantity: z.number().int().min(0).max(1_000_000).nullish(),
          ...Object.fromEntries(UNSERVED_CHANGES.map((k) => [k, z.unknown().optional()])),
        })
        .strict(),
    )
    .min(1)
    .max(300),
});

const shippingSchema = z.strictObject({
  draftOrderId: guid,
  shippingInfo: z.strictObject({
    logistics: z.strictObject({ shippingDestination: addressWithContact }),
  }),
});
const billingSchema = z.strictObject({ draftOrderId: guid, billingInfo: addressWithContact });

const commitSchema = z.strictObject({
  draftOrderId: guid.optional(),
  commitSettings: commitSettingsSchema.optional(),
  reason: z.string().trim().max(200).nullish(),
});

export const draftOrdersRoutes: RouteModule = (router) => {
  router.operation(adminOps.getOrderDraftability, (ctx) => {
    ctx.requireAdmin();
    const orderId = idOf('orderId', ctx.params['orderId'], ctx.query.get('orderId') ?? undefined);
    return { json: draftability(ctx.db, orderId) };
  });

  router.operation(adminOps.createDraftOrder, (ctx) => {
    const who = ctx.requireAdmin();
    const b = validate(createSchema, ctx.body);
    if (b.draftOrder !== undefined)
      throw invalidField(
        'draftOrder',
        'a draft for a new order is not served here: send sourceOrderId',
        'FIELD_NOT_ALLOWED',
      );
    if (b.sourceOrderId && b.orderId)
      throw invalidField('sourceOrderId', 'send sourceOrderId or orderId, not both', 'ONE_OF_ALIGNMENT');
    const orderId = b.sourceOrderId ?? b.orderId;
    if (!orderId) throw invalidField('sourceOrderId', 'is required (or orderId)', 'REQUIRED_ONE_OF_FIELD');
    return { json: createDraftOrder(ctx.db, orderId, who, ctx.now()) };
  });

  router.operation(adminOps.updateDraftLineItems, (ctx) => {
    ctx.requireAdmin();
    const b = validate(updateSchema, ctx.body);
    const id = idOf('draftOrderId', ctx.params['draftOrderId'], b.draftOrderId);
    const unserved = b.lineItemChanges.flatMap((c, i) =>
      UNSERVED_CHANGES.filter((k) => (c as Record<string, unknown>)[k] !== undefined).map((k) => ({
        field: `lineItemChanges[${i}].${k}`,
        description: 'is not served by the emulator: only newQuantity',
        violatedRule: 'FIELD_NOT_ALLOWED' as const,
      })),
    );
    if (unserved.length) throw badRequest(unserved);
    b.lineItemChanges.forEach((c, i) => {
      if (!GUID.test(c.lineItemId)) throw invalidField(`lineItemChanges[${i}].lineItemId`, 'must be a GUID', 'FORMAT');
    });
    const changes = b.lineItemChanges.map((c) => ({ lineItemId: c.lineItemId, newQuantity: c.newQuantity }));
    return { json: updateDraftLineItems(ctx.db, id, changes, ctx.now()) };
  });

  router.operation(adminOps.setDraftShippingInfo, (ctx) => {
    ctx.requireAdmin();
    const b = validate(shippingSchema, ctx.body);
    const dest = b.shippingInfo.logistics.shippingDestination;
    return { json: setDraftShippingDestination(ctx.db, b.draftOrderId, dest, ctx.now()) };
  });

  router.operation(adminOps.setDraftBillingInfo, (ctx) => {
    ctx.requireAdmin();
    const b = validate(billingSchema, ctx.body);
    return { json: setDraftBillingInfo(ctx.db, b.draftOrderId, b.billingInfo, ctx.now()) };
  });

  router.operation(adminOps.getDraftOrder, (ctx) => {
    ctx.requireAdmin();
    const id = idOf('draftOrderId', ctx.params['draftOrderId'], ctx.query.get('draftOrderId') ?? undefined);
    return { json: getDraftOrder(ctx.db, id) };
  });

  router.operation(adminOps.commitDraftOrder, (ctx) => {
    ctx.requireAdmin();
    const { draftOrderId, ...input } = validate(commitSchema, ctx.body ?? {});
    const id = idOf('draftOrderId', ctx.params['draftOrderId'], draftOrderId);
    return { json: commitDraftOrder(ctx.db, id, input, ctx.now()) };
  });

  router.operation(adminOps.deleteDraftOrder, (ctx) => {
    ctx.requireAdmin();
    const id = idOf('draftOrderId', ctx.params['draftOrderId'], ctx.query.get('draftOrderId') ?? undefined);
    return { json: deleteDraftOrder(ctx.db, id) };
  });
};
