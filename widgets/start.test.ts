import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READ_TIMEOUT_MS, earlyToken, LOADER_API_BASE, pageLanguage } from './start.ts';
import { DEFAULT_API_BASE, REQUEST_TIMEOUT_MS } from '../core/constants.ts';
import { ops } from '../core/urls.ts';
import { storageKey } from '../core/storage.ts';
import { tokenStorageKey } from '../core/auth/tokens.ts';

describe('the loader’s early token request', () => {
  const fetch = vi.fn(async () => new Response('{}'));
  afterEach(() => {
    fetch.mockClear();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });
  const start = (data: Record<string, string | undefined>) => {
    vi.stubGlobal('fetch', fetch);
    return earlyToken(data);
  };

  it('asks for a visitor token at once when this browser holds no tokens for the client', async () => {
    const e = start({ clientId: ' demo ', apiBase: 'https://api.example/' });
    expect(e?.url).toBe('https://api.example/oauth2/token');
    // a form, as the core sends it: a CORS-safelisted type, so no preflight goes before it
    expect(e!.body).toBe('clientId=demo&grantType=anonymous');
    expect(fetch).toHaveBeenCalledWith('https://api.example/oauth2/token', { method: 'POST', body: expect.anything() });
    const sent = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    // (a URLSearchParams body: fetch names it application/x-www-form-urlencoded;charset=UTF-8)
    expect(sent.body).toBeInstanceOf(URLSearchParams);
    expect(String(sent.body)).toBe('clientId=demo&grantType=anonymous');
    expect(start({ clientId: 'demo' })?.url).toBe(`${DEFAULT_API_BASE}/oauth2/token`);
    expect(start({ clientId: 'demo', tokenStorage: 'memory' })).toBeDefined();
  });

  it('sends nothing when tokens are stored (the core uses or renews them), or the configuration is not usable', () => {
    // the core's own keys: the loader's copies of them must not drift
    localStorage.setItem(tokenStorageKey('demo'), '{}');
    expect(start({ clientId: 'demo' })).toBeUndefined();
    sessionStorage.setItem(tokenStorageKey('s'), '{}');
    expect(start({ clientId: 's', tokenStorage: 'session' })).toBeUndefined();
    expect(start({ clientId: '' })).toBeUndefined();
    expect(start({ clientId: 'x', apiBase: 'javascript:alert(1)' })).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uses the core’s default API base', () => {
    expect(LOADER_API_BASE).toBe(DEFAULT_API_BASE);
  });
});

