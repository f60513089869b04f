import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axe, openPage, signInWithWidget } from '../helpers/browser.ts';
import type { Stack } from '../helpers/stack.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { api, visitorTokens } from '../helpers/emulator.ts';
import { setSetting } from '../../emulator/domain/settings.ts';
import { seedIds } from '../../emulator/seed.ts';

/**
 * How the widgets sit in a host page and move (issue 18): motion in and out (none under reduced motion), the host's
 * fonts, a fixed header footprint on the host's middle line, the carousel's rows, the drawer's amounts column.
 */
const env = useStackAndBrowser();
const MUG = seedIds.products['enamel-camp-mug']!;
const STOOL = seedIds.products['folding-camp-stool']!;

const loaderTag = (s: Stack) =>
  `<script type="module" src="${s.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${s.api}"></script>`;
const doc = (s: Stack, body: string, css = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fixture</title><style>${css}</style>${loaderTag(s)}</head><body>${body}</body></html>`;

const box = async (l: Locator) => (await l.boundingBox())!;
const centreY = async (l: Locator) => {
  const b = await box(l);
  return b.y + b.height / 2;
};
/** Longest transition and animation of an element (or one of its pseudo-elements), in seconds. */
const motion = (l: Locator, pseudo?: string) =>
  l.evaluate((el, p) => {
    const cs = getComputedStyle(el, p);
    const longest = (v: string) =>
      Math.max(...v.split(',').map((s) => parseFloat(s) * (s.trim().endsWith('ms') ? 0.001 : 1)));
    return {
      transition: longest(cs.transitionDuration),
      animation: cs.animationName === 'none' ? 0 : longest(cs.animationDuration),
    };
  }, pseudo);
const settled = (l: Locator) =>
  l.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)).then(() => undefined));
/**
 * Records, from now on, each transition or animation that starts inside `host`'s shadow root, with what `describe`
 * says of its target at that moment: the events fire as the motion is created, so there is no frame timing to race
 * on a loaded machine. Read with `runs(page)`.
 */
const watchRuns = (host: Locator) =>
  host.evaluate((el) => {
    const w = window as unknown as { runs: Run[] };
    w.runs = [];
    for (const type of ['transitionrun', 'animationstart'])
      el.shadowRoot!.addEventListener(type, (e) => {
        const t = e.target as HTMLElement;
        w.runs.push({
          type,
          target: t.localName,
          visible: t.checkVisibility(),
          hidden: t.getAttribute('aria-hidden'),
          leaving: t.hasAttribute('data-leaving'),
        });
      });
  });
type Run = { type: string; target: string; visible: boolean; hidden: string | null; leaving: boolean };
const runs = (page: Page) => page.evaluate(() => (window as unknown as { runs: Run[] }).runs);

/** A member who can sign in at once, with this nickname. */
async function member(email: string, nickname: string) {
  setSetting(env.stack.emulator.db, 'signup_policy', 'immediate');
  const { access } = await visitorTokens(env.stack.emulator);
  const r = await api(env.stack.emulator, '/_api/iam/authentication/v2/register', {
    token: access,
    body: { loginId: { email }, password: 'long-enough-1', profile: { nickname } },
  });
  expect(r.json.state).toBe('SUCCESS');
  setSetting(env.stack.emulator.db, 'signup_policy', 'email_verification');
  return email;
}

const signIn = (page: Page, email: string) => signInWithWidget(page, email, 'long-enough-1');

describe('widgets in the host page', () => {
  it('motion: the drawer, the sign-in panel and toasts move in and out in at most 250 ms; focus still returns', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart') && customElements.get('inlay-login'));

    // the drawer slides in over a fading scrim
    const dialog = w.page.locator('inlay-cart dialog');
    await watchRuns(w.page.locator('inlay-cart'));
    await w.page.evaluate(() => window.Inlay!.cart.open());
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(async () => (await runs(w.page)).some((r) => r.target === 'dialog' && r.visible)).toBe(true);
    const d = await motion(dialog);
    expect(d.transition).toBeGreaterThan(0);
    expect(d.transition).toBeLessThanOrEqual(0.25);
    const scrim = await motion(dialog, '::backdrop');
    expect(scrim.transition).toBeGreaterThan(0);
    expect(scrim.transition).toBeLessThanOrEqual(0.25);
    await settled(dialog);
    // and out: a transition starts on it while it is still on screen; then gone, focus back on the cart button
    await watchRuns(w.page.locator('inlay-cart'));
    await w.page.keyboard.press('Escape');
    await expect.poll(async () => (await runs(w.page)).some((r) => r.target === 'dialog' && r.visible)).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await w.page.locator('inlay-cart').evaluate((el) => el.shadowRoot!.activeElement?.className)).toBe(
      'cart-button',
    );

    // the sign-in panel fades and slides in
    const login = w.page.locator('inlay-login');
    await watchRuns(login);
    await login.getByRole('button', { name: 'Sign in' }).click();
    const panel = login.getByRole('dialog');
    await panel.waitFor();
    await expect.poll(async () => (await runs(w.page)).some((r) => r.visible)).toBe(true);
    const p = await motion(panel);
    expect(p.transition).toBeGreaterThan(0);
    expect(p.transition).toBeLessThanOrEqual(0.25);
    await settled(panel);
    // and out: after Escape it moves out, inert and hidden from screen readers; then gone
    // transitionrun fires as the transition is created: no frame timing to race on a loaded machine
    await login.evaluate((el) =>
      el.shadowRoot!.addEventListener('transitionrun', (e) => {
        const p = e.target as HTMLElement;
        const w = window as unknown as { leave?: unknown };
        if (p.matches('.panel.out'))
          w.leave ??= { inert: p.inert, hidden: p.getAttribute('aria-hidden'), moving: true };
      }),
    );
    await w.page.keyboard.press('Escape');
    await expect
      .poll(() => w.page.evaluate(() => (window as unknown as { leave?: unknown }).leave))
      .toEqual({ inert: true, hidden: 'true', moving: true });
    expect(await panel.count()).toBe(0); // no dialog role while it leaves
    await expect.poll(() => login.locator('.panel').count()).toBe(0);
    expect(await login.evaluate((el) => el.shadowRoot!.activeElement?.textContent?.trim())).toBe('Sign in');

    // a toast comes in, and when closed it fades out in place (hidden from screen readers) before it goes
    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/add-to-cart', status: 503, times: 1 },
    });
    w.expected.push(/status of 503/);
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const toast = w.page.locator('inlay-toaster li').first();
    await toast.waitFor();
    const t = await motion(toast);
    expect(t.animation).toBeGreaterThan(0);
    expect(t.animation).toBeLessThanOrEqual(0.25);
    await settled(toast);
    expect(await axe(w.page, 'inlay-toaster')).toEqual([]);
    await watchRuns(w.page.locator('inlay-toaster'));
    await w.page.locator('inlay-toaster').getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(async () => (await runs(w.page)).some((r) => r.target === 'li' && r.leaving && r.hidden === 'true'))
      .toBe(true);
    await expect.poll(() => w.page.locator('inlay-toaster li').count()).toBe(0);
    await w.context.close();
  });

  it('motion: the member menu and the profile panel move out too (inert, hidden), and focus returns to the member button', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(
      env.stack.fixtures.page('/menu-motion', doc(env.stack, '<header><inlay-login></inlay-login></header>')),
    );
    const menuButton = await signIn(w.page, await member('mo@example.com', 'Mo'));
    const login = w.page.locator('inlay-login');
    /** After `key`: the leaving surface's panel starts moving (a transition runs on it) while inert and hidden. */
    const leaveWith = async (key: string) => {
      // transitionrun fires as the transition is created: no frame timing to race on a loaded machine
      await login.evaluate((el) => {
        const w = window as unknown as { leave?: unknown };
        w.leave = undefined;
        el.shadowRoot!.addEventListener('transitionrun', (e) => {
          const s = (e.target as HTMLElement).closest<HTMLElement>('[data-out]');
          if (s && (e.target as HTMLElement).matches('.panel'))
            w.leave ??= { inert: s.inert, hidden: s.getAttribute('aria-hidden'), moving: true };
        });
      });
      await w.page.keyboard.press(key);
      await expect
        .poll(() => w.page.evaluate(() => (window as unknown as { leave?: unknown }).leave))
        .toEqual({ inert: true, hidden: 'true', moving: true });
      await expect.poll(() => login.locator('.panel').count()).toBe(0);
      expect(await login.evaluate((el) => el.shadowRoot!.activeElement?.className)).toContain('member');
    };
    await menuButton.click();
    const menu = login.locator('.menu');
    await menu.waitFor();
    await settled(menu);
    await leaveWith('Escape');

    await menuButton.click();
    await login.getByRole('menuitem', { name: 'Edit profile' }).click();
    const profile = login.getByRole('dialog', { name: 'Your profile' });
    await profile.waitFor();
    await settled(profile);
    await leaveWith('Escape');
    await w.context.close();
  });

  it('motion: none under prefers-reduced-motion (drawer, scrim, panel, toasts); closing is immediate', async () => {
    const w = await openPage(env.browser);
    await w.page.emulateMedia({ reducedMotion: 'reduce' });
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart') && customElements.get('inlay-login'));
    const dialog = w.page.locator('inlay-cart dialog');
    await w.page.evaluate(() => window.Inlay!.cart.open());
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await motion(dialog)).toEqual({ transition: 0, animation: 0 });
    expect(await motion(dialog, '::backdrop')).toEqual({ transition: 0, animation: 0 });
    await w.page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);

    const login = w.page.locator('inlay-login');
    await login.getByRole('button', { name: 'Sign in' }).click();
    const panel = login.getByRole('dialog');
    await panel.waitFor();
    expect(await motion(panel)).toEqual({ transition: 0, animation: 0 });
    await w.page.keyboard.press('Escape');
    expect(await login.locator('.panel').count()).toBe(0); // gone at once

    await api(env.stack.emulator, '/_dev/faults', {
      body: { path: '/ecom/v1/carts/current/add-to-cart', status: 503, times: 1 },
    });
    w.expected.push(/status of 503/);
    await w.page.locator('.buy inlay-add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const toast = w.page.locator('inlay-toaster li').first();
    await toast.waitFor();
    expect(await motion(toast)).toEqual({ transition: 0, animation: 0 });
    await w.page.locator('inlay-toaster').getByRole('button', { name: 'Close' }).click();
    expect(
      await w.page
        .locator('inlay-toaster li')
        .evaluateAll((els) => els.filter((e) => e.getClientRects().length).length),
    ).toBe(0);
    await w.context.close();
  });

  it('header: cart and sign-in share the host’s middle line; the member button keeps one width for a short and a very long name', async () => {
    const page = doc(
      env.stack,
      '<header><a href="#">Shop</a> <inlay-login></inlay-login> <inlay-cart></inlay-cart></header><main><h1>Plain page</h1></main>',
    );
    const url = env.stack.fixtures.page('/header', page);
    const short = await member('al@example.com', 'Al');
    const long = await member('max@example.com', 'Maximiliana Alexandrina Montgomery-Worthington of Hollow Creek');
    const widths: number[] = [];
    for (const email of [short, long]) {
      const w = await openPage(env.browser);
      await w.page.goto(url);
      const open = w.page.locator('inlay-login').getByRole('button', { name: 'Sign in' });
      const cart = w.page.locator('inlay-cart button.cart-button');
      await open.waitFor();
      await cart.waitFor();
      expect(Math.abs((await centreY(open)) - (await centreY(cart)))).toBeLessThanOrEqual(1);
      const button = await signIn(w.page, email);
      await button.waitFor();
      await expect.poll(() => button.getAttribute('aria-busy')).toBe('false');
      expect(Math.abs((await centreY(button)) - (await centreY(cart)))).toBeLessThanOrEqual(1);
      widths.push((await box(button)).width);
      if (email === long) {
        // cut with an ellipsis; the button's name has it whole
        const name = button.locator('.name');
        expect(await name.evaluate((e) => [getComputedStyle(e).textOverflow, e.scrollWidth > e.clientWidth])).toEqual([
          'ellipsis',
          true,
        ]);
        expect(await button.getAttribute('aria-label')).toContain('Montgomery-Worthington of Hollow Creek');
      }
      expect(await axe(w.page)).toEqual([]);
      await w.context.close();
    }
    expect(widths[1]).toBe(widths[0]);
  });

  it('fonts: headings and text follow the host page’s font family; --inlay-font still overrides', async () => {
    const css = 'body{font-family:Georgia,serif} h1{font-family:"Trebuchet MS",sans-serif}';
    const url = env.stack.fixtures.page(
      '/fonts',
      doc(
        env.stack,
        `<h1>A serif store</h1><inlay-login></inlay-login><inlay-cart></inlay-cart><div style="width:1000px"><inlay-recommendations product-id="${MUG}"></inlay-recommendations></div>`,
        css,
      ),
    );
    const w = await openPage(env.browser);
    await w.page.goto(url);
    const family = (l: Locator) => l.evaluate((e) => getComputedStyle(e).fontFamily);
    const name = w.page.locator('inlay-recommendations .name').first();
    await name.waitFor();
    expect(await family(name)).toBe('Georgia, serif');
    await w.page.evaluate(() => window.Inlay!.cart.open());
    const heading = w.page.locator('inlay-cart dialog h2');
    await heading.waitFor();
    expect(await family(heading)).toBe('Georgia, serif');
    await w.page.keyboard.press('Escape');
    await w.page.locator('inlay-login').getByRole('button', { name: 'Sign in' }).click();
    expect(await family(w.page.locator('inlay-login .title'))).toBe('Georgia, serif');
    expect(await family(w.page.locator('inlay-login button.primary').first())).toBe('Georgia, serif');
    await w.page.evaluate(() => document.documentElement.style.setProperty('--inlay-font', 'monospace'));
    expect(await family(w.page.locator('inlay-login .title'))).toBe('monospace');
    expect(await family(name)).toBe('monospace');
    await w.context.close();
  });

  it('carousel: arrows in the heading row and none when every card fits; prices on one line under 1- and 3-line names', async () => {
    const long = 'Linen Apron with Deep Pockets, Cross-Back Straps and a Loop for Your Favourite Tea Towel';
    env.stack.emulator.db
      .prepare<[string, string]>('UPDATE products SET name = ? WHERE slug = ?')
      .run(long, 'linen-apron');
    const url = env.stack.fixtures.page(
      '/carousel',
      doc(
        env.stack,
        `<div style="width:1000px"><inlay-recommendations id="many" product-id="${MUG}"><h2 slot="heading">You may also like</h2></inlay-recommendations>` +
          `<inlay-recommendations id="few" product-id="${MUG}" limit="2"><h2 slot="heading">Two of them</h2></inlay-recommendations></div>`,
        'body{font-family:Georgia,serif}',
      ),
    );
    const w = await openPage(env.browser);
    await w.page.goto(url);
    const many = w.page.locator('#many');
    const few = w.page.locator('#few');
    await expect.poll(() => many.getByRole('group').count()).toBe(7);
    await expect.poll(() => few.getByRole('group').count()).toBe(2);
    await many.locator('inlay-add-to-cart button').first().waitFor();

    // the arrows sit in the row of the page's own heading
    const next = many.getByRole('button', { name: 'Next products' });
    expect(Math.abs((await centreY(next)) - (await centreY(many.locator('h2'))))).toBeLessThanOrEqual(2);
    // two cards fit: no arrows at all (not disabled ones)
    expect(await few.getByRole('button', { name: /products$/ }).count()).toBe(0);
    expect(await few.locator('.nav').isVisible()).toBe(false);

    // 1-line, 2-line and 3-line names: the prices share one top
    const tops = await many.locator('.price').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
    // the long name (3 lines) is clamped to 2, and whole in its title
    const apronName = many.getByRole('group').filter({ hasText: 'Linen Apron' }).locator('.name');
    expect(await apronName.evaluate((e) => e.scrollHeight > e.clientHeight * 1.3)).toBe(true);
    expect(await apronName.getAttribute('title')).toBe(long);
    // one button style in the row: adding and choosing options look alike
    const look = (l: Locator) =>
      l.evaluate((e) =>
        ['height', 'font-size', 'font-weight', 'border-top-color', 'background-color', 'border-radius'].map((p) =>
          getComputedStyle(e).getPropertyValue(p),
        ),
      );
    expect(await look(many.locator('a.choose').first())).toEqual(
      await look(many.locator('inlay-add-to-cart button').first()),
    );
    expect(await axe(w.page, '#many')).toEqual([]);
    await w.context.close();
  });

  it('drawer: line prices and totals in one right-aligned column of tabular figures; themed checkboxes; a scrim behind the phone sign-in sheet', async () => {
    const w = await openPage(env.browser, { viewport: { width: 375, height: 740 } });
    await w.page.goto(`${env.stack.demo}/`);
    await w.page.waitForFunction(() => customElements.get('inlay-cart'));
    await w.page.evaluate((id) => window.Inlay!.cart.add({ productId: id, quantity: 2 }), STOOL);
    const dialog = w.page.locator('inlay-cart dialog');
    await expect.poll(() => dialog.locator('dl.totals dd').last().textContent()).toMatch(/^\$/);
    await settled(dialog);
    const right = (l: Locator) => l.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().right)));
    const edges = [
      ...(await right(dialog.locator('li.line .price'))),
      ...(await right(dialog.locator('dl.totals dd'))),
    ];
    expect(new Set(edges).size, edges.join(' ')).toBe(1);
    for (const l of [dialog.locator('li.line .price').first(), dialog.locator('dl.totals')])
      expect(await l.evaluate((e) => getComputedStyle(e).fontVariantNumeric)).toBe('tabular-nums');
    expect(await axe(w.page, 'inlay-cart')).toEqual([]);
    await w.page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const login = w.page.locator('inlay-login');
    await login.getByRole('button', { name: 'Sign in' }).click();
    const sheet = login.getByRole('dialog');
    await settled(sheet);
    expect(await login.getByLabel('Show password').evaluate((e) => getComputedStyle(e).accentColor)).toBe(
      'rgb(47, 93, 80)',
    );
    // the scrim: a dimmed page around the sheet (a spread shadow), and a tap on it closes the sheet
    expect(await sheet.evaluate((e) => getComputedStyle(e).boxShadow)).toMatch(
      /rgba\(0, 0, 0, 0\.45\) 0px 0px 0px \d+px/,
    );
    expect(await axe(w.page, 'inlay-login')).toEqual([]);
    await w.page.mouse.click(180, 60);
    await expect.poll(() => sheet.count()).toBe(0);
    await w.context.close();
  });
});
