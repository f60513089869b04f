import { describe, expect, it, vi } from 'vitest';
import { InlayApiError } from '../errors.ts';
import {
  addLanguage,
  bidiSafe,
  createI18n,
  isolate,
  loadLanguage,
  matchLanguage,
  registerLanguages,
  type Messages,
  type Translator,
} from './index.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { languages } from '../../widgets/languages/index.ts';

// French as a page that uses it has it: core's pack keys in place (the pack itself is widgets/languages/fr.ts)
addLanguage('fr', fr);

// Narrow and regular no-break spaces vary between ICU versions: compare with plain spaces.
const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const NOW = Date.UTC(2024, 2, 10, 12);

describe('i18n', () => {
  it('picks the dictionary by best match of the locale', () => {
    expect(matchLanguage('fr-CA')).toBe('fr');
    expect(matchLanguage('fr')).toBe('fr');
    expect(matchLanguage('en-GB')).toBe('en');
    expect(matchLanguage('de-DE')).toBe('en');
    expect(matchLanguage('!!')).toBe('en');
    expect(createI18n('fr-CA').t('action.retry')).toBe('Réessayer');
    expect(createI18n('de').t('action.retry')).toBe('Try again');
  });

  it('formats money from decimal strings', () => {
    expect(createI18n('en-US').money('270', 'USD')).toBe('$270.00');
    expect(createI18n('en-US').money(12.5, 'EUR')).toBe('€12.50');
    expect(sp(createI18n('fr-FR').money('1234.5', 'EUR'))).toBe('1 234,50 €');
    expect(sp(createI18n('fr-CA').money('12.5', 'CAD'))).toBe('12,50 $');
    expect(createI18n('en').money('3', 'NOPE')).toBe('3 NOPE');
  });

  it('formats numbers', () => {
    expect(createI18n('en').number(1234567.891)).toBe('1,234,567.891');
    expect(sp(createI18n('fr').number(1234567.891))).toBe('1 234 567,891');
    expect(createI18n('en').number(0.5, { style: 'percent' })).toBe('50%');
  });

  it('formats dates', () => {
    const d = new Date(2024, 2, 5, 12); // local noon: no time-zone surprises
    expect(createI18n('en-US').date(d)).toBe('Mar 5, 2024');
    expect(createI18n('fr-FR').date(d)).toBe('5 mars 2024');
    expect(createI18n('en-US').date(d, 'long')).toBe('March 5, 2024');
    expect(createI18n('fr-FR').date(d.toISOString(), 'short')).toBe('05/03/2024');
  });

  it('formats relative times', () => {
    const en = createI18n('en', { now: () => NOW });
    const fr = createI18n('fr', { now: () => NOW });
    expect(en.relative(NOW - 3 * 86400_000)).toBe('3 days ago');
    expect(fr.relative(NOW - 3 * 86400_000)).toBe('il y a 3 jours');
    expect(en.relative(NOW - 86400_000)).toBe('yesterday');
    expect(fr.relative(NOW - 86400_000)).toBe('hier');
    expect(en.relative(NOW + 2 * 3600_000)).toBe('in 2 hours');
    expect(en.relative(new Date(NOW - 10_000))).toBe('10 seconds ago');
    expect(en.relative(NOW)).toBe('now');
  });

  it('interpolates and pluralises', () => {
    const e = createI18n('en');
    const f = createI18n('fr');
    expect(e.t('toaster.count', { count: 0 })).toBe('0 notifications');
    expect(e.t('toaster.count', { count: 1 })).toBe('1 notification');
    expect(e.t('toaster.count', { count: 1200 })).toBe('1,200 notifications');
    expect(f.t('toaster.count', { count: 0 })).toBe('0 notification'); // French: 0 is singular
    expect(f.t('toaster.count', { count: 2 })).toBe('2 notifications');
    expect(e.t('error.requestId', { requestId: 'r-1' })).toBe('Request ID: r-1');
    expect(e.t('error.requestId')).toBe('Request ID: {requestId}');
  });

  it("describes errors by kind; a server error's request id is the owner's and the console's, never a shopper's", () => {
    const e = createI18n('en');
    expect(e.error(new InlayApiError({ kind: 'network', message: 'x' }))).toBe(
      'You appear to be offline. Check your connection and try again.',
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const failed = new InlayApiError({ kind: 'http', status: 500, message: 'x', requestId: 'abc' });
    try {
      // the shopper's words: no id (however often they are rendered, the id is written to the console once)
      expect(e.error(failed)).toBe('Something went wrong on our side. Try again in a moment.');
      expect(e.error(failed)).toBe('Something went wrong on our side. Try again in a moment.');
      expect(log.mock.calls).toEqual([['Inlay: HTTP 500, request id abc']]);
      // the owner's (the console's views)
      expect(e.error(failed, true)).toBe('Something went wrong on our side. Try again in a moment. Request ID: abc');
      expect(sp(createI18n('fr').error(failed))).not.toMatch(/abc|ID de requête/);
    } finally {
      log.mockRestore();
    }
    expect(sp(createI18n('fr').error(new InlayApiError({ kind: 'timeout', message: 'x' })))).toBe(
      'Le serveur met trop de temps à répondre. Réessayez.',
    );
    expect(e.error(new Error('?'))).toBe(en['error.server']);
    // a part (chunk) that could not be fetched, in each browser's words: the connection, not the server
    for (const message of [
      'Failed to fetch dynamically imported module: https://cdn.test/inlay/assets/drawer-abc12345.js',
      'error loading dynamically imported module: https://cdn.test/inlay/assets/drawer-abc12345.js',
      'Importing a module script failed.',
    ]) {
      expect(e.error(new TypeError(message)), message).toBe(en['error.network']);
    }
    expect(e.error(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(en['error.server']);
    expect(e.error(new Error('Failed to fetch dynamically imported module'))).toBe(en['error.server']);
  });

  it('has every English key in French, and nothing else', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    // @ts-expect-error a dictionary missing keys is a type error
    const missing: Messages = { 'error.network': 'x' };
    expect(missing).toBeDefined();
  });
});

describe('widget strings', () => {
  const english = { 'w.hello': 'Hello {name}', 'w.items_one': '{count} item', 'w.items_other': '{count} items' };
  it('takes English from the widget’s own dictionary and other languages from the pack, with plurals and core keys', () => {
    addLanguage('fr', {
      ...fr,
      'w.hello': 'Bonjour {name}',
      'w.items_one': '{count} article',
      'w.items_other': '{count} articles',
    });
    const t = createI18n('fr-CA').strings(english);
    expect(t('w.hello', { name: 'Léa' })).toBe('Bonjour Léa');
    expect(t('w.items', { count: 2 })).toBe('2 articles');
    expect(t('action.retry')).toBe('Réessayer');
    expect(createI18n('de').strings(english)('w.items', { count: 1 })).toBe('1 item');
    expect(createI18n('en').strings(english)('w.hello', { name: 'Léa' })).toBe('Hello Léa');
    addLanguage('fr', fr);
    // a key the pack lacks falls back to the widget's English
    expect(createI18n('fr').strings(english)('w.hello', { name: 'Léa' })).toBe('Hello Léa');
  });

  it('is typed by the dictionary: its keys, their plural keys and the core keys, nothing else (no casts needed)', () => {
    const t: Translator<keyof typeof english> = createI18n('en').strings(english);
    expect(t('w.items', { count: 1 })).toBe('1 item');
    expect(t('toaster.count', { count: 2 })).toBe('2 notifications');
    // @ts-expect-error not a key of the dictionary
    expect(t('w.nope')).toBe('w.nope');
  });

  it('isolates a right-to-left value inside a sentence (FSI … PDI), once; a left-to-right one stays as it is', () => {
    const t = createI18n('en').strings({ 'w.remove': 'Remove {name}', 'w.by': '{name} {count} times' });
    expect(t('w.remove', { name: 'שרה' })).toBe('Remove \u2068שרה\u2069');
    expect(t('w.remove', { name: 'مريم 2' })).toBe('Remove \u2068مريم 2\u2069');
    expect(t('w.remove', { name: 'Birch Ave 88' })).toBe('Remove Birch Ave 88');
    // a value the caller isolated already is not wrapped twice
    expect(t('w.remove', { name: isolate('שרה') })).toBe('Remove \u2068שרה\u2069');
    // the count is a number: "3" never joins the name before it
    expect(t('w.by', { name: 'שרה', count: 3 })).toBe('\u2068שרה\u2069 3 times');
    expect(bidiSafe('Ada')).toBe('Ada');
    expect(bidiSafe('אדה')).toBe('\u2068אדה\u2069');
  });
});

describe('language packs', () => {
  it('a registered language is matched at once, and shown once its pack has loaded (one load for every caller)', async () => {
    let release!: (d: Record<string, string>) => void;
    const pack = vi.fn(
      () => new Promise<{ default: Record<string, string> }>((r) => (release = (d) => r({ default: d }))),
    );
    registerLanguages({ nl: pack });
    expect(matchLanguage('nl-BE')).toBe('nl');
    const i = createI18n('nl-BE'); // made before the pack arrives, like the page's client
    expect(i.t('action.retry')).toBe('Try again');
    const loads = [loadLanguage('nl-BE'), loadLanguage('nl')];
    expect(pack).toHaveBeenCalledTimes(1);
    release({ 'action.retry': 'Opnieuw proberen' });
    await Promise.all(loads);
    expect(i.t('action.retry')).toBe('Opnieuw proberen');
    expect(i.t('error.network')).toBe(en['error.network']); // missing in the pack: English
    await loadLanguage('nl');
    expect(pack).toHaveBeenCalledTimes(1);
  });

  it('a pack that cannot load leaves English, warns, and may be tried again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pack = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ default: { 'action.retry': 'Igen' } });
    registerLanguages({ da: pack });
    await expect(loadLanguage('da')).resolves.toBeUndefined();
    expect(createI18n('da').t('action.retry')).toBe('Try again');
    expect(warn).toHaveBeenCalledTimes(1);
    await loadLanguage('da');
    expect(createI18n('da').t('action.retry')).toBe('Igen');
    warn.mockRestore();
  });

  it('English needs no pack; an unregistered language is English', async () => {
    await expect(loadLanguage('en-GB')).resolves.toBeUndefined();
    await expect(loadLanguage('sv')).resolves.toBeUndefined();
    expect(matchLanguage('sv')).toBe('en');
  });
});

describe('the right-to-left test language ar-XB', () => {
  const RLO = '\u202e';
  const word = (s: string) => `\u200f${RLO}${s}\u202c\u200f`;

  it('is matched by its full name when a pack has it, else by its language subtag', () => {
    expect(matchLanguage('ar-XB')).toBe('en'); // no pack registered for it (nor for `ar`) yet
    registerLanguages(languages);
    expect(matchLanguage('ar-XB')).toBe('ar-XB');
    expect(matchLanguage('ar-xb')).toBe('ar-XB'); // (a tag's case is not its meaning)
    expect(matchLanguage('ar')).toBe('en'); // Arabic itself has no pack: the test language is not Arabic
    expect(matchLanguage('ar-EG')).toBe('en');
    expect(matchLanguage('fr-XB')).toBe('fr'); // no `fr-XB` pack: the language subtag's
    expect(matchLanguage('fr-CA')).toBe('fr');
  });

  it('loads its pack: every word mirrored, placeholders outside the override, plural keys kept', async () => {
    registerLanguages(languages);
    await loadLanguage('ar-XB');
    const i = createI18n('ar-XB');
    expect(i.language).toBe('ar-XB');
    expect(i.t('action.retry')).toBe(word('Try again'));
    // (a count is a number: Arabic formatting, the real locale's)
    expect(i.t('toaster.count', { count: 1 })).toBe(`${i.number(1)}${word(' notification')}`);
    expect(i.t('toaster.count', { count: 4 })).toBe(`${i.number(4)}${word(' notifications')}`);
    // a value in a right-to-left sentence is isolated, never inside the override: it keeps its own order
    const said = i.t('error.requestId', { requestId: '88 Birch Ave' });
    expect(said).toBe(`${word('Request ID: ')}\u206888 Birch Ave\u2069`);
    expect(said.indexOf('88 Birch Ave')).toBeGreaterThan(said.lastIndexOf('\u202c'));
    // an English sentence keeps a left-to-right value as it is
    expect(createI18n('en').t('error.requestId', { requestId: '88 Birch Ave' })).toBe('Request ID: 88 Birch Ave');
  });
});
