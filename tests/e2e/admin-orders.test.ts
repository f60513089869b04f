// <inlay-admin>'s orders section (issue 22) on the real stack: the built bundle in Chromium, the demo's /admin page
// with the site companion on its origin, orders placed through the emulator's hosted checkout. Nothing is mocked.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, signInWithWidget, type WatchedPage, companionCalls } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS, seedIds, seedVariantId } from '../../emulator/seed.ts';
import { STORES_APP_ID } from '../../emulator/domain/catalog.ts';
import { TEST_CARDS } from '../../emulator/routes/checkout.ts';
import { api, placeOrderAs, visitorTokens } from '../helpers/emulator.ts';
import { listMail } from '../../emulator/domain/mail.ts';

const env = useStackAndBrowser();
const admin = (page: Page) => page.locator('inlay-admin');
const TAPERS = seedIds.products['beeswax-taper-candles']!;
const STOOL = seedIds.products['folding-camp-stool']!; // stock tracked
const stock = () =>
  env.stack.emulator.db
    .prepare<[string], { quantity: number }>('SELECT quantity FROM product_variants WHERE product_id = ?')
    .get(STOOL)!.quantity;

/** Orders by three buyers: Ann (2 tapers, paid), Bob (1, payment pending), Cleo (3, paid). */
beforeAll(async () => {
  const place = async (quantity: number, form: Record<string, string>) =>
    placeOrderAs(
      env.stack.emulator,
      (await visitorTokens(env.stack.emulator)).access,
      [{ productId: TAPERS, quantity }],
      form,
      env.stack.demo,
    );
  await place(2, { email: 'ann.uo@example.com', firstName: 'Ann', lastName: 'Archer' });
  await place(1, { email: 'bob.uo@example.com', firstName: 'Bob', lastName: 'Baker', cardNumber: TEST_CARDS.pending });
  await place(3, { email: 'cleo.uo@example.com', firstName: 'Cleo', lastName: 'Cole' });
});

