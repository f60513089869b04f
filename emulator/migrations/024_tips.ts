import type { Migration } from './migration.ts';

/**
 * Tips and checkout settings (issue 40, i40-tips; docs/wire.md "i40-tips"): the Tips app's settings
 * (`@wix/auto_sdk_ecom_tip-settings`: one row per settings object, the default one created with the app as the
 * platform does, customer tips off until the owner turns them on), a purchase flow's tip choice (`@wix/auto_sdk_ecom_tips`
 * getTipChoice/updateTipChoice: the cart's `purchaseFlowId`) and the tip an order was placed with (getTipByOrderId; the
 * order carries it as an additional fee too). The site's checkout settings (`@wix/auto_sdk_ecom_checkout-settings`)
 * live in `site_settings` under `checkoutSettings` (one object per site, domain/checkout-settings.ts).
 * Values: `data` is the settings' JSON as the wire has it (presets' values are numbers: percent or currency units).
 */
export const migration024: Migration = {
  version: 24,
  name: 'tips',
  sql: `
    CREATE TABLE tip_settings (
      id TEXT PRIMARY KEY,
      is_default INTEGER NOT NULL DEFAULT 0,
      data TEXT NOT NULL, -- JSON: tipType, presets, allow* flags, identifiers (locationId | paymentTerminalId | userId)
      revision INTEGER NOT NULL DEFAULT 1,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
    CREATE UNIQUE INDEX tip_settings_one_default ON tip_settings (is_default) WHERE is_default = 1;
    INSERT INTO tip_settings (id, is_default, data, revision, created_date, updated_date) VALUES (
      '7d0c3a52-2f6e-4b8e-9a8f-1c2d3e4f5a60', 1,
      '{"tipType":"PERCENTAGE","presets":[{"value":10,"default":false},{"value":15,"default":true},{"value":20,"default":false}],"allowCustomerTip":false,"allowBusinessTipAtPayment":true,"allowCustomAmount":true,"allowEditDistribution":true,"autoTipOnCheckInEnabled":false,"staffDistributionMethod":"EQUAL"}',
      1, '2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00.000Z'
    );

    CREATE TABLE tip_choices (
      purchase_flow_id TEXT PRIMARY KEY,
      tip_type TEXT NOT NULL CHECK (tip_type IN ('PERCENTAGE', 'AMOUNT', 'CUSTOM')),
      value_cents INTEGER NOT NULL CHECK (value_cents >= 0), -- hundredths: of a percent (PERCENTAGE) or of the currency
      updated_date TEXT NOT NULL
    );

    CREATE TABLE order_tips (
      order_id TEXT PRIMARY KEY,
      tip_id TEXT NOT NULL,
      additional_fee_id TEXT NOT NULL,
      line_item_subtotal_cents INTEGER NOT NULL,
      amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
      tip_type TEXT NOT NULL,
      created_date TEXT NOT NULL
    );
  `,
};
