// <inlay-admin>'s Settings › Back in stock (issue 40 item 4) on the real stack: the built bundle in Chromium, the
// demo's /admin page with the site companion on its origin, the emulator on SQLite. The owner stops collecting and a
// shopper's product page says requests are not taken; the owner starts again and the shopper's request is taken; the
// owner reports the item back in stock and the shopper's notice lands in the emulator's mailbox.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { adminToken, api } from '../helpers/emulator.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { BASE } from '../../emulator/routes/back-in-stock.ts';

const env = useStackAndBrowser();
const RUCKSACK = seedIds.products['waxed-canvas-rucksack']!; // sold out in the seed
const SHOPPER = 'noor.waits@example.com';
const admin = (page: Page) => page.locator('inlay-admin');
const widget = (page: Page) => page.locator('inlay-back-in-stock');
const mailbox = async (to: string) =>
  (await api(env.stack.emulator, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages as {
    subject: string;
    link?: string;
  }[];

async function openSection(w: WatchedPage) {
  await w.page.goto(`${env.stack.demo}/admin?section=settings&admin-setting=back-in-stock`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  const a = admin(w.page);
  await a.locator('[part=collecting]').waitFor({ timeout: 15_000 });
  return a;
}

/** A shopper on the rucksack's page asks to be told; the widget's answer (its status or its alert). */
async function shopperAsks(email: string): Promise<{ w: WatchedPage; said: string }> {
  const w = await openPage(env.browser);
  await w.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack?companion=off`);
  await w.page.waitForFunction(() => customElements.get('inlay-back-in-stock'));
  await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
  await widget(w.page).getByLabel('Email', { exact: true }).fill(email);
  await widget(w.page).getByLabel('Email', { exact: true }).press('Enter');
  const said = widget(w.page).locator('[role=alert],[role=status]');
  await expect.poll(async () => (await said.allTextContents()).join(' ').trim()).not.toBe('');
  return { w, said: (await said.allTextContents()).join(' ') };
}

async function waiting(productId: string) {
  const token = await adminToken(env.stack.emulator);
  const filter = { 'catalogReference.catalogItemId': productId };
  return (await api(env.stack.emulator, `${BASE}/query`, { token, body: { query: { filter } } })).json.requests as {
    email: string;
    status: string;
  }[];
}

describe('Settings › Back in stock', () => {
  it('the owner stops collecting (asked first): the shopper’s page says requests aren’t taken and keeps the email; started again, the request is taken', async () => {
    const o = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    const a = await openSection(o);
    expect(await a.locator('[part=collecting]').textContent()).toContain('Collecting');
    await a.getByRole('button', { name: 'Stop collecting requests' }).click();
    const confirm = a.locator('[part=confirm-stop]');
    await confirm.waitFor();
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await confirm.getByRole('button', { name: 'Stop collecting', exact: true }).click();
    await expect.poll(() => a.locator('[part=collecting]').textContent()).toContain('Stopped');

    const s = await shopperAsks(SHOPPER);
    s.w.expected.push(/status of 428/); // Chromium logs the refused request itself
    expect(s.said).toMatch(/aren’t available/);
    expect(await widget(s.w.page).getByLabel('Email', { exact: true }).inputValue()).toBe(SHOPPER);
    expect(await waiting(RUCKSACK)).toEqual([]);
    await s.w.context.close();

    await a.getByRole('button', { name: 'Start collecting requests' }).click();
    await expect.poll(() => a.locator('[part=collecting]').textContent()).toContain('Collecting');
    const again = await shopperAsks(SHOPPER);
    expect(again.said).toMatch(/We’ll email you at n…@example\.com/);
    expect((await waiting(RUCKSACK)).map((r) => [r.email, r.status])).toEqual([[SHOPPER, 'RECEIVED']]);
    await again.w.context.close();
    await o.context.close();
  });

  it('the owner sees who waits for what and reports the item back in stock (asked first, naming how many); the shopper’s notice is in the mailbox, once', async () => {
    const o = await openPage(env.browser, { viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    const a = await openSection(o);
    const row = a.locator('[part=waiting-item]', { hasText: 'Waxed Canvas Rucksack' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('.num').textContent()).toBe('1');
    await row.locator('summary').click();
    expect(await row.locator('details li').allTextContents()).toEqual([SHOPPER]);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await row.getByRole('button', { name: 'Report back in stock' }).click();
    const confirm = a.locator('[part=confirm-report]');
    await confirm.waitFor();
    expect((await confirm.textContent())!.replace(/[\u2066-\u2069]/g, '')).toContain(
      'Email 1 shopper that Waxed Canvas Rucksack is back in stock?',
    );
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await confirm.getByRole('button', { name: 'Send emails' }).click();
    await expect
      .poll(() => a.locator('[part=outcome]').textContent())
      .toBe('Waxed Canvas Rucksack: 1 shopper emailed.');
    await expect.poll(() => row.count()).toBe(0);
    const mail = await mailbox(SHOPPER);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Waxed Canvas Rucksack is back in stock');
    expect((await waiting(RUCKSACK)).map((r) => r.status)).toEqual(['NOTIFICATION_SENT']);
    // nothing left to report: the list says so
    await expect.poll(() => a.locator('[part=empty]').textContent()).toContain('Nobody is waiting for an item.');
    await o.context.close();
  });
});
