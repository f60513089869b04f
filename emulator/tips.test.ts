/**
 * Tips and checkout settings (issue 40, i40-tips): the tip settings change what a checkout computes and the order
 * records the tip (an additional fee in its totals, and the tips service's getTipByOrderId); the hosted checkout
 * offers the tip (presets, custom, none, the default preselected) and shows the checkout settings (policies, the
 * agreement box it requires); the settings' validation in the platform's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from './domain/catalog.ts';
import { seedIds } from './seed.ts';
import { adminToken, api, CHECKOUT_FORM, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;
const SETTINGS = '/tip-settings/v1/tip-settings';
const cents = (m: { amount: string }) => Math.round(Number(m.amount) * 100);

let emu: RunningEmulator;
let admin: string;
beforeAll(async () => {
  emu = await startTestEmulator();
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

/** A visitor's checkout of `quantity` tapers and its hosted page's URL. */
async function openCheckout(quantity = 2) {
  const token = (await visitorTokens(emu)).access;
  const lineItems = [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: TAPERS }, quantity }];
  expect((await api(emu, '/ecom/v1/carts/current/add-to-cart', { token, body: { lineItems } })).status).toBe(200);
  const created = await api(emu, '/ecom/v1/carts/current/create-checkout', { token, body: { channelType: 'WEB' } });
  const checkoutId = created.json.checkoutId as string;
  const rs = await api(emu, '/_api/redirects-api/v1/redirect-session', {
    token,
    body: { ecomCheckout: { checkoutId }, callbacks: { thankYouPageUrl: 'http://127.0.0.1:5173/thank-you' } },
  });
  const url = new URL(rs.json.redirectSession.fullUrl);
  return { token, checkoutId, url };
}

