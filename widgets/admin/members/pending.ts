import { atom } from 'nanostores';
import type { InlayContext } from '../../../core/context.ts';
import { companionHttp } from '../../../core/api/companion.ts';
import { pendingMembers } from '../../../core/api/admin-members.ts';

/** How many sign-ups wait for the owner's approval, as last read (the Members tab shows it). */
export const $pending = atom(0);

/**
 * Reads the count again: once when the console opens, and after each action of the members section that can change
 * it (a failure leaves the last count).
 */
export const readPending = (context: InlayContext) =>
  pendingMembers(companionHttp(context.client, location.href)).then(
    (n) => $pending.set(n),
    () => undefined,
  );
