import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import type { Emit } from '../../core/events.ts';
import { productStore } from '../../core/reads/products.ts';
import { httpUrl } from '../../core/safe-url.ts';

import type { Http } from '../../core/http.ts';
import { listKey, REVIEW_PAGE, summaryStore } from '../../core/reads/review-summary.ts';
import { queryReviews, type Filter, type Review, type SortKey, WITH_MEDIA } from '../../core/api/reviews.ts';
import type { Draft, Member } from './submit.ts';
import { sessionOf } from '../../core/stores/session.ts';
import { toastsOf } from '../../core/stores/toasts.ts';
import type { Image } from '../../core/api/media.ts';
import { onDemand } from '../../core/on-demand.ts';

export type { Draft, Member };

export interface ListState {
  reviews: Review[];
  next?: string;
  loading: boolean;
  error?: unknown;
}

/** What the list shows: only one rating (undefined: all), only reviews with photos (or videos). */
export interface ListFilter {
  rating?: number;
  photos: boolean;
}

/** `<inlay-reviews>`'s attributes (view.tsx documents them). */
export interface ReviewsModelProps {
  productId?: string;
  namespace?: string;
  entityId?: string;
  pageSize?: number;
  /** Announces a sent review (`inlay-review-submit`). */
  emit: Emit;
}

/** Photo URLs of a review that may be shown. */
export const photosOf = (r: Review) =>
  (r.content.media ?? []).map((m) => httpUrl(m.image?.url)).filter((u): u is string => !!u);

/** The member's send of a review and its create call: a part of the form, on demand. */
const memberSend = onDemand(() => import('./submit.ts'));

const NONE = atom<{ data?: undefined; error?: undefined }>({});

type CompanionApi = typeof import('../../core/api/companion.ts');

/**
 * One `<inlay-reviews>`: the item's summary (and product, for its name), the list (filter by rating and by photos,
 * sort, cursor paging), what this person sent, the owner's pending queue and actions. No item (`ok` false): nothing
 * is read.
 */