async function asOwner(w: WatchedPage, query = '') {
  await w.page.goto(`${env.stack.demo}/admin${query}`);
  await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
  await signInWithWidget(w.page, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  await admin(w.page).locator('[part=order]').first().waitFor({ timeout: 15_000 });
}
const rows = async (page: Page) =>
  (await admin(page).locator('[part=order]').allTextContents()).map((t) => t.replace(/\s+/g, ' '));

describe('<inlay-admin> orders on the demo’s /admin page', () => {
  it('a visitor and a member get nothing: no console or orders chunk, no admin call', async () => {
    for (const who of ['visitor', 'member'] as const) {
      const w = await openPage(env.browser);
      const seen = companionCalls(w, env.stack.companion.url);
      await w.page.goto(`${env.stack.demo}/admin`);
      await w.page.waitForFunction(() => customElements.get('inlay-admin') && customElements.get('inlay-login'));
      if (who === 'member') await signInWithWidget(w.page, DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);
      await w.page.waitForTimeout(300);
      expect(await admin(w.page).evaluate((e) => e.shadowRoot!.textContent)).toBe('');
      expect(seen.filter((c) => !c.startsWith('GET /v1/me'))).toEqual([]);
      expect(w.requests.filter((u) => /\/(console|orders)-/.test(u))).toEqual([]);
      await w.context.close();
    }
  });

  it('the owner: every order in words, the summary, filters that find the right orders and survive a reload, the detail', async () => {
    const o = await openPage(env.browser);
    const seen = companionCalls(o, env.stack.companion.url);
    await asOwner(o, '?utm=x');
    const a = admin(o.page);
    expect(await a.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    const list = await rows(o.page);
    expect(list).toHaveLength(3);
    // newest first: Cleo, Bob, Ann
    expect(list[0]).toContain('Cleo Cole · cleo.uo@example.com');
    expect(list[1]).toContain('Bob Baker');
    expect(list[1]).toContain('Payment pending');
    expect(list[2]).toContain('Ann Archer');
    expect(list[2]).toContain('Paid');
    expect(list[2]).toContain('Not fulfilled');
    expect(list.join(' ')).not.toMatch(/NOT_FULFILLED|PAID\b/);
    expect(await a.locator('[part=count]').textContent()).toBe('3 orders found');
    // the summary over the last 30 days: 3 orders
    await expect.poll(() => a.locator('[part=summary] dd').first().textContent()).toBe('3');
    expect(await a.locator('[part=summary]').textContent()).toMatch(/Revenue\$[\d,.]+/);
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);

    // text on a buyer's name, then a payment filter and a sort
    // the filters apply as they change (no Search button): the text once typing pauses
    expect(await a.getByRole('button', { name: 'Search', exact: true }).count()).toBe(0);
    await a.getByLabel('Order number, buyer email or name').fill('ann');
    await expect.poll(() => rows(o.page)).toHaveLength(1);
    expect((await rows(o.page))[0]).toContain('Ann Archer');
    await a.getByLabel('Order number, buyer email or name').fill('');
    await a.getByLabel('Payment').selectOption({ label: 'Paid' });
    await a.getByLabel('Sort by').selectOption({ label: 'Oldest first' });
    await expect
      .poll(() => a.locator('[part=order] .buyer').allTextContents())
      .toEqual(['Ann Archer · ann.uo@example.com', 'Cleo Cole · cleo.uo@example.com']);
    const url = new URL(o.page.url());
    expect(url.searchParams.get('utm')).toBe('x');
    expect(url.searchParams.get('admin-payment')).toBe('PAID');
    expect(url.searchParams.get('admin-sort')).toBe('createdDate:ASC');
    expect(url.searchParams.has('admin-q')).toBe(false);
    // a reload keeps them: the form shows them and the same orders come back
    await o.page.reload();
    await a.locator('[part=order]').first().waitFor({ timeout: 15_000 });
    expect(await a.getByLabel('Payment').inputValue()).toBe('PAID');
    expect(await a.getByLabel('Sort by').inputValue()).toBe('createdDate:ASC');
    expect(await rows(o.page)).toHaveLength(2);
    // the order number finds one order
    const number = /#(\d+)/.exec((await rows(o.page))[1]!)![1]!;
    await a.getByLabel('Payment').selectOption({ label: 'Any' });
    await expect.poll(() => rows(o.page)).toHaveLength(3);
    await a.getByLabel('Order number, buyer email or name').fill(`#${number}`);
    await expect.poll(() => rows(o.page)).toHaveLength(1);
    expect((await rows(o.page))[0]).toContain('Cleo Cole');
    // a surname alone finds the order (the platform's search has first and last names, no full name)
    await a.getByLabel('Order number, buyer email or name').fill('archer');
    await expect.poll(async () => (await rows(o.page)).join()).toContain('Ann Archer');
    expect(await rows(o.page)).toHaveLength(1);
    await a.getByLabel('Order number, buyer email or name').fill('cole');
    await expect.poll(async () => (await rows(o.page)).join()).toContain('Cleo Cole');
    expect(await rows(o.page)).toHaveLength(1);
    expect(seen.filter((c) => c === 'POST /v1/admin/orders/search').length).toBeGreaterThanOrEqual(6);

    // the detail: lines, buyer, the timeline in words
    await a.getByRole('button', { name: `Order #${number}` }).click();
    const detail = a.locator('[part=detail]');
    await detail.locator('[part=timeline]').getByText('Order placed').first().waitFor({ timeout: 15_000 });
    expect(await detail.textContent()).toContain('Beeswax Taper Candles');
    expect(await detail.textContent()).toContain('× 3');
    expect(await detail.textContent()).toContain('cleo.uo@example.com');
    // the member's order view: the lines' totals, then subtotal … total
    expect(await detail.locator('[part=totals]').textContent()).toContain('Subtotal');
    expect(await detail.locator('[part=totals] .grand').textContent()).toContain('Total');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    await detail.getByRole('button', { name: 'All orders' }).click();
    await a.locator('[part=order]').first().waitFor();
    await o.context.close();
  });

  it('the tabs work from the keyboard; the section is axe clean in dark mode at 375 px and right to left', async () => {
    for (const [opts, query] of [
      [{ colorScheme: 'dark' as const, viewport: { width: 375, height: 800 } }, ''],
      [{}, '?dir=rtl'],
    ] as const) {
      const o = await openPage(env.browser, opts);
      await asOwner(o, query);
      expect(await axe(o.page, 'inlay-admin')).toEqual([]);
      expect(await o.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const tab = admin(o.page).getByRole('tab', { name: 'Orders' });
      await tab.focus();
      await o.page.keyboard.press('End');
      await expect
        .poll(() => admin(o.page).getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected'))
        .toBe('true');
      await o.page.keyboard.press(query ? 'ArrowLeft' : 'ArrowRight');
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      await admin(o.page).locator('[part=order]').first().waitFor();
      await o.context.close();
    }
  });

  it('French, right to left, 375 px: nothing wider than the screen, the sort shows its longest choice whole, one tick makes "select all" mixed', async () => {
    const o = await openPage(env.browser, { viewport: { width: 375, height: 800 } });
    await asOwner(o, '?dir=rtl');
    await o.page.evaluate(() => (document.documentElement.lang = 'fr'));
    const a = admin(o.page);
    await a.getByRole('button', { name: 'Plus de filtres' }).waitFor();
    expect(await o.page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    // the select is at least as wide as its widest choice ("Plus récentes d’abord"), so no choice is cut
    const sort = a.getByLabel('Trier par');
    expect(await sort.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.textContent)).toBe(
      'Plus récentes d’abord',
    );
    const [width, needed] = await sort.evaluate((s: HTMLSelectElement) => {
      const w = s.getBoundingClientRect().width;
      s.style.width = 'max-content';
      const n = s.getBoundingClientRect().width;
      s.style.width = '';
      return [w, n];
    });
    expect(width).toBeGreaterThanOrEqual(needed);
    await a.locator('[part=order]').first().getByRole('checkbox').check();
    const all = a.locator('[part=selection] input[type=checkbox]');
    await expect.poll(() => all.evaluate((c: HTMLInputElement) => [c.checked, c.indeterminate])).toEqual([false, true]);
    expect(await a.getByRole('checkbox', { name: 'Sélectionner toutes les commandes affichées' }).count()).toBe(1);
    await o.context.close();
  });

  it('French at 375 and 1280 px: the Status, Payment and Fulfilment filters, the sort and the summary’s period are as wide as their longest choice', async () => {
    for (const width of [375, 1280]) {
      const o = await openPage(env.browser, { viewport: { width, height: 900 } });
      await asOwner(o);
      await o.page.evaluate(() => (document.documentElement.lang = 'fr'));
      const a = admin(o.page);
      // the less used filters (the order status among them) shown
      await a.getByRole('button', { name: 'Plus de filtres' }).click();
      await expect.poll(() => a.locator('select[name=payment]').textContent()).toContain('En attente de votre action');
      // the filters and the sort, and every other select the section shows (the summary's period)
      const selects = await a.locator('select').all();
      expect(selects.length).toBeGreaterThanOrEqual(5);
      for (const [n, select] of selects.entries()) {
        const name = (await select.getAttribute('name')) ?? `select ${n}`;
        // the widest choice shown: each choice selected in turn, the select's box against its content's
        const cut = await select.evaluate((s: HTMLSelectElement) => {
          const w = s.getBoundingClientRect().width;
          s.style.width = 'max-content';
          const needed = s.getBoundingClientRect().width;
          s.style.width = '';
          const longest = [...s.options].reduce((x, y) => (y.text.length > x.text.length ? y : x)).text;
          return needed > w + 0.5 ? `${longest}: ${w} < ${needed}` : '';
        });
        expect(cut, `${name} at ${width} px`).toBe('');
      }
      expect(await o.page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await o.context.close();
    }
  });

  it('a note on an order stays; cancel with restock after a confirmation naming the email and the stock: the stock comes back', async () => {
    const buyer = (await visitorTokens(env.stack.emulator)).access;
    await placeOrderAs(
      env.stack.emulator,
      buyer,
      [{ productId: STOOL, quantity: 2 }],
      {
        email: 'dora.uo@example.com',
        firstName: 'Dora',
        lastName: 'Dunn',
      },
      env.stack.demo,
    );
    const before = stock();
    const o = await openPage(env.browser);
    const seen = companionCalls(o, env.stack.companion.url);
    await asOwner(o, '?admin-q=dora');
    const a = admin(o.page);
    await expect.poll(() => rows(o.page)).toHaveLength(1);
    const number = /#(\d+)/.exec((await rows(o.page))[0]!)![1]!;
    await a.locator('[part=order]').getByRole('button').click();
    const detail = a.locator('[part=detail]');
    await detail.locator('[part=timeline]').getByText('Order placed').first().waitFor({ timeout: 15_000 });

    await detail.getByLabel('Add a note (the buyer doesn’t see notes)').fill('Dora called: wrong size.');
    await detail.getByRole('button', { name: 'Add note' }).click();
    await detail.locator('[part=note]', { hasText: 'Dora called: wrong size.' }).waitFor();
    expect(await detail.getByLabel('Add a note (the buyer doesn’t see notes)').inputValue()).toBe('');

    await detail.getByRole('button', { name: 'Cancel order', exact: true }).click();
    const step = detail.locator('[part=cancel]');
    expect(await step.locator('[part=cancel-summary]').textContent()).toBe(
      'dora.uo@example.com will get an email that the order is canceled. 2 items go back in stock.',
    );
    await step.getByLabel('Message in the email (optional)').fill('Sorry, Dora: we will send the right size.');
    expect(await axe(o.page, 'inlay-admin')).toEqual([]);
    expect(seen.some((c) => c.endsWith('/cancel'))).toBe(false);
    await step.getByRole('button', { name: 'Yes, cancel order' }).click();
    await step.waitFor({ state: 'detached' });
    await expect.poll(() => detail.locator('p.muted').first().textContent()).toContain('Canceled');
    expect(stock()).toBe(before + 2);
    // the buyer's email, with the owner's message
    const mail = listMail(env.stack.emulator.db, 'dora.uo@example.com');
    expect(mail.map((m) => m.subject)).toContain(`Your order #${number} was canceled`);
    expect(mail.find((m) => m.subject.includes('canceled'))!.text).toContain(
      'Sorry, Dora: we will send the right size.',
    );
    expect(seen.filter((c) => c.endsWith('/cancel'))).toHaveLength(1);
    await detail.locator('[part=timeline]').getByText('Order canceled').waitFor();

    // read again from the companion (a reload keeps the order open: the page's URL names it): the note and the
    // cancel are the platform's
    expect(new URL(o.page.url()).searchParams.get('admin-q')).toBe('dora');
    await o.page.reload();
    await detail.locator('[part=note]', { hasText: 'Dora called: wrong size.' }).waitFor({ timeout: 15_000 });
    expect(await detail.getByRole('button', { name: 'Cancel order', exact: true }).count()).toBe(0);
    await detail.getByRole('button', { name: 'All orders' }).click();
    await a.locator('[part=order]').first().waitFor({ timeout: 15_000 });
    expect((await rows(o.page))[0]).toContain('Canceled');
    await o.context.close();
  });

  it('cancel with restock of an item that sold out: it is back in stock and the shopper waiting for it gets the notice', async () => {
    const BLANKET = seedIds.products['merino-wool-blanket']!;
    const MOSS = seedVariantId('merino-wool-blanket', { Color: 'Moss' });
    const left = () =>
      env.stack.emulator.db
        .prepare<[string, string], { quantity: number }>(
          'SELECT quantity FROM product_variants WHERE product_id = ? AND id = ?',
        )
        .get(BLANKET, MOSS)!.quantity;
    const all = left();
    expect(all).toBeGreaterThan(0);
    const buyer = (await visitorTokens(env.stack.emulator)).access;
    await placeOrderAs(
      env.stack.emulator,
      buyer,
      [{ productId: BLANKET, variantId: MOSS, quantity: all }],
      { email: 'eve.uo@example.com', firstName: 'Eve', lastName: 'Early' },
      env.stack.demo,
    );
    expect(left()).toBe(0);
    const waiting = await api(env.stack.emulator, '/back-in-stock-service/v1/back-in-stock-notification-requests', {
      token: (await visitorTokens(env.stack.emulator)).access,
      body: {
        request: {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: BLANKET, options: { variantId: MOSS } },
          email: 'waiting.uo@example.com',
          itemUrl: `${env.stack.demo}/products/merino-wool-blanket`,
        },
        itemDetails: { name: 'Merino Wool Blanket', price: '120.00' },
      },
    });
    expect(waiting.status).toBe(200);
    expect(listMail(env.stack.emulator.db, 'waiting.uo@example.com')).toEqual([]);

    const o = await openPage(env.browser);
    await asOwner(o, '?admin-q=eve.uo');
    const a = admin(o.page);
    await expect.poll(() => rows(o.page)).toHaveLength(1);
    await a.locator('[part=order]').getByRole('button').click();
    const detail = a.locator('[part=detail]');
    await detail.getByRole('button', { name: 'Cancel order', exact: true }).click({ timeout: 15_000 });
    const step = detail.locator('[part=cancel]');
    await step.getByLabel('Email the buyer').uncheck();
    expect(await step.locator('[part=cancel-summary]').textContent()).toBe(
      `No email will be sent. ${all} items go back in stock.`,
    );
    await step.getByRole('button', { name: 'Yes, cancel order' }).click();
    await step.waitFor({ state: 'detached' });
    expect(left()).toBe(all);
    await expect
      .poll(() => listMail(env.stack.emulator.db, 'waiting.uo@example.com').map((m) => m.subject))
      .toEqual([expect.stringMatching(/back in stock/i)]);
    // no email to the buyer this time
    expect(listMail(env.stack.emulator.db, 'eve.uo@example.com').some((m) => /canceled/.test(m.subject))).toBe(false);
    await o.context.close();
  });
});
