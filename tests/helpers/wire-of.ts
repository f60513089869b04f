import { createHttp, type Http } from '../../core/http.ts';

/** A platform request as it goes on the wire: method, path with its query, JSON body (absent for none). */
export interface WireRead {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * What the core's own builder `call` puts on the wire: the http layer with a fetch that records the request and
 * answers 400 (so nothing is retried).
 */
export async function wireOf(call: (http: Http) => Promise<unknown>): Promise<WireRead> {
  let got: WireRead | undefined;
  const http = createHttp({
    config: { apiBase: 'https://api.test' },
    getAccessToken: async () => 'token',
    renewAfter401: async () => false,
    fetch: async (url, init) => {
      const u = new URL(String(url));
      got = {
        method: init?.method ?? 'GET',
        path: u.pathname + u.search,
        ...(init?.body === undefined ? {} : { body: JSON.parse(String(init.body)) }),
      };
      return new Response('{"message":"stop"}', { status: 400 });
    },
  });
  await call(http).catch(() => undefined);
  if (!got) throw new Error('nothing sent');
  return got;
}
