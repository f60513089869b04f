import type { InlayContext } from '../../../core/context.ts';
import { companionHttp } from '../../../core/api/companion.ts';
import { pendingMembers } from '../../../core/api/admin-members.ts';

/** How many sign-ups wait for the owner's approval (the console reads it once when it opens, for the Members tab). */
export const readPending = (context: InlayContext) => pendingMembers(companionHttp(context.client, location.href));
