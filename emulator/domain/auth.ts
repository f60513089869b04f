/**
 * Identities, tokens and authorization codes. Tokens are opaque random strings; only their SHA-256 is stored.
 * Also password hashing (scrypt) for the identity routes.
 */
import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from 'better-sqlite3';
import { sha256Hex, stableId } from '../db.ts';
import { forbidden, unauthorized } from '../errors.ts';

/** Member roles (spec: authentication roles). */
export type MemberRole = 'MEMBER' | 'OWNER' | 'CONTRIBUTOR';

export interface VisitorIdentity {
  kind: 'visitor';
  visitorId: string;
  clientId: string;
}

export interface MemberIdentity {
  kind: 'member';
  memberId: string;
  role: MemberRole;
  /** The visitor the member signed in from, when known (for carrying a visitor cart over). */
  visitorId?: string;
  clientId: string;
}

/** Who is calling, from the access token. */
export type Identity = VisitorIdentity | MemberIdentity;

/**
 * An admin identity (docs/spec/wire-protocol.md §11.6), for backend code only: an access token of the
 * `client_credentials` grant (the OAuth client's id + secret) or the site's API key with `wix-site-id`. It stands for
 * the site itself: no visitor, no member, no cart.
 */
export interface AdminIdentity {
  kind: 'admin';
  via: 'client-credentials' | 'api-key';
  /** The OAuth client whose secret made the token (`client-credentials` only). */
  clientId?: string;
}

/** Any caller: a visitor or member token, or an admin identity. Routes that take admins ask `kind === 'admin'`. */
export type Caller = Identity | AdminIdentity;

/** Authorization codes live this long. */
export const AUTH_CODE_TTL_MS = 10 * 60 * 1000;

/** A new opaque token: 32 random bytes, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** base64url(sha256(verifier)), the PKCE S256 challenge. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

// ---------------------------------------------------------------------------------------------- clients

export interface OAuthClient {
  id: string;
  name: string;
  /** Origins for CORS and the non-authorization callbacks (the OAuth app's allowed redirect domains). */
  allowedOrigins: string[];
  /** Where a hosted sign-in may return, each compared exactly (the OAuth app's allowed authorization redirect URIs). */
  redirectUris: string[];
}

export function getClient(db: Database, clientId: string): OAuthClient | undefined {
  const row = db
    .prepare<[string], { id: string; name: string; allowed_origins: string; redirect_uris: string }>(
      'SELECT id, name, allowed_origins, redirect_uris FROM oauth_clients WHERE id = ?',
    )
    .get(clientId);
  return row
    ? {
        id: row.id,
        name: row.name,
        allowedOrigins: JSON.parse(row.allowed_origins) as string[],
        redirectUris: JSON.parse(row.redirect_uris) as string[],
      }
    : undefined;
}

/** Insert or update a client (its name, allowed origins and redirect URIs, none when left out). */
export function upsertClient(
  db: Database,
  client: Omit<OAuthClient, 'redirectUris'> & { redirectUris?: string[] },
  nowIso: string,
): void {
  db.prepare<[string, string, string, string, string]>(
    `INSERT INTO oauth_clients (id, name, allowed_origins, redirect_uris, created_date) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, allowed_origins = excluded.allowed_origins,
       redirect_uris = excluded.redirect_uris`,
  ).run(
    client.id,
    client.name,
    JSON.stringify(client.allowedOrigins),
    JSON.stringify(client.redirectUris ?? []),
    nowIso,
  );
}

/**
 * True when `uri` is one of the client's registered redirect URIs, character for character (the platform returns
 * "only if the exact URI is contained" in the OAuth app's `allowedRedirectUris`): no other path, query, trailing
 * slash, port or case.
 */
export function redirectUriRegistered(db: Database, clientId: string, uri: string): boolean {
  return getClient(db, clientId)?.redirectUris.includes(uri) ?? false;
}

/** Every registered client's id, sorted. */
export function listClientIds(db: Database): string[] {
  return db
    .prepare<[], { id: string }>('SELECT id FROM oauth_clients ORDER BY id')
    .all()
    .map((r) => r.id);
}

