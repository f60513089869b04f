// <inlay-admin>'s payments panel in an order's detail (issue 22, item 3) on the real stack: the built bundle in
// Chromium, the demo's /admin page with the site companion on its origin, orders placed through the emulator's hosted
// checkout with its test cards. Nothing is mocked.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage, companionCalls } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { TEST_CARDS } from '../../emulator/routes/checkout.ts';
import { placeOrderAs, visitorTokens } from '../helpers/emulator.ts';
import { listMail } from '../../emulator/domain/mail.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');
const TAPERS = seedIds.products['beeswax-taper-candles']!;

/** Buyers, one order each: Rita paid, Pete's payment pending, Cora and Vic authorized (capture later),
 * Fay's refunds fail, Axel paid (left alone for the accessibility checks). */
beforeAll(async () => {
  const place = async (first: string, cardNumber: string, quantity = 2) =>
    placeOrderAs(
      env.stack.emulator,
      (await visitorTokens(env.stack.emulator)).access,
      [{ productId: TAPERS, quantity }],
      { email: `${first.toLowerCase()}.pay@example.com`, firstName: first, lastName: 'Paysen', cardNumber },
      env.stack.demo,
    );
  await place('Rita', TEST_CARDS.ok);
  await place('Pete', TEST_CARDS.pending, 1);
  await place('Cora', TEST_CARDS.authorize);
  await place('Vic', TEST_CARDS.authorize, 1);
  await place('Fay', TEST_CARDS.refundFails, 1);
  await place('Axel', TEST_CARDS.ok, 1);
});

