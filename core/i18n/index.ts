import { InlayApiError } from '../errors.ts';
import { en, type MessageKey, type Messages } from './en.ts';

export { en };
export type { MessageKey, Messages };

/**
 * Languages other than English: each a loader of one flat dictionary (core's keys and every widget's), loaded only
 * when a page uses the language. The widgets' layer registers them (widgets/languages); English is built in.
 */
export type LanguagePacks = Record<string, () => Promise<{ default: Record<string, string> }>>;
const packs: LanguagePacks = {};
const loaded: Record<string, Record<string, string>> = { en };
const loading = new Map<string, Promise<void>>();

/** Make languages available (their packs load on first use). */
export function registerLanguages(more: LanguagePacks): void {
  Object.assign(packs, more);
}

const extra: Record<string, Record<string, string>> = {};
/**
 * Strings a part loads on its own for a language (the owner's console: not every French page should carry them), kept
 * on top of the language's pack whether it has loaded yet or not.
 */
export function addStrings(language: string, dictionary: Record<string, string>): void {
  Object.assign((extra[language] ??= {}), dictionary);
  if (loaded[language]) loaded[language] = { ...loaded[language], ...dictionary };
}

/** Put a language's dictionary in place now (tests, and hosts that bundle a language). */
export function addLanguage(language: string, dictionary: Record<string, string>): void {
  loaded[language] = dictionary;
}

/**
 * Loads the dictionary of `locale`'s language if it is registered and not loaded yet. Never rejects: when the pack
 * cannot load, the page stays in English (a warning in the console).
 */
export function loadLanguage(locale: string): Promise<void> {
  const language = matchLanguage(locale);
  if (loaded[language]) return Promise.resolve();
  let p = loading.get(language);
  if (!p) {
    p = packs[language]!().then(
      (m) => void (loaded[language] = { ...m.default, ...extra[language] }),
      (e: unknown) => {
        loading.delete(language); // a later page change may try again
        console.warn(`Inlay: the ${language} strings could not load; showing English.`, e);
      },
    );
    loading.set(language, p);
  }
  return p;
}

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** The plural keys of a dictionary's keys: `'rat.label'` for `'rat.label_one' | 'rat.label_other'`. */
export type PluralBase<K extends string> = K extends `${infer B}_${PluralSuffix}` ? B : never;
/** `'toaster.count'` for `'toaster.count_one' | 'toaster.count_other'`. */
export type PluralKey = PluralBase<MessageKey>;
export type TranslationKey = MessageKey | PluralKey;
/**
 * A widget's translator, typed by its English dictionary's keys `K` (`keyof typeof strings`): those keys, their plural
 * keys (`'x'` for `'x_one' | 'x_other'`, picked by `params.count`) and the core's.
 */
export type Translator<K extends string = never> = (
  key: K | PluralBase<K> | TranslationKey,
  params?: Record<string, string | number>,
) => string;
export type DateStyle = 'full' | 'long' | 'medium' | 'short';

export interface I18n {
  /** The canonical locale used for formatting. */
  locale: string;
  /** The dictionary's language (`en`, `fr`). */
  language: string;
  /** Translate; `{name}` takes `params.name`; a plural key picks `_one`/`_other`/… from `params.count`. */
  t(key: TranslationKey, params?: Record<string, string | number>): string;
  number(n: number, options?: Intl.NumberFormatOptions): string;
  /** `amount` is the platform's decimal string (or a number); `currency` an ISO 4217 code. */
  money(amount: string | number, currency: string): string;
  date(d: Date | string | number, style?: DateStyle): string;
  /** "3 days ago", "in 2 hours", "yesterday". */
  relative(d: Date | string | number): string;
  /**
   * User-facing text for any failure, by error kind. The request id of an HTTP error is the owner's (`owner`: the
   * console's views) and the developer's: a shopper's words never carry it; it goes to the browser's console instead.
   */
  error(e: unknown, owner?: boolean): string;
  /**
   * A translator for a widget's own strings: same rules as `t`. `english` is the widget's dictionary (kept in the
   * widget's chunk); other languages come from the language's pack, with English for any key it lacks.
   */
  strings<K extends string>(english: Record<K, string>): Translator<K>;
}

/**
 * Dictionary language for a locale: its base name when a pack has it (`ar-XB`, the right-to-left test language), else
 * its primary subtag when we have it (`fr-CA` → `fr`), else `en`.
 */
export function matchLanguage(locale: string): string {
  let l: Intl.Locale | undefined;
  try {
    l = new Intl.Locale(locale);
  } catch {
    // not a locale: English
  }
  const known = (lang = '') => lang in loaded || lang in packs;
  return [l?.baseName, l?.language].find(known) ?? 'en';
}

/**
 * A value inside a sentence or a label, isolated for bidi (FSI … PDI): a name, an address or an amount in another
 * direction neither reorders the words around it nor is reordered by them ("Remove שרה 2" keeps "2" in the name).
 */
