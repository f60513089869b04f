import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';

const env = useStackAndBrowser();
const carousel = (page: Page) => page.locator('inlay-recommendations');

describe('<inlay-recommendations> on the demo', () => {
  it('related products for the current product: a labelled carousel of "n of m" slides, in two requests', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    const region = carousel(w.page).getByRole('region', { name: 'Recommended products' });
    await expect.poll(() => region.getByRole('group').count()).toBe(7);
    const slides = await region.getByRole('group').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(slides[0]).toBe('1 of 7');
    expect(slides[6]).toBe('7 of 7');
    const names = await region.locator('.name').allTextContents();
    expect(names).not.toContain('Enamel Camp Mug');
    expect(names[0]).toBe('Cast-Iron Skillet');
    // images reserve their space and load lazily
    const img = await region.locator('img').first().evaluate((i) => ({ w: i.getAttribute('width'), h: i.getAttribute('height'), loading: i.getAttribute('loading') }));
    expect(img).toEqual({ w: '800', h: '800', loading: 'lazy' });
    // one recommendation call and one catalog call for the whole carousel
    const recs = w.requests.filter((u) => u.endsWith('/v1/recommendations/get'));
    const catalog = w.requests.filter((u) => u.endsWith('/stores-reader/v1/products/query'));
    expect([recs.length, catalog.length]).toEqual([1, 1]);
    // cards link to the product pages of this site
    await region.locator('a.card-link').first().click();
    await w.page.waitForURL(/\/products\/cast-iron-skillet$/);
    await w.context.close();
  });

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
});
