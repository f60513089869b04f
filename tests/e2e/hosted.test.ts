import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openPage } from '../helpers/browser.ts';
import { fillHostedCheckout } from '../helpers/browser.ts';
import { hostedAccountUrl, hostedCheckoutUrl, hostedLoginUrl } from '../helpers/hosted.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';

const env = useStackAndBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
};
/** The gap between two boxes (negative when they overlap on both axes). */
const gap = (a: Box, b: Box) =>
  Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width), b.y - (a.y + a.height), a.y - (b.y + b.height));
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the hosted checkout looks like a store’s checkout', () => {
  it('1280 px: form left, summary right: thumbnails with quantity, variant lines, every price in one right-aligned column, totals as a table', async () => {
    const w = await openPage(env.browser, { viewport: DESKTOP });
    await w.page.goto(await hostedCheckoutUrl(env.stack));
    const form = await box(w.page.locator('form#checkout'));
    const summary = await box(w.page.getByRole('complementary', { name: 'Order summary' }));
    expect(summary.x).toBeGreaterThanOrEqual(form.x + form.width); // two columns
    expect(summary.y).toBeLessThan(form.y + form.height);

    const lines = w.page.locator('ul.lines > li');
    expect(await lines.count()).toBe(2);
    const mug = lines.first();
    expect(await mug.locator('img').getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
    await expect
      .poll(() => mug.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    expect(await mug.locator('.qty').textContent()).toBe('2');
    expect(await mug.locator('.nm').textContent()).toBe('Enamel Camp Mug');
    expect(await mug.locator('.var').textContent()).toBe('Color: Forest');
    // the quantity badge sits on the thumbnail's corner
    const [thumb, badge] = [await box(mug.locator('.thumb')), await box(mug.locator('.qty'))];
    expect(badge.x + badge.width).toBeGreaterThan(thumb.x + thumb.width);
    expect(badge.y).toBeLessThan(thumb.y);

    // subtotal, coupon, shipping, tax, total: label and amount in separate cells, never run together
    const rows = await w.page
      .locator('table.totals tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => `${c.tagName}:${c.textContent}`)));
    expect(rows).toEqual([
      ['TH:Subtotal', 'TD:$94.00'],
      ['TH:Coupon WELCOME10', 'TD:−$9.40'],
      ['TH:Shipping', 'TD:Free'],
      ['TH:Tax (United States)', 'TD:$6.77'],
      ['TH:Total', 'TD:USD$91.37'],
    ]);
    // one price column: every amount's text (line prices and totals) ends at the same right edge
    const rights = await w.page.locator('.lines .lp, table.totals td').evaluateAll((els) =>
      els.map((e) => {
        const r = document.createRange();
        r.selectNodeContents(e);
        return Math.round(r.getBoundingClientRect().right);
      }),
    );
    expect(rights).toHaveLength(7);
    expect(new Set(rights).size, String(rights)).toBe(1);
    expect(await noSidewaysScroll(w.page)).toBe(true);
    await w.context.close();
  });

  it('shipping options are radio cards: radio at the start, name and price on one line; clicking the text selects it and the totals follow', async () => {
    const w = await openPage(env.browser, { viewport: DESKTOP });
    await w.page.goto(await hostedCheckoutUrl(env.stack));
    const cards = w.page.locator('fieldset label.opt');
    expect(await cards.count()).toBe(2);
    const [standard, express] = [cards.nth(0), cards.nth(1)];
    for (const card of [standard, express]) {
      const [c, radio, title, price] = await Promise.all([
        box(card),
        box(card.locator('input[type=radio]')),
        box(card.locator('.opt-t b')),
        box(card.locator('.opt-p')),
      ]);
      expect(radio.width).toBeLessThanOrEqual(24); // no 44 px circles
      expect(radio.x).toBeLessThan(title.x); // at the start, not centred above the label
      expect(Math.abs(radio.y + radio.height / 2 - (title.y + title.height / 2))).toBeLessThan(4); // on the name's line
      expect(Math.abs(title.y - price.y)).toBeLessThan(6); // one line
      expect(price.x + price.width).toBeGreaterThan(c.x + c.width - 40); // price at the end
    }
    const border = (l: Locator) => l.evaluate((e) => getComputedStyle(e).borderColor);
    const [selected, unselected] = [await border(standard), await border(express)];
    expect(selected).not.toBe(unselected); // the selected card is marked
    await express.getByText('Express shipping').click();
    expect(await w.page.getByRole('radio', { name: /Express shipping/ }).isChecked()).toBe(true);
    await expect.poll(() => border(express)).toBe(selected);
    expect(await border(standard)).toBe(unselected);
    await expect.poll(() => w.page.locator('#sum-shipping').textContent()).toBe('$19.95');
    // the whole card is the target: its far end (the price) selects too
    await standard.locator('.opt-p').click();
    expect(await w.page.getByRole('radio', { name: /Standard shipping/ }).isChecked()).toBe(true);
    await expect.poll(() => w.page.locator('#sum-shipping').textContent()).toBe('Free');
    await w.context.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`${viewport.width} px: the country select is a full field, as wide and as tall as the other inputs`, async () => {
      const w = await openPage(env.browser, { viewport });
      await w.page.goto(await hostedCheckoutUrl(env.stack));
      const [country, email, street] = [
        await box(w.page.getByLabel('Country')),
        await box(w.page.getByLabel('Email')),
        await box(w.page.getByLabel('Street address')),
      ];
      expect(country.width).toBeGreaterThanOrEqual(email.width);
      expect(country.width).toBe(street.width);
      expect(country.height).toBeGreaterThanOrEqual(44);
      expect(Math.round(country.height)).toBe(Math.round(email.height));
      await w.context.close();
    });
  }

  it('375 px: one column, the summary on top and collapsed to a bar with the total; it opens; nothing scrolls sideways', async () => {
    const w = await openPage(env.browser, { viewport: PHONE });
    await w.page.goto(await hostedCheckoutUrl(env.stack));
    const toggle = w.page.locator('details#summary > summary');
    await expect.poll(() => w.page.locator('details#summary').evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await toggle.textContent()).toBe('Order summary$91.37');
    expect((await box(toggle)).y).toBeLessThan((await box(w.page.locator('form#checkout'))).y);
    expect(await w.page.locator('ul.lines').isVisible()).toBe(false);
    await toggle.click();
    expect(await w.page.locator('ul.lines').isVisible()).toBe(true);
    const form = await box(w.page.locator('form#checkout'));
    expect(form.width).toBeGreaterThan(300);
    expect((await box(w.page.getByRole('button', { name: /^Pay / }))).width).toBe(form.width);
    expect(await noSidewaysScroll(w.page)).toBe(true);
    // the bar's total follows the shipping choice like the table's
    await w.page.getByText('Express shipping').click();
    await expect
      .poll(() => w.page.locator('#sum-total-top').textContent())
      .toBe(await w.page.locator('#sum-total').textContent());
    expect(await w.page.locator('#sum-total-top').textContent()).not.toBe('$91.37');
    await w.context.close();
  });
});

describe('the hosted account page', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`${viewport.width} px: its buttons and the way back never touch (8 px apart at least)`, async () => {
      const w = await openPage(env.browser, { viewport });
      await w.page.goto(await hostedAccountUrl(env.stack));
      const targets = [
        w.page.getByLabel('Name shown on the site'),
        w.page.getByRole('button', { name: 'Save name' }),
        w.page.getByRole('button', { name: /the community$/ }),
        w.page.getByRole('link', { name: 'Back to the site' }),
      ];
      const all = await Promise.all(targets.map(box));
      for (let i = 0; i < all.length; i++) {
        for (let j = i + 1; j < all.length; j++)
          expect(gap(all[i]!, all[j]!), `targets ${i} and ${j}`).toBeGreaterThanOrEqual(8);
      }
      expect(await noSidewaysScroll(w.page)).toBe(true);
      await w.context.close();
    });
  }
});

