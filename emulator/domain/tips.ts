/**
 * Tips (issue 40, i40-tips; docs/wire.md "i40-tips"): the Tips app's settings (`@wix/auto_sdk_ecom_tip-settings`), a
 * purchase flow's tip choice and the tip an order was placed with (`@wix/auto_sdk_ecom_tips`), and what a tip adds to
 * a checkout's totals. Money is integer cents; a preset's value is a number on the wire (percent, or currency units),
 * a tip choice's value a decimal string with at most two decimals, both kept here in hundredths.
 *
 * What the checkout offers: the DEFAULT settings (the platform's tips use them unless told otherwise), when they allow
 * customer tips. A purchase flow without a choice gets the default preset (the one the checkout preselects), none
 * when no preset is the default; a choice of `CUSTOM` counts only while the settings allow a custom amount.
 * A PERCENTAGE tip is that percent of the line items' subtotal (before discounts, shipping and tax: the tips service's
 * `lineItemSubtotal`), rounded half-up to the cent; an AMOUNT or CUSTOM tip is its value. The tip is not taxed.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

export type TipType = 'PERCENTAGE' | 'AMOUNT';
export type ChoiceType = TipType | 'CUSTOM';

/** The stored settings' fields (the wire's, without id, revision, dates and `default`). */
export interface TipSettingsData {
  locationId?: string;
  paymentTerminalId?: string;
  userId?: string;
  tipType: TipType;
  presets: { value: number; default: boolean }[];
  allowCustomerTip: boolean;
  allowBusinessTipAtPayment: boolean;
  allowCustomAmount: boolean;
  allowEditDistribution: boolean;
  autoTipOnCheckInEnabled: boolean;
  autoTipOnCheckInPercentage?: number;
  staffDistributionMethod: 'UNKNOWN_SPLIT_METHOD' | 'EQUAL' | 'PROPORTIONAL';
  appId?: string;
}

/** Defaults of a new settings object, as the client's types document them. */
export const TIP_SETTINGS_DEFAULTS: Omit<TipSettingsData, 'tipType' | 'presets'> = {
  allowCustomerTip: true,
  allowBusinessTipAtPayment: true,
  allowCustomAmount: true,
  allowEditDistribution: true,
  autoTipOnCheckInEnabled: false,
  staffDistributionMethod: 'UNKNOWN_SPLIT_METHOD',
};

interface Row {
  id: string;
  is_default: number;
  data: string;
  revision: number;
  created_date: string;
  updated_date: string;
}

export interface TipSettings extends TipSettingsData {
  id: string;
  default: boolean;
  revision: string;
  createdDate: string;
  updatedDate: string;
}

const fromRow = (r: Row): TipSettings => ({
  ...(JSON.parse(r.data) as TipSettingsData),
  id: r.id,
  default: r.is_default === 1,
  revision: String(r.revision),
  createdDate: r.created_date,
  updatedDate: r.updated_date,
});

/** Every settings object, the default first, then by creation. */
export function allTipSettings(db: Database): TipSettings[] {
  return db
    .prepare<[], Row>('SELECT * FROM tip_settings ORDER BY is_default DESC, created_date, id')
    .all()
    .map(fromRow);
}

export function tipSettingsById(db: Database, id: string): TipSettings | undefined {
  const r = db.prepare<[string], Row>('SELECT * FROM tip_settings WHERE id = ?').get(id);
  return r && fromRow(r);
}

export function defaultTipSettings(db: Database): TipSettings | undefined {
  const r = db.prepare<[], Row>('SELECT * FROM tip_settings WHERE is_default = 1').get();
  return r && fromRow(r);
}

