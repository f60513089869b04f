import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { openPage, showReviews } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { inFlight, widgetsRendered } from '../helpers/settle.ts';

/**
 * CORS preflights to the platform's API, counted exactly (issue 39): a page without a companion sends one per distinct
 * URL it reads with an Authorization header (the token is a form: none), and none again while the browser keeps them
 * (the emulator's `Access-Control-Max-Age`, 600 s: emulator/server.ts). Counted from the browser's own network events
 * (CDP: Playwright does not report preflights). Real Chromium, built bundle, real emulator.
 */
const env = useStackAndBrowser();

interface Seen {
  preflights: string[];
  /** The distinct URLs of the requests that need a preflight (an Authorization header: not CORS-safelisted). */
  needing: Set<string>;
}

/** Records the API's preflights and requests while `during` runs, until nothing has been in flight for 500 ms. */
async function watch(cdp: CDPSession, api: string, page: Page, during: () => Promise<unknown>): Promise<Seen> {
  const seen: Seen = { preflights: [], needing: new Set() };
  const flight = inFlight<string>();
  const path = (url: string) => url.slice(api.length).replace(/\/[0-9a-f-]{36}$/, '/<id>');
  const sent = (e: {
    requestId: string;
    type?: string;
    request: { url: string; method: string; headers: Record<string, string> };
  }) => {
    flight.touch();
    if (!e.request.url.startsWith(`${api}/`)) return;
    flight.start(e.requestId);
    if (e.type === 'Preflight' || e.request.method === 'OPTIONS') seen.preflights.push(path(e.request.url));
    else if (Object.keys(e.request.headers).some((h) => h.toLowerCase() === 'authorization'))
      seen.needing.add(path(e.request.url));
  };
  const done = (e: { requestId: string }) => flight.end(e.requestId);
  cdp.on('Network.requestWillBeSent', sent);
  cdp.on('Network.loadingFinished', done);
  cdp.on('Network.loadingFailed', done);
  try {
    await during();
    await widgetsRendered(page);
    await flight.quiet();
  } finally {
    cdp.off('Network.requestWillBeSent', sent);
    cdp.off('Network.loadingFinished', done);
    cdp.off('Network.loadingFailed', done);
  }
  return seen;
}

describe('CORS preflights (a page without a companion)', () => {
  for (const [name, viewport] of [
    ['a phone', { width: 412, height: 823 }],
    ['a desktop screen', { width: 1280, height: 900 }],
  ] as const)
    it(`product page on ${name}: one per URL on a first visit (not the cart's: not read), none again on the page or on a return visit within their max-age (but the cart's, read there first)`, async () => {
      const w = await openPage(env.browser, { viewport });
      const cdp = await w.context.newCDPSession(w.page);
      await cdp.send('Network.enable');
      const api = env.stack.api;
      const url = `${env.stack.demo}/products/enamel-camp-mug?companion=off`;

      const first = await watch(cdp, api, w.page, () => w.page.goto(url));
      // every URL read with a token: the carousel's algorithms and recommendation, the catalog's version, the
      // product, the cards' products, the reviews (the product's summary, the cards' ratings, on a desktop screen the
      // list too); the token request is a form (CORS-safelisted): none before it. Not the cart: the visitor the token
      // has just minted has none, and its first read sends nothing (core/stores/current-cart.ts)
      expect(first.preflights.sort()).toEqual(
        [
          '/reviews/v1/reviews/query',
          '/stores-reader/v1/products/<id>',
          '/stores-reader/v1/products/query',
          '/stores/v3/provision/version',
          '/v1/recommendations/algorithms',
          '/v1/recommendations/get',
        ].sort(),
      );
      expect(first.preflights.sort()).toEqual([...first.needing].sort());
      expect(first.preflights).not.toContain('/oauth2/token');
      expect(first.needing).not.toContain('/ecom/v1/carts/current');

      // the reviews at the page's end: their list's query goes to a URL already preflighted
      const reviews = await watch(cdp, api, w.page, () => showReviews(w.page));
      expect(reviews.preflights).toEqual([]);

      // a return visit within the max-age: the cart (a stored visitor's now: read) and nothing else; its URL is
      // preflighted there for the first time, the others' not again
      await w.page.evaluate(() => scrollTo(0, 0));
      const again = await watch(cdp, api, w.page, () => w.page.reload());
      expect([...again.needing]).toEqual(['/ecom/v1/carts/current']);
      expect(again.preflights).toEqual(['/ecom/v1/carts/current']);
      await w.context.close();
    });
});
