/**
 * The one URL table: `api`, every platform operation the widgets use (defined in ops.ts, one export each), and
 * `adminApi`, the ones only an admin identity calls.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  path: string;
  fallbackPath?: string;
}

export * as api from './ops.ts';
import type * as ops from './ops.ts';

/**
 * Operations only an admin identity may call and no browser code calls: the site companion's and the emulator's. Kept
 * out of {@link api} so the browser's core chunk does not carry them (an unused export is dropped from the bundle; a
 * table is kept whole).
 */
export const adminApi = {
  // who a token stands for, and the site's contacts: the site companion's identity checks and a visitor's review
  // (docs/wire.md "Token info" and "Contacts"; the platform serves these to an admin identity only)
  tokenInfo: { method: 'POST', path: '/oauth2/token-info' },
  createContact: { method: 'POST', path: '/contacts/v4/contacts' },
  queryContacts: { method: 'POST', path: '/contacts/v4/contacts/query' },
  getContact: { method: 'GET', path: '/contacts/v4/contacts/{id}' },
  // eCommerce orders (`@wix/auto_sdk_ecom_orders`; docs/wire.md "Orders").
  getOrder: { method: 'GET', path: '/ecom/v1/orders/{id}' },
  searchOrders: { method: 'POST', path: '/ecom/v1/orders/search' },
  cancelOrder: { method: 'POST', path: '/ecom/v1/orders/{id}/cancel' },
  addOrderActivity: { method: 'POST', path: '/ecom/v1/orders/{id}/activities' },
  listOrderFulfillments: { method: 'GET', path: '/ecom/v1/fulfillments/orders/{orderId}' },
  createFulfillment: { method: 'POST', path: '/ecom/v1/fulfillments/orders/{orderId}/create-fulfillment' },
  // Order management for the owner console (issue 22, helper O; docs/wire.md "Orders: owner console").
  updateOrderStatus: { method: 'POST', path: '/ecom/v1/orders/{orderId}/update-status' },
  updateOrderActivity: { method: 'PATCH', path: '/ecom/v1/orders/{id}/activities/{activityId}' },
  deleteOrderActivity: { method: 'DELETE', path: '/ecom/v1/orders/{id}/activities/{activityId}' },
  bulkUpdateOrderTags: { method: 'POST', path: '/ecom/v1/bulk/orders/update-tags' },
  aggregateOrders: { method: 'POST', path: '/ecom/v1/orders/aggregate' },
  commitOrderDeltas: { method: 'POST', path: '/ecom/v1/orders/{id}/commit-deltas' },
  // abandoned checkouts (`@wix/auto_sdk_ecom_abandoned-checkouts`; docs/wire.md "Abandoned checkouts")
  queryAbandonedCheckouts: { method: 'POST', path: '/ecom/v1/abandoned-checkout/query' },
  searchAbandonedCheckouts: { method: 'POST', path: '/ecom/v1/abandoned-checkout/search' },
  getAbandonedCheckout: { method: 'GET', path: '/ecom/v1/abandoned-checkout/{abandonedCheckoutId}' },
  addAbandonedCheckoutActivity: {
    method: 'POST',
    path: '/ecom/v1/abandoned-checkouts/{abandonedCheckoutId}/add-activity',
  },
  redirectToAbandonedCheckout: {
    method: 'GET',
    path: '/ecom/v1/abandoned-checkout/{abandonedCheckoutId}/redirect-to-checkout',
  },
  // payments: order transactions (`@wix/auto_sdk_ecom_order-transactions`) and the payments collector
  // (`@wix/auto_sdk_ecom_orders`); docs/wire.md "Payments".
  listOrderTransactions: { method: 'GET', path: '/ecom/v1/payments/orders/{orderId}' },
  getPaymentCollectability: {
    method: 'GET',
    path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/payment-collectability-status',
  },
  recordManualPayment: { method: 'POST', path: '/ecom/v1/payments-collector/orders/{orderId}/manual-payment' },
  markOrderAsPaid: { method: 'POST', path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/mark-as-paid' },
  bulkMarkOrdersAsPaid: { method: 'POST', path: '/ecom/v1/bulk/payments-collector/mark-as-paid' },
  getRefundability: { method: 'GET', path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/refundability' },
  triggerRefund: { method: 'POST', path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/trigger-refund' },
  voidAuthorizedPayments: {
    method: 'POST',
    path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/void-authorized-payments',
  },
  captureAuthorizedPayments: {
    method: 'POST',
    path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/capture-authorized-payments',
  },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof ops;

/** Fill `{name}` parameters (URL-encoded) of an operation: `route(api.getReview, {id})`. */
export function route(operation: Operation, params: Record<string, string> = {}): Operation {
  const fill = (p: string) =>
    p.replace(/\{(\w+)\}/g, (_, k: string) => {
      const v = params[k];
      if (v === undefined) throw new Error(`Missing path parameter: ${k}`);
      return encodeURIComponent(v);
    });
  const { method, path, fallbackPath } = operation;
  return fallbackPath ? { method, path: fill(path), fallbackPath: fill(fallbackPath) } : { method, path: fill(path) };
}
