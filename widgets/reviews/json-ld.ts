// The reviews' JSON-LD: built from what the widget shows, and written by the view in the host document's head
// (outside the shadow root, where search engines read it).
import type { Review } from '../../core/api/reviews.ts';
import type { Summary } from '../../core/reads/review-summary.ts';

/**
 * schema.org Product + AggregateRating + Review for the shown numbers. Serialized with `<` escaped (`\u003c`) so
 * review text cannot close the script element.
 */
export function jsonLd(name: string, summary: Summary | undefined, reviews: Review[]): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    ...(summary?.count
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: summary.average,
            reviewCount: summary.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length
      ? {
          review: reviews.map((r) => ({
            '@type': 'Review',
            reviewRating: { '@type': 'Rating', ratingValue: r.content.rating, bestRating: 5, worstRating: 1 },
            author: { '@type': 'Person', name: r.author?.authorName || 'Anonymous' },
            ...(r.content.title ? { name: r.content.title } : {}),
            ...(r.content.body ? { reviewBody: r.content.body } : {}),
            ...(r.createdDate ? { datePublished: r.createdDate.slice(0, 10) } : {}),
          })),
        }
      : {}),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

interface ScriptPolicy {
  createScript(text: string): string;
}
let policy: ScriptPolicy | null | undefined;
/**
 * The JSON-LD as script text a page requiring Trusted Types accepts (it refuses plain strings in any <script>, data
 * or not): through the `inlay` policy, which passes JSON only. Null when the page's `trusted-types` list leaves
 * `inlay` out: no JSON-LD then.
 */
function scriptText(text: string): string | null {
  const tt = (window as { trustedTypes?: { createPolicy(name: string, rules: ScriptPolicy): ScriptPolicy } })
    .trustedTypes;
  if (!tt) return text;
  if (policy === undefined) {
    try {
      policy = tt.createPolicy('inlay', { createScript: (s) => (JSON.parse(s), s) });
    } catch {
      policy = null;
    }
  }
  return policy && policy.createScript(text);
}

/** Keep one `<script type="application/ld+json" data-inlay-reviews="id">` in the host document's head. */
export function syncJsonLd(id: string, text: string | undefined): void {
  let el = [...document.head.querySelectorAll<HTMLScriptElement>('script[data-inlay-reviews]')].find(
    (s) => s.dataset.inlayReviews === id,
  );
  if (text === undefined) return el?.remove();
  if (el?.textContent === text) return;
  const trusted = scriptText(text);
  if (trusted === null) return;
  if (!el) {
    el = document.createElement('script');
    el.type = 'application/ld+json';
    el.dataset.inlayReviews = id;
    el.textContent = trusted;
    document.head.append(el);
  } else el.textContent = trusted;
}
