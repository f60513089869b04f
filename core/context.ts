import { atom, type WritableAtom } from 'nanostores';
import type { InlayClient } from './client.ts';
import { createI18n, type I18n } from './i18n/index.ts';

/**
 * What every widget view, model and store of a page works with, built once by the composition root (boot.ts) and
 * handed to the element layer (element.ts), which gives it to every view (`useInlay()`). Nothing reaches for it
 * through a module: whatever needs the client or translations takes the context (or the client) as a parameter.
 */
export interface InlayContext {
  /** The page's client: configuration, http, tokens, query cache. */
  readonly client: InlayClient;
  /**
   * The page's UI locale (canonical tag): the configured one, then, unless `data-locale` fixes it, `<html lang>` as
   * the page changes it (boot.ts `followHtmlLang`). Every element re-renders when it changes.
   */
  readonly $locale: WritableAtom<string>;
  /**
   * Formatting and strings for the page's current locale (`$locale`). A widget's translator, typed by its English
   * dictionary: `context.i18n().strings(strings)`.
   */
  i18n(): I18n;
  /** The site's captcha provider (`Inlay.captcha`), when it set one. */
  captcha(): CaptchaProvider | undefined;
}

/** Returns a captcha token (reCAPTCHA, or the emulator's `dev-captcha-ok`). */
export type CaptchaProvider = (kind: 'login' | 'register') => Promise<string>;

export function createInlayContext(client: InlayClient, captcha: () => CaptchaProvider | undefined): InlayContext {
  // the client's (its configured locale) until the page's language changes
  let i18n = client.i18n;
  const $locale = atom(client.config.locale);
  return {
    client,
    captcha,
    $locale,
    i18n: () => (i18n.locale === $locale.get() ? i18n : (i18n = createI18n($locale.get()))),
  };
}

/**
 * One value per key object (a client, a context): page-wide state such as the cart or the summaries' batches, made
 * on first use by the module that owns it (so lazy chunks stay lazy) and shared by every widget of that page.
 */
export function oncePer<K extends object, T>(make: (key: K) => T): (key: K) => T {
  const made = new WeakMap<K, T>();
  return (key) => {
    let v = made.get(key);
    if (!v) made.set(key, (v = make(key)));
    return v;
  };
}
