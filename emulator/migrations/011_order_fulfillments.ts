import type { Migration } from './migration.ts';

/**
 * Order fulfillments (eCommerce Order Fulfillments API, docs/wire.md "Orders"): the shipments an owner records for an
 * order's lines, each with its tracking info. The order's `fulfillmentStatus` is kept in the order itself.
 */
export const migration011: Migration = {
  version: 11,
  name: 'order_fulfillments',
  sql: `
    CREATE TABLE order_fulfillments (
      id TEXT PRIMARY KEY,
      order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      data TEXT NOT NULL,                     -- the wire fulfillment (JSON)
      created_date TEXT NOT NULL
    );
    CREATE INDEX order_fulfillments_order ON order_fulfillments(order_id, created_date);
  `,
};
