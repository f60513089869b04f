/**
 * Static widget assets under `/inlay/`, served as a CDN would: `Access-Control-Allow-Origin: *`,
 * `Cross-Origin-Resource-Policy: cross-origin`, short cache for the stable entry names (loader.js, inlay.js),
 * a year (immutable) for everything else (hashed chunks). ETag / Last-Modified with 304.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, extname, resolve, sep } from 'node:path';
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

/** Entry files whose names never change get a short cache. */
const SHORT_CACHE = /^(loader|inlay)\.js(\.map)?$/;

const missing = () => notFound('Asset not found (build the widgets with `npm run build`)', 'ASSET_NOT_FOUND');

export const assetsRoutes: RouteModule = (router, app) => {
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

      const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString();
      const atRoot = dirname(real) === realRoot;
      const headers: Record<string, string> = {
        'Cache-Control': atRoot && SHORT_CACHE.test(basename(real)) ? 'public, max-age=300' : 'public, max-age=31536000, immutable',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'X-Content-Type-Options': 'nosniff',
        ETag: etag,
        'Last-Modified': lastModified,
      };
      const contentType = CONTENT_TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream';

      const inm = ctx.req.headers['if-none-match'];
      const ims = ctx.req.headers['if-modified-since'];
      const notModified =
        inm !== undefined
          ? inm.split(',').some((t) => t.trim() === etag || t.trim() === '*')
          : ims !== undefined && !Number.isNaN(Date.parse(ims)) && Math.floor(info.mtimeMs / 1000) * 1000 <= Date.parse(ims);
      if (notModified) return { status: 304, body: '', contentType, headers };
      return { body: await readFile(real), contentType, headers };
    },
    { cors: 'public' },
  );
};
