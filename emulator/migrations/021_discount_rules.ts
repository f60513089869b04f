import type { Database } from 'better-sqlite3';
import type { Migration } from './migration.ts';
import { STORES_APP_ID } from '../../core/constants.ts';

/**
 * Discount rules in the platform's model (`@wix/auto_sdk_ecom_discount-rules`; issue 40, docs/wire.md "i40-disc"):
 * name, active, the active window, the trigger (its and/or tree, subtotal and item-quantity ranges with their
 * scopes) and the discounts (scopes, type and value) as the REST wire has them (JSON), a revision, dates. The
 * status and the usage count are worked out when read (domain/discount-rules.ts), not stored.
 *
 * The rows of migration 005's table move into it: a `SUBTOTAL_RANGE` rule over the whole cart becomes a rule whose
 * trigger and discount scope every Stores item (`catalogItemFilter` with the Stores app id and no item ids); its
 * exclusive upper bound becomes the platform's inclusive `to` (one cent less); its basis points a `percentage`, its
 * cents a `fixedAmount` decimal string; a LIVE row stays active, an EXPIRED or PENDING one is kept inactive. Two
 * more for the demo, neither applying now: one whose window ended, one switched off (a collection's, from 2 items).
 */
/** The demo's Home Textiles collection (seed.ts: `stableId('collection:textiles')`; db.ts imports the migrations). */
const TEXTILES = 'a05b67b9-9450-5d04-b838-eedca6e9d878';

export const migration021: Migration = {
  version: 21,
  name: 'discount_rules',
  sql: `
    ALTER TABLE discount_rules RENAME TO discount_rules_005;
    CREATE TABLE discount_rules (
      id TEXT PRIMARY KEY,
      revision INTEGER NOT NULL DEFAULT 1,
      name TEXT NOT NULL,
      active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
      active_start TEXT,                      -- ISO-8601, null = from now
      active_end TEXT,                        -- ISO-8601, null = no end
      trigger TEXT,                           -- the wire's trigger (JSON), null = always
      discounts TEXT NOT NULL,                -- the wire's discounts (JSON: {values: [one discount]})
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
    CREATE INDEX discount_rules_created ON discount_rules (created_date);
  `,
  up: (db: Database) => {
    const old = db
      .prepare<
        [],
        {
          id: string;
          name: string;
          subtotal_from_cents: number | null;
          subtotal_to_cents: number | null;
          discount_type: 'PERCENTAGE' | 'FIXED_AMOUNT';
          value: number;
          status: string;
        }
      >('SELECT * FROM discount_rules_005 ORDER BY id')
      .all();
    const all = [{ id: 'all-items', type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORES_APP_ID } }];
    const dec = (cents: number) => (cents / 100).toFixed(2);
    const insert = db.prepare<[string, string, number, string | null, string, string, string]>(
      `INSERT INTO discount_rules (id, name, active, trigger, discounts, created_date, updated_date)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const created = '2026-01-05T10:00:00.000Z';
    for (const r of old) {
      const range = {
        scopes: all,
        ...(r.subtotal_from_cents !== null ? { from: dec(r.subtotal_from_cents) } : {}),
        ...(r.subtotal_to_cents !== null ? { to: dec(r.subtotal_to_cents - 1) } : {}),
      };
      const trigger =
        r.subtotal_from_cents !== null || r.subtotal_to_cents !== null
          ? { triggerType: 'SUBTOTAL_RANGE', subtotalRange: range }
          : null;
      const value = r.discount_type === 'PERCENTAGE' ? { percentage: r.value / 100 } : { fixedAmount: dec(r.value) };
      const discounts = {
        values: [
          { targetType: 'SPECIFIC_ITEMS', specificItemsInfo: { scopes: all }, discountType: r.discount_type, ...value },
        ],
      };
      insert.run(
        r.id,
        r.name,
        r.status === 'LIVE' ? 1 : 0,
        trigger && JSON.stringify(trigger),
        JSON.stringify(discounts),
        created,
        created,
      );
    }
    db.exec('DROP TABLE discount_rules_005');
    // the demo's other automatic discounts, neither of which applies now: one that ended, one switched off
    const pct = (percentage: number, scope: object) => ({
      values: [
        {
          targetType: 'SPECIFIC_ITEMS',
          specificItemsInfo: { scopes: [scope] },
          discountType: 'PERCENTAGE',
          percentage,
        },
      ],
    });
    const seed = db.prepare<
      [string, string, number, string | null, string | null, string | null, string, string, string]
    >(
      `INSERT INTO discount_rules (id, name, active, active_start, active_end, trigger, discounts, created_date, updated_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    seed.run(
      '7c1d2e00-0000-4000-8000-000000000012',
      'Black Friday: 20% off everything',
      1,
      '2025-11-28T00:00:00.000Z',
      '2025-12-02T00:00:00.000Z',
      null,
      JSON.stringify(pct(20, all[0]!)),
      '2025-11-20T10:00:00.000Z',
      '2025-11-20T10:00:00.000Z',
    );
    const textiles = {
      id: 'collections',
      type: 'CUSTOM_FILTER',
      customFilter: { appId: STORES_APP_ID, params: { collectionIds: [TEXTILES] } },
    };
    seed.run(
      '7c1d2e00-0000-4000-8000-000000000013',
      'Winter warmers: 10% off textiles from 2',
      0,
      null,
      null,
      JSON.stringify({ triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { scopes: [textiles], from: 2 } }),
      JSON.stringify(pct(10, textiles)),
      '2026-01-06T10:00:00.000Z',
      '2026-01-06T10:00:00.000Z',
    );
  },
};
