// Orders have URLs (issue 44, item 3) on the real stack: the built bundle in Chromium on the demo's /account and
// /admin pages, the site companion on the demo's origin, the emulator on SQLite. `<inlay-account>` keeps its section and
// open order in `account-*` parameters, `<inlay-admin>` in `admin-*` ones, as history entries: Back returns to the
// list, Forward reopens the order, a link (or a reload) opens it. A partly refunded order tells its member how much
// and how many of each line. Nothing is mocked.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import {
  adminToken,
  api,
  createTestMember,
  memberTokens,
  placeOrder,
  placeOrderAs,
  visitorTokens,
} from '../helpers/emulator.ts';
import { DEMO_LOGINS, seedIds, seedVariantId } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const MUG = seedIds.products['enamel-camp-mug']!;
const FOREST = seedVariantId('enamel-camp-mug', { Color: 'Forest' });
const BOARD = seedIds.products['maple-cutting-board']!;
const TAPERS = seedIds.products['beeswax-taper-candles']!;
const PASSWORD = 'correct-horse-9';
const account = (page: Page) => page.locator('inlay-account');
const admin = (page: Page) => page.locator('inlay-admin');
const param = (w: WatchedPage, name: string) => new URL(w.page.url()).searchParams.get(name);

interface Row {
  number: string;
  lineItems: { id: string; catalogReference: { catalogItemId: string }; price: { formattedAmount: string } }[];
}
const orderRow = (id: string) =>
  JSON.parse(
    env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!.data,
  ) as Row;

let n = 0;
/** A new member with `orders` placed through the hosted checkout (each: the lines). */
async function memberWith(orders: { productId: string; variantId?: string; quantity: number }[][]) {
  const email = `urls${++n}-${Date.now()}@example.com`;
  const id = await createTestMember(env.stack.emulator, email, PASSWORD, { firstName: 'Ada', lastName: 'Buyer' });
  const { access } = await memberTokens(env.stack.emulator, { id });
  const placed: string[] = [];
  for (const lines of orders) placed.push(await placeOrder(env.stack.emulator, lines, env.stack.demo, access));
  return { email, orders: placed };
}

/** `path` on the demo, signed in through the account's own inline form. */
async function signedIn(email: string, path = '/account') {
  const w = await openPage(env.browser);
  await w.page.goto(`${env.stack.demo}${path}`);
  const a = account(w.page);
  await a.getByText('Sign in to see your account').waitFor();
  await a.getByLabel('Email').fill(email);
  await a.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await a.getByLabel('Password', { exact: true }).press('Enter');
  await a.getByRole('tab', { name: 'Orders' }).waitFor();
  return w;
}

