import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import { $reviewsOnPage, lazyReviews, summaryStore, type Summary } from '../../core/stores/review-summary.ts';

const NONE = atom<{ data?: Summary }>({});

/**
 * One `<inlay-rating>` for one product: its rating summary (`$summary`: the query cache's, shared with
 * `<inlay-reviews>` and batched with the other ratings of the page) and the page's `$reviewsOnPage`, where `stores:<id>`
 * has a function while an `<inlay-reviews>` for the same product is on the page: it scrolls there and moves focus to it.
 */
export const createRatingModel = ({ client }: InlayContext, { productId }: { productId?: string }) => ({
  $summary: productId ? summaryStore(client, 'stores', productId) : NONE,
  $reviewsOnPage,
  /** While the product's `<inlay-reviews loading="lazy">` waits out of view: scroll there, then focus it. */
  toLazyReviews: () => lazyReviews(productId),
});
