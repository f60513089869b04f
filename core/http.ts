import type { ZodMiniType } from 'zod/mini';
import type { InlayConfig } from './config.ts';
import { GET_FALLBACK_LENGTH, REQUEST_TIMEOUT_MS, RETRY_BASE_MS, RETRY_COUNT, RETRY_MAX_MS } from './constants.ts';
import { InlayApiError, fromResponse, noAnswer } from './errors.ts';
import type { HttpMethod } from './urls.ts';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /**
   * Path from the operation table (`core/urls.ts`), appended to `apiBase`; an absolute http(s) URL is used as is
   * (upload URLs).
   */
  path: string;
  /** GET parameters: nested objects become dotted keys, arrays repeat the key. */
  query?: Record<string, unknown>;
  /** JSON-encoded, except a Blob (upload bytes), sent as is with its own type. */
  body?: unknown;
  /** Every answer is parsed with it; a mismatch is a `parse` error. */
  schema: ZodMiniType<T>;
  /**
   * Reads retry; writes never do (except the one replay after a 401). By default a GET reads and any other method
   * writes: only reads sent as a POST (a structured query) say `read`.
   */
  kind?: 'read' | 'write';
  /** Send the access token (default true). */
  auth?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** POST path used with `query` as JSON body when the GET query string passes 4000 characters. */
  fallbackPath?: string;
}

export interface HttpDeps {
  config: Pick<InlayConfig, 'apiBase'>;
  getAccessToken: () => Promise<string>;
  /**
   * Renew after a 401; gets the token that was refused. Resolves `false` when the renewal could not keep the same
   * kind of session (a member's ended: the new token is a visitor's), so the request is not replayed as someone else.
   */
  renewAfter401: (rejected: string) => Promise<unknown>;
  fetch?: typeof fetch;
  /**
   * Where a read may go instead, without a token (the site companion's public reads, core/api/public-batch.ts): the
   * fetch to send it through, given its method, path (with its query string) and body; undefined: to the platform.
   */
  route?: (method: string, path: string, body: unknown) => Promise<typeof fetch | undefined>;
  /** Waits between retries; must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** [0, 1) source for jitter. */
  random?: () => number;
  /**
   * The page's origin (`location.origin`), where there is a page: a read of another origin with a token costs a CORS
   * preflight there (see `firsts` in `createHttp`).
   */
  pageOrigin?: string;
}

export interface Http {
  request<T>(opts: RequestOptions<T>): Promise<T>;
}

/** Flatten GET parameters the SDK's way: `{a: {b: 1}, c: [1, 2]}` → `a.b=1&c=1&c=2`; null/undefined are left out. */
export function toQueryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (key: string, v: unknown): void => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) for (const item of v) add(key, item);
    else if (v instanceof Date) params.append(key, v.toISOString());
    else if (typeof v === 'object') for (const [k, x] of Object.entries(v)) add(key ? `${key}.${k}` : k, x);
    else params.append(key, String(v));
  };
  add('', query);
  return params.toString();
}

/**
 * Delay before retry number `attempt` (0-based): 1000 ms doubling, capped at 30000 ms, with ±20% jitter
 * (factor 0.8 + 0.4·random), the result capped again at 30000 ms. So 800–1200, 1600–2400, 3200–4800 ms.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_MAX_MS);
  return Math.min(Math.round(base * (0.8 + 0.4 * random())), RETRY_MAX_MS);
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Stands for a body that is not JSON (the text itself goes to errors). */
const NOT_JSON = Symbol();

/**
 * One fetch with a timeout (kind `timeout`; `network` when there is no answer; the signal's reason on abort).
 * `data` is the parsed JSON body, `{}` when empty; for a non-JSON body it is the text, or `NOT_JSON` on a 200.
 */
