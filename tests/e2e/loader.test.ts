import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../helpers/chromium.ts';
import { openPage } from '../helpers/browser.ts';
import type { Stack } from '../helpers/stack.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api, DEMO_CLIENT_ID, visitorTokens } from '../helpers/emulator.ts';
import { tokenStorageKey } from '../../core/auth/tokens.ts';
import { seedIds } from '../../emulator/seed.ts';

const env = useStackAndBrowser();

const loaderTag = (s: Stack, attrs = 'data-client-id="demo-client"', src = `${s.api}/inlay/loader.js`) =>
  `<script type="module" src="${src}" ${attrs} data-api-base="${s.api}"></script>`;
const doc = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fixture</title>${head}</head><body>${body}</body></html>`;
const chunks = (requests: string[]) =>
  requests.filter((u) => u.includes('/inlay/assets/')).map((u) => /assets\/([a-z-]+?)-[\w-]{8}\.js$/.exec(u)?.[1]);

describe('loader', () => {
  it('imports a widget chunk only when its tag is in the page, including tags added later', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(
      env.stack.fixtures.page('/lazy', doc(loaderTag(env.stack), '<main><p>no widgets yet</p></main>')),
    );
    await w.page.waitForFunction(() => window.Inlay !== undefined);
    await w.page.waitForTimeout(300);
    expect(chunks(w.requests)).not.toContain('toaster');
    expect(await w.page.evaluate(() => customElements.get('inlay-toaster'))).toBeUndefined();

    await w.page.evaluate(() => {
      const wrapper = document.createElement('div');
      wrapper.append(document.createElement('inlay-toaster'));
      document.body.append(wrapper); // nested inside an added subtree
    });
    await w.page.waitForFunction(() => customElements.get('inlay-toaster') !== undefined);
    expect(chunks(w.requests)).toContain('toaster');
    expect(chunks(w.requests).filter((c) => c === 'toaster')).toHaveLength(1);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('requests a tag’s whole chunk tree at once (modulepreload), not one import level after another', async () => {
    // every chunk answers slowly: one level after another would take several delays, all at once about one
    await api(env.stack.emulator, '/_dev/faults', { body: { path: '/inlay/assets/*', method: 'GET', delayMs: 400 } });
    const w = await openPage(env.browser);
    const times = new Map<string, { start: number; end?: number }>();
    const requested: string[] = [];
    w.page.on('request', (r) => {
      const c = /\/inlay\/assets\/([a-z-]+?)-[\w-]{8}\.js$/.exec(r.url())?.[1];
      if (c) requested.push(c);
      if (c && !times.has(c)) times.set(c, { start: Date.now() });
    });
    w.page.on('requestfinished', (r) => {
      const c = /\/inlay\/assets\/([a-z-]+?)-[\w-]{8}\.js$/.exec(r.url())?.[1];
      const t = c ? times.get(c) : undefined;
      if (t && t.end === undefined) t.end = Date.now();
    });
    try {
      await w.page.goto(env.stack.fixtures.page('/preload', doc(loaderTag(env.stack), '<inlay-cart></inlay-cart>')));
      await w.page.waitForFunction(() => customElements.get('inlay-cart') !== undefined, undefined, {
        timeout: 20_000,
      });
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    // each once: the hint and the later import share one fetch
    // (and nothing of the catalog: the cart sends one id of it, which core keeps)
    // (the cart's element is in the header pair's file, with the sign-in's and the cart's store: vite.config.ts
    // WIDGET_GROUPS, GROUP_SHARED)
    expect(requested.sort()).toEqual(['core', 'header']);
    const firstEnd = Math.min(...[...times.values()].map((t) => t.end ?? Infinity));
    const lastStart = Math.max(...[...times.values()].map((t) => t.start));
    // no chunk was asked for only after another had arrived
    expect(lastStart).toBeLessThan(firstEnd);
    // the links are plain modulepreload hints in the page's head, one per chunk
    expect(await w.page.evaluate(() => [...document.head.querySelectorAll('link[rel=modulepreload]')].length)).toBe(2);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('loading="lazy": a tag whose elements are all lazy loads when one comes near the viewport, its chunks at once', async () => {
    const w = await openPage(env.browser);
    const counts = () => w.requests.filter((u) => /\/reviews\/v1\/reviews\/(query|count)$/.test(u)).length;
    await w.page.goto(
      env.stack.fixtures.page(
        '/lazy-below',
        doc(
          loaderTag(env.stack),
          '<inlay-cart></inlay-cart><div style="height:4000px"></div><inlay-rating product-id="p1" loading="lazy"></inlay-rating>',
        ),
      ),
    );
    await w.page.waitForFunction(() => customElements.get('inlay-cart') !== undefined);
    await w.page.waitForTimeout(500);
    expect(chunks(w.requests)).not.toContain('buttons'); // the rating's file, with a product's other buttons
    expect(counts()).toBe(0);
    // the reserved box stays while it waits
    expect(await w.page.$eval('inlay-rating', (e) => e.getBoundingClientRect().width)).toBe(120);
    const before = chunks(w.requests).length;
    // within half a screen of the viewport: it loads before it is seen
    await w.page.evaluate(() => window.scrollTo(0, 4000 - innerHeight - innerHeight / 3));
    await w.page.waitForFunction(() => customElements.get('inlay-rating') !== undefined);
    const after = chunks(w.requests).slice(before);
    expect(after).toContain('buttons');
    // its shared chunks are hinted with it, in the same task: one modulepreload link per chunk it needs
    const hints = await w.page.evaluate(() =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href),
    );
    expect(hints.some((h) => /\/buttons-[\w-]{8}\.js$/.test(h))).toBe(true);
    expect(hints.some((h) => /\/catalog-[\w-]{8}\.js$/.test(h))).toBe(true);
    await w.page.waitForFunction(() => (document.querySelector('inlay-rating')!.shadowRoot?.textContent ?? '') !== '');
    expect(counts()).toBeGreaterThan(0);

    // an element of the same tag without loading="lazy", out of view too, loads the tag at once; one added later waits
    // like the first; a lazy <inlay-toaster> (never in view: its box is not shown) loads at once
    await w.page.goto(
      env.stack.fixtures.page(
        '/lazy-and-eager',
        doc(
          loaderTag(env.stack),
          '<div style="height:4000px"></div><inlay-rating product-id="p1"></inlay-rating><div style="height:4000px"></div><inlay-rating product-id="p1" loading="lazy"></inlay-rating>',
        ),
      ),
    );
    await w.page.waitForFunction(() => customElements.get('inlay-rating') !== undefined);
    await w.page.goto(
      env.stack.fixtures.page(
        '/lazy-added',
        doc(loaderTag(env.stack), '<inlay-cart></inlay-cart><inlay-toaster loading="lazy"></inlay-toaster>'),
      ),
    );
    await w.page.waitForFunction(() => customElements.get('inlay-cart') !== undefined);
    await w.page.waitForFunction(() => customElements.get('inlay-toaster') !== undefined);
    await w.page.evaluate(() => {
      const spacer = Object.assign(document.createElement('div'), { style: 'height:4000px' });
      const rating = document.createElement('inlay-rating');
      rating.setAttribute('loading', 'lazy');
      rating.setAttribute('product-id', 'p1');
      const section = document.createElement('section'); // inside a subtree added later
      section.append(rating);
      document.body.append(spacer, section);
    });
    await w.page.waitForTimeout(500);
    expect(await w.page.evaluate(() => customElements.get('inlay-rating'))).toBeUndefined();
    await w.page.evaluate(() => document.querySelector('inlay-rating')!.scrollIntoView());
    await w.page.waitForFunction(() => customElements.get('inlay-rating') !== undefined);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('a lazy <inlay-reviews> loading in view keeps the box the loader reserved (its loading state never shrinks it)', async () => {
    // no rating for the product on this page: the summary loads with the list, the widget's shortest loading state
    const id = seedIds.products['enamel-camp-mug']!;
    const w = await openPage(env.browser, { viewport: { width: 1280, height: 700 } });
    await w.page.goto(
      env.stack.fixtures.page(
        '/lazy-reviews',
        doc(
          loaderTag(env.stack),
          `<div style="height:3000px"></div><inlay-reviews product-id="${id}" loading="lazy"></inlay-reviews><div style="height:3000px"></div>`,
        ),
      ),
    );
    await w.page.waitForFunction(() => window.Inlay !== undefined);
    const height = () => w.page.$eval('inlay-reviews', (e) => Math.round(e.getBoundingClientRect().height));
    expect(await height()).toBe(420);
    for (const path of ['/reviews/v1/reviews/query', '/reviews/v1/reviews/count'])
      await api(env.stack.emulator, '/_dev/faults', { body: { path, method: 'POST', delayMs: 1500 } });
    try {
      await w.page.evaluate(() => document.querySelector('inlay-reviews')!.scrollIntoView());
      await w.page.waitForFunction(
        () => document.querySelector('inlay-reviews')?.shadowRoot?.querySelector('.skeleton') != null,
      );
      expect(await height()).toBe(420);
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    await w.page.locator('inlay-reviews [part=list] article').first().waitFor();
    expect(await height()).toBeGreaterThan(420);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('sends the visitor token request as the loader runs, before the core has arrived and before any chunk is asked for, and only once', async () => {
    await api(env.stack.emulator, '/_dev/faults', { body: { path: '/inlay/assets/*', method: 'GET', delayMs: 400 } });
    const w = await openPage(env.browser);
    const t: { token: number[]; coreEnd?: number } = { token: [] };
    // the order the browser asked in: the token first, so a connection shared with the chunks does not queue it
    const asked: string[] = [];
    w.page.on('request', (r) => {
      if (/\/oauth2\/token$|\/inlay\/assets\//.test(r.url()))
        asked.push(r.url().endsWith('/oauth2/token') ? 'token' : 'chunk');
    });
    w.page.on('request', (r) => r.url().endsWith('/oauth2/token') && t.token.push(Date.now()));
    w.page.on('requestfinished', (r) => {
      if (/\/inlay\/assets\/core-[\w-]+\.js$/.test(r.url())) t.coreEnd ??= Date.now();
    });
    try {
      await w.page.goto(
        env.stack.fixtures.page('/early-token', doc(loaderTag(env.stack), '<inlay-login></inlay-login>')),
      );
      await w.page.waitForFunction(() => window.Inlay !== undefined, undefined, { timeout: 20_000 });
      await w.page.evaluate(() => window.Inlay!.ready);
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    expect(t.token).toHaveLength(1);
    expect(t.token[0]!).toBeLessThan(t.coreEnd!);
    expect(asked[0]).toBe('token');
    expect(asked.filter((a) => a === 'chunk')).toHaveLength(2); // the core, the header pair's file
    expect(await w.page.evaluate(() => window.Inlay!.session.get().role)).toBe('visitor');
    // a return visit holds a token: nothing to ask for
    await w.page.reload();
    await w.page.waitForFunction(() => window.Inlay !== undefined);
    await w.page.evaluate(() => window.Inlay!.ready);
    expect(t.token).toHaveLength(1);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('builds its first Intl formatters (a long task on a phone) while the page is idle and waits for the core, not in a task of their own', async () => {
    // the core answers late: formatters built once it has arrived (as the core did it) would come after it
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/inlay/assets/core-*', method: 'GET', delayMs: 1000 },
    });
    const w = await openPage(env.browser);
    const t: { coreEnd?: number } = {};
    w.page.on('requestfinished', (r) => {
      if (/\/inlay\/assets\/core-[\w-]{8}\.js$/.test(r.url())) t.coreEnd ??= Date.now();
    });
    // whether the page's first number, date and plural formatters are built inside an idle callback, and when
    await w.page.exposeFunction('builtAt', () => Date.now());
    await w.page.addInitScript(() => {
      const seen: boolean[] = ((window as unknown as { seen: boolean[] }).seen = []);
      let idle = false;
      const ric = window.requestIdleCallback.bind(window);
      window.requestIdleCallback = (fn, opts) =>
        ric((deadline) => {
          idle = true;
          try {
            fn(deadline);
          } finally {
            idle = false;
          }
        }, opts);
      const watch = <T extends new (...args: never[]) => object>(c: T): T =>
        new Proxy(c, {
          construct: (target, args) => {
            if (!seen.length)
              void (window as unknown as { builtAt: () => Promise<number> })
                .builtAt()
                .then((n) => ((window as unknown as { firstAt: number }).firstAt = n));
            seen.push(idle);
            return Reflect.construct(target, args);
          },
        });
      Intl.NumberFormat = watch(Intl.NumberFormat);
      Intl.DateTimeFormat = watch(Intl.DateTimeFormat);
      (Intl as { PluralRules: typeof Intl.PluralRules }).PluralRules = watch(Intl.PluralRules);
    });
    try {
      await w.page.goto(env.stack.fixtures.page('/warm-intl', doc(loaderTag(env.stack), '<inlay-cart></inlay-cart>')));
      await w.page.locator('inlay-cart .cart-button').waitFor({ timeout: 20_000 });
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    expect((await w.page.evaluate(() => (window as unknown as { seen: boolean[] }).seen)).slice(0, 3)).toEqual([
      true,
      true,
      true,
    ]);
    const firstAt = await w.page.evaluate(() => (window as unknown as { firstAt: number }).firstAt);
    expect(firstAt).toBeLessThan(t.coreEnd!);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('the token goes first, without a CORS preflight, on the connection a preconnect hint with crossorigin opened', async () => {
    // A regular profile each time (Chromium ignores preconnect hints in an incognito context, and a context keeps its
    // connections for the next page): the same page without the hint, with it, and with it but no `crossorigin`.
    const tokenOnHintsConnection = async (head: string, path: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'inlay-preconnect-'));
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: requireChromium(),
        args: CHROMIUM_ARGS,
        headless: true,
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        // the page's first request to the API: the token's (a form, no preflight before it)
        const preflights: string[] = [];
        const reused = new Promise<boolean>((resolve) =>
          cdp.on('Network.responseReceived', (e) => {
            if (!e.response.url.startsWith(`${env.stack.api}/`)) return;
            if (e.type === 'Preflight') preflights.push(new URL(e.response.url).pathname);
            else if (e.response.url === `${env.stack.api}/oauth2/token`) resolve(e.response.connectionReused);
          }),
        );
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        // The bundle from another origin than the API's, as from a CDN (a connection of its own). Its tag is added by a
        // timer started as the page parses, 0.3 s later: on a phone the loader runs round trips after the hint, here
        // both are instant (nothing checks that the hint's connection is open by then; on loopback it is at once).
        const src = JSON.stringify(`${env.stack.api.replace('127.0.0.1', 'localhost')}/inlay/loader.js`);
        const data = JSON.stringify({ clientId: 'demo-client', apiBase: env.stack.api });
        const later = `<script>setTimeout(() => {
          const s = Object.assign(document.createElement('script'), { type: 'module', src: ${src} });
          document.head.append(Object.assign(s.dataset, ${data}) && s);
        }, 300)</script>`;
        await page.goto(env.stack.fixtures.page(path, doc(head + later, '<inlay-cart></inlay-cart>')));
        const answer = await Promise.race([
          reused,
          page.waitForTimeout(15_000).then(() => Promise.reject(new Error('no token request seen'))),
        ]);
        await page.locator('inlay-cart').getByRole('button').first().waitFor();
        expect(errors).toEqual([]);
        // the token request is a form, a CORS-safelisted type: nothing goes before it
        expect(preflights).not.toContain('/oauth2/token');
        return answer;
      } finally {
        await context.close();
        rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(await tokenOnHintsConnection('', '/no-preconnect')).toBe(false);
    // what README's snippet and the demo's pages put first
    expect(
      await tokenOnHintsConnection(`<link rel="preconnect" href="${env.stack.api}" crossorigin>`, '/preconnect'),
    ).toBe(true);
    // (README: keep crossorigin)
    expect(await tokenOnHintsConnection(`<link rel="preconnect" href="${env.stack.api}">`, '/credentialed')).toBe(
      false,
    );
  });

  it('reads a returning visitor’s cart once, as the page’s language arrives, and the cart never shows English first', async () => {
    // a French page whose strings answer late: no widget renders before they are here (the page never shows English
    // first). The core's early cart read waits for them too (core/boot.ts): the cart's store travels in the header
    // pair's file, whose elements define themselves as it runs
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/inlay/assets/fr-*', method: 'GET', delayMs: 1500 },
    });
    const w = await openPage(env.browser);
    // tokens stored by an earlier visit (a visitor the page mints has no cart: its first read sends nothing)
    const v = await visitorTokens(env.stack.emulator);
    const stored = JSON.stringify({
      accessToken: { value: v.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      refreshToken: { value: v.refresh, role: 'visitor' },
    });
    await w.page.addInitScript(([k, s]) => localStorage.setItem(k!, s!), [tokenStorageKey(DEMO_CLIENT_ID), stored]);
    const t: { cart?: number; packEnd?: number; carts: number } = { carts: 0 };
    w.page.on('request', (r) => {
      if (r.method() !== 'GET' || !r.url().endsWith('/ecom/v1/carts/current')) return;
      t.cart ??= Date.now();
      t.carts++;
    });
    w.page.on('requestfinished', (r) => {
      if (/\/inlay\/assets\/fr-[\w-]{8}\.js$/.test(r.url())) t.packEnd ??= Date.now();
    });
    try {
      const tag = loaderTag(env.stack, 'data-client-id="demo-client" data-locale="fr"');
      await w.page.goto(env.stack.fixtures.page('/early-cart', doc(tag, '<inlay-cart></inlay-cart>')));
      await w.page.locator('inlay-cart .cart-button').waitFor({ timeout: 20_000 });
      await w.page.waitForLoadState('networkidle');
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    expect(t.packEnd).toBeDefined();
    expect(t.cart!).toBeGreaterThanOrEqual(t.packEnd! - 50); // (the two clocks: Playwright's events, a few ms apart)
    expect(t.carts).toBe(1); // the widget's own ask got the same read
    // its first render was in French (a render before the pack would have kept English: the strings a widget takes
    // are merged when it starts)
    expect(await w.page.locator('inlay-cart .cart-button').getAttribute('aria-label')).toBe('Panier, 0 articles');
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('sends the page’s first reads with its early token, before the core has arrived, and each once', async () => {
    // the core answers late: reads it made itself would come after it
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/inlay/assets/core-*', method: 'GET', delayMs: 1500 },
    });
    const w = await openPage(env.browser);
    // (not the cart: the visitor the early token mints has none, and nobody reads it on this first visit)
    const reads = ['/v1/recommendations/algorithms', '/stores/v3/provision/version'];
    const CART = '/ecom/v1/carts/current';
    const t: { sent: Record<string, number[]>; coreEnd?: number; catalog: string[] } = { sent: {}, catalog: [] };
    w.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'GET' && [...reads, CART].includes(path)) (t.sent[path] ??= []).push(Date.now());
      if (path.startsWith('/stores-reader/v1/products')) t.catalog.push(path);
    });
    w.page.on('requestfinished', (r) => {
      if (/\/inlay\/assets\/core-[\w-]{8}\.js$/.test(r.url())) t.coreEnd ??= Date.now();
    });
    const mug = seedIds.products['enamel-camp-mug']!;
    try {
      await w.page.goto(
        env.stack.fixtures.page(
          '/early-reads',
          doc(
            loaderTag(env.stack),
            `<inlay-cart></inlay-cart><inlay-add-to-cart product-id="${mug}"></inlay-add-to-cart>` +
              `<inlay-recommendations product-id="${mug}" limit="4"></inlay-recommendations>`,
          ),
        ),
      );
      await expect
        .poll(() => w.page.locator('inlay-recommendations').getByRole('group').count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await w.page.locator('inlay-cart .cart-button').waitFor();
      await w.page.waitForLoadState('networkidle');
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    expect(t.coreEnd).toBeDefined();
    expect(t.sent[CART]).toBeUndefined();
    for (const path of reads) {
      expect(t.sent[path], path).toHaveLength(1); // the core took the loader's answer
      expect(t.sent[path]![0]!, path).toBeLessThan(t.coreEnd!);
    }
    // what they read is in use: the version's answer (V1) sent the product reads to the V1 catalog
    expect(t.catalog).toContain(`/stores-reader/v1/products/${mug}`);
    // a return visit holds a token: no early token, so no early reads
    const before = Object.values(t.sent).flat().length;
    await w.page.reload();
    await w.page.evaluate(() => window.Inlay!.ready);
    await w.page.waitForLoadState('networkidle');
    // the cart (a stored visitor's now), read by the core as it starts (the algorithms and the catalog's version are
    // kept)
    expect(Object.values(t.sent).flat().length - before).toBe(1);
    expect(t.sent[CART]).toHaveLength(1);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('an early read the core never takes still ends: no request stays open (the loader reads its body)', async () => {
    const w = await openPage(env.browser);
    const version: { sent: number; finished: number } = { sent: 0, finished: 0 };
    const isVersion = (u: string) => new URL(u).pathname === '/stores/v3/provision/version';
    w.page.on('request', (r) => isVersion(r.url()) && version.sent++);
    w.page.on('requestfinished', (r) => isVersion(r.url()) && version.finished++);
    const mug = seedIds.products['enamel-camp-mug']!;
    // the product's button leaves the page right after the loader ran, before the core could read anything for it
    const remove = `<script type="module">document.querySelector('inlay-add-to-cart').remove()</script>`;
    await w.page.goto(
      env.stack.fixtures.page(
        '/early-read-untaken',
        doc(
          loaderTag(env.stack) + remove,
          `<inlay-login></inlay-login><inlay-add-to-cart product-id="${mug}"></inlay-add-to-cart>`,
        ),
      ),
    );
    await w.page.waitForFunction(() => window.Inlay !== undefined, undefined, { timeout: 20_000 });
    await w.page.evaluate(() => window.Inlay!.ready);
    await w.page.waitForLoadState('networkidle', { timeout: 10_000 });
    expect(version).toEqual({ sent: 1, finished: 1 });
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('a French page loads the French strings with the core and never shows English first; an English page never loads them', async () => {
    const seen = async (lang: string) => {
      const w = await openPage(env.browser);
      // every text the sign-in button shows, from its first render
      await w.page.addInitScript(() => {
        const texts: string[] = ((window as unknown as { texts: string[] }).texts = []);
        const look = () => {
          const t = document.querySelector('inlay-login')?.shadowRoot?.querySelector('button')?.textContent?.trim();
          if (t && texts.at(-1) !== t) texts.push(t);
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      await w.page.goto(
        env.stack.fixtures.page(
          `/lang-${lang}`,
          doc(loaderTag(env.stack), '<inlay-login></inlay-login>').replace('lang="en"', `lang="${lang}"`),
        ),
      );
      await w.page.waitForFunction(() => (window as unknown as { texts: string[] }).texts.length > 0);
      await w.page.waitForLoadState('networkidle');
      const texts = await w.page.evaluate(() => (window as unknown as { texts: string[] }).texts);
      const links = await w.page.evaluate(() =>
        [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => (l as HTMLLinkElement).href),
      );
      await w.context.close();
      return {
        texts,
        packs: chunks(w.requests).filter((c) => c === 'fr'),
        preloaded: links.some((h) => /\/assets\/fr-/.test(h)),
      };
    };
    // the pack answers slowly: a widget that did not wait for it would first show English
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/inlay/assets/fr-*', method: 'GET', delayMs: 600 },
    });
    try {
      expect(await seen('fr-FR')).toEqual({ texts: ['Se connecter'], packs: ['fr'], preloaded: true });
    } finally {
      await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    }
    expect(await seen('en-GB')).toEqual({ texts: ['Sign in'], packs: [], preloaded: false });
  });

  it('reserves space for widgets that are not defined yet', async () => {
    // the widgets' chunks answer slowly, so they are measured before they are defined (preloading made them quick)
    for (const path of ['/inlay/assets/reviews-*', '/inlay/assets/header-*']) {
      await api(env.stack.emulator, '/_dev/faults', { body: { path, method: 'GET', delayMs: 3000 } });
    }
    const w = await openPage(env.browser);
    await w.page.goto(
      env.stack.fixtures.page(
        '/reserve',
        doc(loaderTag(env.stack), '<inlay-reviews product-id="x"></inlay-reviews><inlay-cart></inlay-cart>'),
      ),
    );
    await w.page.waitForFunction(() => window.Inlay !== undefined);
    await api(env.stack.emulator, '/_dev/faults', { method: 'DELETE' });
    expect(
      await w.page.evaluate(() => [customElements.get('inlay-reviews'), customElements.get('inlay-cart')]),
    ).toEqual([undefined, undefined]);
    const box = await w.page.evaluate(() => {
      const r = document.querySelector('inlay-reviews')!.getBoundingClientRect();
      const c = getComputedStyle(document.querySelector('inlay-cart')!);
      return { reviews: r.height, cartDisplay: c.display };
    });
    expect(box.reviews).toBeGreaterThanOrEqual(420);
    expect(box.cartDisplay).toBe('inline-block');
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('reports an invalid configuration in the console and in each widget, without throwing in the host', async () => {
    const w = await openPage(env.browser);
    w.expected.push(/^Invalid Inlay configuration/);
    await w.page.goto(
      env.stack.fixtures.page(
        '/invalid',
        doc(
          loaderTag(env.stack, 'data-token-storage="cookie"'),
          '<inlay-toaster></inlay-toaster><script type="module">window.hostStillRuns = true</script>',
        ),
      ),
    );
    await w.page.waitForFunction(() => customElements.get('inlay-toaster') !== undefined);
    await w.page.waitForFunction(() =>
      document.querySelector('inlay-toaster')?.shadowRoot?.querySelector('[role=alert]'),
    );
    const shown = await w.page.evaluate(
      () => document.querySelector('inlay-toaster')!.shadowRoot!.querySelector('[role=alert]')!.textContent,
    );
    expect(shown).toMatch(/^Invalid Inlay configuration: data-client-id/);
    expect(w.errors.some((e) => e.startsWith('Invalid Inlay configuration: data-client-id'))).toBe(true);
    expect(w.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    expect(await w.page.evaluate(() => (window as unknown as { hostStillRuns: boolean }).hostStillRuns)).toBe(true);
    await w.context.close();
  });

  it('two copies of the bundle on one page: a warning, no exception', async () => {
    const w = await openPage(env.browser);
    const head =
      loaderTag(env.stack) +
      loaderTag(env.stack, 'data-client-id="demo-client"', `${env.stack.api}/inlay/inlay.js`).replace(
        ' type="module"',
        '',
      );
    await w.page.goto(env.stack.fixtures.page('/twice', doc(head, '<inlay-toaster></inlay-toaster>')));
    await w.page.waitForFunction(() => customElements.get('inlay-toaster') !== undefined);
    await w.page.waitForTimeout(500);
    expect(w.errors).toEqual([]);
    expect(w.warnings.some((m) => /already (defined|on this page)/.test(m))).toBe(true);
    await w.context.close();
  });

  for (const kind of ['module', 'classic'] as const) {
    it(`puts nothing on window but Inlay (${kind} build)`, async () => {
      const w = await openPage(env.browser);
      await w.page.addInitScript(() => {
        (window as unknown as { before: string[] }).before = Object.getOwnPropertyNames(window);
      });
      const head =
        kind === 'module'
          ? loaderTag(env.stack)
          : `<script src="${env.stack.api}/inlay/inlay.js" data-client-id="demo-client" data-api-base="${env.stack.api}"></script>`;
      await w.page.goto(env.stack.fixtures.page(`/globals-${kind}`, doc(head, '<inlay-toaster></inlay-toaster>')));
      await w.page.waitForFunction(
        () => customElements.get('inlay-toaster') !== undefined && window.Inlay !== undefined,
      );
      const added = await w.page.evaluate(() => {
        const before = new Set((window as unknown as { before: string[] }).before);
        return Object.getOwnPropertyNames(window).filter((k) => !before.has(k) && k !== 'before');
      });
      expect(added).toEqual(['Inlay']);
      expect(await w.page.evaluate(() => Object.isFrozen(window.Inlay))).toBe(true);
      await w.context.close();
    });
  }

  it('the classic inlay.js works on its own: one plain <script src>, its data-*, the chunk graph of loader.js beside it', async () => {
    const w = await openPage(env.browser);
    // (a query on its URL, as site builders add one, changes nothing)
    const head = `<script src="${env.stack.api}/inlay/inlay.js?v=1" data-client-id="demo-client" data-api-base="${env.stack.api}" data-locale="fr"></script>`;
    await w.page.goto(
      env.stack.fixtures.page('/classic', doc(head, '<inlay-cart></inlay-cart><inlay-toaster></inlay-toaster>')),
    );
    await w.page.waitForFunction(() => customElements.get('inlay-toaster') !== undefined && window.Inlay !== undefined);
    // the tag's data-* reached the core: its API base (the token came from there), its language
    await expect.poll(() => w.page.evaluate(() => window.Inlay!.session.get().role)).toBe('visitor');
    expect(w.requests).toContain(`${env.stack.api}/oauth2/token`);
    await expect
      .poll(() => w.page.locator('inlay-cart').getByRole('button').getAttribute('aria-label'))
      .toMatch(/panier/i);
    // inlay.js, then loader.js beside it, then the chunks with their preload hints (the French pack's among them)
    const files = w.requests.filter((u) => u.startsWith(`${env.stack.api}/inlay/`));
    expect(files.slice(0, 2)).toEqual([`${env.stack.api}/inlay/inlay.js?v=1`, `${env.stack.api}/inlay/loader.js`]);
    const hinted = await w.page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href),
    );
    for (const chunk of ['core', 'header', 'toaster', 'fr'])
      expect(
        hinted.some((u) => new RegExp(`/inlay/assets/${chunk}-[\\w-]{8}\\.js$`).test(u)),
        chunk,
      ).toBe(true);
    expect(files.filter((u) => !/\/inlay\/(inlay\.js\?v=1|loader\.js|assets\/[\w-]+\.js)$/.test(u))).toEqual([]);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('the classic inlay.js twice: the second tag says so and stays idle; loader.js runs once', async () => {
    const w = await openPage(env.browser);
    const tag = `<script src="${env.stack.api}/inlay/inlay.js" data-client-id="demo-client" data-api-base="${env.stack.api}"></script>`;
    await w.page.goto(env.stack.fixtures.page('/classic-twice', doc(tag + tag, '<inlay-toaster></inlay-toaster>')));
    await w.page.waitForFunction(() => customElements.get('inlay-toaster') !== undefined && window.Inlay !== undefined);
    await w.page.waitForTimeout(300);
    expect(w.warnings.filter((m) => /another copy .* is already on this page/.test(m))).toHaveLength(1);
    expect(w.warnings.filter((m) => /already defined/.test(m))).toEqual([]);
    expect(w.requests.filter((u) => u.endsWith('/inlay/loader.js'))).toHaveLength(1);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('styles an element under a strict CSP without unsafe-inline, with no violations', async () => {
    const w = await openPage(env.browser);
    const csp = `default-src 'none'; script-src ${env.stack.api}; style-src 'self'; img-src ${env.stack.api} data:; connect-src ${env.stack.api}; frame-src ${env.stack.hosted}`;
    // installed by the protocol before any page script, so it sees the loader's first steps too
    await w.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await w.page.goto(
      env.stack.fixtures.page('/csp', doc(loaderTag(env.stack), '<inlay-toaster></inlay-toaster>'), {
        'content-security-policy': csp,
      }),
    );
    await w.page.waitForFunction(() => document.querySelector('inlay-toaster')?.shadowRoot?.querySelector('section'));
    const style = await w.page.evaluate(() => {
      const s = getComputedStyle(document.querySelector('inlay-toaster')!.shadowRoot!.querySelector('section')!);
      return { position: s.position, width: s.width };
    });
    expect(style).toEqual({ position: 'fixed', width: '356px' });
    expect(await w.page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });
});
