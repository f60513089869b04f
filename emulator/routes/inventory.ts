/**
 * Stores inventory V2 (admin identity only): `PATCH /stores/v2/inventoryItems/{inventoryItemId}` with
 * `{inventoryItem: {trackQuantity?, variants: [{variantId, quantity?, inStock?}]}}`, as the real Update Inventory
 * Variants call. A variant going from 0 to some stock is "back": its waiting back-in-stock requests are notified
 * (when the store's autoNotify setting is on).
 */
import { z } from 'zod';
import { loadProducts } from '../domain/catalog.ts';
import { changeStock } from '../domain/inventory.ts';
import { invalidField, notFound } from '../errors.ts';
import type { RouteModule } from '../router.ts';
import { validate } from '../validate.ts';

const schema = z.object({
  inventoryItem: z.object({
    trackQuantity: z.boolean().optional(),
    variants: z
      .array(
        z.object({
          variantId: z.string().min(1).max(100),
          quantity: z.number().int().min(0).max(1_000_000).optional(),
          inStock: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(300),
  }),
});

export const inventoryRoutes: RouteModule = (router) => {
  router.patch('/stores/v2/inventoryItems/:id', (ctx) => {
    // the site's backend only (a client_credentials token or the API key): no member role manages stock
    ctx.requireAdmin();
    const { inventoryItem } = validate(schema, ctx.body);
    const product = loadProducts(ctx.db).find((p) => p.inventoryItemId === ctx.params['id']);
    if (!product) throw notFound(`Inventory item ${ctx.params['id']} not found`, 'INVENTORY_ITEM_NOT_FOUND');
    const now = ctx.now();
    const quantities = inventoryItem.variants.map((v, i) => {
      const current = product.variants.find((x) => x.id === v.variantId);
      if (!current)
        throw invalidField(`inventoryItem.variants[${i}].variantId`, 'is not a variant of this product', 'VALIDATION');
      // inStock without a quantity: untracked semantics (false → 0, true → leave a positive quantity alone)
      const quantity =
        v.quantity ??
        (v.inStock === false ? 0 : v.inStock === true ? Math.max(current.quantity ?? 0, 1) : current.quantity);
      return { variantId: v.variantId, quantity };
    });
    changeStock(ctx.db, product, inventoryItem.trackQuantity, quantities, now);
    const updated = loadProducts(ctx.db).find((p) => p.id === product.id)!;
    return {
      json: {
        inventoryItem: {
          id: updated.inventoryItemId,
          productId: updated.id,
          trackQuantity: updated.trackInventory,
          variants: updated.variants.map((v) => ({
            variantId: v.id,
            quantity: v.quantity ?? undefined,
            inStock: !updated.trackInventory || (v.quantity ?? 0) > 0,
          })),
          lastUpdated: new Date(now).toISOString(),
        },
      },
    };
  });
};
