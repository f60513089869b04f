/**
 * Shipping options, delivery regions and the shipping label provider's configuration (issue 40, i40-ship; docs/wire.md
 * "i40-ship"). The options as `@wix/auto_sdk_ecom_shipping-options` models them: an option serves delivery regions
 * (`deliveryRegionIds`) and holds conditional rates (`rates[]`: an `amount`, `conditions` that must all hold, on the
 * total price, total weight or total quantity, and `multiplyByQuantity`). For a cart, an option is offered when one
 * of its regions covers the shipping address and one of its rates holds; its price is the lowest rate that holds
 * ("If more than one rate is valid then we return the lowest one"). Regions are the delivery profile's: countries,
 * optionally some of their subdivisions; a region without destinations covers the rest of the world (an address no
 * other region covers). Money in integer cents inside; amounts are decimal strings on the wire.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { badRequestApp, conflict, invalidField, notFound } from '../errors.ts';

export const CONDITION_TYPES = ['BY_TOTAL_WEIGHT', 'BY_TOTAL_PRICE', 'BY_TOTAL_QUANTITY'] as const;
export const OPERATORS = ['EQ', 'GT', 'GTE', 'LT', 'LTE'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  type: ConditionType;
  operator: Operator;
  /** A decimal string (up to 6 decimals): dollars, the store's weight unit (KG) or units. */
  value: string;
}

export interface Rate {
  /** A decimal string (whole cents: the store's currency is USD). */
  amount: string;
  conditions: Condition[];
  multiplyByQuantity: boolean;
}

export interface StoredOption {
  id: string;
  code: string;
  revision: number;
  title: string;
  estimatedDeliveryTime: string | null;
  regionIds: string[];
  rates: Rate[];
  createdDate: string;
  updatedDate: string;
}

/** What the totals need of an option (commerce.ts `ShippingOption`). */
export interface ShippingOption {
  code: string;
  carrierId: string;
  title: string;
  deliveryTime: string;
  rates: Rate[];
}

export interface Destination {
  countryCode: string;
  subdivisions: string[];
}

export interface DeliveryRegion {
  id: string;
  name: string;
  destinations: Destination[];
}

/** The carrier id every option of the site's own shipping rules carries on the checkout (as migration 005 had it). */
export const CARRIER_ID = '7c1d2e00-0000-4000-8000-000000000031';

// ------------------------------------------------------------------------------------------------ exact numbers

/** `"12.5"` → 1250 cents; undefined when the amount has a fraction of a cent. */
export function amountCents(amount: string): number | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(amount);
  if (!m) return undefined;
  const frac = (m[2] ?? '').padEnd(3, '0');
  if (frac[2] !== '0') return undefined;
  return Number(m[1]) * 100 + Number(frac.slice(0, 2));
}

/** One rate without conditions at `cents` (an order's own shipping, recomputed). */
export const flatRate = (cents: number): Rate[] => [
  { amount: (cents / 100).toFixed(2), conditions: [], multiplyByQuantity: false },
];

/** A decimal string in millionths (exact up to the condition's 6 decimals). */
const micro = (value: string): number => {
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 1_000_000 + Number(frac.padEnd(6, '0').slice(0, 6));
};

const compare = (left: number, op: Operator, right: number) =>
  op === 'EQ'
    ? left === right
    : op === 'GT'
      ? left > right
      : op === 'GTE'
        ? left >= right
        : op === 'LT'
          ? left < right
          : left <= right;

export interface CartMeasure {
  /** The total price the conditions read: the subtotal after discounts, in cents. */
  priceCents: number;
  /** Units in the cart. */
  quantity: number;
  /** Total weight in the store's unit (KG). */
  weight: number;
}

/** A rate's price for a cart, or undefined when one of its conditions does not hold. */
export function ratePrice(rate: Rate, cart: CartMeasure): number | undefined {
  for (const c of rate.conditions) {
    const measured =
      c.type === 'BY_TOTAL_PRICE'
        ? cart.priceCents * 10_000
        : c.type === 'BY_TOTAL_QUANTITY'
          ? cart.quantity * 1_000_000
          : Math.round(cart.weight * 1_000_000);
    if (!compare(measured, c.operator, micro(c.value))) return undefined;
  }
  const cents = amountCents(rate.amount) ?? 0;
  return rate.multiplyByQuantity ? cents * cart.quantity : cents;
}

