/**
 * The stored wire order (`orders.data`) and reading it: what orders.ts, payments.ts and commerce.ts share, in a module
 * that imports none of them (commerce places orders and their payments; orders and payments change them).
 */
import type { Database } from 'better-sqlite3';
import { notFound } from '../errors.ts';

/** The wire order, as placed by `placeOrder` (commerce.ts) and changed here. */
export interface WireOrder {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  buyerInfo: { memberId?: string; visitorId?: string; contactId?: string; email?: string };
  lineItems: {
    id: string;
    quantity: number;
    productName?: { original?: string };
    catalogReference?: { catalogItemId?: string; options?: { variantId?: string } };
    /** Units given back to stock so far (cancel, refund, edit): domain/inventory.ts `restockOrderLines`. */
    restockQuantity?: number;
  }[];
  priceSummary?: { total?: { amount?: string } };
  billingInfo?: { contactDetails?: { firstName?: string; lastName?: string } };
  activities: { id: string; type: string; createdDate: string; [k: string]: unknown }[];
  createdDate: string;
  updatedDate: string;
  [k: string]: unknown;
}

/** The order, or 404 `ORDER_NOT_FOUND`. */
export function loadOrder(db: Database, id: string): WireOrder {
  const r = db.prepare<[string], { data: string }>('SELECT data FROM orders WHERE id = ?').get(id);
  if (!r) throw notFound(`Order ${id} not found`, 'ORDER_NOT_FOUND', { orderId: id });
  return JSON.parse(r.data) as WireOrder;
}
