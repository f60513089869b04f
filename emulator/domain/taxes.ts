/**
 * Taxes as the platform models them (issue 40, i40-tax; docs/wire.md "i40-tax"): tax groups
 * (`@wix/auto_sdk_ecom_tax-groups`), tax regions (`_tax-regions`: country, subdivision, calculator app, tax included
 * in prices) and the rate of a group in a region as the platform's manual tax mappings hold it
 * (`_manual-tax-mappings`: group × region → `taxRate`, a decimal fraction with up to 6 places; here parts per million).
 * The cart's and checkout's totals ask {@link cartTax} for the tax of their lines: each line's product is in a group
 * (the default group when it has none), its rate is the group's mapping in the address's region, else the default
 * group's there; where no region covers the address, the mapping without a region (the emulator's fallback). The tax
 * line is named after the region (its subdivision's or country's name), never "Default".
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { DEFAULT_TAX_GROUP_ID, MANUAL_TAX_APP_ID } from '../migrations/023_taxes.ts';
import { countryName, regionName } from './regions.ts';

export { DEFAULT_TAX_GROUP_ID, MANUAL_TAX_APP_ID };

/** The countries whose regions may name a subdivision (the client's documentation). */
export const SUBDIVISION_COUNTRIES = [
  'AU',
  'BR',
  'CA',
  'FR',
  'DE',
  'IN',
  'IT',
  'MX',
  'NL',
  'PT',
  'ES',
  'AE',
  'GB',
  'US',
] as const;
/** No tax region for these (the client's documentation: Cuba, Iran, North Korea, Syria). */
export const EMBARGOED = ['CU', 'IR', 'KP', 'SY'] as const;
export const PPM = 1_000_000;

export interface TaxGroupRow {
  id: string;
  name: string;
  system_defined: number;
  revision: number;
  created_date: string;
  updated_date: string;
}
export interface TaxRegionRow {
  id: string;
  country: string;
  subdivision: string;
  app_id: string;
  tax_included_in_price: number;
  revision: number;
  created_date: string;
  updated_date: string;
}
export interface TaxMappingRow {
  id: string;
  tax_group_id: string;
  tax_region_id: string | null;
  rate_ppm: number;
  tax_name: string;
  revision: number;
  created_date: string;
  updated_date: string;
}

// ------------------------------------------------------------------------------------------------ wire

/** A rate in parts per million as the platform's decimal fraction: 80000 → "0.08", 72500 → "0.0725". */
export const rateString = (ppm: number): string => {
  const whole = Math.floor(ppm / PPM);
  const frac = String(ppm % PPM)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
};

/** A decimal fraction ("0.0725", up to 6 places, 0 to 1) in parts per million; undefined for anything else. */
export function ppmOf(rate: string): number | undefined {
  const m = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(rate.trim());
  if (!m) return undefined;
  const ppm = Number(m[1]) * PPM + Number((m[2] ?? '').padEnd(6, '0'));
  return ppm <= PPM ? ppm : undefined;
}

export const toWireTaxGroup = (g: TaxGroupRow) => ({
  id: g.id,
  name: g.name,
  revision: String(g.revision),
  createdDate: g.created_date,
  updatedDate: g.updated_date,
});

export const toWireTaxRegion = (r: TaxRegionRow) => ({
  id: r.id,
  country: r.country,
  subdivision: r.subdivision,
  appId: r.app_id,
  taxIncludedInPrice: r.tax_included_in_price === 1,
  revision: String(r.revision),
  createdDate: r.created_date,
  updatedDate: r.updated_date,
});

export const toWireTaxMapping = (m: TaxMappingRow) => ({
  id: m.id,
  taxGroupId: m.tax_group_id,
  taxRegionId: m.tax_region_id,
  taxRate: rateString(m.rate_ppm),
  taxName: m.tax_name,
  revision: String(m.revision),
  createdDate: m.created_date,
  updatedDate: m.updated_date,
});

// ------------------------------------------------------------------------------------------------ groups

export const taxGroups = (db: Database): TaxGroupRow[] =>
  db.prepare<[], TaxGroupRow>('SELECT * FROM tax_groups ORDER BY system_defined DESC, created_date, name').all();

export const taxGroupById = (db: Database, id: string): TaxGroupRow | undefined =>
  db.prepare<[string], TaxGroupRow>('SELECT * FROM tax_groups WHERE id = ?').get(id);

export function createTaxGroup(db: Database, name: string, nowMs: number): TaxGroupRow {
  const id = randomUUID();
  const at = new Date(nowMs).toISOString();
  db.prepare('INSERT INTO tax_groups (id, name, created_date, updated_date) VALUES (?, ?, ?, ?)').run(id, name, at, at);
  return taxGroupById(db, id)!;
}

export function renameTaxGroup(db: Database, id: string, name: string, nowMs: number): TaxGroupRow {
  db.prepare('UPDATE tax_groups SET name = ?, revision = revision + 1, updated_date = ? WHERE id = ?').run(
    name,
    new Date(nowMs).toISOString(),
    id,
  );
  return taxGroupById(db, id)!;
}