/** The union of every registered client's allowed origins (the CORS allow-list). */
export function allAllowedOrigins(db: Database): Set<string> {
  const rows = db.prepare<[], { allowed_origins: string }>('SELECT allowed_origins FROM oauth_clients').all();
  const out = new Set<string>();
  for (const r of rows) for (const o of JSON.parse(r.allowed_origins) as string[]) out.add(o);
  return out;
}

/** Set (or replace) a client's secret; only its SHA-256 is stored. */
export function setClientSecret(db: Database, clientId: string, secret: string): void {
  db.prepare<[string, string]>('UPDATE oauth_clients SET secret_hash = ? WHERE id = ?').run(
    sha256Hex(secret),
    clientId,
  );
}

/** True when `secret` is this client's secret (constant time); false for an unknown client or one without a secret. */
export function clientSecretMatches(db: Database, clientId: string, secret: string): boolean {
  const row = db
    .prepare<[string], { secret_hash: string | null }>('SELECT secret_hash FROM oauth_clients WHERE id = ?')
    .get(clientId);
  // compare even when there is nothing to compare with, so an unknown client takes as long as a wrong secret
  const expected = Buffer.from(row?.secret_hash ?? sha256Hex(randomBytes(16).toString('hex')), 'hex');
  const actual = Buffer.from(sha256Hex(secret), 'hex');
  return timingSafeEqual(expected, actual) && !!row?.secret_hash;
}

// ---------------------------------------------------------------------------------------------- tokens

/** The token endpoint's answer (snake_case on the wire). */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope?: string;
}

interface Subject {
  role: 'visitor' | 'member';
  clientId: string;
  visitorId: string | null;
  memberId: string | null;
}

const insertTokenSql = `INSERT INTO oauth_tokens
  (token_hash, kind, role, client_id, visitor_id, member_id, parent_hash, created_at, expires_at, revoked)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`;

function insertToken(
  db: Database,
  kind: 'access' | 'refresh',
  s: Subject,
  parentHash: string | null,
  nowMs: number,
  expiresAt: number | null,
): string {
  const token = newOpaqueToken();
  db.prepare<[string, string, string, string, string | null, string | null, string | null, number, number | null]>(
    insertTokenSql,
  ).run(sha256Hex(token), kind, s.role, s.clientId, s.visitorId, s.memberId, parentHash, nowMs, expiresAt);
  return token;
}

function issueAccessToken(
  db: Database,
  s: Subject,
  refreshToken: string,
  nowMs: number,
  ttlSeconds: number,
): TokenResponse {
  const access = insertToken(db, 'access', s, sha256Hex(refreshToken), nowMs, nowMs + ttlSeconds * 1000);
  return {
    access_token: access,
    refresh_token: refreshToken,
    expires_in: ttlSeconds,
    token_type: 'Bearer',
    ...(s.role === 'member' ? { scope: 'offline_access' } : {}),
  };
}

/** Create a visitor and its tokens (grant `anonymous`). */
export function issueVisitorTokens(
  db: Database,
  clientId: string,
  nowMs: number,
  ttlSeconds: number,
): TokenResponse & { visitorId: string } {
  return db.transaction(() => {
    const visitorId = randomUUID();
    db.prepare<[string, string, string]>('INSERT INTO visitors (id, client_id, created_date) VALUES (?, ?, ?)').run(
      visitorId,
      clientId,
      new Date(nowMs).toISOString(),
    );
    const s: Subject = { role: 'visitor', clientId, visitorId, memberId: null };
    const refresh = insertToken(db, 'refresh', s, null, nowMs, null);
    return { ...issueAccessToken(db, s, refresh, nowMs, ttlSeconds), visitorId };
  })();
}

/** Member tokens (grant `authorization_code`, or directly in tests). */
export function issueMemberTokens(
  db: Database,
  opts: { clientId: string; memberId: string; visitorId?: string | null },
  nowMs: number,
  ttlSeconds: number,
): TokenResponse {
  return db.transaction(() => {
    const s: Subject = {
      role: 'member',
      clientId: opts.clientId,
      visitorId: opts.visitorId ?? null,
      memberId: opts.memberId,
    };
    const refresh = insertToken(db, 'refresh', s, null, nowMs, null);
    return issueAccessToken(db, s, refresh, nowMs, ttlSeconds);
  })();
}

