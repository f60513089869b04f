// <inlay-admin>'s orders (issue 22): tags, bulk actions and edits on the real stack: the built bundle in Chromium,
// the demo's /admin page with the site companion on its origin, orders placed through the emulator's hosted checkout
// (and the emulator's own offline demo order). Nothing is mocked.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage, companionCalls } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { placeOrderAs, visitorTokens } from '../helpers/emulator.ts';
import { seedDemoOrders } from '../../emulator/domain/demo-orders.ts';
import { commitDeltas } from '../../emulator/domain/orders.ts';
import { listMail } from '../../emulator/domain/mail.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');
const TAPERS = seedIds.products['beeswax-taper-candles']!;
/** The order as the emulator holds it. */
const stored = (id: string) =>
  JSON.parse(
    env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!.data,
  ) as {
    number: number | string;
    paymentStatus: string;
    lineItems: { id: string; quantity: number }[];
    priceSummary: { total: { amount: string } };
    tags?: { privateTags?: { tagIds?: string[] } };
  };
const ids: Record<string, string> = {};

/** Hana (2 tapers, paid), Ivan (1, paid), Jana (3, paid), and the emulator's demo orders (Otto's offline one, unpaid). */
beforeAll(async () => {
  const place = async (quantity: number, email: string, firstName: string) =>
    (ids[firstName] = await placeOrderAs(
      env.stack.emulator,
      (await visitorTokens(env.stack.emulator)).access,
      [{ productId: TAPERS, quantity }],
      { email, firstName, lastName: 'Bulk' },
      env.stack.demo,
    ));
  await place(2, 'hana.bk@example.com', 'Hana');
  await place(1, 'ivan.bk@example.com', 'Ivan');
  await place(3, 'jana.bk@example.com', 'Jana');
  const demo = seedDemoOrders({
    db: env.stack.emulator.db,
    baseUrl: env.stack.emulator.url,
    apiUrl: env.stack.emulator.url,
    now: Date.now,
  });
  ids['Otto'] = demo[1]!;
  expect(stored(ids['Otto']).paymentStatus).toBe('NOT_PAID');
});

