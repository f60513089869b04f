import type { Migration } from './migration.ts';

/**
 * Draft orders (eCommerce Draft Orders API, docs/wire.md "Order edits: Draft Orders"): an edit of an order kept apart
 * from it until it is committed (or deleted). `data` holds the draft's changes (new line quantities, addresses) and,
 * once committed, the draft as it was answered; the wire draft is worked out from the order and the changes on each
 * read (domain/draft-orders.ts). At most one DRAFT per order: creating another answers the one there is.
 */
export const migration016: Migration = {
  version: 16,
  name: 'draft_orders',
  sql: `
    CREATE TABLE draft_orders (
      id TEXT PRIMARY KEY,
      order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      status TEXT NOT NULL CHECK (status IN ('DRAFT', 'COMMITTED')),
      data TEXT NOT NULL,                     -- the draft's changes (JSON); once committed, the committed draft too
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
    CREATE INDEX draft_orders_order ON draft_orders(order_id, status);
  `,
};
