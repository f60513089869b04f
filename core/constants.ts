/** Binding numbers from the spec (docs/spec/platform-client.md §9), defined once. */

/** Toasts: duration, how many are visible, geometry, placement, focus hotkey. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 14;
export const TOAST_POSITION = 'bottom-right';
export const TOAST_HOTKEY = 'Alt+T';

/** Reads retry this many times, delay doubling from RETRY_BASE_MS, capped at RETRY_MAX_MS. */
export const RETRY_COUNT = 3;
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30000;

/** Cached query data is dropped after this long without subscribers. */
export const CACHE_GC_MS = 300000;

/** A GET whose query string passes this many characters uses its POST fallback. */
export const GET_FALLBACK_LENGTH = 4000;

/** Hidden-iframe silent sign-in gives up after this long ('OAuth flow timed out'). */
export const SILENT_LOGIN_TIMEOUT_MS = 120000;

/** PKCE code verifier length bounds (RFC 7636). */
export const VERIFIER_MIN = 43;
export const VERIFIER_MAX = 128;

/** Visitor-cookie pre-warm on the platform's pages repeats only after 7 days. */
export const PREWARM_MS = 604800000;

/** Default per-request timeout (not from the spec). */
export const REQUEST_TIMEOUT_MS = 15000;

/** Renew access tokens this many seconds before they expire, so a token does not die in flight. */
export const TOKEN_SKEW_S = 30;

/** The real platform's REST host. */
export const DEFAULT_API_BASE = 'https://www.wixapis.com';

/**
 * Reads kept across page loads (localStorage, per client id and identity; docs in README "Platform requests per
 * page"). Within `FRESH_MS` of being fetched a copy is used without a request; after it and until
 * `PERSIST_MAX_AGE_MS` it is shown at once and read again in the background; older copies are dropped.
 */
export const FRESH_MS = 60000;
/** The site's recommendation algorithms change with its apps, rarely: an hour. */
export const FRESH_ALGORITHMS_MS = 3600000;
export const PERSIST_MAX_AGE_MS = 86400000;
/** Caps of the persisted copies: characters and entries per identity, identities per client id (oldest dropped). */
export const PERSIST_MAX_CHARS = 250000;
export const PERSIST_MAX_ENTRIES = 200;
export const PERSIST_MAX_IDENTITIES = 3;
/** Kept reads are written this long after the first of them (or as the page goes away): one write per page load. */
export const PERSIST_WRITE_DELAY_MS = 1000;

/**
 * The Wix Stores app id: the default `appId` of a catalog reference. Here, not with the catalog's calls: the cart sends
 * it, and a page with a cart but no product widget need not load the catalog's chunk for one string.
 */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
