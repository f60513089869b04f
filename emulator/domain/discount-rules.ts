/**
 * Discount rules (the dashboard's "automatic discounts"), in the platform's model (`@wix/auto_sdk_ecom_discount-rules`;
 * issue 40, docs/wire.md "i40-disc"): storage, the wire shape, the status and usage the platform reports, and how a
 * cart's or checkout's lines are discounted by the live rules ({@link ruleDiscounts}, the one call the totals make).
 *
 * What applies, as chosen here from the platform's documentation (item-level discounts only; "a discount rule can
 * only be applied once per item"):
 * - a rule applies when it is `active`, the emulator's clock is inside `activeTimeInfo` (start inclusive, end
 *   exclusive) and its trigger holds; no trigger = always;
 * - `SUBTOTAL_RANGE` sums price × quantity of the lines in the trigger's scopes (the discount's scopes when the
 *   trigger names none), `ITEM_QUANTITY_RANGE` their quantities; `from` and `to` are inclusive; `AND`/`OR` combine
 *   their triggers;
 * - the discount touches only the lines in its scopes: `PERCENTAGE` of the line's price × quantity, `FIXED_AMOUNT`
 *   off each unit (at most the unit's price), `FIXED_PRICE` sets each unit's price (never raises it); half-up to the
 *   cent per line;
 * - several rules on one line: the line takes the one that saves the buyer the most (ties: the older rule); rules
 *   never stack on a line. A coupon is worked out beside them, on the subtotal (commerce.ts `computeTotals`).
 *
 * Scopes: `CATALOG_ITEM` with the Stores app id (no `catalogItemIds` = every Stores item) and `CUSTOM_FILTER` with the
 * Stores app id and `params.collectionIds` (the products of those collections). Triggers the emulator cannot judge
 * (`CUSTOM`, `CUSTOMER_ELIGIBILITY`) and discounts it does not price (`QUANTITY_BASED`, `BUY_X_GET_Y`) are refused
 * with a 400 rather than stored and ignored.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

export interface RuleScope {
  id: string;
  type: 'CATALOG_ITEM' | 'CUSTOM_FILTER';
  catalogItemFilter?: { catalogAppId: string; catalogItemIds?: string[] };
  customFilter?: { appId?: string; params: { collectionIds: string[] } };
}

export interface RuleTrigger {
  triggerType: 'AND' | 'OR' | 'SUBTOTAL_RANGE' | 'ITEM_QUANTITY_RANGE';
  and?: { triggers: RuleTrigger[] };
  or?: { triggers: RuleTrigger[] };
  subtotalRange?: { scopes?: RuleScope[]; from?: string | null; to?: string | null };
  itemQuantityRange?: { scopes?: RuleScope[]; from?: number | null; to?: number | null };
}

export interface RuleDiscount {
  targetType: 'SPECIFIC_ITEMS';
  specificItemsInfo: { scopes: RuleScope[] };
  discountType: 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FIXED_PRICE';
  percentage?: number;
  fixedAmount?: string;
  fixedPrice?: string;
}

export interface DiscountRuleRecord {
  id: string;
  revision: number;
  name: string;
  active: boolean;
  start: string | null;
  end: string | null;
  trigger: RuleTrigger | null;
  discount: RuleDiscount;
  createdDate: string;
  updatedDate: string;
}

interface Row {
  id: string;
  revision: number;
  name: string;
  active: number;
  active_start: string | null;
  active_end: string | null;
  trigger: string | null;
  discounts: string;
  created_date: string;
  updated_date: string;
}

const toRecord = (r: Row): DiscountRuleRecord => ({
  id: r.id,
  revision: r.revision,
  name: r.name,
  active: r.active === 1,
  start: r.active_start,
  end: r.active_end,
  trigger: r.trigger ? (JSON.parse(r.trigger) as RuleTrigger) : null,
  discount: (JSON.parse(r.discounts) as { values: RuleDiscount[] }).values[0]!,
  createdDate: r.created_date,
  updatedDate: r.updated_date,
});

/** Every rule, oldest first. */
export function allDiscountRules(db: Database): DiscountRuleRecord[] {
  return db.prepare<[], Row>('SELECT * FROM discount_rules ORDER BY created_date, rowid').all().map(toRecord);
}

