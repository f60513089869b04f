import { describe, expect, it } from 'vitest';
import { axe, openPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { seedIds } from '../../emulator/seed.ts';

/**
 * A site whose origin the OAuth app does not allow (issue 15, point 8): the platform gives it no CORS answer, so every
 * request fails though the browser is online. The console names the likely cause and the fix, once; the widgets step
 * aside and one calm notice says the shop is not available here, instead of an "offline" message in every widget.
 */
const env = useStackAndBrowser();
const MUG = seedIds.products['enamel-camp-mug']!;

describe('a page on an origin the client id does not allow', () => {
  it('one calm notice, no widget saying "offline", and the console names the origin and the fix', async () => {
    const s = env.stack;
    const w = await openPage(env.browser);
    // the fixture server's own origin is allowed as 127.0.0.1; as localhost it is another origin, not allowed
    const url = s.fixtures
      .page(
        '/not-allowed',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>not allowed</title>
<script type="module" src="${s.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${s.api}"></script></head>
<body><header><inlay-login></inlay-login><inlay-cart></inlay-cart></header>
<main><inlay-add-to-cart product-id="${MUG}"></inlay-add-to-cart><inlay-recommendations product-id="${MUG}"></inlay-recommendations>
<inlay-reviews product-id="${MUG}"></inlay-reviews></main></body></html>`,
      )
      .replace('127.0.0.1', 'localhost');
    const origin = new URL(url).origin;
    w.expected.push(/CORS policy/, /ERR_FAILED/, /does not answer, though the browser is online/);
    await w.page.goto(url);

    const toast = w.page.locator('inlay-toaster li');
    await expect.poll(() => toast.count(), { timeout: 20_000 }).toBe(1);
    await expect(toast.textContent()).resolves.toContain('The shop is not available here right now');
    expect(await toast.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    // every widget stepped aside (kept mounted), so none of them shows its own failure
    const shown = await w.page.evaluate(() =>
      [...document.querySelectorAll('inlay-login, inlay-cart, inlay-add-to-cart, inlay-recommendations, inlay-reviews')]
        .filter((e) => getComputedStyle(e).display !== 'none')
        .map((e) => e.localName),
    );
    expect(shown).toEqual([]);
    expect(await w.page.getByText(/offline/i).count()).toBe(0);
    expect(await axe(w.page, 'inlay-toaster')).toEqual([]);

    const named = w.errors.filter((e) => e.includes('does not answer, though the browser is online'));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain(`${origin} is likely not an allowed origin of client id "demo-client"`);
    expect(named[0]).toContain(`INLAY_DEMO_ORIGINS=${origin}`);
    await w.context.close();
  });

  it('the snippet page says which origins the emulator allows and how to add one', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/snippet`);
    const hint = w.page.locator('#origins-hint');
    const text = (await hint.textContent()) ?? '';
    expect(text).toContain(env.stack.demo);
    expect(text).toContain(env.stack.fixtures.url);
    expect(text).toContain('INLAY_DEMO_ORIGINS=https://shop.example npm start');
    // the client id field points at it
    expect(await w.page.locator('#cfg-client-id').getAttribute('aria-describedby')).toBe('origins-hint');
    await w.context.close();
  });
});