export async function send(
  f: typeof fetch,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs = REQUEST_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<{ res: Response; data: unknown; requestId?: string }> {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, timeoutMs);
  const onAbort = () => ctrl.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let res: Response;
  let text: string;
  try {
    // A Blob (an upload's bytes) goes as is, a form (URLSearchParams) as its text; anything else as JSON.
    const payload =
      body === undefined || body instanceof Blob
        ? body
        : body instanceof URLSearchParams
          ? String(body)
          : JSON.stringify(body);
    res = await f(url, { method, headers, body: payload, signal: ctrl.signal });
    text = await res.text();
  } catch (cause) {
    if (signal?.aborted) throw abortReason(signal);
    throw new InlayApiError({
      kind: timedOut ? 'timeout' : 'network',
      message: `${method} ${url} ${timedOut ? 'timed out' : 'failed: network error'}`,
      cause,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  let data: unknown = {};
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = res.status === 200 ? NOT_JSON : text;
    }
  }
  return { res, data, requestId: res.headers.get('x-wix-request-id') ?? undefined };
}

/** How long a read waits at most for the first request to its URL (see `firsts` in `createHttp`). */
const PREFLIGHT_WAIT_MS = 1000;

/** Worth another read: no answer, too slow, throttled, or a server error. */
const retryable = (e: InlayApiError) => noAnswer(e) || e.status === 429 || e.status >= 500;

/**
 * The platform HTTP client (docs/spec/wire-protocol.md §0; retries and delays: docs/spec/platform-client.md §9).
 * Success is status 200 only. Aborting `signal` rejects with its reason (an `AbortError`) and stops retries.
 */
export function createHttp(deps: HttpDeps): Http {
  const f = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = deps.sleep ?? defaultSleep;
  const random = deps.random ?? Math.random;
  /**
   * Per URL read with a token on another origin than the page's (a CORS preflight), its first request's answer. The
   * browser caches a preflight only once it has answered (for the server's max-age), so reads sent together would each
   * send one: a read of a URL whose first request is on its way waits for its answer instead (one preflight per URL
   * per page), PREFLIGHT_WAIT_MS at most. Writes never wait.
   */
  const firsts = new Map<string, Promise<void>>();

  async function once<T>(o: RequestOptions<T>, auth: boolean, got: (token: string) => void, read: boolean): Promise<T> {
    let method = o.method ?? 'GET';
    let path = o.path;
    let body = o.body;
    if (method === 'GET' && o.query) {
      const qs = toQueryString(o.query);
      if (qs.length > GET_FALLBACK_LENGTH && o.fallbackPath) {
        method = 'POST';
        path = o.fallbackPath;
        body = o.query;
      } else if (qs) path += (path.includes('?') ? '&' : '?') + qs;
    }
    const url = (/^https?:\/\//.test(path) ? '' : deps.config.apiBase) + path;
    // (the route is asked before any token: a read it takes never waits for one)
    const via = auth && deps.route ? await deps.route(method, path, body) : undefined;
    const token = auth && !via ? await deps.getAccessToken() : undefined;
    if (token) got(token);
    const headers: Record<string, string> = {};
    // raw, no "Bearer " (docs/spec/wire-protocol.md §0); and only ever to the platform's own origin (never to an upload
    // URL elsewhere)
    const origin = new URL(url).origin;
    if (token && origin === new URL(deps.config.apiBase).origin) headers.Authorization = token;
    if (body !== undefined)
      headers['Content-Type'] = body instanceof Blob ? body.type || 'application/octet-stream' : 'application/json';

    // (a token: an Authorization header, so a preflight on another origin than the page's)
    const cors = read && token && deps.pageOrigin && origin !== deps.pageOrigin;
    const first = cors && firsts.get(url);
    if (first) await Promise.race([first, new Promise((r) => setTimeout(r, PREFLIGHT_WAIT_MS))]);
    const sent = send(via ?? f, method, url, headers, body, o.timeoutMs, o.signal);
    // answered (any status): its preflight passed and is cached; failed: the next request is the first again
    if (cors && !first)
      firsts.set(
        url,
        sent.then(
          () => {},
          () => void firsts.delete(url),
        ),
      );
    const { res, data, requestId } = await sent;
    if (res.status !== 200) throw fromResponse(res.status, data, requestId);
    if (data === NOT_JSON)
      throw new InlayApiError({
        kind: 'parse',
        status: 200,
        requestId,
        message: `${method} ${path}: response is not JSON`,
      });
    const r = o.schema.safeParse(data);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new InlayApiError({
        kind: 'parse',
        status: 200,
        requestId,
        message: `${method} ${path}: unexpected response${issue ? ` at ${issue.path.join('.') || '(root)'}: ${issue.message}` : ''}`,
      });
    }
    return r.data;
  }

  return {
    async request<T>(o: RequestOptions<T>): Promise<T> {
      const auth = o.auth ?? true;
      const read = o.kind ? o.kind === 'read' : (o.method ?? 'GET') === 'GET';
      let retries = 0;
      let replayed = false;
      for (;;) {
        if (o.signal?.aborted) throw abortReason(o.signal);
        let token: string | undefined;
        try {
          return await once(o, auth, (t) => (token = t), read);
        } catch (e) {
          if (!(e instanceof InlayApiError)) throw e;
          if (e.status === 401 && auth && token && !replayed) {
            // One renewal and one replay, for reads and writes alike.
            replayed = true;
            if ((await deps.renewAfter401(token)) === false) throw e;
            continue;
          }
          if (!read || retries >= RETRY_COUNT || !retryable(e)) throw e;
          await sleep(retryDelay(retries++, random), o.signal);
        }
      }
    },
  };
}
