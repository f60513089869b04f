import type { Migration } from './migration.ts';

/** Back-in-stock notification requests (RECEIVED → PROCESSING → NOTIFICATION_SENT | FAILED) and throttling. */
export const migration006: Migration = {
  version: 6,
  name: 'back-in-stock',
  sql: `
    CREATE TABLE back_in_stock_requests (
      id TEXT PRIMARY KEY,
      app_id TEXT NOT NULL,
      catalog_item_id TEXT NOT NULL,
      options TEXT NOT NULL DEFAULT '{}',      -- the catalogReference.options as sent (JSON)
      variant_id TEXT NOT NULL,                -- the resolved variant, so restocks find their requests
      email TEXT NOT NULL COLLATE NOCASE,
      contact_id TEXT NOT NULL,
      created_by TEXT NOT NULL,                -- visitor or member id of the caller
      status TEXT NOT NULL CHECK (status IN ('RECEIVED', 'PROCESSING', 'NOTIFICATION_SENT', 'FAILED')),
      failure_reason TEXT,
      auto_notified INTEGER NOT NULL DEFAULT 0,
      item_url TEXT,
      item_name TEXT NOT NULL,
      item_price TEXT NOT NULL,
      item_image TEXT,                         -- JSON image object
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
    -- one open request per item and email; after a notice a new one may be made
    CREATE UNIQUE INDEX back_in_stock_open ON back_in_stock_requests(app_id, catalog_item_id, variant_id, email)
      WHERE status IN ('RECEIVED', 'PROCESSING');
    CREATE INDEX back_in_stock_item ON back_in_stock_requests(catalog_item_id, variant_id, status);

    CREATE TABLE back_in_stock_throttle (
      key TEXT NOT NULL,                        -- 'email:<address>' or 'ip:<address>'
      at INTEGER NOT NULL                       -- epoch ms
    );
    CREATE INDEX back_in_stock_throttle_key ON back_in_stock_throttle(key, at);
  `,
};