export function discountRuleById(db: Database, id: string): DiscountRuleRecord | undefined {
  const r = db.prepare<[string], Row>('SELECT * FROM discount_rules WHERE id = ?').get(id);
  return r && toRecord(r);
}

/** What a create or an update sets (the route has validated it). */
export interface RuleInput {
  name: string;
  active: boolean;
  start: string | null;
  end: string | null;
  trigger: RuleTrigger | null;
  discount: RuleDiscount;
}

export function createDiscountRule(db: Database, input: RuleInput, nowMs: number): DiscountRuleRecord {
  const id = randomUUID();
  const now = new Date(nowMs).toISOString();
  db.prepare<[string, string, number, string | null, string | null, string | null, string, string, string]>(
    `INSERT INTO discount_rules (id, name, active, active_start, active_end, trigger, discounts, created_date, updated_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    input.name,
    input.active ? 1 : 0,
    input.start,
    input.end,
    input.trigger && JSON.stringify(input.trigger),
    JSON.stringify({ values: [input.discount] }),
    now,
    now,
  );
  return discountRuleById(db, id)!;
}

/** Replace a rule's fields, bumping its revision only if it is still `revision` (false when it moved on). */
export function updateDiscountRule(
  db: Database,
  id: string,
  revision: number,
  input: RuleInput,
  nowMs: number,
): boolean {
  const r = db
    .prepare<[string, number, string | null, string | null, string | null, string, string, string, number]>(
      `UPDATE discount_rules SET name = ?, active = ?, active_start = ?, active_end = ?, trigger = ?, discounts = ?,
         updated_date = ?, revision = revision + 1 WHERE id = ? AND revision = ?`,
    )
    .run(
      input.name,
      input.active ? 1 : 0,
      input.start,
      input.end,
      input.trigger && JSON.stringify(input.trigger),
      JSON.stringify({ values: [input.discount] }),
      new Date(nowMs).toISOString(),
      id,
      revision,
    );
  return r.changes === 1;
}

export function deleteDiscountRule(db: Database, id: string): boolean {
  return db.prepare<[string]>('DELETE FROM discount_rules WHERE id = ?').run(id).changes === 1;
}

// ------------------------------------------------------------------------------------------------ status and usage

/** The platform's status: PENDING before the window, EXPIRED after it, LIVE inside (whether active or not). */
export function ruleStatus(
  r: Pick<DiscountRuleRecord, 'start' | 'end'>,
  nowMs: number,
): 'LIVE' | 'EXPIRED' | 'PENDING' {
  if (r.end && Date.parse(r.end) <= nowMs) return 'EXPIRED';
  if (r.start && Date.parse(r.start) > nowMs) return 'PENDING';
  return 'LIVE';
}

/** How many orders a rule discounted (the orders' `appliedDiscounts` that name it). */
export function ruleUsage(db: Database): Map<string, number> {
  const rows = db
    .prepare<[], { id: string; n: number }>(
      `SELECT json_extract(d.value, '$.discountRule.id') AS id, COUNT(DISTINCT o.id) AS n
         FROM orders o, json_each(o.data, '$.appliedDiscounts') d
        WHERE json_extract(d.value, '$.discountRule.id') IS NOT NULL
        GROUP BY 1`,
    )
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The rules that apply now: active and inside their window. */
export function liveDiscountRules(db: Database, nowMs: number): DiscountRuleRecord[] {
  return allDiscountRules(db).filter((r) => r.active && ruleStatus(r, nowMs) === 'LIVE');
}

// ------------------------------------------------------------------------------------------------ pricing

/** A priced line as the totals see it. */
export interface RuleLine {
  id: string;
  unitCents: number;
  quantity: number;
  /** The Stores product; without it no scope holds the line. */
  productId?: string;
  collectionIds?: readonly string[];
}

/** One rule's discount on a cart: its amount and what it took off each line it won. */
export interface RuleApplication {
  id: string;
  name: string;
  amount: number;
  lines: { id: string; amount: number }[];
}

/**
 * A decimal string (≤ 4 decimals, validated by the route) in ten-thousandths of the currency; huge values are held at
 * 10¹⁵ units (more than any cart), so they compare and cap correctly without leaving the safe integers.
 */
export function decimalUnits(s: string): number {
  const [int = '0', frac = ''] = s.split('.');
  if (int.replace(/^0+/, '').length > 11) return 1e15;
  return Number(int) * 10000 + Number(frac.padEnd(4, '0').slice(0, 4));
}

/** Whether a line is in any of the scopes. */
export function inScopes(line: RuleLine, scopes: readonly RuleScope[], storesAppId: string): boolean {
  if (!line.productId) return false;
  return scopes.some((s) => {
    if (s.type === 'CATALOG_ITEM') {
      const f = s.catalogItemFilter;
      return (
        !!f &&
        f.catalogAppId === storesAppId &&
        (!f.catalogItemIds?.length || f.catalogItemIds.includes(line.productId!))
      );
    }
    const ids = s.customFilter?.params.collectionIds ?? [];
    return ids.some((c) => line.collectionIds?.includes(c));
  });
}

function triggerHolds(
  t: RuleTrigger,
  lines: readonly RuleLine[],
  fallback: readonly RuleScope[],
  app: string,
): boolean {
  switch (t.triggerType) {
    case 'AND':
      return (t.and?.triggers ?? []).every((x) => triggerHolds(x, lines, fallback, app));
    case 'OR':
      return (t.or?.triggers ?? []).some((x) => triggerHolds(x, lines, fallback, app));
    case 'SUBTOTAL_RANGE': {
      const r = t.subtotalRange ?? {};
      const scopes = r.scopes?.length ? r.scopes : fallback;
      const units =
        lines.filter((l) => inScopes(l, scopes, app)).reduce((n, l) => n + l.unitCents * l.quantity, 0) * 100;
      return (
        units > 0 && (r.from == null || units >= decimalUnits(r.from)) && (r.to == null || units <= decimalUnits(r.to))
      );
    }
    case 'ITEM_QUANTITY_RANGE': {
      const r = t.itemQuantityRange ?? {};
      const scopes = r.scopes?.length ? r.scopes : fallback;
      const qty = lines.filter((l) => inScopes(l, scopes, app)).reduce((n, l) => n + l.quantity, 0);
      return qty > 0 && (r.from == null || qty >= r.from) && (r.to == null || qty <= r.to);
    }
  }
}

/** What a discount takes off one line, in cents. */
export function lineDiscount(d: RuleDiscount, line: Pick<RuleLine, 'unitCents' | 'quantity'>): number {
  const total = line.unitCents * line.quantity;
  if (d.discountType === 'PERCENTAGE') {
    const tenThousandths = Math.round((d.percentage ?? 0) * 10000); // 15 % → 150000
    return Math.min(total, Math.round((total * tenThousandths) / 1_000_000));
  }
  if (d.discountType === 'FIXED_AMOUNT') {
    const off = Math.round(decimalUnits(d.fixedAmount ?? '0') / 100);
    return Math.min(line.unitCents, off) * line.quantity;
  }
  const price = Math.round(decimalUnits(d.fixedPrice ?? '0') / 100);
  return Math.max(0, line.unitCents - price) * line.quantity;
}

/**
 * The live rules' discounts on `lines` (see the module's comment): per line the rule that saves the most, then per
 * rule what it took, in the rules' order; rules that took nothing are left out.
 */
export function ruleDiscounts(
  lines: readonly RuleLine[],
  rules: readonly DiscountRuleRecord[],
  storesAppId: string,
): RuleApplication[] {
  const applicable = rules.filter((r) => {
    const scopes = r.discount.specificItemsInfo.scopes;
    return !r.trigger || triggerHolds(r.trigger, lines, scopes, storesAppId);
  });
  const won = new Map<string, { id: string; amount: number }[]>();
  for (const line of lines) {
    let best: { rule: DiscountRuleRecord; amount: number } | undefined;
    for (const rule of applicable) {
      if (!inScopes(line, rule.discount.specificItemsInfo.scopes, storesAppId)) continue;
      const amount = lineDiscount(rule.discount, line);
      if (amount > 0 && (!best || amount > best.amount)) best = { rule, amount };
    }
    if (best) won.set(best.rule.id, [...(won.get(best.rule.id) ?? []), { id: line.id, amount: best.amount }]);
  }
  return applicable
    .filter((r) => won.has(r.id))
    .map((r) => {
      const taken = won.get(r.id)!;
      return { id: r.id, name: r.name, amount: taken.reduce((n, l) => n + l.amount, 0), lines: taken };
    });
}
