// <inlay-admin>'s orders list (issue 40 item 2) on the real stack: the built bundle in Chromium, the demo's /admin page
// with the site companion on its origin, orders placed through the emulator's hosted checkout (one with a card that
// only authorizes, one shipped through the platform's Create Fulfillment). Nothing is mocked.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { TEST_CARDS } from '../../emulator/routes/checkout.ts';
import { adminToken, api, placeOrderAs, visitorTokens } from '../helpers/emulator.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');
const TAPERS = seedIds.products['beeswax-taper-candles']!;
const stored = (id: string) =>
  JSON.parse(
    env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!.data,
  ) as { number: string | number; lineItems: { id: string; quantity: number }[] };
let held = '';
let shipped = '';

/** 22 paid orders, one whose card only authorizes (Hugo), and one of them shipped (Sam). */
beforeAll(async () => {
  const emu = env.stack.emulator;
  const place = async (n: number, form: Record<string, string> = {}) =>
    placeOrderAs(
      emu,
      (await visitorTokens(emu)).access,
      [{ productId: TAPERS, quantity: 1 + (n % 3) }],
      { email: `buyer${n}.ol@example.com`, firstName: `Buyer${n}`, lastName: 'List', ...form },
      env.stack.demo,
    );
  for (let n = 0; n < 21; n++) await place(n);
  const sam = await place(21, { firstName: 'Sam', lastName: 'Shipped' });
  const order = stored(sam);
  shipped = String(order.number);
  const made = await api(emu, `/ecom/v1/fulfillments/orders/${sam}/create-fulfillment`, {
    token: await adminToken(emu),
    body: { fulfillment: { lineItems: order.lineItems.map((l) => ({ id: l.id, quantity: l.quantity })) } },
  });
  expect(made.status).toBe(200);
  held = String(
    stored(await place(22, { firstName: 'Hugo', lastName: 'Held', cardNumber: TEST_CARDS.authorize })).number,
  );
}, 120_000);