const pay = (url: URL, fields: Record<string, string>) =>
  fetch(`${url.origin}/_hosted/checkout${url.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin },
    body: new URLSearchParams({ ...CHECKOUT_FORM, ...fields }).toString(),
  });
const orderOf = (res: Response) => new URL(res.headers.get('location')!).searchParams.get('orderId')!;

async function defaultSettings() {
  const r = await api(emu, `${SETTINGS}/query`, { token: admin, body: { query: { filter: { default: true } } } });
  expect(r.status).toBe(200);
  return r.json.tipSettings[0];
}
const update = (tipSettings: Record<string, unknown>) =>
  api(emu, SETTINGS, { method: 'PATCH', token: admin, body: { tipSettings } });

describe('tip settings change what a checkout computes, and the order records the tip', () => {
  it('off by default: no tip in the checkout nor on the page; turned on, the default preset is added', async () => {
    const { token, checkoutId, url } = await openCheckout();
    const before = (await api(emu, `/ecom/v1/checkouts/${checkoutId}`, { token })).json.checkout;
    expect(before.priceSummary.additionalFees.amount).toBe('0.00');
    expect(before.additionalFees).toEqual([]);
    expect(await (await fetch(url)).text()).not.toContain('name="tip"');

    const s = await defaultSettings();
    expect(s).toMatchObject({ default: true, tipType: 'PERCENTAGE', allowCustomerTip: false });
    const on = await update({ id: s.id, revision: s.revision, allowCustomerTip: true });
    expect(on.status).toBe(200);
    expect(on.json.tipSettings.revision).toBe(String(Number(s.revision) + 1));

    const after = (await api(emu, `/ecom/v1/checkouts/${checkoutId}`, { token })).json.checkout;
    const subtotal = cents(after.priceSummary.subtotal);
    const tip = Math.round(subtotal * 0.15); // the default preset, 15 %
    expect(cents(after.priceSummary.additionalFees)).toBe(tip);
    expect(cents(after.priceSummary.total)).toBe(cents(before.priceSummary.total) + tip);
    expect(after.additionalFees).toEqual([
      expect.objectContaining({ code: 'TIP', price: expect.objectContaining({ amount: (tip / 100).toFixed(2) }) }),
    ]);

    // the page offers none, the three presets (15 % checked) and a custom amount; its summary has the tip
    const html = await (await fetch(url)).text();
    expect(html.match(/name="tip" value="[^"]+"/g)).toEqual([
      'name="tip" value="none"',
      'name="tip" value="p0"',
      'name="tip" value="p1"',
      'name="tip" value="p2"',
      'name="tip" value="custom"',
    ]);
    expect(html).toMatch(/value="p1" data-cents="\d+" checked/);
    expect(html).toContain('id="tipCustom"');
    expect(html).toMatch(/id="sum-tip">\$[\d.]+</);
  });

  it('the preset chosen on the page is paid: the order has it as a fee and in its total; getTipByOrderId has it', async () => {
    const { url } = await openCheckout(3);
    const res = await pay(url, { tip: 'p2' }); // 20 %
    expect(res.status).toBe(302);
    const orderId = orderOf(res);
    const order = (await api(emu, `/ecom/v1/orders/${orderId}`, { token: admin })).json.order;
    const p = order.priceSummary;
    const tip = Math.round(cents(p.subtotal) * 0.2);
    expect(cents(p.additionalFees)).toBe(tip);
    expect(cents(p.total)).toBe(cents(p.subtotal) - cents(p.discount) + cents(p.shipping) + cents(p.tax) + tip);
    expect(order.additionalFees[0]).toMatchObject({ code: 'TIP', name: 'Tip' });
    const t = await api(emu, `/tips/v1/tips/order/${orderId}`, { token: admin });
    expect(t.status).toBe(200);
    expect(t.json.tip).toMatchObject({ amount: (tip / 100).toFixed(2), lineItemSubtotal: p.subtotal.amount });
    // the payment took the whole total, tip included
    const tx = await api(emu, `/ecom/v1/payments/orders/${orderId}`, { token: admin });
    expect(tx.json.orderTransactions.payments[0].amount.amount).toBe(p.total.amount);
  });

  it('a custom amount, checked; no tip; the choice stays the purchase flow’s', async () => {
    const bad = await openCheckout();
    const refused = await pay(bad.url, { tip: 'custom', tipCustom: '1e3' });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('Enter a tip amount, such as 5 or 5.50');
    expect(page).toContain('value="1e3"'); // what was typed is kept

    const custom = await pay(bad.url, { tip: 'custom', tipCustom: '3,50' });
    expect(custom.status).toBe(302);
    const order = (await api(emu, `/ecom/v1/orders/${orderOf(custom)}`, { token: admin })).json.order;
    expect(order.priceSummary.additionalFees.amount).toBe('3.50');
    const flow = (await api(emu, `/ecom/v1/checkouts/${order.checkoutId}`, { token: admin })).json.checkout.cartId;
    const choice = await api(emu, `/tips/v1/tips/choice/${flow}`, { token: bad.token });
    expect(choice.json.tipChoice).toEqual({ tipType: 'CUSTOM', value: '3.5' });

    const none = await openCheckout();
    const paid = await pay(none.url, { tip: 'none' });
    const noTip = (await api(emu, `/ecom/v1/orders/${orderOf(paid)}`, { token: admin })).json.order;
    expect(noTip.priceSummary.additionalFees.amount).toBe('0.00');
    expect(noTip.additionalFees).toEqual([]);
    const missing = await api(emu, `/tips/v1/tips/order/${orderOf(paid)}`, { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.json.details.applicationError.code).toBe('TIP_NOT_FOUND');
  });

  it('an AMOUNT type: the presets are amounts; custom off: no custom choice, a forged one refused', async () => {
    const s = await defaultSettings();
    const r = await update({
      id: s.id,
      revision: s.revision,
      tipType: 'AMOUNT',
      presets: [{ value: 2 }, { value: 5, default: true }],
      allowCustomAmount: false,
    });
    expect(r.status).toBe(200);
    const { url, token, checkoutId } = await openCheckout();
    const html = await (await fetch(url)).text();
    expect(html).toMatch(/value="p1" data-cents="500" checked/);
    expect(html).not.toContain('value="custom"');
    const checkout = (await api(emu, `/ecom/v1/checkouts/${checkoutId}`, { token })).json.checkout;
    expect(checkout.priceSummary.additionalFees.amount).toBe('5.00');
    expect((await pay(url, { tip: 'custom', tipCustom: '9' })).status).toBe(400);
  });
});

describe('tip settings: the platform’s rules', () => {
  it('refuses bad settings with the client’s error codes, a stale revision, deleting the default, a visitor', async () => {
    const s = await defaultSettings();
    const four = await update({ id: s.id, presets: [{ value: 1 }, { value: 2 }, { value: 3 }, { value: 4 }] });
    expect(four.status).toBe(400);
    expect(four.json.details.validationError.fieldViolations[0].field).toBe('tipSettings.presets');
    const twoDefaults = await update({
      id: s.id,
      presets: [
        { value: 1, default: true },
        { value: 2, default: true },
      ],
    });
    expect(twoDefaults.json.details.applicationError.code).toBe('CANNOT_HAVE_MORE_THAN_ONE_DEFAULT_PRESET');
    const high = await update({ id: s.id, tipType: 'PERCENTAGE', presets: [{ value: 150 }] });
    expect(high.json.details.applicationError.code).toBe('PRESET_PERCENTAGE_TOO_HIGH');
    const stale = await update({ id: s.id, revision: '0', allowCustomerTip: false });
    expect(stale.status).toBe(409);
    const del = await api(emu, `${SETTINGS}/${s.id}`, { method: 'DELETE', token: admin });
    expect(del.json.details.applicationError.code).toBe('CANNOT_DELETE_DEFAULT_SETTINGS');
    const again = await api(emu, `${SETTINGS}/create-default`, {
      token: admin,
      body: { tipSettings: { tipType: 'AMOUNT', presets: [{ value: 1 }] } },
    });
    expect(again.json.details.applicationError.code).toBe('DEFAULT_SETTINGS_ALREADY_EXISTS');
    const visitor = (await visitorTokens(emu)).access;
    expect((await api(emu, `${SETTINGS}/query`, { token: visitor, body: { query: {} } })).status).toBe(403);
    expect((await defaultSettings()).revision).toBe(s.revision); // nothing refused changed anything
  });
});

describe('checkout settings: the hosted checkout shows them', () => {
  it('policies and the agreement box (required), the header’s text; bad values refused', async () => {
    const bad = await api(emu, '/ecom/v1/checkout-settings', {
      method: 'PATCH',
      token: admin,
      body: { checkoutSettings: { checkoutBrand: { header: { text: 'x'.repeat(56), textColor: 'red' } } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.details.validationError.fieldViolations.map((v: { field: string }) => v.field).sort()).toEqual([
      'checkoutSettings.checkoutBrand.header.text',
      'checkoutSettings.checkoutBrand.header.textColor',
    ]);
    const set = await api(emu, '/ecom/v1/checkout-settings', {
      method: 'PATCH',
      token: admin,
      body: {
        checkoutSettings: {
          checkoutPolicies: { returnPolicy: { visible: true, content: 'Returns within 30 days.\n<b>No</b> fuss.' } },
          checkoutFields: { policyAgreementCheckbox: { visible: true } },
          checkoutBrand: { header: { text: 'Fernwood Checkout', alignment: 'CENTER', logo: { size: 'LARGE' } } },
        },
      },
    });
    expect(set.status).toBe(200);
    expect(set.json.checkoutSettings.checkoutPolicies.privacyPolicy).toEqual({ visible: false, content: '' });
    const { url } = await openCheckout();
    const html = await (await fetch(url)).text();
    expect(html).toContain('Return policy');
    expect(html).toContain('Returns within 30 days.\n&lt;b&gt;No&lt;/b&gt; fuss.'); // text, never markup
    expect(html).toContain('name="policyAgreement"');
    expect(html).toContain('Fernwood Checkout');
    expect(html).toContain('co-head center logo-large');
    const refused = await pay(url, { tip: 'none' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Tick the box to agree to the store’s policies');
    expect((await pay(url, { tip: 'none', policyAgreement: '1' })).status).toBe(302);
  });
});
