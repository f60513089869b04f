/**
 * Conformance of tips and checkout settings (issue 40, i40-tips), through the platform's generated clients unmodified:
 * `@wix/auto_sdk_ecom_tip-settings` (query, create, update, create the default, delete), `@wix/auto_sdk_ecom_tips`
 * (preview, a purchase flow's choice, an order's tip) and `@wix/auto_sdk_ecom_checkout-settings` (get, update). The
 * owner-only calls are refused to a visitor (tests/conformance/refusals.test.ts refuses them to a member too).
 */
import { describe, expect, it } from 'vitest';
import { AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as tipSettings from '@wix/auto_sdk_ecom_tip-settings';
import * as tips from '@wix/auto_sdk_ecom_tips';
import * as checkoutSettings from '@wix/auto_sdk_ecom_checkout-settings';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { seedIds } from '../../emulator/seed.ts';
import { DEMO_CLIENT_ID, placeOrder } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';
import { callsOf } from './calls.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;
const tapers = seedIds.products['beeswax-taper-candles']!;

const adminClient = () =>
  createClient({
    auth: AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: platform.emu.clientSecret, instanceId: SITE_ID }),
    modules: { tipSettings, tips, checkoutSettings },
  });
const shopperClient = () =>
  createClient({
    auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }),
    modules: { tipSettings, tips, checkoutSettings, currentCart },
  });

const refused = { status: 403, details: { applicationError: { code: 'PERMISSION_DENIED' } } };

describe('tip settings (admin)', () => {
  it('query, update the default, create, delete; the default cannot be deleted; a visitor is refused', async () => {
    const admin = adminClient();
    const { items } = await admin.tipSettings.queryTipSettings().eq('default', true).find();
    const def = items[0]!;
    expect(def).toMatchObject({ default: true, tipType: 'PERCENTAGE', presets: expect.any(Array) });
    expect(def._createdDate).toBeInstanceOf(Date);

    const updated = await admin.tipSettings.updateTipSettings({
      _id: def._id,
      revision: def.revision,
      allowCustomerTip: true,
      presets: [{ value: 12.5, default: true }, { value: 18 }],
    });
    expect(updated).toMatchObject({ allowCustomerTip: true, presets: [{ value: 12.5, default: true }, { value: 18 }] });
    expect(updated.revision).not.toBe(def.revision);

    const made = await admin.tipSettings.createTipSettings({
      paymentTerminalId: 'terminal-1',
      tipType: 'AMOUNT',
      presets: [{ value: 1 }, { value: 2, default: true }],
    });
    expect(made).toMatchObject({ default: false, paymentTerminalId: 'terminal-1', tipType: 'AMOUNT' });
    await admin.tipSettings.deleteTipSettings(made._id!);
    await expect(admin.tipSettings.deleteTipSettings(def._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'CANNOT_DELETE_DEFAULT_SETTINGS' } },
    });
    await expect(
      admin.tipSettings.createDefaultTipSettings({ tipType: 'PERCENTAGE', presets: [{ value: 10 }] }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'DEFAULT_SETTINGS_ALREADY_EXISTS' } } });

    const shopper = shopperClient();
    await expect(shopper.tipSettings.queryTipSettings().find()).rejects.toMatchObject(refused);
  });

  it('createDefaultTipSettings: made when the site has none (the app installed anew)', async () => {
    platform.emu.db.prepare('DELETE FROM tip_settings WHERE is_default = 1').run();
    const admin = adminClient();
    const made = await admin.tipSettings.createDefaultTipSettings({
      tipType: 'PERCENTAGE',
      presets: [{ value: 12.5, default: true }, { value: 18 }],
      allowCustomerTip: true,
    });
    expect(made.tipSettings).toMatchObject({ default: true, tipType: 'PERCENTAGE', allowCustomAmount: true });
  });
});

describe('tips', () => {
  it('previewTip, the purchase flow’s choice (its own shopper), the order’s tip (admin)', async () => {
    const shopper = shopperClient();
    const preview = await shopper.tips.previewTip(
      [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: tapers }, price: '12.50', quantity: 2 }],
      { tipChoice: { tipType: 'PERCENTAGE', value: '10' } },
    );
    expect(preview.tip).toMatchObject({ lineItemSubtotal: '25.00', amount: '2.50', distributions: [] });

    const { cart } = await shopper.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: tapers }, quantity: 1 }],
    });
    const flow = cart!.purchaseFlowId!;
    expect((await shopper.tips.getTipChoice(flow)).tipChoice).toEqual({ tipType: 'PERCENTAGE', value: '12.5' });
    const set = await shopper.tips.updateTipChoice({ tipType: 'CUSTOM', value: '4.25' }, { purchaseFlowId: flow });
    expect(set.tipChoice).toEqual({ tipType: 'CUSTOM', value: '4.25' });
    // another shopper does not see it
    await expect(shopperClient().tips.getTipChoice(flow)).rejects.toMatchObject({ status: 404 });

    const orderId = await placeOrder(platform.emu, [{ productId: tapers, quantity: 2 }]);
    const admin = adminClient();
    const { tip } = await admin.tips.getTipByOrderId(orderId);
    expect(Number(tip!.amount)).toBeCloseTo(Number(tip!.lineItemSubtotal) * 0.125, 2);
    await expect(shopper.tips.getTipByOrderId(orderId)).rejects.toMatchObject(refused);
  });
});

describe('checkout settings (admin)', () => {
  it('get the defaults, update a policy and the agreement box; a visitor is refused', async () => {
    const admin = adminClient();
    const { checkoutSettings: first } = await admin.checkoutSettings.getCheckoutSettings();
    expect(first).toMatchObject({
      checkoutBrand: { header: { logo: { size: 'MEDIUM' }, alignment: 'SIDE' } },
      checkoutFields: { policyAgreementCheckbox: { visible: false, checkedByDefault: false } },
    });
    const { checkoutSettings: next } = await admin.checkoutSettings.updateCheckoutSettings({
      checkoutPolicies: { termsAndConditions: { visible: true, content: 'Be kind.' } },
      checkoutFields: { policyAgreementCheckbox: { visible: true } },
      checkoutBrand: { header: { logo: { size: 'SMALL' }, alignment: 'CENTER' } },
    });
    expect(next).toMatchObject({
      checkoutPolicies: { termsAndConditions: { visible: true, content: 'Be kind.' } },
      checkoutFields: { policyAgreementCheckbox: { visible: true, checkedByDefault: false } },
      checkoutBrand: { header: { logo: { size: 'SMALL' }, alignment: 'CENTER' } },
    });
    expect(next!._updatedDate).toBeInstanceOf(Date);
    await expect(shopperClient().checkoutSettings.getCheckoutSettings()).rejects.toMatchObject(refused);
  });
});

describe('coverage', () => {
  covers(...callsOf('tips.test.ts'));
  refuses('queryTipSettings', 'getTipByOrderId', 'getCheckoutSettings');
  platform.coverageCase();
});
