/**
 * Second factors, passkeys and the sign-up form's required fields (issue 42; docs/wire.md "Second factors, passkeys
 * and required fields"): login answers MFA_CHALLENGE, `…/v2/{factorType}/verify` checks real TOTP codes (fixed
 * clock) and real WebAuthn assertions, refusals, lockout, remembered devices, REQUIRE_MISSING_FIELDS, the dev routes.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { consumeSessionToken, DEV_CAPTCHA_TOKEN } from './domain/identity.ts';
import { totpCode } from './domain/mfa.ts';
import { setSetting } from './domain/settings.ts';
import { DEMO_LOGINS, DEMO_TOTP_SECRET, seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { api, createTestMember, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import { DEMO_PASSKEY, signAssertion } from '../tests/helpers/passkey.ts';

const AUTHN = '/_api/iam/authentication/v2';
const SITE = 'http://127.0.0.1:5173';
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
const PASSWORD = 'the-first-factor';

let emu: RunningEmulator;
let clock = Date.parse('2026-06-01T10:00:00Z');
let visitor: string;

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
});
afterAll(() => emu.close());
beforeEach(async () => {
  emu.db.prepare('DELETE FROM identity_login_failures').run();
  setSetting(emu.db, 'signupRequiredFields', []);
  clock += 3_600_000; // a fresh TOTP window and no code cooldown left over
  visitor = (await visitorTokens(emu)).access; // one that has not expired on this clock
});

type Reply = Awaited<ReturnType<typeof api>>;
const post = (path: string, body: unknown, opts: { token?: string; origin?: string } = {}) =>
  api(emu, path, {
    body,
    token: opts.token ?? visitor,
    ...(opts.origin ? { headers: { Origin: opts.origin } } : {}),
  });
/** Logins carry the dev captcha: wrong factor answers make the next login ask for one (the password's rules). */
const CAPTCHA = [{ Recaptcha: DEV_CAPTCHA_TOKEN }];
const login = (email: string, extra: Record<string, unknown> = {}, origin?: string) =>
  post(
    `${AUTHN}/login`,
    { loginId: { email }, password: PASSWORD, captchaTokens: CAPTCHA, ...extra },
    origin ? { origin } : {},
  );
const verify = (type: string, body: Record<string, unknown>, origin?: string) =>
  post(`${AUTHN}/${type}/verify`, body, origin ? { origin } : {});
const dev = (method: string, path: string, body?: unknown) => api(emu, path, { method, body });
const appCode = (r: Reply) => r.json?.details?.applicationError?.code as string | undefined;
const violations = (r: Reply) =>
  (r.json?.details?.validationError?.fieldViolations ?? []) as { field: string; violatedRule: string }[];
const lastCode = async (to: string) =>
  (await api(emu, `/_dev/mailbox?to=${encodeURIComponent(to)}`)).json.messages[0]?.code as string | undefined;

let n = 0;
/** A new approved member (password {@link PASSWORD}) with the given factors enrolled through the dev route. */
async function memberWith(...factors: Record<string, unknown>[]): Promise<{ id: string; email: string }> {
  const email = `mfa${++n}.${clock}@example.com`;
  const id = await createTestMember(emu, email, PASSWORD);
  for (const f of factors) {
    const r = await dev('POST', '/_dev/members/factors', { email, ...f });
    expect(r.status, r.text).toBe(200);
  }
  return { id, email };
}

