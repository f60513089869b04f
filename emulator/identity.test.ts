import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueAuthorizationCode, issueMemberTokens, pkceChallenge, revokeMemberTokens } from './domain/auth.ts';
import { setSetting } from './domain/settings.ts';
import { clientAddress, DEFAULT_THROTTLE_LIMITS, DEV_CAPTCHA_TOKEN } from './domain/identity.ts';
import { DEMO_LOGINS, seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import {
  adminToken,
  api,
  DEMO_CLIENT_ID,
  memberTokens,
  startTestEmulator,
  VERIFIER,
  visitorTokens,
} from '../tests/helpers/emulator.ts';

const AUTHN = '/_api/iam/authentication/v2';
const VERIFY = '/_api/iam/verification/v1/auth';
const RECOVERY = '/_api/iam/recovery/v1';
const REDIRECT = '/_api/redirects-api/v1/redirect-session';
const MY = '/members/v1/members/my';
const SITE = 'http://127.0.0.1:5173';
/** demo-client's registered redirect URIs here: the site's home page and a callback page. */
const CALLBACK = `${SITE}/account/callback`;

let emu: RunningEmulator;
let clock = Date.parse('2026-06-01T10:00:00Z');
let visitor: string;

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock, demoRedirectUris: [`${SITE}/`, CALLBACK] });
  visitor = (await visitorTokens(emu)).access;
});
afterAll(() => emu.close());
beforeEach(() => {
  // every test comes from 127.0.0.1: failures of one must not make the next ask for a captcha
  emu.db.prepare('DELETE FROM identity_login_failures').run();
  setSetting(emu.db, 'signup_policy', 'email_verification');
});

const post = (path: string, body: unknown, token = visitor) => api(emu, path, { body, token });
const lastMail = async (to: string) => (await api(emu, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages[0];
const violations = (r: { json: { details: { validationError: { fieldViolations: unknown[] } } } }) =>
  r.json.details.validationError.fieldViolations;
const appCode = (r: { json: { details: { applicationError: { code: string } } } }) =>
  r.json.details.applicationError.code;
let n = 0;
const fresh = () => `person${++n}.${clock}@example.com`;

/** Tests that hash many passwords (scrypt) or make a hundred calls: the 5 s default is tight on a loaded machine. */
const SLOW = 30_000;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}
/**
 * A JSON POST from another loopback address (all of 127.0.0.0/8 is this machine): the emulator sees another caller,
 * as it trusts no forwarding header.
 */
function postFrom(
  address: string,
  path: string,
  body: unknown,
  token: string | undefined = visitor,
  target: RunningEmulator = emu,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const u = new URL(target.url);
    const data = JSON.stringify(body);
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(data),
    };
    if (token) headers['authorization'] = token;
    const req = httpRequest(
      { host: u.hostname, port: u.port, path, method: 'POST', localAddress: address, agent: false, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
/** A 429 in the platform format, with its request id and a Retry-After of at most `maxSeconds`. */
function expectRateLimited(r: Reply, maxSeconds: number): void {
  expect([r.status, r.json.details.applicationError.code]).toEqual([429, 'RESOURCE_EXHAUSTED']);
  expect(r.json.details.applicationError.data.requestId).toBe(r.headers['x-wix-request-id']);
  const seconds = Number(r.headers['retry-after']);
  expect(
    Number.isInteger(seconds) && seconds >= 1 && seconds <= maxSeconds,
    `Retry-After ${r.headers['retry-after']}`,
  ).toBe(true);
}

describe('register', () => {
  it('refuses bad input in the platform format', async () => {
    const missing = await post(`${AUTHN}/register`, {});
    expect(missing.status).toBe(400);
    expect(violations(missing)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'loginId', violatedRule: 'REQUIRED_FIELD' }),
        expect.objectContaining({ field: 'password', violatedRule: 'REQUIRED_FIELD' }),
      ]),
    );
    const email = await post(`${AUTHN}/register`, { loginId: { email: 'not-an-email' }, password: 'long enough pw' });
    expect(email.status).toBe(400);
    expect(violations(email)).toEqual([
      {
        field: 'loginId.email',
        description: 'must be a valid email address',
        violatedRule: 'FORMAT',
        data: { type: 'EMAIL' },
      },
    ]);
    const short = await post(`${AUTHN}/register`, { loginId: { email: fresh() }, password: 'short' });
    expect(violations(short)).toEqual([
      expect.objectContaining({ field: 'password', violatedRule: 'MIN_LENGTH', data: { threshold: 8 } }),
    ]);
    const noToken = await api(emu, `${AUTHN}/register`, {
      body: { loginId: { email: fresh() }, password: 'long enough pw' },
    });
    expect(noToken.status).toBe(401);
    expect(appCode(noToken)).toBe('UNAUTHENTICATED');
  });

  it('email_verification: code by mail, wrong code, right code → SUCCESS, replayed code refused, duplicate email -19995', async () => {
    const email = fresh();
    const r = await post(`${AUTHN}/register`, {
      loginId: { email },
      password: 'correct horse',
      profile: { nickname: 'Ada' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      state: 'REQUIRE_EMAIL_VERIFICATION',
      identity: { email: { address: email, isVerified: false } },
    });
    const stateToken = r.json.stateToken as string;
    const { code } = await lastMail(email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await post(`${VERIFY}/verify`, { code: code === '000000' ? '111111' : '000000', stateToken });
    expect([wrong.status, appCode(wrong)]).toEqual([400, 'BAD_CODE']);
    const format = await post(`${VERIFY}/verify`, { code: '12ab', stateToken });
    expect(violations(format)).toEqual([expect.objectContaining({ field: 'code', violatedRule: 'FORMAT' })]);

    const ok = await post(`${VERIFY}/verify`, { code, stateToken });
    expect(ok.json).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
      identity: { email: { isVerified: true } },
    });
    const replay = await post(`${VERIFY}/verify`, { code, stateToken });
    expect([replay.status, appCode(replay)]).toEqual([400, 'NOT_FOUND']);

    const again = await post(`${AUTHN}/register`, {
      loginId: { email: email.toUpperCase() },
      password: 'another pw 1',
    });
    expect([again.status, appCode(again)]).toEqual([409, '-19995']);
  });

  it('resend: cool-down (429), then a new code replaces the old one; a state token expires after 30 min', async () => {
    const email = fresh();
    const { stateToken } = (await post(`${AUTHN}/register`, { loginId: { email }, password: 'correct horse' })).json;
    const first = (await lastMail(email)).code;
    const early = await post(`${VERIFY}/resend`, { stateToken });
    expect([early.status, appCode(early)]).toEqual([429, 'SEND_CODE_ERROR']);
    clock += 31_000;
    expect((await post(`${VERIFY}/resend`, { stateToken })).json).toEqual({});
    const second = (await lastMail(email)).code;
    if (first !== second) expect((await post(`${VERIFY}/verify`, { code: first, stateToken })).status).toBe(400);
    expect(violations(await post(`${VERIFY}/resend`, {}))).toEqual([
      expect.objectContaining({ field: 'stateToken', violatedRule: 'REQUIRED_FIELD' }),
    ]);
    clock += 31 * 60_000;
    const expired = await post(`${VERIFY}/verify`, { code: second, stateToken });
    expect([expired.status, appCode(expired)]).toEqual([400, 'NOT_FOUND']);
    // signing in again mails a fresh code
    const login = await post(`${AUTHN}/login`, { loginId: { email }, password: 'correct horse' });
    expect(login.json.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const ok = await post(`${VERIFY}/verify`, {
      code: (await lastMail(email)).code,
      stateToken: login.json.stateToken,
    });
    expect(ok.json.state).toBe('SUCCESS');
  });

  it('immediate and owner_approval policies', async () => {
    setSetting(emu.db, 'signup_policy', 'immediate');
    const a = await post(`${AUTHN}/register`, { loginId: { email: fresh() }, password: 'correct horse' });
    expect(a.json).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    setSetting(emu.db, 'signup_policy', 'owner_approval');
    const email = fresh();
    const b = await post(`${AUTHN}/register`, { loginId: { email }, password: 'correct horse' });
    expect(b.json.state).toBe('REQUIRE_OWNER_APPROVAL');
    expect((await post(`${AUTHN}/login`, { loginId: { email }, password: 'correct horse' })).json.state).toBe(
      'REQUIRE_OWNER_APPROVAL',
    );
  });
});