interface TokenRow {
  kind: 'access' | 'refresh';
  role: 'visitor' | 'member';
  client_id: string;
  visitor_id: string | null;
  member_id: string | null;
  expires_at: number | null;
  revoked: number;
  parent_revoked: number | null;
}

function findToken(db: Database, token: string): TokenRow | undefined {
  return db
    .prepare<[string], TokenRow>(
      `SELECT t.kind, t.role, t.client_id, t.visitor_id, t.member_id, t.expires_at, t.revoked, p.revoked AS parent_revoked
       FROM oauth_tokens t LEFT JOIN oauth_tokens p ON p.token_hash = t.parent_hash
       WHERE t.token_hash = ?`,
    )
    .get(sha256Hex(token));
}

/** Why a refresh failed, as an application error code. */
export type RefreshFailure = 'INVALID_REFRESH_TOKEN' | 'CLIENT_MISMATCH';

/** Grant `refresh_token`: a new access token for a live refresh token; the same refresh token is returned. */
export function refreshAccessToken(
  db: Database,
  refreshToken: string,
  clientId: string | undefined,
  nowMs: number,
  ttlSeconds: number,
): TokenResponse | RefreshFailure {
  const row = findToken(db, refreshToken);
  if (!row || row.kind !== 'refresh' || row.revoked) return 'INVALID_REFRESH_TOKEN';
  if (row.expires_at !== null && row.expires_at <= nowMs) return 'INVALID_REFRESH_TOKEN';
  if (clientId !== undefined && clientId !== row.client_id) return 'CLIENT_MISMATCH';
  if (row.role === 'member' && (!row.member_id || !memberIsActive(db, row.member_id))) return 'INVALID_REFRESH_TOKEN';
  const s: Subject = { role: row.role, clientId: row.client_id, visitorId: row.visitor_id, memberId: row.member_id };
  return issueAccessToken(db, s, refreshToken, nowMs, ttlSeconds);
}

/** Revoke a refresh token and the access tokens issued with it (logout). Returns whether it existed. */
export function revokeRefreshToken(db: Database, refreshToken: string): boolean {
  const hash = sha256Hex(refreshToken);
  const r = db
    .prepare<[string]>("UPDATE oauth_tokens SET revoked = 1 WHERE token_hash = ? AND kind = 'refresh'")
    .run(hash);
  db.prepare<[string]>('UPDATE oauth_tokens SET revoked = 1 WHERE parent_hash = ?').run(hash);
  return r.changes > 0;
}

/** Revoke one session by its refresh token's hash: the refresh token and every access token issued with it. */
export function revokeSession(db: Database, refreshHash: string): void {
  db.prepare<[string, string]>('UPDATE oauth_tokens SET revoked = 1 WHERE token_hash = ? OR parent_hash = ?').run(
    refreshHash,
    refreshHash,
  );
}

/** Revoke every token of a member (password reset, block, delete). */
export function revokeMemberTokens(db: Database, memberId: string): void {
  db.prepare<[string]>('UPDATE oauth_tokens SET revoked = 1 WHERE member_id = ?').run(memberId);
}

/**
 * Revoke every token of a member except one session: the refresh token whose hash is `keepRefreshHash` and the
 * access tokens issued with it (password change: the caller stays signed in, every other device is signed out).
 */
export function revokeOtherMemberTokens(db: Database, memberId: string, keepRefreshHash: string | null): void {
  db.prepare<[string, string, string]>(
    'UPDATE oauth_tokens SET revoked = 1 WHERE member_id = ? AND token_hash IS NOT ? AND parent_hash IS NOT ?',
  ).run(memberId, keepRefreshHash ?? '', keepRefreshHash ?? '');
}

