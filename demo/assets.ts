/**
 * The demo host's own files, served as a real storefront serves its assets (issue 19): the site's files
 * (demo/public), the widgets' reserved space (`/inlay-reserve.css`, from `reserveCss`), the hostile fixtures' sheets
 * (`/hostile/<name>.css`) and the React demo's client bundle (`/react/*`).
 *
 * - Pages link them by versioned URL, `assetHref('/demo.css')` → `/demo.css?v=<first 10 hex of the sha256 of the
 *   bytes>`: a request whose `v` is the current bytes' version is cached for a year (immutable); any other (no `v`, an
 *   old or forged one) gets `no-cache`, so a year is never put on bytes that do not match the version, and an edit
 *   shows at once during `npm start` (the version is recomputed when the file's size or mtime changes).
 * - Every file has a strong ETag (its version, plus the encoding: one per representation) and answers 304 to a
 *   matching `If-None-Match`.
 * - Text goes out brotli- or gzip-compressed by `Accept-Encoding` (`Vary: Accept-Encoding`), compressed once per
 *   content and kept; pages (dynamic, a few KB) are compressed on each request at a moderate level.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { COMPRESSIBLE, compressStatic, etagMatches, pickEncoding, type Encoding } from '../emulator/routes/assets.ts';
import { reserveCss } from '../widgets/registry.ts';
import { hostileCss } from './hostile-css.ts';

const publicDir = fileURLToPath(new URL('./public/', import.meta.url));
/** The React demo's browser bundle (npm run build:react). */
const reactClientDir = fileURLToPath(new URL('../dist/react-demo/client/', import.meta.url));

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
};
const CSS = TYPES['.css']!;

export interface HostAsset {
  body: Buffer;
  type: string;
  /** The sha256 of `body`, hex. */
  hash: string;
  /** Its first 10 hex: the `v` of the versioned URL, and the ETag. */
  version: string;
}

function hashed(body: Buffer, type: string): HostAsset {
  const hash = createHash('sha256').update(body).digest('hex');
  return { body, type, hash, version: hash.slice(0, 10) };
}

/** Files read, by absolute path: kept while their size and mtime stay (bounded by the files that exist). */
const files = new Map<string, { stamp: string; asset: HostAsset }>();

/** A file under `root` (no escaping it), or undefined. */
function fileAsset(root: string, path: string): HostAsset | undefined {
  const file = normalize(join(root, path));
  if (!file.startsWith(root) || file === root) return undefined;
  try {
    const info = statSync(file);
    if (!info.isFile()) return undefined;
    const stamp = `${info.size} ${info.mtimeMs}`;
    const known = files.get(file);
    if (known?.stamp === stamp) return known.asset;
    const body = readFileSync(file);
    const asset = hashed(body, TYPES[extname(file)] ?? 'application/octet-stream');
    if (files.size >= 1000) files.clear();
    files.set(file, { stamp, asset });
    return asset;
  } catch {
    return undefined; // not a file: a page
  }
}

/** The host's generated stylesheets, by their text (constants of this process: read once). */
const texts = new Map<string, HostAsset>();
function textAsset(text: string, type: string): HostAsset {
  let asset = texts.get(text);
  if (!asset) {
    asset = hashed(Buffer.from(text), type);
    texts.set(text, asset);
  }
  return asset;
}

/** The host's file at a URL path (`/demo.css`, `/inlay-reserve.css`, `/hostile/tailwind.css`, `/react/client.js`). */
export function hostAsset(pathname: string): HostAsset | undefined {
  // The widgets' reserved space, in the page's own CSS so it applies from the first paint (the loader adds the
  // same rules, but only once it has run): no layout shift when widgets upgrade.
  if (pathname === '/inlay-reserve.css') return textAsset(reserveCss, CSS);
  // hostile-host fixtures: their CSS as files (CSP-friendly)
  const sheet = /^\/hostile\/([a-z]+)\.css$/.exec(pathname);
  const css = sheet ? hostileCss(sheet[1]!) : undefined;
  if (css !== undefined) return textAsset(css, CSS);
  // the React demo's client bundle under /react/, and the site's own files
  return pathname.startsWith('/react/')
    ? fileAsset(reactClientDir, pathname.slice('/react/'.length))
    : fileAsset(publicDir, pathname);
}

/** The versioned URL pages link a host file by (`/demo.css?v=…`); the path as is when there is no such file. */
export function assetHref(pathname: string): string {
  const asset = hostAsset(pathname);
  return asset ? `${pathname}?v=${asset.version}` : pathname;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Compressed bodies by content and encoding (a file compresses once per version); bounded. */
const compressed = new Map<string, Promise<Buffer>>();
function encoded(asset: HostAsset, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding} ${asset.hash}`;
  let body = compressed.get(key);
  if (!body) {
    body = compressStatic(asset.body, encoding);
    body.catch(() => compressed.delete(key));
    if (compressed.size >= 500) compressed.clear();
    compressed.set(key, body);
  }
  return body;
}

/** Answers a GET or HEAD for a host file: versioned caching, ETag and 304, compression by `Accept-Encoding`. */
export async function sendAsset(req: IncomingMessage, res: ServerResponse, url: URL, asset: HostAsset): Promise<void> {
  const compressible = COMPRESSIBLE.test(asset.type);
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : undefined;
  const etag = `"${asset.version}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'cache-control': url.searchParams.get('v') === asset.version ? IMMUTABLE : 'no-cache',
    etag,
    ...(compressible ? { vary: 'Accept-Encoding' } : {}),
  };
  if (etagMatches(req.headers['if-none-match'], etag)) return void res.writeHead(304, headers).end();
  const body = encoding ? await encoded(asset, encoding) : asset.body;
  res.writeHead(200, {
    'content-type': asset.type,
    ...headers,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': String(body.length),
  });
  res.end(body);
}

/** A page's HTML for the request's `Accept-Encoding`: brotli at quality 5 or gzip at level 6 (a few KB, per request). */
export function encodePage(
  acceptEncoding: string | undefined,
  html: string,
): { body: Buffer; headers: Record<string, string> } {
  const raw = Buffer.from(html);
  const encoding = pickEncoding(acceptEncoding);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : encoding === 'gzip'
        ? gzipSync(raw, { level: 6 })
        : raw;
  return {
    body,
    headers: {
      vary: 'Accept-Encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': String(body.length),
    },
  };
}