/** The option's price for a cart: its lowest rate that holds, or undefined (the option is not offered). */
export function optionPrice(rates: readonly Rate[], cart: CartMeasure): number | undefined {
  let best: number | undefined;
  for (const r of rates) {
    const p = ratePrice(r, cart);
    if (p !== undefined && (best === undefined || p < best)) best = p;
  }
  return best;
}

/**
 * The options a cart is offered and their prices (commerce.ts `computeTotals`): every option with a rate that holds,
 * in the order given.
 */
export function offerPrices(
  options: readonly ShippingOption[],
  priceCents: number,
  lines: readonly { quantity: number; weight?: number }[],
): { option: ShippingOption; cents: number }[] {
  const cart: CartMeasure = {
    priceCents,
    quantity: lines.reduce((n, l) => n + l.quantity, 0),
    weight: lines.reduce((n, l) => n + (l.weight ?? 0) * l.quantity, 0),
  };
  return options.flatMap((option) => {
    const cents = optionPrice(option.rates, cart);
    return cents === undefined ? [] : [{ option, cents }];
  });
}

// ------------------------------------------------------------------------------------------------ regions

interface RegionRow {
  id: string;
  name: string;
  destinations: string;
}

export function deliveryRegions(db: Database): DeliveryRegion[] {
  return db
    .prepare<[], RegionRow>('SELECT id, name, destinations FROM delivery_regions ORDER BY seq')
    .all()
    .map((r) => ({ id: r.id, name: r.name, destinations: JSON.parse(r.destinations) as Destination[] }));
}

export function addDeliveryRegion(
  db: Database,
  input: { name: string; destinations: Destination[] },
  nowMs: number,
): DeliveryRegion {
  const id = randomUUID();
  const seq = (db.prepare<[], { n: number | null }>('SELECT MAX(seq) AS n FROM delivery_regions').get()?.n ?? 0) + 1;
  const destinations = input.destinations.map((d) => ({
    countryCode: d.countryCode.toUpperCase(),
    subdivisions: [...new Set(d.subdivisions.map((s) => s.toUpperCase().replace(/^[A-Z]{2}-/, '')))],
  }));
  db.prepare<[string, string, string, string, number]>(
    'INSERT INTO delivery_regions (id, name, destinations, created_date, seq) VALUES (?, ?, ?, ?, ?)',
  ).run(id, input.name, JSON.stringify(destinations), new Date(nowMs).toISOString(), seq);
  return { id, name: input.name, destinations };
}

const covers = (d: Destination, country: string, sub: string) =>
  d.countryCode === country && (!d.subdivisions.length || d.subdivisions.includes(sub));

/**
 * The regions an address is in: every region with a destination that covers it; when none does, the regions without
 * destinations (the rest of the world). An address without a country is in every region.
 */
export function regionsOf(
  regions: readonly DeliveryRegion[],
  address?: { country?: string; subdivision?: string },
): Set<string> {
  const country = (address?.country ?? '').toUpperCase();
  if (!country) return new Set(regions.map((r) => r.id));
  const sub = (address?.subdivision ?? '').toUpperCase().replace(/^[A-Z]{2}-/, '');
  const own = regions.filter((r) => r.destinations.some((d) => covers(d, country, sub)));
  return new Set((own.length ? own : regions.filter((r) => !r.destinations.length)).map((r) => r.id));
}

// ------------------------------------------------------------------------------------------------ options

interface OptionRow {
  id: string;
  code: string;
  revision: number;
  title: string;
  estimated_delivery_time: string | null;
  region_ids: string;
  rates: string;
  created_date: string;
  updated_date: string;
}

