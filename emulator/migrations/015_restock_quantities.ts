import type { Migration } from './migration.ts';

/**
 * What an order's lines got back to stock moves onto the lines (`lineItems[].restockQuantity`, the platform's "Number
 * of items restocked"; docs/wire.md "Payments"), where cancel, refunds and edits all read and add to it, so a unit
 * comes back once (issue 43). Refunds used to keep it in `order_transactions.data.restocked` (per line id), which
 * cancel did not read; it moves to the order's lines (at most each line's quantity, lines gone since are dropped)
 * and leaves the transactions. Restocks made by a cancel before this migration were not recorded and stay unknown.
 */
export const migration015: Migration = {
  version: 15,
  name: 'restock_quantities',
  up(db) {
    const rows = db
      .prepare<[], { order_id: string; tx: string; data: string }>(
        'SELECT t.order_id, t.data AS tx, o.data FROM order_transactions t JOIN orders o ON o.id = t.order_id',
      )
      .all();
    const updateOrder = db.prepare<[string, string]>('UPDATE orders SET data = ? WHERE id = ?');
    const updateTx = db.prepare<[string, string]>('UPDATE order_transactions SET data = ? WHERE order_id = ?');
    for (const r of rows) {
      const tx = JSON.parse(r.tx) as { restocked?: Record<string, number> };
      if (!tx.restocked) continue;
      const order = JSON.parse(r.data) as { lineItems?: { id: string; quantity: number; restockQuantity?: number }[] };
      for (const line of order.lineItems ?? []) {
        const n = Math.min(tx.restocked[line.id] ?? 0, line.quantity);
        if (n > 0) line.restockQuantity = n;
      }
      delete tx.restocked;
      updateOrder.run(JSON.stringify(order), r.order_id);
      updateTx.run(JSON.stringify(tx), r.order_id);
    }
  },
};
