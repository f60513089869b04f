/**
 * eCom current cart (docs/spec/wire-protocol.md §6): `/ecom/v1/carts/current…` (alias
 * `/_api/ecom-cart/v1/carts/current…`). Every call acts on the caller's own cart (visitor or member; a member's visitor
 * cart is merged in once).
 */
import { z } from 'zod';
import { ops, type Operation } from '../../core/urls.ts';
import { findVariant, getProductRecord, STORES_APP_ID } from '../domain/catalog.ts';
import {
  addToCart,
  cartLines,
  couponProblem,
  createCheckout,
  currentCart,
  deleteCart,
  findCoupon,
  MAX_QUANTITY,
  priceCart,
  removeLines,
  requireCart,
  setCartCoupon,
  setLineQuantities,
  shippingOptions,
  wireCart,
  wireTotals,
  type Address,
} from '../domain/commerce.ts';
import { badRequest, badRequestApp, type FieldViolation } from '../errors.ts';
import { aliasOf } from '../paths.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { oneLine, validate } from '../validate.ts';

/** The current cart's paths: the table's, and the `/_api/ecom-cart` alias the platform also answers. */
export const CART_BASES = [ops.getCart.path, '/_api/ecom-cart/v1/carts/current'];

const quantity = z.number().int().min(1).max(MAX_QUANTITY);
const addSchema = z.object({
  lineItems: z
    .array(
      z.object({
        catalogReference: z.object({
          appId: z.string().min(1),
          catalogItemId: z.string().min(1).max(100),
          options: z
            .object({ variantId: z.string().max(100).optional(), options: z.record(z.string(), z.string()).optional() })
            .passthrough()
            .optional(),
        }),
        quantity,
      }),
    )
    .max(100)
    .default([]),
  customLineItems: z.array(z.unknown()).max(0, 'custom line items are not supported here').optional(),
  businessLocationId: z.string().optional(),
});
const updateSchema = z.object({
  lineItems: z
    .array(z.object({ id: z.string().min(1), quantity }))
    .min(1)
    .max(100),
});
const removeSchema = z.object({ lineItemIds: z.array(z.string().min(1)).min(1).max(100) });
const patchSchema = z.object({
  couponCode: z.string().trim().min(1).max(50).optional(),
  cartInfo: z.unknown().optional(),
  merchantDiscounts: z.unknown().optional(),
});
export const addressSchema = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  subdivision: oneLine().max(10).optional(),
  city: oneLine().max(100).optional(),
  postalCode: oneLine().max(20).optional(),
  addressLine1: oneLine().max(200).optional(),
  addressLine: oneLine().max(200).optional(),
});
const shippingOptionSchema = z.object({ carrierId: z.string().optional(), code: z.string().min(1).max(50) });
const estimateSchema = z.object({
  selectedShippingOption: shippingOptionSchema.optional(),
  shippingAddress: addressSchema.optional(),
  billingAddress: addressSchema.optional(),
  selectedMemberships: z.unknown().optional(),
  calculateTax: z.boolean().optional(),
  calculateShipping: z.boolean().optional(),
});
const checkoutSchema = z.object({
  channelType: z.enum(['WEB', 'UNSPECIFIED', 'POS', 'OTHER_PLATFORM']).default('WEB'),
  email: z.string().email().max(254).optional(),
  shippingAddress: addressSchema.optional(),
  billingAddress: addressSchema.optional(),
  selectedShippingOption: shippingOptionSchema.optional(),
});

const answer = (ctx: RequestContext, cartId: string) => {
  const cart = currentCart(ctx.db, ctx.auth(), ctx.now(), false);
  return { json: { cart: cart && cart.id === cartId ? wireCart(ctx, cart) : undefined } };
};

/** A shipping option code must be one the store offers (the totals would otherwise silently use another). */
function checkShippingCode(ctx: RequestContext, option: { code: string } | undefined): void {
  if (option && !shippingOptions(ctx.db).some((o) => o.code === option.code)) {
    throw badRequest([
      {
        field: 'selectedShippingOption.code',
        description: 'no shipping option with this code',
        violatedRule: 'VALIDATION',
      },
    ]);
  }
}

function checkLineIds(ctx: RequestContext, cartId: string, ids: string[], field: (i: number) => string): void {
  const own = new Set(cartLines(ctx.db, cartId).map((l) => l.id));
  const violations: FieldViolation[] = ids.flatMap((id, i) =>
    own.has(id)
      ? []
      : [
          {
            field: field(i),
            description: 'no line item with this id in the current cart',
            violatedRule: 'VALIDATION' as const,
          },
        ],
  );
  if (violations.length) throw badRequest(violations);
}

