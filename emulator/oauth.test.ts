import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAuthorizationCode, pkceChallenge, revokeRefreshToken } from './domain/auth.ts';
import { sha256Hex } from './db.ts';
import { seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { api, DEMO_CLIENT_ID, startTestEmulator, VERIFIER, visitorTokens } from '../tests/helpers/emulator.ts';

const CATALOG = '/stores-reader/v1/products/query';
/** demo-client's one registered redirect URI in these tests. */
const CALLBACK = 'http://127.0.0.1:5173/callback';
/** Near misses of {@link CALLBACK}: same origin other path, extra query, trailing slash, other port, other case. */
const NEAR_MISSES = [
  'http://127.0.0.1:5173/other',
  'http://127.0.0.1:5173/callback?x=1',
  'http://127.0.0.1:5173/callback/',
  'http://127.0.0.1:5174/callback',
  'http://127.0.0.1:5173/Callback',
  'http://localhost:5173/callback',
];

describe('POST /oauth2/token', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator({ demoRedirectUris: [CALLBACK] });
  });
  afterAll(() => emu.close());

  describe('anonymous', () => {
    it('issues visitor tokens in snake_case with expires_in in seconds', async () => {
      const r = await api(emu, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' } });
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(Object.keys(r.json).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
      expect(r.json.expires_in).toBe(14400);
      expect(r.json.token_type).toBe('Bearer');
      expect(r.json.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(r.json.refresh_token).not.toBe(r.json.access_token);
    });

    it('stores only token hashes, never the token itself', async () => {
      const { access, refresh } = await visitorTokens(emu);
      const raw = emu.db
        .prepare('SELECT COUNT(*) AS n FROM oauth_tokens WHERE token_hash IN (?, ?)')
        .get(access, refresh) as { n: number };
      const hashed = emu.db
        .prepare('SELECT COUNT(*) AS n FROM oauth_tokens WHERE token_hash IN (?, ?)')
        .get(sha256Hex(access), sha256Hex(refresh)) as { n: number };
      expect(raw.n).toBe(0);
      expect(hashed.n).toBe(2);
    });

    it('gives each anonymous session its own visitor', async () => {
      const a = await visitorTokens(emu);
      const b = await visitorTokens(emu);
      const visitor = (t: string) =>
        (
          emu.db.prepare('SELECT visitor_id FROM oauth_tokens WHERE token_hash = ?').get(sha256Hex(t)) as {
            visitor_id: string;
          }
        ).visitor_id;
      expect(visitor(a.access)).not.toBe(visitor(b.access));
    });

    it('accepts application/x-www-form-urlencoded with the same names (what the widgets send), for each grant', async () => {
      const form = (fields: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
        api(emu, '/oauth2/token', { body: String(new URLSearchParams(fields)), headers: { 'Content-Type': type } });
      const r = await form({ clientId: DEMO_CLIENT_ID, grantType: 'anonymous' });
      expect(r.status).toBe(200);
      expect(r.json.access_token).toBeTypeOf('string');
      // as a browser's fetch names a URLSearchParams body
      const renewed = await form(
        { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: r.json.refresh_token },
        'application/x-www-form-urlencoded;charset=UTF-8',
      );
      expect(renewed.status).toBe(200);
      expect(renewed.json.access_token).toBeTypeOf('string');
      // refused alike as a form: a code that was never issued, a verifier of the wrong form
      const code = await form({
        clientId: DEMO_CLIENT_ID,
        grantType: 'authorization_code',
        code: 'nope',
        codeVerifier: 'undefined',
      });
      expect(code.status).toBe(400);
    });

    it('refuses an unknown client', async () => {
      const r = await api(emu, '/oauth2/token', { body: { clientId: 'nope', grantType: 'anonymous' } });
      expect(r.status).toBe(400);
      expect(r.json.details.applicationError.code).toBe('INVALID_CLIENT');
      expect(r.json.message).toContain('nope');
    });

    it('requires clientId', async () => {
      const r = await api(emu, '/oauth2/token', { body: { grantType: 'anonymous' } });
      expect(r.status).toBe(400);
      expect(r.json.details.validationError.fieldViolations).toEqual([
        { field: 'clientId', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
      ]);
    });
  });

  it('answers an unsupported grantType with INVALID_ENUM_VALUE', async () => {
    const r = await api(emu, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'password' } });
    expect(r.status).toBe(400);
    const [v] = r.json.details.validationError.fieldViolations;
    expect(v.field).toBe('grantType');
    expect(v.violatedRule).toBe('INVALID_ENUM_VALUE');
  });

  it('answers a missing grantType with REQUIRED_FIELD', async () => {
    const r = await api(emu, '/oauth2/token', { body: {} });
    expect(r.status).toBe(400);
    expect(r.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'grantType',
      violatedRule: 'REQUIRED_FIELD',
    });
  });

  describe('refresh_token', () => {
    it('returns a new working access token and the same refresh token', async () => {
      const first = await visitorTokens(emu);
      const r = await api(emu, '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: first.refresh },
      });
      expect(r.status).toBe(200);
      expect(r.json.refresh_token).toBe(first.refresh);
      expect(r.json.access_token).not.toBe(first.access);
      expect(r.json.expires_in).toBe(14400);
      const q = await api(emu, CATALOG, { body: {}, token: r.json.access_token });
      expect(q.status).toBe(200);
    });

    it('works without clientId (older SDKs)', async () => {
      const first = await visitorTokens(emu);
      const r = await api(emu, '/oauth2/token', { body: { grantType: 'refresh_token', refreshToken: first.refresh } });
      expect(r.status).toBe(200);
    });

    it('refuses an unknown refresh token', async () => {
      const r = await api(emu, '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: 'not-a-token' },
      });
      expect(r.status).toBe(400);
      expect(r.json.details.applicationError.code).toBe('INVALID_REFRESH_TOKEN');
    });

    it('refuses an access token used as a refresh token', async () => {
      const { access } = await visitorTokens(emu);
      const r = await api(emu, '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: access },
      });
      expect(r.status).toBe(400);
    });

    it('refuses a refresh token of another client', async () => {
      const { refresh } = await visitorTokens(emu);
      const r = await api(emu, '/oauth2/token', {
        body: { clientId: 'other-client', grantType: 'refresh_token', refreshToken: refresh },
      });
      expect(r.status).toBe(400);
      expect(r.json.details.applicationError.code).toBe('INVALID_REFRESH_TOKEN');
    });

    it('refuses a revoked refresh token, and its access tokens stop working', async () => {
      const { access, refresh } = await visitorTokens(emu);
      expect(revokeRefreshToken(emu.db, refresh)).toBe(true);
      const r = await api(emu, '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: refresh },
      });
      expect(r.status).toBe(400);
      const q = await api(emu, CATALOG, { body: {}, token: access });
      expect(q.status).toBe(401);
    });

    it('requires refreshToken', async () => {
      const r = await api(emu, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token' } });
      expect(r.status).toBe(400);
      expect(r.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'refreshToken',
        violatedRule: 'REQUIRED_FIELD',
      });
    });
  });

  describe('authorization_code (PKCE)', () => {
    const newCode = (extra: { redirectUri?: string; clientId?: string } = {}) =>
      issueAuthorizationCode(
        emu.db,
        {
          clientId: extra.clientId ?? DEMO_CLIENT_ID,
          memberId: seedIds.members.member,
          codeChallenge: pkceChallenge(VERIFIER),
          ...(extra.redirectUri ? { redirectUri: extra.redirectUri } : {}),
        },
        emu.app.now(),
      );
    const exchange = (body: Record<string, unknown>) =>
      api(emu, '/oauth2/token', { body: { clientId: DEMO_CLIENT_ID, grantType: 'authorization_code', ...body } });

    it('exchanges a code with the right verifier for member tokens', async () => {
      const r = await exchange({ code: newCode(), codeVerifier: VERIFIER });
      expect(r.status).toBe(200);
      expect(r.json.token_type).toBe('Bearer');
      expect(r.json.scope).toBe('offline_access');
      const row = emu.db
        .prepare('SELECT role, member_id FROM oauth_tokens WHERE token_hash = ?')
        .get(sha256Hex(r.json.refresh_token)) as {
        role: string;
        member_id: string;
      };
      expect(row).toEqual({ role: 'member', member_id: seedIds.members.member });
    });

    it('refuses a wrong verifier', async () => {
      const r = await exchange({ code: newCode(), codeVerifier: 'x'.repeat(43) });
      expect(r.status).toBe(400);
      expect(r.json.details.applicationError.code).toBe('INVALID_GRANT');
    });

    it('refuses a code used twice', async () => {
      const code = newCode();
      expect((await exchange({ code, codeVerifier: VERIFIER })).status).toBe(200);
      const again = await exchange({ code, codeVerifier: VERIFIER });
      expect(again.status).toBe(400);
      expect(again.json.message).toMatch(/already used/);
    });

    it('refuses a code of another client', async () => {
      emu.db
        .prepare(
          "INSERT OR IGNORE INTO oauth_clients (id, name, allowed_origins, created_date) VALUES ('second', 'Second', '[]', '2025-01-01')",
        )
        .run();
      const code = newCode({ clientId: 'second' });
      const r = await exchange({ code, codeVerifier: VERIFIER });
      expect(r.status).toBe(400);
      expect(r.json.details.applicationError.code).toBe('INVALID_GRANT');
    });

    it('refuses a redirectUri other than the one of the request', async () => {
      const code = newCode({ redirectUri: CALLBACK });
      expect((await exchange({ code, codeVerifier: VERIFIER, redirectUri: 'http://evil.example/cb' })).status).toBe(
        400,
      );
      expect((await exchange({ code, codeVerifier: VERIFIER, redirectUri: CALLBACK })).status).toBe(200);
    });

    it("a redirectUri must be one of the client's registered URIs exactly (near misses refused, the code kept)", async () => {
      for (const uri of NEAR_MISSES) {
        // even a code bound to that very URI: only registered URIs are ever returned to
        const code = newCode({ redirectUri: uri });
        const r = await exchange({ code, codeVerifier: VERIFIER, redirectUri: uri });
        expect([uri, r.status, r.json.details.applicationError.code]).toEqual([uri, 400, 'INVALID_GRANT']);
        expect(r.json.message).toMatch(/registered redirect URIs/);
      }
      const code = newCode({ redirectUri: CALLBACK });
      expect((await exchange({ code, codeVerifier: VERIFIER, redirectUri: `${CALLBACK}/` })).status).toBe(400);
      // refused before the code was touched: the exact URI still works
      expect((await exchange({ code, codeVerifier: VERIFIER, redirectUri: CALLBACK })).status).toBe(200);
    });

    it('a wrong verifier burns the code: the right verifier fails afterwards too', async () => {
      const code = newCode();
      const wrong = await exchange({ code, codeVerifier: 'x'.repeat(43) });
      expect([wrong.status, wrong.json.details.applicationError.code]).toEqual([400, 'INVALID_GRANT']);
      const right = await exchange({ code, codeVerifier: VERIFIER });
      expect([right.status, right.json.details.applicationError.code]).toEqual([400, 'INVALID_GRANT']);
      expect(right.json.message).toMatch(/already used/);
    });

    it('a code bound to a redirectUri needs exactly that redirectUri: leaving it out fails', async () => {
      const redirectUri = CALLBACK;
      const code = newCode({ redirectUri });
      const without = await exchange({ code, codeVerifier: VERIFIER });
      expect([without.status, without.json.details.applicationError.code]).toEqual([400, 'INVALID_GRANT']);
      expect(without.json.message).toMatch(/redirectUri/);
      expect((await exchange({ code, codeVerifier: VERIFIER, redirectUri: `${redirectUri}/` })).status).toBe(400);
      expect((await exchange({ code, codeVerifier: VERIFIER, redirectUri })).status).toBe(200);
      // a code issued without one (the silent sign-in) needs none, and takes none
      const silent = newCode();
      const added = await exchange({ code: silent, codeVerifier: VERIFIER, redirectUri });
      expect([added.status, added.json.message]).toEqual([
        400,
        'redirectUri was not part of the authorization request',
      ]);
      expect((await exchange({ code: silent, codeVerifier: VERIFIER })).status).toBe(200);
    });

    it('validates the verifier format (43 to 128 characters)', async () => {
      const r = await exchange({ code: newCode(), codeVerifier: 'short' });
      expect(r.status).toBe(400);
      expect(r.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'codeVerifier',
        violatedRule: 'MIN_LENGTH',
        data: { threshold: 43 },
      });
    });
  });
});

