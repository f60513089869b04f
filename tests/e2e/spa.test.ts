import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { axe, openPage, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api, visitorTokens } from '../helpers/emulator.ts';
import { seedIds } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const MUG = seedIds.products['enamel-camp-mug']!; // first in the SPA's list: 2 reviews
const SKILLET = seedIds.products['cast-iron-skillet']!; // second ("Next product" from the mug): 7 reviews
const APRON = seedIds.products['linen-apron']!; // 5 reviews
const STOOL = seedIds.products['folding-camp-stool']!; // no options: add-to-cart needs no variant
const probe = fileURLToPath(new URL('./leak-probe.js', import.meta.url));
const WIDGETS = ['inlay-rating', 'inlay-add-to-cart', 'inlay-back-in-stock', 'inlay-reviews', 'inlay-recommendations'];

/** What `<inlay-rating>` must say for a product, computed from the platform's reviews (not from the page). */
async function ratingLabel(productId: string): Promise<{ label: string; titles: string[] }> {
  const { access } = await visitorTokens(env.stack.emulator);
  const r = await api(env.stack.emulator, '/reviews/v1/reviews/query', {
    token: access,
    body: {
      query: {
        filter: { namespace: 'stores', entityId: productId },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit: 100 },
      },
    },
  });
  const reviews = r.json.reviews as { content: { rating: number; title?: string } }[];
  const sum = reviews.reduce((a, x) => a + Math.round(x.content.rating), 0);
  const avg = (Math.round((sum / reviews.length) * 10) / 10).toFixed(1);
  return {
    label: `${avg} out of 5, ${reviews.length} review${reviews.length === 1 ? '' : 's'}`,
    titles: reviews.slice(0, 5).map((x) => x.content.title ?? ''),
  };
}

const label = (page: Page, scope = 'main') =>
  page.locator(`${scope} inlay-rating [role=img]`).first().getAttribute('aria-label');
const reviewTitles = (page: Page) =>
  page
    .locator('inlay-reviews article.review')
    .evaluateAll((as) => as.map((a) => a.querySelector('.title')?.textContent ?? ''));

/** Clicks a link of the page from inside it (the router intercepts it; no Playwright pointer machinery involved). */
const follow = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const a = document.querySelector<HTMLAnchorElement>(sel);
    if (!a) throw new Error(`no link ${sel}`);
    a.click();
  }, selector);

/** Waits until no request to the platform has been in flight for `quietMs`. */
function network(w: WatchedPage, origin: string) {
  let inflight = 0;
  let last = Date.now();
  const mine = (r: Request) => r.url().startsWith(origin);
  w.page.on('request', (r) => mine(r) && (inflight++, (last = Date.now())));
  const done = (r: Request) => mine(r) && (inflight--, (last = Date.now()));
  w.page.on('requestfinished', done);
  w.page.on('requestfailed', done);
  return {
    async quiet(quietMs = 700) {
      await expect
        .poll(() => inflight === 0 && Date.now() - last >= quietMs, { timeout: 15000, interval: 100 })
        .toBe(true);
    },
  };
}

/** A product view is ready when the rating, the reviews list and the carousel show the given product. */
async function productReady(page: Page, id: string) {
  await page.waitForFunction(
    (pid) => {
      const q = (s: string) => document.querySelector(`main ${s}`);
      return (
        q('article.product')?.getAttribute('data-product-id') === pid &&
        q('inlay-rating')?.shadowRoot?.querySelector('[role=img], .none') &&
        q('inlay-reviews')?.shadowRoot?.querySelector('.list, .empty') &&
        q('inlay-add-to-cart')?.shadowRoot?.querySelector('button') &&
        (q('inlay-recommendations')?.shadowRoot?.querySelector('[role=group], li') ||
          (q('inlay-recommendations') as HTMLElement | null)?.hidden)
      );
    },
    id,
    { timeout: 15000 },
  );
}

const homeReady = (page: Page) =>
  page.waitForFunction(() => {
    const ratings = [...document.querySelectorAll('main inlay-rating')];
    return ratings.length > 10 && ratings.every((r) => r.shadowRoot?.querySelector('[role=img], .none'));
  });

