import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { VERSION_FOLDER, writeVersionedLayout } from '../../vite.config.ts';
import { fetchPinning, RELEASE } from '../../demo/snippet.ts';

/**
 * The versioned CDN layout (README "Pinning a version"): `npm run build` copies the moving layout of dist/inlay to
 * dist/inlay/<version>/ and writes integrity.json there, the SRI values sites put in `integrity="…"`. Needs dist/
 * (`npm run build` first, as tests/size does).
 */
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const dist = 'dist/inlay';
const pinned = `${dist}/${version}`;

/** Recomputed here, not with the build's helper: base64 of the SHA-384 digest, the SRI format. */
const sha384 = (file: string) => 'sha384-' + createHash('sha384').update(readFileSync(file)).digest('base64');

/** Files under `dir` as `/`-separated relative paths, sorted; `skipTop` leaves out top-level folders. */
function files(dir: string, skipTop: (name: string) => boolean = () => false): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((rel) => !(rel.includes('/') && skipTop(rel.split('/')[0]!)))
    .sort();
}
const integrityOf = (dir: string) =>
  JSON.parse(readFileSync(`${dir}/integrity.json`, 'utf8')) as Record<string, string>;

describe('SRI values', () => {
  it('the build wrote dist/inlay/<package.json version>/integrity.json', () => {
    expect(VERSION_FOLDER.test(version), `package.json version ${version}`).toBe(true);
    expect(existsSync(`${pinned}/integrity.json`), 'run npm run build').toBe(true);
  });

  it('every value in integrity.json is the sha384 of the file it names', () => {
    const integrity = integrityOf(pinned);
    expect(Object.keys(integrity)).toEqual(expect.arrayContaining(['loader.js', 'inlay.js']));
    for (const [file, value] of Object.entries(integrity)) {
      expect(value, file).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
      expect(value, file).toBe(sha384(`${pinned}/${file}`));
    }
  });

  it("the pinned inlay.js carries loader.js's value: a page that pins inlay.js gets loader.js checked too", () => {
    const integrity = integrityOf(pinned);
    // (widgets/inlay.ts sets it on a <link rel="modulepreload"> when its own tag has an integrity value)
    expect(readFileSync(`${pinned}/inlay.js`, 'utf8')).toContain(JSON.stringify(integrity['loader.js']));
    expect(readFileSync(`${dist}/inlay.js`, 'utf8')).toContain(JSON.stringify(sha384(`${dist}/loader.js`)));
  });

  it('integrity.json lists every file of the version folder, every chunk included', () => {
    const listed = Object.keys(integrityOf(pinned)).sort();
    expect(listed).toEqual(files(pinned).filter((f) => f !== 'integrity.json'));
    expect(listed.filter((f) => f.startsWith('assets/') && f.endsWith('.js')).length).toBeGreaterThan(0);
  });

  it('every file of the moving layout has its versioned twin with equal bytes, and nothing else is there', () => {
    const moving = files(dist, (top) => VERSION_FOLDER.test(top));
    expect(moving).toEqual(expect.arrayContaining(['loader.js', 'inlay.js']));
    for (const f of moving) {
      expect(existsSync(`${pinned}/${f}`), `${pinned}/${f}`).toBe(true);
      expect(readFileSync(`${pinned}/${f}`).equals(readFileSync(`${dist}/${f}`)), f).toBe(true);
    }
    expect(files(pinned)).toEqual([...moving, 'integrity.json'].sort());
    // only the current version: the ES build's emptyOutDir clears older ones
    expect(readdirSync(dist).filter((name) => VERSION_FOLDER.test(name))).toEqual([version]);
  });
});

