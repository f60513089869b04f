// <inlay-admin>'s Settings › Taxes (issue 40, i40-tax) on the real stack: the built bundle in Chromium, the demo's
// /admin page with the site companion on its origin, the emulator on SQLite. The owner changes a region's rate in the
// console (after the question); a shopper's hosted checkout then shows the new tax, on a line naming the region.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { shopperCheckoutUrl } from '../helpers/hosted.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');

async function openTaxes(w: WatchedPage) {
  await w.page.goto(`${env.stack.demo}/admin?section=settings&admin-setting=taxes`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  const a = admin(w.page);
  await a.locator('[part=tax-region]').first().waitFor({ timeout: 20_000 });
  return a;
}

/** A shopper's hosted checkout of one folding stool ($58.00) shipping to California: its tax line's name and amount. */
async function shopperCheckout(w: WatchedPage) {
  const shippingAddress = {
    country: 'US',
    subdivision: 'US-CA',
    city: 'Fresno',
    addressLine: '1 Main St',
    postalCode: '93650',
  };
  await w.page.goto(
    await shopperCheckoutUrl(env.stack, [{ slug: 'folding-camp-stool', quantity: 1 }], {
      checkout: { shippingAddress },
    }),
  );
  await w.page.locator('#sum-tax').waitFor();
  return {
    name: (await w.page.locator('#sum-tax-name').textContent())?.trim(),
    tax: (await w.page.locator('#sum-tax').textContent())?.trim(),
  };
}

describe('<inlay-admin section="settings"> › Taxes', () => {
  it('the owner changes California’s rate; a shopper’s hosted checkout shows the new tax and names the region', async () => {
    const shopper = await openPage(env.browser);
    // before: California's 7.25 % of $58.00 = $4.21 (4.205 rounded half up)
    expect(await shopperCheckout(shopper)).toEqual({ name: 'Tax (California)', tax: '$4.21' });

    const o = await openPage(env.browser);
    const a = await openTaxes(o);
    const row = a.locator('[part=tax-region][data-region="US-CA"]');
    expect(await row.textContent()).toContain('7.25%');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);

    await row.getByRole('button', { name: 'Edit United States – CA' }).click();
    const rate = row.getByLabel('Rate (%)');
    await rate.fill('9.5');
    await row.getByRole('button', { name: 'Save' }).click();
    // the question names the rate and the place; the form keeps what was typed behind it
    const confirm = row.locator('form.confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Charge 9.5% tax in United States – CA from the next checkout?');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.locator('.pct').textContent(), { timeout: 10_000 }).toBe('9.5%');
    await o.context.close();

    // 9.5 % of $58.00 = $5.51, on the line naming the region
    expect(await shopperCheckout(shopper)).toEqual({ name: 'Tax (California)', tax: '$5.51' });
    await shopper.context.close();
  });

  it('a refusal is said in the platform’s words and keeps what was typed', async () => {
    const o = await openPage(env.browser);
    o.expected.push(/status of 400/); // the refused create: Chromium logs the request itself
    const a = await openTaxes(o);
    await a.getByRole('button', { name: 'Add a region' }).click();
    const form = a.locator('[part=tax-region-form]');
    await form.getByLabel('State or province code (optional)').fill('Georgia');
    await form.getByLabel('Rate (%)').fill('4');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('form.confirm').getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => form.locator('.err').first().textContent(), { timeout: 10_000 })
      .toContain('enter its ISO code without the country');
    expect(await form.getByLabel('State or province code (optional)').inputValue()).toBe('Georgia');
    expect(await form.getByLabel('Rate (%)').inputValue()).toBe('4');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await o.context.close();
  });
});
