import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, openPage, showReviews, type WatchedPage } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { DEMO_LOGINS } from '../../emulator/seed.ts';

/**
 * Hostile hosts: the demo's /hostile/<kind> fixtures bring framework preflights, `*` resets, a 10px root font, unset
 * buttons and restyled dialogs. The widgets must look and work the same as on /hostile/plain (same markup, no host
 * CSS), and their CSS must not leak out.
 */
const env = useStackAndBrowser();
const HOSTILE = ['tailwind', 'bootstrap', 'resets'] as const;
const SHOTS = 'test-results/hostile';
mkdirSync(SHOTS, { recursive: true });

const TEXT = [
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'color',
  'letter-spacing',
  'text-transform',
  'text-align',
  'white-space',
];
const BOX = [
  'box-sizing',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-left-style',
  'border-top-color',
  'border-radius',
  'min-height',
  'cursor',
  'background-color',
  'display',
];
/** [host tag, selector inside its shadow root, properties]: the review text, headings, every kind of button, inputs. */
const PROBES: [string, string, string[]][] = [
  ['inlay-reviews', '.review .body', TEXT],
  ['inlay-reviews', 'h2', TEXT],
  ['inlay-reviews', '.meta', TEXT],
  ['inlay-reviews', '.big', TEXT],
  ['inlay-reviews', 'button.primary', [...TEXT, ...BOX]],
  ['inlay-reviews', 'select', [...TEXT, ...BOX]],
  ['inlay-rating', '.stars', TEXT],
  ['inlay-cart', 'button.cart-button', [...TEXT, ...BOX, 'width', 'height']],
  ['inlay-add-to-cart', 'button', [...TEXT, ...BOX]],
  ['inlay-back-in-stock', 'button.primary', [...TEXT, ...BOX]],
  ['inlay-login', 'button', [...TEXT, ...BOX]],
  ['inlay-recommendations', '.name', TEXT],
  ['inlay-recommendations', '.nav button', [...TEXT, ...BOX, 'width', 'height']],
];
/** The page's own add-to-cart (recommendation cards nest more of them). */
const ATC = '.hx-row > inlay-add-to-cart';
const TAGS = [
  'inlay-login',
  'inlay-cart',
  'inlay-rating',
  'inlay-add-to-cart',
  'inlay-back-in-stock',
  'inlay-recommendations',
  'inlay-reviews',
];

/**
 * Every widget rendered with its data: review text, recommendation cards, rating stars, enabled buttons. The demo's
 * product page (`demo`) has no back-in-stock form for an item in stock, and no `.hx-row`.
 */
async function loaded(page: Page, demo = false) {
  await page.locator('inlay-reviews .review .body').first().waitFor();
  await page.locator('inlay-recommendations .card-link').first().waitFor();
  await page.locator('inlay-rating .stars').first().waitFor();
  if (!demo) await page.locator('inlay-back-in-stock button.primary').waitFor();
  await page.locator('inlay-login button').first().waitFor();
  await page
    .locator(`${demo ? '.product inlay-add-to-cart' : ATC} button:not([disabled])`)
    .first()
    .waitFor();
  await page.locator('inlay-cart button.cart-button').waitFor();
}

/**
 * The widgets take the page's font family (each host has its own: that is by design), so pages compared with the
 * plain one name the same family through the `--inlay-font` token: every other difference is a leak.
 */
async function open(kind: string, query = '', font = 'sans-serif'): Promise<WatchedPage> {
  const w = await openPage(env.browser);
  await w.page.goto(`${env.stack.demo}/hostile/${kind}${query}`);
  if (font) await w.page.evaluate((f) => document.documentElement.style.setProperty('--inlay-font', f), font);
  return w;
}

/** Computed styles of the probes, through the shadow roots. */
const styles = (page: Page) =>
  page.evaluate((probes) => {
    const out: Record<string, Record<string, string>> = {};
    for (const [tag, sel, props] of probes) {
      const el = document.querySelector(tag)?.shadowRoot?.querySelector(sel);
      const cs = el ? getComputedStyle(el) : undefined;
      out[`${tag} ${sel}`] = Object.fromEntries(props.map((p) => [p, cs ? cs.getPropertyValue(p) : 'MISSING']));
    }
    return out;
  }, PROBES);

/** Widget boxes (hosts) as [width, height]. */
const boxes = (page: Page) =>
  page.evaluate(
    (tags) =>
      Object.fromEntries(
        tags.map((t) => {
          const r = document.querySelector(t)!.getBoundingClientRect();
          return [t, [r.width, r.height]];
        }),
      ),
    TAGS,
  );

