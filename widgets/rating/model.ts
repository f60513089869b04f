import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import { reviewsOnPageOf, summaryStore, type Summary } from '../../core/reads/review-summary.ts';

const NONE = atom<{ data?: Summary }>({});

/**
 * One `<inlay-rating>` for one product: its rating summary (`$summary`: the query cache's, shared with
 * `<inlay-reviews>` and batched with the other ratings of the page) and the page's `$reviewsOnPage`
 * (`reviewsOnPageOf(client)`), where `stores:<id>` has a function while an `<inlay-reviews>` for the same product is on
 * the page: it scrolls there and moves focus to it.
 */
export const createRatingModel = ({ client }: InlayContext, { productId }: { productId?: string }) => ({
  $summary: productId ? summaryStore(client, 'stores', productId) : NONE,
  $reviewsOnPage: reviewsOnPageOf(client),
  /**
   * While the product's `<inlay-reviews loading="lazy">` is in the page but not loaded (out of view): a function that
   * scrolls there, which loads it, and moves focus to it once it registers (within 10 s).
   */
  toLazyReviews() {
    const el = [...document.querySelectorAll('inlay-reviews[loading=lazy]')].find(
      (e) => e.getAttribute('product-id') === productId,
    );
    const key = `stores:${productId}`;
    return (
      el &&
      (() => {
        // at once (whatever the page's scroll-behavior): the reviews' own reveal then focuses their heading
        el.scrollIntoView({ behavior: 'instant' });
        const off = reviewsOnPageOf(client).listen((on) => on[key] && (off(), on[key]()));
        setTimeout(off, 10_000);
      })
    );
  },
});
