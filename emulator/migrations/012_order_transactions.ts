import type { Migration } from './migration.ts';

/**
 * Order transactions (eCommerce Order Transactions API and the payments collector, docs/wire.md "Payments"): an
 * order's payments and refunds, one row per order, kept beside the order and no longer inside it. Orders placed
 * before this migration carried `transactions: {payments}` in their JSON; it moves here (with `refunds: []`) and
 * leaves the order, so there is one home for an order's money.
 */
export const migration012: Migration = {
  version: 12,
  name: 'order_transactions',
  sql: `
    CREATE TABLE order_transactions (
      order_id TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
      data TEXT NOT NULL                      -- {payments, refunds, restocked} (JSON; restocked is the emulator's own)
    );
  `,
  up(db) {
    const rows = db.prepare<[], { id: string; data: string }>('SELECT id, data FROM orders').all();
    const insert = db.prepare<[string, string]>('INSERT INTO order_transactions (order_id, data) VALUES (?, ?)');
    const update = db.prepare<[string, string]>('UPDATE orders SET data = ? WHERE id = ?');
    for (const r of rows) {
      const order = JSON.parse(r.data) as { transactions?: { payments?: unknown[] } };
      const payments = (order.transactions?.payments ?? []).map((p) => {
        const x = p as { regularPaymentDetails?: { status?: string; paymentMethod?: string } };
        const status = x.regularPaymentDetails?.status ?? 'APPROVED';
        return {
          ...x,
          status,
          refundDisabled: false,
          regularPaymentDetails: { ...x.regularPaymentDetails, offlinePayment: false, savedPaymentMethod: false },
        };
      });
      insert.run(r.id, JSON.stringify({ payments, refunds: [] }));
      delete order.transactions;
      update.run(JSON.stringify(order), r.id);
    }
  },
};