/** The open cart drawer: its box and the styles a host `dialog {…}` rule would hit. */
async function openDrawer(page: Page) {
  await page.locator('inlay-cart button.cart-button').click();
  const dialog = page.locator('inlay-cart dialog');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await page.waitForTimeout(300); // let any open transition settle before measuring
  return dialog.evaluate((d) => {
    const r = d.getBoundingClientRect();
    const cs = getComputedStyle(d);
    return {
      box: [r.x, r.y, r.width, r.height].map(Math.round),
      style: Object.fromEntries(
        [
          'position',
          'padding-top',
          'border-top-width',
          'background-color',
          'font-size',
          'box-sizing',
          'margin-left',
        ].map((p) => [p, cs.getPropertyValue(p)]),
      ),
      heading: getComputedStyle(d.querySelector('h2')!).fontSize,
    };
  });
}

/**
 * The open sign-in panel: its box relative to the login element (the host's header lays out differently), the styles
 * a host `*`/`input`/`button` reset would hit, and its fields.
 */
async function openLogin(page: Page) {
  const login = page.locator('inlay-login');
  await login.getByRole('button', { name: 'Sign in' }).click();
  const panel = login.getByRole('dialog');
  await expect.poll(() => panel.isVisible()).toBe(true);
  await panel.evaluate((d) => Promise.all(d.getAnimations().map((a) => a.finished))); // measured once it has moved in
  return panel.evaluate((d) => {
    const host = (d.getRootNode() as ShadowRoot).host.getBoundingClientRect();
    const r = d.getBoundingClientRect();
    const style = (el: Element | null, props: string[]) => {
      const cs = el ? getComputedStyle(el) : undefined;
      return Object.fromEntries(props.map((p) => [p, cs ? cs.getPropertyValue(p) : 'MISSING']));
    };
    const text = [
      'font-family',
      'font-size',
      'font-weight',
      'font-style',
      'line-height',
      'color',
      'letter-spacing',
      'text-transform',
    ];
    const box = [
      'box-sizing',
      'padding-top',
      'padding-left',
      'border-top-width',
      'border-top-style',
      'min-height',
      'background-color',
      'display',
    ];
    return {
      box: [r.x - host.x, r.y - host.y, r.width, r.height].map(Math.round),
      panel: style(d, [
        'position',
        'padding-top',
        'border-top-width',
        'background-color',
        'box-shadow',
        'z-index',
        ...text,
      ]),
      title: style(d.querySelector('.title'), text),
      label: style(d.querySelector('label'), text),
      input: style(d.querySelector('input:not([type=checkbox])'), [...text, ...box, 'width']),
      submit: style(d.querySelector('button.primary'), [...text, ...box, 'width', 'cursor']),
      close: style(d.querySelector('button.x'), [...text, 'min-width', 'cursor']),
    };
  });
}

/** Every computed property of the host's own elements (they must not change when Inlay loads). */
const hostStyles = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      ['#host-p', '#host-button', '#host-dialog', 'h1', 'main', 'body'].map((sel) => {
        const cs = getComputedStyle(document.querySelector(sel)!);
        // geometry of body/main follows the content the widgets add; the rest must be identical
        const skip =
          sel === 'body' || sel === 'main' ? /^(height|block-size|perspective-origin|transform-origin)$/ : /^$/;
        return [sel, Object.fromEntries([...cs].filter((p) => !skip.test(p)).map((p) => [p, cs.getPropertyValue(p)]))];
      }),
    ),
  );

