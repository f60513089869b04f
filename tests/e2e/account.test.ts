// `<inlay-account>` (issue 21) on the real stack: the built bundle in Chromium on the demo's /account page, the
// member's orders read through the site companion mounted on the demo's origin, the emulator on SQLite. Orders are
// placed through the platform's own steps (cart, create-checkout, hosted checkout); failures come from the emulator's
// fault injection. Nothing is mocked.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, fillHostedCheckout, openPage, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { adminToken, api, createTestMember, memberTokens, placeOrder, placeOrderAs } from '../helpers/emulator.ts';
import { TEST_CARDS } from '../../emulator/routes/checkout.ts';
import { seedIds, seedVariantId } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const MUG = seedIds.products['enamel-camp-mug']!;
const FOREST = seedVariantId('enamel-camp-mug', { Color: 'Forest' });
const BOARD = seedIds.products['maple-cutting-board']!;
const PASSWORD = 'correct-horse-9';
const account = (page: Page) => page.locator('inlay-account');

let n = 0;
/** A new member with `orders` placed through the hosted checkout (each: the lines), and their access token. */
async function memberWith(orders: { productId: string; variantId?: string; quantity: number }[][]) {
  const email = `buyer${++n}-${Date.now()}@example.com`;
  const id = await createTestMember(env.stack.emulator, email, PASSWORD, { firstName: 'Ada', lastName: 'Buyer' });
  const { access } = await memberTokens(env.stack.emulator, { id });
  const placed: string[] = [];
  for (const lines of orders) placed.push(await placeOrder(env.stack.emulator, lines, env.stack.demo, access));
  return { email, id, access, orders: placed };
}

const orderRow = (id: string) =>
  JSON.parse(
    env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!.data,
  ) as { number: string; priceSummary: { total: { formattedAmount: string } } };

/** The account page, signed in through the account's own inline sign-in form. */
async function signedIn(email: string, opts: Parameters<typeof openPage>[1] & { query?: string } = {}) {
  const w = await openPage(env.browser, opts);
  await w.page.goto(`${env.stack.demo}/account${opts.query ?? ''}`);
  await signInInline(w, email);
  return w;
}

async function signInInline(w: WatchedPage, email: string) {
  const a = account(w.page);
  await a.getByText('Sign in to see your account').waitFor();
  await a.getByLabel('Email').fill(email);
  await a.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await a.getByLabel('Password', { exact: true }).press('Enter');
  await a.getByRole('tab', { name: 'Orders' }).waitFor();
}

