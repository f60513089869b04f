import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import type { Stack } from '../helpers/stack.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEFAULT_VARIANT_ID } from '../../emulator/domain/catalog.ts';
import { seedIds, seedVariantId } from '../../emulator/seed.ts';

/**
 * The product page's widgets on a site on Catalog V1 and on one on V3 (docs/wire.md "Catalog V1 and V3"): the same
 * built bundle finds out which catalog the site is on, reads its products from that one only, and adds to the cart
 * with a catalog reference both take. Real Chromium, real emulators (`--catalog v1` and `v3`), no network mocks.
 */
const MUG = seedIds.products['enamel-camp-mug']!;
const LANTERN = seedIds.products['camp-lantern']!;
const FOREST = seedVariantId('enamel-camp-mug', { Color: 'Forest' });
const NAVY = seedVariantId('enamel-camp-mug', { Color: 'Navy' });

const page = (s: Stack, path: string, catalogAttr = '') =>
  s.fixtures.page(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>product</title><script type="module" src="${s.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${s.api}"${catalogAttr}></script></head><body>
<inlay-add-to-cart id="forest" product-id="${MUG}" variant-id="${FOREST}" no-open></inlay-add-to-cart>
<inlay-add-to-cart id="navy" product-id="${MUG}" variant-id="${NAVY}"></inlay-add-to-cart>
<inlay-add-to-cart id="lantern" product-id="${LANTERN}" no-open></inlay-add-to-cart>
<inlay-recommendations product-id="${MUG}"></inlay-recommendations>
<inlay-cart></inlay-cart></body></html>`,
  );

describe.each([
  { catalog: 'v1' as const, reads: '/stores-reader/v1/products', other: '/stores/v3/products' },
  { catalog: 'v3' as const, reads: '/stores/v3/products', other: '/stores-reader/v1/products' },
])('a site on Catalog $catalog', ({ catalog, reads, other }) => {
  const env = useStackAndBrowser({ catalog });

  it('the product page: stock, a sold-out variant, the carousel with prices and options, adding to the cart', async () => {
    const w = await openPage(env.browser);
    const bodies: string[] = [];
    w.page.on('request', (r) => {
      if (r.url().endsWith('/add-to-cart')) bodies.push(r.postData() ?? '');
    });
    await w.page.goto(page(env.stack, `/product-${catalog}`));
    const forest = w.page.locator('#forest').getByRole('button');
    await expect.poll(() => forest.textContent()).toBe('Add to cart');
    const navy = w.page.locator('#navy').getByRole('button');
    await expect.poll(() => navy.textContent()).toBe('Sold out');
    expect(await navy.isDisabled()).toBe(true);

    // the carousel: one catalog query for its cards, prices from it; a product with options links to its page
    const cards = w.page.locator('inlay-recommendations').getByRole('group');
    await expect.poll(() => cards.count()).toBeGreaterThan(1);
    const skillet = cards.filter({ hasText: 'Cast-Iron Skillet' });
    expect(await skillet.getByRole('link', { name: 'Choose options for Cast-Iron Skillet' }).count()).toBe(1);
    expect(await skillet.locator('inlay-add-to-cart').count()).toBe(0);
    expect(await cards.locator('.price').first().textContent()).toMatch(/^\$\d+\.\d\d/);

    await forest.click();
    await expect.poll(() => forest.textContent()).toBe('Added to cart');
    const lantern = w.page.locator('#lantern').getByRole('button');
    await lantern.click();
    await expect.poll(() => w.page.locator('inlay-cart').locator('.badge').textContent()).toBe('2');
    // a product without options goes in with its only variant (Catalog V3 wants the variant always)
    expect(bodies.map((b) => JSON.parse(b).lineItems[0].catalogReference.options)).toEqual([
      { variantId: FOREST },
      { variantId: DEFAULT_VARIANT_ID },
    ]);

    // it asked which catalog once, then read only that one
    const api = w.requests.filter((u) => u.startsWith(env.stack.api) && !u.includes('/inlay/'));
    expect(api.filter((u) => u.endsWith('/stores/v3/provision/version'))).toHaveLength(1);
    expect(api.filter((u) => u.includes(`${reads}/${MUG}`))).toHaveLength(1);
    expect(api.filter((u) => u.includes(reads) && u.includes('/query'))).toHaveLength(1);
    expect(api.filter((u) => u.includes(other))).toEqual([]);
    expect(w.errors).toEqual([]);
    await w.context.close();
  });

  it('data-catalog says it: nothing asked', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(page(env.stack, `/forced-${catalog}`, ` data-catalog="${catalog}"`));
    await expect.poll(() => w.page.locator('#navy').getByRole('button').textContent()).toBe('Sold out');
    expect(w.requests.filter((u) => u.includes(`${reads}/${MUG}`))).toHaveLength(1);
    expect(w.requests.filter((u) => u.endsWith('/stores/v3/provision/version'))).toEqual([]);
    await w.context.close();
  });
});
