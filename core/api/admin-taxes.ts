/**
 * The owner console's taxes (Settings › Taxes; issue 40, i40-tax), through the site companion (docs/companion.md
 * "Owner console: taxes"; companion/admin-taxes.ts): the tax regions (country, subdivision, prices including tax or
 * not), the tax groups, and the rate of a group in a region (the platform's manual tax mappings; a region's own rate
 * is the default group's there). Owner only: anyone else gets 403 `NOT_OWNER`. Only the console's taxes chunk
 * imports this file.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type CompanionRoutes } from './companion.ts';

/** A rate as the platform writes it (a decimal fraction, "0.08875") as a percentage ("8.875"), exactly. */
export function percentOf(fraction: string): string {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(fraction);
  if (!m) return fraction;
  const frac = (m[2] ?? '').padEnd(2, '0');
  const whole = String(Number(`${m[1]}${frac.slice(0, 2)}`));
  const rest = frac.slice(2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** A percentage ("8.875", up to 4 decimals, 0 to 100) as the platform's decimal fraction ("0.08875"); else undefined. */
export function fractionOf(percent: string): string | undefined {
  const m = /^(\d{1,3})(?:[.,](\d{1,4}))?$/.exec(percent.trim());
  if (!m) return undefined;
  const digits = `${m[1]!.padStart(3, '0')}${(m[2] ?? '').padEnd(4, '0')}`; // percent × 10⁴, 7 digits
  if (Number(digits) > 100_0000) return undefined;
  const whole = digits.slice(0, 1);
  const frac = digits.slice(1).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

const region = z.looseObject({
  id: z.string(),
  country: z.string(),
  subdivision: z.string(),
  taxIncludedInPrice: z.boolean(),
  revision: z.string(),
});
const group = z.looseObject({ id: z.string(), name: z.string(), revision: z.string(), system: z.boolean() });
const rate = z.looseObject({
  id: z.string(),
  groupId: z.string(),
  /** null: where no region covers the address. */
  regionId: z.nullable(z.string()),
  rate: z.string(),
  revision: z.string(),
});
export type TaxRegion = z.infer<typeof region>;
export type TaxGroup = z.infer<typeof group>;
export type TaxRate = z.infer<typeof rate>;

const listTaxesRoute = {
  method: 'GET',
  path: '/admin/taxes',
  kind: 'read',
  schema: z.looseObject({ regions: z.array(region), groups: z.array(group), rates: z.array(rate) }),
} as const;
const createRegionRoute = {
  method: 'POST',
  path: '/admin/taxes/regions',
  schema: z.looseObject({ region, rate: z.optional(rate) }),
} as const;
const updateRegionRoute = {
  method: 'PATCH',
  path: '/admin/taxes/regions/{id}',
  schema: z.looseObject({ region }),
} as const;
const deleteRegionRoute = {
  method: 'DELETE',
  path: '/admin/taxes/regions/{id}',
  schema: z.looseObject({ deleted: z.boolean() }),
} as const;
const setRateRoute = { method: 'PUT', path: '/admin/taxes/rates', schema: z.looseObject({ rate }) } as const;
const deleteRateRoute = {
  method: 'DELETE',
  path: '/admin/taxes/rates/{id}',
  schema: z.looseObject({ deleted: z.boolean() }),
} as const;
const createGroupRoute = { method: 'POST', path: '/admin/taxes/groups', schema: z.looseObject({ group }) } as const;
const updateGroupRoute = {
  method: 'PATCH',
  path: '/admin/taxes/groups/{id}',
  schema: z.looseObject({ group }),
} as const;
const deleteGroupRoute = {
  method: 'DELETE',
  path: '/admin/taxes/groups/{id}',
  schema: z.looseObject({ deleted: z.boolean() }),
} as const;

/** The owner's tax routes, their bodies in companion-requests.ts. */
export const adminTaxesRoutes = [
  listTaxesRoute,
  createRegionRoute,
  updateRegionRoute,
  deleteRegionRoute,
  setRateRoute,
  deleteRateRoute,
  createGroupRoute,
  updateGroupRoute,
  deleteGroupRoute,
] as const satisfies CompanionRoutes;

/** Every region, group and rate. */
export const listTaxes = (http: Http) => callRoute(http, listTaxesRoute);
/** A region and its rate (a percentage: "8.875"); 409 `ALREADY_EXISTS` when the place has one. */
export const createTaxRegion = (
  http: Http,
  body: { country: string; subdivision?: string; taxIncludedInPrice: boolean; percent: string },
) => callRoute(http, createRegionRoute, { body });
export const updateTaxRegion = (
  http: Http,
  id: string,
  body: { revision: string; country: string; subdivision: string; taxIncludedInPrice: boolean },
) => callRoute(http, updateRegionRoute, { id, body });
export const deleteTaxRegion = (http: Http, id: string) => callRoute(http, deleteRegionRoute, { id });
/** A group's rate in a region (`regionId` null: everywhere else), created or changed to `percent`. */
export const setTaxRate = (http: Http, body: { groupId: string; regionId: string | null; percent: string }) =>
  callRoute(http, setRateRoute, { body });
export const deleteTaxRate = (http: Http, id: string) => callRoute(http, deleteRateRoute, { id });
export const createTaxGroup = (http: Http, name: string) => callRoute(http, createGroupRoute, { body: { name } });
export const updateTaxGroup = (http: Http, id: string, body: { name: string; revision: string }) =>
  callRoute(http, updateGroupRoute, { id, body });
export const deleteTaxGroup = (http: Http, id: string) => callRoute(http, deleteGroupRoute, { id });
