// Issue 44, items 4 and 5 on the real stack (the built bundle in Chromium, the demo's pages, the emulator on SQLite,
// failures from its fault injection): a shopper's errors are words, never a request id (that goes to the browser's
// console and stays in the owner's views); money is written one way, the same in the account and the console.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, showReviews, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api, createTestMember, memberTokens, placeOrder, visitorTokens } from '../helpers/emulator.ts';
import { tokenStorageKey } from '../../core/auth/tokens.ts';
import { DEMO_LOGINS, seedIds } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const MUG = 'enamel-camp-mug';
const BOARD = seedIds.products['maple-cutting-board']!;
const PASSWORD = 'correct-horse-9';

/** An order's number, read from the emulator's database. */
const numberOf = (orderId: string) =>
  (
    JSON.parse(
      env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(orderId)!
        .data,
    ) as { number: string }
  ).number;
const fault = (body: Record<string, unknown>) => api(env.stack.emulator, '/_dev/faults', { body });
afterEach(() => api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' }));

/** The request ids of every failed answer the page got, and what the page wrote to the console's log. */
function watchIds(w: WatchedPage) {
  const ids: string[] = [];
  const logs: string[] = [];
  w.page.on('response', (r) => {
    const id = r.headers()['x-wix-request-id'];
    if (r.status() >= 400 && id) ids.push(id);
  });
  w.page.on('console', (m) => void (m.type() === 'log' && logs.push(m.text())));
  return { ids, logs };
}

/** The text of every shadow root on the page (nested ones too): what the widgets show. */
const widgetText = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*'))
        if (el.shadowRoot) {
          out.push(el.shadowRoot.textContent ?? '');
          walk(el.shadowRoot);
        }
    };
    walk(document);
    return out.join('\n');
  });

describe('a shopper’s errors are words', () => {
  it('cart, reviews, toast and carousel failing: the words, no request id (it is in the console); the carousel hides itself', async () => {
    const w = await openPage(env.browser);
    w.expected.push(/status of (400|503)/);
    const seen = watchIds(w);
    // a returning visitor, whose cart is read (a visitor the page mints has none: not read)
    const v = await visitorTokens(env.stack.emulator);
    const stored = JSON.stringify({
      accessToken: { value: v.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      refreshToken: { value: v.refresh, role: 'visitor' },
    });
    await w.page.addInitScript(([k, t]) => localStorage.setItem(k!, t!), [tokenStorageKey('demo-client'), stored]);
    // 4xx: not retried by the client (a 5xx read is, for seconds)
    await fault({ path: '/ecom/v1/carts/current', method: 'GET', status: 400 });
    await fault({ path: '/reviews/v1/*', status: 400 });
    await fault({ path: '/v1/recommendations/get', status: 400 });
    // (the platform's failures as the page meets them: without the site companion, which would carry the public reads)
    await w.page.goto(`${env.stack.demo}/products/${MUG}?companion=off`);
    await w.page.evaluate(() =>
      document.addEventListener('inlay-error', (e) => ((window as { recsFailed?: unknown }).recsFailed = e.detail)),
    );

    // the carousel: one quiet retry, then hidden (no error box); the page is told, with the request id
    const recs = w.page.locator('inlay-recommendations');
    await expect.poll(() => recs.evaluate((e) => (e as HTMLElement).hidden), { timeout: 15_000 }).toBe(true);
    expect(w.requests.filter((u) => u.endsWith('/v1/recommendations/get'))).toHaveLength(2);
    expect(await recs.evaluate((e) => e.shadowRoot!.textContent)).toBe('');
    const told = (await w.page.evaluate(() => (window as { recsFailed?: unknown }).recsFailed)) as {
      code: string;
      requestId?: string;
    };
    expect(told).toMatchObject({ code: 'RECOMMENDATIONS_FAILED' });
    expect(seen.ids).toContain(told.requestId);

    // the reviews
    await showReviews(w.page);
    const reviews = w.page.locator('inlay-reviews');
    await reviews.getByRole('alert').first().waitFor();
    expect(await reviews.getByRole('alert').first().textContent()).toMatch(/^Something went wrong on our side/);

    // the cart's drawer
    const cart = w.page.locator('inlay-cart');
    await cart.getByRole('button', { name: /^Cart/ }).click();
    await cart.locator('dialog').getByRole('alert').waitFor();
    expect(await cart.locator('dialog').getByRole('alert').textContent()).toMatch(/Something went wrong on our side/);
    await w.page.keyboard.press('Escape');

    // the toast of a failed add to cart
    await fault({ path: '/ecom/v1/carts/current/add-to-cart', status: 503 });
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const toaster = w.page.locator('inlay-toaster');
    await toaster.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await toaster.textContent()).not.toBeNull();

    // nowhere a request id, in English or in French
    const text = await widgetText(w.page);
    expect(text).toContain('Something went wrong on our side');
    expect(text).not.toMatch(/Request ID|request id/i);
    expect(seen.ids.length).toBeGreaterThanOrEqual(4);
    for (const id of seen.ids) expect(text).not.toContain(id);
    await w.page.evaluate(() => (document.documentElement.lang = 'fr'));
    await expect.poll(() => widgetText(w.page)).toContain('Avis clients');
    expect(await widgetText(w.page)).not.toMatch(/ID de requête|Request ID/);
    // the developer still finds them: in the console's log
    expect(seen.logs.filter((l) => /request id/.test(l)).length).toBeGreaterThanOrEqual(3);
    await w.context.close();
  });

  it('the account’s "Buy again" failing (the platform’s add to cart): the words, no request id', async () => {
    const email = `words-${Date.now()}@example.com`;
    const id = await createTestMember(env.stack.emulator, email, PASSWORD, { firstName: 'Ada', lastName: 'Words' });
    const orderId = await placeOrder(
      env.stack.emulator,
      [{ productId: BOARD, quantity: 1 }],
      env.stack.demo,
      (await memberTokens(env.stack.emulator, { id })).access,
    );
    const w = await openPage(env.browser);
    w.expected.push(/status of 503/);
    const seen = watchIds(w);
    await w.page.goto(`${env.stack.demo}/account`);
    const a = w.page.locator('inlay-account');
    await a.getByText('Sign in to see your account').waitFor();
    await a.getByLabel('Email').fill(email);
    await a.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await a.getByLabel('Password', { exact: true }).press('Enter');
    await a.getByRole('button', { name: `View details, order #${numberOf(orderId)}` }).click();
    const detail = a.locator('[part=order-detail]');
    await fault({ path: '/ecom/v1/carts/current/add-to-cart', status: 503 });
    await detail.getByRole('button', { name: 'Buy again' }).click();
    const alert = detail.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.textContent())!;
    expect(text).toBe('Something went wrong on our side. Try again in a moment.');
    expect(seen.ids.length).toBeGreaterThanOrEqual(1);
    for (const id of seen.ids) expect(text).not.toContain(id);
    expect(seen.logs).toContain(`Inlay: HTTP 503, request id ${seen.ids.at(-1)}`);
    await w.context.close();
  });
});

