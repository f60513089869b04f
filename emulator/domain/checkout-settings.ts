/**
 * The site's checkout settings (`@wix/auto_sdk_ecom_checkout-settings`; issue 40, i40-tips; docs/wire.md "i40-tips"):
 * one object per site, kept in `site_settings` under `checkoutSettings` as the wire has it (dates aside). What is not
 * stored reads as the defaults the client's types document (policies hidden, checkboxes hidden and unticked, a medium
 * logo at the side). An update merges the fields it sends into what is stored (a PATCH without a field mask: every
 * field sent is set, objects merged field by field, `null` leaves a field as it was).
 */
import type { Database } from 'better-sqlite3';
import { getSetting, setSetting } from './settings.ts';

const KEY = 'checkoutSettings';

type Json = Record<string, unknown>;

const policy = () => ({ visible: false, content: '' });

/** The settings a site has before anyone changes them (the defaults the types document). */
export const CHECKOUT_SETTINGS_DEFAULTS = {
  checkoutPolicies: {
    termsAndConditions: policy(),
    privacyPolicy: policy(),
    returnPolicy: policy(),
    digitalItemPolicy: policy(),
    contactUs: policy(),
    customPolicy: { ...policy(), title: '' },
  },
  checkoutFields: {
    subscriptionCheckbox: { visible: false, checkedByDefault: false, splitByChannel: false },
    policyAgreementCheckbox: { visible: false, checkedByDefault: false },
    giftCardRedeemEnabled: false,
    mitEnabled: false,
    delayCaptureEnabled: false,
    captureBeforeExpiryEnabled: true,
  },
  checkoutBrand: {
    header: {
      logo: { size: 'MEDIUM' },
      alignment: 'SIDE',
      displayCheckoutLabel: true,
      continueShopping: { hidden: false, displayType: 'TEXT' },
    },
    mainSection: { expressButtonsCornerRadius: 'RECTANGLE' },
    footer: {},
    global: {},
  },
  checkoutBillingFields: 'All_FIELDS',
};

export type CheckoutSettings = typeof CHECKOUT_SETTINGS_DEFAULTS & {
  checkoutBrand: { header: { text?: string; logo: { size: string; image?: { url: string } } } };
  createdDate?: string;
  updatedDate?: string;
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `patch` merged into `base`: objects field by field, `null`/`undefined` keep the base's value. */
function merge(base: unknown, patch: unknown): unknown {
  if (patch === undefined || patch === null) return base;
  if (!isObject(patch) || !isObject(base)) return patch;
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = merge(base[k], v);
  return out;
}

/** The site's checkout settings, the defaults filled in. */
export function checkoutSettings(db: Database): CheckoutSettings {
  const stored = getSetting<Json>(db, KEY);
  return merge(CHECKOUT_SETTINGS_DEFAULTS, stored ?? {}) as CheckoutSettings;
}

/** Merges `patch` (validated by the route) into the stored settings; returns the result. */
export function updateCheckoutSettings(db: Database, patch: Json, nowMs: number): CheckoutSettings {
  const now = new Date(nowMs).toISOString();
  const stored = getSetting<Json>(db, KEY) ?? { createdDate: now };
  setSetting(db, KEY, { ...(merge(stored, patch) as Json), updatedDate: now });
  return checkoutSettings(db);
}
