import {
  deleteFulfilment,
  editFulfilment,
  fulfil,
  fulfilmentRevision,
  type FulfilAnswer,
  type Tracking,
} from '../../../../core/api/admin-fulfillments.ts';
import type { Fulfillment, Order } from '../../../../core/api/orders.ts';
import type { Http } from '../../../../core/http.ts';
import { CARRIERS } from '../../../../core/api/admin-fulfillments.ts';
import type { AdminOrdersModel } from '../model.ts';

export { CARRIERS, type FulfilAnswer, type Tracking } from '../../../../core/api/admin-fulfillments.ts';
export type { Fulfillment } from '../../../../core/api/orders.ts';

/** A line of the order still to ship: its quantity left (the physical lines; an order of none: every line). */
export interface LineLeft {
  id: string;
  name: string;
  left: number;
}

type Line = Order['lineItems'][number] & { itemType?: { preset?: string } };

/** What is left to ship of each line, from the shipments made (lines with nothing left are left out). */
export function linesLeft(o: Order, fs: readonly Fulfillment[]): LineLeft[] {
  const done = new Map<string, number>();
  for (const f of fs) for (const l of f.lineItems ?? []) done.set(l.id, (done.get(l.id) ?? 0) + (l.quantity ?? 0));
  const lines = o.lineItems as Line[];
  const physical = lines.filter((l) => (l.itemType?.preset ?? 'PHYSICAL') === 'PHYSICAL');
  return (physical.length ? physical : lines)
    .map((l) => ({
      id: l.id,
      name: l.productName?.translated ?? l.productName?.original ?? '',
      left: l.quantity - (done.get(l.id) ?? 0),
    }))
    .filter((l) => l.left > 0);
}

/** A link the console sends: empty, or an absolute http(s) URL (the companion refuses anything else). */
export const goodLink = (s: string) => {
  if (!s) return true;
  try {
    return /^https?:$/.test(new URL(s).protocol) && !/\s/.test(s);
  } catch {
    return false;
  }
};

/** The carriers' own names (not translated); any other is the owner's, typed. */
export const NAMES: Record<(typeof CARRIERS)[number], string> = {
  fedex: 'FedEx',
  ups: 'UPS',
  usps: 'USPS',
  dhl: 'DHL',
  canadaPost: 'Canada Post',
};
export const known = (p: string | undefined): p is keyof typeof NAMES => !!p && Object.hasOwn(NAMES, p);
export const carrierName = (p: string | undefined) => (known(p) ? NAMES[p] : (p ?? ''));

/** A line's product name in the order (translated when it is). */
export const lineName = (o: Order, lineId: string) => {
  const l = o.lineItems.find((x) => x.id === lineId);
  return l?.productName?.translated ?? l?.productName?.original ?? '';
};

/** What a form's check found wrong (a string key of the panel). */
export type Wrong = 'af.needLines' | 'af.badLink';

/** The tracking a form holds, in the companion's words (an empty field: none). */
export function trackingOf(form: HTMLFormElement): Tracking {
  const v = (n: string) => ((form.elements.namedItem(n) as HTMLInputElement | null)?.value ?? '').trim();
  const carrier = v('carrier') === 'other' ? v('otherName') : v('carrier');
  return { carrier, number: v('number'), link: v('link') };
}

/** A tracking form's tracking, or what is wrong with it. */
export function trackingCheck(form: HTMLFormElement): { tracking: Tracking; wrong?: Wrong } {
  const tracking = trackingOf(form);
  return { tracking, wrong: goodLink(tracking.link ?? '') ? undefined : 'af.badLink' };
}

/** A new shipment as its form holds it (the quantities of the lines left, the tracking, the email), or what is wrong. */
export function shipmentOf(
  form: HTMLFormElement,
  left: readonly LineLeft[],
):
  | { wrong: Wrong }
  | { wrong?: undefined; lines: { lineItemId: string; quantity: number }[]; tracking: Tracking; notify: boolean } {
  const lines = left
    .map((l) => ({
      lineItemId: l.id,
      quantity: Number((form.elements.namedItem(`q-${l.id}`) as HTMLInputElement | null)?.value ?? 0),
    }))
    .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
  const tracking = trackingOf(form);
  const wrong = !lines.length ? 'af.needLines' : !goodLink(tracking.link ?? '') ? 'af.badLink' : undefined;
  if (wrong) return { wrong };
  const notify = (form.elements.namedItem('notify') as HTMLInputElement).checked;
  return { lines, tracking, notify };
}

/**
 * The open order's shipments changed through the orders model's one-action-at-a-time `run` (busy, failure in words,
 * the order read again when refused): the answer's shipments replace the detail's, its order the list's and the
 * detail's. Each change carries the revision of the shipments shown; a lost answer is settled by reading the order
 * again (the change landed when its shipments moved), never by sending it again.
 */
export function fulfilActions(model: AdminOrdersModel, onMail: (m: FulfilAnswer['email']) => void) {
  const shown = () => model.$detail.get()?.fulfillments ?? [];
  const run = (on: string, call: (h: Http, id: string, revision: string) => Promise<FulfilAnswer>) => {
    const before = fulfilmentRevision(shown());
    return model.run(
      on,
      async (h, id) => {
        const r = await call(h, id, before);
        const d = model.$detail.get();
        if (d?.id === id) model.$detail.set({ ...d, fulfillments: r.fulfillments });
        onMail(r.email);
        return { order: r.order };
      },
      () => fulfilmentRevision(shown()) !== before,
    );
  };
  return {
    ship: (lines: { lineItemId: string; quantity: number }[], tracking: Tracking, notify: boolean) =>
      run('ship', (h, id, revision) => fulfil(h, id, { revision, lines, tracking, notify })),
    track: (fid: string, tracking: Tracking) =>
      run(`track:${fid}`, (h, id, revision) => editFulfilment(h, id, fid, { revision, tracking })),
    unship: (fid: string) => run(`unship:${fid}`, (h, id) => deleteFulfilment(h, id, fid)),
  };
}
