// Settings › Checkout (issue 40, i40-tips) on the real stack: the built bundle in Chromium, the demo's /admin page
// with the site companion, the emulator on SQLite. The owner shows a return policy and asks shoppers to agree to the
// policies; a shopper's hosted checkout then shows the policy's text and the agreement box, and pays only once it is
// ticked.
import { describe, expect, it } from 'vitest';
import { axe, fillHostedCheckout, openPage, signInWithWidget } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { shopperCheckoutUrl } from '../helpers/hosted.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';

const env = useStackAndBrowser();

/** A new visitor's hosted checkout of one taper set; its URL. */
const shopperCheckout = () => shopperCheckoutUrl(env.stack, [{ slug: 'beeswax-taper-candles', quantity: 1 }]);

describe('Settings › Checkout', () => {
  it('the owner shows a policy and the agreement box; the shopper’s checkout shows them and needs the box ticked', async () => {
    const o = await openPage(env.browser);
    await o.page.goto(`${env.stack.demo}/admin?admin-section=settings&admin-setting=checkout`);
    await o.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
    await signInWithWidget(o.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const a = o.page.locator('inlay-admin');
    await a.getByLabel('Show “Return policy” at checkout').check({ timeout: 15_000 });
    await a.getByLabel('Return policy: text').fill('Send it back within 30 days for a full refund.');
    await a.getByLabel('Ask shoppers to agree to the policies (they must tick it to pay)').check();
    await a.getByLabel('Header text (instead of the shop’s name)').fill('Fernwood · Secure checkout');
    await a.getByLabel('Centered').check();
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await a.getByRole('button', { name: 'Save' }).click();
    const confirm = a.locator('[part=checkout-confirm]');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Checkout settings saved.').waitFor();
    await o.context.close();

    const s = await openPage(env.browser);
    await s.page.goto(await shopperCheckout());
    await s.page.locator('#checkout').waitFor();
    expect(await s.page.locator('.co-head').textContent()).toContain('Fernwood · Secure checkout');
    expect(await s.page.locator('.co-head').getAttribute('class')).toContain('center');
    const policy = s.page.locator('details.policy', { hasText: 'Return policy' });
    await policy.locator('summary').click();
    expect(await policy.locator('.policy-t').textContent()).toBe('Send it back within 30 days for a full refund.');
    const agree = s.page.getByLabel('I agree to the store’s policies');
    expect(await agree.isChecked()).toBe(false);
    expect(await axe(s.page)).toEqual([]);

    await fillHostedCheckout(s.page);
    // the refused payment is the page's 400, on purpose
    s.expected.push(/status of 400/);
    await s.page.locator('button.pay').click();
    await s.page.getByText('Tick the box to agree to the store’s policies').waitFor();
    expect(s.page.url()).not.toContain('thank-you');
    // what was typed is kept
    expect(await s.page.locator('#checkout input[name=email]').inputValue()).toBe('ada@example.com');
    await fillHostedCheckout(s.page); // the card fields are not kept (as the page does for a card)
    await s.page.getByLabel('I agree to the store’s policies').check();
    await Promise.all([s.page.waitForURL(/thank-you/), s.page.locator('button.pay').click()]);
    await s.context.close();
  });
});
