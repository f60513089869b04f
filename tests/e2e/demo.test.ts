import { describe, expect, it } from 'vitest';
import { axe, openPage, showReviews } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { placeOrder } from '../helpers/emulator.ts';
import { seedIds } from '../../emulator/seed.ts';

const env = useStackAndBrowser();

describe('demo storefront', () => {
  it('home shows the seeded catalog from the platform, on another origin than the platform', async () => {
    expect(new URL(env.stack.demo).origin).not.toBe(new URL(env.stack.api).origin);
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/');
    const cards = w.page.locator('.grid .card');
    expect(await cards.count()).toBeGreaterThanOrEqual(10);
    // every product image is a real SVG the emulator generated, and it loads
    await w.page.waitForFunction(() => [...document.images].every((i) => i.complete));
    const broken = await w.page.evaluate(
      () => [...document.querySelectorAll<HTMLImageElement>('.grid img')].filter((i) => i.naturalWidth === 0).length,
    );
    expect(broken).toBe(0);
    expect(await w.page.locator('.grid inlay-rating').count()).toBe(await cards.count());
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('a product page links from the grid and has every widget place ready', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/');
    await w.page.locator('.grid .card-link').first().click();
    await w.page.waitForURL(/\/products\//);
    for (const tag of [
      'inlay-add-to-cart',
      'inlay-back-in-stock',
      'inlay-reviews',
      'inlay-recommendations',
      'inlay-cart',
      'inlay-login',
    ]) {
      expect(await w.page.locator(tag).count(), tag).toBeGreaterThan(0);
    }
    const productId = await w.page.locator('article.product').getAttribute('data-product-id');
    expect(await w.page.locator('inlay-reviews').getAttribute('product-id')).toBe(productId);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it("switching the variant on the host page updates the widgets' variant-id", async () => {
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/');
    // find a product with options
    const hrefs = await w.page
      .locator('.grid .card-link')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    let found = false;
    for (const href of hrefs) {
      await w.page.goto(href);
      if ((await w.page.locator('#variant').count()) === 0) continue;
      const values = await w.page
        .locator('#variant option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      const target = values[values.length - 1]!;
      await w.page.selectOption('#variant', target);
      expect(await w.page.locator('.buy inlay-add-to-cart').getAttribute('variant-id')).toBe(target);
      expect(await w.page.locator('inlay-back-in-stock').getAttribute('variant-id')).toBe(target);
      found = true;
      break;
    }
    expect(found).toBe(true);
    await w.context.close();
  });

  it('the thank-you page shows the order number it reads from the platform, never what the link says', async () => {
    const w = await openPage(env.browser);
    const orderId = await placeOrder(
      env.stack.emulator,
      [{ productId: seedIds.products['beeswax-taper-candles']!, quantity: 1 }],
      env.stack.demo,
    );
    const { number } = JSON.parse(
      env.stack.emulator.db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(orderId)!
        .data,
    );
    await w.page.goto(`${env.stack.demo}/thank-you?orderId=${orderId}`);
    expect(await w.page.locator('[data-order-number]').textContent()).toBe(`#${number}`);
    expect(await w.page.locator('main').textContent()).not.toContain(orderId);
    // an id the platform does not know, or markup: no number, nothing of the link on the page
    for (const bogus of ['6f1c2b0e-0000-4000-8000-000000000000', '<img src=x onerror=alert(1)>']) {
      await w.page.goto(env.stack.demo + '/thank-you?orderId=' + encodeURIComponent(bogus));
      expect(await w.page.locator('main h1').textContent()).toBe('Thank you for your order');
      expect(await w.page.locator('[data-order-number]').count()).toBe(0);
      expect(await w.page.locator('main').textContent()).not.toContain(bogus);
      expect(await w.page.locator('main img').count()).toBe(0);
    }
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('the product page price follows the chosen variant (its own price), and back', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/products/cast-iron-skillet');
    const price = w.page.locator('.product-info .price');
    expect(await price.textContent()).toMatch(/^\$34\.00\s*$/); // the 8 inch, the first in stock
    const options = await w.page
      .locator('#variant option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    const ten = options.find(([, label]) => label?.startsWith('10 inch'))![0]!;
    const eight = options.find(([, label]) => label?.startsWith('8 inch'))![0]!;
    await w.page.selectOption('#variant', ten);
    await expect.poll(() => price.textContent()).toMatch(/^\$42\.00\s*$/);
    expect(await w.page.locator('.buy inlay-add-to-cart').getAttribute('variant-id')).toBe(ten);
    await w.page.selectOption('#variant', eight);
    await expect.poll(() => price.textContent()).toMatch(/^\$34\.00\s*$/);
    // no sale on the skillet: no struck-through price
    expect(await price.locator('s').isVisible()).toBe(false);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('the product image is the chosen variant’s own (a colour’s photo), from the first paint and on every change', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/products/enamel-camp-mug');
    const img = w.page.locator('.product-media img');
    const shown = () =>
      img.evaluate((i: HTMLImageElement) => [i.getAttribute('src')?.split('/').pop(), i.naturalWidth > 0]);
    // Forest, the first in stock, is the page's default: its photo, not the product's
    await expect.poll(shown).toEqual(['enamel-camp-mug--forest.svg', true]);
    const options = await w.page
      .locator('#variant option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent?.trim()]));
    const of = (label: string) => options.find(([, l]) => l?.startsWith(label))![0]!;
    await w.page.selectOption('#variant', of('Cream'));
    await expect.poll(shown).toEqual(['enamel-camp-mug--cream.svg', true]);
    expect(await w.page.locator('.buy inlay-add-to-cart').getAttribute('variant-id')).toBe(of('Cream'));
    // whoever sets the add-to-cart's variant, the image follows
    await w.page.locator('.buy inlay-add-to-cart').evaluate((e, id) => e.setAttribute('variant-id', id), of('Navy'));
    await expect.poll(shown).toEqual(['enamel-camp-mug--navy.svg', true]);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('at 375 px the header is one compact bar (brand, sign-in, cart; categories scroll on one line), also right to left', async () => {
    for (const dir of ['', '?dir=rtl']) {
      const w = await openPage(env.browser, { viewport: { width: 375, height: 812 } });
      await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug${dir}`);
      await w.page.waitForFunction(() => customElements.get('inlay-login') && customElements.get('inlay-cart'));
      const header = await w.page.locator('.site-header').boundingBox();
      expect(header!.height, dir).toBeLessThanOrEqual(100); // was 175 px: four rows
      // nothing sticks out: the page is as wide as the screen
      expect(await w.page.evaluate(() => document.documentElement.scrollWidth), dir).toBe(375);
      const brand = await w.page.locator('.brand').boundingBox();
      const cart = await w.page.locator('inlay-cart').boundingBox();
      expect(Math.abs(brand!.y + brand!.height / 2 - (cart!.y + cart!.height / 2)), dir).toBeLessThan(8);
      await w.context.close();
    }
  });

  it('starts a visitor session against the platform and reuses it on a return visit', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/');
    await w.page.waitForFunction(() => window.Inlay?.session.get().role === 'visitor', undefined, { timeout: 10_000 });
    const tokenRequests = () => w.requests.filter((u) => u.endsWith('/oauth2/token')).length;
    expect(tokenRequests()).toBe(1);
    // the session's tokens (the reads kept across pages live under inlay.cache.demo-client.*, see requests.test.ts)
    const stored = await w.page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.includes('demo-client') && !k.startsWith('inlay.cache.')),
    );
    expect(stored.length).toBe(1);
    await w.page.reload();
    await w.page.waitForFunction(() => window.Inlay?.session.get().role === 'visitor');
    expect(tokenRequests()).toBe(1);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('Alt+T moves focus to the notifications region', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/');
    await w.page.waitForFunction(() => document.querySelector('inlay-toaster')?.shadowRoot?.querySelector('section'));
    // the shortcut is bound once the toaster has mounted (effects run after paint): press until it is
    await expect
      .poll(async () => {
        await w.page.keyboard.press('Alt+KeyT');
        return w.page.evaluate(
          () => document.activeElement?.shadowRoot?.activeElement?.getAttribute('aria-label') ?? '',
        );
      })
      .toMatch(/Notifications/);
    await w.context.close();
  });

  for (const width of [1280, 375]) {
    it(`widgets upgrade without moving the page (CLS 0 at ${width} px)`, async () => {
      const w = await openPage(env.browser, { viewport: { width, height: 900 } });
      await w.page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((l) =>
          l.getEntries().forEach((e) => shifts.push((e as PerformanceEntry & { value: number }).value)),
        ).observe({
          type: 'layout-shift',
          buffered: true,
        });
      });
      for (const path of ['/', '/products/enamel-camp-mug']) {
        await w.page.goto(env.stack.demo + path);
        await w.page.waitForLoadState('networkidle');
        const cls = await w.page.evaluate(() =>
          (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
        );
        expect(cls, path).toBeLessThan(0.001);
      }
      await w.context.close();
    });
  }

  for (const [name, viewport, colorScheme] of [
    ['wide light', { width: 1280, height: 900 }, 'light'],
    ['narrow dark', { width: 375, height: 812 }, 'dark'],
  ] as const) {
    it(`has no axe violations on home and product pages (${name})`, async () => {
      const w = await openPage(env.browser, { viewport, colorScheme });
      await w.page.goto(env.stack.demo + '/');
      expect(await axe(w.page)).toEqual([]);
      await w.page.locator('.grid .card-link').first().click();
      await w.page.waitForURL(/\/products\//);
      // the reviews too: they load lazily, once near the viewport
      await showReviews(w.page);
      await w.page.locator('inlay-reviews').locator('[part=summary], [part=empty]').first().waitFor();
      expect(await axe(w.page)).toEqual([]);
      const overflow = await w.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await w.context.close();
    });
  }
});
