import type { Order } from '../../../../core/api/orders.ts';
import { cancelOrder, declineCancelRequest } from '../../../../core/api/admin-orders.ts';
import { paymentsView, refund } from '../../../../core/api/admin-payments.ts';
import { InlayApiError } from '../../../../core/errors.ts';
import type { Http } from '../../../../core/http.ts';
import type { AdminOrdersModel } from '../model.ts';

export { awaitsAnswer, cancelRequestOf } from '../../../../core/api/cancel-requests.ts';

/** What the owner chose when approving: refund the payment in full first, restock, email the buyer. */
export interface Approval {
  refund: boolean;
  restock: boolean;
  sendEmail: boolean;
}

const notRefunded = () =>
  new InlayApiError({
    kind: 'http',
    status: 409,
    message: 'The payment could not be fully refunded',
    applicationError: { code: 'REFUND_NOT_MADE' },
  });

/**
 * Every payment refunded in full through the payments routes (what each has left, no restock, no email: the cancel
 * does those). It must end fully refunded (or nothing paid), else `REFUND_NOT_MADE`: a payment refunded only outside the
 * platform, a refused refundability or refund, a provider's failure. A second try finds nothing left to refund.
 */
async function refundAll(h: Http, id: string): Promise<void> {
  try {
    let v = await paymentsView(h, id);
    for (const r of v.refundabilities) {
      if (r.refundabilityStatus !== 'REFUNDABLE') continue;
      const out = await refund(h, id, v.revision, {
        paymentId: r.paymentId,
        restock: { type: 'NO_ITEMS' },
        sendEmail: false,
        reason: 'Cancellation request approved',
      });
      if (out.failed) throw notRefunded();
      v = out;
    }
    const paid = Number(v.order.balanceSummary?.paid?.amount ?? '0');
    if (v.order.paymentStatus !== 'FULLY_REFUNDED' && paid > 0) throw notRefunded();
  } catch (e) {
    throw e instanceof InlayApiError && e.applicationError?.code === 'REFUND_NOT_MADE' ? e : notRefunded();
  }
}

/**
 * Approve the buyer's cancellation request: the refund first when chosen (nothing is canceled when it fails), then the
 * cancel with the restock and email choices (the companion removes the request's tag). One action of the detail.
 */
export const approveRequest = (model: AdminOrdersModel, c: Approval) =>
  model.run('approve', async (h, id) => {
    if (c.refund) await refundAll(h, id);
    return cancelOrder(h, id, { sendEmail: c.sendEmail, restock: c.restock });
  });

/** Decline it: a merchant comment records it (with the owner's note), the tag goes; the member's account says so. */
export const declineRequest = (model: AdminOrdersModel, note: string) =>
  model.run('decline', (h, id) => declineCancelRequest(h, id, note.trim() || undefined));

/** Units a cancel with restock would give back (what a refund or an edit put back already is not counted). */
export const restockable = (o: Order) =>
  o.lineItems.reduce((n, l) => n + Math.max(0, l.quantity - (l.restockQuantity ?? 0)), 0);
