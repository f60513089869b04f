import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import { $reviewsOnPage, summaryStore, type Summary } from '../../core/stores/review-summary.ts';

const NONE = atom<{ data?: Summary }>({});

/**
 * One `<inlay-rating>` for one product: its rating summary (`$summary`: the query cache's, shared with
 * `<inlay-reviews>` and batched with the other ratings of the page) and the page's `$reviewsOnPage`, where `stores:<id>`
 * has a function while an `<inlay-reviews>` for the same product is on the page: it scrolls there and moves focus to it.
 */
export const createRatingModel = ({ client }: InlayContext, { productId }: { productId?: string }) => ({
  $summary: productId ? summaryStore(client, 'stores', productId) : NONE,
  $reviewsOnPage,
  /**
   * While the product's `<inlay-reviews loading="lazy">` is in the page but not loaded yet (not near the viewport):
   * a function that scrolls it into view, which loads it, then moves focus to it once it registers (within 10 s).
   */
  toLazyReviews(): (() => void) | undefined {
    const el = [...document.querySelectorAll('inlay-reviews[loading=lazy]')].find(
      (e) => e.getAttribute('product-id') === productId,
    );
    if (!el) return;
    const key = `stores:${productId}`;
    return () => {
      el.scrollIntoView({
        behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
        block: 'start',
      });
      const off = $reviewsOnPage.listen((on) => on[key] && (off(), clearTimeout(timer), on[key]()));
      const timer = setTimeout(off, 10_000);
    };
  },
});