describe('writeVersionedLayout (the build step)', () => {
  const fixture = () => {
    const dir = mkdtempSync(join(tmpdir(), 'inlay-cdn-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'loader.js'), 'import "./assets/core-A1.js";\n');
    writeFileSync(join(dir, 'inlay.js'), 'window.x = 1;\n');
    writeFileSync(join(dir, 'assets', 'core-A1.js'), 'export {};\n');
    return dir;
  };

  it('copies the moving files, leaves other versions alone, and replaces a stale copy of this version', () => {
    const dir = fixture();
    try {
      mkdirSync(join(dir, '0.0.9'));
      writeFileSync(join(dir, '0.0.9', 'loader.js'), 'old');
      mkdirSync(join(dir, '1.2.3', 'assets'), { recursive: true });
      writeFileSync(join(dir, '1.2.3', 'assets', 'gone-Z9.js'), 'stale');
      const integrity = writeVersionedLayout(dir, '1.2.3');
      expect(files(join(dir, '1.2.3'))).toEqual(['assets/core-A1.js', 'inlay.js', 'integrity.json', 'loader.js']);
      expect(integrityOf(join(dir, '1.2.3'))).toEqual(integrity);
      expect(integrity['loader.js']).toBe(sha384(join(dir, 'loader.js')));
      expect(readFileSync(join(dir, '0.0.9', 'loader.js'), 'utf8')).toBe('old');
      expect(readdirSync(dir).sort()).toEqual(['0.0.9', '1.2.3', 'assets', 'inlay.js', 'loader.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(['../escape', 'latest', '1.2', '1.2.3/../..', ''])('refuses %j as a version folder', (bad) => {
    const dir = fixture();
    try {
      expect(() => writeVersionedLayout(dir, bad)).toThrow(/not a release version/);
      expect(readdirSync(dir).sort()).toEqual(['assets', 'inlay.js', 'loader.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to version a folder without loader.js and inlay.js', () => {
    const dir = fixture();
    try {
      rmSync(join(dir, 'inlay.js'));
      expect(() => writeVersionedLayout(dir, '1.0.0')).toThrow(/no loader\.js and inlay\.js/);
      expect(existsSync(join(dir, '1.0.0'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the snippet page reads <assets>/<version>/integrity.json (demo/snippet.ts fetchPinning)', () => {
  const good = {
    'loader.js': 'sha384-' + 'A'.repeat(64),
    'inlay.js': 'sha384-' + 'B'.repeat(63) + '/',
    'assets/x.js': 'sha384-' + 'C'.repeat(64),
  };
  const answers: Record<string, [number, string]> = {
    '/ok/1.0.0/integrity.json': [200, JSON.stringify(good)],
    '/gone/1.0.0/integrity.json': [404, '{}'],
    '/garbled/1.0.0/integrity.json': [200, '{"loader.js":'],
    '/partial/1.0.0/integrity.json': [200, JSON.stringify({ 'loader.js': good['loader.js'] })],
    '/sha256/1.0.0/integrity.json': [200, JSON.stringify({ ...good, 'inlay.js': 'sha256-' + 'A'.repeat(43) + '=' })],
    '/null/1.0.0/integrity.json': [200, 'null'],
  };
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/slow/1.0.0/integrity.json') return; // never answers
      const [status, body] = answers[req.url ?? ''] ?? [404, ''];
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it("pins package.json's version by default", () => {
    expect(RELEASE).toBe(version);
  });

  it("returns the two entry files' SRI values (a trailing slash on the base is fine)", async () => {
    expect(await fetchPinning(`${base}/ok/`, '1.0.0')).toEqual({
      version: '1.0.0',
      loader: good['loader.js'],
      inlay: good['inlay.js'],
    });
  });

  it.each([
    ['gone', 'answered HTTP 404'],
    ['garbled', 'is not valid JSON'],
    ['partial', 'has no sha384 value for loader.js and inlay.js'],
    ['sha256', 'has no sha384 value for loader.js and inlay.js'],
    ['null', 'has no sha384 value for loader.js and inlay.js'],
    ['slow', 'could not be reached'],
  ])('says why it cannot pin when the file is %s', async (where, why) => {
    expect(await fetchPinning(`${base}/${where}`, '1.0.0', 300)).toEqual({
      version: '1.0.0',
      unavailable: `${base}/${where}/1.0.0/integrity.json ${why}`,
    });
  });

  it('says why when nothing listens there', async () => {
    const r = await fetchPinning('http://127.0.0.1:1/inlay', '1.0.0');
    expect(r).toEqual({
      version: '1.0.0',
      unavailable: 'http://127.0.0.1:1/inlay/1.0.0/integrity.json could not be reached',
    });
  });
});
