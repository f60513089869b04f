import type { Migration } from './migration.ts';
import { randomUUID } from 'node:crypto';

/** The emulator's one tax calculator (the platform's manual rates): every region uses it. */
export const MANUAL_TAX_APP_ID = 'c389feb5-0d97-5380-9092-798c696586ef';
/** The catalog's default tax group (system defined: `listDefaultTaxGroups`); a product without a group is in it. */
export const DEFAULT_TAX_GROUP_ID = '3cd73f86-caaa-59cc-b7b7-1969b7114539';
/** The demo's second group (a reduced rate in the United Kingdom). */
export const CLOTHING_TAX_GROUP_ID = '1cf65382-4ab0-5956-90d7-8751286f0c41';

/**
 * Tax groups and tax regions as the platform models them (`@wix/auto_sdk_ecom_tax-groups`, `_tax-regions`), and the
 * rate of a group in a region as its manual tax mappings do (`@wix/auto_sdk_ecom_manual-tax-mappings`: group ×
 * region → `taxRate`, a decimal fraction with up to 6 places, kept here in parts per million). Migration 005's
 * `tax_regions` (country, subdivision, name, rate in basis points, '*' = default) moves into this model: each region
 * keeps its id, country and subdivision (its name is the country's or subdivision's, as the platform keeps codes
 * only), its rate becomes the default group's mapping in it, and the '*' row becomes the default group's mapping
 * with no region: the rate where no region covers the address (the emulator's; docs/wire.md "i40-tax").
 * Products get `tax_group_id` (null: the default group).
 */
export const migration023: Migration = {
  version: 23,
  name: 'taxes',
  sql: `
    CREATE TABLE tax_groups (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      system_defined INTEGER NOT NULL DEFAULT 0,
      revision INTEGER NOT NULL DEFAULT 1,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );

    CREATE TABLE tax_regions_v2 (
      id TEXT PRIMARY KEY,
      country TEXT NOT NULL,                   -- ISO 3166-1 alpha-2
      subdivision TEXT NOT NULL DEFAULT '',    -- ISO 3166-2 without the country, '' = the whole country
      app_id TEXT NOT NULL,
      tax_included_in_price INTEGER NOT NULL DEFAULT 0,
      revision INTEGER NOT NULL DEFAULT 1,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL,
      UNIQUE (country, subdivision)
    );

    CREATE TABLE old_tax_rates AS SELECT id, country, subdivision, rate_bp FROM tax_regions;
    INSERT INTO tax_regions_v2 (id, country, subdivision, app_id, created_date, updated_date)
      SELECT id, country, subdivision, '', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'
      FROM tax_regions WHERE country <> '*';
    DROP TABLE tax_regions;
    ALTER TABLE tax_regions_v2 RENAME TO tax_regions;

    CREATE TABLE manual_tax_mappings (
      id TEXT PRIMARY KEY,
      tax_group_id TEXT NOT NULL REFERENCES tax_groups(id) ON DELETE CASCADE,
      tax_region_id TEXT REFERENCES tax_regions(id) ON DELETE CASCADE,  -- null: where no region covers the address
      rate_ppm INTEGER NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
      tax_name TEXT NOT NULL DEFAULT '',
      revision INTEGER NOT NULL DEFAULT 1,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
    CREATE UNIQUE INDEX manual_tax_mappings_pair ON manual_tax_mappings(tax_group_id, IFNULL(tax_region_id, ''));

    ALTER TABLE products ADD COLUMN tax_group_id TEXT;
  `,
  up(db) {
    const at = '2024-01-01T00:00:00.000Z';
    db.prepare('UPDATE tax_regions SET app_id = ?').run(MANUAL_TAX_APP_ID);
    const group = db.prepare(
      'INSERT INTO tax_groups (id, name, system_defined, created_date, updated_date) VALUES (?, ?, ?, ?, ?)',
    );
    group.run(DEFAULT_TAX_GROUP_ID, 'Products', 1, at, at);
    const reduced = CLOTHING_TAX_GROUP_ID;
    group.run(reduced, 'Clothing and textiles', 0, at, at);
    const map = db.prepare(
      'INSERT INTO manual_tax_mappings (id, tax_group_id, tax_region_id, rate_ppm, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const old = db
      .prepare<[], { id: string; country: string; rate_bp: number }>('SELECT id, country, rate_bp FROM old_tax_rates')
      .all();
    for (const r of old) {
      const region = r.country === '*' ? null : r.id;
      map.run(randomUUID(), DEFAULT_TAX_GROUP_ID, region, r.rate_bp * 100, at, at);
    }
    db.exec('DROP TABLE old_tax_rates');
    // the demo's second group, with a reduced rate in the United Kingdom (5 %) and the default group's elsewhere
    const gb = old.find((r) => r.country === 'GB');
    if (gb) map.run(randomUUID(), reduced, gb.id, 50000, at, at);
  },
};
