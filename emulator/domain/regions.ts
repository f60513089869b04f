/** The countries the hosted checkout ships to. */
export const COUNTRIES: [code: string, name: string][] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['AU', 'Australia'],
];

/**
 * The regions the hosted checkout offers in a select, for the countries that have them (ISO 3166-2 codes without the
 * country prefix, as the checkout stores an address's `subdivision`). Other countries have no region field.
 */
export interface CountryRegions {
  /** The field's label: what the country calls its regions. */
  label: string;
  regions: [code: string, name: string][];
}

export const COUNTRY_REGIONS: Record<string, CountryRegions> = {
  US: {
    label: 'State',
    regions: [
      ['AL', 'Alabama'],
      ['AK', 'Alaska'],
      ['AZ', 'Arizona'],
      ['AR', 'Arkansas'],
      ['CA', 'California'],
      ['CO', 'Colorado'],
      ['CT', 'Connecticut'],
      ['DE', 'Delaware'],
      ['DC', 'District of Columbia'],
      ['FL', 'Florida'],
      ['GA', 'Georgia'],
      ['HI', 'Hawaii'],
      ['ID', 'Idaho'],
      ['IL', 'Illinois'],
      ['IN', 'Indiana'],
      ['IA', 'Iowa'],
      ['KS', 'Kansas'],
      ['KY', 'Kentucky'],
      ['LA', 'Louisiana'],
      ['ME', 'Maine'],
      ['MD', 'Maryland'],
      ['MA', 'Massachusetts'],
      ['MI', 'Michigan'],
      ['MN', 'Minnesota'],
      ['MS', 'Mississippi'],
      ['MO', 'Missouri'],
      ['MT', 'Montana'],
      ['NE', 'Nebraska'],
      ['NV', 'Nevada'],
      ['NH', 'New Hampshire'],
      ['NJ', 'New Jersey'],
      ['NM', 'New Mexico'],
      ['NY', 'New York'],
      ['NC', 'North Carolina'],
      ['ND', 'North Dakota'],
      ['OH', 'Ohio'],
      ['OK', 'Oklahoma'],
      ['OR', 'Oregon'],
      ['PA', 'Pennsylvania'],
      ['RI', 'Rhode Island'],
      ['SC', 'South Carolina'],
      ['SD', 'South Dakota'],
      ['TN', 'Tennessee'],
      ['TX', 'Texas'],
      ['UT', 'Utah'],
      ['VT', 'Vermont'],
      ['VA', 'Virginia'],
      ['WA', 'Washington'],
      ['WV', 'West Virginia'],
      ['WI', 'Wisconsin'],
      ['WY', 'Wyoming'],
    ],
  },
  CA: {
    label: 'Province or territory',
    regions: [
      ['AB', 'Alberta'],
      ['BC', 'British Columbia'],
      ['MB', 'Manitoba'],
      ['NB', 'New Brunswick'],
      ['NL', 'Newfoundland and Labrador'],
      ['NS', 'Nova Scotia'],
      ['NT', 'Northwest Territories'],
      ['NU', 'Nunavut'],
      ['ON', 'Ontario'],
      ['PE', 'Prince Edward Island'],
      ['QC', 'Quebec'],
      ['SK', 'Saskatchewan'],
      ['YT', 'Yukon'],
    ],
  },
  AU: {
    label: 'State or territory',
    regions: [
      ['ACT', 'Australian Capital Territory'],
      ['NSW', 'New South Wales'],
      ['NT', 'Northern Territory'],
      ['QLD', 'Queensland'],
      ['SA', 'South Australia'],
      ['TAS', 'Tasmania'],
      ['VIC', 'Victoria'],
      ['WA', 'Western Australia'],
    ],
  },
};

/** A country's regions, or undefined for a country without a region list (or a name that is no country's). */
export const regionsOf = (country: string): CountryRegions | undefined =>
  Object.hasOwn(COUNTRY_REGIONS, country) ? COUNTRY_REGIONS[country] : undefined;

/** A region's name in its country, or undefined. */
export const regionName = (country: string, code: string): string | undefined =>
  regionsOf(country)?.regions.find(([c]) => c === code)?.[1];

/** A country's name, or undefined. */
export const countryName = (code: string): string | undefined => COUNTRIES.find(([c]) => c === code)?.[1];

/**
 * French names of the regions whose name differs from the English one (keyed `country.code`), and the French labels
 * of the region fields: the hosted checkout's select on a French page (codes unchanged).
 */
const FRENCH_REGIONS: Record<string, string> = {
  'US.CA': 'Californie',
  'US.DC': 'District de Columbia',
  'US.FL': 'Floride',
  'US.GA': 'Géorgie',
  'US.HI': 'Hawaï',
  'US.LA': 'Louisiane',
  'US.NC': 'Caroline du Nord',
  'US.ND': 'Dakota du Nord',
  'US.NM': 'Nouveau-Mexique',
  'US.PA': 'Pennsylvanie',
  'US.PR': 'Porto Rico',
  'US.SC': 'Caroline du Sud',
  'US.SD': 'Dakota du Sud',
  'US.VA': 'Virginie',
  'US.WV': 'Virginie-Occidentale',
  'CA.BC': 'Colombie-Britannique',
  'CA.NB': 'Nouveau-Brunswick',
  'CA.NL': 'Terre-Neuve-et-Labrador',
  'CA.NS': 'Nouvelle-Écosse',
  'CA.NT': 'Territoires du Nord-Ouest',
  'CA.PE': 'Île-du-Prince-Édouard',
  'CA.QC': 'Québec',
  'AU.ACT': 'Territoire de la capitale australienne',
  'AU.NSW': 'Nouvelle-Galles du Sud',
  'AU.NT': 'Territoire du Nord',
  'AU.SA': 'Australie-Méridionale',
  'AU.TAS': 'Tasmanie',
  'AU.WA': 'Australie-Occidentale',
};
const FRENCH_LABELS: Record<string, string> = {
  US: 'État',
  CA: 'Province ou territoire',
  AU: 'État ou territoire',
};

/**
 * Every country's region list in a page's language: French names (sorted in French) on a French page, else English.
 * The codes are the same in both.
 */
export function countryRegionsIn(french: boolean): Record<string, CountryRegions> {
  if (!french) return COUNTRY_REGIONS;
  return Object.fromEntries(
    Object.entries(COUNTRY_REGIONS).map(([country, r]) => [
      country,
      {
        label: FRENCH_LABELS[country] ?? r.label,
        regions: r.regions
          .map(([code, name]): [string, string] => [code, FRENCH_REGIONS[`${country}.${code}`] ?? name])
          .sort((a, b) => a[1].localeCompare(b[1], 'fr')),
      },
    ]),
  );
}