describe('login', () => {
  const member = DEMO_LOGINS.member;
  it('wrong password -19976, unknown email -19999, no password -19973, bad input 400', async () => {
    const wrong = await post(`${AUTHN}/login`, { loginId: { email: member.email }, password: 'nope nope' });
    expect([wrong.status, appCode(wrong), wrong.json.message]).toEqual([400, '-19976', 'Wrong password']);
    const unknown = await post(`${AUTHN}/login`, { loginId: { email: 'nobody@example.com' }, password: 'whatever1' });
    expect([unknown.status, appCode(unknown)]).toEqual([404, '-19999']);
    const missing = await post(`${AUTHN}/login`, { loginId: {} });
    expect(violations(missing)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'loginId.email', violatedRule: 'REQUIRED_FIELD' }),
        expect.objectContaining({ field: 'password', violatedRule: 'REQUIRED_FIELD' }),
      ]),
    );
    emu.db.prepare('DELETE FROM identity_login_failures').run();
    const email = fresh();
    emu.db
      .prepare(
        "INSERT INTO members (id, contact_id, email, created_date, updated_date) VALUES (?, ?, ?, '2026-01-01', '2026-01-01')",
      )
      .run(`m-${n}`, `c-${n}`, email);
    const reset = await post(`${AUTHN}/login`, { loginId: { email }, password: 'whatever1' });
    expect([reset.status, appCode(reset)]).toEqual([400, '-19973']);
  });

  it(
    'success gives a session token; after 3 failures a captcha is needed (-19971, wrong -19970, dev token ok); 10 → 429',
    async () => {
      const ok = await post(`${AUTHN}/login`, { loginId: { email: member.email }, password: member.password });
      expect(ok.json).toMatchObject({
        state: 'SUCCESS',
        sessionToken: expect.any(String),
        identity: { id: seedIds.members.member },
      });
      for (let i = 0; i < 3; i++)
        await post(`${AUTHN}/login`, { loginId: { email: member.email }, password: 'bad password' });
      const need = await post(`${AUTHN}/login`, { loginId: { email: member.email }, password: member.password });
      expect([need.status, appCode(need)]).toEqual([400, '-19971']);
      const bad = await post(`${AUTHN}/login`, {
        loginId: { email: member.email },
        password: member.password,
        captchaTokens: [{ Recaptcha: 'forged' }],
      });
      expect([bad.status, appCode(bad)]).toEqual([400, '-19970']);
      const good = await post(`${AUTHN}/login`, {
        loginId: { email: member.email },
        password: member.password,
        captchaTokens: [{ Recaptcha: DEV_CAPTCHA_TOKEN }],
      });
      expect(good.json.state).toBe('SUCCESS');
      for (let i = 0; i < 10; i++)
        await post(`${AUTHN}/login`, {
          loginId: { email: member.email },
          password: 'bad password',
          captchaTokens: [{ Recaptcha: DEV_CAPTCHA_TOKEN }],
        });
      const locked = await post(`${AUTHN}/login`, {
        loginId: { email: member.email },
        password: member.password,
        captchaTokens: [{ Recaptcha: DEV_CAPTCHA_TOKEN }],
      });
      expect([locked.status, appCode(locked)]).toEqual([429, 'RESOURCE_EXHAUSTED']);
    },
    SLOW,
  );
});

async function sessionToken(): Promise<string> {
  const r = await post(`${AUTHN}/login`, {
    loginId: { email: DEMO_LOGINS.member.email },
    password: DEMO_LOGINS.member.password,
  });
  return r.json.sessionToken;
}
const authBody = (extra: Record<string, unknown>, prompt = 'none') => ({
  auth: {
    authRequest: {
      clientId: DEMO_CLIENT_ID,
      codeChallenge: pkceChallenge(VERIFIER),
      codeChallengeMethod: 'S256',
      responseType: 'code',
      scope: 'offline_access',
      state: 'st-123',
      ...extra,
    },
    prompt,
  },
});
const oauthData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="inlay-oauth">(.*?)<\/script>/.exec(html)![1]!);

