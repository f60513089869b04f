import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { placeOrder } from '../helpers/emulator.ts';
import { seedIds, seedVariantId } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
/*
 * Tests that count the carousel's platform requests or read right after a sale use the page without its site
 * companion (`?companion=off`): with it, those reads travel in the companion's public reads, shared by every visitor
 * and fresh for a minute (tests/e2e/companion-reads.test.ts).
 */
const carousel = (page: Page) => page.locator('inlay-recommendations');

describe('<inlay-recommendations> on the demo', () => {
  it('related products for the current product: a labelled carousel of "n of m" slides, in two requests', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug?companion=off`);
    const region = carousel(w.page).getByRole('region', { name: 'Recommended products' });
    await expect.poll(() => region.getByRole('group').count()).toBe(7);
    const slides = await region.getByRole('group').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(slides[0]).toBe('1 of 7');
    expect(slides[6]).toBe('7 of 7');
    const names = await region.locator('.name').allTextContents();
    expect(names).not.toContain('Enamel Camp Mug');
    expect(names[0]).toBe('Cast-Iron Skillet');
    // images reserve their space; the first four load with the cards, the others lazily
    const imgs = await region.locator('img').evaluateAll((all) =>
      all.map((i) => ({
        w: i.getAttribute('width'),
        h: i.getAttribute('height'),
        loading: i.getAttribute('loading'),
      })),
    );
    expect(imgs.map((i) => i.loading)).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy']);
    expect(imgs[0]).toMatchObject({ w: '800', h: '800' });
    // one recommendation call and one catalog call for the whole carousel
    const recs = w.requests.filter((u) => u.endsWith('/v1/recommendations/get'));
    const catalog = w.requests.filter((u) => u.endsWith('/stores-reader/v1/products/query'));
    expect([recs.length, catalog.length]).toEqual([1, 1]);
    // cards link to the product pages of this site
    await region.locator('a.card-link').first().click();
    await w.page.waitForURL(/\/products\/cast-iron-skillet$/);
    await w.context.close();
  });

  for (const width of [1280, 375]) {
    it(`keeps one height from reserved space to loaded cards with their rating and button (${width} px): the reviews below never move`, async () => {
      const w = await openPage(env.browser, { viewport: { width, height: 900 } });
      await w.page.addInitScript(() => {
        const heights: number[] = [];
        (window as unknown as { heights: number[] }).heights = heights;
        document.addEventListener('DOMContentLoaded', () => {
          const el = document.querySelector('inlay-recommendations')!;
          new ResizeObserver(() => heights.push(Math.round(el.getBoundingClientRect().height))).observe(el);
        });
      });
      await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
      await expect.poll(() => carousel(w.page).locator('inlay-add-to-cart button').count()).toBeGreaterThan(0);
      await expect.poll(() => carousel(w.page).locator('inlay-rating [role=img]').count()).toBeGreaterThan(0);
      await w.page.waitForLoadState('networkidle');
      const heights = await w.page.evaluate(() => (window as unknown as { heights: number[] }).heights);
      expect(new Set(heights).size, heights.join(' → ')).toBe(1);
      // cards scrolled out of the track (and their hidden status texts) never widen the page
      expect(await w.page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
      await w.context.close();
    });
  }

  it('previous/next buttons page through and disable at the ends; arrow keys move between items', async () => {
    const w = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    const c = carousel(w.page);
    const prev = c.getByRole('button', { name: 'Previous products' });
    const next = c.getByRole('button', { name: 'Next products' });
    await expect.poll(() => c.getByRole('group').count()).toBe(7);
    expect(await prev.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    await next.click();
    await expect.poll(() => prev.isDisabled()).toBe(false);
    await expect.poll(() => next.isDisabled()).toBe(true);
    await prev.click();
    await expect.poll(() => prev.isDisabled()).toBe(true);

    const links = c.locator('a.card-link');
    await links.first().focus();
    await w.page.keyboard.press('ArrowRight');
    const focused = () => c.evaluate((el) => el.shadowRoot!.activeElement?.querySelector('.name')?.textContent);
    expect(await focused()).toBe('Linen Apron');
    await w.page.keyboard.press('End');
    expect(await focused()).toBe('Folding Camp Stool');
    await w.page.keyboard.press('Home');
    expect(await focused()).toBe('Cast-Iron Skillet');
    expect(await axe(w.page, 'inlay-recommendations')).toEqual([]);
    await w.context.close();
  });

  it('nothing to recommend (no sales yet for best sellers): the widget and its section hide themselves', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/`);
    await expect.poll(() => carousel(w.page).evaluate((el) => (el as HTMLElement).hidden)).toBe(true);
    expect(await w.page.locator('section.band', { has: carousel(w.page) }).isVisible()).toBe(false);
    await w.context.close();
  });

  it('each card adds to the shared cart (products with options link to their page); what is in the cart is left out next time', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug?companion=off`);
    const c = carousel(w.page);
    await expect.poll(() => c.getByRole('group').count()).toBe(7);
    // the skillet comes in sizes: its card links to its page instead of adding a guess
    const skillet = c.getByRole('group', { name: '1 of 7' });
    const choose = await skillet
      .getByRole('link', { name: 'Choose options for Cast-Iron Skillet' })
      .getAttribute('href');
    expect(choose).toBe(await skillet.locator('a.card-link').getAttribute('href'));
    expect(await skillet.locator('inlay-add-to-cart').count()).toBe(0);
    const cards = await c
      .getByRole('group')
      .evaluateAll((els) =>
        els.map((e) => ({ name: e.querySelector('.name')?.textContent, add: !!e.querySelector('inlay-add-to-cart') })),
      );
    const target = cards.find((x) => x.add)!;
    const card = c.getByRole('group').filter({ hasText: target.name! });
    await card.locator('inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const drawer = w.page.locator('inlay-cart').locator('dialog');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expect.poll(() => drawer.locator('li.line').textContent()).toContain(target.name!);
    expect(await w.page.locator('inlay-cart').locator('.badge').textContent()).toBe('1');
    expect(await axe(w.page, 'inlay-recommendations')).toEqual([]);
    await w.page.keyboard.press('Escape');

    await w.page.reload();
    await expect.poll(() => c.getByRole('group').count()).toBeGreaterThan(0);
    await expect.poll(() => c.locator('.name').allTextContents()).not.toContain(target.name);
    expect(await c.locator('.name').allTextContents()).not.toContain('Enamel Camp Mug');
    // still one recommendation call and one catalog call (the cart is the page's one cart request)
    expect(w.requests.filter((u) => u.endsWith('/v1/recommendations/get'))).toHaveLength(2); // one per page load
    await w.context.close();
  });

  it('placing orders fills best sellers on the home page, in units sold', async () => {
    const P = seedIds.products;
    await placeOrder(
      env.stack.emulator,
      [
        { productId: P['camp-lantern']!, quantity: 1 },
        { productId: P['folding-camp-stool']!, quantity: 2 },
      ],
      env.stack.demo,
    );
    await placeOrder(
      env.stack.emulator,
      [
        {
          productId: P['enamel-camp-mug']!,
          variantId: seedVariantId('enamel-camp-mug', { Color: 'Cream' }),
          quantity: 3,
        },
      ],
      env.stack.demo,
    );
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/?companion=off`);
    const c = carousel(w.page);
    await expect.poll(() => c.getByRole('group').count()).toBeGreaterThanOrEqual(3);
    expect(await c.evaluate((el) => (el as HTMLElement).hidden)).toBe(false);
    expect((await c.locator('.name').allTextContents()).slice(0, 3)).toEqual([
      'Enamel Camp Mug',
      'Folding Camp Stool',
      'Camp Lantern',
    ]);
    await w.context.close();
  });
});