/** Deletes a group: its rates go with it, its products fall back to the default group. */
export function deleteTaxGroup(db: Database, id: string): void {
  db.transaction(() => {
    db.prepare('UPDATE products SET tax_group_id = NULL WHERE tax_group_id = ?').run(id);
    db.prepare('DELETE FROM tax_groups WHERE id = ?').run(id);
  })();
}

/** Puts a product in a tax group (null: the default group). */
export function setProductTaxGroup(db: Database, productId: string, groupId: string | null): void {
  db.prepare('UPDATE products SET tax_group_id = ? WHERE id = ?').run(groupId, productId);
}

// ------------------------------------------------------------------------------------------------ regions

export const taxRegionRows = (db: Database): TaxRegionRow[] =>
  db.prepare<[], TaxRegionRow>('SELECT * FROM tax_regions ORDER BY country, subdivision').all();

export const taxRegionById = (db: Database, id: string): TaxRegionRow | undefined =>
  db.prepare<[string], TaxRegionRow>('SELECT * FROM tax_regions WHERE id = ?').get(id);

export const taxRegionAt = (db: Database, country: string, subdivision: string): TaxRegionRow | undefined =>
  db
    .prepare<[string, string], TaxRegionRow>('SELECT * FROM tax_regions WHERE country = ? AND subdivision = ?')
    .get(country, subdivision);

export interface RegionInput {
  country: string;
  subdivision: string;
  appId: string;
  taxIncludedInPrice: boolean;
}

