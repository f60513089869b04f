import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, showReviews } from '../helpers/browser.ts';
import { useStackAndBrowser } from '../helpers/suite.ts';
import { seedIds, seedVariantId } from '../../emulator/seed.ts';

/**
 * Runtime language: a site that switches language without a reload changes `<html lang>`; the widgets follow it (the
 * script tag's `data-locale`, when set, wins and the change is ignored) and keep their state while re-rendering.
 */
const env = useStackAndBrowser();
const MUG = seedIds.products['enamel-camp-mug']!;
const FOREST = seedVariantId('enamel-camp-mug', { Color: 'Forest' });

/** The visible text a shopper reads in each widget (the page's own add-to-cart, not the recommendation cards'). */
const texts = (page: Page) =>
  page.evaluate(() => {
    const shadow = (sel: string) => document.querySelector(sel)?.shadowRoot;
    return {
      atc: shadow('.product inlay-add-to-cart, body > inlay-add-to-cart')?.querySelector('button')?.textContent?.trim(),
      reviews: shadow('inlay-reviews')?.querySelector('h2')?.textContent?.trim(),
      login: shadow('inlay-login')?.querySelector('button')?.textContent?.trim(),
      cart: shadow('inlay-cart')?.querySelector('button.cart-button')?.getAttribute('aria-label'),
    };
  });

const setLang = (page: Page, lang: string) => page.evaluate((l) => (document.documentElement.lang = l), lang);

const EN = { atc: 'Add to cart', reviews: 'Customer reviews', login: 'Sign in', cart: 'Cart, 0 items' };
const FR = { atc: 'Ajouter au panier', reviews: 'Avis clients', login: 'Se connecter', cart: 'Panier, 0 articles' };

describe('runtime language', () => {
  it('follows <html lang> without a reload, and a half-typed review keeps its text (same DOM nodes)', async () => {
    const w = await openPage(env.browser);
    await w.page.goto(`${env.stack.demo}/products/enamel-camp-mug`);
    await showReviews(w.page);
    await w.page.locator('inlay-reviews .review .body').first().waitFor();
    await w.page.locator('.product inlay-add-to-cart button:not([disabled])').waitFor();
    await expect.poll(() => texts(w.page)).toEqual(EN);
    expect(await w.page.locator('inlay-reviews .big').textContent()).toBe('5.0');

    // half-type a review; mark the page and the fields so a reload or a remount would show
    const reviews = w.page.locator('inlay-reviews');
    await reviews.getByRole('button', { name: 'Write a review' }).click();
    await reviews.getByLabel('Title (optional)').fill('Sturdy');
    await reviews.getByLabel('Your review').fill('Half-typed: keeps coffee hot for');
    await reviews.getByLabel('Your review').evaluate((el) => Object.assign(el, { inlayProbe: 1 }));
    await w.page.evaluate(() => Object.assign(window, { inlayProbe: 1 }));

    await setLang(w.page, 'fr');
    await expect.poll(() => texts(w.page)).toEqual(FR);
    expect(await w.page.locator('inlay-reviews .big').textContent()).toBe('5,0');
    const body = reviews.getByLabel('Votre avis');
    expect(await body.inputValue()).toBe('Half-typed: keeps coffee hot for');
    expect(await reviews.getByLabel('Titre (facultatif)').inputValue()).toBe('Sturdy');
    expect(await body.evaluate((el) => (el as unknown as { inlayProbe?: number }).inlayProbe)).toBe(1);
    expect(await w.page.evaluate(() => (window as unknown as { inlayProbe?: number }).inlayProbe)).toBe(1);
    // a region subtag keeps the language; a widget opened after the switch comes up in it too
    await setLang(w.page, 'fr-CA');
    await w.page.locator('inlay-login').getByRole('button', { name: 'Se connecter' }).click();
    await w.page.locator('inlay-login').getByRole('dialog', { name: 'Connexion' }).waitFor();
    await w.page.keyboard.press('Escape');

    // and back
    await setLang(w.page, 'en');
    await expect.poll(() => texts(w.page)).toEqual(EN);
    expect(await reviews.getByLabel('Your review').inputValue()).toBe('Half-typed: keeps coffee hot for');
    expect(
      await reviews.getByLabel('Your review').evaluate((el) => (el as unknown as { inlayProbe?: number }).inlayProbe),
    ).toBe(1);
    expect(await w.page.locator('inlay-reviews .big').textContent()).toBe('5.0');
    await w.context.close();
  });

  it('ignores <html lang> changes when the script tag sets data-locale', async () => {
    const page = (locale: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>locale</title>` +
      `<script type="module" src="${env.stack.api}/inlay/loader.js" data-client-id="demo-client" data-api-base="${env.stack.api}" ${locale}></script>` +
      `</head><body><inlay-login></inlay-login><inlay-cart></inlay-cart><inlay-add-to-cart product-id="${MUG}" variant-id="${FOREST}"></inlay-add-to-cart></body></html>`;
    const fixed = await openPage(env.browser);
    await fixed.page.goto(env.stack.fixtures.page('/locale-fixed', page('data-locale="fr"')));
    // the control: the same page without data-locale, switched at the same time
    const follows = await openPage(env.browser);
    await follows.page.goto(env.stack.fixtures.page('/locale-follows', page('')));
    const visible = (p: Page) => texts(p).then(({ atc, login, cart }) => ({ atc, login, cart }));
    for (const p of [fixed.page, follows.page]) await p.locator('inlay-add-to-cart button:not([disabled])').waitFor();
    const { reviews: _fr, ...frVisible } = FR;
    const { reviews: _en, ...enVisible } = EN;
    await expect.poll(() => visible(fixed.page)).toEqual(frVisible);
    await expect.poll(() => visible(follows.page)).toEqual(enVisible);

    await setLang(follows.page, 'fr');
    await setLang(fixed.page, 'en-GB');
    await expect.poll(() => visible(follows.page)).toEqual(frVisible);
    await fixed.page.waitForTimeout(200); // the control switched by now; give the fixed page the same chance
    expect(await visible(fixed.page)).toEqual(frVisible);
    await fixed.context.close();
    await follows.context.close();
  });
});