export function insertTipSettings(db: Database, data: TipSettingsData, isDefault: boolean, nowMs: number): TipSettings {
  const id = randomUUID();
  const now = new Date(nowMs).toISOString();
  db.prepare<[string, number, string, string, string]>(
    'INSERT INTO tip_settings (id, is_default, data, revision, created_date, updated_date) VALUES (?, ?, ?, 1, ?, ?)',
  ).run(id, isDefault ? 1 : 0, JSON.stringify(data), now, now);
  return tipSettingsById(db, id)!;
}

/** Replaces the stored fields and bumps the revision; the caller checked the revision it was sent. */
export function saveTipSettings(db: Database, id: string, data: TipSettingsData, nowMs: number): TipSettings {
  db.prepare<[string, string, string]>(
    'UPDATE tip_settings SET data = ?, revision = revision + 1, updated_date = ? WHERE id = ?',
  ).run(JSON.stringify(data), new Date(nowMs).toISOString(), id);
  return tipSettingsById(db, id)!;
}

export function deleteTipSettings(db: Database, id: string): void {
  db.prepare<[string]>('DELETE FROM tip_settings WHERE id = ? AND is_default = 0').run(id);
}

// ------------------------------------------------------------------------------------------------ tip choices

/** A tip choice, its value in hundredths (of a percent for PERCENTAGE, of the currency otherwise). */
export interface TipChoice {
  tipType: ChoiceType;
  hundredths: number;
}

/** `"12.5"` → 1250; the caller validated the decimal (≥ 0, at most two decimals). */
export const hundredthsOf = (value: string | number): number => {
  const [whole = '0', frac = ''] = String(value).split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
};

/** 1250 → `"12.5"`; 1500 → `"15"` (the decimal the platform writes, no trailing zeros). */
export const decimalOf = (hundredths: number): string => (hundredths / 100).toFixed(2).replace(/\.?0+$/, '') || '0';

export function storedTipChoice(db: Database, purchaseFlowId: string): TipChoice | undefined {
  const r = db
    .prepare<[string], { tip_type: ChoiceType; value_cents: number }>(
      'SELECT tip_type, value_cents FROM tip_choices WHERE purchase_flow_id = ?',
    )
    .get(purchaseFlowId);
  return r && { tipType: r.tip_type, hundredths: r.value_cents };
}

export function saveTipChoice(db: Database, purchaseFlowId: string, choice: TipChoice, nowMs: number): void {
  db.prepare<[string, string, number, string]>(
    `INSERT INTO tip_choices (purchase_flow_id, tip_type, value_cents, updated_date) VALUES (?, ?, ?, ?)
     ON CONFLICT(purchase_flow_id) DO UPDATE SET tip_type = excluded.tip_type, value_cents = excluded.value_cents,
       updated_date = excluded.updated_date`,
  ).run(purchaseFlowId, choice.tipType, choice.hundredths, new Date(nowMs).toISOString());
}

/** Whose purchase flow this is (a cart's id: the cart's owner key, or its checkout's once the cart is gone). */
export function purchaseFlowOwner(db: Database, purchaseFlowId: string): string | undefined {
  return db
    .prepare<[string, string], { owner: string }>(
      'SELECT owner FROM carts WHERE id = ? UNION ALL SELECT owner FROM checkouts WHERE cart_id = ? LIMIT 1',
    )
    .get(purchaseFlowId, purchaseFlowId)?.owner;
}

// ------------------------------------------------------------------------------------------------ the checkout's tip

/** The settings the checkout offers a tip with: the default ones, when they allow customer tips; else none. */
export function offeredTipSettings(db: Database): TipSettings | undefined {
  const s = defaultTipSettings(db);
  return s?.allowCustomerTip && s.presets.length ? s : undefined;
}

/** The preset a checkout preselects: the default preset of the settings, as a choice. */
export function defaultChoice(s: TipSettings): TipChoice | undefined {
  const p = s.presets.find((x) => x.default);
  return p ? { tipType: s.tipType, hundredths: hundredthsOf(p.value) } : undefined;
}