/** The session (the hash of the refresh token) an access token belongs to, or null. */
export function sessionOfAccessToken(db: Database, accessToken: string | undefined): string | null {
  if (!accessToken) return null;
  return (
    db
      .prepare<[string], { parent_hash: string | null }>(
        "SELECT parent_hash FROM oauth_tokens WHERE token_hash = ? AND kind = 'access'",
      )
      .get(sha256Hex(accessToken))?.parent_hash ?? null
  );
}

/** True while a session (refresh token hash) is signed in: not revoked, and its member still active. */
export function sessionIsLive(db: Database, refreshHash: string | null | undefined, memberId: string): boolean {
  if (!refreshHash) return false;
  const row = db
    .prepare<[string], { member_id: string | null; revoked: number }>(
      "SELECT member_id, revoked FROM oauth_tokens WHERE token_hash = ? AND kind = 'refresh'",
    )
    .get(refreshHash);
  return !!row && row.revoked === 0 && row.member_id === memberId && !!memberIsActive(db, memberId);
}

function memberIsActive(db: Database, memberId: string): { role: MemberRole } | undefined {
  return db
    .prepare<[string], { role: MemberRole }>(
      "SELECT role FROM members WHERE id = ? AND status NOT IN ('BLOCKED', 'OFFLINE')",
    )
    .get(memberId);
}

/** Strip an optional `Bearer ` prefix (the SDK sends the raw token; some clients add the prefix). */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const v = header.trim();
  const m = /^Bearer\s+(.+)$/i.exec(v);
  const token = (m ? m[1] : v)?.trim();
  return token ? token : undefined;
}

/** Resolve an access token to an identity, or null when missing, unknown, revoked or expired. */
export function resolveAccessToken(db: Database, token: string | undefined, nowMs: number): Identity | null {
  if (!token) return null;
  const row = findToken(db, token);
  if (!row || row.kind !== 'access' || row.revoked || row.parent_revoked) return null;
  if (row.expires_at === null || row.expires_at <= nowMs) return null;
  if (row.role === 'visitor') {
    return row.visitor_id ? { kind: 'visitor', visitorId: row.visitor_id, clientId: row.client_id } : null;
  }
  if (!row.member_id) return null;
  const member = memberIsActive(db, row.member_id);
  if (!member) return null;
  return {
    kind: 'member',
    memberId: row.member_id,
    role: member.role,
    clientId: row.client_id,
    ...(row.visitor_id ? { visitorId: row.visitor_id } : {}),
  };
}

// ---------------------------------------------------------------------------------------------- admin identity

