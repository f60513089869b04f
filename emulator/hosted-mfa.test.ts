/**
 * The hosted sign-in page's second step (issue 42; docs/wire.md "Second factors, passkeys and required fields"): after
 * the right password, a member with a second factor is asked for a code (authenticator app, email, text message) on
 * a server-rendered form; a right code ends in the same redirect with an authorization code as a password-only
 * sign-in; wrong codes count with the verify call's rules; a code is sent again 30 s apart; a remembered device skips
 * the step; a passkey is left to the site's sign-in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pkceChallenge } from './domain/auth.ts';
import { totpCode } from './domain/mfa.ts';
import { DEMO_LOGINS } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { api, createTestMember, DEMO_CLIENT_ID, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';

const SITE = 'http://127.0.0.1:5173';
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const PASSWORD = 'the-first-factor';
const VERIFIER = 'hosted-mfa-test-verifier-0123456789-abcdefghijk';

let emu: RunningEmulator;
let clock = Date.parse('2026-06-01T10:00:00Z');
let visitor: string;

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
});
afterAll(() => emu.close());
beforeEach(async () => {
  emu.db.prepare('DELETE FROM identity_login_failures').run();
  clock += 3_600_000; // a fresh TOTP window and no code cooldown left over
  visitor = (await visitorTokens(emu)).access;
});

let n = 0;
/** A new approved member (password {@link PASSWORD}) with the given factors enrolled through the dev route. */
async function memberWith(...factors: Record<string, unknown>[]): Promise<{ id: string; email: string }> {
  const email = `hosted-mfa${++n}.${clock}@example.com`;
  const id = await createTestMember(emu, email, PASSWORD);
  for (const f of factors) {
    const r = await api(emu, '/_dev/members/factors', { method: 'POST', body: { email, ...f } });
    expect(r.status, r.text).toBe(200);
  }
  return { id, email };
}

/** A new hosted sign-in (prompt login): its page's URL. */
async function signInPage(): Promise<string> {
  const rs = await api(emu, '/_api/redirects-api/v1/redirect-session', {
    token: visitor,
    body: {
      auth: {
        authRequest: {
          clientId: DEMO_CLIENT_ID,
          codeChallenge: pkceChallenge(VERIFIER),
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          state: 'hosted-mfa',
          redirectUri: `${SITE}/`,
        },
        prompt: 'login',
      },
    },
  });
  expect(rs.status, rs.text).toBe(200);
  return rs.json.redirectSession.fullUrl as string;
}

interface Page {
  status: number;
  location: string | null;
  cookie: string | null;
  html: string;
}
/** A form post to the page, from its own origin (and `cookie`, if given). */
async function postForm(url: string, fields: Record<string, string>, cookie?: string): Promise<Page> {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: emu.hostedUrl,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    cookie: res.headers.get('set-cookie'),
    html: await res.text(),
  };
}

