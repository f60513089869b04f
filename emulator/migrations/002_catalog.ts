import type { Migration } from './migration.ts';

/** Media files and the Stores catalog (V1 shape): collections, products, variants. Money in integer cents. */
export const migration002: Migration = {
  version: 2,
  name: 'catalog',
  sql: `
    CREATE TABLE media_files (
      id TEXT PRIMARY KEY,
      filename TEXT NOT NULL UNIQUE,
      mime_type TEXT NOT NULL,
      content BLOB NOT NULL,
      width INTEGER,
      height INTEGER,
      title TEXT,
      created_date TEXT NOT NULL
    );

    CREATE TABLE collections (
      id TEXT PRIMARY KEY,
      slug TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      description TEXT,
      visible INTEGER NOT NULL DEFAULT 1,
      sort_order INTEGER NOT NULL DEFAULT 0,
      media_id TEXT REFERENCES media_files(id),
      created_date TEXT NOT NULL
    );

    CREATE TABLE products (
      id TEXT PRIMARY KEY,
      numeric_id INTEGER NOT NULL UNIQUE,
      slug TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      product_type TEXT NOT NULL DEFAULT 'physical' CHECK (product_type IN ('physical', 'digital')),
      sku TEXT,
      weight REAL,
      currency TEXT NOT NULL DEFAULT 'USD',
      price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
      discount_type TEXT NOT NULL DEFAULT 'NONE' CHECK (discount_type IN ('NONE', 'AMOUNT', 'PERCENT')),
      discount_value REAL NOT NULL DEFAULT 0,
      visible INTEGER NOT NULL DEFAULT 1,
      track_inventory INTEGER NOT NULL DEFAULT 1,
      manage_variants INTEGER NOT NULL DEFAULT 0,
      ribbon TEXT,
      brand TEXT,
      inventory_item_id TEXT NOT NULL,
      options TEXT NOT NULL DEFAULT '[]', -- JSON: [{name, optionType, choices: [{value, description, mediaIds?}]}]
      media_ids TEXT NOT NULL DEFAULT '[]', -- JSON array of media_files.id, the first is the main media
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );

    CREATE TABLE product_collections (
      product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
      sort_order INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (product_id, collection_id)
    );
    CREATE INDEX product_collections_collection ON product_collections(collection_id);

    -- Every product has at least one variant row; a product without options has the default variant
    -- 00000000-0000-0000-0000-000000000000 holding its stock.
    CREATE TABLE product_variants (
      id TEXT NOT NULL,
      product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      choices TEXT NOT NULL DEFAULT '{}', -- JSON {optionName: choiceDescription}
      sku TEXT,
      weight REAL,
      price_cents INTEGER CHECK (price_cents IS NULL OR price_cents >= 0), -- NULL: the product price
      visible INTEGER NOT NULL DEFAULT 1,
      quantity INTEGER CHECK (quantity IS NULL OR quantity >= 0), -- NULL when inventory is not tracked
      sort_order INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (product_id, id)
    );
  `,
};
