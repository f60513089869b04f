/** The rating summary and the reviews on the page: shared by `<inlay-reviews>` and `<inlay-rating>` (one small shared chunk). */
import { z } from 'zod/mini';
import { atom, type WritableAtom } from 'nanostores';
import type { InlayClient } from '../client.ts';
import { FRESH_MS } from '../constants.ts';
import { InlayApiError } from '../errors.ts';
import type { Persist } from '../cache/query.ts';
import { countReviews, queryReviews, reviewSchema, type ReviewPage, type SortKey } from '../api/reviews.ts';
import { oncePer } from '../context.ts';

// ------------------------------------------------------------------------------------------ summary

/** Rating summary for one item. `histogram[n - 1]` = reviews rated n. `average` has one decimal (0 when none). */
export interface Summary {
  count: number;
  average: number;
  histogram: number[];
}

/** Average to one decimal and total from the five per-rating counts. */
export function summarize(histogram: number[]): Summary {
  const count = histogram.reduce((a, b) => a + b, 0);
  const sum = histogram.reduce((a, c, i) => a + c * (i + 1), 0);
  return { count, average: count ? Math.round((sum / count) * 10) / 10 : 0, histogram };
}

export const summaryKey = (ns: string, id: string) => `reviews:summary:${ns}:${id}`;

/**
 * The platform has no summary endpoint (docs/spec/wire-protocol.md §11; the reviews client's public methods read
 * reviews and count them, none aggregates): summaries are built from the reviews themselves. The items asked for in
 * the same 20 ms (one, or a product grid) are read by one query with `entityId: {$in: […]}`, pages of 100: one page
 * for one item (every published review of most items), up to 5 for several. Past that, or when the query fails, each
 * item's summary is five counts (`content.rating` 1…5) in parallel, each cached and shared. Five counts sent together
 * cost up to five CORS preflights; one query costs one.
 */
export function loadSummary(client: Client, ns: string, id: string): Promise<Summary> {
  const batches = batchesOf(client);
  let b = batches.get(ns);
  if (!b) {
    batches.set(ns, (b = new Map()));
    setTimeout(() => {
      batches.delete(ns);
      void flush(client, ns, b!);
    }, 20);
  }
  let w = b.get(id);
  if (!w) {
    let resolve!: (s: Summary) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<Summary>((a, c) => ((resolve = a), (reject = c)));
    b.set(id, (w = { promise, resolve, reject }));
  }
  return w.promise;
}

interface Waiter {
  promise: Promise<Summary>;
  resolve: (s: Summary) => void;
  reject: (e: unknown) => void;
}
type Client = Pick<InlayClient, 'cache' | 'http'>;
/** The items asked for in the last 20 ms, per namespace: one set per page (client). */
const batchesOf = oncePer((_: Client) => new Map<string, Map<string, Waiter>>());

const countsFor = ({ cache, http }: Client, ns: string, id: string) =>
  Promise.all(
    [1, 2, 3, 4, 5].map((n) =>
      cache.fetch(`reviews:count:${ns}:${id}:${n}`, () =>
        countReviews(http, { namespace: ns, entityId: id, 'content.rating': n }),
      ),
    ),
  ).then(summarize);

async function flush(client: Client, ns: string, waiters: Map<string, Waiter>): Promise<void> {
  const ids = [...waiters.keys()];
  const settle = async (id: string, s: Promise<Summary>) => {
    const w = waiters.get(id)!;
    try {
      w.resolve(await s);
    } catch (e) {
      w.reject(e);
    }
  };
  try {
    const hist = new Map(ids.map((id) => [id, [0, 0, 0, 0, 0]]));
    let cursor: string | undefined;
    for (let pages = 0; ; pages++) {
      if (pages === (ids[1] ? 5 : 1)) throw new InlayApiError({ kind: 'parse', message: 'too many reviews to batch' });
      const page = await queryReviews(client.http, {
        filter: { namespace: ns, entityId: { $in: ids } },
        limit: 100,
        cursor,
      });
      for (const r of page.reviews) {
        const h = hist.get(r.entityId);
        const n = Math.round(r.content.rating);
        if (h && n >= 1 && n <= 5) h[n - 1]!++;
      }
      if (!(cursor = page.next)) break;
    }
    for (const id of ids) await settle(id, Promise.resolve(summarize(hist.get(id)!)));
    return;
  } catch {
    // fall back to counts per item
  }
  await Promise.all(ids.map((id) => settle(id, countsFor(client, ns, id))));
}

/**
 * Summaries are kept across pages, fresh for a minute (the five counts behind one are not kept apart: a summary is
 * never rebuilt from older counts).
 */
const SUMMARY: Persist<Summary> = {
  fresh: FRESH_MS,
  schema: z.object({ count: z.number(), average: z.number(), histogram: z.array(z.number()) }),
};

/** The shared summary store of an item (`<inlay-rating>` and `<inlay-reviews>` use the same key). */
export const summaryStore = (client: Client, ns: string, id: string) =>
  client.cache.store(summaryKey(ns, id), () => loadSummary(client, ns, id), SUMMARY);

/**
 * Starts the summaries of items about to be shown (a carousel's cards, before their details arrive), so their
 * ratings do not wait one more round trip for the cards to render. Same keys and batching as `summaryStore`.
 */
export function prefetchSummaries(client: Client, ns: string, ids: string[]): void {
  for (const id of ids)
    client.cache.fetch(summaryKey(ns, id), () => loadSummary(client, ns, id), SUMMARY).catch(() => undefined);
}

/** A page of reviews as kept across pages (the first page of a list), fresh for a minute. */
export const REVIEW_PAGE: Persist<ReviewPage> = {
  fresh: FRESH_MS,
  schema: z.object({ reviews: z.array(reviewSchema), next: z.optional(z.string()) }),
};
/** The cache key of a list's first page; `reviews:list:<ns>:<id>:` covers every sort and filter of an item. */
export const listKey = (
  ns: string,
  id: string,
  sort: SortKey,
  rating: number | undefined,
  limit: number,
  photos = false,
) => `reviews:list:${ns}:${id}:${sort}:${rating ?? 'all'}:${limit}${photos ? ':media' : ''}`;

/**
 * The `<inlay-reviews>` on a client's page, by item (`namespace:entityId`): each entry brings that widget into view and
 * moves focus to it. `<inlay-rating>` for the same item becomes a link to it while one is there.
 */
export const reviewsOnPageOf: (client: InlayClient) => WritableAtom<Record<string, () => void>> = oncePer(() =>
  atom<Record<string, () => void>>({}),
);
/** Register a reviews widget of `client`'s page for `key`; returns the unregister function. */
export function reviewsOnPage(client: InlayClient, key: string, reveal: () => void): () => void {
  const $reviewsOnPage = reviewsOnPageOf(client);
  $reviewsOnPage.set({ ...$reviewsOnPage.get(), [key]: reveal });
  return () => {
    const { [key]: mine, ...rest } = $reviewsOnPage.get();
    if (mine === reveal) $reviewsOnPage.set(rest);
  };
}
