import type { I18n } from '../core/i18n/index.ts';

/** The fields of a postal address (orders say `addressLine1`, members `addressLine`). */
export interface AddressLike {
  addressLine1?: string;
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
  streetAddress?: { number?: string; name?: string };
}

/** An address as lines: name, street, city line, region, country (named in the page's language). */
export function addressLines(i18n: I18n, a?: AddressLike, who?: { firstName?: string; lastName?: string }): string[] {
  if (!a) return [];
  let country = a.country ?? '';
  try {
    if (country) country = new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(country) ?? country;
  } catch {
    /* an unknown code stays as it is */
  }
  const street = a.addressLine1 ?? a.addressLine ?? [a.streetAddress?.number, a.streetAddress?.name].join(' ').trim();
  const region = (a.subdivision ?? '').replace(/^[A-Z]{2}-/, '');
  // North America and Australia write "City, REGION POSTAL"; elsewhere "POSTAL City", the region on its own line
  const cityLine = /^(US|CA|AU)$/.test(a.country ?? '')
    ? [a.city, [region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : [a.postalCode, a.city].filter(Boolean).join(' ');
  return [
    [who?.firstName, who?.lastName].filter(Boolean).join(' '),
    street,
    a.addressLine2 ?? '',
    cityLine,
    /^(US|CA|AU)$/.test(a.country ?? '') ? '' : region,
    country,
  ].filter(Boolean);
}