describe('orders have URLs', () => {
  it('<inlay-account>: an order opened is a history entry (Back: the list, Forward: the order); a link and a reload open it', async () => {
    const m = await memberWith([
      [{ productId: MUG, variantId: FOREST, quantity: 1 }],
      [{ productId: BOARD, quantity: 1 }],
    ]);
    const [first, second] = m.orders as [string, string];
    const w = await signedIn(m.email, '/account?utm=spring');
    const a = account(w.page);
    const cards = a.locator('[part=order]');
    const detail = a.locator('[part=order-detail]');
    await expect.poll(() => cards.count()).toBe(2);

    await a.getByRole('button', { name: `View details, order #${orderRow(second).number}` }).click();
    await detail.getByRole('heading', { name: `Order #${orderRow(second).number}` }).waitFor();
    expect(param(w, 'account-order')).toBe(second);
    expect(param(w, 'utm')).toBe('spring'); // the page's own parameters stay

    // the browser's Back: the list, in the page (not the page before it)
    await w.page.goBack();
    await expect.poll(() => cards.count()).toBe(2);
    expect(await detail.count()).toBe(0);
    expect(new URL(w.page.url()).pathname).toBe('/account');
    expect(param(w, 'account-order')).toBe(null);
    // Forward: the order again
    await w.page.goForward();
    await detail.getByRole('heading', { name: `Order #${orderRow(second).number}` }).waitFor();

    // the detail's own "All orders" is an entry too: Back from it reopens the order
    await detail.getByRole('button', { name: 'All orders' }).click();
    await expect.poll(() => cards.count()).toBe(2);
    expect(param(w, 'account-order')).toBe(null);

    // a section is an entry: Profile, then Back to the orders
    await a.getByRole('tab', { name: 'Profile' }).click();
    expect(param(w, 'account-section')).toBe('profile');
    // (as a person would: the profile shown, its part loaded, before Back)
    await a.locator('[part=name-form]').waitFor({ timeout: 15_000 });
    await w.page.goBack();
    await expect
      .poll(() => a.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected'), { timeout: 15_000 })
      .toBe('true');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(2);

    // a link to the other order opens it directly, on another page of the same browser; a reload keeps it open
    const link = await w.context.newPage();
    await link.goto(`${env.stack.demo}/account?account-order=${first}`);
    const b = account(link);
    await b
      .locator('[part=order-detail]')
      .getByRole('heading', { name: `Order #${orderRow(first).number}` })
      .waitFor();
    await link.reload();
    await b
      .locator('[part=order-detail]')
      .getByRole('heading', { name: `Order #${orderRow(first).number}` })
      .waitFor();
    // an order that is not theirs (or no order at all) says so, with the way back to the list
    await link.goto(`${env.stack.demo}/account?account-order=no-such-order`);
    await b.getByText('This order wasn’t found in your account.').waitFor();
    await b.getByRole('button', { name: 'All orders' }).click();
    await expect.poll(() => b.locator('[part=order]').count()).toBe(2);
    await w.context.close();
  });

  it('<inlay-admin>: an order opened is a history entry (Back: the list with its filters, Forward: the order); a link opens it', async () => {
    const id = await placeOrderAs(
      env.stack.emulator,
      (await visitorTokens(env.stack.emulator)).access,
      [{ productId: TAPERS, quantity: 1 }],
      { email: 'una.url@example.com', firstName: 'Una', lastName: 'Url' },
      env.stack.demo,
    );
    const number = orderRow(id).number;
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/admin?admin-q=una.url`);
    await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
    await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const a = admin(w.page);
    const rows = a.locator('[part=order]');
    const detail = a.locator('[part=detail]');
    await rows.first().waitFor({ timeout: 15_000 });
    await expect.poll(() => rows.count()).toBe(1);

    await a.getByRole('button', { name: `Order #${number}` }).click();
    await detail.locator('[part=timeline]').getByText('Order placed').first().waitFor({ timeout: 15_000 });
    expect(param(w, 'admin-order')).toBe(id);
    expect(param(w, 'admin-q')).toBe('una.url');

    await w.page.goBack();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await detail.count()).toBe(0);
    expect(param(w, 'admin-order')).toBe(null);
    expect(await a.locator('[part=count]').textContent()).toBe('1 order found');
    await w.page.goForward();
    await detail.locator('[part=timeline]').getByText('Order placed').first().waitFor({ timeout: 15_000 });

    // a section is an entry: Reviews, then Back to the orders (the open order with it)
    await a.getByRole('tab', { name: 'Reviews' }).click();
    expect(param(w, 'admin-section')).toBe('reviews');
    await w.page.goBack();
    await expect.poll(() => a.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    await detail.locator('[part=timeline]').getByText('Order placed').first().waitFor({ timeout: 15_000 });

    // a link opens the order directly (the owner still signed in on this browser)
    const link = await w.context.newPage();
    await link.goto(`${env.stack.demo}/admin?admin-order=${id}`);
    await admin(link).locator('[part=detail]').locator('[part=timeline]').getByText('Order placed').first().waitFor({
      timeout: 15_000,
    });
    await admin(link).getByRole('button', { name: 'All orders' }).click();
    await admin(link).locator('[part=order]').first().waitFor({ timeout: 15_000 });
    expect(new URL(link.url()).searchParams.get('admin-order')).toBe(null);
    await w.context.close();
  });

  it('a partly refunded order shows its member the amount refunded and how many of each line', async () => {
    const m = await memberWith([
      [
        { productId: MUG, variantId: FOREST, quantity: 2 },
        { productId: BOARD, quantity: 1 },
      ],
    ]);
    const id = m.orders[0]!;
    const row = orderRow(id);
    const mug = row.lineItems.find((l) => l.catalogReference.catalogItemId === MUG)!;
    // one of the two mugs refunded, as the console's payments panel would (with a reason the member never sees)
    const token = await adminToken(env.stack.emulator);
    const tx = (await api(env.stack.emulator, `/ecom/v1/payments/orders/${id}`, { token })).json.orderTransactions;
    const r = await api(env.stack.emulator, `/ecom/v1/payments-collector/orders/${id}/trigger-refund`, {
      token,
      body: {
        payments: [{ paymentId: tx.payments[0].id }],
        details: { lineItems: [{ lineItemId: mug.id, quantity: 1 }], reason: 'Chipped enamel, private note' },
      },
    });
    if (r.status !== 200) throw new Error(`refund failed: ${r.text}`);

    const w = await signedIn(m.email, `/account?account-order=${id}`);
    const detail = account(w.page).locator('[part=order-detail]');
    await detail.getByRole('heading', { name: `Order #${row.number}` }).waitFor();
    await expect
      .poll(() => detail.locator('[part=refunded]').textContent())
      .toBe(`Refunded to you: ${mug.price.formattedAmount}`);
    expect(await detail.locator('.chips').first().textContent()).toContain('Partly refunded');
    const lines = detail.locator('[part=lines] li');
    expect(await lines.filter({ hasText: 'Qty 2 · 1 refunded' }).count()).toBe(1);
    expect(await lines.filter({ hasText: 'refunded' }).count()).toBe(1);
    expect(await detail.textContent()).not.toContain('Chipped enamel');
    await w.context.close();
  });
});