export const cartRoutes: RouteModule = (router) => {
  for (const base of CART_BASES) {
    const at = (op: Operation) => aliasOf(op, ops.getCart.path, base);
    // The real platform answers 404 before the first add [T]; here GET makes the (empty) cart, so a storefront page
    // view does not log a failed request. Clients handle both.
    router.operation(at(ops.getCart), (ctx) => {
      const cart = currentCart(ctx.db, ctx.auth(), ctx.now(), true)!;
      return { json: { cart: wireCart(ctx, cart) } };
    });

    router.operation(at(ops.deleteCart), (ctx) => {
      const cart = currentCart(ctx.db, ctx.auth(), ctx.now(), false);
      if (cart) deleteCart(ctx.db, cart.id);
      return { json: {} };
    });

    router.operation(at(ops.addToCart), (ctx) => {
      const identity = ctx.auth();
      const body = validate(addSchema, ctx.body);
      if (!body.lineItems.length)
        throw badRequest([
          { field: 'lineItems', description: 'at least one line item is required', violatedRule: 'MIN_SIZE' },
        ]);
      // Resolve every item before changing anything: one bad item refuses the whole request.
      const resolved = body.lineItems.map((li, i) => {
        const at = `lineItems[${i}].catalogReference`;
        if (li.catalogReference.appId !== STORES_APP_ID)
          throw badRequest([
            {
              field: `${at}.appId`,
              description: 'only the Stores app catalog is supported',
              violatedRule: 'VALIDATION',
            },
          ]);
        const product = getProductRecord(ctx.db, li.catalogReference.catalogItemId);
        if (!product || !product.visible)
          throw badRequest([
            { field: `${at}.catalogItemId`, description: 'product not found', violatedRule: 'VALIDATION' },
          ]);
        const o = li.catalogReference.options;
        // Catalog V3: "always include the variantId" (docs/wire.md "Catalog V1 and V3"), even for a product with a
        // single variant; V1 also takes the product's options, or nothing for a product without any
        if (ctx.app.catalog === 'v3' && !o?.variantId)
          throw badRequest([
            {
              field: `${at}.options.variantId`,
              description: 'a Catalog V3 site needs the variant id on every line',
              violatedRule: 'REQUIRED_FIELD',
            },
          ]);
        const variant = findVariant(product, {
          ...(o?.variantId ? { variantId: o.variantId } : {}),
          ...(o?.options ? { options: o.options } : {}),
        });
        if (!variant)
          throw badRequest([
            { field: `${at}.options`, description: 'no variant of this product matches', violatedRule: 'VALIDATION' },
          ]);
        return { productId: product.id, variantId: variant.id, options: o ?? {}, quantity: li.quantity };
      });
      const cart = addToCart(ctx.db, identity, resolved, ctx.now());
      return answer(ctx, cart.id);
    });

    router.operation(at(ops.updateLineItemsQuantity), (ctx) => {
      const identity = ctx.auth();
      const body = validate(updateSchema, ctx.body);
      const cart = requireCart(ctx.db, identity, ctx.now());
      checkLineIds(
        ctx,
        cart.id,
        body.lineItems.map((l) => l.id),
        (i) => `lineItems[${i}].id`,
      );
      setLineQuantities(ctx.db, cart.id, body.lineItems, ctx.now());
      return answer(ctx, cart.id);
    });

    router.operation(at(ops.removeLineItems), (ctx) => {
      const identity = ctx.auth();
      const body = validate(removeSchema, ctx.body);
      const cart = requireCart(ctx.db, identity, ctx.now());
      checkLineIds(ctx, cart.id, body.lineItemIds, (i) => `lineItemIds[${i}]`);
      removeLines(ctx.db, cart.id, body.lineItemIds, ctx.now());
      return answer(ctx, cart.id);
    });

    router.operation(at(ops.updateCart), (ctx) => {
      const identity = ctx.auth();
      const body = validate(patchSchema, ctx.body);
      const cart = requireCart(ctx.db, identity, ctx.now());
      if (body.couponCode !== undefined) {
        const coupon = findCoupon(ctx.db, body.couponCode);
        if (!coupon) throw badRequestApp('COUPON_DOES_NOT_EXIST', `Coupon ${body.couponCode} does not exist`);
        const problem = couponProblem(coupon, ctx.now());
        if (problem)
          throw badRequestApp(
            problem,
            problem === 'COUPON_IS_EXPIRED'
              ? `Coupon ${coupon.code} has expired`
              : `Coupon ${coupon.code} is not active yet`,
          );
        setCartCoupon(ctx.db, cart.id, coupon.code, ctx.now());
      }
      return answer(ctx, cart.id);
    });

    router.operation(at(ops.removeCoupon), (ctx) => {
      const cart = requireCart(ctx.db, ctx.auth(), ctx.now());
      setCartCoupon(ctx.db, cart.id, null, ctx.now());
      return answer(ctx, cart.id);
    });

    router.operation(at(ops.estimateTotals), (ctx) => {
      const identity = ctx.auth();
      const body = validate(estimateSchema, ctx.body);
      checkShippingCode(ctx, body.selectedShippingOption);
      const cart = requireCart(ctx.db, identity, ctx.now());
      const priced = priceCart(ctx.db, cartLines(ctx.db, cart.id), cart.coupon_code, {
        ...(body.shippingAddress ? { address: body.shippingAddress as Address } : {}),
        ...(body.selectedShippingOption ? { shippingCode: body.selectedShippingOption.code } : {}),
        nowMs: ctx.now(),
      });
      return { json: { cart: wireCart(ctx, cart), ...wireTotals(ctx, priced) } };
    });

    router.operation(at(ops.createCheckout), (ctx) => {
      const identity = ctx.auth();
      const body = validate(checkoutSchema, ctx.body);
      checkShippingCode(ctx, body.selectedShippingOption);
      const cart = requireCart(ctx.db, identity, ctx.now());
      const checkoutId = createCheckout(
        ctx.db,
        cart,
        {
          channelType: body.channelType,
          ...(body.email ? { email: body.email } : {}),
          ...(body.shippingAddress ? { shippingAddress: body.shippingAddress as Address } : {}),
          ...(body.billingAddress ? { billingAddress: body.billingAddress as Address } : {}),
          ...(body.selectedShippingOption ? { shippingCode: body.selectedShippingOption.code } : {}),
        },
        ctx.now(),
      );
      return { json: { checkoutId } };
    });
  }
};
