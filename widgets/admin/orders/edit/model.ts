import type { Fulfillment, Order } from '../../../../core/api/orders.ts';
import {
  editOrder,
  previewEdit,
  type EditAddress,
  type EditPreview,
  type OrderEdit,
} from '../../../../core/api/order-changes.ts';
import type { AdminOrdersModel } from '../model.ts';

export const CONTACT = ['firstName', 'lastName'] as const;
export const PLACE = ['addressLine1', 'addressLine2', 'city', 'postalCode', 'subdivision', 'country'] as const;
export type Field = (typeof CONTACT)[number] | (typeof PLACE)[number];

/** The order's shipping destination as the form's fields. */
export function shipFields(o: Order): Record<Field, string> {
  const dest = o.shippingInfo?.logistics?.shippingDestination;
  const a = (dest?.address ?? {}) as Record<string, unknown>;
  const c = (dest?.contactDetails ?? {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    firstName: s(c['firstName']),
    lastName: s(c['lastName']),
    addressLine1: s(a['addressLine1'] ?? a['addressLine']),
    addressLine2: s(a['addressLine2']),
    city: s(a['city']),
    postalCode: s(a['postalCode']),
    subdivision: s(a['subdivision']),
    country: s(a['country']),
  };
}
/** What the confirmation shows, and the body it names. */
export interface Sure {
  body: OrderEdit;
  /** The edit priced as a draft order (its new total, and the balance to collect or refund). */
  preview: EditPreview['preview'];
  changed: { l: Order['lineItems'][number]; to: number }[];
  where: string;
  email: string;
}
export const lineName = (l: Order['lineItems'][number]) => l.productName?.translated ?? l.productName?.original ?? '';

/** How many of a line were shipped already (an edit may not go below). */
const fulfilledOf = (fulfillments: Fulfillment[] | undefined, lineId: string) =>
  (fulfillments ?? []).reduce(
    (n, f) => n + (f.lineItems ?? []).reduce((m, l) => m + (l.id === lineId ? (l.quantity ?? 0) : 0), 0),
    0,
  );

/**
 * The changes `typed` makes to the order as it is shown now (after a re-read too: what was typed is kept): each line
 * with its new quantity (NaN for an empty field: not 0, which would remove the line) and its least, the lines changed,
 * whether the address changed, and the address as it would be sent.
 */
export function planEdit(
  o: Order,
  fulfillments: Fulfillment[] | undefined,
  typed: { qty: Record<string, string>; ship: Record<Field, string> },
) {
  const lines = o.lineItems.map((l) => {
    const v = typed.qty[l.id];
    return {
      l,
      to: v === undefined ? l.quantity : v.trim() === '' ? NaN : Number(v),
      min: fulfilledOf(fulfillments, l.id),
    };
  });
  const shown = shipFields(o);
  const clean = (keys: readonly Field[]) =>
    Object.fromEntries(keys.map((k) => [k, typed.ship[k].trim()]).filter(([, v]) => v)) as Record<string, string>;
  const destination: EditAddress = {
    address: { ...clean(PLACE), country: typed.ship.country.trim().toUpperCase() },
    contactDetails: clean(CONTACT),
  };
  return {
    lines,
    changed: lines.filter((x) => x.to !== x.l.quantity),
    shipChanged: (Object.keys(shown) as Field[]).some((k) => typed.ship[k].trim() !== shown[k].trim()),
    destination,
  };
}

/**
 * The edit priced by the platform as a draft order, not applied (the companion's preview route), through the orders
 * model (one action at a time; the order as it is now comes with it; a refusal re-reads the order and is said in the
 * form). The preview, or undefined when it was refused or failed.
 */
export async function priceEdit(model: AdminOrdersModel, body: OrderEdit) {
  let got: EditPreview['preview'] | undefined;
  const ok = await model.run('preview', async (h, oid) => {
    const r = await previewEdit(h, oid, body);
    got = r.preview;
    return { order: r.order };
  });
  return ok ? got : undefined;
}

/** Minor units of an amount as the platform writes it ("-12.50" → -1250). */
export const centsOf = (m: { amount: string } | undefined) => (m ? Math.round(Number(m.amount) * 100) : 0);

/**
 * Send the edit the owner confirmed, through the orders model (one action at a time): the companion's edit route (a
 * draft order committed). True when it was made.
 */
export function saveEdit(model: AdminOrdersModel, body: OrderEdit) {
  const to = body.shippingAddress;
  return model.run(
    'change',
    (h, oid) => editOrder(h, oid, body),
    // a lost answer: the order read again tells whether the edit landed (it is never sent twice on our account):
    // every line's quantity and every field of the typed address
    (now) => {
      const there = shipFields(now);
      return (
        (body.lines ?? []).every((x) => (now.lineItems.find((l) => l.id === x.id)?.quantity ?? 0) === x.quantity) &&
        (!to ||
          (Object.keys(there) as Field[]).every((k) => {
            const side = (CONTACT as readonly Field[]).includes(k) ? to.contactDetails : to.address;
            const typed = (side as Record<string, string | undefined> | undefined)?.[k] ?? '';
            const has = there[k].trim();
            return k === 'country' ? has.toUpperCase() === typed : has === typed;
          }))
      );
    },
  );
}
