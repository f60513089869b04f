import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { openPage, openSignedIn, showReviews, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { whileSettling } from '../helpers/settle.ts';
import { api } from '../helpers/emulator.ts';

/**
 * The demo product page WITH its site companion (same origin, `/api/inlay`): its public reads go to the companion's
 * `POST /v1/public/reads`, without a token, in one request per moment (core/api/public-batch.ts). Real Chromium, built
 * bundle, real emulator and the demo's companion: no network mocks. tests/e2e/requests.test.ts counts the same pages
 * without a companion (`?companion=off`).
 */
const env = useStackAndBrowser();
const PRODUCT = '/products/enamel-camp-mug';

interface Seen {
  /** Platform API requests (not the bundle, media or preflights), by kind. */
  platform: string[];
  /** The companion's requests, `METHOD /v1/…`. */
  companion: string[];
  /** Each public-reads request's reads, `METHOD path` (no query). */
  reads: string[][];
}

const kind = (method: string, path: string) => `${method} ${path.split('?')[0]!.replace(/\/[0-9a-f-]{36}$/, '/<id>')}`;

/** What the page asks while `during` runs, until it has settled (tests/helpers/settle.ts). */
async function requests(page: Page, during: () => Promise<unknown>): Promise<Seen> {
  const seen: Seen = { platform: [], companion: [], reads: [] };
  await whileSettling(
    page,
    (r) => {
      const u = r.url();
      if (r.method() === 'OPTIONS') return;
      if (u.startsWith(env.stack.companion.url)) {
        const path = u.slice(env.stack.companion.url.length);
        seen.companion.push(`${r.method()} ${path}`);
        if (path === '/v1/public/reads') {
          const { reads } = JSON.parse(r.postData() ?? '{}') as { reads: { method: string; path: string }[] };
          seen.reads.push(reads.map((x) => kind(x.method, x.path)));
        }
      } else if (u.startsWith(env.stack.api) && !u.includes('/inlay/') && !u.includes('/media/')) {
        seen.platform.push(kind(r.method(), u.slice(env.stack.api.length)));
      }
    },
    during,
  );
  seen.platform.sort();
  return seen;
}

const TOKEN = 'POST /oauth2/token';
const CART = 'GET /ecom/v1/carts/current';
const READS = 'POST /v1/public/reads';
const COUNT = 'POST /reviews/v1/reviews/count';

/** The rating's label (`…, N reviews`) once it shows data. */
const ratingLabel = (w: WatchedPage) =>
  w.page.locator('.product-info inlay-rating [role=img]').getAttribute('aria-label', { timeout: 30_000 });

describe('the product page with a site companion', () => {
  it('first visit: only the token from the platform, every public read through the companion; return visit: the cart alone', async () => {
    const w = await openPage(env.browser);
    const url = `${env.stack.demo}${PRODUCT}`;
    const first = await requests(w.page, () => w.page.goto(url));
    // (no token is waited for by the public reads; no cart: the visitor the token has just minted has none, and its
    // first read sends nothing, core/stores/current-cart.ts)
    expect(first.platform).toEqual([TOKEN]);
    expect(first.companion.every((c) => c === READS)).toBe(true);
    const sent = first.reads.flat().sort();
    // the catalog version and the product; the summary (one query of the item's reviews, core/reads/review-summary.ts);
    // the reviews list; the algorithms and the recommendation: each once. The cards' products and their ratings (one query each) too, unless the companion
    // brought them with the recommendation's answer (`also`: then the page sends neither)
    const count = (k: string) => sent.filter((x) => x === k).length;
    expect(sent).toEqual(
      expect.arrayContaining([
        'GET /stores/v3/provision/version',
        'GET /stores-reader/v1/products/<id>',
        'POST /reviews/v1/reviews/query',
        'GET /v1/recommendations/algorithms',
        'POST /v1/recommendations/get',
      ]),
    );
    expect(count('GET /stores/v3/provision/version')).toBe(1);
    expect(count('GET /stores-reader/v1/products/<id>')).toBe(1);
    expect(count('GET /v1/recommendations/algorithms')).toBe(1);
    expect(count('POST /v1/recommendations/get')).toBe(1);
    expect(count(COUNT)).toBe(0);
    // the summary's query and the list's; the cards' ratings (one more query) unless they came ahead
    expect([2, 3]).toContain(count('POST /reviews/v1/reviews/query'));
    expect([0, 1]).toContain(count('POST /stores-reader/v1/products/query'));
    expect(sent.length).toBeLessThanOrEqual(12);
    // the carousel shows its cards, with their ratings, however they came
    await expect.poll(() => w.page.locator('inlay-recommendations').locator('.name').count()).toBeGreaterThan(0);
    await expect
      .poll(() => w.page.locator('inlay-recommendations').locator('inlay-rating [role=img]').count())
      .toBeGreaterThan(0);
    // one request per moment: the reads' chain (the catalog version and the algorithms; then the product and the
    // recommendation, the cart it leaves out known at once: none; then, unless they came ahead, the cards' products;
    // then their ratings) is 2 to 4 moments, and the summary's query (sent 20 ms after it is asked,
    // core/reads/review-summary.ts) and the reviews list join one of them or go in one of their own: 2 to 7 requests,
    // 4 as measured (without a companion: 8 platform requests)
    expect(first.companion.length).toBeGreaterThanOrEqual(2);
    expect(first.companion.length).toBeLessThanOrEqual(7);

    // within the freshness window the page's own kept copies answer: no public read at all; the cart is now a stored
    // visitor's, read from the platform
    const again = await requests(w.page, () => w.page.reload());
    expect(again.platform).toEqual([CART]);
    expect(again.companion).toEqual([]);
    await w.context.close();
  });

  it('sends no preflight before its first render: the rating, the reviews’ summary and the carousel’s cards show their data while every preflight is held', async () => {
    const HELD = 4000;
    await api(env.stack.emulator, '/_dev/faults', { body: { path: '/*', method: 'OPTIONS', delayMs: HELD } });
    try {
      for (const companion of [true, false]) {
        const w = await openPage(env.browser);
        let preflights = 0;
        w.page.on('request', (r) => r.method() === 'OPTIONS' && preflights++);
        const start = Date.now();
        await w.page.goto(`${env.stack.demo}${PRODUCT}${companion ? '' : '?companion=off'}`);
        const rendered = w.page.waitForFunction(
          (withCards) => {
            const label = document
              .querySelector('.product-info inlay-rating')
              ?.shadowRoot?.querySelector('[role=img]')
              ?.getAttribute('aria-label');
            const summary = document
              .querySelector('inlay-reviews')
              ?.shadowRoot?.querySelector('.summary .avg .muted')?.textContent;
            const cards = document.querySelector('inlay-recommendations')?.shadowRoot;
            return (
              /\d+ reviews?$/.test(label ?? '') &&
              /\d+ reviews?/.test(summary ?? '') &&
              // (the control waits for the rating and the summary only: its carousel's chain is a preflight per read)
              (!withCards ||
                (!!cards?.querySelector('.card .name') &&
                  [...cards.querySelectorAll('.card inlay-rating')].some((r) =>
                    r.shadowRoot?.querySelector('[role=img]'),
                  )))
            );
          },
          companion,
          { timeout: HELD * 3, polling: 50 },
        );
        await rendered;
        const took = Date.now() - start;
        if (companion) {
          // shown with data, the carousel's cards too, before any preflight could be answered: a first visit's page
          // reads nothing that needs one (the cart, the one preflighted read, is not read for a visitor it mints)
          expect(took).toBeLessThan(HELD);
          expect(preflights).toBe(0);
        } else {
          // the same page without a companion waits for a preflight (the control: the fault does hold them)
          expect(took).toBeGreaterThanOrEqual(HELD);
        }
        await w.context.close();
      }
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
  });

  it('a member’s review: a reload shows the new count although the companion still holds the old summary', async () => {
    const w = await openSignedIn(env.browser, env.stack.emulator);
    const reviews = w.page.locator('inlay-reviews');
    const count = () => reviews.locator('.summary .avg .muted').textContent();
    const url = `${env.stack.demo}${PRODUCT}`;

    // the summary read once through the companion (one query of the item's reviews, `entityId: {$in: [id]}`,
    // core/reads/review-summary.ts): its cache holds it (fresh for 60 s)
    interface Read {
      method: string;
      path: string;
      body?: unknown;
    }
    let summaryRead: Read | undefined;
    const isSummary = (body: string | null | undefined) =>
      !!body?.includes('/reviews/v1/reviews/query') && body.includes('$in');
    w.page.on('request', (r) => {
      if (!r.url().endsWith('/v1/public/reads') || !isSummary(r.postData())) return;
      const { reads } = JSON.parse(r.postData()!) as { reads: Read[] };
      summaryRead ??= reads.find((x) => isSummary(JSON.stringify(x)));
    });
    const first = await requests(w.page, async () => (await w.page.goto(url), await showReviews(w.page)));
    expect(first.reads.flat().filter((k) => k === COUNT)).toEqual([]);
    expect(summaryRead).toBeDefined();
    const before = Number((await count())!.match(/\d+/)![0]);
    const companionTotal = async () => {
      const body = JSON.stringify({ reads: [summaryRead] });
      const res = await fetch(`${env.stack.companion.url}/v1/public/reads`, { method: 'POST', body });
      const { answers } = (await res.json()) as { answers: { status: number; body: { reviews?: unknown[] } }[] };
      expect(answers[0]!.status).toBe(200);
      return answers[0]!.body.reviews!.length; // (under 100: one page)
    };
    expect(await companionTotal()).toBe(before);

    await reviews.getByRole('button', { name: 'Write a review' }).click();
    await reviews.getByRole('radio', { name: '4 stars', exact: true }).check();
    await reviews.getByLabel('Your review').fill('Keeps coffee warm on the trail.');
    // the page's own reads after the review are slow: the reload below comes before they land, so it reads again
    // (its kept copies were dropped) rather than showing what those reads would have kept
    for (const path of ['/reviews/v1/reviews/count', '/reviews/v1/reviews/query'])
      await api(env.stack.emulator, '/_dev/faults', { body: { path, method: 'POST', delayMs: 1500 } });
    let reload: Seen;
    try {
      const created = w.page.waitForResponse(
        (r) => r.url().endsWith('/reviews/v1/reviews') && r.request().method() === 'POST' && r.status() === 200,
      );
      // the page reads the item's reviews again once it has dropped its copies, from the platform: the list and the
      // summary's query
      const platform = (r: Request) => r.url() === `${env.stack.api}/reviews/v1/reviews/query`;
      const refreshed = Promise.all([
        w.page.waitForRequest((r) => platform(r) && !r.postData()?.includes('$in')),
        w.page.waitForRequest((r) => platform(r) && !!r.postData()?.includes('$in')),
      ]);
      await reviews.getByRole('button', { name: 'Submit review' }).click();
      await created;
      await refreshed;
      // the companion still answers the summary it read before the review (its cache is fresh for a minute)
      expect(await companionTotal()).toBe(before);
      reload = await requests(w.page, async () => (await w.page.reload(), await showReviews(w.page)));
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    await expect.poll(count).toBe(`${before + 1} reviews`);
    expect(await ratingLabel(w)).toMatch(new RegExp(`, ${before + 1} reviews$`));
    // this item's reviews were read from the platform; nothing of them from the companion
    expect(reload.platform.filter((k) => k === 'POST /reviews/v1/reviews/query').length).toBeGreaterThanOrEqual(1);
    expect(reload.reads.flat().filter((k) => k.includes('/reviews/'))).toEqual([]);
    await w.context.close();
  });

  it('a companion that fails (its route refuses every request): the page renders everything from the platform', async () => {
    const { limits } = env.stack.companion;
    limits.perIp = [0, 60_000];
    try {
      const w = await openPage(env.browser);
      // (the browser reports each refused request in the console)
      w.expected.push(/status of 429/);
      const statuses: number[] = [];
      w.page.on('response', (r) => r.url().endsWith('/v1/public/reads') && statuses.push(r.status()));
      const seen = await requests(w.page, () => w.page.goto(`${env.stack.demo}${PRODUCT}`));
      // refused (429); the page gives the companion up at the first failure (what was already on its way fails too)
      // and reads everything from the platform
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.length).toBeLessThanOrEqual(3);
      expect(statuses.every((s) => s === 429)).toBe(true);
      expect(seen.platform).toEqual(
        expect.arrayContaining([
          TOKEN,
          'GET /stores/v3/provision/version',
          'GET /stores-reader/v1/products/<id>',
          'POST /reviews/v1/reviews/query',
          'GET /v1/recommendations/algorithms',
          'POST /v1/recommendations/get',
          'POST /stores-reader/v1/products/query',
        ]),
      );
      // no cart: the visitor the token has just minted has none (its first read sends nothing); the summary is one
      // query of the item's reviews (core/reads/review-summary.ts), no counts
      expect(seen.platform).not.toContain(CART);
      expect(seen.platform).not.toContain(COUNT);
      expect(await ratingLabel(w)).toMatch(/, \d+ reviews?$/);
      await expect.poll(() => w.page.locator('inlay-recommendations').locator('.name').count()).toBeGreaterThan(0);
      await w.context.close();
    } finally {
      delete limits.perIp;
    }
  });
});
