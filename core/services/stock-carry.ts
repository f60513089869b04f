/**
 * Carries the back-in-stock requests this browser made as a visitor over to the member at sign-in: every sign-in runs
 * through `carryOver` (member-login.ts), on any page, with or without `<inlay-back-in-stock>`. Only the caller that made
 * a request, or the member whose email it is, may read or delete it (emulator/routes/back-in-stock.ts), and signing in
 * changes the caller: so each request still waiting is deleted as the visitor first, then made again with the same
 * email once signed in (as the visitor again when the sign-in failed). One not made again keeps `id: ''`, and the
 * widget makes it when it shows the item. The saved list (core/stores/stock-saved.ts) is shared with the widget;
 * this stays apart from the widget's code, which then need not load on every page.
 */
import * as z from 'zod/mini';
import type { InlayClient } from '../client.ts';
import { InlayApiError, outcomeUnknown } from '../errors.ts';
import { createSavedStockRequests, type SavedStockRequest } from '../stores/stock-saved.ts';
import { api, route } from '../urls.ts';

type Client = Pick<InlayClient, 'config' | 'http' | 'tokens'>;
const one = z.object({ request: z.object({ id: z.string(), status: z.string() }) });
const is = (e: unknown, status: number) => e instanceof InlayApiError && e.status === status;

export async function carryOver<T>(c: Client, signIn: () => Promise<T>): Promise<T> {
  const saved = createSavedStockRequests(c.config.clientId);
  const { all } = saved;
  const put = (item: string, s?: SavedStockRequest) => (s ? saved.set(item, s) : saved.forget(item));

  for (const [item, s] of Object.entries(all())) {
    if (!s.id || !s.body) continue;
    let status: string;
    try {
      status = (await c.http.request({ ...route(api.getStockRequest, { id: s.id }), schema: one })).request.status;
    } catch (e) {
      if (is(e, 404)) put(item); // gone: nothing to carry; unknown (offline): it stays the visitor's
      continue;
    }
    if (status !== 'RECEIVED' && status !== 'PROCESSING') {
      put(item); // sent: nothing to carry
      continue;
    }
    try {
      await c.http.request({ ...route(api.deleteStockRequest, { id: s.id }), schema: z.object({}) });
    } catch (e) {
      if (is(e, 404)) put(item); // gone meanwhile
      if (!outcomeUnknown(e)) continue; // refused: it stays the visitor's
    }
    put(item, { ...s, id: '' });
  }
  try {
    return await signIn();
  } finally {
    for (const [item, s] of Object.entries(all())) {
      if (s.id || !s.body) continue;
      try {
        const { request } = await c.http.request({ ...api.createStockRequest, body: s.body, schema: one });
        // a member's requests live on the platform (the widget asks for them); a visitor's id is kept here
        put(item, c.tokens.isLoggedIn() ? undefined : { ...s, id: request.id });
      } catch (e) {
        if (!outcomeUnknown(e) && !is(e, 429)) put(item); // refused for good (the store stopped collecting, the item is gone)
      }
    }
  }
}
