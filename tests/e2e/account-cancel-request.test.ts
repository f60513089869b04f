// Issue 38 on the real stack: a member asks to cancel a paid order from `<inlay-account>` (the built bundle in
// Chromium, the site companion on the demo's origin, the emulator on SQLite). The request goes through what the
// platform supports (a merchant comment through AddActivities and a private tag), the account shows it as requested on
// every later visit, and once the owner declines it (the companion's owner route) it says so and offers no new request.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { adminToken, api, createTestMember, memberTokens, placeOrder } from '../helpers/emulator.ts';
import { seedIds } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const BOARD = seedIds.products['maple-cutting-board']!;
const PASSWORD = 'correct-horse-9';
const account = (page: Page) => page.locator('inlay-account');

/** The account page, signed in through its own inline form, with the order's detail open. */
async function orderOpen(email: string, number: string) {
  const w = await openPage(env.browser);
  await w.page.goto(`${env.stack.demo}/account`);
  const a = account(w.page);
  await a.getByText('Sign in to see your account').waitFor();
  await a.getByLabel('Email').fill(email);
  await a.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await a.getByLabel('Password', { exact: true }).press('Enter');
  await a.getByRole('button', { name: `View details, order #${number}` }).click();
  const detail = a.locator('[part=order-detail]');
  await detail.getByRole('heading', { name: `Order #${number}` }).waitFor();
  return { w, detail };
}

describe('<inlay-account> cancellation request (issue 38)', () => {
  it('asked from the account: a comment and a tag on the order; shown as requested later; the shop’s decline is said', async () => {
    const email = `request-${Date.now()}@example.com`;
    const id = await createTestMember(env.stack.emulator, email, PASSWORD, { firstName: 'Ada', lastName: 'Buyer' });
    const { access } = await memberTokens(env.stack.emulator, { id });
    const orderId = await placeOrder(env.stack.emulator, [{ productId: BOARD, quantity: 1 }], env.stack.demo, access);
    const admin = await adminToken(env.stack.emulator);
    const stored = async () =>
      (await api(env.stack.emulator, `/ecom/v1/orders/${orderId}`, { token: admin })).json.order;
    const number = String((await stored()).number);

    // the member asks
    const first = await orderOpen(email, number);
    await first.detail.getByRole('button', { name: 'Cancel order' }).click();
    await first.detail.getByText('It’s already paid').waitFor();
    await first.detail.getByLabel('Reason (optional)').fill('Ordered the wrong size');
    await first.detail.getByRole('button', { name: 'Send request' }).click();
    await first.detail.getByText('Your cancellation request was sent.').waitFor();
    await first.w.context.close();

    // on the platform: what it supports, a merchant comment and the private tag; no custom activity
    const o = await stored();
    expect(o.status).toBe('APPROVED');
    expect(
      o.activities
        .filter((a: { type: string }) => a.type === 'MERCHANT_COMMENT')
        .map((a: { merchantComment: { message: string } }) => a.merchantComment.message),
    ).toEqual(['Cancellation requested by the buyer: Ordered the wrong size']);
    expect(o.activities.some((a: { type: string }) => a.type === 'CUSTOM_ACTIVITY')).toBe(false);
    expect(o.tags.privateTags.tagIds).toEqual(['cancellation-requested']);

    // a later visit (a new browser context): still requested, read from the order itself
    const later = await orderOpen(email, number);
    await later.detail.getByText('Your cancellation request was sent.').waitFor();
    expect(await later.detail.locator('[part=history]').textContent()).toContain('Cancellation requested');
    expect(await later.detail.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await later.detail.textContent()).not.toContain('Ordered the wrong size'); // the comment's words stay home
    await later.w.context.close();

    // the owner declines it
    const owner = (await memberTokens(env.stack.emulator, 'owner')).access;
    const declined = await fetch(`${env.stack.companion.url}/v1/admin/orders/${orderId}/cancel-request/decline`, {
      method: 'POST',
      headers: { Authorization: owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: 'Already packed' }),
    });
    expect(declined.status).toBe(200);
    expect((await stored()).tags.privateTags.tagIds).toEqual([]);

    const after = await orderOpen(email, number);
    const said = after.detail.locator('[part=request-declined]');
    await said.waitFor();
    expect(await said.textContent()).toBe(
      'Your cancellation request was declined. Contact the shop if you have questions.',
    );
    expect(await after.detail.locator('[part=history]').textContent()).toMatch(
      /Cancellation requested.*Cancellation request declined/,
    );
    expect(await after.detail.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await after.detail.textContent()).not.toContain('Already packed');
    expect(await axe(after.w.page, 'inlay-account')).toEqual([]);
    await after.w.context.close();
  });
});