async function asOwner(w: WatchedPage, query = '') {
  await w.page.goto(`${env.stack.demo}/admin${query}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  await admin(w.page).locator('[part=order]').first().waitFor({ timeout: 15_000 });
}
const number = (name: string) => String(stored(ids[name]!).number);
const row = (page: Page, name: string) => admin(page).locator('[part=order]', { hasText: `${name} Bulk` });
const buyers = async (page: Page) =>
  (await admin(page).locator('[part=order] .buyer').allTextContents()).map((t) => t.split(' ')[0]);

describe('<inlay-admin> orders: tags, bulk actions, edits', () => {
  it('bulk tag two orders after a confirmation naming them; the tag filter finds them, the detail shows and removes the tag', async () => {
    const o = await openPage(env.browser);
    const seen = companionCalls(o, env.stack.companion.url);
    await asOwner(o);
    const a = admin(o.page);
    await a.getByLabel(`Select order #${number('Hana')}`).check();
    await a.getByLabel(`Select order #${number('Ivan')}`).check();
    await expect.poll(() => a.locator('[part=selection]').textContent()).toContain('2 orders selected');
    const bulk = a.locator('[part=bulk]');
    await bulk.getByLabel('Tag for the selected orders').fill('vip-2026');
    await bulk.getByRole('button', { name: 'Add tag' }).click();
    expect(await bulk.locator('[part=bulk-confirm]').textContent()).toContain('Add the tag “vip-2026” to 2 orders?');
    expect(seen.filter((c) => c === 'POST /v1/admin/orders/tags')).toEqual([]);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await bulk.getByRole('button', { name: 'Yes, go ahead' }).click();
    await expect.poll(() => bulk.locator('[part=bulk-result]').textContent()).toBe('Tag “vip-2026” added to 2 orders.');
    expect(seen.filter((c) => c === 'POST /v1/admin/orders/tags')).toHaveLength(1);
    expect(stored(ids['Hana']!).tags?.privateTags?.tagIds).toEqual(['vip-2026']);
    expect(stored(ids['Ivan']!).tags?.privateTags?.tagIds).toEqual(['vip-2026']);
    expect(stored(ids['Jana']!).tags?.privateTags?.tagIds ?? []).toEqual([]);
    expect(await row(o.page, 'Hana').locator('[part=tag]').textContent()).toBe('Tag: vip-2026');
    expect(await row(o.page, 'Jana').locator('[part=tag]').count()).toBe(0);

    // the tag filter: the two orders, kept in the URL across a reload
    await a.getByRole('button', { name: 'More filters' }).click();
    await a.getByLabel('Tag', { exact: true }).fill('vip-2026');
    await expect.poll(() => buyers(o.page)).toEqual(['Ivan', 'Hana']);
    expect(new URL(o.page.url()).searchParams.get('admin-tag')).toBe('vip-2026');
    await o.page.reload();
    await a.locator('[part=order]').first().waitFor({ timeout: 15_000 });
    expect(await buyers(o.page)).toEqual(['Ivan', 'Hana']);

    // one order's tags: remove one, add one
    await row(o.page, 'Hana')
      .getByRole('button', { name: `Order #${number('Hana')}` })
      .click();
    const tags = a.locator('[part=tags]');
    await tags.waitFor({ timeout: 15_000 });
    // a chip, no list bullet; its × a named target of 24 px or more
    const chip = tags.locator('li', { hasText: 'vip-2026' });
    expect(
      await chip.evaluate((li) => [
        getComputedStyle(li).listStyleType,
        getComputedStyle(li.parentElement!).paddingInlineStart,
      ]),
    ).toEqual(['none', '0px']);
    const x = await tags.getByRole('button', { name: 'Remove tag vip-2026' }).boundingBox();
    expect(Math.min(x!.width, x!.height)).toBeGreaterThanOrEqual(24);
    await tags.getByRole('button', { name: 'Remove tag vip-2026' }).click();
    await tags.getByText('No tags yet.', { exact: false }).waitFor();
    await tags.getByLabel('New tag').fill(' gift-wrap ');
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await tags.locator('li', { hasText: 'gift-wrap' }).waitFor();
    expect(stored(ids['Hana']!).tags?.privateTags?.tagIds).toEqual(['gift-wrap']);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await o.context.close();
  });

  it('bulk mark as paid on an offline order and an already-paid one: one success, one failure in words (dark, 375 px)', async () => {
    const o = await openPage(env.browser, { colorScheme: 'dark', viewport: { width: 375, height: 800 } });
    const seen = companionCalls(o, env.stack.companion.url);
    await asOwner(o);
    const a = admin(o.page);
    expect(await row(o.page, 'Jana').textContent()).toContain('Paid');
    const otto = a.locator('[part=order]', { hasText: 'otto.offline@example.com' });
    expect(await otto.textContent()).toContain('Not paid');
    await a.getByLabel(`Select order #${number('Otto')}`).check();
    await a.getByLabel(`Select order #${number('Jana')}`).check();
    const bulk = a.locator('[part=bulk]');
    await bulk.getByRole('button', { name: 'Mark as paid' }).click();
    expect(await bulk.locator('[part=bulk-confirm]').textContent()).toContain('Mark 2 orders as paid?');
    expect(seen.filter((c) => c.endsWith('/mark-as-paid'))).toEqual([]);
    await bulk.getByRole('button', { name: 'Yes, go ahead' }).click();
    await expect.poll(() => bulk.locator('[part=bulk-result]').textContent()).toBe('1 order marked as paid.');
    expect(await bulk.locator('[part=bulk-failed]').textContent()).toContain(
      `Order #${number('Jana')}: it’s already paid, or its payment is authorized or pending.`,
    );
    expect(await bulk.textContent()).not.toContain('ORDER_ALREADY_PAID');
    expect(seen.filter((c) => c.endsWith('/mark-as-paid'))).toHaveLength(1);
    expect(stored(ids['Otto']!).paymentStatus).toBe('PAID');
    expect(await otto.textContent()).not.toContain('Not paid');
    expect(await otto.textContent()).toContain('Paid');
    // the refused one stays selected, the paid one does not
    expect(await a.getByLabel(`Select order #${number('Jana')}`).isChecked()).toBe(true);
    expect(await a.getByLabel(`Select order #${number('Otto')}`).isChecked()).toBe(false);
    expect(await a.locator('[part=selection]').textContent()).toContain('1 order selected');
    expect(await o.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await o.context.close();
  });

  it('edit a line’s quantity with a reason: a stale order is re-read and said; then the total and the timeline follow (RTL)', async () => {
    const id = ids['Jana']!;
    const before = stored(id);
    const o = await openPage(env.browser);
    await asOwner(o, '?admin-q=jana&dir=rtl');
    const a = admin(o.page);
    await expect.poll(() => buyers(o.page)).toEqual(['Jana']);
    await a.getByRole('button', { name: `Order #${number('Jana')}` }).click();
    const detail = a.locator('[part=detail]');
    await detail.locator('[part=timeline]').getByText('Order placed').first().waitFor({ timeout: 15_000 });
    await detail.getByRole('button', { name: 'Edit order' }).click();
    const edit = detail.locator('[part=edit]');
    await edit.getByLabel('Beeswax Taper Candles').fill('2');
    await edit.getByLabel('Reason for the change (the buyer sees it in the email)').fill('Jana asked for two');
    await edit.getByRole('button', { name: 'Review changes' }).click();
    expect(await edit.locator('[part=edit-changes]').textContent()).toContain('Beeswax Taper Candles (Pair): 3 → 2');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);

    // meanwhile the order changes elsewhere (4 tapers): saving is refused, the order read again, the typing kept
    commitDeltas(
      env.stack.emulator.db,
      id,
      { changes: { lineItems: [{ lineItemId: before.lineItems[0]!.id, lineItem: { quantity: 4 } }] } },
      Date.now(),
    );
    o.expected.push(/status of 409/); // Chromium logs the refused request itself
    await edit.getByRole('button', { name: 'Yes, save changes' }).click();
    await expect
      .poll(() => edit.locator('[part=edit-error]').textContent())
      .toContain('This order changed since you opened it.');
    await expect.poll(() => detail.locator('.line').first().textContent()).toContain('× 4');
    expect(await edit.getByLabel('Beeswax Taper Candles').inputValue()).toBe('2');
    expect(await edit.getByLabel('Reason for the change (the buyer sees it in the email)').inputValue()).toBe(
      'Jana asked for two',
    );
    await edit.getByRole('button', { name: 'Review changes' }).click();
    expect(await edit.locator('[part=edit-changes]').textContent()).toContain('Beeswax Taper Candles (Pair): 4 → 2');
    await edit.getByRole('button', { name: 'Yes, save changes' }).click();
    await edit.waitFor({ state: 'detached' });

    const after = stored(id);
    expect(after.lineItems[0]!.quantity).toBe(2);
    expect(Number(after.priceSummary.total.amount)).toBeLessThan(Number(before.priceSummary.total.amount));
    const total = (await detail.locator('[part=totals] .grand').textContent())!;
    expect(total).toContain('Total');
    expect(total).toContain(after.priceSummary.total.amount);
    expect(await detail.locator('[role=status]').first().textContent()).toContain('Order edited. New total:');
    expect(await detail.textContent()).toContain('× 2');
    await detail.locator('[part=timeline]').getByText('Order edited').first().waitFor();
    expect(
      listMail(env.stack.emulator.db, 'jana.bk@example.com').some((m) => m.text.includes('Jana asked for two')),
    ).toBe(true);
    await o.context.close();
  });
});
