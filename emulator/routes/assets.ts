/**
 * Static widget assets under `/inlay/`, served as a CDN would: `Access-Control-Allow-Origin: *`,
 * `Cross-Origin-Resource-Policy: cross-origin`, a year (immutable) for the files whose URL never serves other bytes
 * — a version's folder (`/inlay/0.1.0/…`, the pinned layout) and the hashed chunks (`/inlay/assets/…`) — and a short
 * cache for the moving names (`loader.js`, `inlay.js` and anything else outside those folders). ETag / Last-Modified
 * with 304.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
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
      const headers: Record<string, string> = {
        'Cache-Control': isImmutablePath(relative(root, full)) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
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
