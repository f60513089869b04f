import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import type { Http } from '../../core/http.ts';
import { httpUrl } from '../../core/safe-url.ts';
import { InlayApiError, outcomeUnknown } from '../../core/errors.ts';
import {
  bulkModerate,
  createReview,
  createReviewAndContact,
  deleteReply,
  deleteReview,
  getReview,
  moderateReview,
  replyToReview,
  uploadPhoto,
} from '../../core/api/review-writes.ts';
import { listKey, REVIEW_PAGE, type Summary } from '../../core/stores/review-summary.ts';
import { queryReviews, type Filter, type Review, type SortKey, WITH_MEDIA } from '../../core/api/reviews.ts';

/** The wire `member` of the session (wire-protocol §5), the parts used here. */
export interface Member {
  id?: string;
  contactId?: string;
  loginEmail?: string;
  profile?: { nickname?: string };
}

export interface ListState {
  reviews: Review[];
  next?: string;
  loading: boolean;
  error?: unknown;
}

/** Photo URLs of a review that may be shown. */
export const photosOf = (r: Review) => (r.content.media ?? []).map((m) => httpUrl(m.image?.url)).filter((u): u is string => !!u);

/**
 * One `<inlay-reviews>`: the list (filter by rating and by photos, sort, cursor paging), the owner's pending queue and actions.
 * `key` names the item (`namespace:entityId`) in cache keys and storage.
 */
export function createReviewsModel({ client }: Pick<InlayContext, 'client'>, ns: string, id: string, pageSize: number) {
  const { http, cache } = client;
  const base: Filter = { namespace: ns, entityId: id };
  const $list = atom<ListState>({ reviews: [], loading: false });
  const $pending = atom<ListState>({ reviews: [], loading: false });
  const $staff = atom(false);
  let sort: SortKey = 'newest';
  let rating: number | undefined;
  let photos = false;
  let seq = 0;

  let off: (() => void) | undefined;

  /**
   * The first page comes through the page's cache (kept across pages: a stored copy shows at once, and one older
   * than FRESH_MS is read again in the background, the list following). "More" pages are read as asked. `keep`: the
   * shown reviews stay until the new first page is there (a refresh).
   */
  async function load(more = false, keep = false) {
    const cur = $list.get();
    const mine = ++seq;
    $list.set({ ...cur, loading: true, error: undefined, ...(more || keep ? {} : { reviews: [], next: undefined }) });
    const filter = { ...base, ...(rating ? { 'content.rating': rating } : {}), ...(photos ? WITH_MEDIA : {}) };
    if (!more) {
      off?.();
      const key = listKey(ns, id, sort, rating, pageSize, photos);
      const s = sort;
      // a retry reads again (a failed read is otherwise kept until its store is unused)
      if (cache.get(key)?.error) cache.invalidate(key);
      return new Promise<void>((settled) => {
        off = cache.store(key, () => queryReviews(http, { filter, sort: s, limit: pageSize }), REVIEW_PAGE).subscribe((q) => {
          // a newer load (another sort, a filter, the next page) owns the list now
          if (mine !== seq) return settled();
          if (q.data) $list.set({ reviews: q.data.reviews, next: q.data.next, loading: false });
          else if (q.error && !q.loading) $list.set({ ...$list.get(), loading: false, error: q.error });
          else return;
          settled();
        });
      });
    }
    try {
      const page = await queryReviews(http, { filter, sort, limit: pageSize, cursor: cur.next });
      if (mine !== seq) return;
      $list.set({ reviews: [...cur.reviews, ...page.reviews], next: page.next, loading: false });
    } catch (error) {
      if (mine === seq) $list.set({ ...$list.get(), loading: false, error });
    }
  }

  const pendingFilter = { ...base, 'moderation.moderationStatus': 'IN_MODERATION' };
  async function loadPending() {
    $pending.set({ ...$pending.get(), loading: true, error: undefined });
    try {
      const page = await queryReviews(http, { filter: pendingFilter, sort: 'oldest', limit: 50, returnPrivate: true });
      $pending.set({ reviews: page.reviews, loading: false });
    } catch (error) {
      $pending.set({ ...$pending.get(), loading: false, error });
    }
  }

  /**
   * Owner or not: an owner-only read (the pending queue with private reviews) answers 403 to anyone else. Remembered
   * per member id for the tab (sessionStorage), so a non-owner sees that 403 once.
   */
  async function probeStaff(isMember: boolean, memberId?: string) {
    const key = `inlay.reviews.staff.${memberId}`;
    let known: string | null = null;
    try {
      known = memberId ? sessionStorage.getItem(key) : null;
    } catch {
      /* no storage */
    }
    if (!isMember || known === '0') return $staff.set(false);
    try {
      const page = await queryReviews(http, { filter: pendingFilter, sort: 'oldest', limit: 50, returnPrivate: true });
      $pending.set({ reviews: page.reviews, loading: false });
      $staff.set(true);
    } catch (e) {
      $staff.set(false);
      if (!(e instanceof InlayApiError && e.status === 403)) return;
    }
    try {
      if (memberId) sessionStorage.setItem(key, $staff.get() ? '1' : '0');
    } catch {
      /* no storage */
    }
  }

  /**
   * After any change: the list, the queue and every summary/count of this item are read again, and the copies kept
   * across pages (every sort and filter of its list) are dropped, so a reload shows the change too.
   */
  function refresh() {
    cache.invalidate(`reviews:summary:${ns}:${id}`);
    cache.invalidate(`reviews:count:${ns}:${id}:`);
    cache.invalidate(`reviews:list:${ns}:${id}:`);
    void load(false, true);
    if ($staff.get()) void loadPending();
  }

  const act = async <T>(fn: () => Promise<T>) => {
    const r = await fn();
    refresh();
    return r;
  };

  return {
    $list,
    $pending,
    $staff,
    load,
    more: () => load(true),
    setSort(s: SortKey) {
      sort = s;
      void load();
    },
    /** Show only reviews rated `n` (undefined: all). */
    setRating(n: number | undefined) {
      rating = n;
      void load();
    },
    /** Show only reviews with photos (or videos). */
    setPhotos(on: boolean) {
      photos = on;
      void load();
    },
    probeStaff,
    loadPending,
    refresh,
    /** Stop following the list's cached first page (the view is gone). */
    dispose: () => off?.(),
    moderate: (rid: string, status: 'APPROVED' | 'REJECTED') => act(() => moderateReview(http, rid, status)),
    moderateAll: (status: 'APPROVED' | 'REJECTED') => act(() => bulkModerate(http, pendingFilter, status)),
    reply: (rid: string, message: string) => act(() => replyToReview(http, rid, message)),
    deleteReply: (rid: string) => act(() => deleteReply(http, rid)),
    remove: (rid: string) => act(() => deleteReview(http, rid)),
    submit: (draft: Draft, photos: File[], member: Member | undefined) => act(() => submitReview(http, ns, id, draft, photos, member)),
  };
}
export type ReviewsModel = ReturnType<typeof createReviewsModel>;

