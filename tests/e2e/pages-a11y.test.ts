import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, showReviews } from '../helpers/browser.ts';
import { hostedAccountUrl, hostedCheckoutUrl, hostedLoginUrl } from '../helpers/hosted.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api } from '../helpers/emulator.ts';
import { DEMO_LOGINS, seedVariantId } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const NAVY = seedVariantId('enamel-camp-mug', { Color: 'Navy' });

/** Every widget element in the page has rendered into its shadow root (hidden ones excepted). */
const widgetsRendered = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('*')]
      .filter((e) => e.localName.startsWith('inlay-') && !(e as HTMLElement).hidden)
      .every((e) => (e.shadowRoot?.childElementCount ?? 0) > 0 && !e.shadowRoot?.querySelector('[aria-busy=true]')),
  );

/** The demo pages that demo.test.ts (home, product) and spa.test.ts (light) do not axe-check. */
const PAGES: { path: string; status: number; heading: RegExp }[] = [
  { path: '/?category=kitchen', status: 200, heading: /^Kitchen/ },
  { path: '/thank-you?orderId=ord_123', status: 200, heading: /Thank you for your order/ },
  { path: '/thank-you', status: 200, heading: /Thank you for your order/ },
  { path: '/no-such-page', status: 404, heading: /We couldn't find that page/ },
  { path: '/?category=no-such-category', status: 404, heading: /We couldn't find that page/ },
  { path: '/csp/enamel-camp-mug', status: 200, heading: /Enamel Camp Mug/ },
  { path: '/spa', status: 200, heading: /./ },
];

describe('axe on every demo page, light and dark', () => {
  for (const [colorScheme, viewport] of [
    ['light', { width: 1280, height: 900 }],
    ['dark', { width: 1280, height: 900 }],
    ['dark', { width: 375, height: 812 }],
  ] as const) {
    for (const p of PAGES) {
      it(`${p.path} (${colorScheme}, ${viewport.width} px)`, async () => {
        const w = await openPage(env.browser, { colorScheme, viewport });
        w.expected.push(/status of 404/); // the not-found pages themselves
        const res = await w.page.goto(env.stack.demo + p.path);
        expect(res?.status()).toBe(p.status);
        expect(await w.page.locator('main h1').first().textContent()).toMatch(p.heading);
        await w.page.locator('inlay-login').getByRole('button', { name: 'Sign in' }).waitFor();
        // the product page under the CSP defers its reviews (loading="lazy"): scrolled in, they are checked too
        if (await w.page.locator('inlay-reviews[loading=lazy]').count()) await showReviews(w.page);
        await widgetsRendered(w.page);
        expect(await axe(w.page)).toEqual([]);
        await w.context.close();
      });
    }
  }
});

describe('axe on widget states in dark mode (the per-widget suites check them in light)', () => {
  for (const dir of ['ltr', 'rtl'] as const) {
    it(`${dir}: sign-up errors, drawer with a refused coupon, review form errors, back-in-stock error and subscribed, an error toast`, async () => {
      const w = await openPage(env.browser, { colorScheme: 'dark' });
      w.expected.push(/status of (400|503)/); // the refused coupon, the failed add below
      await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug${dir === 'rtl' ? '?dir=rtl' : ''}`);
      await showReviews(w.page);
      await widgetsRendered(w.page);
      const check = async (state: string) => expect(await axe(w.page), state).toEqual([]);

      const login = w.page.locator('inlay-login');
      await login.getByRole('button', { name: 'Sign in' }).click();
      await login.getByRole('button', { name: 'New here? Create an account' }).click();
      await login.getByRole('button', { name: 'Create account' }).click();
      await expect.poll(() => login.locator('.err').count()).toBeGreaterThan(0);
      await check('sign-up errors');
      await w.page.keyboard.press('Escape');

      const add = w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' });
      await add.click();
      const drawer = w.page.locator('inlay-cart').locator('dialog');
      await expect.poll(() => drawer.locator('li.line').count()).toBe(1);
      await drawer.getByLabel('Coupon code').fill('SUMMER24');
      await drawer.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => drawer.getByRole('alert').textContent()).toBe('This coupon has expired.');
      await check('coupon error');
      await w.page.keyboard.press('Escape');
      await expect.poll(() => drawer.isVisible()).toBe(false);

      const reviews = w.page.locator('inlay-reviews');
      await reviews.getByRole('button', { name: 'Write a review' }).click();
      await reviews.getByRole('button', { name: 'Submit review' }).click();
      await expect
        .poll(() => reviews.locator('.err').allTextContents())
        .toContain('Choose a rating from 1 to 5 stars.');
      await check('review form errors');

      await w.page.selectOption('#variant', NAVY);
      const bis = w.page.locator('inlay-back-in-stock');
      await bis.getByRole('button', { name: 'Notify me when it’s back' }).click();
      await bis.getByLabel('Email', { exact: true }).fill('ada@');
      await bis.getByLabel('Email', { exact: true }).press('Enter');
      await expect.poll(() => bis.locator('.err').textContent()).toMatch(/valid email/);
      await check('back-in-stock error');
      await bis.getByLabel('Email', { exact: true }).fill(`ada.${dir}@example.com`);
      await bis.getByLabel('Email', { exact: true }).press('Enter');
      await expect.poll(() => bis.getByRole('status').textContent()).toMatch(/We’ll email you/);
      await check('back-in-stock subscribed');

      await w.page.selectOption('#variant', seedVariantId('enamel-camp-mug', { Color: 'Forest' }));
      await api(env.stack.emulator, '/_dev/faults', {
        body: { path: '/ecom/v1/carts/current/add-to-cart', status: 503, times: 1 },
      });
      await add.click();
      await w.page.locator('inlay-toaster').getByRole('button', { name: 'Try again' }).waitFor();
      await w.page
        .locator('inlay-toaster li')
        .first()
        .evaluate((e) => Promise.all(e.getAnimations().map((a) => a.finished))); // not mid fade-in
      await check('error toast');
      await w.context.close();
    });
  }
});

describe('axe on the platform’s hosted pages (checkout, account, sign-in), 375 and 1280 px, light and dark', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 812 },
    ]) {
      it(`${colorScheme}, ${viewport.width} px: checkout (summary open, then field errors), account (after a save), sign-in (wrong password, then the second factor’s step)`, async () => {
        const w = await openPage(env.browser, { colorScheme, viewport });
        w.expected.push(/status of 400/); // the refused forms below
        const check = async (state: string) => expect(await axe(w.page), state).toEqual([]);

        await w.page.goto(await hostedCheckoutUrl(env.stack));
        const details = w.page.locator('details#summary');
        if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.locator('summary').click();
        await check('checkout');
        await w.page.getByLabel('Email').fill('ada@');
        await w.page.getByRole('button', { name: /^Pay / }).click();
        await w.page.getByRole('alert').waitFor();
        expect(await w.page.locator('[aria-invalid=true]').count()).toBeGreaterThan(3);
        await check('checkout with field errors');

        await w.page.goto(await hostedAccountUrl(env.stack));
        await w.page.getByRole('button', { name: 'Save name' }).click();
        await w.page.getByRole('status').waitFor();
        await check('account');

        await w.page.goto(await hostedLoginUrl(env.stack));
        await w.page.getByLabel('Email').fill('member@fernwood.example');
        await w.page.getByLabel('Password').fill('not the password');
        await w.page.getByRole('button', { name: 'Sign in' }).click();
        await w.page.getByRole('alert').waitFor();
        await check('sign-in error');

        // a member with an authenticator app: the code step (issue 42)
        await w.page.getByLabel('Email').fill(DEMO_LOGINS.authenticatorApp.email);
        await w.page.getByLabel('Password').fill(DEMO_LOGINS.authenticatorApp.password);
        await w.page.getByRole('button', { name: 'Sign in' }).click();
        await w.page.getByLabel('Code from your authenticator app').waitFor();
        await check('sign-in, the second factor’s step');
        await w.context.close();
      });
    }
  }
});
