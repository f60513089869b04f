import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api, memberTokens } from '../helpers/emulator.ts';
import { DEMO_LOGINS, seedIds, seedVariantId } from '../../emulator/seed.ts';
import { BASE } from '../../emulator/routes/back-in-stock.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';

const env = useStackAndBrowser();
let owner: string;
let member: string;

const NAVY = seedVariantId('enamel-camp-mug', { Color: 'Navy' });
const widget = (page: Page) => page.locator('inlay-back-in-stock');

beforeAll(async () => {
  owner = (await memberTokens(env.stack.emulator, 'owner')).access;
  member = (await memberTokens(env.stack.emulator, 'member')).access;
});

/** The open requests for a product, as `token` may see them. */
async function openRequests(productId: string, token = owner) {
  const filter = { 'catalogReference.catalogItemId': productId, status: { $in: ['RECEIVED', 'PROCESSING'] } };
  return (await api(env.stack.emulator, `${BASE}/query`, { token, body: { query: { filter } } })).json.requests as {
    id: string;
    email: string;
  }[];
}

const signIn = (page: Page) => signInWithWidget(page, DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);

/** Sign out: the browser visits the platform's logout URL and comes back to this page (a new load). */
async function signOut(page: Page) {
  const login = page.locator('inlay-login');
  await login.getByRole('button', { name: /^Account menu for/ }).click();
  const back = page.waitForEvent('load');
  await login.getByRole('menuitem', { name: 'Sign out' }).click();
  await back;
  await login.getByRole('button', { name: 'Sign in' }).waitFor();
}

async function openMug() {
  const w = await openPage(env.browser);
  await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
  await w.page.waitForFunction(() => customElements.get('inlay-back-in-stock'));
  return w;
}

