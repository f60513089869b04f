/**
 * The regions a country's addresses must name, for the countries the address form offers a select for (ISO 3166-2
 * codes without the country, and their English names); any other country takes the region as typed. Travels with the
 * address form's chunk only. French names come in their own chunk (regions-fr.ts, not a `*.fr.ts` dictionary: only those that differ), loaded on a
 * French page.
 */
const table: Record<string, string> = {
  US:
    'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|' +
    'DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|' +
    'KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|' +
    'MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|' +
    'NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|PR Puerto Rico|RI Rhode Island|' +
    'SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|' +
    'WV West Virginia|WI Wisconsin|WY Wyoming',
  CA:
    'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NS Nova Scotia|' +
    'NT Northwest Territories|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Québec|SK Saskatchewan|YT Yukon',
  AU:
    'ACT Australian Capital Territory|NSW New South Wales|NT Northern Territory|QLD Queensland|SA South Australia|' +
    'TAS Tasmania|VIC Victoria|WA Western Australia',
};

const pairs = (list: string) =>
  list.split('|').map((r): [string, string] => [r.slice(0, r.indexOf(' ')), r.slice(r.indexOf(' ') + 1)]);

/**
 * The country's regions as [code, name], named in the page's language (`names`: `US.CA Californie|…`, the ones that
 * differ from English) and sorted in it; undefined when the form takes the region as typed.
 */
export function regionsOf(country: string, names = '', locale?: string): [string, string][] | undefined {
  const own = new Map(names ? pairs(names) : []);
  return table[country]
    ? pairs(table[country])
        .map(([code, name]): [string, string] => [code, own.get(`${country}.${code}`) ?? name])
        .sort((a, b) => a[1].localeCompare(b[1], locale))
    : undefined;
}

/** The country of a locale ("fr-CA" → CA, "fr" → FR), when the list offers it; else undefined. */
export function localeCountry(offered: readonly string[], ...locales: (string | undefined)[]): string | undefined {
  for (const l of locales) {
    try {
      const r = l && new Intl.Locale(l).maximize().region;
      if (r && offered.includes(r)) return r;
    } catch {
      /* a malformed tag tells nothing */
    }
  }
  return undefined;
}
