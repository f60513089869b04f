// Issue 38, the owner's side, on the real stack (the built bundle in Chromium, the demo's /admin page, the site
// companion on its origin, the emulator on SQLite): members' cancellation requests show with a badge and in the saved
// view "Cancellation requested" (kept across a reload), with the buyer's reason; one is declined, the other approved
// (refunded in full, canceled, its stock back). Nothing is mocked.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { adminToken, api, createTestMember, memberTokens, placeOrder } from '../helpers/emulator.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');
const STOOL = seedIds.products['folding-camp-stool']!; // stock tracked
const stock = () =>
  env.stack.emulator.db
    .prepare<[string], { quantity: number }>('SELECT quantity FROM product_variants WHERE product_id = ?')
    .get(STOOL)!.quantity;

const asked: { id: string; number: string }[] = [];
let other = '';

/** A member buys three stools (three paid orders) and asks to cancel the first two, with reasons. */
beforeAll(async () => {
  const email = `requests-${Date.now()}@example.com`;
  const id = await createTestMember(env.stack.emulator, email, 'correct-horse-9', {
    firstName: 'Ada',
    lastName: 'Buyer',
  });
  const { access } = await memberTokens(env.stack.emulator, { id });
  const token = await adminToken(env.stack.emulator);
  for (const reason of ['Ordered twice', 'Found it cheaper', '']) {
    const orderId = await placeOrder(env.stack.emulator, [{ productId: STOOL, quantity: 1 }], env.stack.demo, access);
    const number = String((await api(env.stack.emulator, `/ecom/v1/orders/${orderId}`, { token })).json.order.number);
    if (!reason) {
      other = number;
      continue;
    }
    const r = await fetch(`${env.stack.companion.url}/v1/my/orders/${orderId}/cancel`, {
      method: 'POST',
      headers: { Authorization: access, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason }),
    });
    expect((await r.json()).outcome).toBe('REQUESTED');
    asked.push({ id: orderId, number });
  }
});

async function asOwner(w: WatchedPage, query = '') {
  await w.page.goto(`${env.stack.demo}/admin${query}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  await admin(w.page).locator('[part=order]').first().waitFor({ timeout: 15_000 });
}
const stored = async (id: string) =>
  (await api(env.stack.emulator, `/ecom/v1/orders/${id}`, { token: await adminToken(env.stack.emulator) })).json.order;

describe('<inlay-admin> cancellation requests', () => {
  it('badges, the saved view kept in the URL across a reload, the reason; decline, then approve with refund and restock', async () => {
    const w = await openPage(env.browser);
    await asOwner(w);
    const a = admin(w.page);
    const row = (number: string) => a.locator('[part=order]', { hasText: `Order #${number}` });
    expect(await row(asked[0]!.number).locator('[part=request-badge]').textContent()).toBe('Cancellation requested');
    expect(await row(other).locator('[part=request-badge]').count()).toBe(0);

    await a.getByRole('button', { name: 'Cancellation requested' }).click();
    await expect.poll(() => a.locator('[part=order]').count()).toBe(2);
    expect(new URL(w.page.url()).searchParams.get('admin-requested')).toBe('1');
    await w.page.reload();
    await a.locator('[part=order]').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => a.locator('[part=order]').count()).toBe(2);
    expect(await a.getByRole('button', { name: 'Cancellation requested' }).getAttribute('aria-pressed')).toBe('true');
    expect(await axe(w.page, 'inlay-admin')).toEqual([]);

    // decline the older request
    const [first, second] = [asked[0]!, asked[1]!];
    await a.getByRole('button', { name: `Order #${first.number}` }).click();
    const request = a.locator('[part=cancel-request]');
    await request.getByText('The buyer’s reason: Ordered twice').waitFor();
    await request.getByRole('button', { name: 'Decline request' }).click();
    await request.getByLabel('Note for your records (the buyer doesn’t see it)').fill('Already packed');
    expect(await axe(w.page, 'inlay-admin')).toEqual([]);
    await request.getByRole('button', { name: 'Yes, decline' }).click();
    await a.locator('[part=request-declined]').waitFor();
    const declined = await stored(first.id);
    expect(declined.tags.privateTags.tagIds).toEqual([]);
    expect(declined.status).toBe('APPROVED');

    // approve the other: refunded in full, then canceled with its stool back in stock
    await a.getByRole('button', { name: 'All orders' }).first().click();
    await a.getByRole('button', { name: `Order #${second.number}` }).click();
    await request.getByText('The buyer’s reason: Found it cheaper').waitFor();
    const before = stock();
    await request.getByRole('button', { name: 'Approve and cancel' }).click();
    expect(await request.locator('[part=approve-summary]').textContent()).toContain('1 item goes back in stock.');
    await request.getByRole('button', { name: 'Yes, approve' }).click();
    await request.waitFor({ state: 'detached' });
    const approved = await stored(second.id);
    expect(approved.status).toBe('CANCELED');
    expect(approved.paymentStatus).toBe('FULLY_REFUNDED');
    expect(approved.tags.privateTags.tagIds).toEqual([]);
    expect(stock()).toBe(before + 1);
    await w.context.close();
  });
});
