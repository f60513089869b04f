import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { adminToken, api } from '../helpers/emulator.ts';
import { DEMO_LOGINS, seedIds, seedVariantId } from '../../emulator/seed.ts';
import { BASE } from '../../emulator/routes/back-in-stock.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';

const env = useStackAndBrowser();
let admin: string;

const NAVY = seedVariantId('enamel-camp-mug', { Color: 'Navy' });
const widget = (page: Page) => page.locator('inlay-back-in-stock');

beforeAll(async () => {
  admin = await adminToken(env.stack.emulator);
});

/** The open requests for a product, as the site's admin identity sees them (the test's view of the platform). */
async function openRequests(productId: string) {
  const filter = { 'catalogReference.catalogItemId': productId, status: { $in: ['RECEIVED', 'PROCESSING'] } };
  const r = await api(env.stack.emulator, `${BASE}/query`, { token: admin, body: { query: { filter } } });
  expect(r.status).toBe(200);
  return r.json.requests as { id: string; email: string }[];
}

/**
 * Every back-in-stock call the browser makes in this context (any page, reloads and navigations included), as
 * `METHOD /path?query`. The widget may only create: get, delete and query take an admin identity on the platform.
 */
const calls = new Map<WatchedPage, string[]>();
function record(w: WatchedPage): WatchedPage {
  const list: string[] = [];
  calls.set(w, list);
  w.context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/back-in-stock-service/')) list.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  return w;
}
afterEach(() => {
  // whatever a test did, the browser never read, listed or deleted a request
  for (const list of calls.values()) expect(list.filter((c) => c !== `POST ${BASE}`)).toEqual([]);
  calls.clear();
});

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
  const w = record(await openPage(env.browser));
  await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug?companion=off`);
  await w.page.waitForFunction(() => customElements.get('inlay-back-in-stock'));
  return w;
}

async function ask(page: Page, email: string) {
  await widget(page).getByRole('button', { name: 'Notify me when it’s back' }).click();
  await widget(page).getByLabel('Email', { exact: true }).fill(email);
  await widget(page).getByLabel('Email', { exact: true }).press('Enter');
}

// These pages name no site companion (`?companion=off`): the widget's own record only, no stop.
// tests/e2e/companion.test.ts covers the same widget through the companion.
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
    // without a site companion there is no way to stop it from here: nothing offers one, and it says how instead
    expect(await widget(w.page).locator('button').count()).toBe(0);
    expect(await widget(w.page).locator('[part=hint]').textContent()).toBe(
      'To stop before then, contact the shop: this site can’t cancel it from here.',
    );
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);

    const list = (await api(env.stack.emulator, `${BASE}/query`, { token: admin, body: {} })).json.requests;
    expect(list).toEqual([
      expect.objectContaining({
        email: 'ada.lovelace@example.com',
        status: 'RECEIVED',
        itemUrl: `${env.stack.demo}/products/enamel-camp-mug?companion=off`,
      }),
    ]);

    await w.page.reload();
    await w.page.selectOption('#variant', NAVY);
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/a…@example\.com/);
    expect(calls.get(w)).toEqual([`POST ${BASE}`]);
    await w.context.close();
  });

  it('a restock sends the notice (NOTIFICATION_SENT, mail with the item link) and the widget goes away', async () => {
    const inventoryId = env.stack.emulator.db
      .prepare<[string], { id: string }>('SELECT inventory_item_id AS id FROM products WHERE id = ?')
      .get(seedIds.products['enamel-camp-mug']!)!.id;
    const r = await api(env.stack.emulator, `/stores/v2/inventoryItems/${inventoryId}`, {
      method: 'PATCH',
      token: admin,
      body: { inventoryItem: { variants: [{ variantId: NAVY, quantity: 8 }] } },
    });
    expect(r.status).toBe(200);
    const requests = (await api(env.stack.emulator, `${BASE}/query`, { token: admin, body: {} })).json.requests;
    expect(requests[0].status).toBe('NOTIFICATION_SENT');
    const mail = (await api(env.stack.emulator, '/_dev/mailbox?to=ada.lovelace@example.com')).json.messages;
    expect(mail[0]).toMatchObject({
      subject: 'Enamel Camp Mug is back in stock',
      link: `${env.stack.demo}/products/enamel-camp-mug?companion=off`,
    });

    const w = await openMug();
    await w.page.selectOption('#variant', NAVY);
    await w.page.waitForTimeout(300);
    expect(await widget(w.page).locator('button').count()).toBe(0);
    expect(await widget(w.page).textContent()).toBe('');
    await w.context.close();
  });

  it('a product sold out entirely shows the button at once; when the store stops collecting, it says so and keeps the email', async () => {
    const stores = { appId: STORES_APP_ID };
    expect(
      (await api(env.stack.emulator, `${BASE}/settings/stop-collecting`, { token: admin, body: stores })).json.settings,
    ).toEqual({ collectionStates: [{ appId: STORES_APP_ID, collectingRequests: false }] });
    const w = record(await openPage(env.browser, { viewport: { width: 375, height: 800 }, colorScheme: 'dark' }));
    w.expected.push(/status of 428/); // Chromium logs the refused request itself
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack?companion=off`);
    await ask(w.page, 'bo@example.com');
    await expect.poll(() => widget(w.page).getByRole('alert').textContent()).toMatch(/aren’t available/);
    expect(await widget(w.page).getByLabel('Email', { exact: true }).inputValue()).toBe('bo@example.com');
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);
    await api(env.stack.emulator, `${BASE}/settings/start-collecting`, { token: admin, body: stores });
    await w.context.close();
  });

  it('a failed request says so and keeps the email; the next try subscribes', async () => {
    const w = record(await openPage(env.browser));
    w.expected.push(/status of 503/);
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack?companion=off`);
    await api(env.stack.emulator, '/_dev/faults', { body: { path: BASE, method: 'POST', status: 503, times: 1 } });
    await ask(w.page, 'dee@example.com');
    await expect.poll(() => widget(w.page).getByRole('alert').textContent()).toMatch(/went wrong/);
    expect(await widget(w.page).getByLabel('Email', { exact: true }).inputValue()).toBe('dee@example.com');
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);
    await widget(w.page).getByRole('button', { name: 'Notify me', exact: true }).click();
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/d…@example\.com/);
    await w.context.close();
  });

  it('a signed-in member finds their email prefilled and confirmed', async () => {
    // the apron's Rust colour is sold out (the mug's Navy was restocked by the test above)
    const w = record(await openPage(env.browser));
    await w.page.goto(`${env.stack.demo}/products/linen-apron?companion=off`);
    w.expected.push(/status of 403/); // the reviews widget's owner-queue probe, refused for a non-owner
    await signIn(w.page);
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

  it('a visitor’s request goes with them when they sign in, survives a reload, and is not shown after signing out', async () => {
    const rucksack = seedIds.products['waxed-canvas-rucksack']!;
    const w = record(await openPage(env.browser));
    w.expected.push(/status of 403/); // the reviews widget's owner-queue probe, refused for a non-owner
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack?companion=off`);
    await ask(w.page, 'ada@example.com');
    const status = widget(w.page).getByRole('status');
    await expect.poll(() => status.textContent()).toMatch(/a…@example\.com/);

    await signIn(w.page);
    await expect.poll(() => w.page.evaluate(() => window.Inlay?.session.get().member !== undefined)).toBe(true);
    await expect.poll(() => status.textContent()).toMatch(/a…@example\.com/);
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);
    // one request on the platform, as made: the sign-in sent nothing about it
    expect((await openRequests(rucksack)).map((r) => r.email)).toContain('ada@example.com');
    expect((await openRequests(rucksack)).filter((r) => r.email === 'ada@example.com')).toHaveLength(1);

    await w.page.reload();
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/a…@example\.com/);

    // signed out, this browser's next visitor does not see the member's request
    await signOut(w.page);
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).waitFor();
    expect(await widget(w.page).textContent()).not.toContain('a…@example.com');
    expect(calls.get(w)).toEqual([`POST ${BASE}`]);
    await w.context.close();
  });

  it('signing in on a page without the widget takes the visitor’s request along too', async () => {
    const tote = seedVariantId('waxed-canvas-tote', { Color: 'Olive', Size: 'Large' });
    const w = record(await openPage(env.browser));
    w.expected.push(/status of 403/);
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-tote?companion=off`);
    await w.page.selectOption('#variant', tote);
    await ask(w.page, 'cy@example.com');
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/c…@example\.com/);

    await w.page.goto(`${env.stack.demo}/?companion=off`);
    expect(await widget(w.page).count()).toBe(0);
    await signIn(w.page);
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-tote?companion=off`);
    await expect.poll(() => w.page.evaluate(() => window.Inlay?.session.get().role)).toBe('member');
    await w.page.selectOption('#variant', tote);
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/c…@example\.com/);
    await signOut(w.page);
    await w.page.selectOption('#variant', tote); // the page came back from the logout URL: a new load
    await widget(w.page).getByRole('button', { name: 'Notify me when it’s back' }).waitFor();
    expect(calls.get(w)).toEqual([`POST ${BASE}`]);
    await w.context.close();
  });
});

