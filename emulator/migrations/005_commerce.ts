import type { Migration } from './migration.ts';

/**
 * Commerce: current carts (per visitor or member), coupons, automatic discount rules, tax regions, shipping
 * options, checkouts and orders. Money in integer cents; rates in basis points (1 % = 100).
 */
export const migration005: Migration = {
  version: 5,
  name: 'commerce',
  sql: `
    CREATE TABLE carts (
      id TEXT PRIMARY KEY,
      owner TEXT NOT NULL UNIQUE,             -- 'v:<visitorId>' or 'm:<memberId>'
      coupon_code TEXT,
      checkout_id TEXT,
      revision INTEGER NOT NULL DEFAULT 1,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );

    CREATE TABLE cart_lines (
      id TEXT PRIMARY KEY,
      cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
      product_id TEXT NOT NULL,
      variant_id TEXT NOT NULL,
      options TEXT NOT NULL DEFAULT '{}',     -- catalogReference.options as sent (JSON)
      quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
      seq INTEGER NOT NULL,
      UNIQUE (cart_id, product_id, variant_id)
    );
    CREATE INDEX cart_lines_cart ON cart_lines(cart_id, seq);

    CREATE TABLE coupons (
      id TEXT PRIMARY KEY,
      code TEXT NOT NULL UNIQUE COLLATE NOCASE,
      name TEXT NOT NULL,
      discount_type TEXT NOT NULL CHECK (discount_type IN ('PERCENTAGE', 'FIXED_AMOUNT')),
      value INTEGER NOT NULL,                 -- basis points (PERCENTAGE) or cents (FIXED_AMOUNT)
      starts_date TEXT,
      expires_date TEXT
    );

    CREATE TABLE discount_rules (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      trigger_type TEXT NOT NULL CHECK (trigger_type IN ('SUBTOTAL_RANGE')),
      subtotal_from_cents INTEGER,            -- inclusive
      subtotal_to_cents INTEGER,              -- exclusive, null = no upper bound
      discount_type TEXT NOT NULL CHECK (discount_type IN ('PERCENTAGE', 'FIXED_AMOUNT')),
      value INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('LIVE', 'EXPIRED', 'PENDING'))
    );

    CREATE TABLE tax_regions (
      id TEXT PRIMARY KEY,
      country TEXT NOT NULL,                  -- ISO 3166-1 alpha-2, '*' = default
      subdivision TEXT NOT NULL DEFAULT '',   -- ISO 3166-2 code without the country ('CA'), '' = whole country
      name TEXT NOT NULL,
      rate_bp INTEGER NOT NULL,
      UNIQUE (country, subdivision)
    );

    CREATE TABLE shipping_options (
      code TEXT PRIMARY KEY,
      carrier_id TEXT NOT NULL,
      title TEXT NOT NULL,
      delivery_time TEXT NOT NULL,
      price_cents INTEGER NOT NULL,
      free_over_cents INTEGER,                -- free when the discounted subtotal reaches this
      sort_order INTEGER NOT NULL
    );

    CREATE TABLE checkouts (
      id TEXT PRIMARY KEY,
      cart_id TEXT NOT NULL,
      owner TEXT NOT NULL,
      data TEXT NOT NULL,                     -- JSON: lines snapshot, coupon, email, addresses, shipping option
      completed INTEGER NOT NULL DEFAULT 0,
      order_id TEXT,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );

    CREATE TABLE orders (
      id TEXT PRIMARY KEY,
      number INTEGER NOT NULL UNIQUE,
      checkout_id TEXT NOT NULL UNIQUE,
      owner TEXT NOT NULL,
      data TEXT NOT NULL,                     -- the wire order (JSON)
      created_date TEXT NOT NULL
    );

    CREATE TABLE order_lines (
      order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      product_id TEXT NOT NULL,
      variant_id TEXT NOT NULL,
      quantity INTEGER NOT NULL
    );

    INSERT INTO coupons (id, code, name, discount_type, value, starts_date, expires_date) VALUES
      ('7c1d2e00-0000-4000-8000-000000000001', 'WELCOME10', '10% off your order', 'PERCENTAGE', 1000, NULL, NULL),
      ('7c1d2e00-0000-4000-8000-000000000002', 'FERN5', '$5 off', 'FIXED_AMOUNT', 500, NULL, NULL),
      ('7c1d2e00-0000-4000-8000-000000000003', 'SUMMER24', 'Summer 2024: 20% off', 'PERCENTAGE', 2000, '2024-06-01T00:00:00.000Z', '2024-09-01T00:00:00.000Z');

    INSERT INTO discount_rules (id, name, trigger_type, subtotal_from_cents, subtotal_to_cents, discount_type, value, status) VALUES
      ('7c1d2e00-0000-4000-8000-000000000011', '15% off orders of $150 or more', 'SUBTOTAL_RANGE', 15000, NULL, 'PERCENTAGE', 1500, 'LIVE');

    INSERT INTO tax_regions (id, country, subdivision, name, rate_bp) VALUES
      ('7c1d2e00-0000-4000-8000-000000000021', '*', '', 'Default', 800),
      ('7c1d2e00-0000-4000-8000-000000000022', 'US', 'CA', 'California', 725),
      ('7c1d2e00-0000-4000-8000-000000000023', 'US', 'OR', 'Oregon', 0),
      ('7c1d2e00-0000-4000-8000-000000000024', 'CA', '', 'Canada', 1300),
      ('7c1d2e00-0000-4000-8000-000000000025', 'GB', '', 'United Kingdom', 2000);

    INSERT INTO shipping_options (code, carrier_id, title, delivery_time, price_cents, free_over_cents, sort_order) VALUES
      ('standard', '7c1d2e00-0000-4000-8000-000000000031', 'Standard shipping', '3–5 business days', 695, 7500, 1),
      ('express', '7c1d2e00-0000-4000-8000-000000000031', 'Express shipping', '1–2 business days', 1995, NULL, 2);
  `,
};
