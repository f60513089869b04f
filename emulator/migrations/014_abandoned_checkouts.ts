import type { Migration } from './migration.ts';

/**
 * Abandoned checkouts (eCommerce Abandoned Checkouts API, docs/wire.md "Abandoned checkouts"): one per checkout that
 * had a buyer email and was not completed within the abandonment delay (`ABANDON_AFTER_MS` in
 * domain/abandoned.ts). The wire entity is kept as JSON in `data`; status and dates are columns for the queries.
 */
export const migration014: Migration = {
  version: 14,
  name: 'abandoned_checkouts',
  sql: `
    CREATE TABLE abandoned_checkouts (
      id TEXT PRIMARY KEY,
      checkout_id TEXT NOT NULL UNIQUE,
      cart_id TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('ABANDONED', 'RECOVERED')),
      data TEXT NOT NULL,                     -- the wire abandoned checkout (JSON), without checkoutUrl
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
    CREATE INDEX abandoned_checkouts_created ON abandoned_checkouts(created_date);
    CREATE INDEX abandoned_checkouts_cart ON abandoned_checkouts(cart_id);
  `,
};
