import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { openPage, openSignedIn, showReviews, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { whileSettling } from '../helpers/settle.ts';
import { api, visitorTokens } from '../helpers/emulator.ts';
import { tokenStorageKey } from '../../core/auth/tokens.ts';

/**
 * Platform requests per demo page WITHOUT a site companion (`?companion=off`), first visit and return visit (a reload
 * within the freshness window), as exact numbers (README "Platform requests per page"). Real Chromium, built bundle,
 * real emulator: no network mocks. The same pages with their companion: tests/e2e/companion-reads.test.ts.
 */
const env = useStackAndBrowser();

/**
 * The platform API requests a page makes while `during` runs (not the bundle, not media, not CORS preflights), until
 * it has settled (tests/helpers/settle.ts).
 */
async function platformRequests(page: Page, during: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  await whileSettling(
    page,
    (r) => {
      const u = r.url();
      if (u.startsWith(env.stack.api) && !u.includes('/inlay/') && !u.includes('/media/') && r.method() !== 'OPTIONS')
        seen.push(`${r.method()} ${u.slice(env.stack.api.length)} ${r.postData() ?? ''}`.trim());
    },
    during,
  );
  return seen;
}

const kinds = (reqs: string[]) =>
  reqs.map((r) =>
    r
      .split(' ')
      .slice(0, 2)
      .join(' ')
      .replace(/\/[0-9a-f-]{36}$/, '/<id>'),
  );
const duplicates = (reqs: string[]) => reqs.filter((r, i) => reqs.indexOf(r) !== i);

/** What a first visit and a return visit (a reload within the freshness window) ask the platform, by kind. */
async function firstAndReturn(w: WatchedPage, url: string) {
  const first = await platformRequests(w.page, () => w.page.goto(url));
  const again = await platformRequests(w.page, () => w.page.reload());
  expect(duplicates(first), 'sent twice on the first visit').toEqual([]);
  expect(duplicates(again), 'sent twice on the return visit').toEqual([]);
  return { first: kinds(first).sort(), again: kinds(again).sort() };
}

/** Moves every copy kept across pages `ms` into the past (as if the visitor came back that much later). */
const age = async (page: Page, ms: number) => {
  await page.evaluate((ms) => {
    // the page's reads not written yet (a second after a read, core/cache/persisted.ts) are written now, as when the
    // page goes away: written after the ageing, they would put their own times back
    dispatchEvent(new PageTransitionEvent('pagehide'));
    for (const k of Object.keys(localStorage).filter((k) => k.startsWith('inlay.cache.'))) {
      const v = JSON.parse(localStorage.getItem(k)!) as { e: Record<string, { t: number }> };
      for (const e of Object.values(v.e)) e.t -= ms;
      localStorage.setItem(k, JSON.stringify(v));
    }
  }, ms);
};

const TOKEN = 'POST /oauth2/token';
const CART = 'GET /ecom/v1/carts/current';
const PRODUCT = 'GET /stores-reader/v1/products/<id>';
/** Which Stores catalog the site is on: asked with the first product read, then kept across pages (a day). */
const CATALOG = 'GET /stores/v3/provision/version';
const PRODUCTS = 'POST /stores-reader/v1/products/query';
const COUNT = 'POST /reviews/v1/reviews/count';
const REVIEWS = 'POST /reviews/v1/reviews/query';
const ALGORITHMS = 'GET /v1/recommendations/algorithms';
const RECOMMEND = 'POST /v1/recommendations/get';

describe('platform requests per page (exact numbers, no duplicates)', () => {
  it('product page on a phone: 8 on a first visit, 1 more as the shopper reaches the reviews; 1 (the cart) on a return visit; the carousel cards read no product alone', async () => {
    // 412x823: the reviews at the page's end (loading="lazy") are more than half a screen below the first one
    const w = await openPage(env.browser, { viewport: { width: 412, height: 823 } });
    const url = `${env.stack.demo}/products/enamel-camp-mug?companion=off`;
    const sent = await platformRequests(w.page, () => w.page.goto(url));
    expect(duplicates(sent), 'sent twice on the first visit').toEqual([]);
    const first = kinds(sent).sort();
    // token; the catalog version and the product; its summary (one query of its reviews: the platform has no summary
    // call, core/reads/review-summary.ts); the algorithms, the recommendation, the cards' products (one query) and the
    // cards' ratings (one query). Not the cart: the visitor the token has just minted has none (core/stores/
    // current-cart.ts). The reviews are not loaded yet.
    expect(first).toEqual([CATALOG, PRODUCT, ALGORITHMS, TOKEN, REVIEWS, REVIEWS, PRODUCTS, RECOMMEND].sort());
    expect(first).toHaveLength(8);
    expect(await w.page.evaluate(() => customElements.get('inlay-reviews'))).toBeUndefined();
    // scrolled there: the first reviews page; the summary is the rating's, already read
    const list = await platformRequests(w.page, () => showReviews(w.page));
    expect(kinds(list)).toEqual([REVIEWS]);
    expect(sent).not.toContain(list[0]);

    // within the freshness window everything but the cart (a stored visitor's now: read) comes from the copies kept
    // across pages, the reviews too
    await w.page.evaluate(() => scrollTo(0, 0)); // a reload comes back where the page was: at its top
    const again = kinds(await platformRequests(w.page, () => w.page.reload())).sort();
    expect(again).toEqual([CART]);
    expect(kinds(await platformRequests(w.page, () => showReviews(w.page)))).toEqual([]);

    // later than the window: the copies show at once and are read again in the background, still once each and
    // still without one product request per card (the cards wait for the carousel's query)
    await age(w.page, 61_000);
    await w.page.evaluate(() => scrollTo(0, 0));
    const stale = kinds(await platformRequests(w.page, () => w.page.reload())).sort();
    // The product's rating is read again with a query of its own, or, when its read falls in the same 20 ms as the
    // cards' (the carousel's kept copy shows as soon as the cart is here, and that cart read starts with the core),
    // within the cards' one query (core/reads/review-summary.ts batches the summaries asked for together): once
    // either way.
    const withCards = [CART, PRODUCT, REVIEWS, PRODUCTS, RECOMMEND].sort();
    expect([[...withCards, REVIEWS].sort(), withCards]).toContainEqual(stale);
    expect(kinds(await platformRequests(w.page, () => showReviews(w.page)))).toEqual([REVIEWS]);
    // past the maximum age (24 h) nothing is reused: a first visit again, without the token (it is still stored) and
    // so with the cart
    await age(w.page, 86_400_000);
    await w.page.evaluate(() => scrollTo(0, 0));
    const expired = kinds(await platformRequests(w.page, () => w.page.reload())).sort();
    expect(expired).toEqual([...first.filter((k) => k !== TOKEN), CART].sort());
    await w.context.close();

    // a desktop screen (1280x900): the reviews are within half a screen of it, so they load with the page: 9
    const d = await openPage(env.browser);
    const desktop = await firstAndReturn(d, url);
    expect(desktop.first).toEqual([...first, REVIEWS].sort());
    expect(desktop.again).toEqual([CART]);
    await d.context.close();
  });

  it('home page: 4 on a first visit, 1 on a return visit; the product page after it reuses what home read', async () => {
    const w = await openPage(env.browser);
    const { first, again } = await firstAndReturn(w, `${env.stack.demo}/?companion=off`);
    // token, every card's rating in one query, the best sellers (none yet in the emulator: no cards); no cart (a
    // minted visitor has none), which the return visit reads
    expect(first).toEqual([ALGORITHMS, TOKEN, REVIEWS, RECOMMEND].sort());
    expect(again).toEqual([CART]);

    // on to a product: the algorithms and every rating (this product's summary and the cards') are known already
    // (on this 900 px tall screen its reviews are within half a screen: they load at once)
    const next = kinds(
      await platformRequests(w.page, () => w.page.goto(`${env.stack.demo}/products/enamel-camp-mug?companion=off`)),
    ).sort();
    expect(next).toEqual([CART, CATALOG, PRODUCT, REVIEWS, PRODUCTS, RECOMMEND].sort());
    await w.context.close();
  });

  it('category page: 4 on a first visit, 1 on a return visit; a page with only the header widgets: 1, then 1', async () => {
    const w = await openPage(env.browser);
    const { first, again } = await firstAndReturn(w, `${env.stack.demo}/?category=kitchen&companion=off`);
    expect(first).toEqual([ALGORITHMS, TOKEN, REVIEWS, RECOMMEND].sort());
    expect(again).toEqual([CART]);
    await w.context.close();

    const t = await openPage(env.browser);
    const thanks = await firstAndReturn(t, `${env.stack.demo}/thank-you?orderId=o-1&companion=off`);
    expect(thanks.first).toEqual([TOKEN]);
    expect(thanks.again).toEqual([CART]);
    await t.context.close();
  });
});

describe('a reload after a change shows the change, not the copy kept across pages', () => {
  // (on the demo page as it is, with its site companion: the item's reads go to the platform after the change,
  // core/api/public-batch.ts)
  it('a member’s review is published; reloading at once shows the new count and the review', async () => {
    const w = await openSignedIn(env.browser, env.stack.emulator);
    const reviews = w.page.locator('inlay-reviews');
    const count = () => reviews.locator('.summary .avg .muted').textContent();
    const url = `${env.stack.demo}/products/enamel-camp-mug`;

    await platformRequests(w.page, () => w.page.goto(url));
    await platformRequests(w.page, () => showReviews(w.page));
    const before = Number((await count())!.match(/\d+/)![0]);
    // a reload now shows the kept copy without reading it again
    const kept = await platformRequests(w.page, async () => (await w.page.reload(), await showReviews(w.page)));
    expect(kinds(kept).filter((k) => k === COUNT || k === REVIEWS)).toEqual([]);
    expect(await count()).toBe(`${before} reviews`);

    await reviews.getByRole('button', { name: 'Write a review' }).click();
    await reviews.getByRole('radio', { name: '2 stars', exact: true }).check();
    await reviews.getByLabel('Title (optional)').fill('Handle got hot');
    await reviews.getByLabel('Your review').fill('Fine for cold drinks.');
    // the page's own reads after the review are slow: the reload below comes before they land, so only the
    // dropped copies (not fresher ones written meanwhile) make it show the change
    for (const path of ['/reviews/v1/reviews/count', '/reviews/v1/reviews/query']) {
      await api(env.stack.emulator, '/_dev/faults', { body: { path, method: 'POST', delayMs: 1500 } });
    }
    try {
      const created = w.page.waitForResponse(
        (r) => r.url().endsWith('/reviews/v1/reviews') && r.request().method() === 'POST' && r.status() === 200,
      );
      // the page reads the list again once it has dropped its kept copies (widgets/reviews/model.ts `refresh`): a
      // reload before that would find them
      const refreshed = w.page.waitForRequest((r) => r.url().endsWith('/reviews/v1/reviews/query'));
      await reviews.getByRole('button', { name: 'Submit review' }).click();
      await created;
      await refreshed;
      await w.page.reload();
      await showReviews(w.page);
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    await expect.poll(count).toBe(`${before + 1} reviews`);
    await expect
      .poll(() => w.page.locator('.product-info inlay-rating [role=img]').getAttribute('aria-label'))
      .toMatch(new RegExp(`, ${before + 1} reviews$`));
    await reviews.getByRole('button', { name: /^2 stars/ }).click();
    await expect.poll(() => reviews.locator('[part=list] article h3').allTextContents()).toContain('Handle got hot');
    await w.context.close();
  });

  it('the product page’s reads do not wait on each other needlessly: algorithms with the cart, card ratings with card details', async () => {
    // the cart and the carousel's products answer slowly: what depends on neither starts before they finish
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current', method: 'GET', delayMs: 1200 },
    });
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/stores-reader/v1/products/query', method: 'POST', delayMs: 1200 },
    });
    // a returning visitor (tokens stored, no reads kept): one the page mints has no cart to read
    const v = await visitorTokens(env.stack.emulator);
    const w = await openPage(env.browser);
    const stored = JSON.stringify({
      accessToken: { value: v.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      refreshToken: { value: v.refresh, role: 'visitor' },
    });
    await w.page.addInitScript(([k, s]) => localStorage.setItem(k!, s!), [tokenStorageKey('demo-client'), stored]);
    const t = new Map<string, { start: number; end?: number }>();
    const name = (r: Request) =>
      r.method() === 'OPTIONS'
        ? undefined
        : r.url().includes('/carts/current')
          ? 'cart'
          : r.url().includes('/recommendations/algorithms')
            ? 'algorithms'
            : r.url().includes('/products/query')
              ? 'products'
              : r.postData()?.includes('"$in"')
                ? 'ratings'
                : undefined;
    w.page.on('request', (r) => {
      const n = name(r);
      if (n && !t.has(n)) t.set(n, { start: Date.now() });
    });
    w.page.on('requestfinished', (r) => {
      const n = name(r);
      const e = n ? t.get(n) : undefined;
      if (e && e.end === undefined) e.end = Date.now();
    });
    try {
      await platformRequests(w.page, () => w.page.goto(`${env.stack.demo}/products/enamel-camp-mug?companion=off`));
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    expect([...t.keys()].sort()).toEqual(['algorithms', 'cart', 'products', 'ratings']);
    expect(t.get('algorithms')!.start).toBeLessThan(t.get('cart')!.end!);
    expect(t.get('ratings')!.start).toBeLessThan(t.get('products')!.end!);
    await w.context.close();
  });
});
