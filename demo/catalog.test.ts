import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemo } from './server.ts';
import { startTestEmulator } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from '../emulator/server.ts';

/**
 * The demo storefront's own server reads the catalog of whichever version the site is on (Catalog Versioning API):
 * the same shop, page for page, from a V1 site's products and collections and from a V3 site's products and
 * categories. Real emulators on real SQLite; the pages are compared as a shopper reads them.
 */
type Running = { emu: RunningEmulator; demo: Awaited<ReturnType<typeof startDemo>>; calls: string[] };
const sites: Partial<Record<'v1' | 'v3', Running>> = {};

// the demo's server runs in this process: what it asks the platform is seen at fetch (passed through, not faked)
const realFetch = globalThis.fetch;
vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  for (const s of Object.values(sites)) if (url.startsWith(s.emu.url)) s.calls.push(url.slice(s.emu.url.length));
  return realFetch(input, init);
});

beforeAll(async () => {
  for (const catalog of ['v1', 'v3'] as const) {
    const emu = await startTestEmulator({ catalog });
    const calls: string[] = [];
    const demo = await startDemo({ port: 0, apiBase: emu.url, hostedBase: emu.hostedUrl });
    sites[catalog] = { emu, demo, calls };
  }
});
afterAll(async () => {
  for (const s of Object.values(sites)) {
    await s.demo.close();
    await s.emu.close();
  }
});

const page = async (catalog: 'v1' | 'v3', path: string) => {
  const res = await fetch(sites[catalog]!.demo.url + path);
  return { status: res.status, html: await res.text() };
};
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);
/** What a shopper sees on a listing: each card's name, price line and sold-out ribbon. */
const cards = (html: string) =>
  html
    .split('<li class="card">')
    .slice(1)
    .map((c) => ({
      name: /<span class="card-name">([^<]*)</.exec(c)?.[1],
      price: /<p class="price">([^]*?)<\/p>/.exec(c)?.[1]?.replace(/\s+/g, ' ').trim(),
      soldOut: c.includes('ribbon sold'),
      ribbon: /<span class="ribbon">([^<]*)</.exec(c)?.[1],
    }));

describe('the demo storefront on Catalog V1 and V3', () => {
  it('the home page lists the same products, prices and ribbons; V3 reads only V3 (products, categories)', async () => {
    const v1 = await page('v1', '/');
    const v3 = await page('v3', '/');
    expect(v3.status).toBe(200);
    expect(cards(v1.html).length).toBe(14);
    expect(cards(v3.html)).toEqual(cards(v1.html));
    expect(cards(v3.html).some((c) => c.soldOut)).toBe(true);
    expect(cards(v3.html).some((c) => c.price?.includes('<s>'))).toBe(true); // a discounted product shows both
    const v3calls = sites.v3!.calls.filter((c) => !c.includes('/oauth2/'));
    expect(v3calls.some((c) => c.includes('/categories/v1/categories/query'))).toBe(true);
    expect(v3calls.filter((c) => c.includes('/stores-reader/'))).toEqual([]);
  });

  it('the category links and a category page: the same products in each (V1 collections, V3 categories)', async () => {
    const nav = (html: string) => all(html, /<a href="\/\?category=([a-z-]+)">/g).filter((s) => s !== 'all-products');
    const v1 = await page('v1', '/');
    const v3 = await page('v3', '/');
    expect(nav(v3.html)).toEqual(nav(v1.html));
    expect(nav(v3.html).length).toBeGreaterThan(2);
    for (const slug of nav(v1.html)) {
      const a = cards((await page('v1', `/?category=${slug}`)).html);
      const b = cards((await page('v3', `/?category=${slug}`)).html);
      expect(b.length, slug).toBeGreaterThan(0);
      expect(b.length, slug).toBeLessThan(14);
      expect(b, slug).toEqual(a);
    }
    expect((await page('v3', '/?category=no-such')).status).toBe(404);
  });

  it('a product page: description, brand, the variant list with stock, prices per variant', async () => {
    for (const slug of ['enamel-camp-mug', 'cast-iron-skillet', 'camp-lantern']) {
      const a = await page('v1', `/products/${slug}`);
      const b = await page('v3', `/products/${slug}`);
      expect(b.status, slug).toBe(200);
      // the same page but for the platform's own address (each site its emulator)
      const main = (html: string, c: 'v1' | 'v3') =>
        /<main id="main">([^]*)<\/main>/.exec(html)?.[1]?.replaceAll(sites[c]!.emu.url, 'PLATFORM');
      // but for each variant's photo: V1 gives a choice its own (a colour's photo), V3 in the emulator does not, so
      // each of its variants shows the product's own image (the demo swaps the photo where the catalog has one)
      const images = /&quot;image&quot;:&quot;[^&]*&quot;/g;
      expect(main(b.html, 'v3')?.replace(images, 'IMAGE'), slug).toEqual(main(a.html, 'v1')?.replace(images, 'IMAGE'));
      const own = (html: string) => new Set(html.match(images));
      if (slug === 'enamel-camp-mug') {
        expect(own(a.html).size, 'V1: a photo per colour').toBe(3);
        expect(own(b.html).size, 'V3: the product’s own photo').toBe(1);
      }
    }
    const mug = (await page('v3', '/products/enamel-camp-mug')).html;
    expect(all(mug, /<option value="([^"]+)"/g).length).toBeGreaterThan(1);
    expect(mug).toMatch(/<div class="description"><p>[^<]{20,}<\/p>/);
    expect((await page('v3', '/products/no-such-thing')).status).toBe(404);
  });
});