/** The `client_credentials` grant's answer: an access token only (RFC 6749 §4.4.3: no refresh token). */
export interface AdminTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** An admin access token for a client whose secret was checked (grant `client_credentials`). */
export function issueAdminToken(db: Database, clientId: string, nowMs: number, ttlSeconds: number): AdminTokenResponse {
  const token = newOpaqueToken();
  db.prepare<[string, string, number, number]>(
    'INSERT INTO admin_tokens (token_hash, client_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ).run(sha256Hex(token), clientId, nowMs, nowMs + ttlSeconds * 1000);
  return { access_token: token, token_type: 'Bearer', expires_in: ttlSeconds };
}

function resolveAdminToken(db: Database, token: string, nowMs: number): AdminIdentity | null {
  const row = db
    .prepare<[string], { client_id: string; expires_at: number }>(
      'SELECT client_id, expires_at FROM admin_tokens WHERE token_hash = ?',
    )
    .get(sha256Hex(token));
  return row && row.expires_at > nowMs ? { kind: 'admin', via: 'client-credentials', clientId: row.client_id } : null;
}

/**
 * Who is calling: the site's API key (with `wix-site-id`, see {@link apiKeyIdentity}), an admin token of the
 * `client_credentials` grant, or a visitor/member access token; null when there is no valid token.
 */
export function resolveCaller(
  db: Database,
  headers: IncomingHttpHeaders,
  apiKey: string | undefined,
  nowMs: number,
): Caller | null {
  const keyed = apiKeyIdentity(headers, apiKey);
  if (keyed) return keyed;
  const token = tokenFromHeader(headers.authorization);
  if (!token) return null;
  return resolveAdminToken(db, token, nowMs) ?? resolveAccessToken(db, token, nowMs);
}

/**
 * What `POST /oauth2/token-info` tells about an access token (docs/wire.md "Token info"): `active` false for a token
 * that is unknown, revoked, expired, a refresh token, or a blocked member's; else who it stands for (`VISITOR` with the
 * visitor id, `MEMBER` with the member id, `APP` with the client id for a `client_credentials` token), its issue and
 * expiry times (epoch seconds, int64 as decimal strings), the client that made it and the site.
 */
export type TokenInfo =
  | { active: false }
  | {
      active: true;
      subjectType: 'VISITOR' | 'MEMBER' | 'APP';
      subjectId: string;
      exp: string;
      iat: string;
      clientId: string;
      siteId: string;
    };

export function tokenInfo(db: Database, token: string, nowMs: number): TokenInfo {
  const seconds = (ms: number) => String(Math.floor(ms / 1000));
  const admin = db
    .prepare<[string], { client_id: string; created_at: number; expires_at: number }>(
      'SELECT client_id, created_at, expires_at FROM admin_tokens WHERE token_hash = ?',
    )
    .get(sha256Hex(token));
  if (admin) {
    if (admin.expires_at <= nowMs) return { active: false };
    return {
      active: true,
      subjectType: 'APP',
      subjectId: admin.client_id,
      exp: seconds(admin.expires_at),
      iat: seconds(admin.created_at),
      clientId: admin.client_id,
      siteId: SITE_ID,
    };
  }
  const who = resolveAccessToken(db, token, nowMs);
  if (!who) return { active: false };
  const row = db
    .prepare<[string], { created_at: number; expires_at: number }>(
      'SELECT created_at, expires_at FROM oauth_tokens WHERE token_hash = ?',
    )
    .get(sha256Hex(token))!;
  return {
    active: true,
    subjectType: who.kind === 'member' ? 'MEMBER' : 'VISITOR',
    subjectId: who.kind === 'member' ? who.memberId : who.visitorId,
    exp: seconds(row.expires_at),
    iat: seconds(row.created_at),
    clientId: who.clientId,
    siteId: SITE_ID,
  };
}

// ---------------------------------------------------------------------------------------------- API key

/** The emulated site's id: what `wix-site-id` must say next to an API key (docs/spec/wire-protocol.md §11.6). */
export const SITE_ID = stableId('site:fernwood');

/**
 * An admin call with the site's API key (docs/spec/wire-protocol.md §11.6: backend code sends
 * `Authorization: <API key>` and `wix-site-id: <site id>`, the SDK's `ApiKeyStrategy({apiKey, siteId})`). Null when the
 * request has no `wix-site-id` (a token call); 401 when it has one but the key is not the emulator's (`apiKey` option;
 * none set: no key works) or the site is not this one. Browsers cannot send it: `wix-site-id` is not an allowed CORS
 * header.
 */
export function apiKeyIdentity(headers: IncomingHttpHeaders, apiKey: string | undefined): AdminIdentity | null {
  const site = headers['wix-site-id'];
  if (site === undefined) return null;
  const given = tokenFromHeader(headers.authorization);
  const ok =
    !!apiKey &&
    !!given &&
    timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(apiKey).digest());
  if (!ok || site !== SITE_ID) throw unauthorized('Invalid API key or site id');
  return { kind: 'admin', via: 'api-key' };
}

/** Throw 401 unless there is an identity. */
export function requireAuth<T extends Caller>(identity: T | null): T {
  if (!identity) throw unauthorized('Missing or expired token');
  return identity;
}

/** Throw 403 unless the caller is an admin identity (visitor and member tokens are refused). */
export function requireAdminCaller(caller: Caller): AdminIdentity {
  if (caller.kind !== 'admin') throw forbidden('This call needs an admin identity (client credentials or an API key)');
  return caller;
}

/** Throw 403 when the caller is an admin identity: the call acts for a visitor or a member. */
export function requireVisitorOrMember(caller: Caller): Identity {
  if (caller.kind === 'admin') throw forbidden('This call needs a visitor or member token, not an admin identity');
  return caller;
}

