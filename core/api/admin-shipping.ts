/**
 * The owner console's shipping settings, through the site companion (docs/companion.md "Owner console: shipping";
 * companion/admin-shipping.ts): the shipping options with their delivery regions and rates, and the shipping label
 * provider's configuration (its own routes, so its refusal costs that panel only). Owner only: anyone else gets 403
 * `NOT_OWNER`. Only the console's shipping chunk imports this file.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type CompanionRoutes } from './companion.ts';
import type { CompanionRequests } from './companion-requests.ts';

const str = z.optional(z.string());
const condition = z.looseObject({ type: z.string(), operator: z.string(), value: z.string() });
const rate = z.looseObject({
  amount: z.string(),
  conditions: z.array(condition),
  multiplyByQuantity: z.optional(z.boolean()),
});
export const shippingOptionSchema = z.looseObject({
  id: z.string(),
  revision: z.string(),
  title: z.string(),
  estimatedDeliveryTime: str,
  deliveryRegionIds: z.array(z.string()),
  rates: z.array(rate),
});
export const deliveryRegionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  destinations: z.array(z.looseObject({ countryCode: z.string(), subdivisions: z.optional(z.array(z.string())) })),
});
export const labelConfigurationSchema = z.looseObject({
  id: z.string(),
  revision: z.string(),
  shipFromAddress: z.looseObject({
    country: z.string(),
    subdivision: str,
    city: z.string(),
    postalCode: z.string(),
    addressLine1: z.string(),
  }),
  defaultPackage: z.looseObject({
    type: z.string(),
    dimensions: z.optional(z.looseObject({ length: z.string(), width: z.string(), height: z.string() })),
  }),
  services: z.array(z.string()),
  markup: z.looseObject({ type: z.string(), value: z.string() }),
});
export type ShippingOptionView = z.infer<typeof shippingOptionSchema>;
export type DeliveryRegionView = z.infer<typeof deliveryRegionSchema>;
export type LabelConfiguration = z.infer<typeof labelConfigurationSchema>;
export type ShippingOptionBody = z.infer<CompanionRequests['POST /admin/shipping/options']>;
export type ShippingOptionPatch = z.infer<CompanionRequests['PATCH /admin/shipping/options/{id}']>;
export type LabelPatch = z.infer<CompanionRequests['PATCH /admin/shipping/label/{id}']>;

const optionAnswer = z.looseObject({ option: shippingOptionSchema });
/** Every option (in the store's order) and the delivery regions they may serve. */
const listShippingRoute = {
  method: 'GET',
  path: '/admin/shipping',
  schema: z.looseObject({ options: z.array(shippingOptionSchema), regions: z.array(deliveryRegionSchema) }),
} as const;
/** 409 `TITLE_TAKEN` when an option already has the title (a create whose answer was lost, sent again). */
const createShippingRoute = { method: 'POST', path: '/admin/shipping/options', schema: optionAnswer } as const;
/** At the revision read (409 `REVISION_MISMATCH` otherwise); regions added and removed to match `regionIds`. */
const updateShippingRoute = { method: 'PATCH', path: '/admin/shipping/options/{id}', schema: optionAnswer } as const;
/** 404 `NOT_FOUND` when already gone. */
const deleteShippingRoute = {
  method: 'DELETE',
  path: '/admin/shipping/options/{id}',
  schema: z.looseObject({ deleted: z.boolean() }),
} as const;
const labelAnswer = z.looseObject({ configuration: labelConfigurationSchema });
/** The site's label provider configuration (404 `NOT_FOUND`: none). */
const getLabelRoute = { method: 'GET', path: '/admin/shipping/label', schema: labelAnswer } as const;
/** At the revision read (409 `REVISION_MISMATCH` otherwise). */
const updateLabelRoute = { method: 'PATCH', path: '/admin/shipping/label/{id}', schema: labelAnswer } as const;

/** The owner's shipping routes, their bodies in companion-requests.ts. */
export const adminShippingRoutes = [
  listShippingRoute,
  createShippingRoute,
  updateShippingRoute,
  deleteShippingRoute,
  getLabelRoute,
  updateLabelRoute,
] as const satisfies CompanionRoutes;

/** `GET admin/shipping`: every option and the delivery regions. */
export const listShipping = (http: Http) => callRoute(http, listShippingRoute, {});
/** `POST admin/shipping/options`. */
export const createShipping = async (http: Http, body: ShippingOptionBody) =>
  (await callRoute(http, createShippingRoute, { body })).option;
/** `PATCH admin/shipping/options/{id}`. */
export const updateShipping = async (http: Http, id: string, body: ShippingOptionPatch) =>
  (await callRoute(http, updateShippingRoute, { id, body })).option;
/** `DELETE admin/shipping/options/{id}`. */
export const deleteShipping = (http: Http, id: string) => callRoute(http, deleteShippingRoute, { id });
/** `GET admin/shipping/label`. */
export const getLabel = async (http: Http) => (await callRoute(http, getLabelRoute, {})).configuration;
/** `PATCH admin/shipping/label/{id}`. */
export const updateLabel = async (http: Http, id: string, body: LabelPatch) =>
  (await callRoute(http, updateLabelRoute, { id, body })).configuration;
