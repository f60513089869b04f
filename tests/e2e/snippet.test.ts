import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { axe, openPage, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api } from '../helpers/emulator.ts';
import { seedIds } from '../../emulator/seed.ts';

const env = useStackAndBrowser();
const STOOL = seedIds.products['folding-camp-stool']!;
/** The release the build pins (dist/inlay/<version>/), and the SRI value of bytes, computed here from the moving files. */
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const sri = (bytes: Buffer) => 'sha384-' + createHash('sha384').update(bytes).digest('base64');
const SRI = { loader: sri(readFileSync('dist/inlay/loader.js')), inlay: sri(readFileSync('dist/inlay/inlay.js')) };
/** A blank page on another site holding `body`. */
const blank = (body: string) =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Pasted</title></head>\n<body>\n${body}\n</body>\n</html>`;
/** The page's requests for widget files: all under the pinned folder, chunks included (relative imports resolve there). */
const bundleRequests = (w: WatchedPage) => w.requests.filter((u) => u.startsWith(env.stack.api + '/inlay/'));
const SRI_BLOCKED =
  /Failed to find a valid digest in the 'integrity' attribute for resource '[^']*\/inlay\/[^']+' with computed SHA-384 integrity '[^']+'\. The resource has been blocked\./;

const code = (page: Page) => page.locator('#snippet-code');
const preview = (page: Page) => page.locator('#snippet-preview');
/** Toggles a checkbox with the keyboard, as a keyboard user would. */
async function toggle(box: Locator, want: boolean) {
  if ((await box.isChecked()) === want) return;
  await box.focus();
  await box.press('Space');
  expect(await box.isChecked()).toBe(want);
}
/** Computed style of the add-to-cart button inside its shadow root. */
const buttonStyle = (host: Locator) =>
  host.evaluate((el) => {
    const b = el.shadowRoot?.querySelector('button');
    if (!b) return null;
    const s = getComputedStyle(b);
    return { background: s.backgroundColor, radius: s.borderTopLeftRadius, text: b.textContent };
  });

// the copied text, pasted into a blank page by the second test
let copied: string | undefined;

describe('"Get the snippet" page', () => {
  it('builds the exact snippet from labelled controls, shows the same text it copies, and the live preview follows', async () => {
    const w = await openPage(env.browser);
    await w.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.stack.demo });
    await w.page.goto(env.stack.demo + '/');
    await w.page
      .getByRole('navigation', { name: 'For site builders' })
      .getByRole('link', { name: 'Get the snippet' })
      .click();
    await w.page.waitForURL(/\/snippet$/);
    await expect.poll(() => code(w.page).textContent()).toContain('loader.js');

    // defaults: cart + add-to-cart are in the preview, the page's own theme does not leak in (Inlay's default accent)
    const atc = preview(w.page).locator('inlay-add-to-cart');
    await expect.poll(() => buttonStyle(atc).then((s) => s?.background)).toBe('rgb(47, 93, 80)');
    expect(await buttonStyle(atc)).toMatchObject({ radius: '6px' });

    const widget = (tag: string) => w.page.getByRole('checkbox', { name: new RegExp(`^<${tag}>`) });
    await toggle(widget('inlay-cart'), false);
    await toggle(widget('inlay-login'), true);
    await w.page.getByLabel('Panel opens on').selectOption('sign-up');
    await w.page
      .getByRole('combobox', { name: /^Product product-id$/ })
      .first()
      .selectOption({ label: 'Folding Camp Stool' });
    await toggle(w.page.getByRole('checkbox', { name: /^no-open/ }), true);
    await toggle(widget('inlay-recommendations'), true);
    await w.page.getByLabel('Algorithm').selectOption('best-sellers');
    await w.page.getByLabel('How many products').fill('4');
    await w.page.getByLabel(/^Language/).selectOption('fr');
    await w.page.getByLabel(/^Accent colour/).fill('#aa3300');
    await w.page.getByLabel(/^Corner radius/).fill('4');

    const expected = [
      // the API's connection opened while the page parses (the loader's first request waits for the loader)
      `<link rel="preconnect" href="${env.stack.api}" crossorigin>`,
      // pinned by default: the version's folder, its SRI value and crossorigin
      `<script type="module" src="${env.stack.api}/inlay/${version}/loader.js" integrity="${SRI.loader}" crossorigin="anonymous" data-client-id="demo-client" data-api-base="${env.stack.api}" data-locale="fr"></script>`,
      '<style>',
      ':root {',
      '  --inlay-color-accent: #aa3300;',
      '  --inlay-radius: 4px;',
      '}',
      '</style>',
      '<inlay-login view="sign-up"></inlay-login>',
      `<inlay-add-to-cart product-id="${STOOL}" no-open></inlay-add-to-cart>`,
      '<inlay-recommendations algorithm="best-sellers" limit="4"></inlay-recommendations>',
    ].join('\n');
    expect(await code(w.page).textContent()).toBe(expected);

    // the preview holds the same elements with the same attributes, and the token reached the shadow root
    const tags = await preview(w.page).evaluate((p) =>
      [...p.children].map((c) => [c.localName, ...[...c.attributes].map((a) => `${a.name}=${a.value}`)]),
    );
    expect(tags).toEqual([
      ['inlay-login', 'view=sign-up'],
      ['inlay-add-to-cart', `product-id=${STOOL}`, 'no-open='],
      ['inlay-recommendations', 'algorithm=best-sellers', 'limit=4'],
    ]);
    await expect
      .poll(() => buttonStyle(atc))
      .toEqual({ background: 'rgb(170, 51, 0)', radius: '2px', text: 'Add to cart' });
    await expect
      .poll(() =>
        preview(w.page)
          .locator('inlay-login')
          .evaluate((el) => !!el.shadowRoot?.querySelector('button')),
      )
      .toBe(true);

    // copy with the keyboard: the clipboard holds exactly the text shown, and the status region says so
    const copy = w.page.getByRole('button', { name: 'Copy snippet' });
    await copy.focus();
    await copy.press('Enter');
    await expect
      .poll(() => w.page.getByRole('status').filter({ hasText: 'copied' }).textContent())
      .toBe('Snippet copied to the clipboard.');
    expect(await w.page.locator('#snippet-status').getAttribute('aria-live')).toBe('polite');
    copied = await w.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(expected);

    expect(await axe(w.page)).toEqual([]);
    await w.context.close();
  });

  it('the copied snippet, pasted into a blank page on another site, renders the widgets with the chosen language and theme', async () => {
    expect(copied, 'the first test copies the snippet').toBeDefined();
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.fixtures.page('/pasted', blank(copied!)));
    const atc = w.page.locator('inlay-add-to-cart');
    // data-locale="fr" wins over <html lang="en">; the <style> tokens reach the shadow root
    await expect
      .poll(() => buttonStyle(atc))
      .toEqual({ background: 'rgb(170, 51, 0)', radius: '2px', text: 'Ajouter au panier' });
    await expect
      .poll(() =>
        w.page.locator('inlay-login').evaluate((el) => el.shadowRoot?.querySelector('button')?.textContent ?? null),
      )
      .toBe('Se connecter');
    expect(await w.page.locator('inlay-recommendations').getAttribute('limit')).toBe('4');
    // it talks to the platform: adding works (no-open: no drawer; the cart API sees the line)
    await atc.locator('button').click();
    await expect.poll(() => buttonStyle(atc).then((s) => s?.text)).toBe('Ajouté au panier');
    const lines = await w.page.evaluate(() =>
      window.Inlay!.cart.get().then((c) => c?.lineItems.map((l) => l.catalogReference.catalogItemId)),
    );
    expect(lines).toEqual([STOOL]);
    // the pinned loader (integrity checked, no console error) imported its chunks from the same version's folder
    const files = bundleRequests(w);
    expect(files.some((u) => u.startsWith(`${env.stack.api}/inlay/${version}/assets/`))).toBe(true);
    expect(files.filter((u) => !u.startsWith(`${env.stack.api}/inlay/${version}/`))).toEqual([]);
    await w.context.close();
  });

  it('the pinned classic inlay.js, with its integrity, renders the widgets on another site', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/snippet');
    await expect.poll(() => code(w.page).textContent()).toContain('loader.js');
    await w.page.getByLabel(/inlay\.js/).check();
    const snippet = (await code(w.page).textContent())!;
    expect(snippet.split('\n').find((l) => l.startsWith('<script'))).toBe(
      `<script src="${env.stack.api}/inlay/${version}/inlay.js" integrity="${SRI.inlay}" crossorigin="anonymous" data-client-id="demo-client" data-api-base="${env.stack.api}"></script>`,
    );
    await w.context.close();

    const pasted = await openPage(env.browser);
    await pasted.page.goto(env.stack.fixtures.page('/pasted-classic', blank(snippet)));
    await expect
      .poll(() => buttonStyle(pasted.page.locator('inlay-add-to-cart')).then((s) => s?.text))
      .toBe('Add to cart');
    // inlay.js, then loader.js (checked against the value inlay.js carries) and its chunks, all from the pinned folder
    const files = bundleRequests(pasted);
    expect(files.slice(0, 2)).toEqual([
      `${env.stack.api}/inlay/${version}/inlay.js`,
      `${env.stack.api}/inlay/${version}/loader.js`,
    ]);
    expect(files.some((u) => u.startsWith(`${env.stack.api}/inlay/${version}/assets/`))).toBe(true);
    expect(files.filter((u) => !u.startsWith(`${env.stack.api}/inlay/${version}/`))).toEqual([]);
    expect(
      await pasted.page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload][integrity]')].map((l) => [
          l.href.replace(/^.*\/inlay\//, ''),
          l.integrity,
        ]),
      ),
    ).toEqual([[`${version}/loader.js`, sri(readFileSync(`dist/inlay/${version}/loader.js`))]]);
    await pasted.context.close();
  });

  it('the pinned classic inlay.js refuses a loader.js beside it that is not its release’s: nothing runs', async () => {
    const w = await openPage(env.browser);
    const loaderBlocked =
      /Failed to find a valid digest in the 'integrity' attribute for resource '[^']*\/swapped\/loader\.js'/;
    w.expected.push(loaderBlocked, /does not match the integrity value inlay\.js carries/);
    // the release's own inlay.js (its integrity checks out), beside a loader.js of other bytes
    const js = { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' };
    env.stack.fixtures.page('/swapped/inlay.js', readFileSync(`dist/inlay/${version}/inlay.js`, 'utf8'), js);
    env.stack.fixtures.page('/swapped/loader.js', 'window.swappedLoaderRan = true;', js);
    const tag = `<script src="/swapped/inlay.js" integrity="${SRI.inlay}" crossorigin="anonymous" data-client-id="demo-client" data-api-base="${env.stack.api}"></script>`;
    await w.page.goto(
      env.stack.fixtures.page(
        '/swapped/page',
        blank(`${tag}\n<inlay-add-to-cart product-id="${STOOL}"></inlay-add-to-cart>`),
      ),
    );
    await expect.poll(() => w.errors.filter((e) => loaderBlocked.test(e))).toHaveLength(1);
    await w.page.waitForLoadState('load');
    await w.page.waitForTimeout(500);
    expect(
      await w.page.evaluate(() => [
        customElements.get('inlay-add-to-cart') === undefined,
        'Inlay' in window,
        'swappedLoaderRan' in window,
      ]),
    ).toEqual([true, false, false]);
    expect(w.requests.filter((u) => u.startsWith(env.stack.api + '/inlay/'))).toEqual([]);
    await w.context.close();
  });

  it.each([
    ['module', 'loader.js'],
    ['classic', 'inlay.js'],
  ])(
    'a wrong integrity value blocks the pinned %s script: no widget defines, the console says why',
    async (kind, file) => {
      const w = await openPage(env.browser);
      w.expected.push(SRI_BLOCKED);
      const src = `${env.stack.api}/inlay/${version}/${file}`;
      const attrs = `src="${src}" integrity="${sri(Buffer.from('not this release'))}" crossorigin="anonymous" data-client-id="demo-client" data-api-base="${env.stack.api}"`;
      const tag = kind === 'module' ? `<script type="module" ${attrs}></script>` : `<script ${attrs}></script>`;
      await w.page.goto(
        env.stack.fixtures.page(
          `/tampered-${kind}`,
          blank(`${tag}\n<inlay-add-to-cart product-id="${STOOL}"></inlay-add-to-cart>`),
        ),
      );
      await expect.poll(() => w.errors.filter((e) => SRI_BLOCKED.test(e) && e.includes(src))).toHaveLength(1);
      await w.page.waitForLoadState('load');
      await w.page.waitForTimeout(500); // time enough for a script that ran to define its elements
      expect(
        await w.page.evaluate(() => [customElements.get('inlay-add-to-cart') === undefined, 'Inlay' in window]),
      ).toEqual([true, false]);
      // the file was fetched and refused; nothing it would have imported was
      expect(bundleRequests(w)).toEqual([src]);
      await w.context.close();
    },
  );

  it("offers only the moving URL, and says why, when the version's integrity.json cannot be read", async () => {
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: `/inlay/${version}/integrity.json`, status: 503, times: 1 },
    });
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/snippet');
    expect((await api(env.stack.emulator, '/_dev/faults')).json.faults).toEqual([]); // the page's render met it
    await expect.poll(() => code(w.page).textContent()).toContain('loader.js');
    expect((await code(w.page).textContent())!.split('\n').find((l) => l.startsWith('<script'))).toBe(
      `<script type="module" src="${env.stack.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${env.stack.api}"></script>`,
    );
    expect(await w.page.getByRole('radio', { name: /^Pinned/ }).count()).toBe(0);
    expect(await w.page.getByRole('radio', { name: /^Latest/ }).isChecked()).toBe(true);
    expect(await w.page.locator('#version-hint').textContent()).toBe(
      `Pinning to ${version} is not offered: ${env.stack.api}/inlay/${version}/integrity.json answered HTTP 503. The snippet uses the moving URL.`,
    );
    // the live preview does not depend on it
    await expect
      .poll(() => buttonStyle(preview(w.page).locator('inlay-add-to-cart')).then((s) => s?.text))
      .toBe('Add to cart');
    expect(await axe(w.page)).toEqual([]);
    await w.context.close();
  });

  it('classic script, the real platform and escaped values: switching options rewrites the snippet and the preview', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/snippet');
    await expect.poll(() => code(w.page).textContent()).toContain('loader.js');
    await w.page.getByLabel(/inlay\.js/).check();
    await w.page.getByRole('radio', { name: /^Latest/ }).check();
    await w.page.getByLabel(/^Platform API base/).fill('');
    await w.page.getByLabel(/^OAuth client id/).fill('site-"app"');
    await w.page.getByLabel(/^Thank-you page URL/).fill('/thanks?a=1&b=<2>');
    await w.page.getByRole('checkbox', { name: /^<inlay-add-to-cart>/ }).uncheck();
    await w.page.getByRole('checkbox', { name: /^<inlay-back-in-stock>/ }).check();
    // the sold-out rucksack has no variants to pick; a product with variants preselects its first one in stock
    const bis = w.page.locator('[data-options-of="inlay-back-in-stock"]');
    await bis.getByLabel(/^Product/).selectOption({ label: 'Enamel Camp Mug' });
    const variant = await bis.getByLabel(/^Variant/).inputValue();
    expect(variant).toMatch(/.+/);
    await w.page.getByLabel(/^Text colour/).fill('#102030');
    await w.page.getByRole('button', { name: 'Reset theme' }).click();

    const mug = seedIds.products['enamel-camp-mug']!;
    expect(await code(w.page).textContent()).toBe(
      [
        // the real platform's API (no data-api-base)
        '<link rel="preconnect" href="https://www.wixapis.com" crossorigin>',
        `<script src="${env.stack.api}/inlay/inlay.js" data-client-id="site-&quot;app&quot;"></script>`,
        '<inlay-cart thank-you-url="/thanks?a=1&amp;b=&lt;2&gt;"></inlay-cart>',
        `<inlay-back-in-stock product-id="${mug}" variant-id="${variant}"></inlay-back-in-stock>`,
      ].join('\n'),
    );
    // an API base the loader would refuse gets no preconnect line
    await w.page.getByLabel(/^Platform API base/).fill('ftp://files.example');
    await expect.poll(async () => (await code(w.page).textContent())!.split('\n')[0]).toMatch(/^<script /);
    await w.page.getByLabel(/^Platform API base/).fill('');
    const tags = await preview(w.page).evaluate((p) =>
      [...p.children].map((c) => [c.localName, ...[...c.attributes].map((a) => `${a.name}=${a.value}`)]),
    );
    expect(tags).toEqual([
      ['inlay-cart', 'thank-you-url=/thanks?a=1&b=<2>'],
      ['inlay-back-in-stock', `product-id=${mug}`, `variant-id=${variant}`],
    ]);
    // unchecked widgets hide their options (a disabled fieldset is out of the tab order)
    const atcOptions = w.page.locator('[data-options-of="inlay-add-to-cart"]');
    expect(await atcOptions.evaluate((f) => (f as HTMLFieldSetElement).disabled)).toBe(true);
    expect(await atcOptions.locator('select[data-attr="product-id"]').isDisabled()).toBe(true);
    expect(await bis.evaluate((f) => (f as HTMLFieldSetElement).disabled)).toBe(false);
    await w.context.close();
  });

  it('data-companion and data-redirect-uri: checked like the loader does, with hints; a valid value goes into the snippet, an invalid one is said and left out', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(env.stack.demo + '/snippet');
    await expect.poll(() => code(w.page).textContent()).toContain('loader.js');
    const first = async () => (await code(w.page).textContent())!.split('\n').find((l) => l.startsWith('<script'))!;
    const base = `<script type="module" src="${env.stack.api}/inlay/${version}/loader.js" integrity="${SRI.loader}" crossorigin="anonymous" data-client-id="demo-client" data-api-base="${env.stack.api}"`;
    expect(await first()).toBe(`${base}></script>`);
    const companion = w.page.getByLabel(/^Site companion data-companion/);
    const redirect = w.page.getByLabel(/^Sign-in return URL data-redirect-uri/);
    // the hints are the fields' descriptions
    expect(await companion.getAttribute('aria-describedby')).toContain('cfg-companion-hint');
    expect(await w.page.locator('#cfg-companion-hint').textContent()).toMatch(/visitor reviews with photos/);
    expect(await w.page.locator('#cfg-redirect-uri-hint').textContent()).toMatch(/registered exactly/);

    await companion.fill('/api/inlay');
    await redirect.fill('https://shop.example/signed-in');
    await expect
      .poll(first)
      .toBe(`${base} data-companion="/api/inlay" data-redirect-uri="https://shop.example/signed-in"></script>`);
    expect(await companion.getAttribute('aria-invalid')).toBe('false');

    // another origin to a browser (//host), a script URL, a fragment: said on the field, left out of the snippet
    await companion.fill('//evil.example/api');
    await redirect.fill('/back#top');
    await expect.poll(first).toBe(`${base}></script>`);
    expect(await companion.getAttribute('aria-invalid')).toBe('true');
    expect(await redirect.getAttribute('aria-invalid')).toBe('true');
    expect(await w.page.locator('#cfg-companion-err').textContent()).toBe(
      'Use an absolute http(s) URL or a path starting with / (not //).',
    );
    expect(await w.page.locator('#cfg-redirect-uri-err').textContent()).toMatch(/without a #fragment/);
    expect(await axe(w.page)).toEqual([]);
    await companion.fill('javascript:alert(1)');
    await expect.poll(() => w.page.locator('#cfg-companion-err').isVisible()).toBe(true);
    expect(await first()).toBe(`${base}></script>`);

    await companion.fill('https://api.shop.example/inlay');
    await redirect.fill('/');
    await expect
      .poll(first)
      .toBe(`${base} data-companion="https://api.shop.example/inlay" data-redirect-uri="/"></script>`);
    expect(await w.page.locator('#cfg-companion-err').isVisible()).toBe(false);
    await w.context.close();
  });

  for (const width of [700, 1280]) {
    it(`${width} px: the code box shows the whole snippet, its last line included, with every widget chosen`, async () => {
      const w = await openPage(env.browser, { viewport: { width, height: 900 } });
      await w.page.goto(env.stack.demo + '/snippet');
      await expect.poll(() => code(w.page).textContent()).toContain('loader.js');
      for (const box of await w.page.locator('input[data-widget]').all()) await toggle(box, true);
      await expect.poll(() => code(w.page).textContent()).toContain('<inlay-recommendations');
      const fit = await w.page.locator('.snippet-code').evaluate((pre) => {
        const range = document.createRange();
        range.selectNodeContents(pre.querySelector('code')!);
        const lines = [...range.getClientRects()];
        const inner = pre.getBoundingClientRect().bottom - parseFloat(getComputedStyle(pre).paddingBottom);
        return {
          scroll: pre.scrollHeight,
          client: pre.clientHeight,
          lastLineBottom: Math.round(lines[lines.length - 1]!.bottom),
          inner: Math.round(inner),
        };
      });
      expect(fit.scroll).toBeLessThanOrEqual(fit.client);
      expect(fit.lastLineBottom).toBeLessThanOrEqual(fit.inner);
      await w.context.close();
    });
  }

  it('works on a phone in dark mode: no axe violations, no sideways scrolling', async () => {
    const w = await openPage(env.browser, { viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    await w.page.goto(env.stack.demo + '/snippet');
    await expect
      .poll(() =>
        preview(w.page)
          .locator('inlay-add-to-cart')
          .evaluate((el) => !!el.shadowRoot?.querySelector('button')),
      )
      .toBe(true);
    expect(await axe(w.page)).toEqual([]);
    expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await w.context.close();
  });
});