describe('token expiry', () => {
  it('expired codes are refused and expired access tokens get 401', async () => {
    let clock = Date.UTC(2025, 5, 1);
    const emu = await startTestEmulator({ now: () => clock, accessTokenTtlSeconds: 60 });
    try {
      const { access, refresh } = await visitorTokens(emu);
      expect((await api(emu, CATALOG, { body: {}, token: access })).status).toBe(200);

      clock += 61_000;
      const expired = await api(emu, CATALOG, { body: {}, token: access });
      expect(expired.status).toBe(401);
      expect(expired.json).toMatchObject({
        message: 'Missing or expired token',
        details: { applicationError: { code: 'UNAUTHENTICATED' } },
      });

      // The refresh token still works after the access token expired.
      const r = await api(emu, '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: refresh },
      });
      expect(r.status).toBe(200);
      expect(r.json.expires_in).toBe(60);
      expect((await api(emu, CATALOG, { body: {}, token: r.json.access_token })).status).toBe(200);

      const code = issueAuthorizationCode(
        emu.db,
        { clientId: DEMO_CLIENT_ID, memberId: seedIds.members.member, codeChallenge: pkceChallenge(VERIFIER) },
        clock,
      );
      clock += 11 * 60_000;
      const late = await api(emu, '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'authorization_code', code, codeVerifier: VERIFIER },
      });
      expect(late.status).toBe(400);
      expect(late.json.message).toMatch(/expired/);
    } finally {
      await emu.close();
    }
  });
});

describe('Authorization header', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(() => emu.close());

  it('accepts the raw token and tolerates a Bearer prefix', async () => {
    const { access } = await visitorTokens(emu);
    expect((await api(emu, CATALOG, { body: {}, token: access })).status).toBe(200);
    expect((await api(emu, CATALOG, { body: {}, token: `Bearer ${access}` })).status).toBe(200);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    const none = await api(emu, CATALOG, { body: {} });
    expect(none.status).toBe(401);
    expect(none.json.details.applicationError.code).toBe('UNAUTHENTICATED');
    expect((await api(emu, CATALOG, { body: {}, token: 'garbage' })).status).toBe(401);
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refresh } = await visitorTokens(emu);
    expect((await api(emu, CATALOG, { body: {}, token: refresh })).status).toBe(401);
  });
});