/** The owner on /admin, the one order of `buyer` open, its payments shown. */
async function openOrder(w: WatchedPage, buyer: string, query = '', path = '/admin') {
  await w.page.goto(`${env.stack.demo}${path}?admin-q=${buyer}${query}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  const a = admin(w.page);
  await a.locator('[part=order]').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => a.locator('[part=order]').count()).toBe(1);
  await a.locator('[part=order]').getByRole('button').click();
  const detail = a.locator('[part=detail]');
  // the panel is a region named by its heading (its id unique in the console)
  const pay = detail.getByRole('region', { name: 'Payments', exact: true });
  await pay.locator('[part=payment]').first().waitFor({ timeout: 15_000 });
  return {
    a,
    detail,
    pay,
    /** The order's states under its heading ("Paid · Not fulfilled"). */
    states: () => detail.locator('p.muted').first().textContent(),
    timeline: () => detail.locator('[part=timeline]').textContent(),
  };
}

describe('<inlay-admin> payments in an order’s detail', () => {
  it('a refund by items, then of the rest: the question names the amount and the email; statuses, timeline and list follow; then nothing is left to refund', async () => {
    const o = await openPage(env.browser);
    const seen = companionCalls(o, env.stack.companion.url);
    const { a, pay, states, timeline } = await openOrder(o, 'rita');
    expect(await states()).toContain('Paid');
    const row = pay.locator('[part=payment]');
    expect(await row.textContent()).toMatch(/Visa ending in 4242.*\$[\d.]+.*Paid/);
    await pay.getByRole('button', { name: 'Refund', exact: true }).click();
    const form = pay.locator('[part=refund-form]');
    await form.getByRole('button', { name: 'One more: Beeswax Taper Candles (Pair)' }).click();
    await form.getByLabel('Details (optional, for your records)').fill('One candle arrived broken');
    await form.getByRole('button', { name: 'Continue' }).click();
    const ask = await form.locator('[part=ask]').textContent();
    expect(ask).toMatch(
      /^Refund \$[\d.]+ to Visa ending in 4242\? rita\.pay@example\.com will get an email about it\. Stock won’t change\.$/,
    );
    const amount = /\$[\d.]+/.exec(ask!)![0];
    expect(seen.some((c) => c.endsWith('/refund'))).toBe(false);
    await form.getByRole('button', { name: `Yes, refund ${amount}` }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(states).toContain('Partly refunded');
    expect(await pay.locator('[part=refund]').textContent()).toContain(amount);
    expect(await pay.locator('[part=refund]').textContent()).toContain('Reason: One candle arrived broken');
    await expect.poll(timeline).toContain('Refunded');
    expect(listMail(env.stack.emulator.db, 'rita.pay@example.com').map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your order #\d+ was refunded$/)]),
    );
    const mails = listMail(env.stack.emulator.db, 'rita.pay@example.com').length;

    // the rest, no email
    await pay.getByRole('button', { name: 'Refund', exact: true }).click();
    await form.getByRole('button', { name: 'Select everything not refunded yet' }).click();
    await form.getByLabel('Email the buyer').uncheck();
    await form.getByRole('button', { name: 'Continue' }).click();
    expect(await form.locator('[part=ask]').textContent()).toMatch(/No email will be sent\./);
    await form.getByRole('button', { name: /^Yes, refund/ }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(states).toMatch(/^.*· Refunded/);
    // nothing left: its reason in words, no refund offered
    await expect
      .poll(() => row.locator('[part=refund-reason]').textContent())
      .toBe('Can’t be refunded: this payment is already fully refunded.');
    expect(await pay.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    expect(await pay.locator('[part=refund]').count()).toBe(2);
    expect(listMail(env.stack.emulator.db, 'rita.pay@example.com')).toHaveLength(mails);
    expect(seen.filter((c) => c.endsWith('/refund'))).toHaveLength(2);
    // the list says it too
    await a.getByRole('button', { name: 'All orders' }).click();
    await expect.poll(() => a.locator('[part=order]').first().textContent()).toContain('Refunded');
    await o.context.close();
  });

  it('a payment not yet paid can’t be refunded: its reason in words, no refund offered; a refund the provider refuses is said plainly', async () => {
    const o = await openPage(env.browser);
    const { pay } = await openOrder(o, 'pete');
    expect(await pay.locator('[part=payment-status]').textContent()).toBe('Pending');
    expect(await pay.locator('[part=refund-reason]').textContent()).toBe(
      'Can’t be refunded: this payment hasn’t been paid.',
    );
    expect(await pay.getByRole('button').count()).toBe(0);
    await o.context.close();

    const f = await openPage(env.browser);
    const fay = await openOrder(f, 'fay');
    await fay.pay.getByRole('button', { name: 'Refund', exact: true }).click();
    const form = fay.pay.locator('[part=refund-form]');
    await form.getByRole('button', { name: 'Select everything not refunded yet' }).click();
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByRole('button', { name: /^Yes, refund/ }).click();
    await expect
      .poll(() => fay.pay.locator('[part=pay-error]').textContent(), { timeout: 15_000 })
      .toBe('The payment provider refused the refund: nothing was refunded. The order is unchanged.');
    expect(await fay.pay.locator('[part=refund-status]').textContent()).toBe(
      'Refund failed: the payment provider refused it',
    );
    expect(await fay.states()).toContain('Paid');
    await expect.poll(fay.timeline).toContain('Refund failed');
    await f.context.close();
  });

  it('capture one authorized order, void another, then mark that one as paid: statuses and timeline follow', async () => {
    const o = await openPage(env.browser);
    const cora = await openOrder(o, 'cora');
    // an authorization held, not captured: "Authorized" (not "Payment pending": the order's PENDING with balanceSummary.authorized)
    expect(await cora.states()).toContain('Authorized');
    expect(await cora.states()).not.toContain('Payment pending');
    expect(await cora.pay.locator('[part=payment]').textContent()).toMatch(
      /Authorized, not captured.*Authorization expires/,
    );
    await cora.pay.getByRole('button', { name: 'Capture', exact: true }).click();
    const cap = cora.pay.locator('[part=capture-form]');
    await cap.getByRole('button', { name: 'Continue' }).click();
    expect(await cap.locator('[part=ask]').textContent()).toMatch(
      /^Capture \$[\d.]+ from Visa ending in 1000\? No email will be sent\.$/,
    );
    await cap.getByRole('button', { name: /^Yes, capture/ }).click();
    await cap.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(cora.states).toMatch(/· Paid ·/);
    expect(await cora.pay.locator('[part=payment-status]').textContent()).toBe('Paid');
    expect(await cora.pay.locator('[part=capture-reason]').textContent()).toBe('The payment was captured.');
    await expect.poll(cora.timeline).toContain('Payment captured');
    expect(await cora.pay.getByRole('button', { name: 'Void' }).count()).toBe(0);
    await o.context.close();

    const w = await openPage(env.browser);
    const vic = await openOrder(w, 'vic');
    await vic.pay.getByRole('button', { name: 'Void', exact: true }).click();
    const ask = vic.pay.locator('[part=void-form] [part=ask]');
    expect(await ask.textContent()).toMatch(/^Void the authorization of \$[\d.]+ on Visa ending in 1000\?.*No email/);
    await vic.pay.getByRole('button', { name: 'Yes, void it' }).click();
    await expect.poll(() => vic.pay.locator('[part=payment-status]').textContent()).toBe('Voided');
    await expect.poll(vic.states).toMatch(/· Not paid ·/);
    await expect.poll(vic.timeline).toContain('Authorization voided');
    expect(await vic.pay.locator('[part=capture-reason]').textContent()).toBe('The authorization was voided.');

    // nothing paid now: mark it as paid, by bank transfer
    await vic.pay.getByRole('button', { name: 'Mark as paid' }).click();
    const mark = vic.pay.locator('[part=mark-paid]');
    await mark.getByLabel('How it was paid').selectOption({ label: 'Bank transfer' });
    await mark.getByRole('button', { name: 'Continue' }).click();
    expect(await mark.locator('[part=ask]').textContent()).toMatch(
      /^Mark order #\d+ as paid: \$[\d.]+ received by Bank transfer\? No email will be sent\.$/,
    );
    await mark.getByRole('button', { name: 'Yes, mark as paid' }).click();
    await mark.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(vic.states).toMatch(/· Paid ·/);
    await expect.poll(vic.timeline).toContain('Payment received');
    expect(await vic.pay.locator('[part=payment]').nth(1).textContent()).toContain('Bank transfer');
    expect(await vic.pay.locator('[part=collect-reason]').textContent()).toBe('Nothing is left to pay.');
    // an offline payment is refunded by hand: only "record a refund made elsewhere"
    expect(await vic.pay.locator('[part=payment]').nth(1).getByRole('button').allTextContents()).toEqual([
      'Record a refund made elsewhere',
    ]);
    await w.context.close();
  });

  it('the panel and its refund form are axe clean in dark mode at 375 px and right to left, with no sideways scroll', async () => {
    for (const [opts, query] of [
      [{ colorScheme: 'dark' as const, viewport: { width: 375, height: 800 } }, ''],
      [{}, '&dir=rtl'],
    ] as const) {
      const o = await openPage(env.browser, opts);
      const { pay } = await openOrder(o, 'axel', query);
      expect(await axe(o.page, 'inlay-admin')).toEqual([]);
      await pay.getByRole('button', { name: 'Refund', exact: true }).click();
      await pay
        .locator('[part=refund-form]')
        .getByRole('button', { name: /^One more:/ })
        .click();
      expect(await axe(o.page, 'inlay-admin')).toEqual([]);
      expect(await o.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await o.context.close();
    }
  });

  it('under the demo’s strict CSP (/csp-admin): the panel and its forms load, their sheet applies, nothing is reported', async () => {
    const o = await openPage(env.browser);
    await o.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    const { pay } = await openOrder(o, 'axel', '', '/csp-admin');
    await pay.getByRole('button', { name: 'Refund', exact: true }).click();
    const form = pay.locator('[part=refund-form]');
    await form.locator('input[type=number]').waitFor();
    // the panel's own sheet (adopted, style-src 'self'): a payment's box is padded by it alone
    expect(await pay.locator('[part=payment]').evaluate((e) => getComputedStyle(e).paddingTop)).toBe('8px');
    expect(await o.page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await o.context.close();
  });
});