describe('redirect session: silent sign-in (prompt none, web_message)', () => {
  it('the authorize page posts {code, state} to the registered origin only; the code gives member tokens carrying the visitor', async () => {
    const visitorId = (
      emu.db.prepare("SELECT visitor_id FROM oauth_tokens WHERE kind = 'access' ORDER BY created_at LIMIT 1").get() as {
        visitor_id: string;
      }
    ).visitor_id;
    const r = await post(REDIRECT, authBody({ responseMode: 'web_message', sessionToken: await sessionToken() }));
    expect(r.status).toBe(200);
    const url = new URL(r.json.redirectSession.fullUrl);
    // the authorize page is on the hosted pages' origin, as the platform's is on the site's domain; the API's
    // origin does not serve it
    expect(url.origin).toBe(emu.hostedUrl);
    expect(url.origin).not.toBe(emu.url);
    const onApi = await fetch(`${emu.url}${url.pathname}${url.search}`);
    expect([onApi.status, (await onApi.json()).details.applicationError.code]).toEqual([404, 'NOT_FOUND']);
    expect(r.json.redirectSession.urlDetails).toEqual({
      endpoint: `${url.origin}/oauth2/authorize`,
      searchParams: { redirectSession: r.json.redirectSession.id },
    });
    const page = await fetch(url, { headers: { Referer: `${SITE}/products/x` } });
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${SITE}`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script>/);
    const d = oauthData(html);
    expect(d).toMatchObject({
      targetOrigin: SITE,
      allowedOrigins: [],
      message: { code: expect.any(String), state: 'st-123' },
    });
    const tokens = await api(emu, '/oauth2/token', {
      body: { clientId: DEMO_CLIENT_ID, grantType: 'authorization_code', code: d.message.code, codeVerifier: VERIFIER },
    });
    expect(tokens.status).toBe(200);
    const row = emu.db
      .prepare(
        'SELECT member_id, visitor_id FROM oauth_tokens WHERE token_hash = (SELECT token_hash FROM oauth_tokens WHERE role = ? ORDER BY created_at DESC LIMIT 1)',
      )
      .get('member') as { member_id: string; visitor_id: string };
    expect(row.member_id).toBe(seedIds.members.member);
    expect(row.visitor_id).toBe(visitorId);
    // the session is single use
    expect((await fetch(url)).status).toBe(404);
  });

  it('no registered Referer: the page lists the allowed origins (the browser delivers to the matching one only); a bad session token → login_required', async () => {
    const r = await post(REDIRECT, authBody({ responseMode: 'web_message', sessionToken: 'forged' }));
    const d = oauthData(
      await (await fetch(r.json.redirectSession.fullUrl, { headers: { Referer: 'https://evil.example/' } })).text(),
    );
    expect(d.targetOrigin).toBeNull();
    expect(d.allowedOrigins).toContain(SITE);
    expect(d.message).toEqual({ error: 'login_required', error_description: expect.any(String), state: 'st-123' });
    // a session token works once
    const token = await sessionToken();
    const first = oauthData(
      await (
        await fetch(
          (await post(REDIRECT, authBody({ responseMode: 'web_message', sessionToken: token }))).json.redirectSession
            .fullUrl,
        )
      ).text(),
    );
    const second = oauthData(
      await (
        await fetch(
          (await post(REDIRECT, authBody({ responseMode: 'web_message', sessionToken: token }))).json.redirectSession
            .fullUrl,
        )
      ).text(),
    );
    expect(first.message.code).toBeTruthy();
    expect(second.message.error).toBe('login_required');
  });

  it('bad input: unknown intent, unknown client, bad challenge, no token', async () => {
    const none = await post(REDIRECT, {});
    expect(violations(none)).toEqual([expect.objectContaining({ field: '', violatedRule: 'REQUIRED_ONE_OF_FIELD' })]);
    const client = await post(REDIRECT, {
      auth: {
        ...authBody({ responseMode: 'web_message' }).auth,
        authRequest: { ...authBody({ responseMode: 'web_message' }).auth.authRequest, clientId: 'nope' },
      },
    });
    expect(violations(client)).toEqual([expect.objectContaining({ field: 'auth.authRequest.clientId' })]);
    const challenge = await post(REDIRECT, authBody({ responseMode: 'web_message', codeChallenge: 'short' }));
    expect(violations(challenge)).toEqual([
      expect.objectContaining({ field: 'auth.authRequest.codeChallenge', violatedRule: 'FORMAT' }),
    ]);
    expect((await api(emu, REDIRECT, { body: authBody({ responseMode: 'web_message' }) })).status).toBe(401);
  });
});

describe('redirect session: hosted login (prompt login, fragment)', () => {
  it('redirectUri must be a registered URI, exactly: near misses on an allowed origin are refused like the platform', async () => {
    const missing = await post(REDIRECT, authBody({ responseMode: 'fragment' }, 'login'));
    expect(violations(missing)).toEqual([
      expect.objectContaining({ field: 'auth.authRequest.redirectUri', violatedRule: 'REQUIRED_FIELD' }),
    ]);
    const refused = [
      'https://evil.example/cb',
      `${SITE}/account/other`, // same origin, other path
      `${SITE}/products/mug?x=1`, // an allowed origin's page, not registered
      `${CALLBACK}?x=1`, // extra query
      `${CALLBACK}/`, // trailing slash
      `${SITE}`, // the registered `${SITE}/` without its slash
      'http://127.0.0.1:5174/account/callback', // other port
      'http://localhost:5173/account/callback', // another allowed origin
      `${SITE}/Account/Callback`, // case
      `${CALLBACK}#x`, // fragment
    ];
    for (const redirectUri of refused) {
      for (const mode of ['fragment', 'query', 'web_message']) {
        const bad = await post(REDIRECT, authBody({ responseMode: mode, redirectUri }, 'login'));
        expect([redirectUri, mode, bad.status, violations(bad)]).toEqual([
          redirectUri,
          mode,
          400,
          [
            expect.objectContaining({
              field: 'auth.authRequest.redirectUri',
              description: "is not one of the client's registered redirect URIs",
            }),
          ],
        ]);
      }
    }
    for (const redirectUri of [`${SITE}/`, CALLBACK]) {
      expect((await post(REDIRECT, authBody({ responseMode: 'fragment', redirectUri }, 'login'))).status).toBe(200);
    }
  });

  it('the page signs in and redirects to the registered URI with #code&state; the exchange needs that exact URI', async () => {
    const redirectUri = CALLBACK;
    const r = await post(REDIRECT, authBody({ responseMode: 'fragment', redirectUri }, 'login'));
    const url = r.json.redirectSession.fullUrl as string;
    expect(new URL(url).origin).toBe(emu.hostedUrl);
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain('autocomplete="current-password"');
    expect(html).not.toMatch(/<script/);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${SITE}`);

    const form = (email: string, password: string) =>
      fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: emu.hostedUrl },
        body: new URLSearchParams({ email, password }).toString(),
      });
    const wrong = await form('<b>x</b>@example.com', 'nope');
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('&lt;b&gt;x&lt;/b&gt;@example.com');
    expect(wrongHtml).not.toContain('<b>x</b>');
    const ok = await form(DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);
    expect(ok.status).toBe(302);
    const back = new URL(ok.headers.get('location')!);
    expect(back.origin + back.pathname + back.search).toBe(redirectUri);
    const params = new URLSearchParams(back.hash.slice(1));
    expect(params.get('state')).toBe('st-123');
    const exchange = (uri: string) =>
      api(emu, '/oauth2/token', {
        body: {
          clientId: DEMO_CLIENT_ID,
          grantType: 'authorization_code',
          code: params.get('code'),
          codeVerifier: VERIFIER,
          redirectUri: uri,
        },
      });
    // another registered URI is not this code's; a near miss is not registered at all
    expect((await exchange(`${SITE}/`)).status).toBe(400);
    expect((await exchange(`${CALLBACK}/`)).status).toBe(400);
    expect((await exchange(redirectUri)).status).toBe(200);
  });
});

describe('logout and members', () => {
  it('visiting the logout URL (on the hosted origin) ends this session: its refresh token stops working', async () => {
    const m = await memberTokens(emu);
    const other = await memberTokens(emu); // another device of the same member
    const r = await post(
      REDIRECT,
      { logout: { clientId: DEMO_CLIENT_ID }, callbacks: { postFlowUrl: `${SITE}/products/x?y=1` } },
      m.access,
    );
    expect(r.status).toBe(200);
    const logoutUrl = new URL(r.json.redirectSession.fullUrl);
    expect([logoutUrl.origin, logoutUrl.pathname]).toEqual([emu.hostedUrl, '/_hosted/logout']);
    const refresh = (token: string) =>
      api(emu, '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: token },
      });
    // making the URL ends nothing (the SDK's logout() only returns it); visiting it does
    expect((await refresh(m.refresh)).status).toBe(200);
    const go = await fetch(logoutUrl, { redirect: 'manual' });
    expect([go.status, go.headers.get('location')]).toEqual([302, `${SITE}/products/x?y=1`]);
    const after = await refresh(m.refresh);
    expect([after.status, appCode(after)]).toEqual([400, 'INVALID_REFRESH_TOKEN']);
    expect((await api(emu, MY, { token: m.access })).status).toBe(401);
    // the member's other device stays signed in; a second visit goes back again and ends nothing more
    expect((await refresh(other.refresh)).status).toBe(200);
    const again = await fetch(logoutUrl, { redirect: 'manual' });
    expect([again.status, again.headers.get('location')]).toEqual([302, `${SITE}/products/x?y=1`]);
    expect((await refresh(other.refresh)).status).toBe(200);
    // the API's origin does not serve it
    expect((await fetch(`${emu.url}${logoutUrl.pathname}${logoutUrl.search}`, { redirect: 'manual' })).status).toBe(
      404,
    );
    const bad = await post(REDIRECT, {
      logout: { clientId: DEMO_CLIENT_ID },
      callbacks: { postFlowUrl: 'https://evil.example/' },
    });
    expect(violations(bad)).toEqual([expect.objectContaining({ field: 'callbacks.postFlowUrl' })]);
  });

  it('the account page (memberAccountPage intent): members only; its forms change the nickname and the community membership', async () => {
    const v = await post(REDIRECT, { memberAccountPage: { section: 'ACCOUNT_INFO' } });
    expect(v.status).toBe(403);
    const m = await memberTokens(emu);
    // the intent's name is the redirects client's (`memberAccountPage`); `membersAccount` is no field of the request
    for (const body of [
      { membersAccount: { section: 'ACCOUNT_INFO' } },
      { memberAccountPage: {}, membersAccount: {} },
      { login: {}, loginn: {} },
    ]) {
      const wrong = await post(REDIRECT, body, m.access);
      const bad = Object.keys(body).filter((k) => !['memberAccountPage', 'login'].includes(k));
      expect([wrong.status, wrong.json.details.validationError.fieldViolations], JSON.stringify(body)).toEqual([
        400,
        bad.map((field) => ({
          field,
          description: 'is not a field of this request',
          violatedRule: 'FIELD_NOT_ALLOWED',
        })),
      ]);
    }
    const r = await post(
      REDIRECT,
      { memberAccountPage: { section: 'ACCOUNT_INFO' }, callbacks: { postFlowUrl: `${SITE}/` } },
      m.access,
    );
    const url = r.json.redirectSession.fullUrl as string;
    const page = await (await fetch(url)).text();
    expect(page).toContain('value="Maya"');
    expect(page).toContain(`href="${SITE}/"`);
    const send = (body: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: emu.hostedUrl },
        body: new URLSearchParams(body).toString(),
      });
    const bad = await send({ op: 'nickname', nickname: '<i>Maya</i>' });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain('value="&lt;i&gt;Maya&lt;/i&gt;"');
    expect((await send({ op: 'nickname', nickname: ' ' })).status).toBe(400);
    await send({ op: 'leave' });
    const me = (await api(emu, `${MY}?fieldsets=FULL`, { token: m.access })).json.member;
    expect(me).toMatchObject({ privacyStatus: 'PRIVATE', profile: { nickname: '<i>Maya</i>' } });
    await send({ op: 'join' });
    await send({ op: 'nickname', nickname: 'Maya' });
    expect((await api(emu, `${MY}?fieldsets=FULL`, { token: m.access })).json.member).toMatchObject({
      privacyStatus: 'PUBLIC',
      profile: { nickname: 'Maya' },
    });
    expect((await fetch(`${emu.hostedUrl}/_hosted/account?session=forged`)).status).toBe(404);
  });

  it('GET my: 401 without a token, 403 for visitors, FULL shape for members, PUBLIC hides the email; bad fieldsets 400', async () => {
    expect((await api(emu, `${MY}?fieldsets=FULL`)).status).toBe(401);
    const v = await api(emu, `${MY}?fieldsets=FULL`, { token: visitor });
    expect([v.status, appCode(v)]).toEqual([403, 'PERMISSION_DENIED']);
    const m = await memberTokens(emu);
    const full = await api(emu, `${MY}?fieldsets=FULL`, { token: m.access });
    expect(full.json.member).toMatchObject({
      id: seedIds.members.member,
      loginEmail: DEMO_LOGINS.member.email,
      loginEmailVerified: true,
      status: 'APPROVED',
      contactId: expect.any(String),
      contact: { firstName: 'Maya', lastName: 'Lindqvist' },
      profile: { nickname: 'Maya', slug: 'maya' },
      privacyStatus: 'PUBLIC',
      activityStatus: 'ACTIVE',
    });
    const pub = await api(emu, MY, { token: m.access });
    expect(pub.json.member.loginEmail).toBeUndefined();
    expect(pub.json.member.status).toBe('UNKNOWN');
    expect(violations(await api(emu, `${MY}?fieldsets=ALL`, { token: m.access }))).toEqual([
      expect.objectContaining({ field: 'fieldsets', violatedRule: 'INVALID_ENUM_VALUE' }),
    ]);
  });

  it('nickname update (own only), leave/join community, delete own → its refresh token stops working', async () => {
    setSetting(emu.db, 'signup_policy', 'immediate');
    const email = fresh();
    const reg = await post(`${AUTHN}/register`, { loginId: { email }, password: 'correct horse' });
    const id = reg.json.identity.id as string;
    const t = issueMemberTokens(emu.db, { clientId: DEMO_CLIENT_ID, memberId: id }, clock, 3600);
    const upd = await api(emu, `/members/v1/members/${id}`, {
      method: 'PATCH',
      token: t.access_token,
      body: { member: { profile: { nickname: 'Grace' } } },
    });
    expect(upd.json.member.profile.nickname).toBe('Grace');
    const empty = await api(emu, `/members/v1/members/${id}`, {
      method: 'PATCH',
      token: t.access_token,
      body: { member: { profile: { nickname: '  ' } } },
    });
    expect(violations(empty)).toEqual([
      expect.objectContaining({ field: 'member.profile.nickname', violatedRule: 'MIN_LENGTH' }),
    ]);
    const other = await api(emu, `/members/v1/members/${seedIds.members.member}`, {
      method: 'PATCH',
      token: t.access_token,
      body: { member: { profile: { nickname: 'x' } } },
    });
    expect(other.status).toBe(403);
    // the OWNER member role reaches no other member's record; the site's backend (an admin identity) does
    const owner = await memberTokens(emu, 'owner');
    const byOwner = await api(emu, `/members/v1/members/${id}`, {
      method: 'PATCH',
      token: owner.access,
      body: { member: { profile: { nickname: 'Owned' } } },
    });
    expect(byOwner.status).toBe(403);
    const byAdmin = await api(emu, `/members/v1/members/${id}`, {
      method: 'PATCH',
      token: await adminToken(emu),
      body: { member: { profile: { nickname: 'Grace H' } } },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json.member.profile.nickname).toBe('Grace H');
    expect(
      (await api(emu, '/members/v1/members/leave-community', { token: t.access_token, body: {} })).json.member
        .privacyStatus,
    ).toBe('PRIVATE');
    expect(
      (await api(emu, '/members/v1/members/join-community', { token: t.access_token, body: {} })).json.member
        .privacyStatus,
    ).toBe('PUBLIC');
    expect((await api(emu, MY, { method: 'DELETE', token: t.access_token })).json).toEqual({});
    const refresh = await api(emu, '/oauth2/token', {
      body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: t.refresh_token },
    });
    expect(refresh.status).toBe(400);
    expect((await post(`${AUTHN}/login`, { loginId: { email }, password: 'correct horse' })).status).toBe(404);
  });
});

describe('recovery and change-password', () => {
  it('send-email: same answer for unknown emails; the link comes back to the site; recover sets the password, ends sessions, works once', async () => {
    expect(
      (
        await post(`${RECOVERY}/send-email`, {
          email: 'ghost@example.com',
          redirect: { url: `${SITE}/`, clientId: DEMO_CLIENT_ID },
        })
      ).json,
    ).toEqual({});
    expect(await lastMail('ghost@example.com')).toBeUndefined();
    const notAllowed = await post(`${RECOVERY}/send-email`, {
      email: 'a@example.com',
      redirect: { url: 'https://evil.example/', clientId: DEMO_CLIENT_ID },
    });
    expect(violations(notAllowed)).toEqual([expect.objectContaining({ field: 'redirect.url' })]);
    expect(violations(await post(`${RECOVERY}/send-email`, { email: 'nope' }))).toEqual([
      expect.objectContaining({ field: 'email', data: { type: 'EMAIL' } }),
    ]);

    setSetting(emu.db, 'signup_policy', 'immediate');
    const email = fresh();
    const reg = await post(`${AUTHN}/register`, { loginId: { email }, password: 'correct horse' });
    const t = issueMemberTokens(emu.db, { clientId: DEMO_CLIENT_ID, memberId: reg.json.identity.id }, clock, 3600);
    await post(`${RECOVERY}/send-email`, {
      email,
      redirect: { url: `${SITE}/products/mug?inlay-reset=old#top`, clientId: DEMO_CLIENT_ID },
    });
    const link = new URL((await lastMail(email)).link);
    expect(link.origin + link.pathname).toBe(`${SITE}/products/mug`);
    expect(link.hash).toBe('');
    const token = link.searchParams.get('inlay-reset')!;
    expect(token).not.toBe('old');

    expect(violations(await post(`${RECOVERY}/recover`, { recoveryToken: token, password: 'short' }))).toEqual([
      expect.objectContaining({ field: 'password', violatedRule: 'MIN_LENGTH' }),
    ]);
    expect((await post(`${RECOVERY}/recover`, { recoveryToken: token, password: 'battery staple' })).json).toEqual({});
    const replay = await post(`${RECOVERY}/recover`, { recoveryToken: token, password: 'battery staple 2' });
    expect([replay.status, appCode(replay)]).toEqual([400, 'INVALID_RECOVERY_TOKEN']);
    expect(
      (
        await api(emu, '/oauth2/token', {
          body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: t.refresh_token },
        })
      ).status,
    ).toBe(400);
    expect((await post(`${AUTHN}/login`, { loginId: { email }, password: 'battery staple' })).json.state).toBe(
      'SUCCESS',
    );

    // expired link
    await post(`${RECOVERY}/send-email`, { email, redirect: { url: `${SITE}/`, clientId: DEMO_CLIENT_ID } });
    const late = new URL((await lastMail(email)).link).searchParams.get('inlay-reset')!;
    clock += 61 * 60_000;
    expect(appCode(await post(`${RECOVERY}/recover`, { recoveryToken: late, password: 'battery staple 3' }))).toBe(
      'INVALID_RECOVERY_TOKEN',
    );
  });

  it('change-password: members only', async () => {
    expect((await post(`${AUTHN}/change-password`, { newPassword: 'new password 1' })).status).toBe(403);
    setSetting(emu.db, 'signup_policy', 'immediate');
    const email = fresh();
    const reg = await post(`${AUTHN}/register`, { loginId: { email }, password: 'correct horse' });
    const t = issueMemberTokens(emu.db, { clientId: DEMO_CLIENT_ID, memberId: reg.json.identity.id }, clock, 3600);
    expect(violations(await post(`${AUTHN}/change-password`, { newPassword: 'x' }, t.access_token))).toEqual([
      expect.objectContaining({ field: 'newPassword', violatedRule: 'MIN_LENGTH' }),
    ]);
    expect((await post(`${AUTHN}/change-password`, { newPassword: 'new password 1' }, t.access_token)).json).toEqual(
      {},
    );
    expect((await post(`${AUTHN}/login`, { loginId: { email }, password: 'new password 1' })).json.state).toBe(
      'SUCCESS',
    );
  });
});

