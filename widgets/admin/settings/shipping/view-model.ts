import type { I18n } from '../../../../core/i18n/index.ts';
import type {
  DeliveryRegionView,
  ShippingOptionBody,
  ShippingOptionView,
} from '../../../../core/api/admin-shipping.ts';
import type { T } from './words.ts';

export const TYPES = ['BY_TOTAL_PRICE', 'BY_TOTAL_WEIGHT', 'BY_TOTAL_QUANTITY'] as const;
export const OPS = ['GTE', 'GT', 'EQ', 'LTE', 'LT'] as const;
const DEC2 = /^\d{1,9}(\.\d{1,2})?$/;
const DEC6 = /^\d{1,9}(\.\d{1,6})?$/;

/** A rate in words: its price, and its first condition ("$0.00 when the order total is at least $75.00"). */
export function rateWords(t: T, i: I18n, r: ShippingOptionView['rates'][number]) {
  const price = Number(r.amount) ? i.money(r.amount, 'USD') : t('sh.free');
  const c = r.conditions[0];
  if (!c) return t('sh.rate', { price });
  const value =
    c.type === 'BY_TOTAL_PRICE'
      ? i.money(c.value, 'USD')
      : c.type === 'BY_TOTAL_WEIGHT'
        ? t('sh.kg', { value: c.value })
        : c.value;
  const more = r.conditions.length > 1 ? ` ${t('sh.more', { count: r.conditions.length - 1 })}` : '';
  return (
    t('sh.rateWhen', { price, what: t(`sh.what.${c.type}` as never), op: t(`sh.op.${c.operator}` as never), value }) +
    more
  );
}

/** A region's places in words ("United States, Canada"; none: everywhere else). */
export function placesOf(t: T, i: I18n, r: DeliveryRegionView) {
  if (!r.destinations.length) return t('sh.world');
  const names = new Intl.DisplayNames([i.language], { type: 'region' });
  return r.destinations
    .map((d) =>
      d.subdivisions?.length ? `${names.of(d.countryCode)} (${d.subdivisions.join(', ')})` : names.of(d.countryCode),
    )
    .join(', ');
}

export interface Group {
  key: string;
  name: string;
  places: string;
  options: ShippingOptionView[];
}

/** The options by region, then those in no region known (under "No region"). */
export function groupsOf(t: T, i: I18n, regions: DeliveryRegionView[], options: ShippingOptionView[]) {
  const groups: Group[] = regions.map((r) => ({
    key: r.id,
    name: r.name,
    places: placesOf(t, i, r),
    options: options.filter((o) => o.deliveryRegionIds.includes(r.id)),
  }));
  const nowhere = options.filter((o) => !o.deliveryRegionIds.some((id) => regions.some((r) => r.id === id)));
  if (nowhere.length) groups.push({ key: 'none', name: t('sh.noRegion'), places: '', options: nowhere });
  return groups;
}

/** What is wrong with a draft, in words (false: nothing). */
export function check(t: T, d: ShippingOptionBody) {
  return {
    title: !d.title.trim() && t('sh.err.title'),
    regions: !d.regionIds.length && t('sh.err.regions'),
    rates: d.rates.map((r) => ({
      amount: !DEC2.test(r.amount) && t('sh.err.amount'),
      value: !!r.conditions[0] && !DEC6.test(r.conditions[0].value) && t('sh.err.value'),
    })),
  };
}
export type Problems = ReturnType<typeof check>;
export const invalid = (p: Problems) => !!p.title || !!p.regions || p.rates.some((r) => r.amount || r.value);

/** What most shoppers pay: the lowest rate without a condition (else the lowest of all). */
export function lowestOf(d: ShippingOptionBody) {
  const plain = d.rates.filter((r) => !r.conditions.length);
  return Math.min(...(plain.length ? plain : d.rates).map((r) => Number(r.amount) || 0));
}

/** The names of the regions a draft ships to. */
export const regionNames = (d: ShippingOptionBody, regions: DeliveryRegionView[]) =>
  regions.filter((r) => d.regionIds.includes(r.id)).map((r) => r.name);
