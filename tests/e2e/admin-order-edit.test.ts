// <inlay-admin>'s order edit through the platform's draft orders (issue 38) on the real stack: the built bundle in
// Chromium, the demo's /admin page with the site companion on its origin, orders placed through the emulator's hosted
// checkout. A paid order's quantity raised: the confirmation shows the platform's new total and the balance to
// collect; saved, the payments panel reads again and its "left to pay" is what the platform's collectability says;
// the owner collects it. A partly refunded order: the platform won't edit it, and the console says why. Nothing is
// mocked.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, signInWithWidget, type WatchedPage, companionCalls } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { adminToken, api, placeOrderAs, visitorTokens } from '../helpers/emulator.ts';
import { listMail } from '../../emulator/domain/mail.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');
const TAPERS = seedIds.products['beeswax-taper-candles']!;
const PC = '/ecom/v1/payments-collector/orders';
const ids: Record<'edna' | 'rex' | 'lou', string> = { edna: '', rex: '', lou: '' };

beforeAll(async () => {
  const place = async (first: string) =>
    placeOrderAs(
      env.stack.emulator,
      (await visitorTokens(env.stack.emulator)).access,
      [{ productId: TAPERS, quantity: 2 }],
      { email: `${first.toLowerCase()}.edit@example.com`, firstName: first, lastName: 'Editson' },
      env.stack.demo,
    );
  ids.edna = await place('Edna');
  ids.rex = await place('Rex');
  ids.lou = await place('Lou');
  // Rex's order partly refunded (one dollar), as the payments panel would
  const token = await adminToken(env.stack.emulator);
  const tx = (await api(env.stack.emulator, `/ecom/v1/payments/orders/${ids.rex}`, { token })).json.orderTransactions;
  const r = await api(env.stack.emulator, `${PC}/${ids.rex}/trigger-refund`, {
    token,
    body: { payments: [{ paymentId: tx.payments[0].id, amount: { amount: '1.00' } }] },
  });
  if (r.status !== 200) throw new Error(`refund failed: ${r.text}`);
});

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
  return { a, detail, pay };
}