describe('identity comes from the token, not the body', () => {
  const OTHER = 'https://other-client.example';
  beforeAll(() => {
    emu.db
      .prepare(
        "INSERT OR IGNORE INTO oauth_clients (id, name, allowed_origins, created_date) VALUES ('other-client', 'Other', ?, '2026-01-01')",
      )
      .run(JSON.stringify([OTHER]));
  });

  it('logout: another client in the body is refused (nothing signed out); without one the token’s client decides', async () => {
    const m = await memberTokens(emu);
    const other = await post(
      REDIRECT,
      { logout: { clientId: 'other-client' }, callbacks: { postFlowUrl: `${OTHER}/` } },
      m.access,
    );
    expect(violations(other)).toEqual([
      expect.objectContaining({ field: 'logout.clientId', violatedRule: 'VALIDATION' }),
    ]);
    expect((await api(emu, MY, { token: m.access })).status).toBe(200);
    const bodyless = await post(REDIRECT, { logout: {}, callbacks: { postFlowUrl: `${OTHER}/` } }, m.access);
    expect(violations(bodyless)).toEqual([expect.objectContaining({ field: 'callbacks.postFlowUrl' })]);
    const ok = await post(REDIRECT, { logout: {}, callbacks: { postFlowUrl: `${SITE}/` } }, m.access);
    expect(ok.status).toBe(200);
    const go = await fetch(ok.json.redirectSession.fullUrl, { redirect: 'manual' });
    expect([go.status, go.headers.get('location')]).toEqual([302, `${SITE}/`]);
    expect((await api(emu, MY, { token: m.access })).status).toBe(401);
  });

  it('sign-in and reset links go to the token’s own client only', async () => {
    const auth = await post(
      REDIRECT,
      authBody({ clientId: 'other-client', responseMode: 'fragment', redirectUri: `${OTHER}/cb` }, 'login'),
    );
    expect(violations(auth)).toEqual([expect.objectContaining({ field: 'auth.authRequest.clientId' })]);
    const email = `reset.${clock}@example.com`;
    const reset = await post(`${RECOVERY}/send-email`, {
      email,
      redirect: { url: `${OTHER}/`, clientId: 'other-client' },
    });
    expect(violations(reset)).toEqual([expect.objectContaining({ field: 'redirect.clientId' })]);
  });
});