/** A new P-256 passkey: what the dev route enrols, and the private key to sign with. */
function newPasskey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  return {
    credentialId: randomBytes(16).toString('base64url'),
    publicKey: Buffer.from(cose).toString('base64url'),
    privateKeyPkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

const webauthnOf = (r: Reply) => {
  const w = r.json.mfaChallengeData.verificationChallengeData.webauthnData;
  return { challengeId: w.challengeId as string, options: JSON.parse(w.publicKeyCredentialRequestOptionsJson) };
};

describe('login with a second factor', () => {
  it('answers MFA_CHALLENGE as the typings say, nothing signed in; the right TOTP code answers SUCCESS', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const r = await login(m.email);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      state: 'MFA_CHALLENGE',
      stateToken: expect.any(String),
      mfaChallengeData: {
        factorType: 'TOTP',
        availableFactors: [{ factorType: 'TOTP', factorStatus: 'ENABLED' }],
        reason: 'USER_SETTINGS',
      },
    });
    expect(r.json.sessionToken).toBeUndefined();
    expect(r.json.identity.factors).toEqual([
      { type: 'PASSWORD', status: 'ACTIVE' },
      { factorId: expect.any(String), type: 'TOTP', status: 'ACTIVE' },
    ]);
    const ok = await verify('TOTP', {
      stateToken: r.json.stateToken,
      factorType: 'TOTP',
      totpData: { code: totpCode(SECRET, clock) },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    // the session token is a password login's: it signs the member in once
    expect(consumeSessionToken(emu.db, ok.json.sessionToken, clock)).toBe(m.id);
    // the state token is spent
    const again = await verify('TOTP', { stateToken: r.json.stateToken, totpData: { code: totpCode(SECRET, clock) } });
    expect([again.status, appCode(again)]).toEqual([400, 'NOT_FOUND']);
  });

  it('TOTP: a wrong code is refused, a replayed one too, one step either side is accepted, two are not', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const first = await login(m.email);
    const wrongCode = String((Number(totpCode(SECRET, clock)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await verify('TOTP', { stateToken: first.json.stateToken, totpData: { code: wrongCode } });
    expect([wrong.status, appCode(wrong)]).toEqual([400, 'BAD_CODE']);
    const code = totpCode(SECRET, clock);
    expect((await verify('TOTP', { stateToken: first.json.stateToken, totpData: { code } })).json.state).toBe(
      'SUCCESS',
    );
    // the same code in its window, on a new sign-in: refused as replayed
    const second = await login(m.email);
    const replay = await verify('TOTP', { stateToken: second.json.stateToken, totpData: { code } });
    expect([replay.status, appCode(replay)]).toEqual([400, 'BAD_CODE']);
    expect(replay.json.message).toMatch(/already used/);
    // the previous step's code is older than the one used: refused too
    const older = await verify('TOTP', {
      stateToken: second.json.stateToken,
      totpData: { code: totpCode(SECRET, clock - 30_000) },
    });
    expect(appCode(older)).toBe('BAD_CODE');
    // fresh member: one step late is accepted, two are not
    const m2 = await memberWith({ type: 'TOTP', secret: SECRET });
    const s2 = (await login(m2.email)).json.stateToken;
    const tooOld = await verify('TOTP', { stateToken: s2, totpData: { code: totpCode(SECRET, clock - 60_000) } });
    expect(appCode(tooOld)).toBe('BAD_CODE');
    const late = await verify('TOTP', { stateToken: s2, totpData: { code: totpCode(SECRET, clock - 30_000) } });
    expect(late.json.state).toBe('SUCCESS');
  });

  it('an expired state token is refused (10 minutes)', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const r = await login(m.email);
    clock += 10 * 60_000 + 1;
    const late = await verify('TOTP', { stateToken: r.json.stateToken, totpData: { code: totpCode(SECRET, clock) } });
    expect([late.status, appCode(late)]).toEqual([400, 'NOT_FOUND']);
    const unknown = await verify('TOTP', { stateToken: 'not-a-state-token', totpData: { code: '123456' } });
    expect([unknown.status, appCode(unknown)]).toEqual([400, 'NOT_FOUND']);
  });

  it('the third wrong code spends the sign-in (429) and the password then needs a captcha; 10 lock both out', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const bad = (s: string) => verify('TOTP', { stateToken: s, totpData: { code: '000000' } });
    const s = (await login(m.email)).json.stateToken;
    expect(appCode(await bad(s))).toBe('BAD_CODE');
    expect(appCode(await bad(s))).toBe('BAD_CODE');
    const third = await bad(s);
    expect([third.status, appCode(third)]).toEqual([429, 'RESOURCE_EXHAUSTED']);
    const fourth = await verify('TOTP', { stateToken: s, totpData: { code: totpCode(SECRET, clock) } });
    expect(appCode(fourth)).toBe('NOT_FOUND'); // even the right code: the sign-in is spent
    // the password's rules: 3 failures of this (email, address) ask for a captcha
    const noCaptcha = await login(m.email, { captchaTokens: [] });
    expect([noCaptcha.status, appCode(noCaptcha)]).toEqual([400, '-19971']);
    const captcha = { captchaTokens: CAPTCHA };
    for (let round = 0; round < 2; round++) {
      const st = (await login(m.email, captcha)).json.stateToken;
      for (let i = 0; i < 3; i++) await bad(st);
    }
    // 9 failures: one more wrong code locks the pair out
    const st = (await login(m.email, captcha)).json.stateToken;
    await bad(st);
    const locked = await verify('TOTP', { stateToken: st, totpData: { code: totpCode(SECRET, clock) } });
    expect([locked.status, appCode(locked)]).toEqual([429, 'RESOURCE_EXHAUSTED']);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    const lockedLogin = await login(m.email, captcha);
    expect(lockedLogin.status).toBe(429);
  });

  it('EMAIL: the code is mailed at login; wrong refused, right SUCCESS; a new one after 30 s, the old one dead', async () => {
    const m = await memberWith({ type: 'EMAIL' });
    const r = await login(m.email);
    expect(r.json.mfaChallengeData).toMatchObject({
      factorType: 'EMAIL',
      verificationChallengeData: { hint: expect.stringMatching(/^m•••@example\.com$/) },
    });
    const code = (await lastCode(m.email))!;
    expect(code).toMatch(/^\d{6}$/);
    const soon = await verify('EMAIL', { stateToken: r.json.stateToken });
    expect([soon.status, appCode(soon)]).toEqual([429, 'SEND_CODE_ERROR']);
    clock += 31_000;
    const resent = await verify('EMAIL', { stateToken: r.json.stateToken });
    expect(resent.json).toMatchObject({ state: 'MFA_CHALLENGE', stateToken: r.json.stateToken });
    const code2 = (await lastCode(m.email))!;
    if (code2 !== code) {
      const old = await verify('EMAIL', { stateToken: r.json.stateToken, emailData: { code } });
      expect(appCode(old)).toBe('BAD_CODE');
    }
    const ok = await verify('EMAIL', { stateToken: r.json.stateToken, emailData: { code: code2 } });
    expect(ok.json.state).toBe('SUCCESS');
  });

  it('SMS: the code goes to the dev mailbox as sms:<phone>', async () => {
    const m = await memberWith({ type: 'SMS', phone: '+15550100123' });
    const r = await login(m.email);
    expect(r.json.mfaChallengeData).toMatchObject({
      factorType: 'SMS',
      verificationChallengeData: { hint: '••••0123' },
    });
    const code = (await lastCode('sms:+15550100123'))!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await verify('SMS', {
      stateToken: r.json.stateToken,
      smsData: { code: code === '111111' ? '222222' : '111111' },
    });
    expect(appCode(wrong)).toBe('BAD_CODE');
    const ok = await verify('SMS', { stateToken: r.json.stateToken, smsData: { code } });
    expect(ok.json.state).toBe('SUCCESS');
  });

  it('switches factor: verify another available type without data asks for it; one the member lacks is refused', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET }, { type: 'EMAIL' });
    const r = await login(m.email);
    expect(r.json.mfaChallengeData.factorType).toBe('TOTP');
    expect(r.json.mfaChallengeData.availableFactors).toEqual([
      { factorType: 'TOTP', factorStatus: 'ENABLED' },
      { factorType: 'EMAIL', factorStatus: 'ENABLED' },
    ]);
    // an email code before one was asked for: refused, not counted
    const early = await verify('EMAIL', { stateToken: r.json.stateToken, emailData: { code: '123456' } });
    expect(appCode(early)).toBe('BAD_CODE');
    const sw = await verify('EMAIL', { stateToken: r.json.stateToken, factorType: 'EMAIL' });
    expect(sw.json).toMatchObject({ state: 'MFA_CHALLENGE', mfaChallengeData: { factorType: 'EMAIL' } });
    const none = await verify('SMS', { stateToken: r.json.stateToken });
    expect([none.status, appCode(none)]).toEqual([400, 'FACTOR_NOT_AVAILABLE']);
    const mismatch = await verify('EMAIL', { stateToken: r.json.stateToken, factorType: 'TOTP' });
    expect(violations(mismatch).map((v) => v.field)).toEqual(['factorType']);
    const badPath = await verify('email', { stateToken: r.json.stateToken });
    expect(violations(badPath).map((v) => v.field)).toEqual(['factorType']);
    const ok = await verify('EMAIL', { stateToken: r.json.stateToken, emailData: { code: await lastCode(m.email) } });
    expect(ok.json.state).toBe('SUCCESS');
  });

  it('statuses: DISABLED_BY_RULE / REQUIRE_ACTIVATION are not asked; ENABLED_BY_RULE is; REQUIRE_REENROLL alone refuses', async () => {
    const off = await memberWith(
      { type: 'TOTP', secret: SECRET, status: 'DISABLED_BY_RULE' },
      { type: 'EMAIL', status: 'REQUIRE_ACTIVATION' },
    );
    const r = await login(off.email);
    expect(r.json.state).toBe('SUCCESS');
    expect(r.json.identity.factors.map((f: { status: string }) => f.status)).toEqual([
      'ACTIVE',
      'INACTIVE',
      'INACTIVE',
    ]);
    const rule = await memberWith({ type: 'TOTP', secret: SECRET, status: 'ENABLED_BY_RULE' });
    expect((await login(rule.email)).json.mfaChallengeData.availableFactors).toEqual([
      { factorType: 'TOTP', factorStatus: 'ENABLED_BY_RULE' },
    ]);
    const reenrol = await memberWith({ type: 'TOTP', secret: SECRET, status: 'REQUIRE_REENROLL' });
    const refused = await login(reenrol.email);
    expect([refused.status, appCode(refused)]).toEqual([400, 'REENROLLMENT_REQUIRED_BY_ADMIN']);
  });

  it('remember this device: the device token skips the factor for that member only', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const r = await login(m.email);
    const ok = await verify('TOTP', {
      stateToken: r.json.stateToken,
      rememberThisDevice: true,
      totpData: { code: totpCode(SECRET, clock) },
    });
    const deviceToken = ok.json.additionalData.deviceToken.strValue as string;
    expect(deviceToken).toEqual(expect.any(String));
    const skipped = await login(m.email, { clientMetaData: { deviceToken } });
    expect(skipped.json).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    const other = await memberWith({ type: 'TOTP', secret: SECRET });
    expect((await login(other.email, { clientMetaData: { deviceToken } })).json.state).toBe('MFA_CHALLENGE');
    expect((await login(m.email, { clientMetaData: { deviceToken: 'forged' } })).json.state).toBe('MFA_CHALLENGE');
  });
});

