/**
 * Stores inventory V2 (admin identity only): `PATCH /stores/v2/inventoryItems/{inventoryItemId}` with
 * `{inventoryItem: {trackQuantity?, variants: [{variantId, quantity?, inStock?}]}}`, as the real Update Inventory
 * Variants call. A variant going from 0 to some stock is "back": its waiting back-in-stock requests are notified
 * (when the store's autoNotify setting is on).
 */
import { z } from 'zod';
import { getSettings, reportBackInStock } from '../domain/back-in-stock.ts';
import { loadProducts, setInventory } from '../domain/catalog.ts';
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
    const back: string[] = [];
    const quantities = inventoryItem.variants.map((v, i) => {
      const current = product.variants.find((x) => x.id === v.variantId);
      if (!current)
        throw invalidField(`inventoryItem.variants[${i}].variantId`, 'is not a variant of this product', 'VALIDATION');
      // inStock without a quantity: untracked semantics (false → 0, true → leave a positive quantity alone)
      const quantity =
        v.quantity ??
        (v.inStock === false ? 0 : v.inStock === true ? Math.max(current.quantity ?? 0, 1) : current.quantity);
      if ((current.quantity ?? 0) === 0 && (quantity ?? 0) > 0) back.push(v.variantId);
      return { variantId: v.variantId, quantity };
    });
    setInventory(ctx.db, product.id, inventoryItem.trackQuantity, quantities, now);
    if (getSettings(ctx.db).autoNotify)
      for (const variantId of back) reportBackInStock(ctx.db, product.id, variantId, now, true);
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
