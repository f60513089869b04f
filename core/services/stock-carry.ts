/**
 * Carries the back-in-stock requests this browser made as a visitor over to the member at sign-in: every sign-in runs
 * through `carryOver` (member-login.ts), on any page, with or without `<inlay-back-in-stock>`. Nothing is sent: on the
 * platform a request belongs to its email, not to the token that made it, and only an admin identity may read or
 * delete one (docs/wire.md), so the request stays as it is and only this browser's record of it
 * (core/stores/stock-saved.ts) becomes the member's: the member sees it, and after a sign-out the next visitor does
 * not. A failed sign-in changes nothing. Kept apart from the widget's code, which then need not load on every page.
 */
import type { InlayClient } from '../client.ts';
import { createSavedStockRequests } from '../stores/stock-saved.ts';

type Client = Pick<InlayClient, 'config' | 'tokens'>;

export async function carryOver<T>(c: Client, signIn: () => Promise<T>): Promise<T> {
  const signedIn = await signIn();
  if (c.tokens.isLoggedIn()) createSavedStockRequests(c.config.clientId).carry();
  return signedIn;
}
