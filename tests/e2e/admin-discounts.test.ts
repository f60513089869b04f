// <inlay-admin>'s Settings › Discounts (issue 40, i40-disc) on the real stack: the built bundle in Chromium, the demo's
// /admin page with the site companion, the emulator on SQLite. The owner creates an automatic discount in the console
// (confirmed first); a shopper's hosted checkout then shows the discount line by the rule's name with the exact
// amount, on the scoped items only.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { shopperCheckoutUrl } from '../helpers/hosted.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');

async function openDiscounts(w: WatchedPage) {
  await w.page.goto(`${env.stack.demo}/admin?section=settings&admin-setting=discounts`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  const a = admin(w.page);
  await a.getByRole('heading', { name: 'Discounts', level: 3 }).waitFor({ timeout: 15_000 });
  return a;
}

describe('<inlay-admin section="settings"> › Discounts', () => {
  it('the owner creates a rule in the console; a shopper’s hosted checkout shows its line with the exact amount', async () => {
    const o = await openPage(env.browser);
    const a = await openDiscounts(o);
    // the migrated rule is listed in words
    const seeded = a.locator('[part=discount-rule]', { hasText: '15% off orders of $150 or more' });
    await seeded.waitFor();
    expect(await seeded.textContent()).toContain('Subtotal from $150.00');
    expect(await seeded.locator('[part=discount-status]').textContent()).toBe('Live');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);

    await a.getByRole('button', { name: 'New discount' }).click();
    const form = a.locator('[part=discount-form]');
    await form.getByLabel('Name').fill('Candle pair deal');
    await form.getByLabel('Type').selectOption('PERCENTAGE');
    await form.getByLabel(/^Value/).fill('25');
    await form.getByRole('radio', { name: 'Specific products' }).check();
    await form.getByRole('checkbox', { name: 'Beeswax Taper Candles (Pair)' }).check();
    await form.getByLabel('Condition').selectOption('QUANTITY');
    await form.getByLabel(/^Minimum/).fill('2');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    // money changes: asked first, nothing sent before
    const confirm = form.locator('form.confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Create “Candle pair deal”?');
    await confirm.getByRole('button', { name: 'Save' }).click();
    const card = a.locator('[part=discount-rule]', { hasText: 'Candle pair deal' });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('25 % off');
    expect(await card.textContent()).toContain('1 product');
    expect(await card.textContent()).toContain('From 2 items');
    expect(await a.getByRole('status').textContent()).toBe('Saved.');
    await o.context.close();

    // a shopper: 2 tapers (44.00, 25 % → 11.00 off) and a mug (18.00, not in the rule's scope)
    const url = await shopperCheckoutUrl(env.stack, [
      { slug: 'beeswax-taper-candles', quantity: 2 },
      { slug: 'enamel-camp-mug', quantity: 1, options: { Color: 'Forest' } },
    ]);
    const s = await openPage(env.browser);
    await s.page.goto(url);
    const row = s.page.locator('tr', { hasText: 'Candle pair deal' });
    await row.waitFor();
    expect((await row.textContent())?.replace(/\s+/g, '')).toBe('Candlepairdeal−$11.00');
    expect(await s.page.locator('tr', { hasText: 'Subtotal' }).first().textContent()).toContain('$62.00');
    await s.context.close();
  });
});
