/**
 * Stock changes, in one place for every caller (the inventory PATCH, an order's restocks: Cancel Order with
 * `restockAllItems`, Trigger Refund with `restockInfo`, Commit Deltas with `updateInventory`): the quantities
 * written, and a variant going from 0 to some stock is "back", so its waiting back-in-stock requests are notified
 * (when the store's autoNotify setting is on).
 */
import type { Database } from 'better-sqlite3';
import { getSettings, reportBackInStock } from './back-in-stock.ts';
import { getProductRecord, setInventory, type ProductRecord } from './catalog.ts';
import type { WireOrder } from './order-store.ts';

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

/** The order line's product variant, for a restock (variant ids are unique per product only). */
export function lineVariant(db: Database, order: WireOrder, lineId: string) {
  const index = order.lineItems.findIndex((x) => x.id === lineId);
  const line = order.lineItems[index];
  const productId = line?.catalogReference?.catalogItemId;
  if (!productId) return undefined;
  const rows = db
    .prepare<[string], { product_id: string; variant_id: string }>(
      'SELECT product_id, variant_id FROM order_lines WHERE order_id = ? ORDER BY rowid',
    )
    .all(order.id);
  const variantId =
    line.catalogReference?.options?.variantId ??
    (rows[index]?.product_id === productId ? rows[index]!.variant_id : undefined) ??
    rows.find((r) => r.product_id === productId)?.variant_id;
  return variantId ? { productId, variantId } : undefined;
}

/** What of a line has not come back to stock yet: bought less the line's `restockQuantity`. */
export const unrestocked = (line: WireOrder['lineItems'][number]): number =>
  Math.max(0, line.quantity - (line.restockQuantity ?? 0));

/**
 * Gives back an order's units, each at most once: per asked line, `min(asked, bought − restockQuantity)` goes back to
 * its tracked variant through {@link changeStock} and is added to the line's `restockQuantity` (the platform's
 * "Number of items restocked" on the order line), which every restock path reads, so a cancel after a refund (or the
 * reverse) gives back only the rest. Counted for untracked products too (their stock does not move, but the units
 * are as handled). Changes `order` in place: call inside the transaction that read it, and write it there. Returns
 * what was given back per line (lines with nothing left are left out).
 */
export function restockOrderLines(
  db: Database,
  order: WireOrder,
  asked: readonly { lineItemId: string; quantity: number }[],
  nowMs: number,
): { lineItemId: string; quantity: number }[] {
  const done: { lineItemId: string; quantity: number }[] = [];
  for (const a of asked) {
    const line = order.lineItems.find((l) => l.id === a.lineItemId);
    if (!line) continue;
    const quantity = Math.min(a.quantity, unrestocked(line));
    if (quantity <= 0) continue;
    line.restockQuantity = (line.restockQuantity ?? 0) + quantity;
    done.push({ lineItemId: line.id, quantity });
    const v = lineVariant(db, order, line.id);
    // read per line: two lines of one variant each see the stock the other wrote
    const product = v && getProductRecord(db, v.productId);
    const variant = product?.variants.find((x) => x.id === v!.variantId);
    if (!product?.trackInventory || !variant || variant.quantity === null) continue;
    changeStock(db, product, undefined, [{ variantId: variant.id, quantity: variant.quantity + quantity }], nowMs);
  }
  return done;
}