/** A figure of the payments panel ("Left to pay", "Total"…), as shown. */
const figure = (pay: ReturnType<Page['locator']>, name: string) =>
  pay
    .locator('[part=balance] div')
    .filter({ has: pay.page().locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd')
    .textContent();

describe('<inlay-admin> an order edited through a draft order', () => {
  it('a paid order raised: the confirmation’s new total and balance, saved, the panel’s balance is collectability, collected', async () => {
    const w = await openPage(env.browser);
    const seen = companionCalls(w, env.stack.companion.url);
    const { detail, pay } = await openOrder(w, 'edna');
    const totalBefore = await figure(pay, 'Total');
    expect(await figure(pay, 'Left to pay')).toBe('$0.00');

    await detail.getByRole('button', { name: 'Edit order' }).click();
    const edit = detail.locator('[part=edit]');
    await edit.getByLabel(/^Beeswax Taper Candles/).fill('3');
    await edit.getByLabel(/^Reason for the change/).fill('One more pair, asked by phone');
    await edit.getByRole('button', { name: 'Review changes' }).click();
    const confirm = edit.locator('[part=edit-confirm]');
    await confirm.waitFor({ timeout: 15_000 });
    const said = (await confirm.locator('[part=edit-total]').textContent())!;
    const m = /^New total: (\$[\d,.]+) \(now (\$[\d,.]+)\)\.$/.exec(said);
    expect(m, said).not.toBeNull();
    const [, newTotal, now] = m!;
    expect(now).toBe(totalBefore);
    const balance = (await confirm.locator('[part=edit-balance]').textContent())!;
    const b = /^Paid: (\$[\d,.]+)\. To collect after saving: (\$[\d,.]+)\.$/.exec(balance);
    expect(b, balance).not.toBeNull();
    const [, paid, toCollect] = b!;
    expect(paid).toBe(totalBefore);
    const cents = (s: string) => Math.round(Number(s.replace(/[$,]/g, '')) * 100);
    expect(cents(toCollect!)).toBe(cents(newTotal!) - cents(totalBefore!));
    // priced, not applied: nothing was sent to the edit route yet, and no draft is left on the platform
    expect(seen.some((c) => c.endsWith('/edit'))).toBe(false);
    const drafts = () =>
      env.stack.emulator.db
        .prepare<[string], { n: number }>(
          "SELECT COUNT(*) AS n FROM draft_orders WHERE order_id = ? AND status = 'DRAFT'",
        )
        .get(ids.edna)!.n;
    expect(drafts()).toBe(0);

    await confirm.getByRole('button', { name: 'Yes, save changes' }).click();
    await edit.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await detail.locator('[role=status]').first().textContent()).toBe(`Order edited. New total: ${newTotal}.`);
    // the payments panel read again: the new total, and what is left to pay is the platform's collectability
    await expect.poll(() => figure(pay, 'Total'), { timeout: 15_000 }).toBe(newTotal);
    expect(await figure(pay, 'Left to pay')).toBe(toCollect);
    const token = await adminToken(env.stack.emulator);
    const col = (await api(env.stack.emulator, `${PC}/${ids.edna}/payment-collectability-status`, { token })).json;
    expect([col.status, col.amount.formattedAmount]).toEqual(['COLLECTABLE', toCollect]);
    // the buyer was told the new total and what is left to pay
    const mail = listMail(env.stack.emulator.db, 'edna.edit@example.com').find((x) => /was updated$/.test(x.subject));
    expect(mail?.text).toContain(`New total: ${newTotal}`);
    expect(mail?.text).toContain(`Left to pay: ${toCollect}`);

    // collect the difference
    await pay.getByRole('button', { name: 'Mark as paid' }).click();
    const mark = pay.locator('[part=mark-paid]');
    await mark.getByLabel('How it was paid').selectOption({ label: 'Cash' });
    await mark.getByRole('button', { name: 'Continue' }).click();
    expect(await mark.locator('[part=ask]').textContent()).toContain(`${toCollect} received by Cash`);
    await mark.getByRole('button', { name: 'Yes, mark as paid' }).click();
    await mark.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => figure(pay, 'Left to pay')).toBe('$0.00');
    expect(await pay.locator('[part=collect-reason]').textContent()).toBe('Nothing is left to pay.');
    await w.context.close();
  });

  it('a paid order lowered: the confirmation’s amount to refund, saved, the panel says “To refund”, refunded to 0', async () => {
    const w = await openPage(env.browser);
    const { detail, pay } = await openOrder(w, 'lou');
    const totalBefore = (await figure(pay, 'Total'))!;
    await detail.getByRole('button', { name: 'Edit order' }).click();
    const edit = detail.locator('[part=edit]');
    await edit.getByLabel(/^Beeswax Taper Candles/).fill('1');
    await edit.getByLabel(/^Reason for the change/).fill('Only one pair in stock');
    await edit.getByRole('button', { name: 'Review changes' }).click();
    const confirm = edit.locator('[part=edit-confirm]');
    await confirm.waitFor({ timeout: 15_000 });
    const b = /^Paid: (\$[\d,.]+)\. To refund after saving: (\$[\d,.]+)\.$/.exec(
      (await confirm.locator('[part=edit-balance]').textContent())!,
    );
    expect(b).not.toBeNull();
    const [, paid, toRefund] = b!;
    expect(paid).toBe(totalBefore);
    await confirm.getByRole('button', { name: 'Yes, save changes' }).click();
    await edit.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => figure(pay, 'To refund'), { timeout: 15_000 }).toBe(toRefund);
    expect(await pay.locator('[part=collect-reason]').textContent()).toBe('Nothing is left to pay.');

    // refund the difference
    await pay.getByRole('button', { name: 'Refund', exact: true }).click();
    const form = pay.locator('[part=refund-form]');
    await form.getByLabel(/^Amount/).fill(toRefund!.replace('$', ''));
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByRole('button', { name: `Yes, refund ${toRefund}` }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => figure(pay, 'Left to pay')).toBe('$0.00');
    expect(await figure(pay, 'Refunded')).toBe(toRefund);
    await w.context.close();
  });

  it('a partly refunded order: the platform won’t edit it, and the console says why (nothing asked, nothing changed)', async () => {
    const w = await openPage(env.browser);
    w.expected.push(/status of 428/); // Chromium logs the refused request itself
    const seen = companionCalls(w, env.stack.companion.url);
    const { detail } = await openOrder(w, 'rex');
    await detail.getByRole('button', { name: 'Edit order' }).click();
    const edit = detail.locator('[part=edit]');
    await edit.getByLabel(/^Beeswax Taper Candles/).fill('3');
    await edit.getByLabel(/^Reason for the change/).fill('One more');
    await edit.getByRole('button', { name: 'Review changes' }).click();
    await expect
      .poll(() => edit.locator('[part=edit-error]').textContent(), { timeout: 15_000 })
      .toBe('This order was refunded, and refunded orders can’t be edited. Record a payment or make a refund instead.');
    expect(await edit.locator('[part=edit-confirm]').count()).toBe(0);
    expect(await edit.getByLabel(/^Beeswax Taper Candles/).inputValue()).toBe('3');
    expect(seen.some((c) => c.endsWith('/edit'))).toBe(false);
    const order = (
      await api(env.stack.emulator, `/ecom/v1/orders/${ids.rex}`, { token: await adminToken(env.stack.emulator) })
    ).json.order;
    expect(order.lineItems[0].quantity).toBe(2);
    await w.context.close();
  });
});
