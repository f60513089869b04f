import type { I18n } from '../../../../core/i18n/index.ts';
import type { Rule } from './model.ts';
import type { T } from './words.ts';
import type { discountStrings } from './strings.ts';

export const CURRENCY = 'USD';

/** What a rule takes off, in words ("15 % off", "$5.00 off each", "Each at $15.00"). */
export const discountOf = (r: Pick<Rule, 'type' | 'value'>, t: T, i: I18n) =>
  r.type === 'PERCENTAGE'
    ? t('dr.pct', { value: i.number(Number(r.value)) })
    : t(r.type === 'FIXED_PRICE' ? 'dr.price' : 'dr.amount', { value: i.money(r.value, CURRENCY) });

/** When a rule applies, in words. */
export function windowOf(r: Rule, t: T, i: I18n) {
  const d = (s: string) => i.date(s, 'medium');
  if (r.start && r.end) return t('dr.between', { start: d(r.start), end: d(r.end) });
  if (r.end) return t('dr.until', { date: d(r.end) });
  return r.start ? t('dr.from', { date: d(r.start) }) : t('dr.always');
}

/** The status badge's string key: off, or the platform's status (an unknown one reads as live). */
export function statusKey(r: Rule) {
  const status = r.active ? r.status : 'off';
  const k = (s: string) => `dr.${s}` as keyof typeof discountStrings;
  return {
    status,
    key: k(status === 'off' ? 'off' : ['LIVE', 'PENDING', 'EXPIRED'].includes(status) ? status : 'LIVE'),
  };
}

/** Which items a rule applies to, in words. */
export const appliesOf = (r: Rule, t: T) =>
  r.appliesTo === 'ALL'
    ? t('dr.ALL')
    : t(r.appliesTo === 'PRODUCTS' ? 'dr.products' : 'dr.collections', { count: r.ids.length });

/** On what condition a rule applies, in words. */
export const triggerOf = (r: Rule, t: T, i: I18n) =>
  r.trigger === 'SUBTOTAL'
    ? t('dr.SUBTOTAL', { value: i.money(r.min ?? '0', CURRENCY) })
    : r.trigger === 'QUANTITY'
      ? t('dr.QUANTITY', { value: i.number(Number(r.min ?? 1)) })
      : t(r.trigger === 'NONE' ? 'dr.NONE' : 'dr.OTHER');

/** A sample cart's quantity: what was typed, else two of the first item and one of each other. */
export const sampleQty = (qty: Record<string, number>, id: string, n: number) => qty[id] ?? (n === 0 ? 2 : 1);

/** A typed quantity, whole and within 0–99. */
export const clampQty = (value: string) => Math.max(0, Math.min(99, Number(value) || 0));

/** The sample cart's lines to price: each sample item at its quantity, none of those at 0. */
export function sampleLines(sample: { id: string; variantId?: string }[], q: (id: string, n: number) => number) {
  return sample
    .map((s, n) => ({
      productId: s.id,
      ...(s.variantId ? { variantId: s.variantId } : {}),
      quantity: q(s.id, n),
    }))
    .filter((l) => l.quantity > 0);
}
