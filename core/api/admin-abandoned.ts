/**
 * The owner console's abandoned checkouts, through the site companion (docs/companion.md "Owner console: abandoned
 * checkouts"; companion/admin-abandoned.ts). Owner only: anyone else gets 403 `NOT_OWNER`. Only the console's
 * abandoned-checkouts chunk imports this file.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type CompanionRoutes } from './companion.ts';

const str = z.optional(z.string());
/** Why no recovery email may go now (the companion's `Reason`). */
export type RecoveryReason =
  'RECOVERED' | 'NO_BUYER_EMAIL' | 'NO_RECOVERY_LINK' | 'RECENTLY_SENT' | 'MAIL_NOT_CONFIGURED' | (string & {});

const summary = {
  id: z.string(),
  status: z.string(),
  createdDate: str,
  ageSeconds: z.optional(z.number()),
  checkoutRecoveredDate: str,
  buyer: z.looseObject({ type: str, email: str, firstName: str, lastName: str }),
  value: z.looseObject({ amount: z.string(), formatted: z.string(), currency: str }),
  itemCount: z.number(),
  activities: z.array(z.looseObject({ type: str, createdDate: str })),
  lastEmailSentDate: str,
  recoveryEmail: z.looseObject({ canSend: z.boolean(), reason: str, allowedAfter: str }),
};
export const abandonedSummarySchema = z.looseObject(summary);
export const abandonedDetailSchema = z.looseObject({
  ...summary,
  lineItems: z.array(z.looseObject({ name: z.string(), quantity: z.number(), price: str, image: str })),
});
export type AbandonedSummary = z.infer<typeof abandonedSummarySchema>;
export type AbandonedDetail = z.infer<typeof abandonedDetailSchema>;

/** Newest first; `cursor` (the last page's `next`) reads on. */
const listAbandonedRoute = {
  method: 'POST',
  path: '/admin/abandoned-checkouts',
  kind: 'read',
  schema: z.looseObject({
    abandonedCheckouts: z.array(abandonedSummarySchema),
    mailConfigured: z.boolean(),
    next: str,
  }),
} as const;
/** One, with its lines (404 `NOT_FOUND`). */
const getAbandonedRoute = {
  method: 'GET',
  path: '/admin/abandoned-checkouts/{id}',
  schema: z.looseObject({ abandonedCheckout: abandonedDetailSchema }),
} as const;
/** Sends at once (confirm first). */
const sendRecoveryEmailRoute = {
  method: 'POST',
  path: '/admin/abandoned-checkouts/{id}/recovery-email',
  schema: z.looseObject({
    sent: z.boolean(),
    to: z.string(),
    recorded: z.boolean(),
    abandonedCheckout: abandonedDetailSchema,
  }),
} as const;

/** The owner's abandoned-checkout routes, their bodies in companion-requests.ts. */
export const adminAbandonedRoutes = [
  listAbandonedRoute,
  getAbandonedRoute,
  sendRecoveryEmailRoute,
] as const satisfies CompanionRoutes;

/** `POST admin/abandoned-checkouts`: newest first; `cursor` (the last page's `next`) reads on. */
export const listAbandoned = (http: Http, o: { status?: 'ABANDONED' | 'RECOVERED'; cursor?: string; limit?: number }) =>
  callRoute(http, listAbandonedRoute, {
    body: o.cursor ? { cursor: o.cursor, ...(o.limit ? { limit: o.limit } : {}) } : o,
  });

/** `GET admin/abandoned-checkouts/{id}`: one, with its lines (404 `NOT_FOUND`). */
export const getAbandoned = async (http: Http, id: string): Promise<AbandonedDetail> =>
  (await callRoute(http, getAbandonedRoute, { id })).abandonedCheckout;

/**
 * `POST admin/abandoned-checkouts/{id}/recovery-email`: sends at once (confirm first). 409 with
 * `ALREADY_RECOVERED`, `NO_BUYER_EMAIL`, `NO_RECOVERY_LINK`, `MAIL_NOT_CONFIGURED`, `RECENTLY_SENT` (`force` sends
 * anyway), `SEND_IN_PROGRESS`; 502 `MAIL_FAILED`.
 */
export const sendRecoveryEmail = (http: Http, id: string, force: boolean) =>
  callRoute(http, sendRecoveryEmailRoute, { id, body: force ? { force: true } : {} });
