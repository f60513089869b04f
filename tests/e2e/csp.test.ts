import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, showReviews, signInWithWidget, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api } from '../helpers/emulator.ts';
import { DEMO_LOGINS, seedIds, seedVariantId } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const TAGS = [
  'inlay-login',
  'inlay-cart',
  'inlay-rating',
  'inlay-reviews',
  'inlay-add-to-cart',
  'inlay-back-in-stock',
  'inlay-recommendations',
  'inlay-toaster',
];
const MUG = seedIds.products['enamel-camp-mug']!;
const FOREST = seedVariantId('enamel-camp-mug', { Color: 'Forest' });
/**
 * The policy the README documents, for a site whose widgets and platform API are both on `api`, and whose platform
 * serves its authorize page on `pages` (the emulator's hosted pages origin).
 */
const policy = (api: string, pages: string) =>
  `default-src 'none'; script-src ${api}; style-src 'self'; img-src ${api} data:; connect-src ${api}; frame-src ${pages}; require-trusted-types-for 'script'`;

/**
 * A page that records every CSP report (directive, blocked URI, sample) from before its first script runs; the
 * listener is installed by the protocol, so the policy does not apply to it, and it sees reports from shadow roots
 * (the event is composed).
 */
async function watched(): Promise<WatchedPage> {
  const w = await openPage(env.browser);
  await w.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${JSON.stringify(e.sample)}`),
      true,
    );
  });
  return w;
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);

/** Every widget upgraded and rendered something in its shadow root. */
async function allRendered(page: Page, tags = TAGS) {
  await page.waitForFunction(
    (tags) => tags.every((t) => (document.querySelector(t)?.shadowRoot?.childElementCount ?? 0) > 0),
    tags,
  );
}

async function signIn(page: Page) {
  await signInWithWidget(page, DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);
  expect(await page.evaluate(() => window.Inlay!.session.get().role)).toBe('member');
}

const fixture = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>csp</title>${head}</head><body>${body}</body></html>`;

describe('strict CSP with Trusted Types', () => {
  it('the demo product page under the policy: every widget works and nothing is reported', async () => {
    const w = await watched();
    const res = await w.page.goto(`${env.stack.demo}/csp/enamel-camp-mug`);
    expect(res!.headers()['content-security-policy']).toBe(policy(env.stack.api, env.stack.hosted));
    // its reviews load lazily, once near the viewport
    await showReviews(w.page);
    await allRendered(w.page);
    // the page itself: no inline script (the reviews' JSON-LD is data), no style attribute, no <style>
    expect(
      await w.page.evaluate(
        () => document.querySelectorAll('[style], style, script:not([src]):not([type="application/ld+json"])').length,
      ),
    ).toBe(0);
    // its own stylesheet applies (style-src 'self'), its images come from the platform or are data: URLs
    expect(await w.page.locator('.site-header').evaluate((e) => getComputedStyle(e).display)).not.toBe('inline');
    const imgs = await w.page.evaluate(() =>
      [...document.images].map((i) => ({ src: i.currentSrc || i.src, ok: i.complete && i.naturalWidth > 0 })),
    );
    expect(imgs.length).toBeGreaterThan(1);
    for (const i of imgs) expect(i.src.startsWith(env.stack.api + '/') || i.src.startsWith('data:'), i.src).toBe(true);

    const rating = w.page.locator('inlay-rating').first().getByRole('img');
    await expect.poll(() => rating.getAttribute('aria-label')).toMatch(/out of 5/);
    const reviews = w.page.locator('inlay-reviews');
    await reviews.locator('[part=list] article').first().waitFor();
    // the JSON-LD is written once the product's name has been read, which may come after the first review
    await expect
      .poll(() => w.page.evaluate(() => document.head.querySelectorAll('script[type="application/ld+json"]').length))
      .toBe(1);

    // sign-in: direct login, then the silent member-token exchange in the hidden platform iframe (frame-src)
    await signIn(w.page);
    expect(w.requests.some((u) => u.startsWith(`${env.stack.hosted}/oauth2/authorize?redirectSession=`))).toBe(true);

    // add to cart → drawer → quantity → coupon
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const drawer = w.page.locator('inlay-cart').locator('dialog');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'One more Enamel Camp Mug' }).click();
    await expect.poll(() => w.page.locator('inlay-cart .badge').textContent()).toBe('2');
    const coupon = drawer.getByLabel('Coupon code');
    await coupon.fill('welcome10');
    await coupon.press('Enter');
    await expect.poll(() => drawer.textContent()).toContain('Coupon WELCOME10 applied');
    await w.page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    // the review form (photos only where the page names a site companion: their preview under a strict CSP is in
    // tests/e2e/reviews.test.ts)
    await reviews.getByRole('button', { name: 'Write a review' }).click();
    await reviews.getByRole('group', { name: 'Your rating' }).waitFor();
    expect(await reviews.getByLabel('Add photos').count()).toBe(0);

    // back in stock (shown with `always`), prefilled for the member
    const bis = w.page.locator('inlay-back-in-stock');
    await bis.getByRole('button', { name: 'Notify me when it’s back' }).click();
    await expect.poll(() => bis.getByLabel('Email', { exact: true }).inputValue()).toBe(DEMO_LOGINS.member.email);
    await bis.getByRole('button', { name: 'Notify me', exact: true }).click();
    await expect.poll(() => bis.getByRole('status').textContent()).toMatch(/We’ll email you/);

    // recommendations carousel
    const recs = w.page.locator('inlay-recommendations');
    const next = recs.getByRole('button', { name: 'Next products' });
    const prev = recs.getByRole('button', { name: 'Previous products' });
    await expect.poll(() => recs.getByRole('group').count()).toBeGreaterThan(4);
    await next.click();
    await expect.poll(() => prev.isDisabled()).toBe(false);
    await prev.click();
    await expect.poll(() => prev.isDisabled()).toBe(true);

    // the toaster: a failed add shows an error toast whose Retry works
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/add-to-cart', status: 503, times: 1 },
    });
    w.expected.push(/status of 503/);
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const toaster = w.page.locator('inlay-toaster');
    await toaster.getByRole('button', { name: 'Try again' }).waitFor();
    await toaster
      .locator('li')
      .first()
      .evaluate((e) => Promise.all(e.getAnimations().map((a) => a.finished))); // axe measures colours: not mid fade-in
    expect(await axe(w.page, 'inlay-toaster')).toEqual([]);
    await toaster.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => w.page.locator('inlay-cart .badge').textContent()).toBe('3');

    expect(await violations(w.page)).toEqual([]);
    await w.context.close();
  });

  it('the classic inlay.js under the same policy: widgets render, sign-in and the drawer work, nothing is reported', async () => {
    const w = await watched();
    const head = `<script src="${env.stack.api}/inlay/inlay.js" data-client-id="demo-client" data-api-base="${env.stack.api}"></script>`;
    const body = `<inlay-login></inlay-login><inlay-cart></inlay-cart><inlay-rating product-id="${MUG}"></inlay-rating><inlay-add-to-cart product-id="${MUG}" variant-id="${FOREST}"></inlay-add-to-cart><inlay-back-in-stock product-id="${MUG}" variant-id="${FOREST}" always></inlay-back-in-stock><inlay-recommendations product-id="${MUG}"></inlay-recommendations><inlay-reviews product-id="${MUG}"></inlay-reviews><inlay-toaster></inlay-toaster>`;
    await w.page.goto(
      env.stack.fixtures.page('/classic-csp', fixture(head, body), {
        'content-security-policy': policy(env.stack.api, env.stack.hosted),
      }),
    );
    await allRendered(w.page);
    // one classic tag; the loader and the chunks a module page loads come from beside it (imported, not <script>s)
    expect(w.requests.filter((u) => /\/inlay\/(inlay|loader)\.js$/.test(u))).toEqual([
      `${env.stack.api}/inlay/inlay.js`,
      `${env.stack.api}/inlay/loader.js`,
    ]);
    expect(w.requests.some((u) => u.startsWith(`${env.stack.api}/inlay/assets/core-`))).toBe(true);
    expect(await w.page.evaluate(() => document.querySelectorAll('script[type=module]').length)).toBe(0);
    await w.page.locator('inlay-reviews [part=list] article').first().waitFor();
    // the JSON-LD is written once the product's name has been read, which may come after the first review
    await expect
      .poll(() => w.page.evaluate(() => document.head.querySelectorAll('script[type="application/ld+json"]').length))
      .toBe(1);
    await expect.poll(() => w.page.locator('inlay-recommendations').getByRole('group').count()).toBeGreaterThan(0);
    await signIn(w.page);
    await w.page.locator('body > inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(true);
    await w.page.keyboard.press('Escape');
    await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(false);
    await w.page.locator('inlay-reviews').getByRole('button', { name: 'Write a review' }).click();
    await w.page.locator('inlay-reviews').getByRole('group', { name: 'Your rating' }).waitFor();
    expect(await violations(w.page)).toEqual([]);
    await w.context.close();
  });

  it('the classic inlay.js under a nonce and strict-dynamic policy, twice: the first tag loads, the second stays idle, nothing is reported', async () => {
    const w = await watched();
    const nonce = 'c2NyaXB0LW5vbmNl';
    const tag = `<script src="${env.stack.api}/inlay/inlay.js" nonce="${nonce}" data-client-id="demo-client" data-api-base="${env.stack.api}"></script>`;
    const body = `<inlay-login></inlay-login><inlay-cart></inlay-cart><inlay-rating product-id="${MUG}"></inlay-rating><inlay-add-to-cart product-id="${MUG}" variant-id="${FOREST}"></inlay-add-to-cart><inlay-toaster></inlay-toaster>`;
    const strict = policy(env.stack.api, env.stack.hosted).replace(
      `script-src ${env.stack.api}`,
      `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    );
    await w.page.goto(
      env.stack.fixtures.page('/classic-nonce', fixture(tag + tag, body), { 'content-security-policy': strict }),
    );
    await allRendered(w.page, ['inlay-login', 'inlay-cart', 'inlay-rating', 'inlay-add-to-cart', 'inlay-toaster']);
    await expect
      .poll(() => w.warnings.filter((m) => /another copy .* is already on this page; this one .* stays idle/.test(m)))
      .toHaveLength(1);
    expect(w.requests.filter((u) => u.endsWith('/inlay/loader.js'))).toHaveLength(1);
    await w.page.locator('body > inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(true);
    expect(w.errors).toEqual([]);
    expect(await violations(w.page)).toEqual([]);
    await w.context.close();
  });

  it('control: the listener does catch an inline style attribute, an inline script and a plain string in a script element', async () => {
    const w = await watched();
    w.expected.push(/violates the following Content Security Policy directive/, /requires 'TrustedScript' assignment/);
    const head = `<script type="module" src="${env.stack.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${env.stack.api}"></script>`;
    const body = `<p style="color: red">styled</p><script>window.inline = true</script><inlay-toaster></inlay-toaster>`;
    await w.page.goto(
      env.stack.fixtures.page('/control-csp', fixture(head, body), {
        'content-security-policy': policy(env.stack.api, env.stack.hosted),
      }),
    );
    await allRendered(w.page, ['inlay-toaster']);
    const sink = await w.page.evaluate(() => {
      try {
        document.createElement('script').textContent = 'window.sunk = true';
        return 'assigned';
      } catch (e) {
        return (e as Error).name;
      }
    });
    expect(sink).toBe('TypeError');
    expect(await w.page.evaluate(() => (window as unknown as { inline?: boolean }).inline)).toBeUndefined();
    const seen = await violations(w.page);
    expect(seen.some((v) => v.startsWith('style-src-attr inline'))).toBe(true);
    expect(seen.some((v) => v.startsWith('script-src-elem inline'))).toBe(true);
    expect(seen.some((v) => v.startsWith('require-trusted-types-for trusted-types-sink'))).toBe(true);
    await w.context.close();
  });
});
