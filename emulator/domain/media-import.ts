/**
 * Imports from a URL (importFile, bulkImportFiles, bulkImportFile; routes/media-library.ts): the fetch that runs in the
 * background after the PENDING descriptor is answered, and its address rules (docs/wire.md "Media library"):
 * - only `http:` and `https:` URLs;
 * - outside dev mode no private, loopback, link-local, unique-local, carrier-grade NAT, documentation, multicast,
 *   reserved or unspecified address is ever connected to: the host is resolved (every address checked) and the
 *   connection goes to an address that was checked (no second lookup for a rebinding DNS to answer differently);
 * - in dev mode the same, except the origins listed in `EmulatorOptions.mediaImportAllow` (a test's own server);
 * - redirects are followed by hand, at most {@link MAX_REDIRECTS}, each hop checked again;
 * - at most `MAX_UPLOAD_BYTES`, in {@link IMPORT_TIMEOUT_MS}, and only the review photos' types (sniffed).
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { LookupFunction } from 'node:net';

/** A DNS lookup: every address of `host` (`node:dns` `lookup(host, {all: true})` by default). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const MAX_REDIRECTS = 3;
export const IMPORT_TIMEOUT_MS = 15_000;

export const defaultResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** Addresses an import never connects to outside the allowed origins (IANA special-purpose registries). */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, IPv4-compatible). */
function embeddedIpv4(ip: string): string | undefined {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::ffff:0:|64:ff9b::|::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return undefined;
}

/** Whether an import may connect to `ip` (a public unicast address). */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !BLOCKED.check(ip, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    if (v4 !== undefined) return isPublicAddress(v4);
    return !BLOCKED.check(ip, 'ipv6');
  }
  return false;
}

/** Why an import failed (the descriptor turns FAILED with it), or why its URL was refused up front. */
export class ImportError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

export interface ImportRules {
  /** Dev mode: the allowed origins apply. */
  dev: boolean;
  /** Origins (`http://127.0.0.1:PORT`) fetched without the address check, in dev mode only. */
  allow: readonly string[];
  resolve: Resolve;
  maxBytes: number;
  signal: AbortSignal;
}

/** The host of `url` without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses a connection to `url` may use: every address of its host, each checked, unless its origin is allowed.
 * Throws an {@link ImportError} for a scheme other than http(s), a host that does not resolve, or any address that is
 * not public.
 */
export async function checkedAddresses(
  url: URL,
  rules: Pick<ImportRules, 'dev' | 'allow' | 'resolve'>,
): Promise<{ address: string; family: number }[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImportError('INVALID_URL_SCHEME', 'Only http and https URLs can be imported');
  }
  if (url.username || url.password) throw new ImportError('INVALID_URL', 'A URL with credentials cannot be imported');
  const host = bareHost(url);
  const literal = isIP(host);
  const allowed = rules.dev && rules.allow.includes(url.origin);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await rules.resolve(host);
    } catch {
      throw new ImportError('HOST_NOT_FOUND', `The host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new ImportError('HOST_NOT_FOUND', `The host ${host} could not be resolved`);
  }
  if (!allowed) {
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) {
      throw new ImportError(
        'PRIVATE_ADDRESS',
        `The URL's host ${host} is a private, loopback, link-local or reserved address; it cannot be imported from`,
      );
    }
  }
  return addresses;
}

/** A `lookup` that answers only the addresses already checked (the connection cannot land elsewhere). */
function pinnedLookup(addresses: { address: string; family: number }[]): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as unknown as LookupFunction;
}

/** Header names an import's `urlHeaders` may not set. */
const FORBIDDEN_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'proxy-authorization',
  'te',
  'trailer',
  'keep-alive',
]);

export function importHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (!FORBIDDEN_HEADERS.has(k.toLowerCase())) out[k] = v;
  return out;
}

function get(url: URL, opts: RequestOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { ...opts, method: 'GET', signal },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Fetch `start`'s bytes under the rules: every hop checked, redirects followed by hand, the body cut off past
 * `maxBytes`. Throws an {@link ImportError} saying why not.
 */
export async function fetchForImport(
  start: URL,
  headers: Record<string, string>,
  rules: ImportRules,
): Promise<{ bytes: Buffer; finalUrl: string }> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const addresses = await checkedAddresses(url, rules);
    let res: IncomingMessage;
    try {
      res = await get(
        url,
        {
          headers: { ...headers, 'user-agent': 'inlay-emulator-media-import', accept: 'image/*' },
          lookup: pinnedLookup(addresses),
        },
        rules.signal,
      );
    } catch (err) {
      if (rules.signal.aborted) throw new ImportError('FETCH_FAILED', 'The URL took too long to answer');
      throw new ImportError('FETCH_FAILED', `The URL could not be fetched: ${(err as Error).message}`);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= MAX_REDIRECTS) throw new ImportError('TOO_MANY_REDIRECTS', `More than ${MAX_REDIRECTS} redirects`);
      try {
        url = new URL(res.headers.location, url);
      } catch {
        throw new ImportError('FETCH_FAILED', 'The URL redirected to an invalid location');
      }
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new ImportError('FETCH_FAILED', `The URL answered ${status}`);
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > rules.maxBytes) {
      res.destroy();
      throw new ImportError('FILE_TOO_LARGE', `The file is larger than ${rules.maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res) {
        size += (chunk as Buffer).length;
        if (size > rules.maxBytes) {
          res.destroy();
          throw new ImportError('FILE_TOO_LARGE', `The file is larger than ${rules.maxBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if (err instanceof ImportError) throw err;
      if (rules.signal.aborted) throw new ImportError('FETCH_FAILED', 'The download took too long');
      throw new ImportError('FETCH_FAILED', `The download broke off: ${(err as Error).message}`);
    }
    return { bytes: Buffer.concat(chunks), finalUrl: url.href };
  }
}
