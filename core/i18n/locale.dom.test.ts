import { afterEach, describe, expect, it } from 'vitest';
import { $locale, followHtmlLang } from './index.ts';
import { i18n } from '../boot.ts';
import { strings as cartStrings } from '../../widgets/cart/strings.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('runtime locale', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    $locale.set('en');
    document.documentElement.lang = '';
  });

  it('follows <html lang> changes into $locale and i18n()', async () => {
    document.documentElement.lang = 'en';
    stop = followHtmlLang(document.documentElement, 'de-DE');
    const seen: string[] = [];
    const off = $locale.listen((l) => seen.push(l));
    expect(i18n().language).toBe('en');
    document.documentElement.lang = 'fr-ca';
    await tick();
    expect($locale.get()).toBe('fr-CA');
    expect(i18n().language).toBe('fr');
    expect(i18n().strings(cartStrings)('cart.title')).toBe('Votre panier');
    // an invalid or removed lang falls back to the navigator language
    document.documentElement.lang = 'not a tag!';
    await tick();
    expect($locale.get()).toBe('de-DE');
    off();
    expect(seen).toEqual(['fr-CA', 'de-DE']);
  });

  it('stops following once stopped', async () => {
    stop = followHtmlLang(document.documentElement);
    stop();
    document.documentElement.lang = 'fr';
    await tick();
    expect($locale.get()).toBe('en');
  });
});