/** Throw 403 unless the identity is a member with one of `roles` (any member when `roles` is empty). */
export function requireRole(identity: Identity, ...roles: MemberRole[]): MemberIdentity {
  if (identity.kind !== 'member') throw forbidden('This call needs a signed-in member');
  if (roles.length > 0 && !roles.includes(identity.role))
    throw forbidden(`This call needs the role ${roles.join(' or ')}`);
  return identity;
}

// ---------------------------------------------------------------------------------------------- codes

/** Store a single-use authorization code for a member (the hosted login/authorize pages call this). */
export function issueAuthorizationCode(
  db: Database,
  opts: { clientId: string; memberId: string; codeChallenge: string; redirectUri?: string; visitorId?: string },
  nowMs: number = Date.now(),
): string {
  const code = newOpaqueToken();
  db.prepare<[string, string, string, string | null, string, string | null, number, number]>(
    `INSERT INTO oauth_codes (code_hash, client_id, member_id, visitor_id, code_challenge, redirect_uri, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    sha256Hex(code),
    opts.clientId,
    opts.memberId,
    opts.visitorId ?? null,
    opts.codeChallenge,
    opts.redirectUri ?? null,
    nowMs,
    nowMs + AUTH_CODE_TTL_MS,
  );
  return code;
}

/** Why a code exchange failed (an application error code), or the member it was issued for. */
export type CodeExchange =
  { ok: true; memberId: string; visitorId: string | null } | { ok: false; code: 'INVALID_GRANT'; message: string };

/** Check and consume an authorization code (grant `authorization_code`). */
export function consumeAuthorizationCode(
  db: Database,
  opts: { clientId: string; code: string; codeVerifier: string; redirectUri?: string },
  nowMs: number,
): CodeExchange {
  return db.transaction((): CodeExchange => {
    const row = db
      .prepare<
        [string],
        {
          client_id: string;
          member_id: string;
          visitor_id: string | null;
          code_challenge: string;
          redirect_uri: string | null;
          expires_at: number;
          used_at: number | null;
        }
      >(
        'SELECT client_id, member_id, visitor_id, code_challenge, redirect_uri, expires_at, used_at FROM oauth_codes WHERE code_hash = ?',
      )
      .get(sha256Hex(opts.code));
    const fail = (message: string): CodeExchange => ({ ok: false, code: 'INVALID_GRANT', message });
    if (!row || row.client_id !== opts.clientId) return fail('Invalid authorization code');
    if (row.used_at !== null) return fail('Authorization code was already used');
    if (row.expires_at <= nowMs) return fail('Authorization code expired');
    // A code bound to a redirect URI needs that exact URI again (RFC 6749 §4.1.3), also when the request leaves it out;
    // a code made without one (the silent sign-in's web_message) takes none.
    if (opts.redirectUri !== (row.redirect_uri ?? undefined)) {
      return fail(
        opts.redirectUri === undefined
          ? 'redirectUri is required: the authorization request had one'
          : row.redirect_uri === null
            ? 'redirectUri was not part of the authorization request'
            : 'redirectUri does not match the authorization request',
      );
    }
    // Used up from here on, a wrong verifier included: whoever holds a leaked code gets one guess at the verifier
    // (a later exchange, even with the right one, fails and the flow starts again).
    db.prepare<[number, string]>('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ?').run(
      nowMs,
      sha256Hex(opts.code),
    );
    const expected = Buffer.from(row.code_challenge);
    const actual = Buffer.from(pkceChallenge(opts.codeVerifier));
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return fail('Invalid code verifier');
    if (!memberIsActive(db, row.member_id)) return fail('Invalid authorization code');
    return { ok: true, memberId: row.member_id, visitorId: row.visitor_id };
  })();
}

// ---------------------------------------------------------------------------------------------- passwords

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, { N, r, p, maxmem: 128 * N * r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hash a password: `scrypt$N$r$p$<salt b64url>$<hash b64url>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Check a password against a stored hash (constant time). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (!Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p) || expected.length === 0) return false;
  const actual = await scryptAsync(password, salt, N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}
