// <inlay-admin>'s Settings › Shipping (issue 40 item 4, i40-ship) on the real stack: the built bundle in Chromium, the
// demo's /admin page with the site companion on its origin, the emulator on SQLite. The owner adds a shipping option
// for Canada and changes its price in the console; a shopper's hosted checkout then offers it to a Canadian address
// at that price (and not to a US one), and the order placed with it carries it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { adminToken, api } from '../helpers/emulator.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { shopperCheckoutUrl } from '../helpers/hosted.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');

async function openShipping(w: WatchedPage) {
  await w.page.goto(`${env.stack.demo}/admin?section=settings&admin-setting=shipping`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  const a = admin(w.page);
  await a.locator('[part=shipping-region]', { hasText: 'Canada' }).waitFor({ timeout: 15_000 });
  return a;
}

/** A new visitor's hosted checkout of one taper set; its URL. */
const shopperCheckout = () => shopperCheckoutUrl(env.stack, [{ slug: 'beeswax-taper-candles', quantity: 1 }]);

describe('<inlay-admin> Settings › Shipping', () => {
  it('the owner adds an option for Canada and changes its price; a shopper’s hosted checkout offers it to Canada at that price, never to the US', async () => {
    const o = await openPage(env.browser);
    const a = await openShipping(o);
    // the options as the store has them, by region, in words
    const us = a.locator('[part=shipping-region]', { hasText: 'United States' });
    expect(await us.textContent()).toContain('Standard shipping');
    expect(await us.textContent()).toContain('when the order total is at least $75.00');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);

    await a.getByRole('button', { name: 'Add a shipping option' }).click();
    const form = a.locator('[part=shipping-editor]');
    await form.getByLabel('Name shoppers see').fill('Maple Express');
    await form.getByLabel('Delivery time (optional)').fill('2–3 business days');
    await form.getByRole('checkbox', { name: 'Canada' }).check();
    await form.getByLabel('Price ($)').fill('12.40');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    // what shoppers pay changes: the console asks first, naming where and from how much
    expect(await form.locator('.confirm').textContent()).toContain(
      'Shoppers shipping to Canada will be offered it from $12.40',
    );
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await form.getByRole('button', { name: 'Save option' }).click();
    await a.getByRole('status').filter({ hasText: '“Maple Express” saved' }).waitFor();
    const canada = a.locator('[part=shipping-region]', { hasText: 'Canada' });
    await canada.locator('[part=shipping-option]', { hasText: 'Maple Express' }).waitFor();

    // the owner changes the price
    await canada.getByRole('button', { name: 'Edit Maple Express' }).click();
    const edit = a.locator('[part=shipping-editor]');
    await edit.getByLabel('Price ($)').fill('13.25');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await edit.getByRole('button', { name: 'Save option' }).click();
    await canada.locator('[part=shipping-option]', { hasText: '$13.25' }).waitFor();
    expect(o.errors).toEqual([]);

    // a shopper's hosted checkout: Canada is offered it at $13.25, the US is not
    const s = await openPage(env.browser);
    await s.page.goto(await shopperCheckout());
    const maple = s.page.locator('label.opt', { hasText: 'Maple Express' });
    await s.page.locator('#checkout select[name=country]').selectOption('US');
    expect(await maple.isVisible()).toBe(false);
    await s.page.locator('#checkout select[name=country]').selectOption('CA');
    await maple.waitFor();
    expect(await maple.textContent()).toContain('$13.25');
    await maple.locator('input').check();
    expect(await s.page.locator('#sum-shipping').textContent()).toBe('$13.25');

    for (const [name, value] of [
      ['email', 'maple@example.com'],
      ['firstName', 'Jo'],
      ['lastName', 'Tremblay'],
      ['addressLine', '1 rue Sainte-Catherine'],
      ['city', 'Montréal'],
      ['postalCode', 'H2X 1Y4'],
      ['cardNumber', '4242424242424242'],
      ['cardExpiry', '12/39'],
      ['cardCvc', '123'],
    ] as const)
      await s.page.locator(`#checkout input[name=${name}]`).fill(value);
    const province = s.page.locator('#checkout select[name=subdivision]');
    if (await province.isVisible()) await province.selectOption('QC');
    await Promise.all([s.page.waitForURL(/thank-you/), s.page.locator('button.pay').click()]);
    const orderId = new URL(s.page.url()).searchParams.get('orderId')!;
    const order = await api(env.stack.emulator, `/ecom/v1/orders/${orderId}`, {
      method: 'GET',
      token: await adminToken(env.stack.emulator),
    });
    expect(order.json.order.shippingInfo).toMatchObject({
      title: 'Maple Express',
      cost: { price: { amount: '13.25' } },
    });
    await s.context.close();
    await o.context.close();
  });

  it('the label provider panel: saved on its own; the options are untouched by it', async () => {
    const o = await openPage(env.browser);
    const a = await openShipping(o);
    const panel = a.locator('[part=shipping-labels]');
    await panel.getByLabel('City').waitFor();
    await panel.getByRole('checkbox', { name: 'Priority Mail Express', exact: true }).check();
    await panel.getByRole('button', { name: 'Save label settings' }).click();
    await panel.getByRole('status').filter({ hasText: 'Label settings saved.' }).waitFor();
    const r = await api(env.stack.emulator, '/ecom/v1/shipping-label-provider-configurations', {
      method: 'GET',
      token: await adminToken(env.stack.emulator),
    });
    expect(r.json.configurations[0].services).toContain('PRIORITY_MAIL_EXPRESS');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await o.context.close();
  });
});
