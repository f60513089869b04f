/**
 * Static widget assets under `/inlay/`, served as a CDN would: `Access-Control-Allow-Origin: *`,
 * `Cross-Origin-Resource-Policy: cross-origin`, a year (immutable) for the files whose URL never serves other bytes
 * — a version's folder (`/inlay/0.1.0/…`, the pinned layout) and the hashed chunks (`/inlay/assets/…`) — and a short
 * cache for the moving names (`loader.js`, `inlay.js` and anything else outside those folders). ETag / Last-Modified
 * with 304. Text files go out brotli- or gzip-compressed by `Accept-Encoding` (`Vary: Accept-Encoding`), compressed
 * once per file version and kept for this emulator.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { extname, relative, resolve, sep } from 'node:path';
import { notFound } from '../errors.ts';
import type { RouteModule } from '../router.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/** A release's folder, `inlay/<version>/` (vite.config.ts writes the current one): `0.1.0`, `1.2.0-beta.1`. */
const VERSION_FOLDER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * Whether a URL path (relative to `/inlay/`) always serves the same bytes: under a version's folder or `assets/`
 * (hashed names). Decided from the path asked for, not the file it resolves to: a deploy that symlinks the moving
 * `loader.js` (or a `latest/` folder) to the current version's copy must keep the moving URL's short cache.
 */
const isImmutablePath = (rel: string) => {
  const [top, ...rest] = rel.split(sep);
  return rest.length > 0 && (top === 'assets' || VERSION_FOLDER.test(top!));
};

/** Types worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
export type Encoding = 'br' | 'gzip';

/** A static file's bytes compressed for `encoding` at the highest level (done once per file version by the callers). */
export const compressStatic = (raw: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : gzipped(raw, { level: 9 });

/** Whether an `If-None-Match` header names `etag` (the weak comparison of RFC 9110 §13.1.2: `W/` aside), or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
}

/** The encoding to answer with: brotli, else gzip, unless the request refuses it (`q=0`); undefined: as is. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepts = acceptsEncoding(acceptEncoding);
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}

/** Whether an `Accept-Encoding` header accepts an encoding (q > 0, by name or `*`). */
export function acceptsEncoding(acceptEncoding: string | undefined): (encoding: string) => boolean {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name, weight === undefined ? 1 : Number(weight));
  }
  return (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
}

const missing = () => notFound('Asset not found (build the widgets with `npm run build`)', 'ASSET_NOT_FOUND');

export const assetsRoutes: RouteModule = (router, app) => {
  // compressed bodies by file, version (size + mtime) and encoding; one per emulator, bounded by the build's files
  const compressed = new Map<string, Promise<Buffer>>();
  const encode = (file: string, version: string, encoding: Encoding) => {
    const key = `${encoding} ${version} ${file}`;
    let body = compressed.get(key);
    if (!body) {
      body = readFile(file).then((raw) => compressStatic(raw, encoding));
      body.catch(() => compressed.delete(key));
      if (compressed.size > 2000) compressed.clear();
      compressed.set(key, body);
    }
    return body;
  };

  router.get(
    '/inlay/*',
    async (ctx) => {
      let rel: string;
      try {
        rel = decodeURIComponent(ctx.params['*'] ?? '');
      } catch {
        throw missing();
      }
      if (rel === '' || rel.includes('\0')) throw missing();
      const root = resolve(app.assetsDir);
      const full = resolve(root, rel);
      // Refuse anything that resolves outside the assets folder (../, absolute paths, encoded slashes).
      if (!full.startsWith(root + sep)) throw missing();
      let real: string;
      let realRoot: string;
      try {
        [real, realRoot] = await Promise.all([realpath(full), realpath(root)]);
      } catch {
        throw missing();
      }
      if (!real.startsWith(realRoot + sep)) throw missing();
      const info = await stat(real);
      if (!info.isFile()) throw missing();

      const contentType = CONTENT_TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream';
      const encoding = COMPRESSIBLE.test(contentType) ? pickEncoding(ctx.req.headers['accept-encoding']) : undefined;
      const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
      // one validator per representation: the compressed bytes differ from the plain ones
      const etag = `W/"${version}${encoding ? `-${encoding}` : ''}"`;
      const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString();
      const headers: Record<string, string> = {
        'Cache-Control': isImmutablePath(relative(root, full))
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'X-Content-Type-Options': 'nosniff',
        ETag: etag,
        'Last-Modified': lastModified,
        ...(COMPRESSIBLE.test(contentType) ? { Vary: 'Accept-Encoding' } : {}),
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      };

      const inm = ctx.req.headers['if-none-match'];
      const ims = ctx.req.headers['if-modified-since'];
      const notModified =
        inm !== undefined
          ? etagMatches(inm, etag)
          : ims !== undefined &&
            !Number.isNaN(Date.parse(ims)) &&
            Math.floor(info.mtimeMs / 1000) * 1000 <= Date.parse(ims);
      if (notModified) return { status: 304, body: '', contentType, headers };
      return { body: encoding ? await encode(real, version, encoding) : await readFile(real), contentType, headers };
    },
    { cors: 'public' },
  );
};
