import { atom } from 'nanostores';
import type { InlayContext } from '../../../../core/context.ts';
import { markOrdersPaid, updateTags } from '../../../../core/api/order-changes.ts';
import { markShipped } from '../../../../core/api/admin-fulfillments.ts';
import type { Order } from '../../../../core/api/orders.ts';
import type { AdminOrdersModel } from '../model.ts';
import { withTags } from '../words.ts';
import { InlayApiError } from '../../../../core/errors.ts';
import { bulkStrings } from './strings.ts';

/** A bulk action on the ticked orders: a tag added or removed, marked as paid, or marked as shipped. */
export type BulkAction = 'assign' | 'remove' | 'paid' | 'shipped';
/** What was asked (and confirmed): the action, its tag, and exactly the orders the confirmation named. */
export interface BulkAsk {
  action: BulkAction;
  tag?: string;
  ids: string[];
  /** `shipped`: the buyers emailed a shipping confirmation. */
  notify?: boolean;
}
/** One order the platform refused: its number, the refusal's code and its description (shown when the code is new). */
export interface BulkFailure {
  id: string;
  number: string;
  code: string;
  description?: string;
}
export interface BulkUi {
  /** The action under way (the buttons are disabled: never two at once). */
  busy?: BulkAsk;
  /** What the last action did: the orders changed and the ones refused, each with its reason. */
  result?: { ask: BulkAsk; done: string[]; failed: BulkFailure[] };
  /**
   * No answer, or the whole call refused: in words; the same action can be sent again (see `run`), unless `here`: the
   * platform does not let the site do it (403 `NOT_AVAILABLE_HERE`), so it is done in the site's dashboard.
   */
  error?: { ask: BulkAsk; text: string; here?: boolean };
}

/**
 * The list's bulk actions (loads with their chunk, view.tsx): tags through `POST admin/orders/tags` and mark as
 * paid through `POST admin/orders/mark-as-paid`, each order on its own. The orders that changed are updated in the
 * list and unticked; the refused ones stay ticked, with their reason. Sending again after a lost answer changes
 * nothing twice: a tag an order has is not added again, and an order already paid is refused (`ORDER_ALREADY_PAID`).
 */
export function createBulkModel(context: InlayContext, model: AdminOrdersModel) {
  const $bulk = atom<BulkUi>({});
  const order = (id: string) => model.$list.get().orders.find((o) => o.id === id);

  async function run(ask: BulkAsk) {
    if ($bulk.get().busy || !ask.ids.length) return false;
    $bulk.set({ busy: ask });
    try {
      const failed: BulkFailure[] = [];
      const done: string[] = [];
      const each = (id: string, ok: boolean, change: (o: Order) => Order, code = '', description?: string) => {
        const o = order(id);
        if (ok) {
          done.push(id);
          if (o) model.put(change(o));
        } else failed.push({ id, number: String(o?.number ?? id), code, description });
      };
      if (ask.action === 'paid') {
        const r = await markOrdersPaid(model.http(), ask.ids);
        for (const x of r.results)
          each(
            x.orderId,
            x.ok,
            (o) => ({ ...o, paymentStatus: x.paymentStatus ?? 'PAID' }),
            x.error?.code,
            x.error?.description,
          );
      } else if (ask.action === 'shipped') {
        // what is left of each order shipped: sent again after a lost answer, an order shipped finds nothing left
        const r = await markShipped(model.http(), { orderIds: ask.ids, notify: !!ask.notify });
        for (const x of r.results)
          each(
            x.orderId,
            x.ok,
            (o) => ({ ...o, fulfillmentStatus: x.fulfillmentStatus ?? 'FULFILLED' }),
            x.error?.code,
            x.error?.description,
          );
      } else {
        const tags = [ask.tag!];
        const r = await updateTags(model.http(), { orderIds: ask.ids, [ask.action]: tags });
        for (const x of r.results)
          each(x.id, x.ok, (o) => (ask.action === 'assign' ? withTags(o, tags, []) : withTags(o, [], tags)), x.code);
      }
      model.select(done, false);
      $bulk.set({ result: { ask, done, failed } });
      return true;
    } catch (e) {
      const t = context.i18n().strings(bulkStrings);
      const here = e instanceof InlayApiError && e.applicationError?.code === 'NOT_AVAILABLE_HERE';
      $bulk.set({
        error: here
          ? { ask, text: t('ob.here', { action: t('ob.paid') }), here }
          : { ask, text: context.i18n().error(e, true) },
      });
      return false;
    }
  }

  return { $bulk, run, dismiss: () => $bulk.set({}) };
}
export type BulkModel = ReturnType<typeof createBulkModel>;
