import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerLanguages } from './index.ts';
import { followHtmlLang } from '../boot.ts';
import { testContext } from '../../tests/helpers/context.ts';
import { drawerStrings as cartStrings } from '../../widgets/cart/drawer-strings.ts';
import { languages } from '../../widgets/languages/index.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));
registerLanguages(languages);
/** A page's translations (its configured locale: English, then whatever `$locale` says). */
const { i18n, $locale } = testContext(() => Promise.reject(new Error('offline')));

describe('runtime locale', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    $locale.set('en');
    document.documentElement.lang = '';
  });

  it('follows <html lang> changes into $locale and i18n()', async () => {
    document.documentElement.lang = 'en';
    stop = followHtmlLang(document.documentElement, $locale, 'de-DE');
    const seen: string[] = [];
    const off = $locale.listen((l) => seen.push(l));
    expect(i18n().language).toBe('en');
    document.documentElement.lang = 'fr-ca';
    await vi.waitFor(() => expect($locale.get()).toBe('fr-CA'));
    expect(i18n().language).toBe('fr');
    expect(i18n().strings(cartStrings)('cart.title')).toBe('Votre panier');
    // an invalid or removed lang falls back to the navigator language
    document.documentElement.lang = 'not a tag!';
    await tick();
    expect($locale.get()).toBe('de-DE');
    off();
    expect(seen).toEqual(['fr-CA', 'de-DE']);
  });

  it('switches only once the language’s strings have loaded, and the last change wins', async () => {
    let release!: (d: Record<string, string>) => void;
    registerLanguages({ it: () => new Promise((r) => (release = (d) => r({ default: d }))) });
    stop = followHtmlLang(document.documentElement, $locale);
    document.documentElement.lang = 'it';
    await tick();
    expect($locale.get()).toBe('en'); // no flash of English strings under an Italian locale
    release({ 'cart.title': 'Il tuo carrello' });
    await vi.waitFor(() => expect($locale.get()).toBe('it'));
    expect(i18n().strings(cartStrings)('cart.title')).toBe('Il tuo carrello');
    // a slower pack asked for earlier does not undo a later change
    let late!: (d: Record<string, string>) => void;
    registerLanguages({ pt: () => new Promise((r) => (late = (d) => r({ default: d }))) });
    document.documentElement.lang = 'pt';
    await tick();
    document.documentElement.lang = 'en';
    await vi.waitFor(() => expect($locale.get()).toBe('en'));
    late({});
    await tick();
    expect($locale.get()).toBe('en');
  });

  it('stops following once stopped', async () => {
    stop = followHtmlLang(document.documentElement, $locale);
    stop();
    document.documentElement.lang = 'fr';
    await tick();
    expect($locale.get()).toBe('en');
  });
});