const fromRow = (r: OptionRow): StoredOption => ({
  id: r.id,
  code: r.code,
  revision: r.revision,
  title: r.title,
  estimatedDeliveryTime: r.estimated_delivery_time,
  regionIds: JSON.parse(r.region_ids) as string[],
  rates: JSON.parse(r.rates) as Rate[],
  createdDate: r.created_date,
  updatedDate: r.updated_date,
});

export function storedOptions(db: Database): StoredOption[] {
  return db.prepare<[], OptionRow>('SELECT * FROM shipping_options ORDER BY seq').all().map(fromRow);
}

export function storedOption(db: Database, id: string): StoredOption | undefined {
  const r = db.prepare<[string], OptionRow>('SELECT * FROM shipping_options WHERE id = ?').get(id);
  return r && fromRow(r);
}

const forCheckout = (o: StoredOption): ShippingOption => ({
  code: o.code,
  carrierId: CARRIER_ID,
  title: o.title,
  deliveryTime: o.estimatedDeliveryTime ?? '',
  rates: o.rates,
});

/** Every option, as the checkout knows them (a code the checkout may name). */
export function checkoutOptions(db: Database): ShippingOption[] {
  return storedOptions(db).map(forCheckout);
}

/** The options whose regions cover an address (every option for an address without a country). */
export function checkoutOptionsFor(db: Database, address?: { country?: string; subdivision?: string }) {
  const inRegions = regionsOf(deliveryRegions(db), address);
  return storedOptions(db)
    .filter((o) => o.regionIds.some((id) => inRegions.has(id)))
    .map(forCheckout);
}

/**
 * Where each option ships, for the hosted checkout's script: `of(code)` the places its regions cover, space-separated
 * ("US", "US-CA"; "*" when one of its regions is the rest of the world), `covered` every place some region names.
 */
export function shippingPlaces(db: Database): { of: (code: string) => string; covered: string } {
  const regions = new Map(deliveryRegions(db).map((r) => [r.id, r]));
  const placesOf = (r: DeliveryRegion) =>
    r.destinations.length
      ? r.destinations.flatMap((d) =>
          d.subdivisions.length ? d.subdivisions.map((s) => `${d.countryCode}-${s}`) : [d.countryCode],
        )
      : ['*'];
  const byCode = new Map(
    storedOptions(db).map((o) => [
      o.code,
      [...new Set(o.regionIds.flatMap((id) => (regions.has(id) ? placesOf(regions.get(id)!) : [])))].join(' '),
    ]),
  );
  const covered = [...new Set([...regions.values()].flatMap(placesOf).filter((p) => p !== '*'))].join(' ');
  return { of: (code) => byCode.get(code) ?? '', covered };
}

/** The platform's wire shape (`ShippingOption` of the generated client; revision a string, dates ISO). */
export function wireOption(o: StoredOption) {
  return {
    id: o.id,
    revision: String(o.revision),
    createdDate: o.createdDate,
    updatedDate: o.updatedDate,
    ...(o.regionIds[0] ? { deliveryRegionId: o.regionIds[0] } : {}),
    deliveryRegionIds: o.regionIds,
    title: o.title,
    ...(o.estimatedDeliveryTime !== null ? { estimatedDeliveryTime: o.estimatedDeliveryTime } : {}),
    rates: o.rates,
  };
}

export interface OptionInput {
  title: string;
  estimatedDeliveryTime?: string | null;
  regionIds: string[];
  rates: Rate[];
}

/**
 * Checks what only the store knows: every region exists, every amount is in whole cents, a quantity is whole
 * (the platform's INVALID_QUANTITY_VALUE), `field` naming where in the request.
 */
function checkOption(db: Database, o: Partial<OptionInput>, field: string): void {
  if (o.regionIds) {
    const known = new Set(deliveryRegions(db).map((r) => r.id));
    o.regionIds.forEach((id, i) => {
      if (!known.has(id))
        throw invalidField(`${field}.deliveryRegionIds[${i}]`, `delivery region ${id} not found`, 'VALIDATION');
    });
  }
  o.rates?.forEach((r, i) => {
    if (amountCents(r.amount) === undefined)
      throw invalidField(`${field}.rates[${i}].amount`, 'must be in whole cents (USD)', 'VALIDATION');
    r.conditions.forEach((c) => {
      if (c.type === 'BY_TOTAL_QUANTITY' && /\.\d*[1-9]/.test(c.value))
        throw badRequestApp('INVALID_QUANTITY_VALUE', 'Condition value cannot be fractional', {
          field: `${field}.rates[${i}].conditions`,
        });
    });
  });
}