export function createReviewsModel(
  { client }: Pick<InlayContext, 'client'>,
  { productId, namespace, entityId, pageSize, emit }: ReviewsModelProps,
) {
  const { http, cache, config } = client;
  const ns = productId ? 'stores' : (namespace ?? '');
  const id = productId ?? entityId ?? '';
  const ok = !!(ns && id);
  const size = Math.min(100, Math.max(1, pageSize || 5));
  const base: Filter = { namespace: ns, entityId: id };
  const $list = atom<ListState>({ reviews: [], loading: false });
  const $pending = atom<ListState>({ reviews: [], loading: false });
  const $staff = atom(false);
  const $filter = atom<ListFilter>({ photos: false });
  /** The review this person just sent (the thank-you shows it, in place of the form). */
  const $sent = atom<Review | undefined>();
  let sort: SortKey = 'newest';
  let seq = 0;

  let off: (() => void) | undefined;

  /**
   * The first page comes through the page's cache (kept across pages: a stored copy shows at once, and one older
   * than FRESH_MS is read again in the background, the list following). "More" pages are read as asked. `keep`: the
   * shown reviews stay until the new first page is there (a refresh).
   */
  async function load(more?: boolean, keep?: boolean) {
    const cur = $list.get();
    const mine = ++seq;
    const { rating, photos } = $filter.get();
    $list.set({ ...cur, loading: true, error: undefined, ...(more || keep ? {} : { reviews: [], next: undefined }) });
    const filter = { ...base, ...(rating ? { 'content.rating': rating } : {}), ...(photos ? WITH_MEDIA : {}) };
    if (!more) {
      off?.();
      const key = listKey(ns, id, sort, rating, size, photos);
      const s = sort;
      // a retry reads again (a failed read is otherwise kept until its store is unused)
      if (cache.get(key)?.error) cache.invalidate(key);
      return new Promise<void>((settled) => {
        off = cache
          .store(key, () => queryReviews(http, { filter, sort: s, limit: size }), REVIEW_PAGE)
          .subscribe((q) => {
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
      const page = await queryReviews(http, { filter, sort, limit: size, cursor: cur.next });
      if (mine !== seq) return;
      $list.set({ reviews: [...cur.reviews, ...page.reviews], next: page.next, loading: false });
    } catch (error) {
      if (mine === seq) $list.set({ ...$list.get(), loading: false, error });
    }
  }

  /**
   * The site companion (`data-companion`), loaded on demand: the owner's calls, a visitor's review and photos go
   * through it (they need its admin identity on the platform, docs/spec/wire-protocol.md §11.5). Never called without
   * one.
   */
  let api: Promise<[CompanionApi, Http]> | undefined;
  const companion = () =>
    (api ??= import('../../core/api/companion.ts').then((m) => [m, m.companionHttp(client, location.href)] as const));
  const owner = async <T>(fn: (m: CompanionApi, h: Http) => Promise<T>) => {
    const [m, h] = await companion();
    return fn(m, h);
  };

  async function loadPending() {
    $pending.set({ ...$pending.get(), loading: true, error: undefined });
    try {
      const page = await owner((m, h) => m.pendingReviews(h, { namespace: ns, entityId: id }));
      $pending.set({ reviews: page.reviews, loading: false });
    } catch (error) {
      $pending.set({ ...$pending.get(), loading: false, error });
    }
  }

  /**
   * Owner or not, where the page names a site companion: its `GET /v1/me` says whether this member is on the site's
   * owner list (it checks the token with the platform). Without a companion nothing is asked and no owner tool shows.
   * A "no" is remembered per member id for the tab (sessionStorage), so a member is asked once.
   */
  async function probeStaff(isMember: boolean, memberId?: string) {
    if (!config.companion || !isMember || !memberId) return $staff.set(false);
    let yes: boolean;
    try {
      yes = await (await companion())[0].isOwner(client, location.href, memberId);
    } catch {
      // the companion's chunk did not load: no owner tools this time, asked again on the next page
      yes = false;
    }
    // (the member may have signed out meanwhile)
    if (sessionOf(client).get().member?.id !== memberId) return;
    $staff.set(yes);
    if (yes) void loadPending();
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
    ok,
    ns,
    id,
    /** The page's toaster: where a failure this widget's views do not show in place is told. */
    toast: toastsOf(client).toast,
    $summary: ok ? summaryStore(client, ns, id) : NONE,
    $product: productId ? productStore(client, productId) : NONE,
    $list,
    $pending,
    $staff,
    $filter,
    $sent,
    /** Read the first page (a retry after a failure); `more`: the next page ("more", or its retry). */
    load,
    setSort(s: SortKey) {
      sort = s;
      void load();
    },
    /** Change what the list shows (`$filter`): one rating or all, with photos only or not. */
    filter(f: Partial<ListFilter>) {
      $filter.set({ ...$filter.get(), ...f });
      void load();
    },
    probeStaff,
    refresh,
    /** Stop following the list's cached first page (the view is gone). */
    dispose: () => off?.(),
    // the owner's actions, through the companion: review-owner.tsx tells a failure with the page's toaster
    moderate: (rid: string, status: 'APPROVED' | 'REJECTED') => act(() => owner((m, h) => m.moderate(h, rid, status))),
    moderateAll: (status: 'APPROVED' | 'REJECTED') =>
      act(() => owner((m, h) => m.bulkModerate(h, { namespace: ns, entityId: id, status }))),
    reply: (rid: string, message: string) => act(() => owner((m, h) => m.reply(h, rid, message))),
    deleteReply: (rid: string) => act(() => owner((m, h) => m.deleteReply(h, rid))),
    remove: (rid: string) => act(() => owner((m, h) => m.deleteReview(h, rid))),
    /** A review sent another way (a visitor's, through the companion: the form's chunk): shown, announced, read again. */
    sent(review: Review) {
      refresh();
      $sent.set(review);
      emit('inlay-review-submit', { review });
    },
    /** The member's send (submit.ts) is the form's alone: it loads as the form opens (`warm`), not with the list. */
    warmSend: memberSend.warm,
    /**
     * Send the form as the signed-in member (see `submitReview`; the session's member when it is sent, which a review
     * that waited for a sign-in needs), its photos uploaded: the sent review shows in its place and is announced. A
     * failure is the form's to word.
     */
    async submit(draft: Draft, media: { image: Image }[]): Promise<void> {
      const { submitReview } = await memberSend.load();
      // the member as it sends (not before the part had arrived: they may have signed out meanwhile)
      const member = sessionOf(client).get().member;
      if (!member?.contactId) throw new Error('Not signed in');
      const review = await act(() =>
        submitReview(http, ns, id, draft, media, member as Member & { contactId: string }),
      );
      $sent.set(review);
      emit('inlay-review-submit', { review });
    },
  };
}
export type ReviewsModel = ReturnType<typeof createReviewsModel>;