describe('<inlay-back-in-stock> on the demo product page', () => {
  it('hidden for an in-stock variant; for a sold-out one: invalid email message, subscribe, subscribed state that survives a reload', async () => {
    const w = await openMug();
    // the demo preselects an in-stock colour: nothing to show
    await w.page.waitForTimeout(300);
    expect(await widget(w.page).locator('button').count()).toBe(0);

    await w.page.selectOption('#variant', NAVY);
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    const email = widget(w.page).getByLabel('Email', { exact: true });
    await expect.poll(() => email.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await email.fill('ada@');
    await email.press('Enter');
    await expect.poll(() => widget(w.page).locator('.err').textContent()).toMatch(/valid email/);
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);

    await email.fill('ada.lovelace@example.com');
    await widget(w.page).getByRole('button', { name: 'Notify me', exact: true }).click();
    const status = widget(w.page).getByRole('status');
    await expect.poll(() => status.textContent()).toMatch(/We’ll email you at a…@example\.com/);
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);

    const list = (await api(env.stack.emulator, `${BASE}/query`, { token: owner, body: {} })).json.requests;
    expect(list).toEqual([
      expect.objectContaining({
        email: 'ada.lovelace@example.com',
        status: 'RECEIVED',
        itemUrl: `${env.stack.demo}/products/enamel-camp-mug`,
      }),
    ]);

    await w.page.reload();
    await w.page.selectOption('#variant', NAVY);
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/a…@example\.com/);
    await w.context.close();
  });

  it('a restock sends the notice (NOTIFICATION_SENT, mail with the item link) and the button goes away', async () => {
    const inventoryId = env.stack.emulator.db
      .prepare<[string], { id: string }>('SELECT inventory_item_id AS id FROM products WHERE id = ?')
      .get(seedIds.products['enamel-camp-mug']!)!.id;
    const r = await api(env.stack.emulator, `/stores/v2/inventoryItems/${inventoryId}`, {
      method: 'PATCH',
      token: owner,
      body: { inventoryItem: { variants: [{ variantId: NAVY, quantity: 8 }] } },
    });
    expect(r.status).toBe(200);
    const requests = (await api(env.stack.emulator, `${BASE}/query`, { token: owner, body: {} })).json.requests;
    expect(requests[0].status).toBe('NOTIFICATION_SENT');
    const mail = (await api(env.stack.emulator, '/_dev/mailbox?to=ada.lovelace@example.com')).json.messages;
    expect(mail[0]).toMatchObject({
      subject: 'Enamel Camp Mug is back in stock',
      link: `${env.stack.demo}/products/enamel-camp-mug`,
    });

    const w = await openMug();
    await w.page.selectOption('#variant', NAVY);
    await w.page.waitForTimeout(300);
    expect(await widget(w.page).locator('button').count()).toBe(0);
    await w.context.close();
  });

  it('a product sold out entirely shows the button at once; when the store stops collecting, it says so and keeps the email', async () => {
    await api(env.stack.emulator, `${BASE}/settings/stop-collecting`, { token: owner, body: {} });
    const w = await openPage(env.browser, { viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    w.expected.push(/status of 428/); // Chromium logs the refused request itself
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack`);
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    await widget(w.page).getByLabel('Email', { exact: true }).fill('bo@example.com');
    await widget(w.page).getByLabel('Email', { exact: true }).press('Enter');
    await expect.poll(() => widget(w.page).getByRole('alert').textContent()).toMatch(/aren’t available/);
    expect(await widget(w.page).getByLabel('Email', { exact: true }).inputValue()).toBe('bo@example.com');
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);
    await api(env.stack.emulator, `${BASE}/settings/start-collecting`, { token: owner, body: {} });
    await w.context.close();
  });

  it('a signed-in member finds their email prefilled and confirmed', async () => {
    // the apron's Rust colour is sold out (the mug's Navy was restocked by the test above)
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/linen-apron`);
    w.expected.push(/status of 403/); // the reviews widget's owner-queue probe, refused for a non-owner
    const login = w.page.locator('inlay-login');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByLabel('Email').fill(DEMO_LOGINS.member.email);
    await login.getByLabel('Password', { exact: true }).fill(DEMO_LOGINS.member.password);
    await login.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => w.page.evaluate(() => window.Inlay?.session.get().member !== undefined)).toBe(true);
    await w.page.selectOption('#variant', seedVariantId('linen-apron', { Color: 'Rust' }));
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    const email = widget(w.page).getByLabel('Email', { exact: true });
    await expect.poll(() => email.inputValue()).toBe(DEMO_LOGINS.member.email);
    expect(await widget(w.page).locator('form').textContent()).toContain(DEMO_LOGINS.member.email);
    await widget(w.page).getByRole('button', { name: 'Notify me', exact: true }).click();
    await expect
      .poll(() => widget(w.page).getByRole('status').textContent())
      .toMatch(/We’ll email you at m…@fernwood\.example/);
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);
    await w.context.close();
  });

  it('a visitor’s request goes with them when they sign in: the member sees it, manages it after a reload, and it is theirs', async () => {
    const rucksack = seedIds.products['waxed-canvas-rucksack']!;
    const w = await openPage(env.browser);
    w.expected.push(/status of 403/); // the reviews widget's owner-queue probe, refused for a non-owner
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack`);
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    await widget(w.page).getByLabel('Email', { exact: true }).fill('ada@example.com');
    await widget(w.page).getByLabel('Email', { exact: true }).press('Enter');
    const status = widget(w.page).getByRole('status');
    await expect.poll(() => status.textContent()).toMatch(/a…@example\.com/);

    await signIn(w.page);
    // the member's state: the request made a moment ago is now the member's own, one request on the platform
    await expect
      .poll(async () => (await openRequests(rucksack, member)).map((r) => r.email))
      .toEqual(['ada@example.com']);
    expect((await openRequests(rucksack)).map((r) => r.email)).toEqual(['ada@example.com']);
    await expect.poll(() => status.textContent()).toMatch(/a…@example\.com/);
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);

    // after a reload the widget still knows it, and "Don't notify me" ends it
    await w.page.reload();
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/a…@example\.com/);
    await widget(w.page).getByRole('button', { name: 'Don’t notify me' }).click();
    await expect
      .poll(() => widget(w.page).getByRole('status').textContent())
      .toBe('You won’t get an email about this item.');
    expect(await openRequests(rucksack)).toEqual([]);
    await w.context.close();
  });

  it('signing in on a page without the widget takes the visitor’s request along too', async () => {
    const tote = seedIds.products['waxed-canvas-tote']!;
    const w = await openPage(env.browser);
    w.expected.push(/status of 403/);
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-tote`);
    await w.page.selectOption('#variant', seedVariantId('waxed-canvas-tote', { Color: 'Olive', Size: 'Large' }));
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    await widget(w.page).getByLabel('Email', { exact: true }).fill('cy@example.com');
    await widget(w.page).getByLabel('Email', { exact: true }).press('Enter');
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/c…@example\.com/);

    await w.page.goto(`${env.stack.demo}/`);
    expect(await widget(w.page).count()).toBe(0);
    await signIn(w.page);
    await expect.poll(async () => (await openRequests(tote, member)).map((r) => r.email)).toEqual(['cy@example.com']);
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-tote`);
    await w.page.selectOption('#variant', seedVariantId('waxed-canvas-tote', { Color: 'Olive', Size: 'Large' }));
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/c…@example\.com/);
    await w.context.close();
  });

  it('signing in shows the member’s own request; signing out shows the visitor’s state, not the member’s email', async () => {
    const planter = seedIds.products['ceramic-planter']!;
    const large = seedVariantId('ceramic-planter', { Size: 'Large' });
    const made = await api(env.stack.emulator, BASE, {
      token: member,
      body: {
        request: {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: planter, options: { variantId: large } },
          email: DEMO_LOGINS.member.email,
        },
        itemDetails: { name: 'Ceramic Planter', price: '52.00' },
      },
    });
    expect(made.status).toBe(200); // on another device, earlier
    const w = await openPage(env.browser);
    w.expected.push(/status of 403/);
    await w.page.goto(`${env.stack.demo}/products/ceramic-planter`);
    await w.page.selectOption('#variant', large);
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).waitFor();

    await signIn(w.page);
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/m…@fernwood\.example/);
    await widget(w.page).getByRole('button', { name: 'Don’t notify me' }).waitFor();

    await signOut(w.page);
    await w.page.selectOption('#variant', large); // the page came back from the logout URL: a new load
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).waitFor();
    expect(await widget(w.page).textContent()).not.toContain('fernwood');
    expect((await openRequests(planter)).map((r) => r.email)).toEqual([DEMO_LOGINS.member.email]); // still the member's
    await w.context.close();
  });

  it('when “Don’t notify me” fails, the widget says so in words (no request id) and a second try works', async () => {
    const w = await openPage(env.browser);
    w.expected.push(/status of 503/);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await w.page.selectOption('#variant', seedVariantId('enamel-camp-mug', { Color: 'Navy' }));
    // restocked by a test above: `always` keeps the form
    await widget(w.page).evaluate((e) => e.setAttribute('always', ''));
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).click();
    await widget(w.page).getByLabel('Email', { exact: true }).fill('bo@example.com');
    await widget(w.page).getByLabel('Email', { exact: true }).press('Enter');
    await widget(w.page).getByRole('button', { name: 'Don’t notify me' }).waitFor();
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: `${BASE}/*`, method: 'DELETE', status: 503, times: 1 },
    });
    await widget(w.page).getByRole('button', { name: 'Don’t notify me' }).click();
    const alert = widget(w.page).getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('We couldn’t turn off this email just now. Try again in a moment.');
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);
    await widget(w.page).getByRole('button', { name: 'Don’t notify me' }).click();
    await expect
      .poll(() => widget(w.page).getByRole('status').textContent())
      .toBe('You won’t get an email about this item.');
    // focus stays in the widget, on the button that asks again
    expect(
      await widget(w.page)
        .getByRole('button', { name: 'Notify me when it’s back' })
        .evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement),
    ).toBe(true);
    await w.context.close();
  });
});
