/**
 * The page's public reads through the site companion (issue 39; docs/architecture.md "With a site companion"): every
 * read `isPublicRead` accepts goes, without a token, in one `POST {companion}/v1/public/reads` with the other reads of
 * the same moment (at most 32 a request), and each resolves to a `Response` built from its slot, so http's retries,
 * parsing, the query cache and the kept copies above it do not know where the answer came from. Nothing is lost: a
 * companion that fails (no answer, too slow, not 200, not its shape) sends those reads to the platform with the token,
 * as without a companion, and the page's later reads go there too; a slot missing does so for its read, and a slot the
 * companion refused (403) as well, and that read is never sent to the companion again on this page. After the visitor's
 * own change to public data (a review, a reply, a moderation: the query cache drops the item's copies), the item's
 * reads go to the platform for as long as the companion may still serve an answer read before it.
 * Loaded on demand (core/boot.ts), only on a page that names a companion.
 */
import type { InlayClient } from '../client.ts';
import { REQUEST_TIMEOUT_MS } from '../constants.ts';
import { httpUrl } from '../safe-url.ts';
import { storageKey, webStorage } from '../storage.ts';
import { isPublicRead } from './public-reads.ts';
import { publicReadsRoute } from './public-routes.ts';

/** Reads per request at most (the companion refuses more). */
export const BATCH_MAX = 32;
/** A companion that has not answered a batch by then is given up for the page: its reads go to the platform. */
export const COMPANION_TIMEOUT_MS = REQUEST_TIMEOUT_MS / 2;
/**
 * How long an item's reads go to the platform after this browser changed it: the companion's default freshness plus
 * its stale window (`INLAY_PUBLIC_MAX_AGE` 60 s + `INLAY_PUBLIC_STALE` 86400 s). The companion may answer a copy read
 * before the change for that long (fresh, then stale once more while it reads again); only this item's reads (its
 * reviews, its counts, the ratings of a list it is in) and only in this browser pay for it.
 */
export const DIRECT_MS = (60 + 86_400) * 1000;
/** Items remembered at most (the newest). */
const DIRECT_MAX = 50;

/** A remembered change: what the affected reads' paths start with, the item's id, until when (ms). */
type Changed = [prefix: string, id: string, until: number];

interface Waiting {
  read: { method: string; path: string; body?: unknown };
  resolve: (r: Response | undefined) => void;
}

export interface PublicReads {
  /** The fetch a read goes through instead of the platform's, or undefined when it goes to the platform. */
  route(method: string, path: string, body: unknown): typeof fetch | undefined;
  /** The query cache dropped `prefix` (after a change made here): the reads it covers go direct for a while. */
  changed(prefix: string): void;
}

/**
 * The router for `client`'s page (its http's `route`, core/boot.ts). `page`: the page's URL, against which a companion
 * named by its path resolves. From now on, what the client's query cache drops (after a change made here) is told to
 * {@link PublicReads.changed} first.
 */
