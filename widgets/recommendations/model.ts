import { atom } from 'nanostores';
import { z } from 'zod/mini';
import { getRecommendation, type AvailableAlgorithm } from '../../core/api/recommendations.ts';
import { listAlgorithms } from '../../core/reads/recommendations.ts';
import { expectProducts, productsByIds } from '../../core/reads/products.ts';
import { productSchema, type Product } from '../../core/api/products.ts';
import { prefetchSummaries } from '../../core/reads/review-summary.ts';
import { cartOf } from '../../core/stores/current-cart.ts';
import type { InlayClient } from '../../core/client.ts';
import type { InlayContext } from '../../core/context.ts';
import type { I18n } from '../../core/i18n/index.ts';
import { FRESH_MS } from '../../core/constants.ts';
import type { Persist } from '../../core/cache/query.ts';
import { httpUrl } from '../../core/safe-url.ts';

export type AlgorithmAttr = 'related' | 'bought-together' | 'best-sellers';

/** The attribute's names for the Stores algorithms (found by name, as the platform's documented flow does). */
const NAMES: Record<AlgorithmAttr, string> = {
  related: 'From the same categories',
  'bought-together': 'Frequently bought together',
  'best-sellers': 'Best sellers',
};

/** Preference order: the chosen algorithm first, then the ones that can fill in. */
const FALLBACKS: Record<AlgorithmAttr, AlgorithmAttr[]> = {
  related: ['related', 'best-sellers'],
  'bought-together': ['bought-together', 'related', 'best-sellers'],
  'best-sellers': ['best-sellers', 'related'],
};

export function preference(
  available: AvailableAlgorithm[],
  chosen: AlgorithmAttr,
  hasItem: boolean,
): AvailableAlgorithm[] {
  return FALLBACKS[chosen]
    .map((key) => available.find((a) => a.config.name === NAMES[key]))
    .filter((a): a is AvailableAlgorithm => !!a && (hasItem || a.config.algorithmType === 'GLOBAL'));
}

export interface LoadInput {
  productId?: string;
  algorithm: AlgorithmAttr;
  limit: number;
  /** Product ids not to show: those already in the cart. */
  exclude: Set<string>;
  /** The products shown before (a stored copy being read again): their cards' stores wait for this read. */
  previous?: string[];
}

/**
 * Two requests for a carousel, whatever its size: the recommendation (asking for enough items to fill `limit`
 * after leaving out the current product and what is in the cart) and one catalog query for their details; the
 * cards' rating summaries start with that query (one batched read, shared with the cards' `<inlay-rating>`).
 */
export async function loadRecommendations(
  client: InlayClient,
  { productId, algorithm, limit, exclude, previous = [] }: LoadInput,
): Promise<Product[]> {
  const settle = expectProducts(client, previous);
  try {
    const algorithms = preference(await listAlgorithms(client), algorithm, !!productId);
    if (!algorithms.length) return (settle([]), []);
    const skip = new Set(exclude);
    if (productId) skip.add(productId);
    const rec = await getRecommendation(client, algorithms, productId ? [productId] : [], limit + skip.size);
    const ids = rec.items
      .map((i) => i.catalogItemId)
      .filter((id) => !skip.has(id))
      .slice(0, limit);
    prefetchSummaries(client, 'stores', ids); // the cards' ratings, alongside their details rather than after them
    const products = await productsByIds(client, ids);
    settle(products);
    return products;
  } catch (e) {
    settle(e instanceof Error ? e : new Error(String(e)));
    throw e;
  }
}

export interface RecommendationsProps {
  /** The product the recommendations are for; without it, store-wide best sellers. */
  productId?: string;
  /**
   * `related`, `bought-together` or `best-sellers` (others fill in when the chosen one has nothing).
   * @default related with a product-id, else best-sellers
   */
  algorithm?: string;
  /**
   * Most products shown (1 to 24).
   * @default 8
   */
  limit?: number;
}

/** What the attributes ask for: a known algorithm (the default depends on the product), the product, 1 to 24 items. */
export function settings({
  productId,
  algorithm,
  limit,
}: RecommendationsProps): [chosen: AlgorithmAttr, productId: string | undefined, max: number] {
  return [
    algorithm === 'bought-together' || algorithm === 'best-sellers' || algorithm === 'related'
      ? algorithm
      : productId
        ? 'related'
        : 'best-sellers',
    productId,
    Math.max(1, Math.min(24, Math.floor(limit ?? 8) || 8)),
  ];
}

/** A carousel as kept across pages: its products, and the cart they were read for (its item ids, sorted, joined by `,`). */
interface Kept {
  cart: string;
  items: Product[];
}
const RECS: Persist<Kept> = { fresh: FRESH_MS, schema: z.object({ cart: z.string(), items: z.array(productSchema) }) };

export type RecommendationsState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; items: Product[] };

