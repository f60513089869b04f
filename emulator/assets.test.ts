import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS, seedMediaId } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { api, rawRequest, startTestEmulator } from '../tests/helpers/emulator.ts';

describe('static assets under /inlay/', () => {
  let emu: RunningEmulator;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inlay-assets-'));
    const assets = join(dir, 'inlay');
    mkdirSync(join(assets, 'assets'), { recursive: true });
    writeFileSync(join(assets, 'loader.js'), 'export const loader = 1;\n');
    writeFileSync(join(assets, 'inlay.js'), 'window.x = 1;\n');
    writeFileSync(join(assets, 'assets', 'core-Ab12Cd.js'), 'export const core = 1;\n');
    writeFileSync(join(assets, 'assets', 'core-Ab12Cd.js.map'), '{"version":3}');
    writeFileSync(join(assets, 'assets', 'theme-9f8e.css'), ':host{color:red}');
    writeFileSync(join(assets, 'manifest.json'), '{}');
    writeFileSync(join(dir, 'secret.txt'), 'TOP-SECRET');
    symlinkSync(join(dir, 'secret.txt'), join(assets, 'link.js'));
    emu = await startTestEmulator({ assetsDir: assets });
  });
  afterAll(async () => {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves loader.js with a short cache, CORS * and CORP cross-origin', async () => {
    const r = await api(emu, '/inlay/loader.js', { headers: { Origin: 'http://anything.example' } });
    expect(r.status).toBe(200);
    expect(r.text).toBe('export const loader = 1;\n');
    expect(r.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(r.headers.get('etag')).toBeTruthy();
    expect(r.headers.get('last-modified')).toBeTruthy();
    expect((await api(emu, '/inlay/inlay.js')).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves hashed chunks as immutable, with the right content types', async () => {
    const js = await api(emu, '/inlay/assets/core-Ab12Cd.js');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await api(emu, '/inlay/assets/core-Ab12Cd.js.map')).headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
    expect((await api(emu, '/inlay/assets/theme-9f8e.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await api(emu, '/inlay/manifest.json')).headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    const first = await rawRequest(emu.url, '/inlay/loader.js');
    const etag = first.headers['etag'] as string;
    const again = await rawRequest(emu.url, '/inlay/loader.js', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const since = await rawRequest(emu.url, '/inlay/loader.js', {
      headers: { 'If-Modified-Since': first.headers['last-modified'] as string },
    });
    expect(since.status).toBe(304);
    const changed = await rawRequest(emu.url, '/inlay/loader.js', { headers: { 'If-None-Match': 'W/"other"' } });
    expect(changed.status).toBe(200);
  });

  it('compresses text by Accept-Encoding (brotli first, then gzip, none when refused), with Vary and one ETag per encoding', async () => {
    const get = (path: string, accept?: string) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
        (done, fail) => {
          const u = new URL(emu.url);
          httpRequest(
            {
              host: u.hostname,
              port: u.port,
              path,
              headers: accept === undefined ? {} : { 'Accept-Encoding': accept },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
              );
            },
          )
            .on('error', fail)
            .end();
        },
      );
    const text = 'export const loader = 1;\n';
    const br = await get('/inlay/loader.js', 'gzip, deflate, br');
    expect([br.headers['content-encoding'], br.headers['vary']]).toEqual(['br', 'Accept-Encoding']);
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    const gz = await get('/inlay/assets/core-Ab12Cd.js', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe('export const core = 1;\n');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0']) {
      const plain = await get('/inlay/loader.js', accept);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.body.toString()).toBe(text);
    }
    expect((await get('/inlay/loader.js', '*')).headers['content-encoding']).toBe('br');
    // each representation has its own validator; a 304 only for the one asked about
    const plainTag = (await get('/inlay/loader.js')).headers['etag'];
    expect(br.headers['etag']).not.toBe(plainTag);
    expect(
      (
        await rawRequest(emu.url, '/inlay/loader.js', {
          headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers['etag'] as string },
        })
      ).status,
    ).toBe(304);
    expect(
      (
        await rawRequest(emu.url, '/inlay/loader.js', {
          headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers['etag'] as string },
        })
      ).status,
    ).toBe(200);
  });

  it('supports HEAD', async () => {
    const r = await rawRequest(emu.url, '/inlay/loader.js', { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.body).toBe('');
    expect(r.headers['content-length']).toBe(String('export const loader = 1;\n'.length));
  });

  it('answers a missing file with a 404 platform error', async () => {
    const r = await api(emu, '/inlay/nope.js');
    expect(r.status).toBe(404);
    expect(r.json.details.applicationError.code).toBe('ASSET_NOT_FOUND');
    expect((await api(emu, '/inlay/assets')).status).toBe(404);
    expect((await api(emu, '/inlay/')).status).toBe(404);
  });

  it.each([
    '/inlay/../secret.txt',
    '/inlay/..%2fsecret.txt',
    '/inlay/..%2Fsecret.txt',
    '/inlay/assets/..%2f..%2fsecret.txt',
    '/inlay/%2e%2e/secret.txt',
    '/inlay/%2e%2e%2fsecret.txt',
    `/inlay/${encodeURIComponent('/etc/passwd')}`,
    '/inlay/..%5csecret.txt',
    '/inlay/link.js',
    '/inlay/%00loader.js',
  ])('refuses path traversal: %s', async (path) => {
    const r = await rawRequest(emu.url, path);
    expect(r.status).toBe(404);
    expect(r.body).not.toContain('TOP-SECRET');
    expect(r.body).not.toContain('root:');
  });

  it('answers 404 when the assets folder does not exist (not built yet)', async () => {
    const other = await startTestEmulator({ assetsDir: join(dir, 'missing') });
    try {
      const r = await api(other, '/inlay/loader.js');
      expect(r.status).toBe(404);
      expect(r.json.message).toMatch(/npm run build/);
    } finally {
      await other.close();
    }
  });
});

