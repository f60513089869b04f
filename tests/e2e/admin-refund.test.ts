// The "the refund summary's live total equals what the platform refunds" (issue 40, item 3), on the real
// stack: the built bundle in Chromium, the demo's /admin page with its companion, an order placed through the
// emulator's hosted checkout to California (7.25 % tax) with express shipping. The owner chooses one item and some
// of the shipping; the summary's total is read as it shows; the refund is made; the emulator's recorded refund is
// the same cents. Then the lines say "1 of 3 refunded", the timeline has the refund, and the panel is axe-clean.
import { beforeAll, describe, expect, it } from 'vitest';
import { axe, openPage, signInWithWidget } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds, seedVariantId } from '../../emulator/seed.ts';
import { placeOrderAs, visitorTokens } from '../helpers/emulator.ts';

const env = useStackAndBrowser();
let orderId = '';

beforeAll(async () => {
  orderId = await placeOrderAs(
    env.stack.emulator,
    (await visitorTokens(env.stack.emulator)).access,
    [
      { productId: seedIds.products['beeswax-taper-candles']!, quantity: 3 },
      {
        productId: seedIds.products['enamel-camp-mug']!,
        variantId: seedVariantId('enamel-camp-mug', { Color: 'Forest' }),
        quantity: 1,
      },
    ],
    {
      email: 'rhea.refund@example.com',
      firstName: 'Rhea',
      lastName: 'Refund',
      subdivision: 'CA',
      city: 'Oakland',
      postalCode: '94601',
      shipping: 'express',
    },
    env.stack.demo,
  );
});

/** The refunds the emulator recorded for the order, in cents. */
const recorded = () => {
  const row = env.stack.emulator.db
    .prepare<[string], { data: string }>('SELECT data FROM order_transactions WHERE order_id = ?')
    .get(orderId);
  const tx = JSON.parse(row?.data ?? '{"refunds":[]}') as {
    refunds: {
      transactions: { amount: { amount: string } }[];
      details: { shipping?: { amount: { amount: string } } };
    }[];
  };
  return tx.refunds.map((r) => ({
    cents: Math.round(Number(r.transactions[0]!.amount.amount) * 100),
    shipping: r.details.shipping?.amount.amount,
  }));
};
const cents = (money: string) => Math.round(Number(money.replace(/[^\d.]/g, '')) * 100);

describe('<inlay-admin> refund panel', () => {
  it('the refund summary’s live total equals what the platform refunds; afterwards the line says so, and the timeline', async () => {
    const o = await openPage(env.browser);
    await o.page.goto(`${env.stack.demo}/admin?admin-q=rhea.refund`);
    await o.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
    await signInWithWidget(o.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const a = o.page.locator('inlay-admin');
    await a.locator('[part=order]').first().waitFor({ timeout: 15_000 });
    await a.locator('[part=order]').first().getByRole('button').first().click();
    const detail = a.locator('[part=detail]');
    const pay = detail.getByRole('region', { name: 'Payments', exact: true });
    await pay.locator('[part=payment]').first().waitFor({ timeout: 15_000 });
    await pay.getByRole('button', { name: 'Refund', exact: true }).click();
    const form = pay.locator('[part=refund-form]');
    const total = () => form.locator('[part=refund-total]').textContent();
    await form.getByRole('button', { name: /^One more: Beeswax/ }).click();
    // one taper's price with its tax: more than its $22.00 price
    await expect.poll(total).not.toBe('$0.00');
    const one = cents((await total())!);
    expect(one).toBeGreaterThan(2200);
    await form.getByRole('checkbox', { name: /^Refund shipping \(up to \$19\.95\)$/ }).check();
    await form.getByLabel(/^Shipping to refund/).fill('4.50');
    await expect.poll(async () => cents((await total())!)).toBe(one + 450);
    const live = (await total())!;
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await form.getByRole('button', { name: 'Continue' }).click();
    expect(await form.locator('[part=ask]').textContent()).toContain(`Refund ${live} to Visa ending in 4242?`);
    await form.getByRole('button', { name: `Yes, refund ${live}` }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    // what the platform recorded: the same cents, the shipping named
    expect(recorded()).toEqual([{ cents: cents(live), shipping: '4.50' }]);
    // afterwards: the line's refunded units, the refund in the timeline and the payments block
    await expect
      .poll(() => detail.locator('[part=items] [part=lines]').textContent(), { timeout: 15_000 })
      .toContain('1 of 3 refunded');
    await expect.poll(() => detail.locator('[part=timeline]').textContent()).toContain(`Refunded ${live}`);
    expect(await pay.locator('[part=refund]').textContent()).toContain(live);
    // the next refund offers only what is left: 2 tapers, the shipping less 4.50
    await pay.getByRole('button', { name: 'Refund', exact: true }).click();
    expect(await form.getByLabel(/^Beeswax.*\(up to 2\)$/).count()).toBe(1);
    expect(await form.getByRole('checkbox', { name: /^Refund shipping \(up to \$15\.45\)$/ }).count()).toBe(1);
    await o.context.close();
  });
});
