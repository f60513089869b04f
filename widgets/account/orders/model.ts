import { atom, computed } from 'nanostores';
import type { InlayContext } from '../../../core/context.ts';
import type { Emit } from '../../../core/events.ts';
import { InlayApiError } from '../../../core/errors.ts';
import { companionOf } from '../../../core/api/companion.ts';
import * as o from '../../../core/api/orders.ts';
import type { Fulfillment, Order } from '../../../core/api/orders.ts';
import type { AddItem } from '../../../core/api/current-cart.ts';
import { cartOf } from '../../../core/stores/current-cart.ts';
import { createPaged } from '../../../ui/paged.ts';
import { lineName } from '../../../ui/words.ts';
import { setUrl, urlParam } from '../../../ui/tabs.tsx';
import { orderStrings as strings } from './strings.ts';

/** Orders a page asks for at a time. */
export const PAGE = 10;

export interface OrdersUi {
  status: 'idle' | 'loading' | 'ready' | 'error';
  orders: Order[];
  next?: string;
  /** Loading the next page (the list stays). */
  more?: boolean;
  error?: string;
}
export interface DetailUi {
  id: string;
  status: 'loading' | 'ready' | 'error';
  order?: Order;
  fulfillments?: Fulfillment[];
  /** Units refunded per line id (the lines with some). */
  refunded?: Record<string, number>;
  error?: string;
  /** The cancel step: asked (confirming), sending, its answer or failure. */
  cancel?: { busy?: boolean; error?: string; done?: 'CANCELED' | 'REQUESTED' };
  again?: { busy?: boolean; added?: string[]; gone?: string[]; error?: string };
}

export { lineName };

/** The order's lines as cart items (catalog item and variant), with their names. */
export function againItems(order: Order): { item: AddItem; name: string }[] {
  return order.lineItems.flatMap((l) => {
    const ref = l.catalogReference;
    if (!ref?.catalogItemId) return [];
    const variantId = ref.options?.['variantId'];
    return [
      {
        item: {
          productId: ref.catalogItemId,
          ...(typeof variantId === 'string' ? { variantId } : {}),
          quantity: Math.max(1, Math.min(9999, l.quantity)),
        },
        name: lineName(l),
      },
    ];
  });
}

/** The indexes of `lineItems[i]` a refused add-to-cart names (its field violations). */
export function refusedIndexes(e: unknown): number[] {
  if (!(e instanceof InlayApiError) || e.status !== 400) return [];
  const found = new Set<number>();
  for (const v of e.fieldViolations ?? []) {
    const m = /^lineItems\[(\d+)\]/.exec(v.field);
    if (m) found.add(Number(m[1]));
  }
  return [...found];
}

/**
 * The orders section's state: the member's orders (pages through the companion), the open order, buying an order
 * again and asking to cancel it.
 */
