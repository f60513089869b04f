// <inlay-admin>'s abandoned checkouts (issue 22 item 4) on the real stack: the built bundle in Chromium, the demo's
// /admin page with the site companion on its origin (its mail service: the emulator's dev mailbox, tests/helpers/
// stack.ts), the emulator on SQLite. Nothing is mocked: the email is read from the mailbox, its link followed by a
// buyer's own browser, the restored checkout paid on the hosted page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, fillHostedCheckout, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { api, createTestMember, memberTokens } from '../helpers/emulator.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';

const env = useStackAndBrowser();
// a visitor's checkout: its email is whatever was typed, so no recovery email goes there (issue 43)
const SAM = 'sam.rivera@example.com';
// a member's checkout, with the member's own login email: the one a recovery email may go to
const ROWAN = 'rowan.abandoned@example.com';
const admin = (page: Page) => page.locator('inlay-admin');
const mailbox = async (to: string) =>
  (await api(env.stack.emulator, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages as {
    subject: string;
    text: string;
    link?: string;
  }[];

async function openConsole(w: WatchedPage, query = '') {
  await w.page.goto(`${env.stack.demo}/admin?section=abandoned${query ? `&${query}` : ''}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  return admin(w.page);
}

describe('<inlay-admin section="abandoned">', () => {
  it('a member not on the owner list sees nothing and loads neither the console nor a section', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/admin?section=abandoned`);
    await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
    await signInWithWidget(w.page, DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);
    await w.page.waitForTimeout(300);
    expect(await admin(w.page).evaluate((e) => e.shadowRoot!.textContent)).toBe('');
    expect(
      w.requests.filter((u) => /\/(console|abandoned)-[\w-]+\.js/.test(u) || u.includes('/admin/abandoned')),
    ).toEqual([]);
    await w.context.close();
  });

  it('a visitor’s typed address gets no recovery email: the reason is said, nothing is offered', async () => {
    const o = await openPage(env.browser);
    const a = await openConsole(o);
    const row = a.locator('[part=checkout]', { hasText: SAM });
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Details' }).click();
    await row.locator('[part=lines]').waitFor();
    expect(await row.getByRole('button', { name: /Send/ }).count()).toBe(0);
    expect(await row.textContent()).toContain('anyone can type any address at checkout');
    expect(await mailbox(SAM)).toEqual([]);
    await o.context.close();
  });

  it('the owner sends a recovery email; it lands in the mailbox; its link restores the cart; paying it shows RECOVERED', async () => {
    // a member leaves a checkout (their cart, their checkout, abandoned now)
    const emu = env.stack.emulator;
    const id = await createTestMember(emu, ROWAN, 'a-long-enough-password', { firstName: 'Rowan', lastName: 'Ash' });
    const token = (await memberTokens(emu, { id })).access;
    const lineItems = [
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: seedIds.products['beeswax-taper-candles']! },
        quantity: 1,
      },
    ];
    expect((await api(emu, '/ecom/v1/carts/current/add-to-cart', { token, body: { lineItems } })).status).toBe(200);
    const made = await api(emu, '/ecom/v1/carts/current/create-checkout', { token, body: { channelType: 'WEB' } });
    expect(made.status).toBe(200);
    expect((await api(emu, '/_dev/abandoned-checkouts/sync', { body: { delayMinutes: 0 } })).status).toBe(200);
    expect(await mailbox(ROWAN)).toEqual([]);
    const o = await openPage(env.browser);
    const a = await openConsole(o);
    const row = a.locator('[part=checkout]', { hasText: ROWAN });
    await row.waitFor({ timeout: 15_000 });
    // the tab is the selected one; the list says who, what, how much and how long ago, in words
    expect(await a.getByRole('tab', { name: 'Abandoned checkouts' }).getAttribute('aria-selected')).toBe('true');
    expect(await a.locator('[part=mail-off]').count()).toBe(0);
    const text = (await row.textContent())!;
    expect(text).toContain('1 item');
    expect(text).toContain('Not recovered');
    expect(text).toMatch(/Left /);
    expect(text).toMatch(/\$\d+\.\d\d/);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);

    // what is in the cart, before anything is sent
    await row.getByRole('button', { name: 'Details' }).click();
    await row.locator('[part=lines]', { hasText: 'Beeswax Taper Candles (Pair) × 1' }).waitFor();
    expect(await row.textContent()).toContain('Nothing yet.');

    await row.getByRole('button', { name: 'Send recovery email' }).click();
    const confirm = row.locator('[part=confirm]');
    expect(await confirm.textContent()).toContain(`Send a recovery email to ${ROWAN}? It lists the 1 item (`);
    expect(await mailbox(ROWAN)).toEqual([]);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await confirm.getByRole('button', { name: 'Send email' }).click();
    await row.locator('[part=sent]', { hasText: `Recovery email sent to ${ROWAN}.` }).waitFor({ timeout: 15_000 });
    await row.locator('[part=activities]', { hasText: 'Recovery email sent' }).waitFor();
    // a second one now would need a second thought: the reason is said and “Send anyway” asks again
    expect(await row.getByRole('button', { name: 'Send anyway' }).count()).toBe(0);

    const mails = await mailbox(ROWAN);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You left something in your cart');
    expect(mails[0]!.text).toContain('Beeswax Taper Candles (Pair) × 1');
    const link = mails[0]!.link!;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(mails[0]!.text).toContain(link);

    // the buyer, in a browser of their own (no session, no token): the link restores the checkout with its lines
    const buyer = await openPage(env.browser);
    await buyer.page.goto(link);
    await buyer.page.waitForURL(/\/_hosted\/checkout\?session=/);
    await buyer.page.getByText('Beeswax Taper Candles (Pair)').first().waitFor();
    await fillHostedCheckout(buyer.page);
    await Promise.all([
      buyer.page.waitForRequest((r) => r.url().includes('orderId=')),
      buyer.page.getByRole('button', { name: /^Pay / }).click(),
    ]);
    await buyer.context.close();

    // the console: recovered, under the Recovered filter, with no send offered
    await a.getByLabel('Show').selectOption('RECOVERED');
    const done = a.locator('[part=checkout]', { hasText: ROWAN });
    await done.waitFor({ timeout: 15_000 });
    await expect.poll(() => done.locator('[part=status]').textContent()).toMatch(/^Recovered/);
    expect(await done.textContent()).toContain('The buyer already completed this checkout');
    expect(await done.getByRole('button', { name: /Send/ }).count()).toBe(0);
    expect(await mailbox(ROWAN)).toHaveLength(1);
    await o.context.close();
  });

  it('axe clean in dark mode at 375 px and right to left, without sideways scroll', async () => {
    for (const [opts, query] of [
      [{ colorScheme: 'dark' as const, viewport: { width: 375, height: 800 } }, ''],
      [{}, 'dir=rtl'],
    ] as const) {
      const o = await openPage(env.browser, opts);
      const a = await openConsole(o, query);
      const row = a.locator('[part=checkout]').first();
      await row.waitFor({ timeout: 15_000 });
      await row.getByRole('button', { name: 'Details' }).click();
      await row.locator('[part=lines]').waitFor();
      expect(await axe(o.page, 'inlay-admin')).toEqual([]);
      expect(await o.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // at 375 px the tab row is one row that scrolls sideways (its hidden edge faded): the current tab is in view and
      // whole, and every other tab, scrolled to, shows whole; none hides past the page's edge
      const box = async (l: import('playwright-core').Locator) => (await l.boundingBox())!;
      const tabs = await box(a.getByRole('tablist'));
      const whole = async (t: import('playwright-core').Locator) => {
        const tab = await box(t);
        expect(tab.x).toBeGreaterThanOrEqual(tabs.x - 1);
        expect(tab.x + tab.width).toBeLessThanOrEqual(tabs.x + tabs.width + 1);
        expect(await t.evaluate((n) => n.scrollWidth <= n.clientWidth)).toBe(true);
      };
      await whole(a.getByRole('tab', { selected: true }));
      for (const t of await a.getByRole('tab').all()) {
        await t.scrollIntoViewIfNeeded();
        await whole(t);
      }
      await o.context.close();
    }
  });
});
