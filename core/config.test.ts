import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('accepts a full valid configuration, trimming the API base trailing slash', () => {
    expect(
      parseConfig({
        clientId: 'demo-client',
        apiBase: 'http://127.0.0.1:8787/',
        locale: 'fr-ca',
        tokenStorage: 'session',
      }),
    ).toEqual({
      ok: true,
      config: { clientId: 'demo-client', apiBase: 'http://127.0.0.1:8787', locale: 'fr-CA', tokenStorage: 'session' },
    });
  });

  it('applies the defaults', () => {
    expect(parseConfig({ clientId: 'c' })).toEqual({
      ok: true,
      config: { clientId: 'c', apiBase: 'https://www.wixapis.com', locale: 'en', tokenStorage: 'local' },
    });
  });

  it('names the missing data-client-id', () => {
    expect(parseConfig({})).toEqual({ ok: false, error: 'Invalid Inlay configuration: data-client-id is required' });
    expect(parseConfig({ clientId: '  ' })).toEqual({
      ok: false,
      error: 'Invalid Inlay configuration: data-client-id is required',
    });
  });

  it.each(['not a url', '/relative', 'ftp://example.com', 'javascript:alert(1)'])('rejects apiBase %s', (apiBase) => {
    expect(parseConfig({ clientId: 'c', apiBase })).toEqual({
      ok: false,
      error: 'Invalid Inlay configuration: data-api-base must be an absolute http(s) URL',
    });
  });

  it('data-redirect-uri: an absolute http(s) URL kept as written, or a path of the page; nothing else', () => {
    const uri = (redirectUri: string) => {
      const r = parseConfig({ clientId: 'c', redirectUri });
      return r.ok ? r.config.redirectUri : r.error;
    };
    expect(uri('https://shop.example/account/callback')).toBe('https://shop.example/account/callback');
    expect(uri('https://shop.example')).toBe('https://shop.example'); // no normalisation: matched exactly
    expect(uri(' /callback?from=inlay ')).toBe('/callback?from=inlay');
    expect(uri('/')).toBe('/');
    expect(parseConfig({ clientId: 'c', redirectUri: '' })).toMatchObject({ ok: true, config: { clientId: 'c' } });
    const absent = parseConfig({ clientId: 'c' });
    expect(absent.ok && absent.config).not.toHaveProperty('redirectUri');
    for (const bad of [
      'callback',
      '//evil.example/cb',
      '/\\evil.example/cb',
      'javascript:alert(1)',
      'ftp://shop.example/',
      '/cb#x',
      'https://shop.example/#x',
    ])
      expect(uri(bad), bad).toBe(
        'Invalid Inlay configuration: data-redirect-uri must be an absolute http(s) URL or a path starting with /, without a fragment',
      );
  });

  it('rejects an unknown token storage', () => {
    expect(parseConfig({ clientId: 'c', tokenStorage: 'cookie' })).toEqual({
      ok: false,
      error: 'Invalid Inlay configuration: data-token-storage must be local, session or memory',
    });
  });

  it('rejects an invalid locale and lists every problem', () => {
    const r = parseConfig({ locale: 'not_a_locale!' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBe(
      'Invalid Inlay configuration: data-client-id is required; data-locale must be a BCP 47 language tag',
    );
  });

  it('falls back to html lang, then navigator.language, then en', () => {
    const locale = (env: Parameters<typeof parseConfig>[1], data: Record<string, string> = {}) => {
      const r = parseConfig({ clientId: 'c', ...data }, env);
      return r.ok ? r.config.locale : r.error;
    };
    expect(locale({ htmlLang: 'de-DE', navigatorLanguage: 'fr-FR' }, { locale: 'es' })).toBe('es');
    expect(locale({ htmlLang: 'de-DE', navigatorLanguage: 'fr-FR' })).toBe('de-DE');
    expect(locale({ htmlLang: '', navigatorLanguage: 'fr-FR' })).toBe('fr-FR');
    expect(locale({ htmlLang: 'bad lang', navigatorLanguage: null })).toBe('en');
    expect(locale({}, { locale: '' })).toBe('en');
  });

  it('data-companion: an absolute http(s) URL or a same-origin path, without its trailing slash', () => {
    const companion = (v: string) => {
      const r = parseConfig({ clientId: 'c', companion: v });
      return r.ok ? r.config.companion : r.error;
    };
    expect(companion('/api/inlay')).toBe('/api/inlay');
    expect(companion(' /api/inlay/ ')).toBe('/api/inlay');
    expect(companion('https://shop.example/api/inlay/')).toBe('https://shop.example/api/inlay');
    expect(companion('http://127.0.0.1:5173/api/inlay')).toBe('http://127.0.0.1:5173/api/inlay');
    expect(companion('')).toBeUndefined();
    expect(parseConfig({ clientId: 'c' })).toEqual({
      ok: true,
      config: expect.not.objectContaining({ companion: expect.anything() }),
    });
    // another origin to a browser (`//host`, `/\host`), a relative path, other schemes: refused
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      '/',
      'api/inlay',
      'javascript:alert(1)',
      'ftp://x.example',
      '/a b',
    ]) {
      expect(companion(bad), bad).toBe(
        'Invalid Inlay configuration: data-companion must be an absolute http(s) URL or a path starting with /',
      );
    }
  });

  it('treats empty optional attributes as absent', () => {
    const r = parseConfig({ clientId: 'c', apiBase: '', tokenStorage: '' });
    expect(r.ok && r.config).toMatchObject({ apiBase: 'https://www.wixapis.com', tokenStorage: 'local' });
  });
});