export const isolate = (s: string): string => `\u2068${s}\u2069`;
/**
 * Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms), and the right-to-left
 * mark that opens each word of the test language `ar-XB`.
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f]/;
/**
 * `s` isolated when it holds right-to-left letters or goes in a right-to-left sentence (`rtl`), not already isolated;
 * else as it is: a value without them cannot reorder a left-to-right sentence, and a sentence's own direction is its
 * element's (`dir="auto"` where it is shown). In a right-to-left sentence any value is isolated: "88 Birch Ave" there
 * would show its number after its words.
 */
export const bidiSafe = (s: string, rtl?: boolean): string =>
  (rtl || RTL.test(s)) && !s.startsWith('\u2068') ? isolate(s) : s;

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31536000],
  ['month', 2592000],
  ['week', 604800],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** Formatting and strings for one locale. `now` is injectable for `relative`. */
export function createI18n(locale: string, deps: { now?: () => number } = {}): I18n {
  const language = matchLanguage(locale);
  // read at each call: the language's pack may arrive after this object is made
  const pack = (): Record<string, string> | undefined => (language === 'en' ? undefined : loaded[language]);
  const now = deps.now ?? Date.now;
  let plural: Intl.PluralRules | undefined;
  let rtf: Intl.RelativeTimeFormat | undefined;
  const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
  const nf = (o: Intl.NumberFormatOptions) => {
    const k = JSON.stringify(o);
    let f = cache.get(k) as Intl.NumberFormat | undefined;
    if (!f) cache.set(k, (f = new Intl.NumberFormat(locale, o)));
    return f;
  };
  const toDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

  const translator =
    (d: Record<string, string | undefined>) =>
    (key: string, params: Record<string, string | number> = {}) => {
      let s = d[key];
      if (s === undefined && typeof params.count === 'number') {
        plural ??= new Intl.PluralRules(locale);
        s = d[`${key}_${plural.select(params.count)}`] ?? d[`${key}_other`];
      }
      s ??= key;
      const rtl = RTL.test(s);
      return s.replace(/\{(\w+)\}/g, (m, name: string) =>
        name in params
          ? name === 'count' && typeof params.count === 'number'
            ? nf({}).format(params.count)
            : bidiSafe(String(params[name]), rtl)
          : m,
      );
    };

  // core's keys for this language, English under them (rebuilt once when the pack arrives)
  let merged: [Record<string, string> | undefined, Record<string, string | undefined>] = [undefined, en];
  const coreDict = () => {
    const p = pack();
    if (merged[0] !== p) merged = [p, { ...en, ...p }];
    return merged[1];
  };
  const t: I18n['t'] = (key, params) => translator(coreDict())(key, params);

  return {
    locale,
    language,
    t,
    strings: (english) => translator({ ...coreDict(), ...english, ...pack() }),
    number: (n, options = {}) => nf(options).format(n),
    money(amount, currency) {
      const n = typeof amount === 'number' ? amount : Number(amount);
      try {
        return nf({ style: 'currency', currency }).format(n);
      } catch {
        return `${nf({}).format(n)} ${currency}`; // unknown currency code
      }
    },
    date(d, style = 'medium') {
      const k = `d:${style}`;
      let f = cache.get(k) as Intl.DateTimeFormat | undefined;
      if (!f) cache.set(k, (f = new Intl.DateTimeFormat(locale, { dateStyle: style })));
      return f.format(toDate(d));
    },
    relative(d) {
      rtf ??= new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      const diff = (toDate(d).getTime() - now()) / 1000;
      const [unit, secs] = RELATIVE_UNITS.find(([, s]) => Math.abs(diff) >= s) ?? ['second', 1];
      return rtf.format(Math.round(diff / secs), unit);
    },
    error(e, owner) {
      if (!(e instanceof InlayApiError)) return t(partNotLoaded(e) ? 'error.network' : 'error.server');
      // every kind but an HTTP error has its own words (network, timeout, parse, config)
      if (e.kind !== 'http') return t(`error.${e.kind}`);
      const id = e.requestId;
      if (id && owner) return `${t('error.server')} ${t('error.requestId', { requestId: id })}`;
      // told once per failure, however often its words are rendered
      if (id && !told.has(e)) {
        told.add(e);
        console.log(`Inlay: HTTP ${e.status}, request id ${id}`);
      }
      return t('error.server');
    },
  };
}

/** Failures whose request id was written to the console (a shopper's words leave it out). */
const told = new WeakSet<object>();

/**
 * A part of a widget (its own chunk) that could not be fetched: said as the connection, like a request that got no
 * answer, not as the server's fault. The browsers' own words for a failed `import()`: Chromium, Firefox, Safari.
 */
const partNotLoaded = (e: unknown) =>
  e instanceof TypeError && /dynamically imported module|Importing a module script failed/.test(e.message);
