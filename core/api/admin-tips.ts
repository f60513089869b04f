/**
 * The owner console's Settings › Tips and Settings › Checkout, through the site companion (docs/companion.md "Owner
 * console: tips and checkout settings"; companion/admin-tips.ts). Owner only: anyone else gets 403 `NOT_OWNER`. Only
 * the console's tips and checkout settings chunks import this file.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type BodyOf, type CompanionRoutes } from './companion.ts';
import type { CompanionRequests } from './companion-requests.ts';

/** The tip types of the Tips app's settings (`@wix/auto_sdk_ecom_tip-settings`). */
export const TIP_TYPES = ['PERCENTAGE', 'AMOUNT'] as const;
/** At most this many presets (the client's `@maxSize 3`), at least one. */
export const MAX_PRESETS = 3;

const tipSettingsSchema = z.looseObject({
  id: z.string(),
  revision: z.string(),
  tipType: z.string(),
  presets: z.array(z.looseObject({ value: z.number(), default: z.boolean() })),
  allowCustomerTip: z.boolean(),
  allowCustomAmount: z.boolean(),
});
export type TipSettingsView = z.infer<typeof tipSettingsSchema>;

const policy = z.looseObject({ visible: z.boolean(), content: z.string() });
const checkbox = z.looseObject({ visible: z.boolean(), checkedByDefault: z.boolean() });
const checkoutSettingsSchema = z.looseObject({
  checkoutPolicies: z.looseObject({
    termsAndConditions: policy,
    privacyPolicy: policy,
    returnPolicy: policy,
    digitalItemPolicy: policy,
    contactUs: policy,
    customPolicy: z.looseObject({ visible: z.boolean(), content: z.string(), title: z.string() }),
  }),
  checkoutFields: z.looseObject({
    subscriptionCheckbox: z.looseObject({
      visible: z.boolean(),
      checkedByDefault: z.boolean(),
      splitByChannel: z.boolean(),
    }),
    policyAgreementCheckbox: checkbox,
  }),
  header: z.looseObject({
    text: z.string(),
    logoSize: z.string(),
    alignment: z.string(),
    displayCheckoutLabel: z.boolean(),
  }),
});
export type CheckoutSettingsView = z.infer<typeof checkoutSettingsSchema>;

/** The default tip settings, or null when the site has none (the Tips app not set up). */
const getTipSettingsRoute = {
  method: 'GET',
  path: '/admin/settings/tips',
  schema: z.looseObject({ tipSettings: z.nullable(tipSettingsSchema) }),
} as const;
/**
 * Saves the default tip settings: creates them when the site has none, else updates them at `revision` (409
 * `REVISION_MISMATCH` when they changed since: read them again).
 */
const saveTipSettingsRoute = {
  method: 'PUT',
  path: '/admin/settings/tips',
  schema: z.looseObject({ tipSettings: tipSettingsSchema }),
} as const;
const getCheckoutSettingsRoute = {
  method: 'GET',
  path: '/admin/settings/checkout',
  schema: z.looseObject({ checkoutSettings: checkoutSettingsSchema }),
} as const;
/** Sets the fields sent (the same values twice change nothing: a retried save is safe). */
const saveCheckoutSettingsRoute = {
  method: 'PATCH',
  path: '/admin/settings/checkout',
  schema: z.looseObject({ checkoutSettings: checkoutSettingsSchema }),
} as const;

/** The owner's tips and checkout settings routes, their bodies in companion-requests.ts. */
export const adminTipsRoutes = [
  getTipSettingsRoute,
  saveTipSettingsRoute,
  getCheckoutSettingsRoute,
  saveCheckoutSettingsRoute,
] as const satisfies CompanionRoutes;

export type TipSettingsInput = BodyOf<CompanionRequests, 'PUT /admin/settings/tips'>;
export type CheckoutSettingsInput = BodyOf<CompanionRequests, 'PATCH /admin/settings/checkout'>;

export const getTipSettings = async (http: Http) => (await callRoute(http, getTipSettingsRoute, {})).tipSettings;
export const saveTipSettings = async (http: Http, body: TipSettingsInput) =>
  (await callRoute(http, saveTipSettingsRoute, { body })).tipSettings;

export const getCheckoutSettings = async (http: Http) =>
  (await callRoute(http, getCheckoutSettingsRoute, {})).checkoutSettings;
export const saveCheckoutSettings = async (http: Http, body: CheckoutSettingsInput) =>
  (await callRoute(http, saveCheckoutSettingsRoute, { body })).checkoutSettings;
