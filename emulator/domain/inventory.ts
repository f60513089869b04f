/**
 * Stock changes, in one place for every caller (the inventory PATCH, an order canceled with `restockAllItems`): the
 * quantities written, and a variant going from 0 to some stock is "back", so its waiting back-in-stock requests are
 * notified (when the store's autoNotify setting is on).
 */
import type { Database } from 'better-sqlite3';
import { getSettings, reportBackInStock } from './back-in-stock.ts';
import { setInventory, type ProductRecord } from './catalog.ts';

export function changeStock(
  db: Database,
  product: ProductRecord,
  trackQuantity: boolean | undefined,
  quantities: readonly { variantId: string; quantity: number | null }[],
  nowMs: number,
): void {
  db.transaction(() => {
    const back = quantities
      .filter((q) => {
        const current = product.variants.find((v) => v.id === q.variantId);
        return (current?.quantity ?? 0) === 0 && (q.quantity ?? 0) > 0;
      })
      .map((q) => q.variantId);
    setInventory(db, product.id, trackQuantity, quantities, nowMs);
    if (getSettings(db).autoNotify)
      for (const variantId of back) reportBackInStock(db, product.id, variantId, nowMs, true);
  })();
}
