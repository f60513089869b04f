import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';

const env = useStackAndBrowser();

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
    it(`${colorScheme} at ${viewport.width} px: category, thank-you, 404, strict-CSP product page, SPA`, async () => {
      const w = await openPage(env.browser, { colorScheme, viewport });
      w.expected.push(/status of 404/); // the not-found pages themselves
      for (const p of PAGES) {
        const res = await w.page.goto(env.stack.demo + p.path);
        expect(res?.status(), p.path).toBe(p.status);
        expect(await w.page.locator('main h1').first().textContent(), p.path).toMatch(p.heading);
        await w.page.locator('inlay-login').getByRole('button', { name: 'Sign in' }).waitFor();
        await widgetsRendered(w.page);
        expect(await axe(w.page), p.path).toEqual([]);
      }
      await w.context.close();
    });
  }
});