describe('money is written one way', () => {
  it('on a French page, the account and the console write the same order’s total the same way', async () => {
    const email = `money-${Date.now()}@example.com`;
    const id = await createTestMember(env.stack.emulator, email, PASSWORD, { firstName: 'Ada', lastName: 'Money' });
    const orderId = await placeOrder(
      env.stack.emulator,
      [{ productId: BOARD, quantity: 3 }],
      env.stack.demo,
      (await memberTokens(env.stack.emulator, { id })).access,
    );
    const number = numberOf(orderId);

    // the member's account, in French
    const m = await openPage(env.browser);
    await m.page.goto(`${env.stack.demo}/account`);
    const a = m.page.locator('inlay-account');
    await a.getByText('Sign in to see your account').waitFor();
    await a.getByLabel('Email').fill(email);
    await a.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await a.getByLabel('Password', { exact: true }).press('Enter');
    await a.locator('[part=order]').first().waitFor({ timeout: 15_000 });
    await m.page.evaluate(() => (document.documentElement.lang = 'fr'));
    const mine = a.locator('[part=order] .amt').first();
    await expect.poll(() => mine.textContent()).toMatch(/\$US/);
    const member = (await mine.textContent())!;

    // the owner's console, in French, on the same order
    const o = await openPage(env.browser);
    await o.page.goto(`${env.stack.demo}/admin`);
    await o.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
    await signInWithWidget(o.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const c = o.page.locator('inlay-admin');
    await c.locator('[part=order]').first().waitFor({ timeout: 15_000 });
    await c.getByLabel('Order number, buyer email or name').fill(`#${number}`);
    await expect.poll(() => c.locator('[part=order]').count()).toBe(1);
    await o.page.evaluate(() => (document.documentElement.lang = 'fr'));
    const theirs = c.locator('[part=order] .c-total');
    await expect.poll(() => theirs.textContent()).toMatch(/\$US/);

    // one string, French for the page's locale and the order's currency ("126,36 $US"), not "$126.36"
    expect(await theirs.textContent()).toBe(member);
    expect(member.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/^\d[\d ]*,\d\d \$US$/);
    await m.context.close();
    await o.context.close();
  });
});
