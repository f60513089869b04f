// <inlay-admin>'s payments panel when the platform refuses its internal calls to the site (issue 38 item 3;
// docs/wire.md "Payments: public and internal calls"), on the real stack: the built bundle in Chromium, the demo's
// /admin page with the site companion, the emulator told to refuse calls (`app.refusedOperations`, 403
// PERMISSION_DENIED as the platform answers). With refundability refused, the rest of the panel works: payments,
// balance, capture and void; refunds say they are made in the site's dashboard. A refused mark as paid says so too.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, signInWithWidget, type WatchedPage, companionCalls } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { TEST_CARDS } from '../../emulator/routes/checkout.ts';
import { placeOrderAs, visitorTokens } from '../helpers/emulator.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');
const TAPERS = seedIds.products['beeswax-taper-candles']!;
const DASHBOARD = 'Refunds for this payment are made in your site’s dashboard.';

/** Ruth paid; Carl's payment authorized (capture later); Olga's authorized, to void and mark as paid. */
beforeAll(async () => {
  const place = async (first: string, cardNumber: string) =>
    placeOrderAs(
      env.stack.emulator,
      (await visitorTokens(env.stack.emulator)).access,
      [{ productId: TAPERS, quantity: 2 }],
      { email: `${first.toLowerCase()}.refused@example.com`, firstName: first, lastName: 'Refused', cardNumber },
      env.stack.demo,
    );
  await place('Ruth', TEST_CARDS.ok);
  await place('Carl', TEST_CARDS.authorize);
  await place('Olga', TEST_CARDS.authorize);
});
afterEach(() => env.stack.emulator.app.refusedOperations.clear());

/** The owner on /admin, the one order of `buyer` open, its payments shown. */
async function openOrder(w: WatchedPage, buyer: string) {
  await w.page.goto(`${env.stack.demo}/admin?admin-q=${buyer}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  const a = admin(w.page);
  await a.locator('[part=order]').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => a.locator('[part=order]').count()).toBe(1);
  await a.locator('[part=order]').getByRole('button').click();
  const detail = a.locator('[part=detail]');
  const pay = detail.getByRole('region', { name: 'Payments', exact: true });
  await pay.locator('[part=payment]').first().waitFor({ timeout: 15_000 });
  return { a, detail, pay, states: () => detail.locator('p.muted').first().textContent() };
}

describe('<inlay-admin> payments when the platform refuses refundability', () => {
  it('a paid order: its payment and balance shown, no refund offered, the dashboard said instead; no failure on the panel', async () => {
    env.stack.emulator.app.refusedOperations.add('getRefundability');
    const o = await openPage(env.browser);
    const seen = companionCalls(o, env.stack.companion.url);
    const { pay } = await openOrder(o, 'ruth');
    const row = pay.locator('[part=payment]');
    expect(await row.textContent()).toMatch(/Visa ending in 4242.*\$[\d.]+.*Paid/);
    expect(await pay.locator('[part=balance]').textContent()).toMatch(/Total\$[\d.]+Paid\$[\d.]+/);
    expect(await row.locator('[part=refund-reason]').textContent()).toBe(DASHBOARD);
    expect(await pay.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    expect(await pay.locator('[role=alert]').count()).toBe(0);
    expect(await pay.locator('[part=collect-reason]').textContent()).toBe('Nothing is left to pay.');
    expect(seen.filter((c) => c.endsWith('/refund'))).toHaveLength(0);
    await o.context.close();
  });

  it('an authorized order: capture and void offered and capture goes through; then refunds point to the dashboard', async () => {
    env.stack.emulator.app.refusedOperations.add('getRefundability');
    const o = await openPage(env.browser);
    const { pay, states } = await openOrder(o, 'carl');
    const row = pay.locator('[part=payment]');
    expect(await row.locator('[part=payment-status]').textContent()).toBe('Authorized, not captured');
    expect(await pay.getByRole('button', { name: 'Void', exact: true }).count()).toBe(1);
    await pay.getByRole('button', { name: 'Capture', exact: true }).click();
    const form = pay.locator('[part=capture-form]');
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByRole('button', { name: /^Yes, capture/ }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => row.locator('[part=payment-status]').textContent()).toBe('Paid');
    await expect.poll(states).toContain('Paid');
    expect(await row.locator('[part=refund-reason]').textContent()).toBe(DASHBOARD);
    expect(await pay.locator('[role=alert]').count()).toBe(0);
    await o.context.close();
  });

  it('mark as paid refused too: void works, then mark as paid says to use the dashboard and keeps the method typed', async () => {
    env.stack.emulator.app.refusedOperations.add('getRefundability');
    env.stack.emulator.app.refusedOperations.add('markOrderAsPaid');
    const o = await openPage(env.browser);
    // the companion's refusal, 403 NOT_AVAILABLE_HERE, as the browser logs any 4xx it is answered
    o.expected.push(/status of 403/);
    const { pay, states } = await openOrder(o, 'olga');
    await pay.getByRole('button', { name: 'Void', exact: true }).click();
    await pay.locator('[part=void-form]').getByRole('button', { name: 'Yes, void it' }).click();
    await expect.poll(() => pay.locator('[part=capture-reason]').textContent()).toBe('The authorization was voided.');
    await pay.getByRole('button', { name: 'Mark as paid', exact: true }).click();
    const form = pay.locator('[part=mark-paid]');
    await form.getByLabel('How it was paid').selectOption('custom');
    await form.getByLabel('Payment method name').fill('Venmo');
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByRole('button', { name: 'Yes, mark as paid' }).click();
    await expect
      .poll(() => pay.locator('[part=pay-error]').textContent(), { timeout: 15_000 })
      .toBe('“Mark as paid” isn’t available here: use your site’s dashboard.');
    expect(await form.getByLabel('Payment method name').inputValue()).toBe('Venmo');
    expect(await states()).not.toMatch(/· Paid/);
    await o.context.close();
  });
});