export function createOption(db: Database, input: OptionInput, nowMs: number): StoredOption {
  checkOption(db, input, 'shippingOption');
  const id = randomUUID();
  const now = new Date(nowMs).toISOString();
  const seq = (db.prepare<[], { n: number | null }>('SELECT MAX(seq) AS n FROM shipping_options').get()?.n ?? 0) + 1;
  db.prepare<[string, string, string, string | null, string, string, string, string, number]>(
    `INSERT INTO shipping_options (id, code, title, estimated_delivery_time, region_ids, rates, created_date, updated_date, seq)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    id,
    input.title,
    input.estimatedDeliveryTime ?? null,
    JSON.stringify([...new Set(input.regionIds)]),
    JSON.stringify(input.rates),
    now,
    now,
    seq,
  );
  return storedOption(db, id)!;
}

const missing = (id: string) =>
  notFound(`Shipping option ${id.slice(0, 100)} not found`, 'SHIPPING_OPTION_NOT_FOUND', { id: id.slice(0, 100) });

/** The option at the revision the caller read; 409 REVISION_MISMATCH on another (the caller read it before a change). */
function atRevision(db: Database, id: string, revision: string | null | undefined, field: string): StoredOption {
  const o = storedOption(db, id);
  if (!o) throw missing(id);
  if (revision === undefined || revision === null || revision === '')
    throw invalidField(field, 'is required', 'REQUIRED_FIELD');
  if (String(o.revision) !== String(revision))
    throw conflict(
      `Revision mismatch: the shipping option is at revision ${o.revision}, not ${revision.slice(0, 20)}`,
      'REVISION_MISMATCH',
      { currentRevision: String(o.revision) },
    );
  return o;
}

function save(db: Database, o: StoredOption, nowMs: number): StoredOption {
  db.prepare<[string, string | null, string, string, string, string]>(
    `UPDATE shipping_options SET title = ?, estimated_delivery_time = ?, region_ids = ?, rates = ?,
       revision = revision + 1, updated_date = ? WHERE id = ?`,
  ).run(
    o.title,
    o.estimatedDeliveryTime,
    JSON.stringify(o.regionIds),
    JSON.stringify(o.rates),
    new Date(nowMs).toISOString(),
    o.id,
  );
  return storedOption(db, o.id)!;
}

/**
 * Update Shipping Option: the fields sent (or those the field mask names) replace the option's; the delivery regions
 * are immutable here (Add/Remove Delivery Region change them).
 */
export function updateOption(
  db: Database,
  id: string,
  revision: string | null | undefined,
  patch: Partial<Omit<OptionInput, 'regionIds'>>,
  nowMs: number,
): StoredOption {
  return db.transaction(() => {
    const o = atRevision(db, id, revision, 'shippingOption.revision');
    checkOption(db, patch, 'shippingOption');
    return save(
      db,
      {
        ...o,
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.estimatedDeliveryTime !== undefined ? { estimatedDeliveryTime: patch.estimatedDeliveryTime } : {}),
        ...(patch.rates !== undefined ? { rates: patch.rates } : {}),
      },
      nowMs,
    );
  })();
}

export function deleteOption(db: Database, id: string): void {
  if (!db.prepare<[string]>('DELETE FROM shipping_options WHERE id = ?').run(id).changes) throw missing(id);
}

/** Add or Remove Delivery Region: at the revision read; adding one it has, or removing one it has not, changes nothing. */
export function setOptionRegion(
  db: Database,
  id: string,
  regionId: string,
  revision: string | null | undefined,
  add: boolean,
  nowMs: number,
): StoredOption {
  return db.transaction(() => {
    const o = atRevision(db, id, revision, 'revision');
    if (add && !deliveryRegions(db).some((r) => r.id === regionId))
      throw invalidField('deliveryRegionId', `delivery region ${regionId} not found`, 'VALIDATION');
    const has = o.regionIds.includes(regionId);
    if (add === has) return o;
    return save(
      db,
      { ...o, regionIds: add ? [...o.regionIds, regionId] : o.regionIds.filter((r) => r !== regionId) },
      nowMs,
    );
  })();
}

// ------------------------------------------------------------------------------------------------ label provider

export const LABEL_SERVICES = [
  'GROUND_ADVANTAGE',
  'PRIORITY_MAIL',
  'PRIORITY_MAIL_EXPRESS',
  'PRIORITY_MAIL_INTERNATIONAL',
  'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
  'FIRST_CLASS_PACKAGE_INTERNATIONAL',
] as const;
export const PACKAGE_TYPES = [
  'CUSTOM',
  'FLAT_RATE_ENVELOPE',
  'PADDED_FLAT_RATE_ENVELOPE',
  'SMALL_FLAT_RATE_BOX',
  'MEDIUM_FLAT_RATE_BOX',
  'LARGE_FLAT_RATE_BOX',
] as const;
export const MARKUP_TYPES = ['FIXED', 'PERCENTAGE'] as const;

export interface LabelConfigData {
  shipFromAddress: {
    country: string;
    subdivision?: string;
    city: string;
    postalCode: string;
    addressLine1: string;
    addressLine2?: string;
  };
  defaultPackage: {
    type: (typeof PACKAGE_TYPES)[number];
    /** CUSTOM only: inches. */
    dimensions?: { length: string; width: string; height: string };
  };
  services: (typeof LABEL_SERVICES)[number][];
  markup: { type: (typeof MARKUP_TYPES)[number]; value: string };
}

interface LabelRow {
  id: string;
  revision: number;
  data: string;
  created_date: string;
  updated_date: string;
}

export function labelConfigurations(db: Database) {
  return db
    .prepare<[], LabelRow>('SELECT * FROM shipping_label_configurations ORDER BY created_date, id')
    .all()
    .map(wireLabel);
}

const wireLabel = (r: LabelRow) => ({
  id: r.id,
  revision: String(r.revision),
  createdDate: r.created_date,
  updatedDate: r.updated_date,
  ...(JSON.parse(r.data) as LabelConfigData),
});

export function updateLabelConfiguration(
  db: Database,
  id: string,
  revision: string,
  patch: Partial<LabelConfigData>,
  nowMs: number,
) {
  return db.transaction(() => {
    const r = db.prepare<[string], LabelRow>('SELECT * FROM shipping_label_configurations WHERE id = ?').get(id);
    if (!r)
      throw notFound(`Shipping label provider configuration ${id.slice(0, 100)} not found`, 'CONFIGURATION_NOT_FOUND', {
        id: id.slice(0, 100),
      });
    if (String(r.revision) !== revision)
      throw conflict(
        `Revision mismatch: the configuration is at revision ${r.revision}, not ${revision.slice(0, 20)}`,
        'REVISION_MISMATCH',
        { currentRevision: String(r.revision) },
      );
    const data = { ...(JSON.parse(r.data) as LabelConfigData), ...patch };
    if (data.defaultPackage.type === 'CUSTOM' && !data.defaultPackage.dimensions)
      throw invalidField(
        'configuration.defaultPackage.dimensions',
        'is required for a CUSTOM package',
        'REQUIRED_FIELD',
      );
    if (data.markup.type === 'PERCENTAGE' && micro(data.markup.value) > 100_000_000)
      throw invalidField('configuration.markup.value', 'must be at most 100 for a PERCENTAGE markup', 'MAX', {
        threshold: 100,
      });
    db.prepare<[string, string, string]>(
      'UPDATE shipping_label_configurations SET data = ?, revision = revision + 1, updated_date = ? WHERE id = ?',
    ).run(JSON.stringify(data), new Date(nowMs).toISOString(), id);
    return wireLabel(
      db.prepare<[string], LabelRow>('SELECT * FROM shipping_label_configurations WHERE id = ?').get(id)!,
    );
  })();
}
