/**
 * The hosted pages' language: the `lang` query parameter the platform appends to a redirect session's URL (the
 * session's `preferences.additionalQueryParameters.lang`, docs/wire.md "Hosted pages' language"). A BCP 47 tag; anything
 * else, or none, is English. The pages carry it on their own links and forms, so every step keeps it.
 */
const RTL = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'yi', 'dv', 'ckb', 'ug']);

export interface HostedLocale {
  /** The canonical tag (`fr-CA`, `ar-XB`), `en` by default: `<html lang>` and every `Intl` formatter. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The page's words are French (the hosted pages have English and French words). */
  fr: boolean;
}

export const ENGLISH: HostedLocale = { lang: 'en', dir: 'ltr', fr: false };

/** The locale of a `lang` parameter (`fr`, `fr-CA`, `ar-XB`): English when there is none or it is not a tag. */
export function hostedLocale(raw: string | null | undefined): HostedLocale {
  if (!raw || raw.length > 35) return ENGLISH;
  try {
    const l = new Intl.Locale(raw);
    return { lang: l.toString(), dir: RTL.has(l.language) ? 'rtl' : 'ltr', fr: l.language === 'fr' };
  } catch {
    return ENGLISH;
  }
}

/** `&lang=…` for a link or form of a page in another language than English, else nothing. */
export const langParam = (l: HostedLocale): string =>
  l === ENGLISH || l.lang === 'en' ? '' : `&lang=${encodeURIComponent(l.lang)}`;

/** Exact cents as money in the page's locale and the order's currency (`58,00 $US` in French). */
export const formatMoney = (l: HostedLocale, cents: number, currency: string): string =>
  new Intl.NumberFormat(l.lang, { style: 'currency', currency }).format(cents / 100);

/** A date (ms) in the page's locale, as a day. */
export const formatDate = (l: HostedLocale, ms: number): string =>
  new Intl.DateTimeFormat(l.lang, { dateStyle: 'long' }).format(ms);