describe('hosted pages a shop would brand (issue 44)', () => {
  const orderOf = (id: string) =>
    JSON.parse(
      env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id)!.data,
    );

  it('the sign-in page names the site and shows its logo, never a host and port', async () => {
    const w = await openPage(env.browser, { viewport: PHONE });
    await w.page.goto(await hostedLoginUrl(env.stack));
    const main = w.page.locator('main');
    expect(await main.locator('p.muted').first().textContent()).toBe('to continue to Fernwood Supply Co.');
    expect(await main.textContent()).not.toMatch(/127\.0\.0\.1|localhost|:\d{2,5}\b/);
    const logo = main.locator('.brand img');
    await expect.poll(() => logo.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(await w.page.title()).toBe('Sign in · Fernwood Supply Co.');
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('the tax line names the region chosen in the region select, which follows the country', async () => {
    const w = await openPage(env.browser, { viewport: DESKTOP });
    await w.page.goto(await hostedCheckoutUrl(env.stack));
    expect(await w.page.getByLabel('State / region (code)').count()).toBe(0);
    const state = w.page.getByLabel('State', { exact: true });
    expect(await state.evaluate((e) => e.tagName)).toBe('SELECT');
    await state.selectOption('NY');
    await expect.poll(() => w.page.locator('#sum-tax-name').textContent()).toBe('Tax (New York)');
    await state.selectOption('OR');
    await expect.poll(() => w.page.locator('#sum-tax-name').textContent()).toBe('Tax (Oregon)');
    // Canada: its provinces, its own rate (13% of $84.60 = $11.00)
    await w.page.getByLabel('Country').selectOption('CA');
    const province = w.page.getByLabel('Province or territory');
    await expect.poll(() => province.locator('option[value=ON]').count()).toBe(1);
    expect(await province.locator('option[value=NY]').count()).toBe(0);
    await expect.poll(() => w.page.locator('#sum-tax-name').textContent()).toBe('Tax (Canada)');
    expect(await w.page.locator('#sum-tax').textContent()).toBe('$11.00');
    // France: no regions, the field gone, the tax line names the country
    await w.page.getByLabel('Country').selectOption('FR');
    await expect.poll(() => w.page.locator('#region-f').isVisible()).toBe(false);
    await expect.poll(() => w.page.locator('#sum-tax-name').textContent()).toBe('Tax (France)');
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('a discount code changes the total as the emulator computes it; an unknown one says so and keeps what was typed', async () => {
    const w = await openPage(env.browser, { viewport: PHONE });
    await w.page.goto(await hostedCheckoutUrl(env.stack));
    await fillHostedCheckout(w.page);
    // the fixture's WELCOME10 is on: remove it
    await w.page.getByRole('button', { name: 'Remove the code WELCOME10' }).click();
    await w.page.getByRole('status').filter({ hasText: 'The code WELCOME10 was removed.' }).waitFor();
    const code = w.page.getByLabel('Code', { exact: true });
    w.expected.push(/status of 400/); // the refused code's page: Chromium logs its status
    await code.fill('NOTACODE');
    await code.press('Enter');
    await w.page.getByText('This code is not valid').waitFor();
    expect(await code.inputValue()).toBe('NOTACODE');
    expect(await w.page.getByLabel('Street address').inputValue()).toBe('12 Elm St');
    expect(await w.page.getByLabel('State', { exact: true }).inputValue()).toBe('IL');
    // $94.00 with no code: shipping free over $75, tax 8% of $94.00 = $7.52
    expect(await w.page.locator('#sum-total').textContent()).toBe('$101.52');
    await code.fill('FERN5');
    await w.page.getByRole('button', { name: 'Apply' }).click();
    await w.page.getByRole('status').filter({ hasText: 'Code FERN5 applied.' }).waitFor();
    // $94.00 − $5.00 = $89.00, tax 8% = $7.12, shipping free
    expect(await w.page.locator('#sum-total').textContent()).toBe('$96.12');
    expect(await w.page.getByRole('button', { name: /^Pay / }).textContent()).toBe('Pay $96.12');
    await w.page.getByRole('button', { name: 'Pay $96.12' }).click();
    await w.page.waitForURL(/\/thank-you\?orderId=/);
    const order = orderOf(new URL(w.page.url()).searchParams.get('orderId')!);
    expect(order.priceSummary).toMatchObject({ discount: { amount: '5.00' }, total: { formattedAmount: '$96.12' } });
    await w.context.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`${viewport.width} px: the thank-you page lists the order’s items, addresses and total, and offers a guest an account`, async () => {
      const w = await openPage(env.browser, { viewport });
      await w.page.goto(await hostedCheckoutUrl(env.stack));
      await fillHostedCheckout(w.page);
      await w.page.getByRole('button', { name: /^Pay / }).click();
      await w.page.waitForURL(/\/thank-you\?orderId=/);
      const order = orderOf(new URL(w.page.url()).searchParams.get('orderId')!);
      const main = w.page.locator('main');
      expect(await main.locator('[data-order-number]').textContent()).toBe(`#${order.number}`);
      const lines = await main
        .locator('.ty-lines li')
        .evaluateAll((lis) => lis.map((li) => [...li.children].map((c) => c.textContent)));
      expect(lines).toEqual([
        ['2 ×', 'Enamel Camp MugColor: Forest', '$36.00'],
        ['1 ×', 'Folding Camp Stool', '$58.00'],
      ]);
      expect(await main.locator('[data-order-total] td').textContent()).toBe(order.priceSummary.total.formattedAmount);
      expect(order.priceSummary.total.formattedAmount).toBe('$91.37');
      const rows = await main.locator('.ty-totals tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent));
      expect(rows).toEqual([
        'Subtotal$94.00',
        'Discount−$9.40',
        'Shipping (Standard shipping)Free',
        'Tax (Illinois)$6.77',
      ]);
      const shipTo = await main.locator('address').first().innerText();
      expect(
        shipTo
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
      ).toEqual(['Ada Lovelace', '12 Elm St', 'Springfield, IL 62701', 'United States']);
      expect(await main.getByText('Same as the shipping address').count()).toBe(1);
      expect(await main.textContent()).toContain('ada@example.com');
      expect(await main.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/account');
      expect(await noSidewaysScroll(w.page)).toBe(true);
      expect(w.errors).toEqual([]);
      await w.context.close();
    });
  }
});

describe('the hosted checkout in the page’s language (issue 44)', () => {
  /** Text with its no-break spaces written as spaces (Intl's French uses them around the currency). */
  const plain = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

  it('French: French words, money as Intl writes it for fr ("58,00 $US"), the live totals too; the region select in French', async () => {
    const w = await openPage(env.browser, { viewport: DESKTOP });
    await w.page.goto(await hostedCheckoutUrl(env.stack, 'fr'));
    expect(await w.page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await w.page.locator('html').getAttribute('dir')).toBe('ltr');
    expect(plain(await w.page.locator('.lines .lp').last().textContent())).toBe('58,00 $US');
    const rows = await w.page
      .locator('table.totals tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows.map((r) => r.map(plain))).toEqual([
      ['Sous-total', '94,00 $US'],
      ['Coupon WELCOME10', '−9,40 $US'],
      ['Livraison', 'Gratuite'],
      ['Taxes (États-Unis)', '6,77 $US'],
      ['Total', 'USD91,37 $US'],
    ]);
    // the region select names the states in French, the codes unchanged; the live totals follow in French
    const state = w.page.getByLabel('État', { exact: true });
    expect(await state.locator('option[value=CA]').textContent()).toBe('Californie');
    expect(await state.locator('option[value=NC]').textContent()).toBe('Caroline du Nord');
    await state.selectOption('CA');
    await expect.poll(() => w.page.locator('#sum-tax-name').textContent()).toBe('Taxes (Californie)');
    // California's own rate (7.25% of $84.60 = $6.13)
    await expect.poll(async () => plain(await w.page.locator('#sum-tax').textContent())).toBe('6,13 $US');
    expect(plain(await w.page.locator('#sum-total').textContent())).toBe('90,73 $US');
    expect(plain(await w.page.getByRole('button', { name: /^Payer / }).textContent())).toBe('Payer 90,73 $US');
    // another country's regions, in French, as the country changes
    await w.page.getByLabel('Pays').selectOption('CA');
    const province = w.page.getByLabel('Province ou territoire');
    await expect.poll(() => province.locator('option[value=BC]').textContent()).toBe('Colombie-Britannique');
    expect(await province.locator('option[value=NT]').textContent()).toBe('Territoires du Nord-Ouest');
    await w.page.getByLabel('Pays').selectOption('AU');
    await expect
      .poll(() => w.page.getByLabel('État ou territoire').locator('option[value=NSW]').textContent())
      .toBe('Nouvelle-Galles du Sud');
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('right to left (ar-XB): dir=rtl, every amount an isolate that keeps its own order', async () => {
    const w = await openPage(env.browser, { viewport: PHONE });
    await w.page.goto(await hostedCheckoutUrl(env.stack, 'ar-XB'));
    expect(await w.page.locator('html').getAttribute('dir')).toBe('rtl');
    // the total and the pay button's amount: isolates, written as Intl writes them for ar-XB
    const expected = await w.page.evaluate(() =>
      new Intl.NumberFormat('ar-XB', { style: 'currency', currency: 'USD' }).format(91.37),
    );
    expect(await w.page.locator('#sum-total').evaluate((e) => e.tagName)).toBe('BDI');
    expect(await w.page.locator('#sum-total').textContent()).toBe(expected);
    expect(await w.page.locator('#pay-amount').textContent()).toBe(expected);
    expect(await noSidewaysScroll(w.page)).toBe(true);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });
});
