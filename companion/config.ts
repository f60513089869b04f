/**
 * The companion's configuration, from environment variables only (README "Site companion"). A missing or invalid
 * value stops it at start with a message naming the variable, never its value (secrets included).
 */

/** What the companion reads from its environment. */
export interface CompanionEnv {
  /** The OAuth app's client id (with INLAY_CLIENT_SECRET; optional with an API key: then tokens must be this client's). */
  INLAY_CLIENT_ID?: string;
  /** The OAuth app's client secret: admin tokens through the `client_credentials` grant. */
  INLAY_CLIENT_SECRET?: string;
  /** Or an admin API key, with the site's id. */
  INLAY_API_KEY?: string;
  INLAY_SITE_ID?: string;
  /** The platform's API base URL (default `https://www.wixapis.com`; the emulator's is `http://127.0.0.1:8787`). */
  INLAY_API_BASE?: string;
  /** Owners: member ids or login emails, comma-separated (emails case-insensitive). */
  INLAY_OWNERS?: string;
  /** Origins (scheme://host[:port]) other sites' pages may call the companion from, comma-separated. */
  INLAY_ALLOWED_ORIGINS?: string;
  /** Where the companion is mounted (`/api/inlay`); default: the root. Routes are `<base>/v1/...`. */
  INLAY_BASE_PATH?: string;
  /** Recovery emails (owner console): `POST {to, subject, text, link}` JSON to this http(s) URL (admin-abandoned.ts). */
  INLAY_MAIL_URL?: string;
  /** Sent as `Authorization: Bearer <it>` to INLAY_MAIL_URL. */
  INLAY_MAIL_TOKEN?: string;
  /**
   * The request header a proxy in front of the companion sets to the client's address (`x-real-ip`,
   * `x-forwarded-for`: the right-most entry of a list is taken). Set, it is the address whatever the runtime says;
   * unset, the runtime's own (Node: the socket's peer; Workers: CF-Connecting-IP on Cloudflare); neither: every
   * request is refused 500 `CLIENT_ADDRESS_UNKNOWN` (docs/companion.md "Client address").
   */
  INLAY_CLIENT_IP_HEADER?: string;
  /** Public reads (public.ts): seconds an answer is served from the companion's cache without asking (default 60). */
  INLAY_PUBLIC_MAX_AGE?: string;
  /** Then seconds it is still served while one background read renews it (default 86400); older: read first. */
  INLAY_PUBLIC_STALE?: string;
}

export type AdminCredentials =
  | { kind: 'client-credentials'; clientId: string; clientSecret: string }
  | { kind: 'api-key'; apiKey: string; siteId: string };

export interface CompanionConfig {
  apiBase: string;
  admin: AdminCredentials;
  /** When known, the OAuth client visitor and member tokens must come from. */
  clientId?: string;
  /** When known, the site tokens must be for. */
  siteId?: string;
  owners: { ids: Set<string>; emails: Set<string> };
  allowedOrigins: Set<string>;
  basePath: string;
  /** The secret the companion's own keys derive from (never sent anywhere). */
  secret: string;
  /** INLAY_CLIENT_IP_HEADER, lower-case: the header the client address is read from. */
  clientIpHeader?: string;
  /** The public reads' cache (public.ts): fresh for `maxAgeMs`, then served stale for `staleMs` while renewed. */
  publicCache: { maxAgeMs: number; staleMs: number };
}

export class CompanionConfigError extends Error {
  override name = 'CompanionConfigError';
}

