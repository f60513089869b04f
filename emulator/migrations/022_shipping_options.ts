import type { Migration } from './migration.ts';

/**
 * Shipping options in the platform's model (`@wix/auto_sdk_ecom_shipping-options`; issue 40, i40-ship): each option
 * serves delivery regions (the delivery profile's regions: countries and subdivisions; a region without
 * destinations is the rest of the world) and holds conditional rates (an amount, conditions on total price, weight
 * or quantity, all of which must hold; the lowest rate whose conditions hold is the option's price). The shipping
 * label provider's configuration (ship-from address, default package, services, markup) sits beside them.
 *
 * Migrates migration 005's `shipping_options` (a flat price and a "free over" threshold, offered everywhere) into
 * this model and drops it, so there is one truth: each old option becomes an option of both seeded regions
 * ("United States" and "International": everywhere, as before), its price a rate without conditions, its threshold
 * a rate of 0 when the total price is at least the threshold. The old `code` stays the option's checkout code.
 */
export const migration022: Migration = {
  version: 22,
  name: 'shipping_options',
  sql: `
    CREATE TABLE delivery_regions (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      destinations TEXT NOT NULL DEFAULT '[]',   -- JSON [{countryCode, subdivisions: [codes]}]; [] = rest of world
      created_date TEXT NOT NULL,
      seq INTEGER NOT NULL
    );

    ALTER TABLE shipping_options RENAME TO shipping_options_005;

    CREATE TABLE shipping_options (
      id TEXT PRIMARY KEY,
      code TEXT NOT NULL UNIQUE,                 -- the checkout's selectedShippingOption.code
      revision INTEGER NOT NULL DEFAULT 1,
      title TEXT NOT NULL,
      estimated_delivery_time TEXT,
      region_ids TEXT NOT NULL DEFAULT '[]',     -- JSON [delivery region id]
      rates TEXT NOT NULL,                       -- JSON [{amount: "6.95", conditions: [{type, operator, value}], multiplyByQuantity}]
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL,
      seq INTEGER NOT NULL
    );

    CREATE TABLE shipping_label_configurations (
      id TEXT PRIMARY KEY,
      revision INTEGER NOT NULL DEFAULT 1,
      data TEXT NOT NULL,                        -- JSON: shipFromAddress, defaultPackage, services, markup
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );

    INSERT INTO delivery_regions (id, name, destinations, created_date, seq) VALUES
      ('5a1e0000-0000-4000-8000-000000000001', 'United States', '[{"countryCode":"US","subdivisions":[]}]', '2024-01-01T00:00:00.000Z', 1),
      ('5a1e0000-0000-4000-8000-000000000002', 'Canada', '[{"countryCode":"CA","subdivisions":[]}]', '2024-01-01T00:00:00.000Z', 2),
      ('5a1e0000-0000-4000-8000-000000000003', 'International', '[]', '2024-01-01T00:00:00.000Z', 3);

    INSERT INTO shipping_options (id, code, title, estimated_delivery_time, region_ids, rates, created_date, updated_date, seq)
    SELECT
      '5a1e0000-0000-4000-8000-0000000001' || printf('%02d', sort_order),
      code, title, delivery_time,
      '["5a1e0000-0000-4000-8000-000000000001","5a1e0000-0000-4000-8000-000000000002","5a1e0000-0000-4000-8000-000000000003"]',
      CASE WHEN free_over_cents IS NULL
        THEN json_array(json_object('amount', printf('%.2f', price_cents / 100.0), 'conditions', json_array(), 'multiplyByQuantity', json('false')))
        ELSE json_array(
          json_object('amount', printf('%.2f', price_cents / 100.0), 'conditions', json_array(), 'multiplyByQuantity', json('false')),
          json_object('amount', '0', 'conditions', json_array(json_object('type', 'BY_TOTAL_PRICE', 'operator', 'GTE', 'value', printf('%.2f', free_over_cents / 100.0))), 'multiplyByQuantity', json('false')))
      END,
      '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z', sort_order
    FROM shipping_options_005;

    DROP TABLE shipping_options_005;

    INSERT INTO shipping_label_configurations (id, data, created_date, updated_date) VALUES
      ('5a1e0000-0000-4000-8000-000000000201',
       '{"shipFromAddress":{"country":"US","subdivision":"US-OR","city":"Portland","postalCode":"97214","addressLine1":"1200 SE Morrison St"},"defaultPackage":{"type":"MEDIUM_FLAT_RATE_BOX"},"services":["GROUND_ADVANTAGE","PRIORITY_MAIL"],"markup":{"type":"PERCENTAGE","value":"0"}}',
       '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z');
  `,
};
