import { atom } from 'nanostores';
import type { InlayContext } from '../../../core/context.ts';
import { companionHttp, moderate, pendingReviews, reply } from '../../../core/api/companion.ts';
import type { Review } from '../../../core/api/reviews.ts';
import { productsByIds } from '../../../core/reads/products.ts';
import { createPaged, type PagedUi } from '../../../ui/paged.ts';

/** The reviews the console moderates: the Stores products' (the namespace of `<inlay-reviews product-id>`). */
export const QUEUE_NAMESPACE = 'stores';

/** The queue as the view shows it: a paged list of reviews (ui/paged.ts). */
export type QueueUi = PagedUi<Review>;
/** One review's own state: an action under way, its last failure, its reply saved. */
export interface RowUi {
  busy?: 'APPROVED' | 'REJECTED' | 'reply';
  error?: string;
  replied?: boolean;
}
export type Decision = 'APPROVED' | 'REJECTED';
/** What a bulk decision did: how many were done, and the first failure of those that were not. */
export interface BulkOutcome {
  status: Decision;
  done: number;
  failed: number;
  error?: string;
}

/**
 * The site-wide review queue (`<inlay-admin section="reviews">`): every product's reviews waiting for approval,
 * oldest first, through the site companion (owner only: `POST reviews/pending` without an item), with the products'
 * names read in one batch. Approve, reject and reply one by one; approve or reject a selection (one call per review,
 * in turn: each review's outcome is its own, and a failure leaves that review selected with its reason).
 */
export function createQueueModel(context: InlayContext, props: { page?: () => string } = {}) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const http = () => companionHttp(client, page());
  const $rows = atom<Record<string, RowUi>>({});
  const $selected = atom<ReadonlySet<string>>(new Set());
  const $names = atom<Record<string, string>>({});
  const $bulk = atom<{ busy?: Decision; outcome?: BulkOutcome }>({});

  const row = (id: string, p: RowUi | undefined) => {
    const rows = { ...$rows.get() };
    if (p) rows[id] = { ...rows[id], ...p };
    else delete rows[id];
    $rows.set(rows);
  };
  /** Reviews decided leave the queue (and the selection). */
  const drop = (ids: string[]) => {
    const gone = new Set(ids);
    paged.update((items) => items.filter((r) => !gone.has(r.id)));
    $selected.set(new Set([...$selected.get()].filter((id) => !gone.has(id))));
    for (const id of ids) row(id, undefined);
  };
  /** The products' names, one batch read for those not known yet (a failure leaves the ids shown instead). */
  async function name(reviews: Review[]) {
    const known = $names.get();
    const ids = [...new Set(reviews.map((r) => r.entityId))].filter((id) => !(id in known));
    if (!ids.length) return;
    try {
      const products = await productsByIds(client, ids);
      $names.set({ ...$names.get(), ...Object.fromEntries(products.map((p) => [p.id, p.name])) });
    } catch {
      // the reviews still show, under their product's id
    }
  }

  /** The queue, 50 at a time with the companion's cursor; each page's products named in one batch. */
  const paged = createPaged<Review>(
    async (cursor) => {
      const r = await pendingReviews(http(), { namespace: QUEUE_NAMESPACE, ...(cursor ? { cursor } : {}) });
      void name(r.reviews);
      return { items: r.reviews, next: r.next };
    },
    { id: (r) => r.id, words: (e) => i18n().error(e, true) },
  );
  const $queue = paged.$list;

  async function decide(id: string, status: Decision): Promise<boolean> {
    row(id, { busy: status, error: undefined });
    try {
      await moderate(http(), id, status);
      drop([id]);
      return true;
    } catch (e) {
      row(id, { busy: undefined, error: i18n().error(e, true) });
      return false;
    }
  }

  return {
    $queue,
    $rows,
    $selected,
    $names,
    $bulk,
    load: paged.load,
    more: paged.more,
    decide,
    toggle(id: string, on: boolean) {
      const s = new Set($selected.get());
      if (on) s.add(id);
      else s.delete(id);
      $selected.set(s);
    },
    selectAll(on: boolean) {
      $selected.set(new Set(on ? $queue.get().items.map((r) => r.id) : []));
    },
    /** Approve or reject every selected review, one after another; the outcome says how many were done. */
    async bulk(status: Decision): Promise<BulkOutcome> {
      const ids = [...$selected.get()];
      $bulk.set({ busy: status });
      let done = 0;
      let error: string | undefined;
      for (const id of ids) {
        if (await decide(id, status)) done++;
        else error ??= $rows.get()[id]?.error;
      }
      const outcome = { status, done, failed: ids.length - done, ...(error ? { error } : {}) };
      $bulk.set({ outcome });
      return outcome;
    },
    /** Reply to a review (or replace its reply). The text stays where it was typed until the companion confirms. */
    async reply(id: string, message: string): Promise<boolean> {
      row(id, { busy: 'reply', error: undefined, replied: false });
      try {
        const r = await reply(http(), id, message);
        paged.update((items) => items.map((x) => (x.id === id ? r : x)));
        row(id, { busy: undefined, replied: true });
        return true;
      } catch (e) {
        row(id, { busy: undefined, error: i18n().error(e, true) });
        return false;
      }
    },
  };
}
export type QueueModel = ReturnType<typeof createQueueModel>;
