import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { $session, mountWidget } from '../../tests/helpers/mount.ts';
import { fakeFetch, json, memoryStorage, type Call } from '../../tests/helpers/fake-fetch.ts';
import { FACTOR_RESEND_MS } from '../../core/api/identity-factors.ts';
import { credentialJson, fieldValue, requestOptions } from './challenge-model.ts';
import { challengeStrings } from './challenge-strings.ts';
import { fr } from './challenge-strings.fr.ts';
import { createLoginModel } from './model.ts';

// Second factors and required sign-up fields (issue 42), with the platform faked at the fetch boundary: the answers
// are docs/wire.md's "Second factors, passkeys and required fields".

let answer: (call: Call) => Response = () => json(200, {});
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return answer(call);
});
const appError = (status: number, code: string, message = 'm') =>
  json(status, { message, details: { applicationError: { code, description: message } } });
const calls = (path: string) => net.calls.filter((c) => c.url.includes(path));
const path = (c: Call) => new URL(c.url).pathname;

const b64u = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const options = JSON.stringify({
  challenge: b64u('challenge-bytes?>'),
  rpId: 'shop.example',
  allowCredentials: [{ id: b64u('cred-1'), type: 'public-key', transports: ['internal'] }],
  userVerification: 'preferred',
  timeout: 60000,
});
const mfa = (factorType: string, extra: Record<string, unknown> = {}) => ({
  state: 'MFA_CHALLENGE',
  stateToken: 'st-1',
  mfaChallengeData: {
    factorType,
    reason: 'USER_SETTINGS',
    availableFactors: [
      { factorType: 'TOTP', factorStatus: 'ENABLED' },
      { factorType: 'EMAIL', factorStatus: 'ENABLED' },
      { factorType: 'WEBAUTHN', factorStatus: 'ENABLED' },
      { factorType: 'SMS', factorStatus: 'REQUIRE_ACTIVATION' },
      { factorType: 'PUSH', factorStatus: 'ENABLED' },
    ],
    ...extra,
  },
});
const passkeyChallenge = (id: string) =>
  mfa('WEBAUTHN', {
    verificationChallengeData: { webauthnData: { challengeId: id, publicKeyCredentialRequestOptionsJson: options } },
  });
const fields = {
  state: 'REQUIRE_MISSING_FIELDS',
  stateToken: 'st-2',
  additionalData: {
    missingFields: {
      listValue: {
        value: [
          ['company', 'Company', 'TEXT'],
          ['age', 'Age', 'NUMBER'],
          ['birthday', 'Birthday', 'DATE'],
          ['size', 'T-shirt size', 'CHOICE', ['S', 'M', 'L']],
        ].map(([name, label, type, opts]) => ({
          mapValue: {
            value: {
              name: { strValue: name },
              label: { strValue: label },
              type: { strValue: type },
              ...(opts
                ? { options: { listValue: { value: (opts as string[]).map((strValue) => ({ strValue })) } } }
                : {}),
            },
          },
        })),
      },
    },
  },
};
/** The silent sign-in a SUCCESS starts: the redirect session carrying the session token (refused here, to end it). */
const sessionTokenSent = () =>
  calls('/redirect-session').map(
    (c) => (c.body as { auth: { authRequest: { sessionToken?: string } } }).auth.authRequest.sessionToken,
  );

const context = testContext(net.fetch, { clientId: 'c' });
beforeEach(() => {
  net.calls.length = 0;
});