describe('single-page shop (/spa)', () => {
  it('keeps the same widget elements from product to product and they follow their attributes', async () => {
    const w = await openPage(env.browser);
    const [mug, skillet] = [await ratingLabel(MUG), await ratingLabel(SKILLET)];
    expect(mug.label).not.toBe(skillet.label);
    await w.page.goto(`${env.stack.demo}/spa/product/${MUG}`);
    await productReady(w.page, MUG);
    expect(await label(w.page)).toBe(mug.label);
    await expect.poll(() => reviewTitles(w.page)).toEqual(mug.titles);
    // mark the elements: the same objects must be there after the route change
    await w.page.evaluate(
      (tags) => tags.forEach((t) => ((document.querySelector(`main ${t}`) as unknown as { mark: string }).mark = t)),
      WIDGETS,
    );

    await follow(w.page, 'a[rel=next]');
    await w.page.waitForURL(`**/spa/product/${SKILLET}`);
    await productReady(w.page, SKILLET);
    await expect.poll(() => label(w.page)).toBe(skillet.label);
    await expect.poll(() => reviewTitles(w.page)).toEqual(skillet.titles);
    const after = await w.page.evaluate(
      (tags) =>
        tags.map((t) => {
          const el = document.querySelector(`main ${t}`) as (HTMLElement & { mark?: string }) | null;
          return [el?.mark, el?.getAttribute('product-id')];
        }),
      WIDGETS,
    );
    expect(after).toEqual(WIDGETS.map((t) => [t, SKILLET]));
    // (querySelectorAll: the carousel's own ratings live in its shadow root)
    expect(await w.page.evaluate(() => document.querySelectorAll('main inlay-rating').length)).toBe(1);

    // re-parented: disconnected and connected again, the reviews element shows the same product's reviews
    // without asking the platform again
    const net = network(w, env.stack.api);
    await net.quiet();
    const sent: string[] = [];
    w.page.on('request', (r) => r.url().startsWith(env.stack.api) && sent.push(r.url()));
    await w.page.locator('#move-reviews').click();
    expect(await w.page.evaluate(() => document.querySelector('inlay-reviews')!.parentElement!.id)).toBe(
      'reviews-side',
    );
    await expect.poll(() => reviewTitles(w.page)).toEqual(skillet.titles);
    expect(await w.page.evaluate(() => document.querySelectorAll('inlay-reviews').length)).toBe(1);
    await net.quiet();
    expect(sent).toEqual([]);

    // back (popstate): the same elements, the first product again
    await w.page.goBack();
    await productReady(w.page, MUG);
    await expect.poll(() => label(w.page)).toBe(mug.label);
    await expect.poll(() => reviewTitles(w.page)).toEqual(mug.titles);
    expect(
      await w.page.evaluate(() => (document.querySelector('main inlay-reviews') as unknown as { mark?: string }).mark),
    ).toBe('inlay-reviews');

    // home removes them; the header's widgets stay the same elements
    await w.page.evaluate(
      () => ((document.querySelector('header inlay-cart') as unknown as { mark: string }).mark = 'cart'),
    );
    await follow(w.page, 'main nav.crumbs a[href="/spa"]');
    await homeReady(w.page);
    expect(
      await w.page.evaluate(() =>
        ['inlay-reviews', 'inlay-add-to-cart', 'inlay-back-in-stock'].map((t) => document.querySelectorAll(t).length),
      ),
    ).toEqual([0, 0, 0]);
    expect(
      await w.page.evaluate(() => (document.querySelector('header inlay-cart') as unknown as { mark?: string }).mark),
    ).toBe('cart');

    // re-render: "All products" on the home view replaces its DOM with a fresh one; the new elements render too
    const first = `main inlay-rating[product-id="${MUG}"]`;
    await w.page.evaluate((sel) => ((document.querySelector(sel) as unknown as { mark: string }).mark = 'old'), first);
    await follow(w.page, 'header nav.cats a[href="/spa"]');
    await homeReady(w.page);
    expect(
      await w.page.evaluate(
        (sel) => [
          document.querySelectorAll(sel).length,
          (document.querySelector(sel) as unknown as { mark?: string }).mark,
        ],
        first,
      ),
    ).toEqual([1, undefined]);
    expect(await label(w.page, `main li:has(inlay-rating[product-id="${MUG}"])`)).toBe(mug.label);

    // and a product view built afresh (not the one left before) shows its product
    await follow(w.page, `main a[href="/spa/product/${MUG}"]`);
    await productReady(w.page, MUG);
    expect(
      await w.page.evaluate(() => (document.querySelector('main inlay-reviews') as unknown as { mark?: string }).mark),
    ).toBeUndefined();
    await expect.poll(() => label(w.page)).toBe(mug.label);
    await expect.poll(() => reviewTitles(w.page)).toEqual(mug.titles);
    await w.context.close();
  });

  it('is linked from the demo header, and its home and product views have no axe violations', async () => {
    const w = await openPage(env.browser);
    const net = network(w, env.stack.api);
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.getByRole('navigation', { name: 'For site builders' }).getByRole('link', { name: 'SPA demo' }).click();
    await w.page.waitForURL(`${env.stack.demo}/spa`);
    await homeReady(w.page);
    // a page load leaves focus where the browser puts it; only in-app navigations move it
    expect(await w.page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(await axe(w.page)).toEqual([]);
    await follow(w.page, `main a[href="/spa/product/${MUG}"]`);
    await productReady(w.page, MUG);
    await net.quiet();
    // the router moves focus to the new view's heading, as a page load would put the reader at its start
    expect(await w.page.evaluate(() => document.activeElement?.textContent)).toBe(
      await w.page.locator('main h1').textContent(),
    );
    expect(await axe(w.page)).toEqual([]);
    await w.context.close();
  });

  it('sends no request twice within a view, and coming back to a product refetches nothing the query cache holds', async () => {
    const w = await openPage(env.browser);
    const net = network(w, env.stack.api);
    let view: string[] = [];
    w.page.on('request', (r) => {
      if (r.url().startsWith(env.stack.api) && !r.url().includes('/inlay/'))
        view.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
    });
    const views: Record<string, string[]> = {};
    const record = async (name: string) => {
      await net.quiet();
      views[name] = view;
      view = [];
    };
    // the platform's requests without a site companion (with one, the public reads go there:
    // tests/e2e/companion-reads.test.ts)
    await w.page.goto(`${env.stack.demo}/spa?companion=off`);
    await homeReady(w.page);
    await record('home');
    await follow(w.page, `main a[href="/spa/product/${MUG}"]`);
    await productReady(w.page, MUG);
    await record('mug');
    await follow(w.page, 'a[rel=next]');
    await productReady(w.page, SKILLET);
    await record('skillet');
    await follow(w.page, 'a[href="/spa"]');
    await homeReady(w.page);
    await record('home again');
    await follow(w.page, `main a[href="/spa/product/${MUG}"]`);
    await productReady(w.page, MUG);
    await record('mug again');

    for (const [name, reqs] of Object.entries(views)) {
      const twice = reqs.filter((r, i) => reqs.indexOf(r) !== i);
      expect(twice, `requests sent twice in the ${name} view`).toEqual([]);
    }
    const product = (id: string) => `GET ${env.stack.api}/stores-reader/v1/products/${id} `;
    // first visit: the product is read once (shared by add-to-cart and back-in-stock through one store)
    expect(views.mug!.filter((r) => r === product(MUG))).toHaveLength(1);
    // a product the mug's carousel showed came with the carousel's one catalog query: not read alone again
    const inMugCarousel = views.mug!.some((r) => r.includes('/stores-reader/v1/products/query') && r.includes(SKILLET));
    expect(views.skillet!.filter((r) => r === product(SKILLET))).toHaveLength(inMugCarousel ? 0 : 1);
    // query.ts: data younger than its freshness window (60 s; the algorithms 1 h) is not read again: coming back
    // to home and to the mug reads nothing but images (product, summaries, reviews list, carousel all cached)
    expect(views['mug again']!.filter((r) => r.includes('/stores-reader/v1/products/' + MUG))).toEqual([]);
    expect(views['home again']!.filter((r) => r.includes('/reviews/v1/reviews/query'))).toEqual([]);
    const summary = (r: string) =>
      r.includes('/reviews/v1/reviews/query') && (r.includes('$in') || r.includes('content.rating'));
    expect([...views.mug!, ...views.skillet!, ...views['mug again']!].filter(summary)).toEqual([]);
    expect(views.home!.filter(summary)).toHaveLength(1); // the grid's one batched summary query
    const path = (r: string) => new URL(r.split(' ')[1]!).pathname;
    for (const again of ['home again', 'mug again']) {
      expect(
        views[again]!.map(path).filter((p) => !p.startsWith('/media/')),
        again,
      ).toEqual([]);
    }
    await w.context.close();
  });

  it('leaves no listener, timer, observer or channel behind after five product views and home again', async () => {
    const w = await openPage(env.browser);
    await w.page.addInitScript({ path: probe });
    const net = network(w, env.stack.api);
    type Probe = {
      live(): Record<string, number>;
      detail(): string[];
      nodes(): string[];
      runTimeouts(ms: number): number;
    };
    const live = () => w.page.evaluate(() => (window as unknown as { __leakProbe: Probe }).__leakProbe.live());
    const detail = () => w.page.evaluate(() => (window as unknown as { __leakProbe: Probe }).__leakProbe.detail());
    const settle = async () => {
      await net.quiet();
      // short timers (add-to-cart's 2500 ms "Added" state, the summary batch, toasts) run out
      await expect
        .poll(async () => Object.keys(await live()).filter((k) => /^timeout:/.test(k) && k !== 'timeout:300000'), {
          timeout: 10000,
        })
        .toEqual([]);
    };

    await w.page.goto(`${env.stack.demo}/spa`);
    await homeReady(w.page);
    // the cart drawer is its own chunk, fetched when the shopper points at the cart; from then on each <inlay-cart>
    // keeps its (closed) dialog, as it did from the start when the drawer shipped with the button
    await w.page.locator('inlay-cart').getByRole('button').hover();
    await w.page.locator('inlay-cart dialog').waitFor({ state: 'attached' });
    await w.page.mouse.move(0, 0);
    await settle();
    const baseline = await live();
    const nodes = () => w.page.evaluate(() => (window as unknown as { __leakProbe: Probe }).__leakProbe.nodes());
    const baseNodes = await nodes();
    /** What is in `now` and not in `before`, as a multiset. */
    const added = (now: string[], before: string[]) => {
      const rest = [...before];
      return now.filter((x) => (rest.includes(x) ? (rest.splice(rest.indexOf(x), 1), false) : true));
    };
    // The page-lifetime singletons, each on purpose (sorted by their minified stacks: the order is not the point):
    const singletons = await detail();
    expect(singletons).toHaveLength(6);
    expect(singletons).toEqual(
      expect.arrayContaining([
        // widgets/start.ts: the loader watches the document for widget tags that have not appeared yet (here
        // <inlay-toaster>) and disconnects once every tag is loaded
        expect.stringMatching(/^MutationObserver .*loader\.js/),
        // core/boot.ts followHtmlLang: widgets follow <html lang> for the page's lifetime (one observer per page)
        expect.stringMatching(/^MutationObserver .*core-[\w-]+\.js/),
        // demo/public/spa.js: the router's link interception
        'document click|false',
        // core/stores/current-cart.ts: a page restored from the back/forward cache refetches the cart
        'window pageshow|false',
        // demo/public/spa.js: the router's back/forward
        'window popstate|false',
        // core/auth/tokens.ts: tokens are shared by every tab (sign-in/out in another tab)
        'window storage|false',
      ]),
    );
    // core/stores/current-cart.ts: the cart's revision is broadcast to other tabs (one channel per page)
    expect(baseline.BroadcastChannel).toBe(1);
    expect(baseline['timeout:300000']).toBeUndefined();

    await follow(w.page, `main a[href="/spa/product/${MUG}"]`);
    for (let i = 0; i < 5; i++) {
      const id = await w.page.evaluate(() => location.pathname.split('/').pop()!);
      await productReady(w.page, id);
      await settle();
      if (i === 1) {
        // the cart drawer opens on add and closes again
        await w.page.locator('main .buy inlay-add-to-cart button').click();
        await w.page.locator('inlay-cart dialog').waitFor();
        await w.page.keyboard.press('Escape');
        await w.page.locator('inlay-cart dialog').waitFor({ state: 'hidden' });
      }
      await settle();
      if (i % 2 === 0) {
        // a move (disconnect + connect) leaves exactly what was live before it
        const before = await live();
        await w.page.evaluate(() => document.getElementById('move-reviews')!.click());
        await settle();
        expect(await live()).toEqual(before);
      }
      if (i < 4) await follow(w.page, 'a[rel=next]');
    }
    await follow(w.page, 'header a.brand');
    await homeReady(w.page);
    // the cart's line is state, not a leak: empty the cart again so the drawer renders what it did at first
    await w.page.evaluate(() => window.Inlay!.cart.open());
    await w.page
      .locator('inlay-cart dialog')
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect.poll(() => w.page.locator('inlay-cart dialog li.line').count()).toBe(0);
    await w.page.keyboard.press('Escape');
    await w.page.locator('inlay-cart dialog').waitFor({ state: 'hidden' });
    await settle();

    const after = await live();
    // what differs before the cache's garbage collection: only its timers (query.ts drops an entry nobody uses
    // after 300000 ms: one timer per cached product, carousel, …)
    const diff = (a: Record<string, number>, b: Record<string, number>) =>
      Object.fromEntries(
        [...new Set([...Object.keys(a), ...Object.keys(b)])]
          .filter((k) => a[k] !== b[k])
          .map((k) => [k, `${b[k] ?? 0} → ${a[k] ?? 0}`]),
      );
    const afterNodes = await nodes();
    expect(
      Object.keys(diff(after, baseline)),
      `node listeners: +${added(afterNodes, baseNodes).join(', ')} -${added(baseNodes, afterNodes).join(', ')}`,
    ).toEqual(['timeout:300000']);
    // as if 300000 ms had passed for those timers: the entries are dropped and nothing is left
    expect(
      await w.page.evaluate(() => (window as unknown as { __leakProbe: Probe }).__leakProbe.runTimeouts(300000)),
    ).toBe(after['timeout:300000']);
    expect(diff(await live(), baseline), (await detail()).join('\n')).toEqual({});
    await w.context.close();
  });

  for (const order of ['classic first', 'module first'] as const) {
    it(`two copies of the bundle (ES loader + classic inlay.js, ${order}): a warning, and the widgets work`, async () => {
      const w = await openPage(env.browser);
      const s = env.stack;
      const classic = `<script src="${s.api}/inlay/inlay.js" data-client-id="demo-client" data-api-base="${s.api}"></script>`;
      const module = `<script type="module" src="${s.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${s.api}"></script>`;
      // a classic tag in the head runs before any module script; added after Inlay is ready it runs second (the
      // module copy boots through a dynamic import: a defined widget means window.Inlay is there)
      const late = `<script type="module">await customElements.whenDefined('inlay-rating'); await window.Inlay.ready; const s = document.createElement('script'); s.src = ${JSON.stringify(`${s.api}/inlay/inlay.js`)}; s.dataset.clientId = 'demo-client'; s.dataset.apiBase = ${JSON.stringify(s.api)}; s.onload = () => (window.secondCopyRan = true); document.head.append(s);</script>`;
      const head = order === 'classic first' ? module + classic : module;
      const body = `<header><inlay-cart></inlay-cart></header><main><inlay-add-to-cart product-id="${STOOL}" no-open></inlay-add-to-cart><inlay-rating product-id="${SKILLET}"></inlay-rating></main>${order === 'module first' ? late : ''}`;
      await w.page.goto(s.fixtures.page(`/twice-${order.replace(' ', '-')}`, doc(head, body)));
      if (order === 'module first')
        await w.page.waitForFunction(() => (window as unknown as { secondCopyRan?: boolean }).secondCopyRan);
      await w.page.waitForFunction(() => customElements.get('inlay-cart') && customElements.get('inlay-add-to-cart'));
      await expect.poll(() => w.warnings.some((m) => /another copy .* is already on this page/.test(m))).toBe(true);
      expect(await label(w.page)).toBe((await ratingLabel(SKILLET)).label);
      await w.page.locator('inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => w.page.locator('inlay-cart .badge').textContent()).toBe('1');
      expect(w.errors).toEqual([]);
      await w.context.close();
    });
  }

  it('upgrades elements in the HTML before the loader, added 2 s later, and created detached before the loader ran', async () => {
    const w = await openPage(env.browser);
    const s = env.stack;
    const [mug, skillet, apron] = [await ratingLabel(MUG), await ratingLabel(SKILLET), await ratingLabel(APRON)];
    const body =
      `<p id="first"><inlay-rating product-id="${MUG}"></inlay-rating></p><p id="detached"></p><p id="later"></p>` +
      // created before the loader has run (not yet defined), attached only 2 s later
      `<script>window.early = document.createElement('inlay-rating'); window.earlyWasPlain = early.constructor === HTMLElement; early.setAttribute('product-id', ${JSON.stringify(SKILLET)});` +
      `setTimeout(() => { document.getElementById('detached').append(early); const r = document.createElement('inlay-rating'); r.setAttribute('product-id', ${JSON.stringify(APRON)}); document.getElementById('later').append(r); window.attached = true; }, 2000);</script>` +
      `<script type="module" src="${s.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${s.api}"></script>`;
    await w.page.goto(s.fixtures.page('/upgrade-order', doc('', body)));
    await expect.poll(() => label(w.page, '#first'), { timeout: 10000 }).toBe(mug.label);
    // the element created before the loader was a plain HTMLElement then; it upgrades when attached
    expect(await w.page.evaluate(() => (window as unknown as { earlyWasPlain: boolean }).earlyWasPlain)).toBe(true);
    await w.page.waitForFunction(() => (window as unknown as { attached?: boolean }).attached);
    await expect.poll(() => label(w.page, '#detached')).toBe(skillet.label);
    await expect.poll(() => label(w.page, '#later')).toBe(apron.label);
    expect(
      await w.page.evaluate(
        () => (window as unknown as { early: Element }).early === document.querySelector('#detached inlay-rating'),
      ),
    ).toBe(true);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });
});

const doc = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fixture</title>${head}</head><body>${body}</body></html>`;
