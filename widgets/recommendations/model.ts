import { getRecommendation, type AvailableAlgorithm } from '../../core/api/recommendations.ts';
import { listAlgorithms } from '../../core/stores/recommendations.ts';
import { expectProducts, productsByIds } from '../../core/stores/products.ts';
import type { Product } from '../../core/api/products.ts';
import { prefetchSummaries } from '../../core/stores/review-summary.ts';
import type { InlayClient } from '../../core/client.ts';
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

export function preference(available: AvailableAlgorithm[], chosen: AlgorithmAttr, hasItem: boolean): AvailableAlgorithm[] {
  return (FALLBACKS[chosen] ?? FALLBACKS.related)
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
export async function loadRecommendations(client: InlayClient, { productId, algorithm, limit, exclude, previous = [] }: LoadInput): Promise<Product[]> {
  const settle = expectProducts(client, previous);
  try {
    const algorithms = preference(await listAlgorithms(client), algorithm, !!productId);
    if (!algorithms.length) return settle([]), [];
    const skip = new Set(exclude);
    if (productId) skip.add(productId);
    const rec = await getRecommendation(client, algorithms, productId ? [productId] : [], limit + skip.size);
    const ids = rec.items.map((i) => i.catalogItemId).filter((id) => !skip.has(id)).slice(0, limit);
    prefetchSummaries(client, 'stores', ids); // the cards' ratings, alongside their details rather than after them
    const products = await productsByIds(client, ids);
    settle(products);
    return products;
  } catch (e) {
    settle(e instanceof Error ? e : new Error(String(e)));
    throw e;
  }
}

/** Where a card links: the platform's product page URL, http(s) only. */
export const productHref = (p: Product): string | undefined => p.productPageUrl && httpUrl(p.productPageUrl.path, p.productPageUrl.base);

/** Only http(s) images reach `src`. */
export function imageOf(p: Product): { url: string; width: number; height: number } | undefined {
  const img = p.media?.mainMedia?.image;
  return img && httpUrl(img.url) ? { url: img.url, width: img.width ?? 400, height: img.height ?? 400 } : undefined;
}

export function priceText(p: Product): { now?: string; was?: string } {
  const d = p.priceData;
  if (!d?.formatted) return {};
  return d.discountedPrice !== undefined && d.discountedPrice < d.price
    ? { now: d.formatted.discountedPrice, was: d.formatted.price }
    : { now: d.formatted.price };
}
