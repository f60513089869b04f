/**
 * Calls the spec names but the platform's generated clients mark internal (docs/wire.md "Payments: public and internal
 * calls"): the platform may refuse them to the site's app. Each is isolated: its refusal degrades only the action that
 * needs it, said as `NOT_AVAILABLE_HERE` (403, `data.action`: what the console does in the site's dashboard instead),
 * and an optional read that fails leaves the rest of the answer whole.
 *
 * A refusal is the platform saying no to the call itself: 403 (any code), 405, 501, or 404 without a code of the
 * call's own (a path the platform does not serve); it is certain that nothing was done. A 404 with the call's own code
 * (`ORDER_NOT_FOUND`) and every other failure are relayed as any platform call's are (app.ts `relay`): a lost answer of
 * a write stays a lost answer.
 */
import { InlayApiError } from '../core/errors.ts';
import type { RequestOptions } from '../core/http.ts';
import type { Kit } from './context.ts';
import { CompanionError } from './errors.ts';

/** What the console offers that rests on an internal call (its words say where to do it instead). */
export type InternalAction =
  'refund' | 'markAsPaid' | 'manualPayment' | 'bulkMarkAsPaid' | 'orderStatus' | 'summary' | 'editNote' | 'deleteNote';

/** 404 codes that say "no such path" rather than "no such record". */
const NO_SUCH_CALL = new Set(['NOT_FOUND', '404', '']);

/** Whether the platform refused the call itself (nothing done): see the module's comment. */
export function refusedCall(e: unknown): e is InlayApiError {
  if (!(e instanceof InlayApiError) || e.kind !== 'http') return false;
  if (e.status === 403 || e.status === 405 || e.status === 501) return true;
  return e.status === 404 && NO_SUCH_CALL.has(e.applicationError?.code ?? '');
}

/** The companion's answer when the platform refused an internal call: 403 `NOT_AVAILABLE_HERE`. */
export const notAvailableHere = (action: InternalAction) =>
  new CompanionError(
    403,
    'NOT_AVAILABLE_HERE',
    'The platform does not let the site’s app do this; do it in the site’s dashboard',
    { data: { action } },
  );

/**
 * An internal call as the admin identity: its refusal is {@link notAvailableHere} (logged once per call, without
 * anything secret), anything else as `asAdmin`.
 */
export async function internal<T>(kit: Kit, action: InternalAction, what: string, o: RequestOptions<T>): Promise<T> {
  try {
    return await kit.platform.admin.request(o);
  } catch (e) {
    if (refusedCall(e)) {
      kit.log(`[companion] the platform refused ${what} (${e.status}): ${action} is left to the site's dashboard`);
      throw notAvailableHere(action);
    }
    return kit.relay(e, what);
  }
}

/** An optional read's outcome: its answer, or why it is missing (`REFUSED`: by the platform, for good; `FAILED`: this time). */
export type Optional<T> = { ok: true; value: T } | { ok: false; why: 'REFUSED' | 'FAILED' };

/** An optional internal read: never throws for the platform's sake; the caller shows the rest without it. */
export async function optionalRead<T>(kit: Kit, what: string, o: RequestOptions<T>): Promise<Optional<T>> {
  try {
    return { ok: true, value: await kit.platform.admin.request({ ...o, kind: 'read' }) };
  } catch (e) {
    if (!(e instanceof InlayApiError)) throw e;
    const why = refusedCall(e) ? 'REFUSED' : 'FAILED';
    kit.log(
      `[companion] platform ${what} ${why === 'REFUSED' ? 'refused' : 'failed'}: ${e.kind} ${e.status || ''}`.trim(),
    );
    return { ok: false, why };
  }
}