// The form, its model and calls are their own chunk (widgets/back-in-stock/notify-form.tsx): the page loads only
// the closed button's code, and the rest when the shopper is about to need it (issue 19).
describe('<inlay-back-in-stock>: the form loads on demand', () => {
  const FORM_CHUNK = /\/assets\/notify-form-[\w-]{8}\.js$/;
  const API_CHUNK = /\/assets\/api-back-in-stock-[\w-]{8}\.js$/;
  const RUST = seedVariantId('linen-apron', { Color: 'Rust' });
  const formChunk = (w: WatchedPage) => w.requests.filter((u) => FORM_CHUNK.test(u));

  it('not with the page nor for an in-stock variant; once on hover of the button; the form works; a kept request loads it at once', async () => {
    const w = record(await openPage(env.browser));
    // the apron starts on an in-stock colour: nothing shows and only the element's own chunk loads
    await w.page.goto(`${env.stack.demo}/products/linen-apron?companion=off`);
    await w.page.waitForFunction(() => customElements.get('inlay-back-in-stock'));
    await w.page.waitForTimeout(300);
    // (the element's file is a product's buttons': vite.config.ts WIDGET_GROUPS)
    const shell = w.requests.find((u) => /\/assets\/buttons-[\w-]{8}\.js$/.test(u));
    expect(shell).toBeDefined();
    expect(await widget(w.page).locator('button').count()).toBe(0);
    expect(formChunk(w)).toEqual([]);
    // nor the request's call, nor the form's code folded into the element's chunk
    expect(w.requests.filter((u) => API_CHUNK.test(u))).toEqual([]);
    const code = await w.page.evaluate((u) => fetch(u).then((r) => r.text()), shell!);
    expect(code).toContain('Notify me when it’s back');
    expect(code).not.toContain('Get an email when this is back in stock');

    // sold out: the closed button, still without the form's chunk
    await w.page.selectOption('#variant', RUST);
    const open = widget(w.page).getByRole('button', { name: 'Notify me when it’s back' });
    await open.waitFor();
    await w.page.waitForTimeout(300);
    expect(formChunk(w)).toEqual([]);

    // intent: the pointer on the button fetches it, once
    await open.hover();
    await expect.poll(() => formChunk(w).length).toBe(1);
    await expect.poll(() => w.requests.filter((u) => API_CHUNK.test(u)).length).toBe(1);
    await open.click();
    const email = widget(w.page).getByLabel('Email', { exact: true });
    await expect.poll(() => email.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    // its sheet came with it: the field is styled as before (full width, 44 px)
    expect(await email.evaluate((e) => [getComputedStyle(e).minHeight, e.clientWidth > 200])).toEqual(['44px', true]);
    await email.fill('lazy.lou@example.com');
    await email.press('Enter');
    await expect
      .poll(() => widget(w.page).getByRole('status').textContent())
      .toMatch(/We’ll email you at l…@example\.com/);
    expect(await axe(w.page, 'inlay-back-in-stock')).toEqual([]);
    expect(formChunk(w)).toHaveLength(1);
    expect(calls.get(w)).toEqual([`POST ${BASE}`]);

    // a new load on the sold-out colour: the request kept here shows without a click (the chunk loads at once)
    const before = w.requests.length;
    await w.page.reload();
    await w.page.selectOption('#variant', RUST);
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/l…@example\.com/);
    expect(w.requests.slice(before).filter((u) => FORM_CHUNK.test(u))).toHaveLength(1);
    await w.context.close();
  });

  it('keyboard focus on the button loads it too; a failed load is told by the toaster, keeps the button, and the next press opens the form', async () => {
    const w = record(await openPage(env.browser));
    // the aborted chunk, as Chromium logs it
    w.expected.push(/ERR_FAILED|Failed to fetch dynamically imported module|Failed to load/);
    await w.page.route(FORM_CHUNK, (r) => r.abort());
    await w.page.goto(`${env.stack.demo}/products/waxed-canvas-rucksack?companion=off`);
    const open = widget(w.page).getByRole('button', { name: 'Notify me when it’s back' });
    await open.waitFor();
    expect(formChunk(w)).toEqual([]);
    await open.focus();
    await expect.poll(() => formChunk(w).length).toBe(1);
    // offline for that chunk: the press says so through the page's toaster, and the button stays as it was
    await w.page.keyboard.press('Enter');
    await w.page
      .locator('inlay-toaster')
      .getByText('You appear to be offline. Check your connection and try again.')
      .waitFor();
    expect(await open.getAttribute('aria-busy')).toBeNull();
    expect(await open.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    expect(await widget(w.page).locator('form').count()).toBe(0);

    // back online: the next press loads it and opens the form, focus in the field
    await w.page.unroute(FORM_CHUNK);
    await w.page.keyboard.press('Enter');
    const email = widget(w.page).getByLabel('Email', { exact: true });
    await expect.poll(() => email.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await email.fill('retry.rae@example.com');
    await email.press('Enter');
    await expect.poll(() => widget(w.page).getByRole('status').textContent()).toMatch(/r…@example\.com/);
    expect(calls.get(w)).toEqual([`POST ${BASE}`]);
    await w.context.close();
  });
});