export function createOrdersModel(context: InlayContext, props: { emit: Emit; page?: () => string }) {
  const { client, i18n } = context;
  const t = (key: keyof typeof strings, params?: Record<string, string | number>) =>
    i18n().strings(strings)(key, params);
  const page = props.page ?? (() => location.href);
  const $detail = atom<DetailUi | undefined>(undefined);
  const setDetail = (p: Partial<DetailUi>, id: string) => {
    const d = $detail.get();
    if (d?.id === id) $detail.set({ ...d, ...p });
  };
  const api = async () => {
    const http = companionOf(client, page());
    if (!http) throw new InlayApiError({ kind: 'config', message: 'no companion' });
    return { http, o };
  };
  // the member's orders, a page at a time (newest first)
  const list = createPaged<Order>(
    async (cursor) => {
      const { http, o } = await api();
      const r = await o.myOrders(http, { limit: PAGE, ...(cursor ? { cursor } : {}) });
      return { items: r.orders, next: r.next };
    },
    { id: (x) => x.id, words: (e) => i18n().error(e) },
  );
  const $orders = computed(list.$list, ({ items, ...l }): OrdersUi => ({ ...l, orders: items }));

  /** Open order `id`; the page's URL names it (`account-order`, a new history entry) unless it came `fromUrl`. */
  async function openOrder(id: string, fromUrl?: boolean) {
    const known = list.$list.get().items.find((x) => x.id === id);
    $detail.set({ id, status: known ? 'ready' : 'loading', order: known });
    if (!fromUrl) setUrl({ 'account-section': 'orders', 'account-order': id });
    props.emit('inlay-account-navigate', { section: 'orders', orderId: id });
    try {
      const { http, o } = await api();
      const r = await o.myOrder(http, id);
      const refunded = Object.fromEntries((r.refundedLines ?? []).map((l) => [l.lineItemId, l.quantity]));
      setDetail(
        { status: 'ready', order: r.order, fulfillments: r.fulfillments ?? [], refunded, error: undefined },
        id,
      );
    } catch (e) {
      const error = e instanceof InlayApiError && e.status === 404 ? t('acct.notFound') : i18n().error(e);
      // an order already listed stays readable; only its shipments and history are missing
      setDetail(known ? { error } : { status: 'error', error }, id);
    }
  }

  /** Back to the list; the page's URL drops the order (a new history entry) unless it came `fromUrl`. */
  function closeOrder(fromUrl?: boolean) {
    $detail.set(undefined);
    if (!fromUrl) setUrl({ 'account-order': undefined });
    props.emit('inlay-account-navigate', { section: 'orders' });
  }

  return {
    $orders,
    $detail,
    hasCompanion: () => !!companionOf(client, page()),
    loadOrders: list.load,
    moreOrders: list.more,
    openOrder,
    closeOrder,
    /**
     * Show what the page's URL names (as the section mounts, and on Back and Forward): the order `account-order` names
     * (a link to it, a reload), or the list.
     */
    followUrl() {
      const id = urlParam('account-order');
      const d = $detail.get();
      if (id && d?.id !== id) void openOrder(id, true);
      else if (!id && d) closeOrder(true);
    },
    /**
     * Add the order's lines to the cart in one call. A line the platform refuses (the product or its variant is gone)
     * is named and the rest are added; a line added but out of stock is named too (the cart shows it unavailable).
     */
    async buyAgain(order: Order) {
      const id = order.id;
      if ($detail.get()?.again?.busy) return;
      setDetail({ again: { busy: true } }, id);
      let wanted = againItems(order);
      const gone: string[] = order.lineItems.filter((l) => !l.catalogReference?.catalogItemId).map(lineName);
      try {
        const cart = cartOf(client);
        let result;
        while (wanted.length) {
          try {
            result = await cart.addItems(wanted.map((w) => w.item));
            break;
          } catch (e) {
            const refused = refusedIndexes(e);
            if (!refused.length) throw e;
            gone.push(...refused.map((i) => wanted[i]?.name ?? ''));
            wanted = wanted.filter((_, i) => !refused.includes(i));
          }
        }
        const unavailable = new Set(
          (result?.lineItems ?? [])
            .filter((l) => l.availability && l.availability.status !== 'AVAILABLE')
            .map((l) => l.catalogReference.catalogItemId),
        );
        const added = wanted.filter((w) => !unavailable.has(w.item.productId)).map((w) => w.name);
        gone.push(...wanted.filter((w) => unavailable.has(w.item.productId)).map((w) => w.name));
        setDetail({ again: { added, gone: gone.filter(Boolean) } }, id);
        if (added.length) cart.$cartOpen.set(true);
      } catch (e) {
        setDetail({ again: { error: i18n().error(e) } }, id);
      }
    },
    /** Cancel (unpaid) or ask the shop to cancel (paid); the companion decides which and says so. */
    async cancel(order: Order, reason: string) {
      const id = order.id;
      if ($detail.get()?.cancel?.busy) return false;
      setDetail({ cancel: { busy: true } }, id);
      try {
        const { http, o } = await api();
        const r = await o.cancelMyOrder(http, id, reason.trim().slice(0, 500) || undefined);
        setDetail({ order: r.order, cancel: { done: r.outcome } }, id);
        list.update((xs) => xs.map((x) => (x.id === id ? r.order : x)));
        return true;
      } catch (e) {
        const app = e instanceof InlayApiError ? e.applicationError : undefined;
        const why = (app?.data as { reason?: string } | undefined)?.reason;
        const error =
          app?.code === 'CANNOT_CANCEL'
            ? t('acct.cantCancel', {
                reason: t(
                  `acct.why.${['CANCELED', 'FULFILLED', 'PARTIALLY_FULFILLED', 'REFUNDED', 'DECLINED'].includes(why ?? '') ? why : 'NOT_CANCELABLE'}` as keyof typeof strings,
                ),
              })
            : i18n().error(e);
        setDetail({ cancel: { error } }, id);
        return false;
      }
    },
  };
}

export type OrdersModel = ReturnType<typeof createOrdersModel>;

const models = new WeakMap<object, { visit: number; model: OrdersModel }>();
/**
 * The element's orders model for its `visit` (member session): kept while the element lives, so a tab switch keeps the
 * list and the open order; another sign-in on the page gets a new one (nothing of the previous member's shows).
 */
export function ordersModelOf(host: object, visit: number, make: () => OrdersModel): OrdersModel {
  let m = models.get(host);
  if (m?.visit !== visit) models.set(host, (m = { visit, model: make() }));
  return m.model;
}
