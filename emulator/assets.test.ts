import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS, seedMediaId } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { api, rawRequest, startTestEmulator } from './test-helpers.ts';

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
    expect((await api(emu, '/inlay/assets/core-Ab12Cd.js.map')).headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await api(emu, '/inlay/assets/theme-9f8e.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await api(emu, '/inlay/manifest.json')).headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    const first = await api(emu, '/inlay/loader.js');
    const etag = first.headers.get('etag') as string;
    const again = await rawRequest(emu.url, '/inlay/loader.js', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const since = await rawRequest(emu.url, '/inlay/loader.js', { headers: { 'If-Modified-Since': first.headers.get('last-modified') as string } });
    expect(since.status).toBe(304);
    const changed = await rawRequest(emu.url, '/inlay/loader.js', { headers: { 'If-None-Match': 'W/"other"' } });
    expect(changed.status).toBe(200);
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