/** The step's hidden state token. */
const stateTokenOf = (html: string) => /name="stateToken" value="([^"]+)"/.exec(html)?.[1];
const password = (url: string, email: string, cookie?: string) => postForm(url, { email, password: PASSWORD }, cookie);
const answer = (
  url: string,
  stateToken: string,
  factorType: string,
  code: string,
  extra: Record<string, string> = {},
) => postForm(url, { step: 'mfa', stateToken, factorType, action: 'verify', code, ...extra });
const lastCode = async (to: string) =>
  (await api(emu, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages[0]?.code as string | undefined;

/** The authorization code of a redirect, exchanged at the token endpoint: the member of the tokens. */
async function exchange(location: string): Promise<string> {
  const params = new URLSearchParams(new URL(location).hash.slice(1));
  expect(params.get('state')).toBe('hosted-mfa');
  const r = await api(emu, '/oauth2/token', {
    body: {
      clientId: DEMO_CLIENT_ID,
      grantType: 'authorization_code',
      code: params.get('code'),
      codeVerifier: VERIFIER,
      redirectUri: `${SITE}/`,
    },
  });
  expect(r.status, r.text).toBe(200);
  const me = await api(emu, '/members/v1/members/my', { method: 'GET', token: r.json.access_token as string });
  expect(me.status, me.text).toBe(200);
  return me.json.member.id as string;
}

describe('the hosted sign-in page with a second factor', () => {
  it('asks for the authenticator code after the right password, then redirects with a code the token endpoint takes', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET }, { type: 'EMAIL' });
    const url = await signInPage();
    const step = await password(url, m.email);
    expect(step.status).toBe(200);
    expect(step.location).toBeNull(); // no authorization code on the password alone
    expect(step.html).toContain('Enter the code from your authenticator app');
    expect(step.html).toContain('autocomplete="one-time-code"');
    expect(step.html).toContain('Remember this device');
    expect(step.html).toContain('Get a code by email'); // the member's other factor
    expect(step.html).not.toContain('Send the code again'); // nothing was sent for an authenticator app
    const token = stateTokenOf(step.html)!;
    expect(token).toBeTruthy();

    const done = await answer(url, token, 'TOTP', totpCode(SECRET, clock));
    expect(done.status, done.html).toBe(302);
    expect(done.cookie).toBeNull(); // not remembered
    expect(await exchange(done.location!)).toBe(m.id);
    // the sign-in and its state are spent
    expect((await answer(url, token, 'TOTP', totpCode(SECRET, clock + 30_000))).location).toBeNull();
  });

  it('counts wrong codes: two said with the tries left, the third ends the sign-in with the lockout words', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const url = await signInPage();
    const token = stateTokenOf((await password(url, m.email)).html)!;
    const first = await answer(url, token, 'TOTP', '000000');
    expect(first.status).toBe(400);
    expect(first.html).toContain('Wrong code. 2 more tries before this sign-in is locked.');
    expect(stateTokenOf(first.html)).toBe(token); // the same step again
    expect((await answer(url, token, 'TOTP', '000001')).html).toContain('Wrong code. One more try');
    const third = await answer(url, token, 'TOTP', '000002');
    expect(third.status).toBe(400);
    expect(third.location).toBeNull();
    expect(third.html).toContain('Too many wrong codes. Sign in again.');
    expect(third.html).toContain('name="password"'); // back to the sign-in form
    expect(stateTokenOf(third.html)).toBeUndefined();
    // the right code no longer opens this state
    const late = await answer(url, token, 'TOTP', totpCode(SECRET, clock));
    expect(late.location).toBeNull();
    expect(late.html).toContain('This sign-in has expired. Sign in again.');
  });

  it('an emailed code: sent once, sent again only 30 s later (said), and the new code signs in', async () => {
    const m = await memberWith({ type: 'EMAIL' });
    const url = await signInPage();
    const step = await password(url, m.email);
    expect(step.html).toContain('Enter the code we emailed you');
    expect(step.html).toContain(`h•••@example.com`);
    expect(step.html).toContain('A new code can be sent 30 seconds after the last one.');
    const token = stateTokenOf(step.html)!;
    const first = await lastCode(m.email);
    expect(first).toMatch(/^\d{6}$/);

    clock += 10_000;
    const soon = await postForm(url, { step: 'mfa', stateToken: token, factorType: 'EMAIL', action: 'resend' });
    expect(soon.status).toBe(400);
    expect(soon.html).toContain('wait 20 more seconds');
    expect(await lastCode(m.email)).toBe(first); // nothing sent

    clock += 21_000;
    const again = await postForm(url, { step: 'mfa', stateToken: token, factorType: 'EMAIL', action: 'resend' });
    expect(again.status).toBe(200);
    expect(again.html).toContain('We sent you a new code.');
    const second = await lastCode(m.email);
    expect(second).not.toBe(first);
    if (first !== second) expect((await answer(url, token, 'EMAIL', first!)).html).toContain('Wrong code');
    const done = await answer(url, token, 'EMAIL', second!);
    expect(done.status, done.html).toBe(302);
    expect(await exchange(done.location!)).toBe(m.id);
  });

  it('switches to another of the member’s factors', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET }, { type: 'SMS', phone: '+15550100' });
    const url = await signInPage();
    const token = stateTokenOf((await password(url, m.email)).html)!;
    const sms = await postForm(url, { step: 'mfa', stateToken: token, factorType: 'SMS', action: 'switch' });
    expect(sms.status).toBe(200);
    expect(sms.html).toContain('Enter the code we texted you');
    expect(sms.html).toContain('••••0100');
    expect(sms.html).toContain('Use your authenticator app instead');
    const done = await answer(url, token, 'SMS', (await lastCode('sms:+15550100'))!);
    expect(done.status, done.html).toBe(302);
  });

  it('"Remember this device" skips the step on the next sign-in from that browser only', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const url = await signInPage();
    const token = stateTokenOf((await password(url, m.email)).html)!;
    const done = await answer(url, token, 'TOTP', totpCode(SECRET, clock), { remember: 'on' });
    expect(done.status, done.html).toBe(302);
    expect(done.cookie).toMatch(
      /^inlay_trusted_device=[^;]+; Path=\/oauth2\/authorize; Max-Age=\d+; HttpOnly; SameSite=Lax/,
    );
    const cookie = done.cookie!.split(';')[0]!;

    const remembered = await password(await signInPage(), m.email, cookie);
    expect(remembered.status).toBe(302);
    expect(await exchange(remembered.location!)).toBe(m.id);
    // another browser (no cookie), or another member's cookie, is asked
    expect((await password(await signInPage(), m.email)).html).toContain('one-time-code');
    const other = await memberWith({ type: 'TOTP', secret: SECRET });
    expect((await password(await signInPage(), other.email, cookie)).html).toContain('one-time-code');
  });

  it('a passkey is left to the site’s sign-in: only passkey, said; with another factor, that one is asked', async () => {
    const url = await signInPage();
    const only = await postForm(url, DEMO_LOGINS.passkey);
    expect(only.status).toBe(400);
    expect(only.location).toBeNull();
    expect(only.html).toContain('Use a passkey from the site’s sign-in.');
    expect(stateTokenOf(only.html)).toBeUndefined();

    const both = await memberWith(
      { type: 'WEBAUTHN', credentialId: 'hosted-mfa-credential', publicKey: 'pQECAyYgASFYIA' },
      { type: 'EMAIL' },
    );
    const step = await password(await signInPage(), both.email);
    expect(step.status).toBe(200);
    expect(step.html).toContain('Enter the code we emailed you'); // switched from the passkey the login asked for
    expect(step.html).toContain('Use a passkey from the site’s sign-in.');
    expect(await lastCode(both.email)).toMatch(/^\d{6}$/);
  });

  it('tells nothing to someone without the password, and refuses a step from another site or with a made-up state', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const url = await signInPage();
    const wrong = await postForm(url, { email: m.email, password: 'not-the-password' });
    expect(wrong.html).toContain('Wrong email or password.');
    expect(wrong.html).not.toContain('authenticator');
    expect(stateTokenOf(wrong.html)).toBeUndefined();

    const madeUp = await answer(url, 'made-up-state', 'TOTP', totpCode(SECRET, clock));
    expect(madeUp.location).toBeNull();
    expect(madeUp.html).toContain('This sign-in has expired. Sign in again.');

    const token = stateTokenOf((await password(url, m.email)).html)!;
    const cross = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ step: 'mfa', stateToken: token, factorType: 'TOTP', code: totpCode(SECRET, clock) }),
    });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('location')).toBeNull();
  });
});