describe('passkeys (WebAuthn)', () => {
  it('the seeded passkey member: challenge in the login answer, a signed assertion answers SUCCESS', async () => {
    const r = await post(
      `${AUTHN}/login`,
      { loginId: { email: DEMO_LOGINS.passkey.email }, password: DEMO_LOGINS.passkey.password },
      { origin: SITE },
    );
    expect(r.json).toMatchObject({
      state: 'MFA_CHALLENGE',
      mfaChallengeData: {
        factorType: 'WEBAUTHN',
        availableFactors: [{ factorType: 'WEBAUTHN', factorStatus: 'ENABLED' }],
      },
    });
    const { challengeId, options } = webauthnOf(r);
    expect(options).toMatchObject({
      rpId: '127.0.0.1',
      allowCredentials: [{ id: DEMO_PASSKEY.credentialId, type: 'public-key' }],
    });
    const signCount =
      (
        emu.db
          .prepare('SELECT sign_count FROM member_factors WHERE credential_id = ?')
          .get(DEMO_PASSKEY.credentialId) as {
          sign_count: number;
        }
      ).sign_count + 1;
    const credential = signAssertion({ challenge: options.challenge, origin: SITE, rpId: '127.0.0.1', signCount });
    const ok = await verify(
      'WEBAUTHN',
      { stateToken: r.json.stateToken, webauthnData: { challengeId, credential } },
      SITE,
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(consumeSessionToken(emu.db, ok.json.sessionToken, clock)).toBe(seedIds.members.passkey);
  });

  it('refuses an assertion for another challenge, from another origin, with a stale sign count, or another key', async () => {
    const key = newPasskey();
    const m = await memberWith({ type: 'WEBAUTHN', credentialId: key.credentialId, publicKey: key.publicKey });
    const sign = (challenge: string, extra: Partial<Parameters<typeof signAssertion>[0]> = {}) =>
      signAssertion({
        challenge,
        origin: SITE,
        rpId: '127.0.0.1',
        signCount: 5,
        credentialId: key.credentialId,
        privateKeyPkcs8: key.privateKeyPkcs8,
        ...extra,
      });
    const a = await login(m.email, {}, SITE);
    const b = await login(m.email, {}, SITE);
    const wa = webauthnOf(a);
    const wb = webauthnOf(b);
    // b's challenge id with an assertion over a's challenge
    const cross = await verify(
      'WEBAUTHN',
      {
        stateToken: b.json.stateToken,
        webauthnData: { challengeId: wb.challengeId, credential: sign(wa.options.challenge) },
      },
      SITE,
    );
    expect([cross.status, appCode(cross)]).toEqual([400, 'BAD_CODE']);
    // a's challenge id on b's sign-in
    const wrongId = await verify(
      'WEBAUTHN',
      {
        stateToken: b.json.stateToken,
        webauthnData: { challengeId: wa.challengeId, credential: sign(wb.options.challenge) },
      },
      SITE,
    );
    expect(wrongId.json.message).toMatch(/another challenge/);
    // a's own challenge signed for another origin
    const evil = await verify(
      'WEBAUTHN',
      {
        stateToken: a.json.stateToken,
        webauthnData: {
          challengeId: wa.challengeId,
          credential: sign(wa.options.challenge, { origin: 'https://evil.example' }),
        },
      },
      SITE,
    );
    expect(appCode(evil)).toBe('BAD_CODE');
    // signed by another key under this credential id
    const other = newPasskey();
    const forged = await verify(
      'WEBAUTHN',
      {
        stateToken: a.json.stateToken,
        webauthnData: {
          challengeId: wa.challengeId,
          credential: sign(wa.options.challenge, { privateKeyPkcs8: other.privateKeyPkcs8 }),
        },
      },
      SITE,
    );
    expect([forged.status, appCode(forged)]).toEqual([400, 'BAD_CODE']);
    // a new sign-in: the right assertion passes, then the same sign count is refused (a cloned key)
    const c = await login(m.email, {}, SITE);
    const wc = webauthnOf(c);
    const ok = await verify(
      'WEBAUTHN',
      {
        stateToken: c.json.stateToken,
        webauthnData: { challengeId: wc.challengeId, credential: sign(wc.options.challenge) },
      },
      SITE,
    );
    expect(ok.json.state).toBe('SUCCESS');
    const d = await login(m.email, {}, SITE);
    const wd = webauthnOf(d);
    const stale = await verify(
      'WEBAUTHN',
      {
        stateToken: d.json.stateToken,
        webauthnData: { challengeId: wd.challengeId, credential: sign(wd.options.challenge) },
      },
      SITE,
    );
    expect(appCode(stale)).toBe('BAD_CODE');
    // asking again gives a new challenge; the old one no longer works
    const renewed = await verify('WEBAUTHN', { stateToken: d.json.stateToken, webauthnData: {} }, SITE);
    const wr = webauthnOf(renewed);
    expect(wr.challengeId).not.toBe(wd.challengeId);
    const fresh = await verify(
      'WEBAUTHN',
      {
        stateToken: d.json.stateToken,
        webauthnData: { challengeId: wr.challengeId, credential: sign(wr.options.challenge, { signCount: 9 }) },
      },
      SITE,
    );
    expect(fresh.json.state).toBe('SUCCESS');
  });
});

describe('required sign-up fields', () => {
  const FIELDS = [
    { name: 'company', label: 'Company', type: 'TEXT' },
    { name: 'teamSize', label: 'Team size', type: 'NUMBER' },
    { name: 'birthday', label: 'Birthday', type: 'DATE' },
    { name: 'plan', label: 'Plan', type: 'CHOICE', options: ['Hobby', 'Studio'] },
  ];
  const GOOD = [
    { name: 'company', value: { strValue: ' Fernwood ' } },
    { name: 'teamSize', value: { numValue: 4 } },
    { name: 'birthday', value: { dateValue: '1990-04-12' } },
    { name: 'plan', value: { strValue: 'Studio' } },
  ];
  const setFields = async (fields: unknown[]) => {
    const r = await dev('PUT', '/_dev/settings/signup-fields', { fields });
    expect(r.status, r.text).toBe(200);
  };

  it('asks for exactly the missing fields, refuses invalid values, then SUCCESS; the next login goes straight through', async () => {
    await setFields(FIELDS);
    const m = await memberWith();
    const r = await login(m.email);
    expect(r.json).toMatchObject({ state: 'REQUIRE_MISSING_FIELDS', stateToken: expect.any(String) });
    expect(r.json.sessionToken).toBeUndefined();
    const listed = r.json.additionalData.missingFields.listValue.value.map(
      (v: { mapValue: { value: Record<string, { strValue?: string; listValue?: unknown }> } }) => v.mapValue.value,
    );
    expect(listed).toEqual([
      { name: { strValue: 'company' }, label: { strValue: 'Company' }, type: { strValue: 'TEXT' } },
      { name: { strValue: 'teamSize' }, label: { strValue: 'Team size' }, type: { strValue: 'NUMBER' } },
      { name: { strValue: 'birthday' }, label: { strValue: 'Birthday' }, type: { strValue: 'DATE' } },
      {
        name: { strValue: 'plan' },
        label: { strValue: 'Plan' },
        type: { strValue: 'CHOICE' },
        options: { listValue: { value: [{ strValue: 'Hobby' }, { strValue: 'Studio' }] } },
      },
    ]);
    const cont = (customFields: unknown[], email = m.email) =>
      post(`${AUTHN}/login`, { loginId: { email }, stateToken: r.json.stateToken, profile: { customFields } });
    const invalid = await cont([
      { name: 'company', value: { strValue: '   ' } },
      { name: 'teamSize', value: { strValue: 'four' } },
      { name: 'birthday', value: { dateValue: '2026-02-30' } },
      { name: 'plan', value: { strValue: 'Enterprise' } },
      { name: 'shoeSize', value: { numValue: 9 } },
    ]);
    expect(invalid.status).toBe(400);
    expect(violations(invalid).map((v) => v.field)).toEqual([
      'profile.customFields.company',
      'profile.customFields.teamSize',
      'profile.customFields.birthday',
      'profile.customFields.plan',
      'profile.customFields.shoeSize',
    ]);
    const partial = await cont(GOOD.slice(0, 3));
    expect(violations(partial)).toEqual([
      expect.objectContaining({ field: 'profile.customFields.plan', violatedRule: 'REQUIRED_FIELD' }),
    ]);
    // another member's email with this state token: refused
    const other = await memberWith();
    expect(appCode(await cont(GOOD, other.email))).toBe('NOT_FOUND');
    const ok = await cont(GOOD);
    expect(ok.json).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(appCode(await cont(GOOD))).toBe('NOT_FOUND'); // spent
    expect((await login(m.email)).json.state).toBe('SUCCESS');
    // a password is still required without a state token
    const noPassword = await post(`${AUTHN}/login`, { loginId: { email: m.email } });
    expect(violations(noPassword).map((v) => v.field)).toEqual(['password']);
  });

  it('register may send the fields up front; invalid ones refuse the sign-up before any member exists', async () => {
    await setFields(FIELDS);
    setSetting(emu.db, 'signup_policy', 'immediate');
    try {
      const email = `fields${++n}.${clock}@example.com`;
      const bad = await post(`${AUTHN}/register`, {
        loginId: { email },
        password: PASSWORD,
        profile: { customFields: [{ name: 'plan', value: { strValue: 'Gold' } }] },
      });
      expect(violations(bad).map((v) => v.field)).toEqual(['profile.customFields.plan']);
      expect(emu.db.prepare('SELECT id FROM members WHERE email = ?').get(email)).toBeUndefined();
      const ok = await post(`${AUTHN}/register`, {
        loginId: { email },
        password: PASSWORD,
        profile: { customFields: GOOD },
      });
      expect(ok.json.state).toBe('SUCCESS');
      const partial = await post(`${AUTHN}/register`, {
        loginId: { email: `x${email}` },
        password: PASSWORD,
        profile: { customFields: GOOD.slice(1) },
      });
      expect(partial.json.state).toBe('REQUIRE_MISSING_FIELDS');
      expect(partial.json.additionalData.missingFields.listValue.value).toHaveLength(1);
    } finally {
      setSetting(emu.db, 'signup_policy', 'email_verification');
    }
  });

  it('after the second factor: TOTP first, then the fields, same state token, then SUCCESS', async () => {
    await setFields(FIELDS.slice(0, 1));
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const r = await login(m.email);
    expect(r.json.state).toBe('MFA_CHALLENGE');
    // the fields cannot be sent before the factor
    const early = await post(`${AUTHN}/login`, {
      loginId: { email: m.email },
      stateToken: r.json.stateToken,
      profile: { customFields: GOOD.slice(0, 1) },
    });
    expect(appCode(early)).toBe('NOT_FOUND');
    const v = await verify('TOTP', { stateToken: r.json.stateToken, totpData: { code: totpCode(SECRET, clock) } });
    expect(v.json).toMatchObject({ state: 'REQUIRE_MISSING_FIELDS', stateToken: r.json.stateToken });
    const ok = await post(`${AUTHN}/login`, {
      loginId: { email: m.email },
      stateToken: r.json.stateToken,
      profile: { customFields: GOOD.slice(0, 1) },
    });
    expect(ok.json.state).toBe('SUCCESS');
  });
});

describe('who may call, and the dev routes', () => {
  it('verify needs a visitor or member token; a member token works too', async () => {
    const m = await memberWith({ type: 'TOTP', secret: SECRET });
    const r = await login(m.email);
    const none = await api(emu, `${AUTHN}/TOTP/verify`, {
      body: { stateToken: r.json.stateToken, totpData: { code: '1' } },
    });
    expect(none.status).toBe(401);
    const member = (await memberTokens(emu, 'member')).access;
    const ok = await post(
      `${AUTHN}/TOTP/verify`,
      { stateToken: r.json.stateToken, totpData: { code: totpCode(SECRET, clock) } },
      { token: member },
    );
    expect(ok.json.state).toBe('SUCCESS');
  });

  it('the demo authenticator-app member signs in with the documented secret', async () => {
    const r = await post(`${AUTHN}/login`, {
      loginId: { email: DEMO_LOGINS.authenticatorApp.email },
      password: DEMO_LOGINS.authenticatorApp.password,
    });
    expect(r.json.mfaChallengeData.factorType).toBe('TOTP');
    const ok = await verify('TOTP', {
      stateToken: r.json.stateToken,
      totpData: { code: totpCode(DEMO_TOTP_SECRET, clock) },
    });
    expect(ok.json.state).toBe('SUCCESS');
  });

  it('enrolment and the fields setting validate their input', async () => {
    const email = `dev${++n}.${clock}@example.com`;
    await createTestMember(emu, email, PASSWORD);
    expect((await dev('POST', '/_dev/members/factors', { email, type: 'TOTP', secret: 'not base32!' })).status).toBe(
      400,
    );
    expect((await dev('POST', '/_dev/members/factors', { email, type: 'TOTP', secret: 'JBSWY3DP' })).status).toBe(400);
    expect((await dev('POST', '/_dev/members/factors', { email, type: 'SMS', phone: '5550100' })).status).toBe(400);
    expect((await dev('POST', '/_dev/members/factors', { email, type: 'PUSH' })).status).toBe(400);
    expect((await dev('POST', '/_dev/members/factors', { email: 'nobody@example.com', type: 'EMAIL' })).status).toBe(
      404,
    );
    const dup = await dev('POST', '/_dev/members/factors', { email, type: 'WEBAUTHN', ...DEMO_PASSKEY });
    expect(dup.status).toBe(409);
    expect((await dev('POST', '/_dev/members/factors', { email, type: 'EMAIL' })).json.factor).toMatchObject({
      type: 'EMAIL',
      status: 'ENABLED',
    });
    expect((await dev('GET', `/_dev/members/factors?email=${encodeURIComponent(email)}`)).json.factors).toHaveLength(1);
    expect((await dev('DELETE', '/_dev/members/factors', { email })).json).toEqual({ removed: 1 });
    const noOptions = await dev('PUT', '/_dev/settings/signup-fields', {
      fields: [{ name: 'plan', label: 'Plan', type: 'CHOICE' }],
    });
    expect(noOptions.status).toBe(400);
    const twice = await dev('PUT', '/_dev/settings/signup-fields', {
      fields: [
        { name: 'a', label: 'A', type: 'TEXT' },
        { name: 'a', label: 'A', type: 'TEXT' },
      ],
    });
    expect(twice.status).toBe(400);
  });

  it('the dev routes do not exist outside dev mode', async () => {
    const prod = await startTestEmulator({ dev: false });
    try {
      expect(
        (await api(prod, '/_dev/members/factors', { body: { email: 'x@example.com', type: 'EMAIL' } })).status,
      ).toBe(404);
      expect((await api(prod, '/_dev/settings/signup-fields', { method: 'PUT', body: { fields: [] } })).status).toBe(
        404,
      );
    } finally {
      await prod.close();
    }
  });
});