describe('change-password ends the other sessions', () => {
  it(
    'other devices, sign-ins in flight and reset links stop working; the caller stays signed in',
    async () => {
      setSetting(emu.db, 'signup_policy', 'immediate');
      const email = fresh();
      const id = (await post(`${AUTHN}/register`, { loginId: { email }, password: 'correct horse' })).json.identity
        .id as string;
      const otherDevice = issueMemberTokens(emu.db, { clientId: DEMO_CLIENT_ID, memberId: id }, clock, 3600);
      const caller = issueMemberTokens(emu.db, { clientId: DEMO_CLIENT_ID, memberId: id }, clock, 3600);
      const pendingSession = (await post(`${AUTHN}/login`, { loginId: { email }, password: 'correct horse' })).json
        .sessionToken as string;
      const pendingCode = issueAuthorizationCode(
        emu.db,
        { clientId: DEMO_CLIENT_ID, memberId: id, codeChallenge: pkceChallenge(VERIFIER) },
        clock,
      );
      await post(`${RECOVERY}/send-email`, { email });
      const resetToken = new URL((await lastMail(email)).link).searchParams.get('inlay-reset')!;

      expect(
        (await post(`${AUTHN}/change-password`, { newPassword: 'new password 1' }, caller.access_token)).json,
      ).toEqual({});

      const refresh = (token: string) =>
        api(emu, '/oauth2/token', {
          body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: token },
        });
      expect((await api(emu, MY, { token: otherDevice.access_token })).status).toBe(401);
      expect(appCode(await refresh(otherDevice.refresh_token))).toBe('INVALID_REFRESH_TOKEN');
      expect((await api(emu, MY, { token: caller.access_token })).status).toBe(200);
      const renewed = await refresh(caller.refresh_token);
      expect(renewed.status).toBe(200);
      expect((await api(emu, MY, { token: renewed.json.access_token })).status).toBe(200);

      const silent = await post(REDIRECT, authBody({ responseMode: 'web_message', sessionToken: pendingSession }));
      expect(oauthData(await (await fetch(silent.json.redirectSession.fullUrl)).text()).message.error).toBe(
        'login_required',
      );
      const code = await api(emu, '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'authorization_code', code: pendingCode, codeVerifier: VERIFIER },
      });
      expect(appCode(code)).toBe('INVALID_GRANT');
      expect(appCode(await post(`${RECOVERY}/recover`, { recoveryToken: resetToken, password: 'attacker pw 1' }))).toBe(
        'INVALID_RECOVERY_TOKEN',
      );
      expect((await post(`${AUTHN}/login`, { loginId: { email }, password: 'new password 1' })).json.state).toBe(
        'SUCCESS',
      );
    },
    SLOW,
  );
});