/** The form's values. */
export interface Draft {
  rating: number;
  title: string;
  body: string;
  name: string;
  email: string;
}

/** Items (`namespace:entityId`) whose last send lost its answer: the review may be saved. */
const unsure = new Set<string>();

/**
 * Upload the photos, then create the review: a member with its contact, anyone else with name and email. A send
 * whose answer is lost may have been saved: a member's own reviews are read back at once; otherwise the next send's
 * "already reviewed" (409) names the saved review, which is then shown as sent instead of an error.
 */
export async function submitReview(http: Http, ns: string, id: string, d: Draft, photos: File[], member: Member | undefined): Promise<Review> {
  const media = [];
  for (const f of photos) media.push({ image: await uploadPhoto(http, f) });
  const content = { rating: d.rating, ...(d.title.trim() ? { title: d.title.trim() } : {}), body: d.body.trim(), ...(media.length ? { media } : {}) };
  const key = `${ns}:${id}`;
  try {
    const r = await (member?.contactId
      ? createReview(http, { namespace: ns, entityId: id, content, author: { contactId: member.contactId, ...(member.profile?.nickname ? { authorName: member.profile.nickname } : {}) } })
      : createReviewAndContact(http, { namespace: ns, entityId: id, content, name: d.name.trim(), email: d.email.trim() }));
    unsure.delete(key);
    return r;
  } catch (e) {
    const saved = await savedReview(http, e, ns, id, member?.contactId, unsure.has(key)).catch(() => undefined);
    if (saved) {
      unsure.delete(key);
      return saved;
    }
    if (!outcomeUnknown(e)) throw e;
    unsure.add(key);
    // the form's cue for "we could not confirm it arrived" (a failed photo upload sent no review: not marked)
    throw Object.assign(e as Error, { reviewMayBeSaved: true });
  }
}

/** The author's saved review when a failed send may hide one; undefined when there is none to show. */
async function savedReview(http: Http, e: unknown, ns: string, id: string, contactId: string | undefined, wasUnsure: boolean): Promise<Review | undefined> {
  if (outcomeUnknown(e) && contactId) {
    const page = await queryReviews(http, { filter: { namespace: ns, entityId: id, 'author.contactId': contactId }, sort: 'newest', limit: 1, returnPrivate: true });
    return page.reviews[0];
  }
  const rid = e instanceof InlayApiError && e.status === 409 && wasUnsure ? (e.applicationError?.data as { reviewId?: unknown } | undefined)?.reviewId : undefined;
  return typeof rid === 'string' ? getReview(http, rid) : undefined;
}

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
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 } }
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
  const tt = (window as { trustedTypes?: { createPolicy(name: string, rules: ScriptPolicy): ScriptPolicy } }).trustedTypes;
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
  let el = [...document.head.querySelectorAll<HTMLScriptElement>('script[data-inlay-reviews]')].find((s) => s.dataset.inlayReviews === id);
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
