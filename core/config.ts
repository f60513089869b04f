import * as z from 'zod/mini';
import { DEFAULT_API_BASE } from './constants.ts';
import { httpUrl } from './safe-url.ts';

/** Where tokens persist: `localStorage`, `sessionStorage`, or nowhere (memory). */
export type TokenStorageKind = 'local' | 'session' | 'memory';

/** Validated configuration read from the script tag's `data-*` attributes. */
export interface InlayConfig {
  clientId: string;
  /** Absolute http(s) URL without a trailing slash. */
  apiBase: string;
  /** Canonical BCP 47 tag. */
  locale: string;
  tokenStorage: TokenStorageKind;
  /**
   * The site companion (`data-companion`): the site owner's own server for what a browser's token may not do on the
   * platform (docs/wire.md). An absolute http(s) URL or a same-origin path (`/api/inlay`), without a trailing slash.
   * Absent: the widgets keep to what visitor and member tokens may call.
   */
  companion?: string;
  /**
   * Where the hosted sign-in returns (`data-redirect-uri`, registered on the OAuth app as an allowed authorization
   * redirect URI, matched exactly): an absolute http(s) URL as written, or a path of the page's origin. Absent: the
   * page's origin + `/` (sign-in-page.ts `callbackUri`).
   */
  redirectUri?: string;
  /** The Stores catalog the site is on (`data-catalog`); absent: asked once (docs/wire.md "Catalog V1 and V3"). */
  catalog?: 'v1' | 'v3';
}

export type ConfigResult = { ok: true; config: InlayConfig } | { ok: false; error: string };

/** Canonical form of a BCP 47 tag, or undefined when it is not one. */
export function canonicalLocale(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

// Empty attributes count as absent, except data-client-id which is required.
const opt = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((v: unknown) => (v === '' ? undefined : v)),
    z.optional(schema),
  );

const schema = z.object({
  clientId: z.string('data-client-id is required').check(z.trim(), z.minLength(1, 'data-client-id is required')),
  apiBase: opt(
    z.string().check(
      z.trim(),
      z.refine((v) => !!httpUrl(v), 'data-api-base must be an absolute http(s) URL'),
    ),
  ),
  locale: opt(z.string().check(z.refine((v) => !!canonicalLocale(v), 'data-locale must be a BCP 47 language tag'))),
  tokenStorage: opt(z.enum(['local', 'session', 'memory'], 'data-token-storage must be local, session or memory')),
  catalog: opt(z.enum(['v1', 'v3'], 'data-catalog must be v1 or v3')),
  companion: opt(
    z.string().check(
      z.trim(),
      z.refine(
        // a path of this origin, never `//host` or `/\host` (another origin to a browser)
        (v) => !!httpUrl(v) || /^\/[^/\\\s][^\\\s]*$/.test(v),
        'data-companion must be an absolute http(s) URL or a path starting with /',
      ),
    ),
  ),
  redirectUri: opt(
    z.string().check(
      z.trim(),
      z.refine(
        // as for the companion, and `/` itself; never a fragment (RFC 6749 §3.1.2)
        (v) => !v.includes('#') && (/^\/(?:[^/\\\s][^\\\s]*)?$/.test(v) || !!httpUrl(v)),
        'data-redirect-uri must be an absolute http(s) URL or a path starting with /, without a fragment',
      ),
    ),
  ),
});

/**
 * Parse the script tag's dataset (`clientId`, `apiBase`, `locale`, `tokenStorage`, `companion`, `redirectUri`,
 * `catalog`).
 * Never throws: an invalid configuration comes back as `Invalid Inlay configuration: <what>`.
 */
export function parseConfig(
  data: Record<string, string | undefined>,
  env: { htmlLang?: string | null; navigatorLanguage?: string | null } = {},
): ConfigResult {
  const r = schema.safeParse(data);
  if (!r.success) {
    const what = [...new Set(r.error.issues.map((i) => i.message))].join('; ');
    return { ok: false, error: `Invalid Inlay configuration: ${what}` };
  }
  const { clientId, apiBase, locale, tokenStorage, companion, redirectUri, catalog } = r.data;
  return {
    ok: true,
    config: {
      clientId,
      apiBase: (apiBase ?? DEFAULT_API_BASE).replace(/\/+$/, ''),
      locale:
        canonicalLocale(locale) ?? canonicalLocale(env.htmlLang) ?? canonicalLocale(env.navigatorLanguage) ?? 'en',
      tokenStorage: tokenStorage ?? 'local',
      ...(companion ? { companion: companion.replace(/\/+$/, '') } : {}),
      ...(redirectUri ? { redirectUri } : {}),
      ...(catalog ? { catalog } : {}),
    },
  };
}
