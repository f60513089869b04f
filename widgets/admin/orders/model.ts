import { atom } from 'nanostores';
import type { InlayContext } from '../../../core/context.ts';
import { companionHttp } from '../../../core/api/companion.ts';
import * as api from '../../../core/api/admin-orders.ts';
import type { OrderSearch, OrderSummary, RefundedLines } from '../../../core/api/admin-orders.ts';
import { InlayApiError, outcomeUnknown } from '../../../core/errors.ts';
import type { Http } from '../../../core/http.ts';
import { ordersStrings } from './strings.ts';
import type { Fulfillment, Order } from '../../../core/api/orders.ts';
import { setUrl, urlParam } from '../../../ui/tabs.tsx';

/** The spec's enums the search filters on, and the tag rule: the companion's wire's (docs/companion.md "Owner console: orders"). */
export { ORDER_STATUSES, PAYMENT_STATUSES, FULFILLMENT_STATUSES, TAG } from '../../../core/api/admin-orders.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES, FULFILLMENT_STATUSES, TAG } from '../../../core/api/admin-orders.ts';
export const SORTS = [
  'createdDate:DESC',
  'createdDate:ASC',
  'total:DESC',
  'total:ASC',
  'number:DESC',
  'number:ASC',
] as const;
/** The summary's periods, in days back from now. */
export const PERIODS = [7, 30, 90, 365] as const;
/** Orders a page asks for. */
export const PAGE = 25;

/** The list's filters as the form holds them: '' is "any"; dates are the day (`YYYY-MM-DD`, the page's time zone). */
export interface Filters {
  status: string;
  payment: string;
  fulfillment: string;
  from: string;
  to: string;
  text: string;
  /** Orders carrying this private tag. */
  tag: string;
  sort: string;
  /** The saved view "Cancellation requested": '1' on, '' off (docs/companion.md "Owner console: orders"). */
  requested: string;
}
export const NO_FILTERS: Filters = {
  status: '',
  payment: '',
  fulfillment: '',
  from: '',
  to: '',
  text: '',
  tag: '',
  sort: SORTS[0],
  requested: '',
};
/**
 * The saved views (tabs above the list): each sets the filters that make it (`VIEW_KEYS`), the others (text, dates,
 * tag, sort) stay; kept in the page's URL as those filters' own parameters, so a reload or Back restores the view.
 * "Unfulfilled": approved orders nothing was shipped of yet (a canceled one is not waiting); "Unpaid": orders with no
 * payment (an offline order); "Cancellation requested": the buyers' requests awaiting an answer. No "Archived": the
 * emulator's orders have no archive (docs/wire.md "i40-list").
 */
export const VIEWS = {
  all: {},
  unfulfilled: { status: 'APPROVED', fulfillment: 'NOT_FULFILLED' },
  unpaid: { payment: 'NOT_PAID' },
  requested: { requested: '1' },
} as const satisfies Record<string, Partial<Filters>>;
export type View = keyof typeof VIEWS;
const VIEW_KEYS = ['status', 'payment', 'fulfillment', 'requested'] as const;
/** The view `f` shows (its filters exactly those of one view), else undefined (filters of the owner's own). */
export const viewOf = (f: Filters): View | undefined =>
  (Object.keys(VIEWS) as View[]).find((v) =>
    VIEW_KEYS.every((k) => f[k] === ((VIEWS[v] as Partial<Filters>)[k] ?? '')),
  );
/** `f` showing view `v`. */
export const withView = (f: Filters, v: View): Filters => ({
  ...f,
  ...Object.fromEntries(VIEW_KEYS.map((k) => [k, (VIEWS[v] as Partial<Filters>)[k] ?? ''])),
});
/** A date range that ends before it starts (not searched; said). */
export const badRange = (f: Filters) => !!(f.from && f.to && f.to < f.from);