describe('the loader’s early reads (sent with its token, before the core arrives)', () => {
  const base = 'https://api.example';
  const token = (
    status = 200,
    answer: unknown = { access_token: 'visitor-t', refresh_token: 'r', expires_in: 14400 },
  ) =>
    vi.fn(async (url: string) =>
      url.endsWith('/oauth2/token') ? new Response(JSON.stringify(answer), { status }) : new Response('{"read":1}'),
    );
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });
  const page = (html: string, fetch: ReturnType<typeof token>, data: Record<string, string> = {}) => {
    document.body.replaceChildren(document.createRange().createContextualFragment(html)); // the test's own fixture markup
    vi.stubGlobal('fetch', fetch);
    return earlyToken({ clientId: 'demo', apiBase: base, ...data })!;
  };
  /** The reads a page names, once all are sent (none left to reach the real fetch after the test). */
  const urlsOf = async (html: string, data: Record<string, string> = {}) => {
    const e = page(html, token(), data);
    await e.reads!.sent;
    return e.reads!.urls;
  };

  it('the product page’s algorithms and catalog version (not its cart): named at once, sent with the token once it answers', async () => {
    const fetch = token();
    const e = page(
      '<inlay-cart></inlay-cart><inlay-add-to-cart product-id="p"></inlay-add-to-cart><inlay-recommendations></inlay-recommendations>',
      fetch,
    );
    // not the cart: the visitor this token mints has none (the core does not read it, core/stores/current-cart.ts)
    expect(e.reads!.urls).toEqual([`${base}/v1/recommendations/algorithms`, `${base}/stores/v3/provision/version`]);
    const sent = await e.reads!.sent;
    expect(Object.keys(sent)).toEqual(e.reads!.urls);
    for (const u of e.reads!.urls) {
      expect(sent[u]!.auth).toBe('visitor-t');
      // raw, as the core sends it (core/http.ts)
      expect(fetch).toHaveBeenCalledWith(u, {
        headers: { Authorization: 'visitor-t' },
        signal: expect.any(AbortSignal) as AbortSignal, // the core's own request timeout
      });
      expect(await (await sent[u]!.response).json()).toEqual({ read: 1 });
    }
    expect(fetch).toHaveBeenCalledTimes(3);
    // the token's answer is still whole for the core
    expect(await (await e.response).json()).toMatchObject({ access_token: 'visitor-t' });
  });

  it('only what the page’s elements read as they start: not for lazy ones, no version when the page names its catalog', async () => {
    expect(await urlsOf('<inlay-login></inlay-login><inlay-rating product-id="p"></inlay-rating>')).toEqual([]);
    expect(await urlsOf('<inlay-recommendations loading="lazy"></inlay-recommendations>')).toEqual([]);
    // no product, no read
    expect(await urlsOf('<inlay-add-to-cart></inlay-add-to-cart>')).toEqual([]);
    expect(await urlsOf('<inlay-add-to-cart product-id=""></inlay-add-to-cart>')).toEqual([]);
    expect(await urlsOf('<inlay-cart></inlay-cart>')).toEqual([]);
    // a carousel reads products only once it has a recommendation, and may get none: its catalog's version waits
    expect(await urlsOf('<inlay-recommendations></inlay-recommendations>')).toEqual([
      `${base}/v1/recommendations/algorithms`,
    ]);
    expect(await urlsOf('<inlay-back-in-stock product-id="p"></inlay-back-in-stock>', { catalog: 'v3' })).toEqual([]);
    expect(await urlsOf('<inlay-back-in-stock product-id="p"></inlay-back-in-stock>')).toEqual([
      `${base}/stores/v3/provision/version`,
    ]);
  });

  it('with a site companion none: the core sends the public reads there, without a token', async () => {
    const product =
      '<inlay-cart></inlay-cart><inlay-add-to-cart product-id="p"></inlay-add-to-cart><inlay-recommendations></inlay-recommendations>';
    expect(await urlsOf(product, { companion: '/api/inlay' })).toEqual([]);
    expect(await urlsOf('<inlay-back-in-stock product-id="p"></inlay-back-in-stock>', { companion: '/c' })).toEqual([]);
  });

  it('none while a hosted sign-in is under way (the page that finishes it reads as the member)', async () => {
    sessionStorage.setItem(storageKey('hosted', 'demo'), '{"state":"s"}'); // core/boot.ts `hostedReturn`'s key
    try {
      expect(await urlsOf('<inlay-recommendations></inlay-recommendations>', { tokenStorage: 'memory' })).toEqual([]);
    } finally {
      sessionStorage.clear();
    }
  });

  it('a refused or failed token request sends nothing more', async () => {
    for (const fetch of [
      token(400, { message: 'bad client', details: {} }),
      token(400, { access_token: 'not on a refusal' }),
      token(200, 'not a token'),
      token(200, null),
      token(200, { access_token: '' }),
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    ]) {
      const e = page('<inlay-recommendations></inlay-recommendations>', fetch as ReturnType<typeof token>);
      expect(await e.reads!.sent).toEqual({});
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('reads each answer’s body itself (a request nobody reads stays open) and hands the core its status and headers', async () => {
    const answers: Response[] = [];
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith('/oauth2/token')) return new Response('{"access_token":"t"}');
      const r = new Response('{"message":"gone"}', { status: 404, headers: { 'x-wix-request-id': 'req-1' } });
      answers.push(r);
      return r;
    });
    const e = page('<inlay-recommendations></inlay-recommendations>', fetch as ReturnType<typeof token>);
    const read = await (await e.reads!.sent)[`${base}/v1/recommendations/algorithms`]!.response;
    expect(answers[0]!.bodyUsed).toBe(true);
    expect(read.status).toBe(404);
    expect(read.headers.get('x-wix-request-id')).toBe('req-1');
    expect(await read.json()).toEqual({ message: 'gone' });
  });

  it('asks for the core’s own URLs (core/ops), and gives up when the core’s own request would', async () => {
    expect(EARLY_READ_TIMEOUT_MS).toBe(REQUEST_TIMEOUT_MS);
    const urls = await urlsOf(
      '<inlay-recommendations></inlay-recommendations><inlay-back-in-stock product-id="p"></inlay-back-in-stock>',
    );
    expect(urls).toEqual(
      [ops.listAlgorithms, ops.catalogVersion].map((o) => {
        expect(o.method).toBe('GET');
        return base + o.path;
      }),
    );
  });
});

describe('the page’s language as the loader sees it', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.documentElement.removeAttribute('lang');
  });

  it('is the script’s data-locale, else <html lang>, else the browser’s, else English (none reported)', () => {
    document.documentElement.lang = 'de';
    expect(pageLanguage({ locale: 'fr-CA' })).toBe('fr-CA');
    expect(pageLanguage({})).toBe('de');
    document.documentElement.removeAttribute('lang');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-MX');
    expect(pageLanguage({})).toBe('es-MX');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(undefined as never);
    expect(pageLanguage({})).toBe('en');
  });
});