/** A tip in cents for a line-item subtotal. */
export function tipCentsOf(choice: TipChoice, subtotalCents: number): number {
  return choice.tipType === 'PERCENTAGE' ? Math.round((subtotalCents * choice.hundredths) / 10000) : choice.hundredths;
}

/** What a purchase flow's tip is: its choice (the one given, else the stored one, else the default preset). */
export interface TipAsk {
  purchaseFlowId: string;
  /** A choice not stored yet (the hosted checkout's form); `null`: no tip. */
  choice?: TipChoice | null;
}

export interface AppliedTip {
  cents: number;
  choice: TipChoice;
  lineItemSubtotal: number;
}

/**
 * The totals with the purchase flow's tip added (`tip`, `total`): the one place the commerce totals call
 * (domain/commerce.ts `priceCart`). No tip when the shop offers none, or for a cart (no ask).
 */
export function withTip<T extends { subtotal: number; total: number }>(
  db: Database,
  totals: T,
  ask: TipAsk | undefined,
): T & { tip?: AppliedTip } {
  const s = ask && offeredTipSettings(db);
  if (!ask || !s || ask.choice === null) return totals;
  let choice = ask.choice ?? storedTipChoice(db, ask.purchaseFlowId) ?? defaultChoice(s);
  if (choice?.tipType === 'CUSTOM' && !s.allowCustomAmount) choice = defaultChoice(s);
  if (!choice) return totals;
  const cents = tipCentsOf(choice, totals.subtotal);
  return { ...totals, tip: { cents, choice, lineItemSubtotal: totals.subtotal }, total: totals.total + cents };
}

/** The id of an order's (or checkout's) tip fee: stable per purchase flow, so a recomputed checkout keeps it. */
export const tipFeeId = (purchaseFlowId: string) => `tip-${purchaseFlowId}`;

/** A tip as the platform's additional fee (checkout and order `additionalFees[]`). */
export function tipFee<M>(tip: AppliedTip | undefined, purchaseFlowId: string, money: (cents: number) => M) {
  if (!tip?.cents) return [];
  const price = money(tip.cents);
  return [
    {
      id: tipFeeId(purchaseFlowId),
      code: 'TIP',
      name: 'Tip',
      translatedName: 'Tip',
      price,
      priceBeforeTax: price,
      priceAfterTax: price,
      taxDetails: { taxable: false, totalTax: money(0), taxRate: '0' },
      source: 'SERVICE_PLUGIN',
    },
  ];
}

// ------------------------------------------------------------------------------------------------ an order's tip

export function recordOrderTip(
  db: Database,
  orderId: string,
  purchaseFlowId: string,
  tip: AppliedTip,
  nowMs: number,
): void {
  if (!tip.cents) return;
  db.prepare<[string, string, string, number, number, string, string]>(
    `INSERT OR IGNORE INTO order_tips (order_id, tip_id, additional_fee_id, line_item_subtotal_cents, amount_cents,
       tip_type, created_date) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    orderId,
    randomUUID(),
    tipFeeId(purchaseFlowId),
    tip.lineItemSubtotal,
    tip.cents,
    tip.choice.tipType,
    new Date(nowMs).toISOString(),
  );
}

/** The tips service's `Tip` of an order, or undefined when it was placed without one. */
export function orderTip(db: Database, orderId: string) {
  const r = db
    .prepare<[string], { tip_id: string; line_item_subtotal_cents: number; amount_cents: number }>(
      'SELECT tip_id, line_item_subtotal_cents, amount_cents FROM order_tips WHERE order_id = ?',
    )
    .get(orderId);
  if (!r) return undefined;
  const d = (c: number) => (c / 100).toFixed(2);
  // no staff in the emulator: nothing is distributed, the whole amount is undistributed
  return {
    id: r.tip_id,
    lineItemSubtotal: d(r.line_item_subtotal_cents),
    amount: d(r.amount_cents),
    distributions: [],
    undistributedAmount: d(r.amount_cents),
  };
}