/** Each filter's query parameter in the page's URL (prefixed: the page's own parameters are left alone). */
const PARAMS: Record<keyof Filters, string> = {
  status: 'admin-status',
  payment: 'admin-payment',
  fulfillment: 'admin-fulfillment',
  from: 'admin-from',
  to: 'admin-to',
  text: 'admin-q',
  tag: 'admin-tag',
  sort: 'admin-sort',
  requested: 'admin-requested',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Tags an order may hold (the platform's `TOO_MANY_TAGS` beyond). */
export const MAX_TAGS = 100;
const keys = Object.keys(PARAMS) as (keyof Filters)[];
const allowed: Partial<Record<keyof Filters, readonly string[]>> = {
  status: ORDER_STATUSES,
  payment: PAYMENT_STATUSES,
  fulfillment: FULFILLMENT_STATUSES,
  sort: SORTS,
  requested: ['1'],
};

/** A filter's value if it is one the form can hold, else '' (the default). */
function valid(k: keyof Filters, v: string | null): string {
  if (!v) return '';
  const list = allowed[k];
  if (list) return list.includes(v) ? v : '';
  if (k === 'from' || k === 'to') return DAY.test(v) && !isNaN(day(v, false)) ? v : '';
  if (k === 'tag') return TAG.test(v.trim()) ? v.trim() : '';
  return v.trim().slice(0, 100);
}
/** The start (or the end) of `YYYY-MM-DD` in the page's time zone, as epoch ms. */
function day(v: string, end: boolean): number {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const t = new Date(y, m - 1, end ? d + 1 : d).getTime();
  return end ? t - 1 : t;
}

/** The filters a URL carries (anything unknown or malformed left at its default). */
export function filtersFrom(href: string): Filters {
  const q = new URL(href).searchParams;
  const f = { ...NO_FILTERS };
  for (const k of keys) f[k] = valid(k, q.get(PARAMS[k])) || NO_FILTERS[k];
  return f;
}
/** `href` with the filters in its query (the defaults left out; the page's other parameters kept). */
export function filtersInto(href: string, f: Filters): string {
  const u = new URL(href);
  for (const k of keys) {
    if (f[k] && f[k] !== NO_FILTERS[k]) u.searchParams.set(PARAMS[k], f[k]);
    else u.searchParams.delete(PARAMS[k]);
  }
  return u.href;
}
/** The search body for `f`. */
export function searchBody(f: Filters): OrderSearch {
  const [field, order] = f.sort.split(':') as [NonNullable<OrderSearch['sort']>['field'], 'ASC' | 'DESC'];
  const text = f.text.trim();
  return {
    ...(f.status ? { status: [f.status] } : {}),
    ...(f.payment ? { paymentStatus: [f.payment] } : {}),
    ...(f.fulfillment ? { fulfillmentStatus: [f.fulfillment] } : {}),
    ...(f.from ? { from: new Date(day(f.from, false)).toISOString() } : {}),
    ...(f.to ? { to: new Date(day(f.to, true)).toISOString() } : {}),
    ...(text ? { text } : {}),
    ...(f.tag ? { tag: f.tag } : {}),
    ...(f.requested ? { requested: true as const } : {}),
    sort: { field, order },
    limit: PAGE,
  };
}

export interface ListUi {
  status: 'loading' | 'ready' | 'error';
  orders: Order[];
  /** How many orders match (all pages). */
  count?: number;
  /** The companion's sealed cursor for the next page. */
  next?: string;
  /** Reading the next page (the list stays). */
  more?: boolean;
  error?: string;
  /** The "requested" view stopped at the companion's cap (older open orders were not checked). */
  capped?: boolean;
}
export interface SummaryUi {
  days: number;
  status: 'loading' | 'ready' | 'error';
  data?: OrderSummary;
  error?: string;
}
export interface DetailUi {
  id: string;
  status: 'loading' | 'ready' | 'error';
  order?: Order;
  fulfillments?: Fulfillment[];
  /** Units refunded per line (the lines with some), as the companion says them. */
  refundedLines?: RefundedLines;
  error?: string;
  /** The action under way: `note`, `edit:<activity>`, `delete:<activity>`, `APPROVED`, `REJECTED` or `cancel`. */
  busy?: string;
  /**
   * The last action's failure, in words, on the action it was (what was typed stays where it was); `code`: the
   * platform's, for a view that words it itself.
   */
  /** `reason`: the first of the platform's reasons in the refusal's `data.reasons` (an order it won't edit). */
  failed?: { on: string; text: string; code?: string; reason?: string };
  /** The last action done (announced). */
  done?: string;
}
/** The platform's refusals the console says in words (anything else: the usual failure text). */
const REFUSALS = [
  'ORDER_ALREADY_CANCELED',
  'STATUS_ALREADY_SET',
  'UNSUPPORTED_TRANSITION',
  'ACTIVITY_NOT_FOUND',
  'ACTIVITY_NOT_EDITABLE',
  'ORDER_NOT_FOUND',
  'NO_CANCEL_REQUEST',
  'REFUND_NOT_MADE',
];
/** A note's text (a merchant comment activity's message), if `a` is one. */
export const noteOf = (a: NonNullable<Order['activities']>[number]) => {
  const m = (a as { merchantComment?: { message?: unknown } }).merchantComment?.message;
  return a.type === 'MERCHANT_COMMENT' && typeof m === 'string' ? m : undefined;
};

/**
 * The orders section (`<inlay-admin section="orders">`): the shop's orders through the site companion, searched with
 * filters and a sort kept in the page's URL (`admin-*` parameters: a reload keeps them), paged with the companion's
 * cursor; the summary over a period; one order's detail.
 */
export function createAdminOrdersModel(
  context: InlayContext,
  props: { page?: () => string; setPage?: (href: string) => void } = {},
) {
  const { client, i18n } = context;
  const page = props.page ?? (() => location.href);
  const setPage = props.setPage ?? ((href: string) => history.replaceState(history.state, '', href));
  const http = () => companionHttp(client, page());
  const $filters = atom<Filters>(filtersFrom(page()));
  const $list = atom<ListUi>({ status: 'loading', orders: [] });
  const $summary = atom<SummaryUi>({ days: 30, status: 'loading' });
  const $detail = atom<DetailUi | undefined>(undefined);
  /** The orders ticked in the list (ids), for the bulk actions. */
  const $selected = atom<string[]>([]);
  let run = 0;
  let sums = 0;

  async function load(more: boolean) {
    const cur = $list.get();
    if (more && (!cur.next || cur.more)) return;
    const mine = ++run;
    if (!more) $selected.set([]);
    $list.set(more ? { ...cur, more: true, error: undefined } : { status: 'loading', orders: [] });
    try {
      const r = await api.searchOrders(
        http(),
        more && cur.next ? { cursor: cur.next, limit: PAGE } : searchBody($filters.get()),
      );
      if (mine !== run) return;
      const have = more ? $list.get().orders : [];
      const seen = new Set(have.map((o) => o.id));
      $list.set({
        status: 'ready',
        orders: [...have, ...r.orders.filter((o) => !seen.has(o.id))],
        count: r.count,
        next: r.next ?? undefined,
        ...(r.capped ? { capped: true } : {}),
      });
    } catch (e) {
      if (mine === run)
        $list.set({ ...$list.get(), status: more ? 'ready' : 'error', more: false, error: i18n().error(e, true) });
    }
  }

  async function summary(days: number) {
    const mine = ++sums;
    $summary.set({ days, status: 'loading' });
    const to = Date.now();
    try {
      const data = await api.orderSummary(http(), {
        from: new Date(to - days * 86_400_000).toISOString(),
        to: new Date(to).toISOString(),
      });
      if (mine === sums) $summary.set({ days, status: 'ready', data });
    } catch (e) {
      if (mine === sums) $summary.set({ days, status: 'error', error: words(e) });
    }
  }

  const t = (k: keyof typeof ordersStrings) => i18n().strings(ordersStrings)(k);
  const patch = (id: string, p: Partial<DetailUi>) => {
    const d = $detail.get();
    if (d?.id === id) $detail.set({ ...d, ...p });
  };
  /** The order as the companion now has it, in the detail and in the list. */
  const put = (order: Order) => {
    patch(order.id, { order });
    const l = $list.get();
    $list.set({ ...l, orders: l.orders.map((o) => (o.id === order.id ? order : o)) });
  };
  const words = (e: unknown) => {
    const code = e instanceof InlayApiError ? e.applicationError?.code : undefined;
    // an internal call the platform refused to the site (403 NOT_AVAILABLE_HERE): where to do it instead
    const data =
      e instanceof InlayApiError ? (e.applicationError?.data as { action?: unknown } | undefined) : undefined;
    const here = `ao.here.${String(data?.action)}`;
    if (code === 'NOT_AVAILABLE_HERE')
      return here in ordersStrings ? t(here as keyof typeof ordersStrings) : t('ao.here');
    return code && REFUSALS.includes(code) ? t(`ao.why.${code}` as keyof typeof ordersStrings) : i18n().error(e, true);
  };

  async function read(id: string) {
    try {
      const r = await api.adminOrder(http(), id);
      put(r.order);
      // (with the units refunded per line the answer carries, `refundedLines`)
      patch(id, { ...r, status: 'ready', fulfillments: r.fulfillments ?? [], error: undefined });
      return r.order;
    } catch (e) {
      const d = $detail.get();
      if (d?.id === id) $detail.set({ ...d, status: d.order ? 'ready' : 'error', error: words(e) });
    }
  }

  /** Open order `id`; the page's URL names it (`admin-order`, a new history entry) unless it came `fromUrl`. */
  async function open(id: string, fromUrl?: boolean) {
    const known = $list.get().orders.find((o) => o.id === id);
    $detail.set({ id, status: known ? 'ready' : 'loading', order: known });
    if (!fromUrl) setUrl({ 'admin-order': id });
    await read(id);
  }

  /**
   * One action on the open order, never two at once. Refused because the order changed (404, 428), it is read again.
   * `landed`: for a call that is not idempotent, whether a lost answer's call was applied after all (the order is read
   * again to know: it is never sent twice on the console's own account).
   */
  async function act(
    on: string,
    call: (http: Http, id: string) => Promise<{ order: Order }>,
    landed?: (o: Order) => boolean,
  ) {
    const d = $detail.get();
    if (!d?.order || d.busy) return false;
    const id = d.id;
    patch(id, { busy: on, failed: undefined, done: undefined });
    try {
      put((await call(http(), id)).order);
      patch(id, { busy: undefined, done: on });
      return true;
    } catch (e) {
      const now = landed && outcomeUnknown(e) ? await read(id) : undefined;
      if (now && landed?.(now)) {
        patch(id, { busy: undefined, done: on });
        return true;
      }
      const code = e instanceof InlayApiError ? e.applicationError?.code : undefined;
      const reasons =
        e instanceof InlayApiError ? (e.applicationError?.data as { reasons?: unknown })?.reasons : undefined;
      const reason = Array.isArray(reasons) && typeof reasons[0] === 'string' ? reasons[0] : undefined;
      patch(id, { busy: undefined, failed: { on, text: words(e), code, ...(reason ? { reason } : {}) } });
      // refused because the order is not what was shown: show it as it is now (what was typed stays)
      if (e instanceof InlayApiError && [404, 409, 428].includes(e.status)) await read(id);
      return false;
    }
  }

  function search(f: Filters) {
    const clean = Object.fromEntries(keys.map((k) => [k, valid(k, f[k]) || NO_FILTERS[k]])) as unknown as Filters;
    $filters.set(clean);
    setPage(filtersInto(page(), clean));
    return load(false);
  }

  return {
    $filters,
    $list,
    $summary,
    $detail,
    $selected,
    /** Tick (or untick) orders of the list. */
    select(ids: string[], on: boolean) {
      const now = new Set($selected.get());
      for (const id of ids)
        if (on) now.add(id);
        else now.delete(id);
      $selected.set([...now]);
    },
    /** The companion, for the actions whose calls load with their own chunk. */
    http,
    /** The order as the companion now has it, in the list and the open detail. */
    put,
    /** One action on the open order (see `act`): for the actions whose code loads with their own chunk. */
    run: act,
    /** Read the list for the filters now set. */
    load: () => load(false),
    more: () => load(true),
    /**
     * One filter or a view changed (the form, a chip, a view's tab): `p` over the filters now set, searched at once;
     * a range that ends before it starts is kept in the form but not searched (the form says why). An answer to an
     * earlier search never replaces a later one's (`run`).
     */
    change(p: Partial<Filters>) {
      const f = { ...$filters.get(), ...p };
      if (badRange(f)) return void $filters.set(f);
      return search(f);
    },
    /** Apply `f`: kept in the page's URL (replacing its entry: the back button leaves the page), then searched. */
    search,
    summary,
    open,
    /** Back to the list; the page's URL drops the order (a new history entry) unless it came `fromUrl`. */
    close(fromUrl?: boolean) {
      $detail.set(undefined);
      if (!fromUrl) setUrl({ 'admin-order': undefined });
    },
    /**
     * Show what the page's URL names (as the section mounts, and on Back and Forward): the order `admin-order` names
     * (a link to it, a reload) or the list, with the filters the URL keeps (searched again when they differ).
     */
    followUrl() {
      const id = urlParam('admin-order');
      const d = $detail.get();
      if (id && d?.id !== id) void open(id, true);
      else if (!id && d) $detail.set(undefined);
      const f = filtersFrom(page());
      if (keys.some((k) => f[k] !== $filters.get()[k])) {
        $filters.set(f);
        void load(false);
      }
    },
    /** Add a note; a lost answer is checked against the order read again (the note is not added twice). */
    addNote(message: string) {
      const text = message.trim();
      const before = new Set(($detail.get()?.order?.activities ?? []).map((a) => a.id));
      return act(
        'note',
        (h, id) => api.addNote(h, id, text),
        (o) => !!o.activities?.some((a) => !before.has(a.id) && noteOf(a) === text),
      );
    },
    editNote: (activityId: string, message: string) =>
      act(`edit:${activityId}`, (h, id) => api.editNote(h, id, activityId, message.trim())),
    deleteNote: (activityId: string) => act(`delete:${activityId}`, (h, id) => api.deleteNote(h, id, activityId)),
    setStatus: (status: 'APPROVED' | 'REJECTED') => act(status, (h, id) => api.setOrderStatus(h, id, status)),
    cancel: (o: { sendEmail: boolean; restock: boolean; message?: string }) =>
      act('cancel', (h, id) => api.cancelOrder(h, id, o)),
    /**
     * For the open order's payments panel (payments/view.tsx, its own chunk): the companion's http, and `reload`, a new read
     * of the open order (in the detail and the list) so its statuses and timeline follow a payment change.
     */
    payments: () => ({ http, reload: () => ($detail.get() ? read($detail.get()!.id) : undefined) }),
  };
}
export type AdminOrdersModel = ReturnType<typeof createAdminOrdersModel>;