describe('widgets on hostile hosts', () => {
  let plain: {
    styles: Awaited<ReturnType<typeof styles>>;
    boxes: Record<string, number[]>;
    drawer: Awaited<ReturnType<typeof openDrawer>>;
    login: Awaited<ReturnType<typeof openLogin>>;
  };

  it('the plain fixture: baseline styles, boxes and drawer (and the same type sizes as the demo product page)', async () => {
    const w = await open('plain');
    await loaded(w.page);
    plain = {
      styles: await styles(w.page),
      boxes: await boxes(w.page),
      drawer: undefined as never,
      login: undefined as never,
    };
    await w.page.screenshot({ path: `${SHOTS}/plain.png`, fullPage: true });
    plain.drawer = await openDrawer(w.page);
    await w.page.screenshot({ path: `${SHOTS}/plain-drawer.png` });
    await w.page.keyboard.press('Escape');
    await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(false);
    plain.login = await openLogin(w.page);
    await w.page.screenshot({ path: `${SHOTS}/plain-login.png` });
    expect(JSON.stringify(plain.login)).not.toContain('MISSING');
    // sanity: the probes found their elements, with the widgets' own type scale
    expect(JSON.stringify(plain.styles)).not.toContain('MISSING');
    expect(plain.styles['inlay-reviews .review .body']!['font-size']).toBe('16px');
    expect(plain.styles['inlay-reviews .meta']!['font-size']).toBe('14.4px');

    // the demo's own product page (its CSS sets tokens, not sizes): same font sizes
    const demo = await openPage(env.browser);
    await demo.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await showReviews(demo.page);
    await loaded(demo.page, true);
    const d = await styles(demo.page);
    delete d['inlay-back-in-stock button.primary'];
    expect(JSON.stringify(d)).not.toContain('MISSING');
    for (const key of Object.keys(d))
      expect([key, d[key]!['font-size']]).toEqual([key, plain.styles[key]!['font-size']]);
  });

  for (const kind of HOSTILE) {
    it(`${kind}: same computed styles and boxes as plain, still works, no axe violations`, async () => {
      const w = await open(kind);
      // the host's framework is really there: its root font size and button reset apply to its own elements
      expect(await w.page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
        kind === 'bootstrap' ? '15px' : '10px',
      );
      await loaded(w.page);
      await w.page.screenshot({ path: `${SHOTS}/${kind}.png`, fullPage: true });

      expect(await styles(w.page)).toEqual(plain.styles);
      const b = await boxes(w.page);
      for (const tag of TAGS) {
        const [pw, ph] = plain.boxes[tag]!;
        const [hw, hh] = b[tag]!;
        expect(
          [tag, Math.abs(hw! - pw!) <= 3, Math.abs(hh! - ph!) <= 3],
          `${tag}: ${hw}×${hh} vs plain ${pw}×${ph}`,
        ).toEqual([tag, true, true]);
      }
      expect(await axe(w.page)).toEqual([]);

      // the review form opens with its fields
      const reviews = w.page.locator('inlay-reviews');
      await reviews.getByRole('button', { name: 'Write a review' }).click();
      await reviews.getByRole('group', { name: 'Your rating' }).waitFor();
      for (const label of ['Title (optional)', 'Your review']) {
        const field = reviews.getByLabel(label);
        expect(await field.isVisible()).toBe(true);
        expect(await field.evaluate((el) => [getComputedStyle(el).fontSize, getComputedStyle(el).minHeight])).toEqual([
          '16px',
          '44px',
        ]);
      }

      // the cart drawer: same place and size as on the plain page, host `dialog {…}` rules do not reach it
      const drawer = await openDrawer(w.page);
      expect(drawer).toEqual(plain.drawer);
      await w.page.screenshot({ path: `${SHOTS}/${kind}-drawer.png` });
      expect(await axe(w.page, 'inlay-cart')).toEqual([]);
      await w.page.keyboard.press('Escape');
      await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(false);

      // add to cart → badge 1 (and the drawer opens)
      await w.page.locator(ATC).getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => w.page.locator('inlay-cart .badge').textContent()).toBe('1');
      await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(true);
      await w.page.keyboard.press('Escape');
      await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(false);

      // the sign-in panel: same box and styles as on the plain page, and signing in works through the host's resets
      // (last: the member's cart is shared by every test)
      expect(await openLogin(w.page)).toEqual(plain.login);
      await w.page.screenshot({ path: `${SHOTS}/${kind}-login.png` });
      expect(await axe(w.page, 'inlay-login')).toEqual([]);
      const login = w.page.locator('inlay-login');
      await login.getByLabel('Email').fill(DEMO_LOGINS.member.email);
      await login.getByLabel('Password', { exact: true }).fill(DEMO_LOGINS.member.password);
      await login.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
      await login.getByRole('button', { name: /^Account menu for / }).waitFor();
    });

    it(`${kind}: widget CSS does not leak into the host's own elements`, async () => {
      const without = await open(kind, '?bundle=0', '');
      const before = await hostStyles(without.page);
      expect(await without.page.evaluate(() => customElements.get('inlay-cart'))).toBeUndefined();
      const w = await open(kind, '', '');
      await loaded(w.page);
      // open the drawer too: a modal dialog and its scroll lock are the likeliest to touch the page
      await w.page.locator('inlay-cart button.cart-button').click();
      await expect.poll(() => w.page.locator('inlay-cart dialog').isVisible()).toBe(true);
      const after = await hostStyles(w.page);
      for (const sel of Object.keys(before)) expect([sel, after[sel]]).toEqual([sel, before[sel]]);
    });
  }
});
