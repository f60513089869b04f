import { describe, expect, it } from 'vitest';
import { InlayApiError } from '../errors.ts';
import { createI18n, matchLanguage, type Messages } from './index.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';

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

  it('describes errors by kind, with the request id for server errors', () => {
    const e = createI18n('en');
    expect(e.error(new InlayApiError({ kind: 'network', message: 'x' }))).toBe(
      'You appear to be offline. Check your connection and try again.',
    );
    expect(e.error(new InlayApiError({ kind: 'http', status: 500, message: 'x', requestId: 'abc' }))).toBe(
      'Something went wrong on our side. Try again in a moment. Request ID: abc',
    );
    expect(sp(createI18n('fr').error(new InlayApiError({ kind: 'timeout', message: 'x' })))).toBe(
      'Le serveur met trop de temps à répondre. Réessayez.',
    );
    expect(e.error(new Error('?'))).toBe(en['error.server']);
  });

  it('has every English key in French, and nothing else', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    // @ts-expect-error a dictionary missing keys is a type error
    const missing: Messages = { 'error.network': 'x' };
    expect(missing).toBeDefined();
  });
});

describe('widget strings', () => {
  const dicts = {
    en: { 'w.hello': 'Hello {name}', 'w.items_one': '{count} item', 'w.items_other': '{count} items' },
    fr: { 'w.hello': 'Bonjour {name}', 'w.items_one': '{count} article', 'w.items_other': '{count} articles' },
  };
  it('uses the widget dictionary for the language, with plurals and core keys behind it', () => {
    const fr = createI18n('fr-CA').strings(dicts);
    expect(fr('w.hello', { name: 'Léa' })).toBe('Bonjour Léa');
    expect(fr('w.items' as 'w.hello', { count: 2 })).toBe('2 articles');
    expect(fr('action.retry')).toBe('Réessayer');
    expect(createI18n('de').strings(dicts)('w.items' as 'w.hello', { count: 1 })).toBe('1 item');
  });
});