/**
 * The carousel's read, one model per element: `$state` (loading, error, or the products; an empty list hides the
 * widget), `update(props)` on every render (returns what a read depends on) and `load()`, which reads for the
 * attributes as last given (also the retry after a failure) and returns the function that stops it.
 */
export function createRecommendationsModel({ client }: InlayContext, props: RecommendationsProps) {
  // recs:<algorithm>:<product id or ''>:<max>:
  const keyOf = (s: ReturnType<typeof settings>) => `recs:${s.join(':')}:`;
  /**
   * A fresh copy kept by an earlier page, shown without waiting for the cart it depends on (most often the same cart
   * as then: checked when the cart is here). Not an older one: it is read again, and its cards would read their
   * products alone before that read could hand them over.
   */
  const early = (s: ReturnType<typeof settings>) => {
    const peeked = client.cache.peek(keyOf(s), RECS);
    return peeked.fresh ? peeked.data : undefined;
  };
  const shownFor = (kept: Kept | undefined): RecommendationsState =>
    kept ? { status: 'ready', items: kept.items } : { status: 'loading' };
  // The attributes as last rendered: an element connected before its product-id is set (a SPA building its view)
  // renders once without it, and that render's read must not start for no product once the cart is known.
  let latest = settings(props);
  // from the first render: a kept carousel is on the first paint
  const $state = atom<RecommendationsState>(shownFor(early(latest)));
  // the read under way (a later one, or stop, makes it stale) and its store's unsubscribe (a no-op when called again)
  let reads = 0;
  let off: (() => void) | undefined;
  const stop = () => {
    reads++;
    off?.();
  };

  /** Reads for the attributes as last given; returns `stop` (for this read, or a retry that replaced it). */
  function load() {
    stop();
    const read = reads;
    $state.set(shownFor(early(latest)));
    // the algorithms do not depend on the cart: read them while the cart arrives (shared, kept across pages)
    listAlgorithms(client).catch(() => []);
    // What is already in the cart is left out (the page loads the cart once for every widget; no cart → nothing; a
    // cart that could not be read: unknown, and nothing is left out).
    const cart = cartOf(client);
    void cart
      .loadCart()
      .then(
        // the cart as it is now (changes made on this page included), not as first read
        () => [...new Set(cart.$cart.get()?.lineItems.map((l) => l.catalogReference.catalogItemId))].sort(),
        () => undefined,
      )
      .then((inCart) => {
        if (read !== reads) return;
        const [chosen, productId, max] = latest;
        const key = keyOf(latest);
        const ids = inCart?.join(',');
        const kept = client.cache.peek(key, RECS);
        const get = () =>
          loadRecommendations(client, {
            productId,
            algorithm: chosen,
            limit: max,
            exclude: new Set(inCart),
            previous: kept.data?.items.map((p) => p.id),
          }).then((items): Kept => ({ cart: ids ?? '', items }));
        // kept across pages: a stored copy shows at once (read again in the background when older than FRESH_MS)
        const $q = client.cache.store(key, get, RECS);
        // a retry reads again (a failed read is otherwise kept until its store is unused), and so does a copy read
        // for another cart (something was added or removed since); after `store`, so that read is this one's
        if (kept.error || (ids !== undefined && kept.data && kept.data.cart !== ids)) client.cache.invalidate(key);
        // (a copy read again for another cart stays in the store's data, so it stays shown, also when that read fails)
        off = $q.subscribe((q) => {
          if (q.data) $state.set({ status: 'ready', items: q.data.items });
          else if (q.error && !q.loading) $state.set({ status: 'error', error: q.error });
          // an early copy for other attributes (rendered again meanwhile)
          else if ($state.get().status === 'ready') $state.set({ status: 'loading' });
        });
      });
    return stop;
  }

  return {
    $state,
    /** Takes the attributes as rendered; returns what they ask for, which is what a read depends on (effect deps). */
    update: (p: RecommendationsProps) => (latest = settings(p)),
    /** Reads for the attributes (also the retry after a failure); returns `stop`. */
    load,
  };
}

export type RecommendationsModel = ReturnType<typeof createRecommendationsModel>;

/** Where a card links: the platform's product page URL, http(s) only. */
export const productHref = (p: Product): string | undefined =>
  p.productPageUrl && httpUrl(p.productPageUrl.path, p.productPageUrl.base);

/** Only http(s) images reach `src`. */
export function imageOf(p: Product): { url: string; width: number; height: number } | undefined {
  const img = p.media?.mainMedia?.image;
  return img && httpUrl(img.url) ? { url: img.url, width: img.width ?? 400, height: img.height ?? 400 } : undefined;
}

/** A card's price (and the price it was), written for the page's locale like every widget's money (`i18n.money`). */
export function priceText(p: Product, i18n: I18n): { now?: string; was?: string } {
  const d = p.priceData;
  if (!d) return {};
  const m = (n: number) => i18n.money(n, d.currency);
  return d.discountedPrice !== undefined && d.discountedPrice < d.price
    ? { now: m(d.discountedPrice), was: m(d.price) }
    : { now: m(d.price) };
}