describe('<inlay-account>', () => {
  it('a visitor gets the sign-in form inline; a member who ordered sees the order, opens it, buys it again', async () => {
    const m = await memberWith([
      [{ productId: MUG, variantId: FOREST, quantity: 2 }],
      [
        { productId: BOARD, quantity: 1 },
        { productId: MUG, variantId: FOREST, quantity: 1 },
      ],
    ]);
    const [first, second] = m.orders.map(orderRow);
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/account`);
    expect(await axe(w.page, 'inlay-account')).toEqual([]);
    await signInInline(w, m.email);
    const a = account(w.page);
    // newest first, with number, total and status in words
    const cards = a.locator('[part=order]');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.nth(0).textContent()).toContain(`Order #${second!.number}`);
    expect(await cards.nth(0).textContent()).toContain(second!.priceSummary.total.formattedAmount);
    expect(await cards.nth(1).textContent()).toContain(`Order #${first!.number}`);
    expect(await cards.nth(1).textContent()).toMatch(/Paid.*Not shipped yet/);
    expect(await axe(w.page, 'inlay-account')).toEqual([]);

    await a.getByRole('button', { name: `View details, order #${second!.number}` }).click();
    const detail = a.locator('[part=order-detail]');
    await detail.getByRole('heading', { name: `Order #${second!.number}` }).waitFor();
    expect(await detail.locator('[part=lines] li').count()).toBe(2);
    expect(await detail.locator('[part=totals]').textContent()).toContain(second!.priceSummary.total.formattedAmount);
    expect(await detail.textContent()).toContain('1 Main St');
    expect(await detail.locator('[part=history]').textContent()).toMatch(/Order placed.*Payment received/);
    expect(await axe(w.page, 'inlay-account')).toEqual([]);

    // buy again: both lines land in the cart
    const badge = w.page.locator('inlay-cart .badge');
    await detail.getByRole('button', { name: 'Buy again' }).click();
    await expect.poll(() => detail.textContent()).toContain('Added to your cart: ');
    await expect.poll(() => badge.textContent()).toBe('2');
    // the cart drawer opened on what was added; closing it gives the account back
    const drawer = w.page.locator('inlay-cart dialog');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await w.page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    // the receipt opens in its own window, built from the order
    const [popup] = await Promise.all([
      w.context.waitForEvent('page'),
      detail.getByRole('button', { name: 'Print receipt' }).click(),
    ]);
    await expect.poll(() => popup.title()).toBe(`Receipt for order #${second!.number}`);
    expect(await popup.locator('body').textContent()).toContain(second!.priceSummary.total.formattedAmount);
    await popup.close();

    await detail.getByRole('button', { name: 'All orders' }).click();
    await expect.poll(() => cards.count()).toBe(2);
    await w.context.close();
  });

  it('a second member sees none of the first one’s orders, through the widget and against the companion', async () => {
    const a = await memberWith([[{ productId: MUG, variantId: FOREST, quantity: 1 }]]);
    const b = await memberWith([]);
    const w = await signedIn(b.email);
    const el = account(w.page);
    await el.getByText('No orders yet').waitFor();
    expect(await el.getByRole('link', { name: 'Go to the shop' }).getAttribute('href')).toBe(`${env.stack.demo}/`);
    expect(await axe(w.page, 'inlay-account')).toEqual([]);

    const companion = (path: string, token: string, body?: unknown) =>
      fetch(`${env.stack.companion.url}/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const mine = await (await companion('/my/orders', a.access, {})).json();
    expect(mine.orders.map((o: { id: string }) => o.id)).toEqual(a.orders);
    expect((await (await companion('/my/orders', b.access, {})).json()).orders).toEqual([]);
    expect((await companion(`/my/orders/${a.orders[0]}`, b.access)).status).toBe(404);
    expect((await companion(`/my/orders/${a.orders[0]}/cancel`, b.access, {})).status).toBe(404);
    await w.context.close();
  });

  it('an address saved in the account fills in the hosted checkout', async () => {
    const m = await memberWith([]);
    const w = await signedIn(m.email, { query: '?section=addresses' });
    const a = account(w.page);
    await a.getByText('No saved addresses yet. Add one to check out faster.').waitFor();
    await a.getByRole('button', { name: 'Add address' }).click();
    await a.getByRole('button', { name: 'Save' }).click();
    // field errors, nothing sent; the country comes first, defaulted from the page's language (en: United States)
    await expect.poll(() => a.locator('[aria-invalid=true]').count()).toBe(3);
    expect(await a.getByLabel('Country').inputValue()).toBe('US');
    await a.getByLabel('First name').fill('Ada');
    await a.getByLabel('Last name').fill('Lovelace');
    await a.getByLabel('Phone (optional)').fill('+1 206 555 0100');
    await a.getByLabel('Street address').fill('77 Harbour Road');
    await a.getByLabel('City').fill('Seattle');
    await a.getByLabel('Postal code').fill('98101');
    // the United States have a list of states; another country takes its region as typed
    await a.getByLabel('State, province or territory').selectOption('WA');
    await a.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => a.locator('[part=address]').count()).toBe(1);
    expect(await a.locator('[part=address]').textContent()).toMatch(/Ada Lovelace.*77 Harbour Road.*Default/);
    expect(await axe(w.page, 'inlay-account')).toEqual([]);
    // stored on the platform, as the member's first address
    const me = await api(env.stack.emulator, '/members/v1/members/my?fieldsets=FULL', { token: m.access });
    expect(me.json.member.contact.addresses).toMatchObject([
      { addressLine: '77 Harbour Road', city: 'Seattle', postalCode: '98101', country: 'US', subdivision: 'US-WA' },
    ]);
    // the name and phone are the member's (the platform keeps none on an address)
    expect(me.json.member.contact).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phones: ['+1 206 555 0100'],
    });

    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await w.page.locator('inlay-cart dialog').getByRole('button', { name: 'Check out' }).click();
    await w.page.waitForURL(/\/_hosted\/checkout\?session=/);
    expect(await w.page.getByLabel('Street address').inputValue()).toBe('77 Harbour Road');
    expect(await w.page.getByLabel('City').inputValue()).toBe('Seattle');
    expect(await w.page.getByLabel('Email').inputValue()).toBe(m.email);
    // with the name
    expect(await w.page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await w.page.getByLabel('Last name').inputValue()).toBe('Lovelace');
    await fillHostedCheckout(w.page);
    await w.context.close();
  });

  it('the address a member checks out with is saved to the account (with the name typed) and fills the next checkout with the name', async () => {
    // a member with no name and no address yet
    const email = `nameless${++n}-${Date.now()}@example.com`;
    const id = await createTestMember(env.stack.emulator, email, PASSWORD);
    const w = await signedIn(email, { query: '?section=addresses' });
    await account(w.page).getByText('No saved addresses yet. Add one to check out faster.').waitFor();
    const checkout = async () => {
      await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
      await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
      await w.page.locator('inlay-cart dialog').getByRole('button', { name: 'Check out' }).click();
      await w.page.waitForURL(/\/_hosted\/checkout\?session=/);
    };
    await checkout();
    const box = w.page.getByLabel(/Save this address to my account/);
    expect(await box.isChecked()).toBe(true); // no saved address yet: ticked
    expect(await w.page.getByLabel('First name').inputValue()).toBe('');
    await fillHostedCheckout(w.page); // Ada Lovelace, 12 Elm St, Springfield 62701
    await w.page.getByLabel('Country').selectOption('US');
    await w.page.getByRole('button', { name: /^Pay / }).click();
    await w.page.waitForURL(/\/thank-you\?orderId=/);

    const { access } = await memberTokens(env.stack.emulator, { id });
    const me = (await api(env.stack.emulator, '/members/v1/members/my?fieldsets=FULL', { token: access })).json.member;
    expect(me.contact).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      addresses: [{ addressLine: '12 Elm St', city: 'Springfield', postalCode: '62701', country: 'US' }],
    });

    // the next checkout: the saved address, with the name; the box is offered again, not ticked (nothing new to save)
    await checkout();
    expect(await w.page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await w.page.getByLabel('Last name').inputValue()).toBe('Lovelace');
    expect(await w.page.getByLabel('Street address').inputValue()).toBe('12 Elm St');
    expect(await w.page.getByLabel('City').inputValue()).toBe('Springfield');
    expect(await w.page.getByLabel('Postal code').inputValue()).toBe('62701');
    expect(await w.page.getByLabel(/Save this address to my account/).isChecked()).toBe(false);

    // and the account shows it with the name
    await w.page.goto(`${env.stack.demo}/account?section=addresses`);
    await expect
      .poll(() => account(w.page).locator('[part=address]').textContent())
      .toMatch(/Ada Lovelace.*12 Elm St.*Springfield/);
    await w.context.close();
  });

  it('deleting the account signs the member out in every tab', async () => {
    const m = await memberWith([]);
    const w = await signedIn(m.email, { query: '?section=profile' });
    const other = await w.context.newPage();
    await other.goto(`${env.stack.demo}/account`);
    await account(other).getByRole('tab', { name: 'Orders' }).waitFor();

    const a = account(w.page);
    await a.getByRole('button', { name: 'Delete my account' }).click();
    await a.getByRole('button', { name: 'Delete my account for good' }).click();
    await a.getByText('Tick the box to confirm.').waitFor();
    await a.getByLabel('I understand this can’t be undone.').check();
    await a.getByRole('button', { name: 'Delete my account for good' }).click();
    await a.getByText('Sign in to see your account').waitFor();
    await account(other).getByText('Sign in to see your account').waitFor();
    expect(w.page.locator('inlay-login').getByRole('button', { name: 'Sign in' })).toBeTruthy();
    const gone = await api(env.stack.emulator, '/members/v1/members/my', { token: m.access });
    expect(gone.status).toBe(401);
    await w.context.close();
  });

  it('a shipped order shows its tracking and no cancel; an unpaid one is canceled from the account, stock back', async () => {
    const m = await memberWith([[{ productId: BOARD, quantity: 1 }]]);
    const shipped = m.orders[0]!;
    const admin = await adminToken(env.stack.emulator);
    const order = (await api(env.stack.emulator, `/ecom/v1/orders/${shipped}`, { token: admin })).json.order;
    const made = await api(env.stack.emulator, `/ecom/v1/fulfillments/orders/${shipped}/create-fulfillment`, {
      token: admin,
      body: {
        fulfillment: {
          lineItems: order.lineItems.map((l: { id: string; quantity: number }) => ({ id: l.id, quantity: l.quantity })),
          trackingInfo: {
            trackingNumber: '1Z999',
            shippingProvider: 'UPS',
            trackingLink: 'https://ups.example/t/1Z999',
          },
        },
      },
    });
    expect(made.status).toBe(200);
    const stock = () =>
      env.stack.emulator.db
        .prepare<[string], { q: number }>('SELECT SUM(quantity) AS q FROM product_variants WHERE product_id = ?')
        .get(BOARD)!.q;
    const before = stock();
    const unpaid = await placeOrderAs(
      env.stack.emulator,
      m.access,
      [{ productId: BOARD, quantity: 2 }],
      { cardNumber: TEST_CARDS.pending },
      env.stack.demo,
    );
    expect(stock()).toBe(before - 2);

    const w = await signedIn(m.email);
    const a = account(w.page);
    const cards = a.locator('[part=order]');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.nth(0).textContent()).toContain('Payment pending');
    expect(await cards.nth(1).textContent()).toContain('Shipped');
    await a.getByRole('button', { name: `View details, order #${order.number}` }).click();
    const detail = a.locator('[part=order-detail]');
    const link = detail.getByRole('link', { name: 'UPS 1Z999' });
    expect(await link.getAttribute('href')).toBe('https://ups.example/t/1Z999');
    expect(await detail.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await detail.locator('[part=history]').textContent()).toContain('Shipped');
    await detail.getByRole('button', { name: 'All orders' }).click();

    await a
      .getByRole('button', { name: /^View details, order #/ })
      .first()
      .click();
    await detail.getByRole('button', { name: 'Cancel order' }).click();
    await detail.getByText('The order will be canceled and nothing will be charged.').waitFor();
    expect(await axe(w.page, 'inlay-account')).toEqual([]);
    await detail.getByRole('button', { name: 'Yes, cancel' }).click();
    await detail.getByText('Your order was canceled.').waitFor();
    expect(await detail.locator('.chips').textContent()).toBe('Canceled');
    expect((await api(env.stack.emulator, `/ecom/v1/orders/${unpaid}`, { token: admin })).json.order.status).toBe(
      'CANCELED',
    );
    expect(stock()).toBe(before);
    await w.context.close();
  });

  it('while the orders load, the list keeps its place with placeholder rows', async () => {
    const m = await memberWith([[{ productId: BOARD, quantity: 1 }]]);
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/orders/search', method: 'POST', delayMs: 2500, times: 1 },
    });
    const w = await signedIn(m.email);
    const a = account(w.page);
    await a.locator('.bones .skeleton').first().waitFor();
    await expect.poll(() => a.locator('[part=order]').count(), { timeout: 10_000 }).toBe(1);
    expect(await a.locator('.bones').count()).toBe(0);
    await w.context.close();
  });

  it('a companion failure shows an error with retry; the orders load on retry', async () => {
    const m = await memberWith([[{ productId: BOARD, quantity: 1 }]]);
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/orders/search', method: 'POST', status: 500 },
    });
    const w = await signedIn(m.email);
    w.expected.push(/status of 50\d/);
    const a = account(w.page);
    await a.getByRole('alert').waitFor();
    await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    await a.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => a.locator('[part=order]').count()).toBe(1);
    await w.context.close();
  });

  it('works under the strictest policy the widgets support, with the companion on the page’s origin', async () => {
    const m = await memberWith([[{ productId: MUG, variantId: FOREST, quantity: 1 }]]);
    const w = await openPage(env.browser);
    await w.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener(
        'securitypolicyviolation',
        (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
        true,
      );
    });
    const res = await w.page.goto(`${env.stack.demo}/csp-account`);
    expect(res!.headers()['content-security-policy']).toContain('connect-src');
    await signInInline(w, m.email);
    const a = account(w.page);
    await a.getByRole('button', { name: /^View details, order #/ }).click();
    await a.locator('[part=order-detail]').waitFor();
    await a.getByRole('tab', { name: 'Addresses' }).click();
    await a.getByRole('button', { name: 'Add address' }).waitFor();
    // the sections' own sheets applied (constructable stylesheets, allowed by style-src 'self')
    expect(await a.getByRole('button', { name: 'Add address' }).evaluate((b) => getComputedStyle(b).minHeight)).toBe(
      '44px',
    );
    expect(await w.page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await w.context.close();
  });

  it('axe clean in dark mode at 375 px and right to left', async () => {
    const m = await memberWith([[{ productId: MUG, variantId: FOREST, quantity: 1 }]]);
    for (const [opts, query] of [
      [{ colorScheme: 'dark' as const, viewport: { width: 375, height: 800 } }, ''],
      [{}, '?dir=rtl'],
    ] as const) {
      const w = await signedIn(m.email, { ...opts, query });
      const a = account(w.page);
      await expect.poll(() => a.locator('[part=order]').count()).toBe(1);
      expect(await axe(w.page, 'inlay-account')).toEqual([]);
      await a.getByRole('button', { name: /^View details, order #/ }).click();
      await a.locator('[part=order-detail]').waitFor();
      expect(await axe(w.page, 'inlay-account')).toEqual([]);
      // no sideways scrolling at 375 px
      expect(await w.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await a.getByRole('tab', { name: 'Addresses' }).click();
      await a.getByRole('button', { name: 'Add address' }).click();
      expect(await axe(w.page, 'inlay-account')).toEqual([]);
      await w.context.close();
    }
  });
});