async function asOwner(w: WatchedPage, query = '') {
  await w.page.goto(`${env.stack.demo}/admin${query}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  await admin(w.page).locator('[part=order]').first().waitFor({ timeout: 15_000 });
}
const row = (page: Page, number: string) =>
  admin(page)
    .locator('[part=order]')
    .filter({ has: page.getByRole('button', { name: `Order #${number}` }) });

describe('<inlay-admin> orders list', () => {
  it('1280 px: a table of 20+ rows on the screen; "Authorized"; the fulfilment filter as a chip that removes it; a view in the URL survives a reload', async () => {
    const o = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await asOwner(o);
    const a = admin(o.page);
    const table = a.locator('table[part=orders]');
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Order',
      'Date',
      'Customer',
      'Total',
      'Payment',
      'Fulfilment',
      'Items',
      'Tags',
    ]);
    // the table at the top of the screen: 20 rows or more fit under it, each 36 to 48 px high
    await table.evaluate((t) => t.scrollIntoView({ block: 'start' }));
    const boxes = await a
      .locator('[part=order]')
      .evaluateAll((rows) => rows.map((r) => [r.getBoundingClientRect().height, r.getBoundingClientRect().bottom]));
    expect(boxes.length).toBeGreaterThanOrEqual(20);
    expect(boxes.filter(([, bottom]) => bottom! <= 900).length).toBeGreaterThanOrEqual(20);
    for (const [h] of boxes) {
      expect(h).toBeGreaterThanOrEqual(36);
      expect(h).toBeLessThanOrEqual(48);
    }
    // the order whose card only authorized: "Authorized", in a badge with its words
    expect(await row(o.page, held).locator('[part=payment]').textContent()).toBe('Authorized');
    expect(await row(o.page, held).textContent()).not.toContain('Payment pending');
    expect(await row(o.page, shipped).locator('[part=fulfillment]').textContent()).toBe('Fulfilled');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);

    // the fulfilment filter applies as chosen and shows as a chip
    await a.getByLabel('Fulfilment').selectOption({ label: 'Fulfilled' });
    await expect.poll(() => a.locator('[part=order]').count()).toBe(1);
    expect(await a.locator('[part=order] .buyer').textContent()).toContain('Sam Shipped');
    expect(new URL(o.page.url()).searchParams.get('admin-fulfillment')).toBe('FULFILLED');
    const chip = a.getByRole('button', { name: 'Remove filter Fulfilment: Fulfilled' });
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await chip.click();
    await expect.poll(() => a.locator('[part=order]').count()).toBeGreaterThan(20);
    expect(new URL(o.page.url()).searchParams.has('admin-fulfillment')).toBe(false);
    expect(await a.getByLabel('Fulfilment').inputValue()).toBe('');

    // the "Unfulfilled" view: in the URL, the shipped order left out; a reload keeps it
    await a.getByRole('button', { name: 'Unfulfilled', exact: true }).click();
    await expect.poll(() => row(o.page, shipped).count()).toBe(0);
    const q = new URL(o.page.url()).searchParams;
    expect([q.get('admin-status'), q.get('admin-fulfillment')]).toEqual(['APPROVED', 'NOT_FULFILLED']);
    await o.page.reload();
    await a.locator('[part=order]').first().waitFor({ timeout: 15_000 });
    expect(await a.getByRole('button', { name: 'Unfulfilled', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await a.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).toBe('false');
    expect(await row(o.page, shipped).count()).toBe(0);
    // a row opens its order: a click anywhere on it (not its checkbox)
    await row(o.page, held).locator('.c-date').click();
    await a.locator('[part=detail]').waitFor();
    await o.context.close();
  });

  it('375 px, dark: compact cards; the tabs scroll sideways, every tab reachable whole, the current one in view; axe clean', async () => {
    const o = await openPage(env.browser, { colorScheme: 'dark', viewport: { width: 375, height: 812 } });
    await asOwner(o);
    const a = admin(o.page);
    expect(await o.page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    // cards: no column headers, each order a box whose number and total share its first line
    expect(await a.locator('table[part=orders] thead').isVisible()).toBe(false);
    const card = await row(o.page, held).evaluate((r) => {
      const box = (s: string) => r.querySelector(s)!.getBoundingClientRect();
      return { display: getComputedStyle(r).display, num: box('.c-num').top, total: box('.c-total').top };
    });
    expect(card.display).toBe('flex');
    expect(Math.abs(card.num - card.total)).toBeLessThan(12);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);

    // every tab: its words whole once scrolled to (the row scrolls, the page does not)
    const tabs = a.getByRole('tab');
    const names = await tabs.allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(5);
    const list = a.getByRole('tablist');
    const whole = (i: number) =>
      tabs.nth(i).evaluate((t) => {
        const box = t.getBoundingClientRect();
        const row = t.parentElement!.getBoundingClientRect();
        return t.scrollWidth <= t.clientWidth && box.left >= row.left - 1 && box.right <= row.right + 1;
      });
    expect(await list.evaluate((l) => l.scrollWidth > l.clientWidth)).toBe(true);
    // the edge where more tabs are hidden is faded (the first tab current: the end)
    expect(await list.getAttribute('data-more')).toBe('right');
    for (let i = 0; i < names.length; i++) {
      await tabs.nth(i).evaluate((t) => t.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
      expect(await whole(i), names[i]).toBe(true);
    }
    // the last tab picked from the keyboard: in view; a reload on it: in view without scrolling the row by hand
    await list.evaluate((l) => (l.scrollLeft = 0));
    await tabs.first().focus();
    await o.page.keyboard.press('End');
    const last = names.length - 1;
    await expect.poll(() => tabs.nth(last).getAttribute('aria-selected')).toBe('true');
    expect(await whole(last)).toBe(true);
    await o.page.reload();
    await a.getByRole('tab').nth(last).waitFor({ timeout: 15_000 });
    await expect.poll(() => a.getByRole('tab').nth(last).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => whole(last)).toBe(true);
    await expect.poll(() => a.getByRole('tablist').getAttribute('data-more')).toBe('left');
    expect(await o.page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await o.context.close();
  });
});
