import { fractionOf, type RegionInput, type TaxGroup, type TaxRate, type TaxRegion } from './model.ts';

/** The countries offered for a new region (a region already made for another shows too). */
export const COUNTRIES = [
  'US',
  'CA',
  'GB',
  'FR',
  'DE',
  'AU',
  'IT',
  'ES',
  'NL',
  'PT',
  'IE',
  'BE',
  'CH',
  'AT',
  'SE',
  'DK',
];
COUNTRIES.push('NO', 'FI', 'NZ', 'JP', 'MX', 'BR', 'IN', 'AE');

export function countryNames(language: string): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** The countries a region's form offers: `r`'s own first when it is not among them. */
export const countriesFor = (r?: TaxRegion) =>
  r && !COUNTRIES.includes(r.country) ? [r.country, ...COUNTRIES] : COUNTRIES;

/** Whether a typed percentage reads as a rate. */
export const rateOk = (percent: string) => fractionOf(percent) !== undefined;

/** A region's form, read. */
export function readRegion(f: HTMLFormElement): RegionInput {
  const v = (n: string) => (f.elements.namedItem(n) as HTMLInputElement).value.trim();
  return {
    country: v('country'),
    subdivision: v('subdivision').toUpperCase(),
    percent: v('percent').replace(',', '.'),
    taxIncludedInPrice: (f.elements.namedItem('included') as HTMLInputElement).checked,
  };
}

/** A rate's form, read: the percentage, and the region chosen when the form offers some. */
export function readRate(f: HTMLFormElement, withRegion: boolean): { percent: string; regionId: string | null } {
  const percent = (f.elements.namedItem('percent') as HTMLInputElement).value.trim().replace(',', '.');
  const regionId = withRegion ? (f.elements.namedItem('region') as HTMLSelectElement).value : null;
  return { percent, regionId };
}

/** A group name's form, read. */
export const readName = (f: HTMLFormElement) => (f.elements.namedItem('name') as HTMLInputElement).value.trim();

/** A group's own rates, each with its region (rates of a region gone are left out). */
export const ownRates = (rates: TaxRate[], g: TaxGroup, regions: TaxRegion[]) =>
  rates
    .filter((r) => r.groupId === g.id && r.regionId !== null)
    .map((r) => ({ r, region: regions.find((x) => x.id === r.regionId) }))
    .filter((x) => x.region);