const DEFAULT_API_BASE = 'https://www.wixapis.com';
const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Parse and check the environment; throws {@link CompanionConfigError} naming what is wrong. */
export function readConfig(env: CompanionEnv): CompanionConfig {
  const problems: string[] = [];
  const get = (k: keyof CompanionEnv) => {
    const v = env[k];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const clientId = get('INLAY_CLIENT_ID');
  const clientSecret = get('INLAY_CLIENT_SECRET');
  const apiKey = get('INLAY_API_KEY');
  const siteId = get('INLAY_SITE_ID');

  let admin: AdminCredentials | undefined;
  if (clientSecret !== undefined) {
    if (apiKey !== undefined) problems.push('set INLAY_CLIENT_SECRET or INLAY_API_KEY, not both');
    if (clientId === undefined) problems.push('INLAY_CLIENT_ID is required with INLAY_CLIENT_SECRET');
    if (clientSecret.length < 16) problems.push('INLAY_CLIENT_SECRET is too short (at least 16 characters)');
    if (clientId !== undefined) admin = { kind: 'client-credentials', clientId, clientSecret };
  } else if (apiKey !== undefined) {
    if (siteId === undefined) problems.push('INLAY_SITE_ID is required with INLAY_API_KEY');
    if (apiKey.length < 16) problems.push('INLAY_API_KEY is too short (at least 16 characters)');
    if (siteId !== undefined) admin = { kind: 'api-key', apiKey, siteId };
  } else {
    problems.push('set INLAY_CLIENT_ID + INLAY_CLIENT_SECRET, or INLAY_API_KEY + INLAY_SITE_ID (an admin identity)');
  }

  let apiBase = DEFAULT_API_BASE;
  const rawBase = get('INLAY_API_BASE');
  if (rawBase !== undefined) {
    let u: URL | undefined;
    try {
      u = new URL(rawBase);
    } catch {
      u = undefined;
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || u.search || u.hash)
      problems.push('INLAY_API_BASE must be an http(s) URL without credentials, query or fragment');
    else apiBase = u.href.replace(/\/+$/, '');
  }

  const owners = { ids: new Set<string>(), emails: new Set<string>() };
  for (const o of list(get('INLAY_OWNERS'))) {
    if (o.includes('@')) owners.emails.add(o.toLowerCase());
    else if (/^[A-Za-z0-9-]{1,100}$/.test(o)) owners.ids.add(o);
    else problems.push('INLAY_OWNERS must list member ids or emails, comma-separated');
  }

  const allowedOrigins = new Set<string>();
  for (const o of list(get('INLAY_ALLOWED_ORIGINS'))) {
    let origin: string | undefined;
    try {
      const u = new URL(o);
      origin = (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === o ? o : undefined;
    } catch {
      origin = undefined;
    }
    if (origin) allowedOrigins.add(origin);
    else problems.push('INLAY_ALLOWED_ORIGINS must list origins like https://shop.example (no path or slash)');
  }

  const basePath = (get('INLAY_BASE_PATH') ?? '').replace(/\/+$/, '');
  if (basePath && !/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath))
    problems.push('INLAY_BASE_PATH must be a path like /api/inlay');

  const clientIpHeader = get('INLAY_CLIENT_IP_HEADER')?.toLowerCase();
  if (clientIpHeader !== undefined && !/^[a-z0-9-]{1,64}$/.test(clientIpHeader))
    problems.push('INLAY_CLIENT_IP_HEADER must be a header name like x-real-ip');

  const seconds = (k: 'INLAY_PUBLIC_MAX_AGE' | 'INLAY_PUBLIC_STALE', fallback: number) => {
    const v = get(k);
    if (v === undefined) return fallback * 1000;
    if (/^\d{1,9}$/.test(v)) return Number(v) * 1000;
    problems.push(`${k} must be a whole number of seconds`);
    return 0;
  };
  const publicCache = { maxAgeMs: seconds('INLAY_PUBLIC_MAX_AGE', 60), staleMs: seconds('INLAY_PUBLIC_STALE', 86_400) };

  if (problems.length > 0 || !admin) {
    throw new CompanionConfigError(`site companion: invalid configuration: ${[...new Set(problems)].join('; ')}`);
  }
  return {
    apiBase,
    admin,
    ...(clientId ? { clientId } : {}),
    ...(admin.kind === 'api-key' ? { siteId: admin.siteId } : siteId ? { siteId } : {}),
    owners,
    allowedOrigins,
    basePath,
    secret: admin.kind === 'client-credentials' ? admin.clientSecret : admin.apiKey,
    ...(clientIpHeader ? { clientIpHeader } : {}),
    publicCache,
  };
}