export function createTaxRegion(db: Database, input: RegionInput, nowMs: number): TaxRegionRow {
  const id = randomUUID();
  const at = new Date(nowMs).toISOString();
  db.prepare(
    'INSERT INTO tax_regions (id, country, subdivision, app_id, tax_included_in_price, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(id, input.country, input.subdivision, input.appId, input.taxIncludedInPrice ? 1 : 0, at, at);
  return taxRegionById(db, id)!;
}

export function updateTaxRegion(db: Database, id: string, input: RegionInput, nowMs: number): TaxRegionRow {
  db.prepare(
    `UPDATE tax_regions SET country = ?, subdivision = ?, app_id = ?, tax_included_in_price = ?,
       revision = revision + 1, updated_date = ? WHERE id = ?`,
  ).run(
    input.country,
    input.subdivision,
    input.appId,
    input.taxIncludedInPrice ? 1 : 0,
    new Date(nowMs).toISOString(),
    id,
  );
  return taxRegionById(db, id)!;
}

/** Deletes a region and its rates. */
export function deleteTaxRegion(db: Database, id: string): void {
  db.prepare('DELETE FROM tax_regions WHERE id = ?').run(id);
}

/** A region's name: its subdivision's, else its country's (the platform keeps codes only). */
export function regionLabel(country: string, subdivision: string): string {
  if (subdivision) return regionName(country, subdivision) ?? `${subdivision}, ${placeOf(country)}`;
  return placeOf(country);
}

const englishRegions = new Intl.DisplayNames(['en'], { type: 'region' });
function placeOf(country: string): string {
  if (!country) return '';
  try {
    return countryName(country) ?? englishRegions.of(country) ?? country;
  } catch {
    return country;
  }
}

// ------------------------------------------------------------------------------------------------ mappings

export const taxMappings = (db: Database): TaxMappingRow[] =>
  db.prepare<[], TaxMappingRow>('SELECT * FROM manual_tax_mappings ORDER BY created_date, id').all();

export const taxMappingById = (db: Database, id: string): TaxMappingRow | undefined =>
  db.prepare<[string], TaxMappingRow>('SELECT * FROM manual_tax_mappings WHERE id = ?').get(id);

export const taxMappingOf = (db: Database, groupId: string, regionId: string | null): TaxMappingRow | undefined =>
  db
    .prepare<[string, string], TaxMappingRow>(
      "SELECT * FROM manual_tax_mappings WHERE tax_group_id = ? AND IFNULL(tax_region_id, '') = ?",
    )
    .get(groupId, regionId ?? '');

export function createTaxMapping(
  db: Database,
  input: { groupId: string; regionId: string | null; ratePpm: number; taxName: string },
  nowMs: number,
): TaxMappingRow {
  const id = randomUUID();
  const at = new Date(nowMs).toISOString();
  db.prepare(
    'INSERT INTO manual_tax_mappings (id, tax_group_id, tax_region_id, rate_ppm, tax_name, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(id, input.groupId, input.regionId, input.ratePpm, input.taxName, at, at);
  return taxMappingById(db, id)!;
}

export function updateTaxMapping(
  db: Database,
  id: string,
  input: { ratePpm: number; taxName: string },
  nowMs: number,
): TaxMappingRow {
  db.prepare(
    'UPDATE manual_tax_mappings SET rate_ppm = ?, tax_name = ?, revision = revision + 1, updated_date = ? WHERE id = ?',
  ).run(input.ratePpm, input.taxName, new Date(nowMs).toISOString(), id);
  return taxMappingById(db, id)!;
}

export function deleteTaxMapping(db: Database, id: string): void {
  db.prepare('DELETE FROM manual_tax_mappings WHERE id = ?').run(id);
}

// ------------------------------------------------------------------------------------------------ pricing

/** The region of an address: country + subdivision, else the whole country; undefined where none covers it. */
export function regionOf(db: Database, address?: { country?: string; subdivision?: string }): TaxRegionRow | undefined {
  const country = (address?.country ?? '').toUpperCase();
  const sub = (address?.subdivision ?? '').toUpperCase().replace(/^[A-Z]{2}-/, '');
  if (!country) return undefined;
  return (sub ? taxRegionAt(db, country, sub) : undefined) ?? taxRegionAt(db, country, '');
}

/** A group's rate in a region (null: where no region covers): its own mapping, else the default group's, else 0. */
export function rateIn(db: Database, groupId: string, regionId: string | null): number {
  return (
    taxMappingOf(db, groupId, regionId)?.rate_ppm ?? taxMappingOf(db, DEFAULT_TAX_GROUP_ID, regionId)?.rate_ppm ?? 0
  );
}

/** `n / d` rounded half up (n, d ≥ 0, d > 0). */
const roundDiv = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

export interface TaxLine {
  productId: string;
  /** The line's price (unit × quantity) in cents. */
  cents: number;
}

export interface CartTax {
  /** The region's name (its subdivision's or country's), or the address's place where no region covers it. */
  name: string;
  regionId: string | null;
  included: boolean;
  /** The default group's rate here, in parts per million (the wire's `taxRate` of a line in it). */
  ratePpm: number;
  /** Each line's group rate here (by product), in parts per million. */
  rateOf(productId: string): number;
  /**
   * The tax of the lines once `taxable` of their `subtotal` is left after discounts (spread over the lines in
   * proportion to their price): per group, rate × its share of the taxable amount (added to the price), or the part
   * of the price that is tax where the region's prices include it; rounded half up per group.
   */
  amount(taxable: number, subtotal: number): number;
}

/** The tax of `lines` shipped to `address` (see {@link CartTax}). */
export function cartTax(
  db: Database,
  address: { country?: string; subdivision?: string } | undefined,
  lines: TaxLine[],
): CartTax {
  const region = regionOf(db, address);
  return taxAt(db, region, lines, address);
}

function taxAt(
  db: Database,
  region: TaxRegionRow | undefined,
  lines: TaxLine[],
  address?: { country?: string; subdivision?: string },
): CartTax {
  const regionId = region?.id ?? null;
  const groupOf = db.prepare<[string], { tax_group_id: string | null }>(
    'SELECT tax_group_id FROM products WHERE id = ?',
  );
  const groups = new Map<string, number>();
  const rates = new Map<string, number>();
  const rateOfGroup = (g: string) => {
    let r = rates.get(g);
    if (r === undefined) rates.set(g, (r = rateIn(db, g, regionId)));
    return r;
  };
  for (const l of lines) {
    const g = groupOf.get(l.productId)?.tax_group_id ?? DEFAULT_TAX_GROUP_ID;
    groups.set(g, (groups.get(g) ?? 0) + l.cents);
  }
  const included = region?.tax_included_in_price === 1;
  const country = (address?.country ?? '').toUpperCase();
  const sub = (address?.subdivision ?? '').toUpperCase().replace(/^[A-Z]{2}-/, '');
  const name = region
    ? regionLabel(region.country, region.subdivision)
    : country
      ? ((sub ? regionName(country, sub) : undefined) ?? placeOf(country))
      : '';
  return {
    name,
    regionId,
    included,
    ratePpm: rateOfGroup(DEFAULT_TAX_GROUP_ID),
    rateOf: (productId) => rateOfGroup(groupOf.get(productId)?.tax_group_id ?? DEFAULT_TAX_GROUP_ID),
    amount(taxable, subtotal) {
      if (taxable <= 0 || subtotal <= 0) return 0;
      let tax = 0n;
      for (const [g, cents] of groups) {
        const ppm = BigInt(rateOfGroup(g));
        const share = BigInt(cents) * BigInt(taxable); // the group's taxable amount × subtotal
        tax += included
          ? roundDiv(share * ppm, BigInt(subtotal) * (BigInt(PPM) + ppm))
          : roundDiv(share * ppm, BigInt(subtotal) * BigInt(PPM));
      }
      return Number(tax);
    },
  };
}

/**
 * The tax of these lines in every region, and where no region covers the address (country '*'): what the hosted
 * checkout's page shows as the shopper changes the address, without asking again. `[country, subdivision, name, tax
 * in cents, 1 when the prices include it]`.
 */
export function taxByRegion(
  db: Database,
  lines: TaxLine[],
  taxable: number,
  subtotal: number,
): [string, string, string, number, number][] {
  const out: [string, string, string, number, number][] = taxRegionRows(db).map((r) => {
    const t = taxAt(db, r, lines);
    return [r.country, r.subdivision, t.name, t.amount(taxable, subtotal), t.included ? 1 : 0];
  });
  out.push(['*', '', '', taxAt(db, undefined, lines).amount(taxable, subtotal), 0]);
  return out;
}
