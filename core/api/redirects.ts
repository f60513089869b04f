import * as z from 'zod/mini';
import type { Http } from '../http.ts';
import { ops } from '../urls.ts';
import { httpUrl } from '../safe-url.ts';

const sessionSchema = z.object({ redirectSession: z.object({ id: z.optional(z.string()), fullUrl: z.string() }) });

/** Create a redirect session (any intent: sign-in, logout, the member account page); returns its `fullUrl`, which must be http(s). */
export async function redirectSession(http: Http, body: unknown): Promise<string> {
  const r = await http.request({ ...ops.redirectSession, body, schema: sessionSchema });
  const url = r.redirectSession.fullUrl;
  if (!httpUrl(url)) throw new Error('Invalid redirect URL');
  return url;
}
