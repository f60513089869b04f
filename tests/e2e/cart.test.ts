import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, fillHostedCheckout, openPage } from '../helpers/browser.ts';
import type { Stack } from '../helpers/stack.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api, visitorTokens } from '../helpers/emulator.ts';
import { DEMO_LOGINS, seedIds, seedVariantId } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const MUG = seedIds.products['enamel-camp-mug']!;
const FOREST = seedVariantId('enamel-camp-mug', { Color: 'Forest' });
const STOOL = seedIds.products['folding-camp-stool']!;
const BOARD = seedIds.products['maple-cutting-board']!;

const cart = (page: Page) => page.locator('inlay-cart');
/** The drawer's on-demand chunk (widgets/cart/drawer.tsx). */
const DRAWER_CHUNK = /\/inlay\/assets\/drawer-[\w-]{8}\.js$/;
const drawer = (page: Page) => cart(page).locator('dialog');
const badge = (page: Page) => cart(page).locator('.badge');
/** Where focus is, through shadow roots: `tag.class` of the deepest active element, and whether it is in the drawer. */
const focus = (page: Page) =>
  page.evaluate(() => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return {
      el: a ? `${a.tagName.toLowerCase()}${a.className ? '.' + String(a.className).split(' ')[0] : ''}` : '',
      inDrawer: !!a?.closest('dialog'),
    };
  });

async function stockOf(productId: string, variantId: string): Promise<number> {
  const { access } = await visitorTokens(env.stack.emulator);
  const p = (await api(env.stack.emulator, `/stores-reader/v1/products/${productId}`, { token: access })).json.product;
  return p.variants.find((v: { id: string }) => v.id === variantId).stock.quantity;
}

/** The demo's home page with one folding stool in the cart and the drawer open. */
async function homeWithStool() {
  const w = await openPage(env.browser);
  await w.page.goto(`${env.stack.demo}/`);
  await w.page.waitForFunction(() => customElements.get('inlay-cart'));
  await w.page.evaluate((id) => window.Inlay!.cart.add({ productId: id }), STOOL);
  await expect.poll(() => drawer(w.page).isVisible()).toBe(true);
  return w;
}

const loaderTag = (s: Stack) =>
  `<script type="module" src="${s.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${s.api}"></script>`;
