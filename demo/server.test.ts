import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo } from './server.ts';
import { reserveCss } from '../widgets/registry.ts';
import type { RunningEmulator } from '../emulator/server.ts';
import { DEMO_CLIENT_ID, rawRequest, startTestEmulator } from '../tests/helpers/emulator.ts';

/**
 * The demo storefront serves its own files as a real host does (issue 19): compressed by Accept-Encoding, versioned
 * URLs cached for a year, strong ETags with 304; its pages compressed and never stored. Real HTTP (node:http, so the
 * test decides Accept-Encoding and sees the bytes as sent) against a demo reading a real emulator.
 */
describe('the demo host serves its files like a real store', () => {
  let emu: RunningEmulator;
  let demo: Awaited<ReturnType<typeof startDemo>>;
  const demoCss = readFileSync(new URL('./public/demo.css', import.meta.url));
  const version = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(demo.url, path, { headers, method });
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  beforeAll(async () => {
    emu = await startTestEmulator();
    demo = await startDemo({ port: 0, apiBase: emu.url, clientId: DEMO_CLIENT_ID });
  });
  afterAll(async () => {
    await demo?.close();
    await emu?.close();
  });

  it('compresses a file by Accept-Encoding (brotli, else gzip, else the plain bytes), with Vary on every answer', async () => {
    const br = await get('/demo.css', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toBe('text/css; charset=utf-8');
    expect([br.headers['content-encoding'], br.headers['vary']]).toEqual(['br', 'Accept-Encoding']);
    expect(br.raw.length).toBeLessThan(demoCss.length / 2);
    expect(brotliDecompressSync(br.raw).equals(demoCss)).toBe(true);
    expect(br.headers['content-length']).toBe(String(br.raw.length));

    const gz = await get('/demo.css', { 'Accept-Encoding': 'gzip' });
    expect([gz.headers['content-encoding'], gz.headers['vary']]).toEqual(['gzip', 'Accept-Encoding']);
    expect(gunzipSync(gz.raw).equals(demoCss)).toBe(true);
    expect((await get('/demo.css', { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/demo.css', accept === undefined ? {} : { 'Accept-Encoding': accept });
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.headers['vary'], String(accept)).toBe('Accept-Encoding');
      expect(plain.raw.equals(demoCss), String(accept)).toBe(true);
    }
    // the same for the other text types: a module script and the SVG icon
    const js = await get('/demo.js', { 'Accept-Encoding': 'br' });
    expect([js.headers['content-type'], js.headers['content-encoding']]).toEqual([
      'text/javascript; charset=utf-8',
      'br',
    ]);
    expect(brotliDecompressSync(js.raw).equals(readFileSync(new URL('./public/demo.js', import.meta.url)))).toBe(true);
    expect((await get('/favicon.svg', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('caches a versioned URL for a year only when its v is the bytes’ version; otherwise revalidates', async () => {
    const v = version(demoCss);
    const right = await get(`/demo.css?v=${v}`, { 'Accept-Encoding': 'br' });
    expect(right.status).toBe(200);
    expect(right.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(right.raw).equals(demoCss)).toBe(true);
    for (const path of ['/demo.css', '/demo.css?v=0123456789', `/demo.css?v=${v.toUpperCase()}`, '/demo.css?v=']) {
      const r = await get(path);
      expect([r.status, r.headers['cache-control']], path).toEqual([200, 'no-cache']);
      expect(r.raw.equals(demoCss), path).toBe(true);
    }
    // another file's version is not this file's
    expect((await get(`/demo.js?v=${v}`)).headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 to a matching If-None-Match, one strong ETag per representation', async () => {
    const br = await get('/demo.css', { 'Accept-Encoding': 'br' });
    const plain = await get('/demo.css');
    const brTag = br.headers['etag'] as string;
    expect(brTag).toMatch(/^"[0-9a-f]{10}-br"$/);
    expect(plain.headers['etag']).toBe(`"${version(demoCss)}"`);

    const again = await get(`/demo.css?v=${version(demoCss)}`, { 'Accept-Encoding': 'br', 'If-None-Match': brTag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect([again.headers['etag'], again.headers['cache-control'], again.headers['vary']]).toEqual([
      brTag,
      IMMUTABLE,
      'Accept-Encoding',
    ]);
    // weak comparison (RFC 9110 §13.1.2) and a list
    expect((await get('/demo.css', { 'Accept-Encoding': 'br', 'If-None-Match': `"x", W/${brTag}` })).status).toBe(304);
    // another ETag, or the brotli one for the gzip representation: the full answer
    const other = await get('/demo.css', { 'Accept-Encoding': 'br', 'If-None-Match': '"0123456789-br"' });
    expect(other.status).toBe(200);
    expect(brotliDecompressSync(other.raw).equals(demoCss)).toBe(true);
    expect((await get('/demo.css', { 'Accept-Encoding': 'gzip', 'If-None-Match': brTag })).status).toBe(200);
    expect((await get('/demo.css', { 'If-None-Match': plain.headers['etag'] as string })).status).toBe(304);
  });

  it('links every host file of its pages by versioned URL (v: the served bytes’ version); pages come compressed, never stored', async () => {
    for (const page of ['/', '/products/enamel-camp-mug', '/spa', '/hostile/tailwind', '/csp/enamel-camp-mug']) {
      const r = await get(page, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(r.status, page).toBe(200);
      expect([r.headers['content-encoding'], r.headers['vary'], r.headers['cache-control']], page).toEqual([
        'br',
        'Accept-Encoding',
        'no-store',
      ]);
      expect(r.headers['content-length'], page).toBe(String(r.raw.length));
      const html = brotliDecompressSync(r.raw).toString();
      // every stylesheet, script and icon the page takes from its own origin
      const own = [...html.matchAll(/<(?:link|script|img)\b[^>]*?\b(?:href|src)="(\/[^"]*)"/g)]
        .map((m) => m[1]!.replace(/&amp;/g, '&'))
        .filter((u) => /\.(css|js|svg)(\?|$)/.test(u));
      expect(own.length, page).toBeGreaterThanOrEqual(page.startsWith('/csp/') ? 2 : 3);
      for (const href of own) {
        const m = /^([^?]+)\?v=([0-9a-f]{10})$/.exec(href);
        expect(m, `${page}: ${href}`).not.toBeNull();
        const served = await get(m![1]!);
        expect(version(served.raw), `${page}: ${href}`).toBe(m![2]);
        expect((await get(href)).headers['cache-control'], href).toBe(IMMUTABLE);
      }
    }
    const product = (await get('/products/enamel-camp-mug', { 'Accept-Encoding': 'br' })).raw;
    const html = brotliDecompressSync(product).toString();
    for (const [file, v] of [
      ['/demo.css', version(demoCss)],
      ['/inlay-reserve.css', version(reserveCss)],
      ['/demo.js', version(readFileSync(new URL('./public/demo.js', import.meta.url)))],
      ['/favicon.svg', version(readFileSync(new URL('./public/favicon.svg', import.meta.url)))],
    ])
      expect(html, file).toContain(`${file}?v=${v}"`);

    // gzip, and the plain HTML for a client that asks for no encoding; errors too
    const gz = await get('/products/enamel-camp-mug', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw).toString()).toBe(html);
    const plain = await get('/products/enamel-camp-mug');
    expect([plain.headers['content-encoding'], plain.headers['vary'], plain.headers['cache-control']]).toEqual([
      undefined,
      'Accept-Encoding',
      'no-store',
    ]);
    expect(plain.body).toBe(html);
    const missing = await get('/products/no-such-thing', { 'Accept-Encoding': 'br' });
    expect([missing.status, missing.headers['content-encoding'], missing.headers['cache-control']]).toEqual([
      404,
      'br',
      'no-store',
    ]);
    // the strict page keeps its policy
    expect((await get('/csp/enamel-camp-mug')).headers['content-security-policy']).toContain("style-src 'self'");
  });

  it('opens the connection to the API while a page parses, ahead of the loader (README, The snippet)', async () => {
    const hint = `<link rel="preconnect" href="${new URL(emu.url).origin}" crossorigin>`;
    // (the React demo's page loads the bundle from its own script; unbuilt, it is an error page, also with the hint)
    for (const page of ['/', '/products/enamel-camp-mug', '/spa', '/csp/enamel-camp-mug', '/snippet', '/react']) {
      const { body } = await get(page);
      const head = body.slice(0, body.indexOf('</head>'));
      expect(head, page).toContain(hint);
      if (head.includes('loader.js')) expect(head.indexOf(hint), page).toBeLessThan(head.indexOf('loader.js'));
    }
    // an API base that is not an absolute http(s) URL: the demo does not start, rather than fail on every page
    await expect(startDemo({ port: 0, apiBase: '/api' })).rejects.toThrow();
    await expect(startDemo({ port: 0, apiBase: 'ftp://files.example' })).rejects.toThrow(/http\(s\)/);
  });

  it('takes ?lang= from its allow-list (fr, the test language ar-XB: right to left) onto <html>, and ignores the rest', async () => {
    const root = async (query: string) => {
      const { body } = await get(`/products/enamel-camp-mug${query}`);
      return /<html[^>]*>/.exec(body)?.[0];
    };
    expect(await root('')).toBe('<html lang="en">');
    expect(await root('?lang=fr')).toBe('<html lang="fr">');
    expect(await root('?lang=ar-XB')).toBe('<html lang="ar-XB" dir="rtl">');
    expect(await root('?lang=fr&dir=rtl')).toBe('<html lang="fr" dir="rtl">');
    expect(await root('?dir=rtl')).toBe('<html lang="en" dir="rtl">');
    for (const other of ['de', 'ar', 'AR-XB', '"><script>', 'fr%20'])
      expect(await root(`?lang=${encodeURIComponent(other)}`), other).toBe('<html lang="en">');
    expect(/<html[^>]*>/.exec((await get('/?lang=ar-XB')).body)?.[0]).toBe('<html lang="ar-XB" dir="rtl">');
  });

  it('serves /inlay-reserve.css and the hostile sheets the same way', async () => {
    const v = version(reserveCss);
    const r = await get(`/inlay-reserve.css?v=${v}`, { 'Accept-Encoding': 'br' });
    expect([r.status, r.headers['cache-control'], r.headers['content-encoding'], r.headers['vary']]).toEqual([
      200,
      IMMUTABLE,
      'br',
      'Accept-Encoding',
    ]);
    expect(brotliDecompressSync(r.raw).toString()).toBe(reserveCss);
    expect((await get('/inlay-reserve.css?v=0000000000')).headers['cache-control']).toBe('no-cache');
    expect(
      (await get('/inlay-reserve.css', { 'Accept-Encoding': 'br', 'If-None-Match': r.headers['etag'] as string }))
        .status,
    ).toBe(304);

    const layout = await get('/hostile/layout.css', { 'Accept-Encoding': 'gzip' });
    expect([layout.status, layout.headers['content-encoding'], layout.headers['cache-control']]).toEqual([
      200,
      'gzip',
      'no-cache',
    ]);
    const v2 = version(gunzipSync(layout.raw));
    expect((await get(`/hostile/layout.css?v=${v2}`)).headers['cache-control']).toBe(IMMUTABLE);
    // a prototype-named sheet is no sheet (it was a 500: Object.prototype.constructor is no CSS)
    expect((await get('/hostile/constructor.css')).status).toBe(404);
  });

  it('keeps the rest: HEAD, 405, no way out of its folders', async () => {
    const head = await get('/demo.css', { 'Accept-Encoding': 'br' }, 'HEAD');
    const full = await get('/demo.css', { 'Accept-Encoding': 'br' });
    expect([head.status, head.raw.length, head.headers['content-encoding']]).toEqual([200, 0, 'br']);
    expect(head.headers['content-length']).toBe(String(full.raw.length));
    expect(head.headers['etag']).toBe(full.headers['etag']);
    const headPage = await get('/', {}, 'HEAD');
    expect([headPage.status, headPage.raw.length, headPage.headers['cache-control']]).toEqual([200, 0, 'no-store']);

    for (const method of ['POST', 'PUT', 'DELETE']) {
      const r = await get('/demo.css', {}, method);
      expect([r.status, r.headers['allow']], method).toEqual([405, 'GET, HEAD']);
    }

    const pkg = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/public/../../package.json',
      '/react/../../../package.json',
      '/react/..%2f..%2f..%2fpackage.json',
      '/react/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/hostile/..%2f..%2fpackage.json',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).not.toContain(pkg.slice(0, 40));
    }
  });
});
