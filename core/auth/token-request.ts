import * as z from 'zod/mini';
import { InlayApiError, fromResponse } from '../errors.ts';
import { send } from '../http.ts';
import { ops } from '../urls.ts';

/**
 * Token endpoint answer (snake_case, docs/spec/wire-protocol.md §1). `refresh_token` may be absent or null on
 * refresh.
 */
export const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.optional(z.nullable(z.string())),
  expires_in: z.number(),
  token_type: z.optional(z.string()),
  scope: z.optional(z.nullable(z.string())),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Token endpoint request (camelCase). */
export type TokenRequest =
  | { grantType: 'anonymous' }
  | { grantType: 'refresh_token'; refreshToken: string }
  | { grantType: 'authorization_code'; code: string; codeVerifier: string; redirectUri?: string };

const PREFIX = 'Failed to fetch tokens from OAuth API';
/** The token request's content type (the loader's early one sends the same form: widgets/start.ts). */
export const FORM = 'application/x-www-form-urlencoded';

/**
 * `POST {apiBase}/oauth2/token` with `{clientId, grantType, …}`, form-urlencoded: a CORS-safelisted content type, so
 * the browser sends it without a preflight (one round trip less before the page's first data; the platform takes the
 * same names in a form or in JSON, docs/spec/wire-protocol.md §1 and docs/wire.md). A non-200 answer throws an
 * `InlayApiError` whose message is the SDK's `Failed to fetch tokens from OAuth API: <statusText>.
 * request id: <id>. Response: <json>`. The body is never logged: it holds tokens.
 */
export async function requestTokens(
  opts: { apiBase: string; clientId: string; fetch?: typeof fetch; timeoutMs?: number },
  req: TokenRequest,
): Promise<TokenResponse> {
  let r: Awaited<ReturnType<typeof send>>;
  try {
    r = await send(
      opts.fetch ?? globalThis.fetch.bind(globalThis),
      'POST',
      opts.apiBase + ops.token.path,
      { 'Content-Type': FORM },
      // (a field left undefined is left out, as JSON would)
      new URLSearchParams(
        Object.entries({ clientId: opts.clientId, ...req }).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      opts.timeoutMs,
    );
  } catch (e) {
    if (e instanceof InlayApiError) e.message = `${PREFIX}: ${e.message}`;
    throw e;
  }
  const { res, data, requestId } = r;
  if (res.status !== 200) {
    const err = fromResponse(res.status, data, requestId);
    err.message = `${PREFIX}: ${res.statusText || res.status}. request id: ${requestId}. Response: ${JSON.stringify(data)}`;
    throw err;
  }
  const parsed = tokenResponseSchema.safeParse(data);
  if (!parsed.success) {
    throw new InlayApiError({
      message: `${PREFIX}: unexpected response. request id: ${requestId}`,
      kind: 'parse',
      status: 200,
      requestId,
    });
  }
  return parsed.data;
}