describe('throttling aims at the attacker', () => {
  const member = DEMO_LOGINS.member;
  const captcha = [{ Recaptcha: DEV_CAPTCHA_TOKEN }];

  it(
    '10 wrong passwords lock that address out of that account (429 + Retry-After), not the member signing in elsewhere',
    async () => {
      for (let i = 0; i < 10; i++) {
        const r = await postFrom('127.0.0.2', `${AUTHN}/login`, {
          loginId: { email: member.email },
          password: `guess ${i}`,
          captchaTokens: captcha,
        });
        expect([r.status, r.json.details.applicationError.code]).toEqual([400, '-19976']);
      }
      const locked = await postFrom('127.0.0.2', `${AUTHN}/login`, {
        loginId: { email: member.email },
        password: member.password,
        captchaTokens: captcha,
      });
      expectRateLimited(locked, 15 * 60);
      // the real member, from another address: no lock and no captcha
      const real = await postFrom('127.0.0.3', `${AUTHN}/login`, {
        loginId: { email: member.email },
        password: member.password,
      });
      expect(real.json.state).toBe('SUCCESS');
      // the attacker's address may still sign in to another account (below the address's own limits)
      const owner = await postFrom('127.0.0.2', `${AUTHN}/login`, {
        loginId: { email: DEMO_LOGINS.owner.email },
        password: DEMO_LOGINS.owner.password,
      });
      expect(owner.json.state).toBe('SUCCESS');
    },
    SLOW,
  );

  it(
    'guesses sent in parallel each meet the ones before them (a captcha from the fourth); right passwords count nothing',
    async () => {
      const guesses = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          postFrom('127.0.0.6', `${AUTHN}/login`, { loginId: { email: member.email }, password: `parallel ${i}` }),
        ),
      );
      const codes = guesses.map((r) => r.json.details.applicationError.code as string);
      expect(codes.filter((c) => c === '-19976')).toHaveLength(3); // the first three reach the hash check
      expect(codes.filter((c) => c === '-19971')).toHaveLength(13); // the rest need a captcha first
      // twelve right answers from one address: its failure count stays at zero
      for (let i = 0; i < 12; i++) {
        const ok = await postFrom('127.0.0.7', `${AUTHN}/login`, {
          loginId: { email: DEMO_LOGINS.owner.email },
          password: DEMO_LOGINS.owner.password,
        });
        expect(ok.json.state).toBe('SUCCESS');
      }
      const row = emu.db
        .prepare<[string], { failures: number }>('SELECT failures FROM identity_login_failures WHERE key = ?')
        .get('ip:127.0.0.7');
      expect(row?.failures ?? 0).toBe(0);
    },
    SLOW,
  );

  it(
    'an address trying many accounts needs a captcha, then gets 429; the member elsewhere is not affected',
    async () => {
      for (let i = 0; i < 50; i++) {
        const r = await postFrom('127.0.0.4', `${AUTHN}/login`, {
          loginId: { email: `nobody${i}@example.com` },
          password: 'whatever1',
          captchaTokens: captcha,
        });
        expect(r.status).toBe(404);
      }
      const needs = await postFrom('127.0.0.4', `${AUTHN}/login`, {
        loginId: { email: 'nobody@example.com' },
        password: 'whatever1',
      });
      expectRateLimited(needs, 15 * 60);
      expect(
        (await postFrom('127.0.0.5', `${AUTHN}/login`, { loginId: { email: member.email }, password: member.password }))
          .json.state,
      ).toBe('SUCCESS');
    },
    SLOW,
  );

  it('the address is the socket peer: IPv4-mapped IPv6 unwrapped, IPv6 counted per /64', () => {
    const of = (remoteAddress: string) => clientAddress({ socket: { remoteAddress } } as never);
    expect(of('127.0.0.2')).toBe('127.0.0.2');
    expect(of('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(of('2001:db8:0001:0:1:2:3:4')).toBe('2001:db8:1:0::/64');
    expect(of('2001:db8:1::9')).toBe(of('2001:db8:1:0:ffff::1'));
  });

  it(
    'anonymous tokens: the default limit stops a burst from one address (1,000 passed before)',
    async () => {
      const grant = (address: string) =>
        postFrom(address, '/oauth2/token', { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }, undefined);
      let passed = 0;
      let last: Reply | undefined;
      for (let i = 0; i < 130; i++) {
        last = await grant('127.0.0.6');
        if (last.status !== 200) break;
        passed++;
      }
      expect(passed).toBe(DEFAULT_THROTTLE_LIMITS.anonymousTokensPerAddress.max);
      expectRateLimited(last!, 60);
      expect((await grant('127.0.0.7')).status).toBe(200);
      clock += 60_000;
      expect((await grant('127.0.0.6')).status).toBe(200);
    },
    SLOW,
  );
});

