import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const text = (page: Page, id: string) => page.locator(`[data-testid=${id}]`).textContent();
const badge = (page: Page) => page.locator('inlay-cart .badge');

/** The React page, hydrated (its own button works only once React has hydrated it). */
async function openReact(opts: Parameters<typeof openPage>[1] = {}) {
  const w = await openPage(env.browser, opts);
  await w.page.goto(`${env.stack.demo}/react`);
  await w.page.waitForFunction(() => customElements.get('inlay-cart') && customElements.get('inlay-add-to-cart'));
  await expect.poll(() => text(w.page, 'count')).toBe('0 items in your cart.');
  return w;
}

describe('/react: a React 19 app with inlay/react', () => {
  it('is rendered on the server: the elements with their attributes, the app’s text and one script tag', async () => {
    const r = await fetch(`${env.stack.demo}/react`);
    expect(r.status).toBe(200);
    const page = await r.text();
    expect(page).toContain('<inlay-cart thank-you-url="/thank-you"></inlay-cart>');
    expect(page).toMatch(/<inlay-reviews product-id="[\w-]+" page-size="3"><\/inlay-reviews>/);
    expect(page).toContain('You are browsing as a visitor.');
    expect(page).toContain('Reading your cart…'); // the hooks' server snapshot: nothing known yet
    expect(page.match(/<script[^>]+loader\.js/g)).toEqual([
      `<script async="" type="module" src="${env.stack.api}/inlay/loader.js`,
    ]);
    expect(page).toContain('data-client-id="demo-client"');
  });

  it('hydrates with no warning; the hooks follow the widgets, and the app’s own add shows in the widgets', async () => {
    const w = await openReact();
    // one loader, whatever React did with the server's tag
    expect(await w.page.locator('script[src$="/inlay/loader.js"]').count()).toBe(1);

    // widget → React: the add-to-cart widget's event prop and the cart hook
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => text(w.page, 'count')).toBe('1 item in your cart.');
    // the event comes when the change has landed; the count (shown at once) may be there before it
    await expect.poll(() => text(w.page, 'last-change')).toBe('Last cart change: add.');
    // the drawer opens on add (once the add has landed): close it, and let it slide out
    await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(true);
    await w.page.keyboard.press('Escape');
    await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(false);

    // React → widget: the app's own button, through useInlayCart().add
    await w.page.getByRole('button', { name: 'Add one Enamel Camp Mug from React' }).click();
    await expect.poll(() => badge(w.page).textContent()).toBe('2');
    await expect.poll(() => text(w.page, 'count')).toBe('2 items in your cart.');
    expect(await w.page.locator('inlay-cart dialog').isVisible()).toBe(false); // {open: false}

    // the drawer's changes reach the app: the hook, and the event prop of <InlayCart> (dispatched on its element)
    await w.page.evaluate(() => window.Inlay!.cart.open());
    await w.page.locator('inlay-cart').getByRole('button', { name: 'One less Enamel Camp Mug' }).click();
    await expect.poll(() => text(w.page, 'count')).toBe('1 item in your cart.');
    await expect.poll(() => text(w.page, 'last-change')).toBe('Last cart change: update.');
    await w.context.close();
  });

  it('the member hook follows sign-in and sign-out in the widget; axe-clean in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const w = await openReact({ colorScheme, viewport: { width: 375, height: 800 } });
      expect(await axe(w.page)).toEqual([]);
      if (colorScheme === 'dark') {
        await w.context.close();
        continue;
      }
      const login = w.page.locator('inlay-login');
      await login.getByRole('button', { name: 'Sign in' }).click();
      await login.getByLabel('Email').fill(DEMO_LOGINS.member.email);
      await login.getByLabel('Password', { exact: true }).fill(DEMO_LOGINS.member.password);
      await login.getByLabel('Password', { exact: true }).press('Enter');
      await expect.poll(() => text(w.page, 'member')).toBe('Signed in as Maya.');
      expect(await axe(w.page)).toEqual([]);
      await login.getByRole('button', { name: /^Account menu for/ }).click();
      await login.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect.poll(() => text(w.page, 'member')).toBe('You are browsing as a visitor.');
      await w.context.close();
    }
  });
});
