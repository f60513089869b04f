// Settings › Tips (issue 40, i40-tips) on the real stack: the built bundle in Chromium, the demo's /admin page with
// the site companion, the emulator on SQLite. The owner turns tips on and changes a choice in the console; a
// shopper's hosted checkout then offers those tips (the preselected one checked, the total following the choice),
// and the order the shopper pays records the tip chosen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, fillHostedCheckout, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { adminToken, api } from '../helpers/emulator.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { shopperCheckoutUrl } from '../helpers/hosted.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');

async function openSettings(w: WatchedPage, setting: string) {
  await w.page.goto(`${env.stack.demo}/admin?admin-section=settings&admin-setting=${setting}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  return admin(w.page);
}

/** A new visitor's hosted checkout of two taper sets; its URL. */
const shopperCheckout = () => shopperCheckoutUrl(env.stack, [{ slug: 'beeswax-taper-candles', quantity: 2 }]);

const cents = (s: string) => Math.round(Number(s.replace(/[^\d.]/g, '')) * 100);

describe('Settings › Tips', () => {
  it('the owner turns tips on with a new choice; the shopper’s checkout offers them and the order records the tip', async () => {
    // before: the shop offers no tip
    const s = await openPage(env.browser);
    await s.page.goto(await shopperCheckout());
    await s.page.locator('#checkout').waitFor();
    expect(await s.page.locator('input[name=tip]').count()).toBe(0);

    const o = await openPage(env.browser);
    const a = await openSettings(o, 'tips');
    await a.locator('[part=tip-choice]').first().waitFor({ timeout: 15_000 });
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await a.getByLabel('Offer a tip at checkout').check();
    await a.getByRole('textbox', { name: 'Choice 3', exact: true }).fill('25');
    await a.getByRole('button', { name: 'Save' }).click();
    const confirm = a.locator('[part=tips-confirm]');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Shoppers see these tip choices at checkout from now on.');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await confirm.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Tip settings saved.').waitFor();
    await o.context.close();

    // the shopper's checkout: no tip, 10 %, 15 % (preselected), 25 %, custom; the total follows the choice
    await s.page.goto(await shopperCheckout());
    const tips = s.page.locator('input[name=tip]');
    await tips.first().waitFor();
    expect(await tips.evaluateAll((l) => l.map((e) => (e as HTMLInputElement).value))).toEqual([
      'none',
      'p0',
      'p1',
      'p2',
      'custom',
    ]);
    expect(await s.page.locator('input[name=tip][value=p1]').isChecked()).toBe(true);
    expect(await s.page.locator('.tip').textContent()).toContain('25%');
    const total = async () => cents((await s.page.locator('#sum-total').textContent()) ?? '');
    const withDefault = await total();
    await s.page.locator('label.tip-o', { hasText: 'No tip' }).click();
    const none = await total();
    await s.page.locator('label.tip-o', { hasText: '25%' }).click();
    const tip = cents((await s.page.locator('#sum-tip').textContent()) ?? '');
    expect(await total()).toBe(none + tip);
    expect(withDefault).toBeGreaterThan(none);
    expect(await axe(s.page)).toEqual([]);

    await fillHostedCheckout(s.page);
    await Promise.all([s.page.waitForURL(/thank-you/), s.page.locator('button.pay').click()]);
    const orderId = new URL(s.page.url()).searchParams.get('orderId')!;
    const emu = env.stack.emulator;
    const order = (await api(emu, `/ecom/v1/orders/${orderId}`, { token: await adminToken(emu) })).json.order;
    expect(cents(order.priceSummary.additionalFees.amount)).toBe(tip);
    expect(Math.round(cents(order.priceSummary.subtotal.amount) * 0.25)).toBe(tip);
    expect(cents(order.priceSummary.total.amount)).toBe(none + tip);
    await s.context.close();
  });
});
