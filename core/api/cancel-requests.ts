/**
 * A member's request to cancel a paid order, as it lives on the platform (issue 38; docs/wire.md "Order activities and
 * cancellation requests", docs/companion.md "Member orders"): the platform adds no custom activities any more
 * (AddActivities takes merchant comments only), so the site companion writes the request as a merchant comment in a
 * form it recognises again, and puts a private tag on the order for the owner console to find. A decline is a merchant
 * comment too. Shared by the companion (which writes and reads them) and the owner console (which shows them); no
 * imports, no state.
 */

/** The private tag (`tags.privateTags.tagIds`) an order carries while its buyer's request waits for the owner. */
export const CANCEL_REQUEST_TAG = 'cancellation-requested';

const REQUESTED = 'Cancellation requested by the buyer';
const DECLINED = 'Cancellation request declined by the shop';

/** The merchant comment that records the request (the buyer's reason after a colon). */
export const requestComment = (reason?: string) => (reason ? `${REQUESTED}: ${reason}` : `${REQUESTED}.`);
/** The merchant comment that records the owner's decline (the owner's own note after a colon: never shown to the buyer). */
export const declineComment = (note?: string) => (note ? `${DECLINED}: ${note}` : `${DECLINED}.`);

interface ActivityLike {
  type?: string | undefined;
  merchantComment?: { message?: unknown } | undefined;
  customActivity?: { type?: unknown; additionalData?: unknown } | undefined;
}

/** What one activity says about a cancellation request: asked (with the buyer's reason), declined, or nothing. */
export function cancelActivity(
  a: ActivityLike,
): { kind: 'REQUESTED'; reason?: string } | { kind: 'DECLINED' } | undefined {
  // a request made before issue 38, as a custom activity (still on orders that have one)
  if (a.type === 'CUSTOM_ACTIVITY' && a.customActivity?.type === 'Cancellation requested') {
    const reason = (a.customActivity.additionalData as { reason?: unknown } | undefined)?.reason;
    return typeof reason === 'string' && reason ? { kind: 'REQUESTED', reason } : { kind: 'REQUESTED' };
  }
  const m = a.type === 'MERCHANT_COMMENT' ? a.merchantComment?.message : undefined;
  if (typeof m !== 'string') return undefined;
  if (m === `${REQUESTED}.`) return { kind: 'REQUESTED' };
  if (m.startsWith(`${REQUESTED}: `)) return { kind: 'REQUESTED', reason: m.slice(REQUESTED.length + 2) };
  if (m === `${DECLINED}.` || m.startsWith(`${DECLINED}: `)) return { kind: 'DECLINED' };
  return undefined;
}

interface OrderLike {
  status?: string | undefined;
  activities?: readonly ActivityLike[] | undefined;
  tags?: unknown;
}

/** The order's private tags (only strings). */
export const privateTags = (o: object): string[] => {
  const ids = ((o as OrderLike).tags as { privateTags?: { tagIds?: unknown } } | undefined)?.privateTags?.tagIds;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
};
export const hasRequestTag = (o: object) => privateTags(o).includes(CANCEL_REQUEST_TAG);

/**
 * The order's cancellation request now: the last activity that says something decides (a request after a decline is
 * asked again); with none, the private tag alone counts as asked. `reason`: the buyer's, when given.
 */
export function cancelRequestOf(o: object): { state: 'REQUESTED' | 'DECLINED'; reason?: string } | undefined {
  let last: ReturnType<typeof cancelActivity>;
  for (const a of (o as OrderLike).activities ?? []) last = cancelActivity(a) ?? last;
  if (last?.kind === 'DECLINED') return { state: 'DECLINED' };
  if (last) return last.reason ? { state: 'REQUESTED', reason: last.reason } : { state: 'REQUESTED' };
  return hasRequestTag(o) ? { state: 'REQUESTED' } : undefined;
}

/** A request the owner has still to answer: asked, and the order is neither canceled nor rejected. */
export const awaitsAnswer = (o: object) =>
  (o as OrderLike).status !== 'CANCELED' &&
  (o as OrderLike).status !== 'REJECTED' &&
  cancelRequestOf(o)?.state === 'REQUESTED';
