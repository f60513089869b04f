import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axe, openPage, showReviews } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api, createTestMember, memberTokens, placeOrderAs } from '../helpers/emulator.ts';
import { seedIds, seedVariantId } from '../../emulator/seed.ts';
import { insertReview } from '../../emulator/domain/reviews.ts';

const env = useStackAndBrowser();
const PRODUCT = '/products/enamel-camp-mug?dir=rtl';

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not rendered');
  return { left: b.x, right: b.x + b.width, width: b.width, top: b.y, bottom: b.y + b.height };
};
/** Wider than the viewport? (In a right-to-left page the overflow is to the left, and scrollable.) */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function rtlPage(width: number, colorScheme: 'light' | 'dark' = 'light') {
  const w = await openPage(env.browser, { viewport: { width, height: 900 }, colorScheme });
  await w.page.goto(`${env.stack.demo}${PRODUCT}`);
  expect(await w.page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
    'rtl',
    'en',
  ]);
  await expect.poll(() => w.page.locator('inlay-recommendations').getByRole('group').count()).toBe(7);
  await showReviews(w.page);
  await w.page.locator('inlay-reviews').getByRole('heading', { name: 'Customer reviews' }).waitFor();
  return w;
}

describe('right-to-left (?dir=rtl): every widget mirrors', () => {
  for (const width of [1280, 375]) {
    it(`product page at ${width} px: no horizontal overflow, stars fill from the right`, async () => {
      const w = await rtlPage(width);
      expect(await overflows(w.page)).toBe(false);
      // the filled part of a rating starts at the inline start: the right edge
      const rating = w.page.locator('.product-info inlay-rating');
      await rating.locator('.stars i').waitFor();
      const [stars, fill] = [await box(rating.locator('.stars')), await box(rating.locator('.stars i'))];
      expect(Math.abs(fill.right - stars.right)).toBeLessThan(1);
      // the demo's own "sold out"/ribbon badges and skip link are logical too: the skip link, once focused, sits top-right
      await w.page.keyboard.press('Tab');
      const skip = await box(w.page.locator('a.skip'));
      expect(skip.right).toBeGreaterThan(width - 40);
      await w.context.close();
    });
  }

  it('carousel: "next" is left of "previous", moves the track leftwards (to the next slides), and so does ArrowLeft', async () => {
    const w = await rtlPage(1280);
    const c = w.page.locator('inlay-recommendations');
    const prev = c.getByRole('button', { name: 'Previous products' });
    const next = c.getByRole('button', { name: 'Next products' });
    const [p, n] = [await box(prev), await box(next)];
    expect(n.right).toBeLessThanOrEqual(p.left);
    // the first slide starts at the right edge of the track
    const track = c.locator('.track');
    expect(Math.abs((await box(c.getByRole('group').first())).right - (await box(track)).right)).toBeLessThan(6);
    expect(await prev.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    const scroll = () => track.evaluate((el) => el.scrollLeft);
    await next.click();
    await expect.poll(() => next.isDisabled()).toBe(true);
    await expect.poll(() => prev.isDisabled()).toBe(false);
    expect(await scroll()).toBeLessThan(-100);
    // the last slide is now in view, at the left
    expect((await box(c.getByRole('group').last())).left).toBeGreaterThanOrEqual((await box(track)).left - 1);
    await prev.click();
    await expect.poll(() => prev.isDisabled()).toBe(true);
    await expect.poll(scroll).toBeGreaterThan(-2);

    const focused = () => c.evaluate((el) => el.shadowRoot!.activeElement?.querySelector('.name')?.textContent);
    const names = await c.locator('a.card-link .name').allTextContents();
    await c.locator('a.card-link').first().focus();
    await w.page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe(names[1]);
    await w.page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe(names[2]);
    await w.page.keyboard.press('ArrowRight');
    expect(await focused()).toBe(names[1]);
    await w.page.keyboard.press('End');
    expect(await focused()).toBe(names.at(-1));
    // focusing the last slide scrolled the track toward it: leftwards
    await expect.poll(scroll).toBeLessThan(-100);
    await w.context.close();
  });

  it('drawer at the left edge, login panel opens toward the page (aligned to its inline end), toasts bottom-left; axe clean', async () => {
    const w = await rtlPage(1280);
    // login: the widget sits at the header's left; its panel is anchored to the widget's left edge and stays on screen
    const login = w.page.locator('inlay-login');
    await login.getByRole('button', { name: 'Sign in' }).click();
    const panel = login.getByRole('dialog');
    await panel.waitFor();
    const [host, pb] = [await box(login), await box(panel)];
    expect(pb.left).toBeGreaterThanOrEqual(0);
    expect(Math.abs(pb.left - host.left)).toBeLessThan(1);
    expect(pb.right).toBeGreaterThan(host.right);
    expect(await axe(w.page)).toEqual([]);
    await w.page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);

    // the drawer opens at the inline end: the left
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const drawer = w.page.locator('inlay-cart').locator('dialog');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expect.poll(() => drawer.locator('li.line').count()).toBe(1);
    const d = await box(drawer);
    expect(d.left).toBeLessThan(1);
    expect(d.right).toBeLessThan(1280 / 2);
    // the cart's count badge hangs off the button's inline end (left)
    const [btn, badge] = [
      await box(w.page.locator('inlay-cart .cart-button')),
      await box(w.page.locator('inlay-cart .badge')),
    ];
    expect(badge.left).toBeLessThan(btn.left);
    expect(await axe(w.page)).toEqual([]);
    await w.page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    // a failed add: an error toast, at the bottom left
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/add-to-cart', status: 503, times: 1 },
    });
    w.expected.push(/status of 503/);
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const toast = w.page.locator('inlay-toaster li').first();
    await toast.waitFor();
    await toast.evaluate((e) => Promise.all(e.getAnimations().map((a) => a.finished))); // axe measures colours: not mid fade-in
    const t = await box(toast);
    expect(t.left).toBeLessThanOrEqual(17);
    expect(t.right).toBeLessThan(1280 / 2);
    expect(t.bottom).toBeGreaterThan(900 - 40);
    expect(await axe(w.page)).toEqual([]);
    await w.context.close();
  });

  it('review photo lightbox: "next" sits left of "previous", its arrows point the reading way, ArrowLeft shows the next photo', async () => {
    const w = await openPage(env.browser);
    // without the site companion: its cache, like the page's kept copies, holds the reviews for a minute, and the
    // review below is written behind both their backs
    await w.page.goto(`${env.stack.demo}/products/camp-lantern?dir=rtl&companion=off`);
    const photo = await w.page.locator('.product-media img').getAttribute('src');
    expect(photo).toMatch(/^http/);
    // the reviews shown, so their answer is still waiting to be written (a second, PERSIST_WRITE_DELAY_MS) when the
    // page reloads
    await showReviews(w.page);
    await w.page.locator('inlay-reviews article').first().waitFor();
    insertReview(env.stack.emulator.db, {
      namespace: 'stores',
      entityId: seedIds.products['camp-lantern']!,
      contactId: 'c-rtl',
      authorName: 'Rana',
      authorType: 'VISITOR',
      createdBy: 'x',
      body: 'Three photos',
      rating: 5,
      // three: with two, one step either way lands on the same photo
      media: [{ image: { url: photo! } }, { image: { url: photo! } }, { image: { url: photo! } }],
      status: 'APPROVED',
      nowIso: new Date().toISOString(),
    });
    // written straight into the database, behind the widgets' back: the reads kept from the first load (fresh for
    // 60 s) would hide it on the reload, as they would for any change made outside Inlay. They are dropped as the
    // reloaded page starts, not before the reload: the first page writes what it read as it goes (pagehide,
    // core/cache/persisted.ts), after any clearing done from the test.
    await w.page.addInitScript(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('inlay.cache.'))
        .forEach((k) => localStorage.removeItem(k)),
    );
    await w.page.reload();
    await showReviews(w.page);
    const reviews = w.page.locator('inlay-reviews');
    await reviews.getByRole('button', { name: 'Photo 1 of 3 from Rana' }).click();
    const dialog = reviews.locator('dialog[open]');
    await dialog.waitFor();
    const prev = dialog.getByRole('button', { name: 'Previous photo' });
    const next = dialog.getByRole('button', { name: 'Next photo' });
    expect((await box(next)).right).toBeLessThanOrEqual((await box(prev)).left);
    // the chevron icon is drawn pointing left ("previous" in LTR): in RTL "next" keeps it, "previous" is flipped
    const flipped = (b: Locator) => b.locator('svg').evaluate((e) => getComputedStyle(e).transform);
    expect(await flipped(next)).toBe('none');
    expect(await flipped(prev)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // the counter reads "1 / 3" left to right on the right-to-left page (unisolated it read "3 / 1")
    const left = (ch: string) =>
      dialog.locator('.count bdi').evaluate((el, ch) => {
        const text = el.firstChild!;
        const r = document.createRange();
        r.setStart(text, text.textContent!.indexOf(ch));
        r.setEnd(text, text.textContent!.indexOf(ch) + 1);
        return r.getBoundingClientRect().left;
      }, ch);
    expect(await left('1')).toBeLessThan(await left('3'));
    await w.page.keyboard.press('ArrowLeft');
    await expect.poll(() => dialog.getAttribute('aria-label')).toBe('Photo 2 of 3 from Rana');
    await w.page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getAttribute('aria-label')).toBe('Photo 1 of 3 from Rana');
    expect(await axe(w.page, 'inlay-reviews')).toEqual([]);
    await w.context.close();
  });

  for (const [scheme, width] of [
    ['light', 1280],
    ['light', 375],
    ['dark', 1280],
    ['dark', 375],
  ] as const) {
    it(`axe: product page, home and snippet page in ${scheme}, right-to-left, at ${width} px`, async () => {
      const w = await rtlPage(width, scheme);
      expect(await axe(w.page)).toEqual([]);
      await w.page.goto(`${env.stack.demo}/?dir=rtl`);
      await w.page.locator('inlay-login').getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await axe(w.page)).toEqual([]);
      expect(await overflows(w.page)).toBe(false);
      // the snippet page: code stays left to right (an HTML tag would otherwise read "script ...>" with "<" at its end)
      await w.page.goto(`${env.stack.demo}/snippet?dir=rtl`);
      await expect
        .poll(() => w.page.locator('#snippet-code').textContent())
        .toMatch(/^<link rel="preconnect" [^\n]+\n<script /);
      // the opening "<" is drawn at the block's left edge
      const lt = await w.page.locator('#snippet-code').evaluate((e) => {
        const r = document.createRange();
        r.setStart(e.firstChild!, 0);
        r.setEnd(e.firstChild!, 1);
        return r.getBoundingClientRect().left - e.parentElement!.getBoundingClientRect().left;
      });
      expect(lt).toBeLessThan(24);
      expect(await axe(w.page)).toEqual([]);
      await w.context.close();
    });
  }
});