const doc = (s: Stack, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fixture</title>${loaderTag(s)}</head><body>${body}</body></html>`;

describe('<inlay-cart> and <inlay-add-to-cart> on the demo', () => {
  it('product page → add → drawer → quantity → coupon → checkout → hosted checkout → thank-you with the order number; stock down; cart empty', async () => {
    const w = await openPage(env.browser);
    const stockBefore = await stockOf(MUG, FOREST);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    const add = w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' });
    await add.click();
    await expect.poll(() => drawer(w.page).isVisible()).toBe(true);
    expect(await w.page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    expect(await badge(w.page).textContent()).toBe('1');
    const line = drawer(w.page).locator('li.line');
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.textContent()).toContain('Color: Forest');

    await drawer(w.page).getByRole('button', { name: 'One more Enamel Camp Mug' }).click();
    await expect.poll(() => line.locator('.price').textContent()).toBe('$36.00');
    expect(await badge(w.page).textContent()).toBe('2');

    const coupon = drawer(w.page).getByLabel('Coupon code');
    w.expected.push(/status of 400/); // the refused coupons
    await coupon.fill('SUMMER24');
    await coupon.press('Enter');
    await expect.poll(() => drawer(w.page).getByRole('alert').textContent()).toBe('This coupon has expired.');
    expect(await axe(w.page, 'inlay-cart')).toEqual([]);
    await coupon.fill('nope');
    await drawer(w.page).getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => drawer(w.page).getByRole('alert').textContent()).toMatch(/doesn’t exist/);
    await coupon.fill('welcome10');
    await coupon.press('Enter');
    await expect.poll(() => drawer(w.page).textContent()).toContain('Coupon WELCOME10 applied');
    const totals = drawer(w.page).locator('dl.totals');
    // 36.00 − 3.60, shipping 6.95, tax 8 % of 32.40 = 2.59 → 41.94
    await expect
      .poll(() => totals.textContent())
      .toBe('Subtotal$36.00WELCOME10−$3.60Shipping (estimated)$6.95Tax (estimated)$2.59Total$41.94');
    expect(await axe(w.page, 'inlay-cart')).toEqual([]);

    const events: string[] = [];
    await w.page.exposeFunction('recordCheckout', (d: string) => events.push(d));
    await w.page.evaluate(() =>
      document.addEventListener('inlay-checkout', (e) =>
        (window as unknown as { recordCheckout: (s: string) => void }).recordCheckout(JSON.stringify(e.detail)),
      ),
    );
    await drawer(w.page).getByRole('button', { name: 'Check out' }).click();
    await w.page.waitForURL(/\/_hosted\/checkout\?session=/);
    expect(JSON.parse(events[0]!)).toMatchObject({ checkoutId: expect.any(String), url: w.page.url() });

    await fillHostedCheckout(w.page);
    // the page recomputes tax for the region chosen (Oregon: none), and back
    const region = w.page.getByLabel('State', { exact: true });
    await region.selectOption('OR');
    await expect.poll(() => w.page.locator('#sum-tax-name').textContent()).toBe('Tax (Oregon)');
    expect(await w.page.locator('#sum-total').textContent()).toBe('$39.35');
    await w.page.getByRole('button', { name: /^Pay \$39\.35$/ }).waitFor();
    await region.selectOption('IL');
    await expect.poll(() => w.page.locator('#sum-tax-name').textContent()).toBe('Tax (Illinois)');
    await expect.poll(() => w.page.locator('#sum-total').textContent()).toBe('$41.94');
    await w.page.getByRole('button', { name: /^Pay \$41\.94$/ }).click();
    await w.page.waitForURL(/\/thank-you\?orderId=/);
    const orderId = new URL(w.page.url()).searchParams.get('orderId')!;
    expect(await stockOf(MUG, FOREST)).toBe(stockBefore - 2);
    const order = JSON.parse(
      env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(orderId)!
        .data,
    );
    expect(order).toMatchObject({
      paymentStatus: 'PAID',
      priceSummary: { total: { amount: '41.94' } },
      number: expect.stringMatching(/^\d+$/),
    });
    // the shopper's reference is the order's number, never the platform's id
    expect(await w.page.locator('[data-order-number]').textContent()).toBe(`#${order.number}`);
    expect(await w.page.locator('main').textContent()).not.toContain(orderId);

    // back on the site: the cart is empty
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await cart(w.page)
      .getByRole('button', { name: /^Cart, 0 items$/ })
      .click();
    await expect.poll(() => drawer(w.page).textContent()).toContain('Your cart is empty.');
    expect(await badge(w.page).count()).toBe(0);
    await w.context.close();
  });

  it('a first visit reads no cart; its add makes the platform’s cart, shown in the drawer; a second tab and a reload read it', async () => {
    const w = await openPage(env.browser);
    const cartReads = (page: Page) => {
      const seen: string[] = [];
      page.on(
        'request',
        (r) => r.method() === 'GET' && /\/ecom\/v1\/carts\/current$/.test(r.url()) && seen.push(r.url()),
      );
      return seen;
    };
    const first = cartReads(w.page);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await cart(w.page)
      .getByRole('button', { name: /^Cart, 0 items$/ })
      .waitFor();
    await w.page.waitForLoadState('networkidle');
    expect(first).toEqual([]); // the visitor the page has just minted has no cart: not asked
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => drawer(w.page).isVisible()).toBe(true);
    const line = drawer(w.page).locator('li.line');
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.textContent()).toContain('Enamel Camp Mug');
    expect(await badge(w.page).textContent()).toBe('1');
    expect(first).toEqual([]); // the add's answer is the cart the platform made
    // the visitor it made holds that cart on the platform
    const id = await w.page.evaluate(() => window.Inlay!.cart.get().then((c) => c?.id));
    expect(id).toEqual(expect.any(String));

    // a second tab of the same browser: a stored visitor, whose cart is read
    const tab = await w.context.newPage();
    const second = cartReads(tab);
    await tab.goto(`${env.stack.demo}/`);
    await expect.poll(() => badge(tab).textContent()).toBe('1');
    expect(second).toHaveLength(1);
    expect(await tab.evaluate(() => window.Inlay!.cart.get().then((c) => c?.id))).toBe(id);
    await tab.close();

    // and a reload of the first
    await w.page.reload();
    await expect.poll(() => badge(w.page).textContent()).toBe('1');
    expect(first).toHaveLength(1);
    await w.context.close();
  });

  it('paying removes only what was bought: a line added in another tab meanwhile stays, in both tabs', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await w.page.evaluate((id) => window.Inlay!.cart.add({ productId: id }), BOARD);
    await expect.poll(() => badge(w.page).textContent()).toBe('1');
    const other = await w.context.newPage(); // the same shopper's second tab
    await other.goto(`${env.stack.demo}/`);
    await expect.poll(() => badge(other).textContent()).toBe('1');

    await drawer(w.page).getByRole('button', { name: 'Check out' }).click();
    await w.page.waitForURL(/\/_hosted\/checkout\?session=/);
    // while the first tab is on the checkout page, the second adds a mug
    await other.evaluate(([id, v]) => window.Inlay!.cart.add({ productId: id!, variantId: v! }), [MUG, FOREST]);
    await expect.poll(() => badge(other).textContent()).toBe('2');

    await fillHostedCheckout(w.page);
    await w.page.getByRole('button', { name: /^Pay / }).click();
    await w.page.waitForURL(/\/thank-you\?orderId=/);
    const orderId = new URL(w.page.url()).searchParams.get('orderId')!;
    const order = JSON.parse(
      env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(orderId)!
        .data,
    );
    expect(order.lineItems.map((l: { productName: { original: string } }) => l.productName.original)).toEqual([
      'Maple Cutting Board',
    ]);

    // both tabs show the mug that was not bought
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await expect.poll(() => badge(w.page).textContent()).toBe('1');
    await expect.poll(() => badge(other).textContent()).toBe('1');
    await other.evaluate(() => window.Inlay!.cart.open());
    await expect
      .poll(() => drawer(other).locator('li.line').allTextContents())
      .toEqual([expect.stringContaining('Enamel Camp Mug')]);
    await w.context.close();
  });

  it('a failed quantity change shows the platform’s quantity, names the chosen one, and Retry applies it', async () => {
    const w = await homeWithStool();
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/update-line-items-quantity', status: 503, times: 1 },
    });
    w.expected.push(/503/);
    await drawer(w.page).getByRole('button', { name: 'One more Folding Camp Stool' }).click();
    const alert = drawer(w.page).getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toMatch(/^Couldn’t change the quantity of Folding Camp Stool to 2\. Try again$/);
    const input = drawer(w.page).getByRole('spinbutton', { name: 'Quantity of Folding Camp Stool' });
    // the field shows what the platform holds, like the totals; the alert keeps the chosen 2 for Retry
    expect(await input.inputValue()).toBe('1');
    expect(await drawer(w.page).locator('.price').textContent()).toBe('$58.00'); // the cart itself rolled back
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => drawer(w.page).locator('.price').textContent()).toBe('$116.00');
    expect(await alert.count()).toBe(0);

    // typed quantity above the stock (11) is lowered, with the reason
    await input.fill('50');
    await input.press('Enter');
    await expect.poll(() => drawer(w.page).getByRole('status').first().textContent()).toBe('Only 11 available.');
    await expect.poll(() => input.inputValue()).toBe('11');
    await w.context.close();
  });

  it('an add whose answer is lost after the platform made it counts once: badge and drawer show the platform’s cart', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart') && customElements.get('inlay-add-to-cart'));
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/add-to-cart', dropAfter: true, times: 1 },
    });
    w.expected.push(/ERR_CONTENT_LENGTH_MISMATCH/);
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => drawer(w.page).isVisible()).toBe(true);
    await expect.poll(() => badge(w.page).textContent()).toBe('1');
    expect(await drawer(w.page).locator('li.line').count()).toBe(1);
    expect(await w.page.locator('inlay-toaster').getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await w.context.close();
  });

  it('an add whose answer and read-back are both lost: Try again reads first and does not add a second unit', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart') && customElements.get('inlay-add-to-cart'));
    await w.page.evaluate(() => window.Inlay!.cart.get()); // the cart is loaded before the faults are set
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/add-to-cart', dropAfter: true, times: 1 },
    });
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current', method: 'GET', status: 400, times: 1 },
    });
    w.expected.push(/ERR_CONTENT_LENGTH_MISMATCH|status of 400/);
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const toaster = w.page.locator('inlay-toaster');
    await toaster.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => badge(w.page).textContent()).toBe('1');
    expect((await api(env.stack.emulator, '/_dev/faults')).json.faults).toEqual([]); // both faults were met
    await expect.poll(() => drawer(w.page).locator('li.line').count()).toBe(1);
    await w.page.reload();
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await expect.poll(() => badge(w.page).textContent()).toBe('1'); // what the platform holds
    await w.context.close();
  });

  it('a quantity change whose answer is lost counts as made', async () => {
    const w = await homeWithStool();
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/update-line-items-quantity', dropAfter: true, times: 1 },
    });
    w.expected.push(/ERR_CONTENT_LENGTH_MISMATCH/);
    await drawer(w.page).getByRole('button', { name: 'One more Folding Camp Stool' }).click();
    await expect.poll(() => drawer(w.page).locator('.price').textContent()).toBe('$116.00');
    expect(await drawer(w.page).getByRole('spinbutton', { name: 'Quantity of Folding Camp Stool' }).inputValue()).toBe(
      '2',
    );
    expect(await drawer(w.page).getByRole('alert').count()).toBe(0);
    expect(await badge(w.page).textContent()).toBe('2');
    await w.context.close();
  });

  it('remove a line with undo; a line whose stock ran out says so and checkout waits for it', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    const LANTERN = seedIds.products['camp-lantern']!;
    await w.page.evaluate(
      ([a, b]) =>
        window.Inlay!.cart.add([
          { productId: a!, quantity: 2 },
          { productId: b!, quantity: 1 },
        ]),
      [LANTERN, STOOL],
    );
    await expect.poll(() => drawer(w.page).locator('li.line').count()).toBe(2);
    await drawer(w.page).getByRole('button', { name: 'Remove Folding Camp Stool' }).click();
    await expect.poll(() => drawer(w.page).locator('li.line').count()).toBe(1);
    const undoBar = drawer(w.page).getByText('Folding Camp Stool was removed from your cart');
    await undoBar.waitFor();
    await drawer(w.page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => drawer(w.page).locator('li.line').count()).toBe(2);
    await expect
      .poll(() => drawer(w.page).locator('li.line').allTextContents())
      .toContainEqual(expect.stringContaining('Folding Camp Stool'));
    expect(await badge(w.page).textContent()).toBe('3');

    // the store sells the lanterns elsewhere: one is left
    env.stack.emulator.db
      .prepare<[string]>('UPDATE product_variants SET quantity = 1 WHERE product_id = ?')
      .run(LANTERN);
    await w.page.reload();
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await w.page.evaluate(() => window.Inlay!.cart.open());
    const lantern = drawer(w.page).locator('li.line').filter({ hasText: 'Camp Lantern' });
    await expect.poll(() => lantern.textContent()).toContain('Only 1 available. Lower the quantity to check out.');
    expect(await axe(w.page, 'inlay-cart')).toEqual([]);
    const checkout = drawer(w.page).getByRole('button', { name: 'Check out' });
    expect(await checkout.isDisabled()).toBe(true);
    await drawer(w.page).getByRole('button', { name: 'One less Camp Lantern' }).click();
    await expect.poll(() => lantern.textContent()).not.toContain('Only 1 available');
    await expect.poll(() => checkout.isDisabled()).toBe(false);
    await w.context.close();
  });

  it('a removal answered after the drawer was closed leaves no stale undo note for the next opening', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await w.page.evaluate((id) => window.Inlay!.cart.add({ productId: id, quantity: 1 }), STOOL);
    await expect.poll(() => drawer(w.page).locator('li.line').count()).toBe(1);
    // the platform answers the removal slowly; the shopper closes the drawer meanwhile
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/remove-line-items', delayMs: 1500, times: 1 },
    });
    const answered = w.page.waitForResponse(
      (r) => r.url().endsWith('/remove-line-items') && r.request().method() === 'POST',
    );
    await drawer(w.page).getByRole('button', { name: 'Remove Folding Camp Stool' }).click();
    await w.page.keyboard.press('Escape');
    await drawer(w.page).waitFor({ state: 'hidden' });
    expect((await answered).status()).toBe(200);
    await w.page.evaluate(() => window.Inlay!.cart.open());
    await drawer(w.page).getByText('Your cart is empty').waitFor();
    expect(
      await drawer(w.page)
        .getByText(/was removed from your cart/)
        .count(),
    ).toBe(0);
    expect(await drawer(w.page).getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await w.context.close();
  });

  it('a visitor who signs in keeps the cart (merged into the member cart) and finds it again in a new session', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await w.page.evaluate((id) => window.Inlay!.cart.add({ productId: id, quantity: 2 }, { open: false }), STOOL);
    await expect.poll(() => badge(w.page).textContent()).toBe('2');
    const login = w.page.locator('inlay-login');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByLabel('Email').fill(DEMO_LOGINS.owner.email);
    await login.getByLabel('Password', { exact: true }).fill(DEMO_LOGINS.owner.password);
    await login.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => w.page.evaluate(() => window.Inlay!.session.get().role)).toBe('member');
    await expect
      .poll(() => w.page.evaluate(() => window.Inlay!.cart.get().then((c) => c?.lineItems.map((l) => l.quantity))))
      .toEqual([2]);
    expect(await badge(w.page).textContent()).toBe('2');
    // a fresh browser session of the same member finds the member cart
    const other = await openPage(env.browser);
    await other.page.goto(`${env.stack.demo}/`);
    const login2 = other.page.locator('inlay-login');
    await login2.getByRole('button', { name: 'Sign in' }).click();
    await login2.getByLabel('Email').fill(DEMO_LOGINS.owner.email);
    await login2.getByLabel('Password', { exact: true }).fill(DEMO_LOGINS.owner.password);
    await login2.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => badge(other.page).textContent()).toBe('2');
    await other.context.close();
    await w.context.close();
  });

  it('keyboard only: Enter opens, Tab stays in the drawer, Esc closes, focus returns to the cart button; scroll restored', async () => {
    const w = await openPage(env.browser, { viewport: { width: 375, height: 740 } });
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await w.page.evaluate((id) => window.Inlay!.cart.add({ productId: id }, { open: false }), STOOL);
    await cart(w.page)
      .getByRole('button', { name: /^Cart, \d+ items?$/ })
      .focus();
    await w.page.keyboard.press('Enter');
    await expect.poll(() => drawer(w.page).isVisible()).toBe(true);
    await drawer(w.page).evaluate((d) => Promise.all(d.getAnimations().map((a) => a.finished))); // slid all the way in
    const box = await drawer(w.page).boundingBox();
    expect(box!.width).toBe(375); // full width on phones
    for (let i = 0; i < 14; i++) {
      await w.page.keyboard.press('Tab');
      expect((await focus(w.page)).inDrawer, `Tab ${i + 1}`).toBe(true);
    }
    await w.page.keyboard.press('Escape');
    await expect.poll(() => drawer(w.page).isVisible()).toBe(false);
    // the dialog's close event (which restores focus and scrolling) is a task after it hides
    await expect.poll(() => w.page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    expect(await focus(w.page)).toEqual({ el: 'button.cart-button', inDrawer: false });
    expect(await axe(w.page, 'inlay-cart')).toEqual([]);
    await w.context.close();
  });

  it('a cart removed while its drawer is open (a single-page app changing views) gives the page its scrolling back', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await w.page.evaluate(() => (document.documentElement.style.overflow = 'clip'));
    await w.page.evaluate((id) => window.Inlay!.cart.add({ productId: id }), STOOL);
    await expect.poll(() => drawer(w.page).isVisible()).toBe(true);
    expect(await w.page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    await w.page.evaluate(() => document.querySelector('inlay-cart')!.remove());
    // the page's own value comes back, not an empty one
    await expect.poll(() => w.page.evaluate(() => document.documentElement.style.overflow)).toBe('clip');
    await w.context.close();
  });

  it('two tabs adding at once end with the summed quantity, and both badges show it', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    const tab2 = await w.context.newPage();
    await tab2.goto(`${env.stack.demo}/`);
    await tab2.waitForFunction(() => customElements.get('inlay-cart'));
    const add = (p: Page) =>
      p.evaluate(
        (id) => window.Inlay!.cart.add([{ productId: id, variantId: undefined, quantity: 1 }], { open: false }),
        STOOL,
      );
    await Promise.all([add(w.page), add(tab2), add(w.page), add(tab2)]);
    await expect.poll(() => badge(w.page).textContent()).toBe('4');
    await expect.poll(() => badge(tab2).textContent()).toBe('4');
    await w.context.close();
  });

  it('sold-out variant: disabled "Sold out"; a host <form> around the button is never submitted', async () => {
    const w = await openPage(env.browser);
    const navy = seedVariantId('enamel-camp-mug', { Color: 'Navy' });
    await w.page.goto(
      env.stack.fixtures.page(
        '/form',
        doc(
          env.stack,
          `<form action="/submitted" method="get"><inlay-add-to-cart product-id="${MUG}" variant-id="${FOREST}" no-open></inlay-add-to-cart><inlay-add-to-cart id="navy" product-id="${MUG}" variant-id="${navy}"></inlay-add-to-cart><input name="q"></form><inlay-cart></inlay-cart>`,
        ),
      ),
    );
    await w.page.evaluate(() =>
      document
        .querySelector('form')!
        .addEventListener('submit', () => ((window as unknown as { submitted: boolean }).submitted = true)),
    );
    const button = w.page.locator('inlay-add-to-cart').first().getByRole('button');
    await expect.poll(() => button.textContent()).toBe('Add to cart');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Added to cart');
    await button.press('Enter');
    await expect.poll(() => badge(w.page).textContent()).toBe('2');
    expect(await drawer(w.page).isVisible()).toBe(false); // no-open
    expect(await w.page.evaluate(() => (window as unknown as { submitted?: boolean }).submitted ?? false)).toBe(false);
    expect(new URL(w.page.url()).pathname).toBe('/form');
    const sold = w.page.locator('#navy').getByRole('button');
    await expect.poll(() => sold.textContent()).toBe('Sold out');
    expect(await sold.isDisabled()).toBe(true);
    // one product request for both buttons (shared query cache); no cart read: a first visit's visitor has none
    // (the adds' answers are the platform's cart)
    expect(w.requests.filter((u) => u.includes(`/stores-reader/v1/products/${MUG}`))).toHaveLength(1);
    expect(w.requests.filter((u) => /\/ecom\/v1\/carts\/current$/.test(u))).toHaveLength(0);
    await w.context.close();
  });

  it('the drawer is its own chunk: not fetched with the page (the badge counts without it), fetched once on intent', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    const fetched = () => w.requests.filter((u) => DRAWER_CHUNK.test(u)).length;
    expect(fetched()).toBe(0);
    // an add in flight usually opens the drawer as it lands: fetched meanwhile (here even without opening)
    await w.page.evaluate((id) => window.Inlay!.cart.add({ productId: id, quantity: 2 }, { open: false }), STOOL);
    await expect.poll(fetched).toBe(1);

    // hover: a pointer on its way to the button
    await w.page.reload();
    w.requests.length = 0;
    await w.page.waitForLoadState('networkidle');
    const button = cart(w.page).getByRole('button', { name: 'Cart, 2 items' });
    await expect.poll(() => badge(w.page).textContent()).toBe('2');
    expect(await drawer(w.page).count()).toBe(0);
    expect(fetched()).toBe(0);
    await button.hover();
    await expect.poll(fetched).toBe(1);
    await w.page.mouse.move(0, 0);
    await button.hover();
    await button.click();
    await expect.poll(() => drawer(w.page).isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => drawer(w.page).locator('li.line').allTextContents())
      .toEqual([expect.stringContaining('Folding Camp Stool')]);
    await expect.poll(() => drawer(w.page).locator('dl.totals dd.total').textContent()).toMatch(/^\$\d/);
    expect(await axe(w.page, 'inlay-cart')).toEqual([]);
    await w.page.keyboard.press('Escape');
    await expect.poll(() => focus(w.page)).toEqual({ el: 'button.cart-button', inDrawer: false });
    expect(fetched()).toBe(1);

    // focus: a keyboard user tabbing to it
    await w.page.reload();
    w.requests.length = 0;
    await w.page.waitForLoadState('networkidle');
    await expect.poll(() => badge(w.page).textContent()).toBe('2');
    expect(fetched()).toBe(0);
    await button.focus();
    await expect.poll(fetched).toBe(1);
    await w.page.keyboard.press('Enter');
    await expect.poll(() => drawer(w.page).isVisible()).toBe(true);
    await expect.poll(() => drawer(w.page).locator('li.line').count()).toBe(1);
    expect(fetched()).toBe(1);
    await w.context.close();
  });

  it('a drawer that cannot be fetched: a toast says so (the connection, not the server), the button stays usable and the cart as it was; the next click opens it', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await w.page.route(DRAWER_CHUNK, (r) => r.abort());
    w.expected.push(/drawer-|ERR_FAILED|dynamically imported module/);
    await w.page.evaluate((id) => window.Inlay!.cart.add({ productId: id }, { open: false }), STOOL);
    await expect.poll(() => badge(w.page).textContent()).toBe('1');
    const button = cart(w.page).getByRole('button', { name: 'Cart, 1 items' });
    await button.click();
    const toaster = w.page.locator('inlay-toaster');
    await expect
      .poll(() => toaster.locator('li').allTextContents())
      .toEqual([expect.stringContaining('You appear to be offline')]);
    expect(await drawer(w.page).count()).toBe(0);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.getAttribute('aria-busy')).toBeNull();
    expect(await w.page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    expect(await badge(w.page).textContent()).toBe('1');
    expect(await w.page.evaluate(() => window.Inlay!.cart.get().then((c) => c?.lineItems.length))).toBe(1);

    await w.page.unroute(DRAWER_CHUNK);
    await button.click();
    await expect.poll(() => drawer(w.page).isVisible()).toBe(true);
    await expect.poll(() => drawer(w.page).locator('li.line').count()).toBe(1);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await w.context.close();
  });
});
