/**
 * `POST /oauth2/token` (docs/spec/wire-protocol.md §1): camelCase request (JSON or form-urlencoded), snake_case
 * response. Grant `client_credentials` (docs/spec/wire-protocol.md §11.6, "Make Admin API Calls with Client
 * Credentials"): the OAuth client's id and secret, snake_case as the docs and the SDK's AppStrategy send them, for an
 * admin access token.
 */
import { z } from 'zod';
import { adminOps, ops } from '../../core/urls.ts';
import {
  clientSecretMatches,
  consumeAuthorizationCode,
  getClient,
  issueAdminToken,
  issueMemberTokens,
  issueVisitorTokens,
  refreshAccessToken,
  tokenInfo,
} from '../domain/auth.ts';
import { badRequestApp, unauthorized } from '../errors.ts';
import { clientAddress } from '../domain/identity.ts';
import type { RouteModule } from '../router.ts';
import { validate } from '../validate.ts';

export const SUPPORTED_GRANTS = ['anonymous', 'refresh_token', 'authorization_code', 'client_credentials'] as const;

const grantSchema = z.object({ grantType: z.enum(SUPPORTED_GRANTS) });
const clientId = z.string().min(1).max(200);
const anonymousSchema = z.object({ clientId });
const refreshSchema = z.object({ refreshToken: z.string().min(1).max(1000), clientId: clientId.optional() });
const clientCredentialsSchema = z.object({
  clientId,
  clientSecret: z.string().min(1).max(500),
  // the SDK's AppStrategy sends the app instance it acts on; a headless project has one site, so any is this one
  instanceId: z.string().max(200).optional(),
});
const codeSchema = z.object({
  clientId,
  code: z.string().min(1).max(1000),
  // PKCE verifier (RFC 7636): 43 to 128 characters from letters, digits and -._~
  codeVerifier: z
    .string()
    .min(43)
    .max(128)
    .regex(/^[A-Za-z0-9\-._~]+$/),
  redirectUri: z.string().max(2000).optional(),
});

// Form posts sometimes use the OAuth snake_case names; accept them as aliases.
const ALIASES: Record<string, string> = {
  grant_type: 'grantType',
  client_id: 'clientId',
  refresh_token: 'refreshToken',
  code_verifier: 'codeVerifier',
  redirect_uri: 'redirectUri',
  client_secret: 'clientSecret',
  instance_id: 'instanceId',
};

function normalize(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [snake, camel] of Object.entries(ALIASES)) {
    if (out[camel] === undefined && out[snake] !== undefined) out[camel] = out[snake];
  }
  return out;
}

const tokenInfoSchema = z.object({ token: z.string().min(1).max(2000) });

export const oauthRoutes: RouteModule = (router, app) => {
  // Who a token stands for. Like the token endpoint it takes no Authorization: the token itself is the question, and
  // an unknown, expired or revoked one is answered `{active: false}` (never a 401), so it tells nothing else.
  // `POST /oauth2/token-info` (docs/wire.md "Token info"): the platform's TokenInfo, `{token}` in the body
  router.operation(adminOps.tokenInfo, (ctx) => {
    const { token } = validate(tokenInfoSchema, ctx.body);
    return { json: tokenInfo(ctx.db, token, ctx.now()), headers: { 'Cache-Control': 'no-store' } };
  });

  router.operation(
    ops.token,
    (ctx) => {
      const body = normalize(ctx.body);
      const { grantType } = validate(grantSchema, body);
      const nowMs = ctx.now();
      const ttl = app.accessTokenTtlSeconds;
      const headers = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

      if (grantType === 'anonymous') {
        const req = validate(anonymousSchema, body);
        if (!getClient(ctx.db, req.clientId))
          throw badRequestApp('INVALID_CLIENT', `Unknown client id: ${req.clientId}`);
        // Every anonymous grant makes a visitor: bounded per caller address (429 with Retry-After beyond).
        app.rateLimiter.take([[`anonymous:${clientAddress(ctx.req)}`, app.throttle.anonymousTokensPerAddress]], nowMs);
        const { visitorId: _visitorId, ...tokens } = issueVisitorTokens(ctx.db, req.clientId, nowMs, ttl);
        return { json: tokens, headers };
      }

      if (grantType === 'refresh_token') {
        const req = validate(refreshSchema, body);
        const result = refreshAccessToken(ctx.db, req.refreshToken, req.clientId, nowMs, ttl);
        if (result === 'INVALID_REFRESH_TOKEN')
          throw badRequestApp('INVALID_REFRESH_TOKEN', 'Invalid, expired or revoked refresh token');
        if (result === 'CLIENT_MISMATCH')
          throw badRequestApp('INVALID_REFRESH_TOKEN', 'Refresh token was issued to another client');
        return { json: result, headers };
      }

      if (grantType === 'client_credentials') {
        const req = validate(clientCredentialsSchema, body);
        // RFC 6749 §5.2: failed client authentication is invalid_client with 401; an unknown client and a wrong (or
        // another client's) secret answer alike, so the answer tells nothing about which client ids exist
        if (!clientSecretMatches(ctx.db, req.clientId, req.clientSecret))
          throw unauthorized('Invalid client id or client secret', 'INVALID_CLIENT');
        return { json: issueAdminToken(ctx.db, req.clientId, nowMs, ttl), headers };
      }

      const req = validate(codeSchema, body);
      const client = getClient(ctx.db, req.clientId);
      if (!client) throw badRequestApp('INVALID_CLIENT', `Unknown client id: ${req.clientId}`);
      // a redirectUri, when sent, is one of the client's registered URIs exactly (docs/spec/wire-protocol.md §11.2),
      // and the same as the authorization request's (consumeAuthorizationCode); the code stays unused when it is not
      if (req.redirectUri !== undefined && !client.redirectUris.includes(req.redirectUri))
        throw badRequestApp('INVALID_GRANT', "redirectUri is not one of the client's registered redirect URIs");
      const exchange = consumeAuthorizationCode(ctx.db, req, nowMs);
      if (!exchange.ok) throw badRequestApp(exchange.code, exchange.message);
      const tokens = issueMemberTokens(
        ctx.db,
        { clientId: req.clientId, memberId: exchange.memberId, visitorId: exchange.visitorId },
        nowMs,
        ttl,
      );
      return { json: tokens, headers };
    },
    { form: true },
  );
};
