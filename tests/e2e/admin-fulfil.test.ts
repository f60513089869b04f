// Issue 40 item 1 on the real stack (the built bundle in Chromium, the site companion on the demo's origin, the
// emulator on SQLite): the owner marks a member's order shipped in <inlay-admin> with a carrier, a tracking number and
// link, the buyer emailed; the member's <inlay-account>, a separate signed-in page, shows the tracking link. Nothing is
// mocked.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, companionCalls } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { createTestMember, memberTokens, placeOrder } from '../helpers/emulator.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { listMail } from '../../emulator/domain/mail.ts';

const env = useStackAndBrowser();
const BOARD = seedIds.products['maple-cutting-board']!;
const TAPERS = seedIds.products['beeswax-taper-candles']!;
const PASSWORD = 'correct-horse-9';
const LINK = 'https://parcel.example/track/PB-4521';
const stored = (id: string) =>
  JSON.parse(
    env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!.data,
  ) as {
    number: string | number;
    fulfillmentStatus: string;
    buyerInfo: { email: string };
    activities: { type: string }[];
  };
const admin = (page: Page) => page.locator('inlay-admin');

describe('fulfilment end to end (issue 40 item 1)', () => {
  it('the owner marks items shipped with a tracking link in the console; the member’s account shows the link', async () => {
    const email = `shipped-${Date.now()}@example.com`;
    const id = await createTestMember(env.stack.emulator, email, PASSWORD, { firstName: 'Ines', lastName: 'Parcel' });
    const { access } = await memberTokens(env.stack.emulator, { id });
    const orderId = await placeOrder(
      env.stack.emulator,
      [
        { productId: BOARD, quantity: 1 },
        { productId: TAPERS, quantity: 2 },
      ],
      env.stack.demo,
      access,
    );
    const number = String(stored(orderId).number);

    // the owner, in the console, with the order open
    const o = await openPage(env.browser);
    const seen = companionCalls(o, env.stack.companion.url);
    await o.page.goto(`${env.stack.demo}/admin?admin-order=${orderId}`);
    await o.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
    await signInWithWidget(o.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const panel = admin(o.page).locator('[part=fulfil]');
    await panel.getByText('Nothing shipped yet.').waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: 'Mark as shipped' }).click();
    const form = panel.locator('[part=fulfil-form]');
    // all items by default
    expect(await form.getByLabel(/^Maple Cutting Board/).inputValue()).toBe('1');
    expect(await form.getByLabel(/^Beeswax Taper Candles/).inputValue()).toBe('2');
    await form.locator('select[name=carrier]').selectOption('other');
    await form.getByLabel('Carrier name').fill('Parcel Bike');
    await form.getByLabel('Tracking number').fill('PB-4521');
    await form.getByLabel('Tracking link').fill(LINK);
    expect(await form.getByLabel('Email the buyer a shipping confirmation').isChecked()).toBe(true);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await form.getByRole('button', { name: 'Mark as shipped' }).click();
    const ask = panel.locator('[part=confirm]');
    expect(await ask.textContent()).toContain(`Mark 3 items of order #${number} as shipped?`);
    expect(seen.filter((c) => c.startsWith('POST /v1/admin/orders/') && c.endsWith('/fulfillments'))).toEqual([]);
    await ask.getByRole('button', { name: 'Yes, mark as shipped' }).click();
    const link = panel.locator('[part=tracking-link]');
    await link.waitFor();
    expect([
      await link.getAttribute('href'),
      await link.getAttribute('target'),
      await link.getAttribute('rel'),
    ]).toEqual([LINK, '_blank', 'noopener noreferrer']);
    await expect.poll(() => panel.textContent()).toContain('The buyer was emailed.');
    expect(seen.filter((c) => c.endsWith('/fulfillments'))).toHaveLength(1);
    expect(stored(orderId).fulfillmentStatus).toBe('FULFILLED');
    expect(stored(orderId).activities.map((a) => a.type)).toEqual(
      expect.arrayContaining([
        'ORDER_FULFILLED',
        'TRACKING_NUMBER_ADDED',
        'TRACKING_LINK_WAS_SET',
        'SHIPPING_CONFIRMATION_EMAIL_SENT',
      ]),
    );
    const mail = listMail(env.stack.emulator.db, stored(orderId).buyerInfo.email)[0]!;
    expect(mail.subject).toBe(`Your order #${number} has shipped`);
    expect(mail.text).toContain(LINK);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);

    // the member, on their own signed-in page: the order's detail shows the tracking link
    const m = await openPage(env.browser);
    await m.page.goto(`${env.stack.demo}/account`);
    const a = m.page.locator('inlay-account');
    await a.getByText('Sign in to see your account').waitFor();
    await a.getByLabel('Email').fill(email);
    await a.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await a.getByLabel('Password', { exact: true }).press('Enter');
    await a.getByRole('button', { name: `View details, order #${number}` }).click();
    const detail = a.locator('[part=order-detail]');
    const tracking = detail.getByRole('link', { name: /PB-4521/ });
    await tracking.waitFor();
    expect(await tracking.getAttribute('href')).toBe(LINK);
    expect(await tracking.getAttribute('rel')).toContain('noopener');
    expect(await detail.textContent()).toContain('Parcel Bike');
    expect(await axe(m.page, 'inlay-account')).toEqual([]);
  });
});