export function publicReads(
  client: Pick<InlayClient, 'config' | 'tokens' | 'fetch' | 'cache'>,
  page: string,
  o: { storage?: Storage | null; now?: () => number; timeoutMs?: number } = {},
): PublicReads {
  const { config, tokens } = client;
  const now = o.now ?? Date.now;
  const storage = o.storage === undefined ? webStorage() : o.storage;
  const key = storageKey('direct', config.clientId);
  const base = config.companion && httpUrl(config.companion, page)?.replace(/\/+$/, '');
  /** The companion failed on this page: every later read goes to the platform. */
  let down = !base;
  /** Reads the companion refused (`METHOD path body`): not sent there again on this page. */
  const refused = new Set<string>();
  /** Answers the companion gave ahead of their request (`also`), each taken once. */
  const ahead = new Map<string, Response>();
  const queue: Waiting[] = [];
  /** This page's changes, also when storage cannot keep them. */
  let mine: Changed[] = [];

  const changes = (): Changed[] => {
    try {
      const v = JSON.parse(storage?.getItem(key) ?? '[]') as unknown;
      return [...(Array.isArray(v) ? (v as Changed[]) : []), ...mine].filter((c) => Array.isArray(c) && c[2] > now());
    } catch {
      return mine;
    }
  };

  /** The read as the platform gets it, with the token (one renewal and replay after a 401, as http does). */
  const direct = async (url: string, init: RequestInit, retried = false): Promise<Response> => {
    const token = await tokens.getAccessToken();
    const res = await client.fetch(url, { ...init, headers: { ...(init.headers as object), Authorization: token } });
    if (res.status !== 401 || retried) return res;
    await tokens.forceRenew(token);
    return direct(url, init, true);
  };

  async function flush() {
    const batch = queue.splice(0, BATCH_MAX);
    if (queue.length) setTimeout(flush);
    let answers: { status: number; body: unknown }[] | undefined;
    try {
      const ctrl = new AbortController();
      const timer = setTimeout(() => ctrl.abort(), o.timeoutMs ?? COMPANION_TIMEOUT_MS);
      try {
        // a plain string (text/plain): no CORS preflight even to a companion on another origin; no cookies
        const res = await client.fetch(`${base}/v1${publicReadsRoute.path}`, {
          method: publicReadsRoute.method,
          body: JSON.stringify({ reads: batch.map((w) => w.read) }),
          credentials: 'omit',
          signal: ctrl.signal,
        });
        const r = publicReadsRoute.schema.safeParse(await res.json());
        if (res.status !== 200 || !r.success) throw new Error('not the companion’s answer');
        answers = r.data.answers;
        for (const a of r.data.also ?? []) {
          const kept = slot({ status: a.status, body: a.answer });
          if (kept) ahead.set(readKey(a.method, a.path, a.body), kept);
        }
      } finally {
        clearTimeout(timer);
      }
    } catch {
      down = true;
    }
    batch.forEach((w, i) => {
      const a = answers?.[i];
      if (a?.status === 403) refused.add(readKey(w.read.method, w.read.path, w.read.body));
      w.resolve(a?.status === 403 ? undefined : slot(a));
    });
  }

  const router: PublicReads = {
    route(method, path, body) {
      const k = readKey(method, path, body);
      if (refused.has(k) || !isPublicRead(method, path, body)) return;
      const text = `${path} ${JSON.stringify(body)}`;
      if (changes().some(([prefix, id]) => path.startsWith(prefix) && text.includes(JSON.stringify(id)))) return;
      // an answer the companion gave ahead of this request (never one for a read that must go to the platform)
      const kept = ahead.get(k);
      if (kept) {
        ahead.delete(k);
        return () => Promise.resolve(kept);
      }
      if (down) return;
      return (url, init = {}) => {
        const answered = new Promise<Response | undefined>((resolve) => {
          if (queue.push({ read: { method, path, ...(body === undefined ? {} : { body }) }, resolve }) === 1)
            setTimeout(flush);
        }).then((r) => r ?? direct(String(url), init));
        // the caller's own abort (its timeout) still applies
        return new Promise<Response>((resolve, reject) => {
          const signal = init.signal;
          const abort = () => reject(signal!.reason);
          if (signal?.aborted) return abort();
          signal?.addEventListener('abort', abort, { once: true });
          answered.then(resolve, reject).finally(() => signal?.removeEventListener('abort', abort));
        });
      };
    },
    changed(prefix) {
      // the reviews' keys (core/reads/review-summary.ts, widgets/reviews): `reviews:<what>:<namespace>:<item id>…`
      const id = /^reviews:[^:]+:[^:]*:([^:]+)/.exec(prefix)?.[1];
      if (!id) return;
      const list = [...changes().filter((c) => c[1] !== id), ['/reviews/', id, now() + DIRECT_MS] as Changed];
      mine = list.slice(-DIRECT_MAX);
      try {
        storage?.setItem(key, JSON.stringify(mine));
      } catch {
        /* storage blocked or full: this page still knows */
      }
    },
  };
  // the reads the drop starts ask the router after it has heard of the change
  const drop = client.cache.invalidate;
  client.cache.invalidate = (prefix) => {
    router.changed(prefix);
    drop(prefix);
  };
  return router;
}

/**
 * Where the read goes (the page's router, one per client, made on its first read): core/boot.ts gives it to the
 * client's http as its `route`.
 */
export function route(client: InlayClient, page: string, method: string, path: string, body: unknown) {
  let r = routers.get(client);
  if (!r) routers.set(client, (r = publicReads(client, page)));
  return r.route(method, path, body);
}
const routers = new WeakMap<object, PublicReads>();

const readKey = (method: unknown, path: unknown, body: unknown) => `${method} ${path} ${JSON.stringify(body)}`;

/** A slot as the platform's answer, or undefined when it is not one. */
function slot(a: { status?: unknown; body?: unknown } | undefined): Response | undefined {
  try {
    return typeof a?.status === 'number' && a.body !== undefined
      ? new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } })
      : undefined;
  } catch {
    return undefined; // a status a Response cannot have
  }
}