describe('versioned assets under /inlay/<version>/ (README "Pinning a version")', () => {
  let emu: RunningEmulator;
  let dir: string;
  const YEAR = 'public, max-age=31536000, immutable';
  const SHORT = 'public, max-age=300';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inlay-versioned-'));
    const assets = join(dir, 'inlay');
    for (const v of ['0.1.0', '1.0.0-beta.2']) {
      mkdirSync(join(assets, v, 'assets'), { recursive: true });
      writeFileSync(join(assets, v, 'loader.js'), `export const v = '${v}';\n`);
      writeFileSync(join(assets, v, 'inlay.js'), 'window.x = 1;\n');
      writeFileSync(join(assets, v, 'assets', 'core-Ab12Cd.js'), 'export const core = 1;\n');
      writeFileSync(join(assets, v, 'integrity.json'), '{"loader.js":"sha384-x"}');
    }
    // a deploy that points the moving names at the current version instead of copying it
    symlinkSync(join(assets, '0.1.0', 'loader.js'), join(assets, 'loader.js'));
    symlinkSync(join(assets, '0.1.0', 'inlay.js'), join(assets, 'inlay.js'));
    symlinkSync(join(assets, '0.1.0'), join(assets, 'latest'));
    // looks like a version, is not one: a moving folder
    mkdirSync(join(assets, '0.1'));
    writeFileSync(join(assets, '0.1', 'loader.js'), 'export const v = 0.1;\n');
    writeFileSync(join(assets, 'notes.txt'), 'moving');
    emu = await startTestEmulator({ assetsDir: assets });
  });
  afterAll(async () => {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/inlay/0.1.0/loader.js',
    '/inlay/0.1.0/inlay.js',
    '/inlay/0.1.0/assets/core-Ab12Cd.js',
    '/inlay/0.1.0/integrity.json',
    '/inlay/1.0.0-beta.2/loader.js',
  ])('serves %s for a year (immutable), with CORS * for crossorigin + integrity', async (path) => {
    const r = await api(emu, path, { headers: { Origin: 'http://site.example' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe(YEAR);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it("serves the version folder's bytes and integrity.json as JSON", async () => {
    expect((await api(emu, '/inlay/1.0.0-beta.2/loader.js')).text).toBe("export const v = '1.0.0-beta.2';\n");
    const r = await api(emu, '/inlay/0.1.0/integrity.json');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.json).toEqual({ 'loader.js': 'sha384-x' });
  });

  it("keeps the short cache on moving URLs even when they resolve to a version folder's file", async () => {
    for (const path of [
      '/inlay/loader.js',
      '/inlay/inlay.js',
      '/inlay/latest/loader.js',
      '/inlay/0.1/loader.js',
      '/inlay/notes.txt',
    ]) {
      const r = await api(emu, path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control'), path).toBe(SHORT);
    }
    expect((await api(emu, '/inlay/loader.js')).text).toBe("export const v = '0.1.0';\n");
  });
});

describe('generated media', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(() => emu.close());

  it('serves every seeded product image as SVG with a long cache', async () => {
    const r = await api(emu, `/media/${seedMediaId('camp-lantern')}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/svg+xml');
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(r.text).toContain('<title id="t">Camp Lantern</title>');
    expect(r.text.endsWith('</svg>')).toBe(true);
    const count = emu.db.prepare('SELECT COUNT(*) AS n FROM media_files').get() as { n: number };
    expect(count.n).toBeGreaterThanOrEqual(SEED_PRODUCTS.length);
  });

  it('draws different art for different product kinds and colours', async () => {
    const mug = (await api(emu, `/media/${seedMediaId('enamel-camp-mug', 'Forest')}`)).text;
    const navy = (await api(emu, `/media/${seedMediaId('enamel-camp-mug', 'Navy')}`)).text;
    const skillet = (await api(emu, `/media/${seedMediaId('cast-iron-skillet')}`)).text;
    expect(mug).toContain('#2f5d46');
    expect(navy).toContain('#1f3352');
    expect(mug).not.toBe(navy);
    expect(mug.replace(/#[0-9a-f]{6}/gi, '')).not.toBe(skillet.replace(/#[0-9a-f]{6}/gi, ''));
  });

  it('answers an unknown media file with 404', async () => {
    const r = await api(emu, '/media/nope.svg');
    expect(r.status).toBe(404);
    expect(r.json.details.applicationError.code).toBe('MEDIA_NOT_FOUND');
  });
});