/**
 * Where each of `tokens` is drawn: the left edge of its first occurrence in the text under `l` (shadow roots included),
 * from the rendered boxes (a Range's rects), so the test sees the order a reader sees, not the DOM's.
 */
const lefts = (l: Locator, tokens: string[]) =>
  l.evaluate(
    (root, tokens) =>
      tokens.map((token) => {
        const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          const at = n.textContent!.indexOf(token);
          if (at < 0) continue;
          const r = document.createRange();
          r.setStart(n, at);
          r.setEnd(n, at + token.length);
          return Math.min(...[...r.getClientRects()].map((x) => x.left));
        }
        throw new Error(`"${token}" is not shown in ${root.textContent}`);
      }),
    tokens,
  );
/** `tokens` drawn from left to right, in this order (a left-to-right value in a right-to-left page). */
const readsLeftToRight = async (l: Locator, tokens: string[]) => {
  const x = await lefts(l, tokens);
  expect(x, `${tokens.join(' | ')} at ${x.join(', ')}`).toEqual([...x].sort((a, b) => a - b));
};

describe('right-to-left (?dir=rtl): the data inside keeps its own order', () => {
  it('cart: a line’s price each, its total and the coupon’s discount read left to right', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}${PRODUCT}`);
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const drawer = w.page.locator('inlay-cart').locator('dialog');
    await expect.poll(() => drawer.locator('li.line').count()).toBe(1);
    const coupon = drawer.getByLabel('Coupon code');
    await coupon.fill('welcome10');
    await coupon.press('Enter');
    await expect.poll(() => drawer.textContent()).toContain('Coupon WELCOME10 applied');
    const line = drawer.locator('li.line');
    // "$18.00 each", not "each $18.00"
    await readsLeftToRight(line.locator('p', { hasText: 'each' }), ['$', 'each']);
    // the discount "−$1.80", not "$1.80−"; every amount starts with its sign or currency
    const totals = drawer.locator('dl.totals');
    await expect.poll(() => totals.textContent()).toMatch(/WELCOME10−\$/);
    await readsLeftToRight(totals.locator('dd', { hasText: '−' }), ['−', '$']);
    expect(await axe(w.page, 'inlay-cart')).toEqual([]);
    await w.context.close();
  });

  it('account: an order’s item count, its address and its amounts read left to right; the member’s name is cut at its end', async () => {
    const email = `rtl-${Date.now()}@example.com`;
    const id = await createTestMember(env.stack.emulator, email, 'correct-horse-9', {
      firstName: 'Alexandra-Montgomery Fernwood',
      lastName: 'Birch',
    });
    const { access } = await memberTokens(env.stack.emulator, { id });
    const mug = seedIds.products['enamel-camp-mug']!;
    await placeOrderAs(
      env.stack.emulator,
      access,
      [{ productId: mug, variantId: seedVariantId('enamel-camp-mug', { Color: 'Forest' }), quantity: 2 }],
      { addressLine: '88 Birch Ave', city: 'Portland', subdivision: 'OR', postalCode: '97201' },
      env.stack.demo,
    );
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/account?dir=rtl`);
    const a = w.page.locator('inlay-account');
    await a.getByText('Sign in to see your account').waitFor();
    await a.getByLabel('Email').fill(email);
    await a.getByLabel('Password', { exact: true }).fill('correct-horse-9');
    await a.getByLabel('Password', { exact: true }).press('Enter');
    const card = a.locator('[part=order]');
    await card.waitFor();
    // "2 items", not "items 2"
    const counted = card.locator('p.muted', { hasText: 'items' });
    expect(await counted.textContent()).toMatch(/ · 2 items$/);
    await readsLeftToRight(counted, ['2 ', 'items']);
    await readsLeftToRight(card.locator('p.num'), ['Order', '#']);
    await a.getByRole('button', { name: /^View details, order #/ }).click();
    const detail = a.locator('[part=order-detail]');
    await detail.locator('.addr').first().waitFor();
    // "88 Birch Ave", not "Birch Ave 88"; "Portland, OR 97201"
    const address = detail.locator('.addr').first();
    await readsLeftToRight(address, ['88', 'Birch', 'Ave']);
    await readsLeftToRight(address, ['Portland', 'OR', '97201']);
    await readsLeftToRight(detail.locator('[part=lines] li').first(), ['Qty', '2']);
    expect(await axe(w.page, 'inlay-account')).toEqual([]);

    // the header's member button: a name too long for it keeps its start ("Alexandra-Mo…"), not its end ("…rnwood")
    const name = w.page.locator('inlay-login .name');
    await expect.poll(() => name.textContent()).toBe('Alexandra-Montgomery Fernwood');
    expect(await name.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    const [start] = await lefts(name, ['Alexandra']);
    expect(Math.abs(start! - (await box(name)).left)).toBeLessThan(2);
    await w.context.close();
  });
});