describe('reset mails: the attacker is throttled, not the member', () => {
  let own: RunningEmulator;
  let t = Date.parse('2026-06-01T10:00:00Z');
  beforeAll(async () => {
    own = await startTestEmulator({ now: () => t });
    setSetting(own.db, 'signup_policy', 'immediate');
  });
  afterAll(() => own?.close());
  const visitorOf = async () => (await visitorTokens(own)).access;
  const mails = async (to: string) =>
    ((await api(own, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages as { subject: string }[]).filter(
      (m) => m.subject === 'Reset your password',
    ).length;
  const send = (address: string, email: string, token: string) =>
    postFrom(address, `${RECOVERY}/send-email`, { email }, token, own);

  it(
    'five requests from other addresses: three unwanted mails at most, then 429; the member’s own requests still go',
    async () => {
      const email = `victim.${t}@example.com`;
      const ghost = `ghost.${t}@example.com`; // no account: answered exactly alike
      const home = '127.0.0.40';
      const browser = await visitorOf();
      const reg = await postFrom(
        home,
        `${AUTHN}/register`,
        { loginId: { email }, password: 'correct horse' },
        browser,
        own,
      );
      expect(reg.json.state).toBe('SUCCESS');
      expect(DEFAULT_THROTTLE_LIMITS.resetMailsPerEmail.max).toBe(3); // lower than the 5 it was
      const attacker = await visitorOf();
      for (const target of [email, ghost]) {
        const answers: (number | string)[] = [];
        for (let i = 0; i < 5; i++) {
          const r = await send(`127.0.0.${41 + i}`, target, attacker);
          answers.push(r.status === 200 ? JSON.stringify(r.json) : r.json.details.applicationError.code);
          if (r.status === 429) expectRateLimited(r, 3600);
        }
        expect(answers, target).toEqual(['{}', '{}', '{}', 'RESOURCE_EXHAUSTED', 'RESOURCE_EXHAUSTED']);
      }
      expect(await mails(email)).toBe(3);
      expect(await mails(ghost)).toBe(0);
      // one unknown address alone gets fewer still (2), and cannot spend the member's own budget
      const other = `other.${t}@example.com`;
      await postFrom(home, `${AUTHN}/register`, { loginId: { email: other }, password: 'correct horse' }, browser, own);
      const lone = await visitorOf();
      expect((await send('127.0.0.50', other, lone)).status).toBe(200);
      expect((await send('127.0.0.50', other, lone)).status).toBe(200);
      expectRateLimited(await send('127.0.0.50', other, lone), 3600);
      expect((await send('127.0.0.51', other, lone)).status).toBe(200);

      // the member: from the address they signed in from (a new browser there), and from the same browser elsewhere
      expect((await send(home, email, await visitorOf())).json).toEqual({});
      expect(await mails(email)).toBe(4);
      expect((await send('127.0.0.60', email, browser)).json).toEqual({});
      expect(await mails(email)).toBe(5);
      // signed in, from anywhere: its own member token is the member asking
      const mine = issueMemberTokens(own.db, { clientId: DEMO_CLIENT_ID, memberId: reg.json.identity.id }, t, 3600);
      expect((await send('127.0.0.62', email, mine.access_token)).json).toEqual({});
      expect(await mails(email)).toBe(6);
      // still 429 for anyone else, and the member's own budget is its own (5 an hour per requester)
      expectRateLimited(await send('127.0.0.61', email, attacker), 3600);
      for (let i = 0; i < 4; i++) expect((await send(home, email, await visitorOf())).status).toBe(200);
      expectRateLimited(await send(home, email, await visitorOf()), 3600);
      expect((await send('127.0.0.60', email, browser)).status).toBe(200);
      t += 3_600_000;
      expect((await send('127.0.0.61', email, attacker)).status).toBe(200);
    },
    SLOW,
  );

  it('the hosted sign-in page makes its address and browser known too', async () => {
    const email = `hosted.${t}@example.com`;
    await api(own, `${AUTHN}/register`, {
      token: await visitorOf(),
      body: { loginId: { email }, password: 'correct horse' },
    });
    for (let i = 0; i < 3; i++) await send(`127.0.0.${70 + i}`, email, await visitorOf());
    expectRateLimited(await send('127.0.0.73', email, await visitorOf()), 3600);
    // the member signs in on the hosted page from 127.0.0.74 (a browser form: no token, its session's visitor)
    const browser = await visitorOf();
    const session = await postFrom(
      '127.0.0.74',
      REDIRECT,
      authBody({ responseMode: 'fragment', redirectUri: `${SITE}/` }, 'login'),
      browser,
      own,
    );
    const url = new URL(session.json.redirectSession.fullUrl as string);
    const signIn = await new Promise<number>((resolve, reject) => {
      const body = new URLSearchParams({ email, password: 'correct horse' }).toString();
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: 'POST',
          localAddress: '127.0.0.74',
          agent: false,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            origin: url.origin,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(signIn).toBe(302);
    expect((await send('127.0.0.74', email, await visitorOf())).status).toBe(200);
    expect((await send('127.0.0.75', email, browser)).status).toBe(200);
    expectRateLimited(await send('127.0.0.76', email, await visitorOf()), 3600);
  });
});

describe('rate limits, small through EmulatorOptions.throttle', () => {
  let small: RunningEmulator;
  let t = Date.parse('2026-06-01T10:00:00Z');
  let token: string;
  beforeAll(async () => {
    small = await startTestEmulator({
      now: () => t,
      throttle: {
        anonymousTokensPerAddress: { max: 3, windowMs: 60_000 },
        signupsPerAddress: { max: 2, windowMs: 3_600_000 },
        resetMailsPerAddress: { max: 3, windowMs: 3_600_000 },
        resetMailsPerEmail: { max: 2, windowMs: 3_600_000 },
      },
    });
    token = (await visitorTokens(small)).access;
  });
  afterAll(() => small?.close());
  const from = (address: string, path: string, body: unknown, auth: string | undefined = token) =>
    postFrom(address, path, body, auth, small);

  it('anonymous tokens per address', async () => {
    const grant = (address: string) =>
      from(address, '/oauth2/token', { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }, undefined);
    for (let i = 0; i < 3; i++) expect((await grant('127.0.0.8')).status).toBe(200);
    expectRateLimited(await grant('127.0.0.8'), 60);
    expect((await grant('127.0.0.9')).status).toBe(200);
    t += 60_000;
    expect((await grant('127.0.0.8')).status).toBe(200);
  });

  it('sign-ups per address (a refused duplicate counts too)', async () => {
    const email = `dup.${t}@example.com`;
    expect(
      (await from('127.0.0.10', `${AUTHN}/register`, { loginId: { email }, password: 'correct horse' })).status,
    ).toBe(200);
    expect(
      (await from('127.0.0.10', `${AUTHN}/register`, { loginId: { email }, password: 'correct horse' })).status,
    ).toBe(409);
    expectRateLimited(
      await from('127.0.0.10', `${AUTHN}/register`, { loginId: { email: `x.${email}` }, password: 'correct horse' }),
      3600,
    );
    // bad input is refused before it counts
    expect(
      (await from('127.0.0.10', `${AUTHN}/register`, { loginId: { email: 'nope' }, password: 'correct horse' })).status,
    ).toBe(400);
    expect(
      (await from('127.0.0.11', `${AUTHN}/register`, { loginId: { email: `y.${email}` }, password: 'correct horse' }))
        .status,
    ).toBe(200);
  });

  it('password-reset mails per email (members or not: same answer) and per address', async () => {
    const send = (address: string, email: string) => from(address, `${RECOVERY}/send-email`, { email });
    for (let i = 0; i < 2; i++) expect((await send('127.0.0.12', 'ghost@example.com')).json).toEqual({});
    expectRateLimited(await send('127.0.0.13', 'ghost@example.com'), 3600);
    expect((await send('127.0.0.14', DEMO_LOGINS.member.email)).json).toEqual({});
    expect((await send('127.0.0.14', DEMO_LOGINS.member.email)).json).toEqual({});
    expectRateLimited(await send('127.0.0.14', DEMO_LOGINS.member.email), 3600);
    expect((await send('127.0.0.14', 'a@example.com')).json).toEqual({});
    expectRateLimited(await send('127.0.0.14', 'b@example.com'), 3600);
    t += 3_600_000;
    expect((await send('127.0.0.14', 'b@example.com')).json).toEqual({});
  });
});

describe('hosted pages', () => {
  const account = async (token: string) =>
    (
      await post(
        REDIRECT,
        { memberAccountPage: { section: 'ACCOUNT_INFO' }, callbacks: { postFlowUrl: `${SITE}/` } },
        token,
      )
    ).json.redirectSession.fullUrl as string;
  const formPost = (url: string, body: Record<string, string>, headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body).toString(),
    });

  it('the account link ends with the member’s session: sign-out or revocation, GET and POST', async () => {
    const m = await memberTokens(emu);
    const url = await account(m.access);
    expect((await fetch(url)).status).toBe(200);
    const logout = await post(REDIRECT, { logout: { clientId: DEMO_CLIENT_ID } }, m.access);
    expect((await fetch(url)).status).toBe(200); // until the logout URL is visited
    expect((await fetch(logout.json.redirectSession.fullUrl, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(url)).status).toBe(404);
    expect((await formPost(url, { op: 'leave' }, { origin: emu.hostedUrl })).status).toBe(404);
    const m2 = await memberTokens(emu);
    expect((await api(emu, `${MY}?fieldsets=FULL`, { token: m2.access })).json.member.privacyStatus).toBe('PUBLIC');

    const url2 = await account(m2.access);
    expect((await fetch(url2)).status).toBe(200);
    revokeMemberTokens(emu.db, seedIds.members.member);
    expect((await fetch(url2)).status).toBe(404);
  });

  it('a post from another site (or with neither Origin nor a same-origin Referer) gets a 403 page and changes nothing', async () => {
    const m = await memberTokens(emu);
    const url = await account(m.access);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example', referer: `${emu.hostedUrl}/_hosted/account` },
      { origin: emu.url }, // the API's origin is another origin than the pages'
    ];
    for (const headers of crossSite) {
      const r = await formPost(url, { op: 'nickname', nickname: 'Pwned' }, headers);
      expect([r.status, r.headers.get('content-type')], JSON.stringify(headers)).toEqual([
        403,
        'text/html; charset=utf-8',
      ]);
      expect(await r.text()).toContain('sent from another site');
    }
    expect((await api(emu, `${MY}?fieldsets=FULL`, { token: m.access })).json.member.profile.nickname).toBe('Maya');
    expect((await formPost(url, { op: 'join' }, { origin: emu.hostedUrl })).status).toBe(200);
    expect((await formPost(url, { op: 'join' }, { referer: `${url}` })).status).toBe(200);

    // the login page: refused before any password is looked at
    const login = (await post(REDIRECT, authBody({ responseMode: 'fragment', redirectUri: `${SITE}/` }, 'login'))).json
      .redirectSession.fullUrl as string;
    const cross = await formPost(
      login,
      { email: DEMO_LOGINS.member.email, password: DEMO_LOGINS.member.password },
      { origin: 'https://evil.example' },
    );
    expect(cross.status).toBe(403);
    expect(cross.headers.get('location')).toBeNull();
    const same = await formPost(
      login,
      { email: DEMO_LOGINS.member.email, password: DEMO_LOGINS.member.password },
      { origin: emu.hostedUrl },
    );
    expect(same.status).toBe(302);
    // the pages keep a real Origin on their own posts (no-referrer would make the browser send Origin: null)
    expect((await fetch(url)).headers.get('referrer-policy')).toBe('same-origin');
  });
});