it('the French has exactly the English keys, with the same {placeholders}', () => {
  const holes = (x: string) => [...x.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  expect(Object.keys(fr).sort()).toEqual(Object.keys(challengeStrings).sort());
  for (const [k, v] of Object.entries(challengeStrings)) expect(holes(fr[k as keyof typeof fr]), k).toEqual(holes(v));
});

describe('second factor (model)', () => {
  it('a code from the authenticator app: wrong (on its field), then right with "remember this device" → the same silent sign-in', async () => {
    answer = (c) => {
      if (path(c).endsWith('/v2/login')) return json(200, mfa('TOTP'));
      if (path(c).endsWith('/TOTP/verify'))
        return (c.body as { totpData: { code: string } }).totpData.code === '123456'
          ? json(200, { state: 'SUCCESS', sessionToken: 'sess-1' })
          : appError(400, 'BAD_CODE', 'Wrong code');
      return appError(400, 'X');
    };
    const m = createLoginModel(context);
    await m.signIn('ada@example.com', 'secret pw');
    expect(m.$ui.get()).toMatchObject({ step: 'mfa', busy: false, errors: {} });
    const c = m.challenge()!;
    // PUSH is not offered inline, SMS needs activation
    expect(c.$c.get()).toMatchObject({ factor: 'TOTP', factors: ['TOTP', 'EMAIL', 'WEBAUTHN'] });
    await c.code('12', false);
    expect(m.$ui.get().errors).toEqual({ code: 'Enter the code: digits only.' });
    expect(calls('/verify')).toEqual([]);
    await c.code('654 321', false);
    expect(m.$ui.get().errors).toEqual({ code: 'That code isn’t right. Check it and try again.' });
    await c.code('123456', true);
    expect(calls('/verify').map((x) => [path(x), x.body])).toEqual([
      [
        '/_api/iam/authentication/v2/TOTP/verify',
        { stateToken: 'st-1', factorType: 'TOTP', totpData: { code: '654321' } },
      ],
      [
        '/_api/iam/authentication/v2/TOTP/verify',
        { stateToken: 'st-1', factorType: 'TOTP', rememberThisDevice: true, totpData: { code: '123456' } },
      ],
    ]);
    expect(sessionTokenSent()).toEqual(['sess-1']);
  });

  it('the platform’s refusals: an expired sign-in, and the lockout after the third wrong code', async () => {
    let wrong = 0;
    answer = (c) =>
      path(c).endsWith('/v2/login')
        ? json(200, mfa('TOTP'))
        : c.body && (c.body as { stateToken: string }).stateToken === 'gone'
          ? appError(400, 'NOT_FOUND')
          : ++wrong < 3
            ? appError(400, 'BAD_CODE')
            : appError(429, 'RESOURCE_EXHAUSTED', 'Too many wrong codes. Sign in again.');
    const m = createLoginModel(context);
    await m.signIn('ada@example.com', 'secret pw');
    const c = m.challenge()!;
    await c.code('111111', false);
    await c.code('222222', false);
    expect(m.$ui.get().errors.code).toMatch(/isn’t right/);
    await c.code('333333', false);
    expect(m.$ui.get().errors).toEqual({ form: 'Too many wrong attempts. Go back and sign in again later.' });
    expect(m.$ui.get().step).toBe('mfa');
    answer = (c) =>
      path(c).endsWith('/v2/login') ? json(200, { ...mfa('TOTP'), stateToken: 'gone' }) : appError(400, 'NOT_FOUND');
    await m.signIn('ada@example.com', 'secret pw');
    await m.challenge()!.code('444444', false);
    expect(m.$ui.get().errors).toEqual({ form: 'This sign-in has expired. Go back and sign in again.' });
  });

  it('switch to a code by email: the factor is started (code sent), "Send again" waits its countdown, then sends again', async () => {
    let t = 5_000_000;
    answer = (c) =>
      path(c).endsWith('/v2/login')
        ? json(200, mfa('TOTP'))
        : path(c).endsWith('/EMAIL/verify')
          ? json(200, mfa('EMAIL', { verificationChallengeData: { hint: 'a•••@example.com' } }))
          : appError(400, 'X');
    const m = createLoginModel(context, { now: () => t });
    await m.signIn('ada@example.com', 'secret pw');
    const c = m.challenge()!;
    await c.use('EMAIL');
    expect(calls('/EMAIL/verify')[0]!.body).toEqual({ stateToken: 'st-1', factorType: 'EMAIL' });
    expect(c.$c.get()).toMatchObject({ factor: 'EMAIL', hint: 'a•••@example.com', resendAt: t + FACTOR_RESEND_MS });
    await c.resend();
    expect(calls('/EMAIL/verify')).toHaveLength(1);
    t += FACTOR_RESEND_MS;
    await c.resend();
    expect(calls('/EMAIL/verify')).toHaveLength(2);
    expect(m.$ui.get()).toMatchObject({ step: 'mfa', notice: 'We sent a new code.' });
    // the platform's own cool-down, should the clocks differ
    answer = () => appError(429, 'SEND_CODE_ERROR');
    t += FACTOR_RESEND_MS;
    await c.resend();
    expect(m.$ui.get().errors.form).toBe('Wait a moment before asking for another code.');
  });

  it('a passkey: the options decoded by hand, the assertion sent as JSON for its challenge; a cancelled prompt and no WebAuthn get their words', async () => {
    answer = (c) =>
      path(c).endsWith('/v2/login')
        ? json(200, passkeyChallenge('ch-1'))
        : path(c).endsWith('/WEBAUTHN/verify')
          ? (c.body as { webauthnData?: unknown }).webauthnData
            ? json(200, { state: 'SUCCESS', sessionToken: 'sess-2' })
            : json(200, passkeyChallenge('ch-2'))
          : appError(400, 'X');
    const enc = (s: string) => new TextEncoder().encode(s).buffer;
    let prompt: (o: CredentialRequestOptions) => Promise<Credential | null> = async () => {
      throw new DOMException('closed', 'NotAllowedError');
    };
    const get = vi.fn((o: CredentialRequestOptions) => prompt(o));
    let creds: { get: typeof get } | undefined = { get };
    const m = createLoginModel(context, { credentials: () => creds });
    await m.signIn('ada@example.com', 'secret pw');
    const c = m.challenge()!;
    expect(c.$c.get().factor).toBe('WEBAUTHN');
    await c.passkey(false);
    expect(m.$ui.get().errors).toEqual({
      form: 'The passkey request was cancelled or timed out. Try again, or use another way.',
    });
    const pk = get.mock.calls[0]![0].publicKey!;
    expect(new TextDecoder().decode(pk.challenge as Uint8Array)).toBe('challenge-bytes?>');
    expect(new TextDecoder().decode(pk.allowCredentials![0]!.id as Uint8Array)).toBe('cred-1');
    expect(pk).toMatchObject({ rpId: 'shop.example', userVerification: 'preferred', timeout: 60000 });

    prompt = async () =>
      ({
        id: 'Y3JlZC0x',
        rawId: enc('cred-1'),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        getClientExtensionResults: () => ({}),
        response: {
          clientDataJSON: enc('{"type":"webauthn.get"}'),
          authenticatorData: enc('auth-data'),
          signature: enc('sig>?'),
          userHandle: enc('user-1'),
        },
      }) as unknown as Credential;
    await c.passkey(true);
    const sent = calls('/WEBAUTHN/verify')[0]!.body as {
      webauthnData: { challengeId: string; credential: string };
      rememberThisDevice: boolean;
    };
    expect(sent).toMatchObject({ stateToken: 'st-1', factorType: 'WEBAUTHN', rememberThisDevice: true });
    expect(sent.webauthnData.challengeId).toBe('ch-1');
    expect(JSON.parse(sent.webauthnData.credential)).toEqual({
      id: 'Y3JlZC0x',
      rawId: b64u('cred-1'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u('{"type":"webauthn.get"}'),
        authenticatorData: b64u('auth-data'),
        signature: b64u('sig>?'),
        userHandle: b64u('user-1'),
      },
    });
    expect(sessionTokenSent()).toEqual(['sess-2']);

    creds = undefined;
    await m.signIn('ada@example.com', 'secret pw');
    await m.challenge()!.passkey(false);
    expect(m.$ui.get().errors).toEqual({ form: 'This browser can’t use passkeys. Use another way to verify.' });
  });

  it('switching to a passkey asks for a new challenge; the assertion names it', async () => {
    answer = (c) =>
      path(c).endsWith('/v2/login')
        ? json(200, mfa('TOTP'))
        : (c.body as { webauthnData?: unknown }).webauthnData
          ? appError(400, 'BAD_CODE', 'This assertion is for another challenge')
          : json(200, passkeyChallenge('ch-9'));
    const enc = (s: string) => new TextEncoder().encode(s).buffer;
    const get = vi.fn(async () => ({
      id: 'x',
      rawId: enc('x'),
      type: 'public-key',
      response: { clientDataJSON: enc('c'), authenticatorData: enc('a'), signature: enc('s'), userHandle: null },
    }));
    const m = createLoginModel(context, { credentials: () => ({ get }) as never });
    await m.signIn('ada@example.com', 'secret pw');
    const c = m.challenge()!;
    await c.use('WEBAUTHN');
    expect(calls('/WEBAUTHN/verify')[0]!.body).toEqual({ stateToken: 'st-1', factorType: 'WEBAUTHN' });
    await c.passkey(false);
    expect(
      (calls('/WEBAUTHN/verify')[1]!.body as { webauthnData: { challengeId: string } }).webauthnData.challengeId,
    ).toBe('ch-9');
    expect(m.$ui.get().errors).toEqual({ form: 'Your passkey couldn’t be checked. Try again, or use another way.' });
  });

  it('"remember this device": the platform’s device token is kept for that email and sent with its next sign-in only', async () => {
    answer = (c) =>
      path(c).endsWith('/v2/login')
        ? (c.body as { clientMetaData?: unknown }).clientMetaData
          ? json(200, { state: 'SUCCESS', sessionToken: 'sess-5' })
          : json(200, mfa('TOTP'))
        : json(200, {
            state: 'SUCCESS',
            sessionToken: 'sess-4',
            additionalData: { deviceToken: { strValue: 'dev-1' } },
          });
    const storage = memoryStorage();
    const m = createLoginModel(context, { storage });
    await m.signIn('ada@example.com', 'secret pw');
    await m.challenge()!.code('123456', true);
    expect(storage.getItem('inlay.devices.c')).toBe(JSON.stringify({ 'ada@example.com': 'dev-1' }));
    await m.signIn('ada@example.com', 'secret pw');
    expect(calls('/v2/login')[1]!.body).toMatchObject({ clientMetaData: { deviceToken: 'dev-1' } });
    expect(sessionTokenSent()).toEqual(['sess-4', 'sess-5']);
    await m.signIn('grace@example.com', 'secret pw');
    expect(calls('/v2/login')[2]!.body).not.toHaveProperty('clientMetaData');
  });

  it('“Back” returns to the sign-in form as it was filled', async () => {
    answer = () => json(200, mfa('TOTP'));
    const m = createLoginModel(context);
    await m.signIn('ada@example.com', 'secret pw');
    m.back();
    expect(m.$ui.get()).toMatchObject({ step: 'sign-in', email: 'ada@example.com' });
    expect(m.kept()).toBe('secret pw');
    m.close();
    expect(m.kept()).toBe('');
  });
});

describe('required sign-up fields (model)', () => {
  it('asks for exactly the named fields, checks them as the platform does, sends them with the state token, goes on', async () => {
    answer = (c) =>
      path(c).endsWith('/v2/login') && !(c.body as { stateToken?: string }).stateToken
        ? json(200, fields)
        : json(200, { state: 'SUCCESS', sessionToken: 'sess-3' });
    const m = createLoginModel(context);
    await m.signIn('ada@example.com', 'secret pw');
    expect(m.$ui.get().step).toBe('fields');
    const c = m.challenge()!;
    expect(c.$c.get().fields.map((f) => [f.name, f.type])).toEqual([
      ['company', 'TEXT'],
      ['age', 'NUMBER'],
      ['birthday', 'DATE'],
      ['size', 'CHOICE'],
    ]);
    await c.fields({ company: ' ', age: 'ten', birthday: '2024-13-45', size: 'XL' });
    expect(m.$ui.get().errors).toEqual({
      'f.company': 'Fill in this field.',
      'f.age': 'Enter a number.',
      'f.birthday': 'Enter a date.',
      'f.size': 'Choose one of the options.',
    });
    expect(calls('/v2/login')).toHaveLength(1);
    await c.fields({ company: ' Fernwood ', age: '42', birthday: '1990-05-01', size: 'M' });
    expect(calls('/v2/login')[1]!.body).toEqual({
      loginId: { email: 'ada@example.com' },
      stateToken: 'st-2',
      profile: {
        customFields: [
          { name: 'company', value: { strValue: 'Fernwood' } },
          { name: 'age', value: { numValue: 42 } },
          { name: 'birthday', value: { dateValue: '1990-05-01' } },
          { name: 'size', value: { strValue: 'M' } },
        ],
      },
    });
    expect(sessionTokenSent()).toEqual(['sess-3']);
  });

  it('a field the platform refuses is named on it, in its words', async () => {
    answer = (c) =>
      !(c.body as { stateToken?: string }).stateToken
        ? json(200, fields)
        : json(400, {
            message: 'bad',
            details: {
              validationError: {
                fieldViolations: [
                  { field: 'profile.customFields.company', description: 'is too long', violatedRule: 'MAX_LENGTH' },
                ],
              },
            },
          });
    const m = createLoginModel(context);
    await m.signIn('ada@example.com', 'secret pw');
    await m.challenge()!.fields({ company: 'x', age: '1', birthday: '2000-01-01', size: 'S' });
    expect(m.$ui.get().errors).toEqual({ 'f.company': 'is too long' });
  });

  it('values as the platform takes them', () => {
    const f = (type: 'TEXT' | 'NUMBER' | 'DATE' | 'CHOICE') => ({ name: 'n', label: 'N', type, options: ['a'] });
    expect(fieldValue(f('NUMBER'), '3,5')).toEqual({ numValue: 3.5 });
    expect(fieldValue(f('TEXT'), 'x'.repeat(1001))).toBe('fld.err.long');
    expect(fieldValue(f('CHOICE'), 'a')).toEqual({ strValue: 'a' });
    expect(fieldValue(f('DATE'), '2024-02-30x')).toBe('fld.err.date');
  });

  it('base64url both ways (WebAuthn’s JSON)', () => {
    const o = requestOptions(JSON.stringify({ challenge: '__-_', allowCredentials: [] }));
    expect([...(o.challenge as Uint8Array)]).toEqual([255, 255, 191]);
    const bytes = new Uint8Array([251, 255]).buffer;
    const json = credentialJson({
      id: 'i',
      rawId: bytes,
      type: 'public-key',
      response: { clientDataJSON: bytes, authenticatorData: bytes, signature: bytes, userHandle: null },
    } as unknown as PublicKeyCredential);
    expect(JSON.parse(json).rawId).toBe('-_8');
  });
});

describe('<inlay-login>: the steps as the member sees them', () => {
  const $ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);
  const active = (el: Element) => el.shadowRoot!.activeElement;
  const type = (input: HTMLInputElement, v: string) => {
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };

  async function signIn(el: HTMLElement) {
    $(el, 'button')!.click();
    await vi.waitFor(() => expect($(el, 'input[name=email]')).toBeTruthy());
    type($(el, 'input[name=email]')!, 'ada@example.com');
    type($(el, 'input[name=password]')!, 'secret pw');
    $<HTMLButtonElement>(el, 'button[type=submit]')!.click();
  }

  beforeEach(() => {
    document.body.replaceChildren();
    $session.set({ status: 'visitor', role: 'visitor' });
  });

  it('the code asked inline (one-time-code, numeric, labelled, focused); a wrong one keeps what was typed; other ways; back to the filled form', async () => {
    answer = (c) =>
      path(c).endsWith('/v2/login')
        ? json(200, mfa('TOTP'))
        : path(c).endsWith('/EMAIL/verify')
          ? json(200, mfa('EMAIL', { verificationChallengeData: { hint: 'a•••@example.com' } }))
          : appError(400, 'BAD_CODE');
    const { el } = await mountWidget('inlay-login', {}, net.fetch, { clientId: 'c' });
    await vi.waitFor(() => expect($(el, 'button')).toBeTruthy());
    await signIn(el);
    await vi.waitFor(() => expect($(el, '.title')!.textContent).toBe('Verify it’s you'));
    const code = $<HTMLInputElement>(el, 'input[name=code]')!;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect($(el, `label[for="${code.id}"]`)!.textContent).toBe('Code from your authenticator app');
    await vi.waitFor(() => expect(active(el)).toBe(code));
    expect($(el, 'input[type=checkbox][name=remember]')).toBeTruthy();

    type(code, '999999');
    $<HTMLButtonElement>(el, 'button[type=submit]')!.click();
    await vi.waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect($(el, `#${CSS.escape(code.getAttribute('aria-describedby')!)}`)!.textContent).toBe(
      'That code isn’t right. Check it and try again.',
    );
    expect($<HTMLInputElement>(el, 'input[name=code]')!.value).toBe('999999');

    const other = [...el.shadowRoot!.querySelectorAll('fieldset button')].map((b) => b.textContent);
    expect(other).toEqual(['Code sent by email', 'Passkey']);
    (el.shadowRoot!.querySelector('fieldset button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect($(el, `label[for]`)?.textContent).toBe('Code sent by email'));
    expect($(el, '.hint#' + CSS.escape($(el, 'input[name=code]')!.id + 'h'))!.textContent).toContain(
      'a•••@example.com',
    );
    const resend = [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent!.startsWith('Send again'))!;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/^Send again \(30 s\)$/);
    expect($(el, '.sr[role=status]')!.textContent).toBe('You can ask for a new code in 30 seconds.');
    await vi.waitFor(() => expect(active(el)).toBe($(el, 'input[name=code]')));

    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Back to sign in')!.click();
    await vi.waitFor(() => expect($(el, '.title')!.textContent).toBe('Sign in'));
    expect($<HTMLInputElement>(el, 'input[name=email]')!.value).toBe('ada@example.com');
    expect($<HTMLInputElement>(el, 'input[name=password]')!.value).toBe('secret pw');
  });

  it('the countdown: visible each second, said twice (as it starts, as it ends); then "Send again" sends a new code', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      answer = (c) =>
        path(c).endsWith('/v2/login') || path(c).endsWith('/EMAIL/verify')
          ? json(200, mfa('EMAIL', { verificationChallengeData: { hint: 'a•••@example.com' } }))
          : appError(400, 'X');
      const { el } = await mountWidget('inlay-login', {}, net.fetch, { clientId: 'c' });
      await vi.waitFor(() => expect($(el, 'button')).toBeTruthy());
      await signIn(el);
      await vi.waitFor(() => expect($(el, 'label[for]')?.textContent).toBe('Code sent by email'));
      const resend = () =>
        [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent!.startsWith('Send again'))!;
      const said = () => $(el, '.sr[role=status]')!.textContent;
      expect(resend().disabled).toBe(true);
      expect(said()).toBe('You can ask for a new code in 30 seconds.');
      // right to left, "Sent to …." and "(30 s)" each one run: the address and the number with its unit kept in order
      expect($(el, 'p.hint > bdi')!.textContent).toBe('Sent to a•••@example.com.');
      expect(resend().querySelector('bdi')!.textContent).toBe(' (30 s)');
      vi.setSystemTime(Date.now() + 12_000);
      await vi.waitFor(() => expect(resend().textContent).toMatch(/^Send again \(1[0-8] s\)$/), { timeout: 3000 });
      expect(said()).toBe('You can ask for a new code in 30 seconds.');
      vi.setSystemTime(Date.now() + 18_000);
      await vi.waitFor(() => expect(resend().disabled).toBe(false), { timeout: 3000 });
      expect(resend().textContent).toBe('Send again');
      expect(said()).toBe('You can ask for a new code now.');
      type($(el, 'input[name=code]')!, '12');
      resend().click();
      await vi.waitFor(() => expect($(el, '.notice')?.textContent).toBe('We sent a new code.'));
      expect(calls('/EMAIL/verify').map((c) => c.body)).toEqual([{ stateToken: 'st-1', factorType: 'EMAIL' }]);
      expect(resend().disabled).toBe(true);
      // what was typed stays
      expect($<HTMLInputElement>(el, 'input[name=code]')!.value).toBe('12');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a passkey step has nothing to type: focus on its title; required fields are labelled, each refusal on its field', async () => {
    answer = (c) => (path(c).endsWith('/v2/login') ? json(200, passkeyChallenge('ch-1')) : appError(400, 'X'));
    const { el } = await mountWidget('inlay-login', {}, net.fetch, { clientId: 'c' });
    await vi.waitFor(() => expect($(el, 'button')).toBeTruthy());
    await signIn(el);
    await vi.waitFor(() => expect($(el, 'button[type=submit]')?.textContent).toBe('Use passkey'));
    await vi.waitFor(() => expect(active(el)).toBe($(el, '.title')));

    answer = () => json(200, fields);
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Back to sign in')!.click();
    await vi.waitFor(() => expect($(el, 'input[name=password]')).toBeTruthy());
    $<HTMLButtonElement>(el, 'button[type=submit]')!.click();
    await vi.waitFor(() => expect($(el, '.title')!.textContent).toBe('A few more details'));
    const labels = [...el.shadowRoot!.querySelectorAll('form label')].map((l) => [
      l.textContent,
      $(el, `#${CSS.escape(l.getAttribute('for')!)}`)!.tagName,
    ]);
    expect(labels).toEqual([
      ['Company', 'INPUT'],
      ['Age', 'INPUT'],
      ['Birthday', 'INPUT'],
      ['T-shirt size', 'SELECT'],
    ]);
    expect($(el, 'input[name=birthday]')!.getAttribute('type')).toBe('date');
    expect([...el.shadowRoot!.querySelectorAll('select option')].map((o) => o.textContent)).toEqual([
      'Choose…',
      'S',
      'M',
      'L',
    ]);
    await vi.waitFor(() => expect(active(el)).toBe($(el, 'input[name=company]')));
    type($(el, 'input[name=company]')!, 'Fernwood');
    $<HTMLButtonElement>(el, 'button[type=submit]')!.click();
    await vi.waitFor(() => expect($(el, 'input[name=age]')!.getAttribute('aria-invalid')).toBe('true'));
    expect(active(el)).toBe($(el, 'input[name=age]'));
    expect($<HTMLInputElement>(el, 'input[name=company]')!.value).toBe('Fernwood');
    expect(calls('/v2/login')).toHaveLength(2);
  });
});

// last: it puts the French pack in place for the rest of this file
it('on a French page the steps speak French: their strings load with them, not in the pack every French page loads', async () => {
  const { default: frPack } = await import('../languages/fr.ts');
  const { addLanguage } = await import('../../core/i18n/index.ts');
  expect(Object.keys(frPack)).not.toContain('mfa.verify');
  addLanguage('fr', { ...frPack });
  answer = () => json(200, mfa('TOTP'));
  const m = createLoginModel(testContext(net.fetch, { clientId: 'c', locale: 'fr' }));
  await m.signIn('ada@example.com', 'secret pw');
  expect(m.$ui.get().step).toBe('mfa');
  const { t } = m.challenge()!;
  expect([t('mfa.verify'), t('mfa.TOTP'), t('mfa.remember')]).toEqual([
    'Vérifier',
    'Code de votre application d’authentification',
    'Se souvenir de cet appareil',
  ]);
});
