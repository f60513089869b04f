import { describe, expect, it } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { InlayApiError } from '../errors.ts';
import { fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import {
  changePassword,
  login,
  recover,
  register,
  resendCode,
  sendRecoveryEmail,
  toFailure,
  toLoginState,
  verify,
} from './identity.ts';

let answer: (call: Call) => Response = () => json(200, {});
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return answer(call);
});

const { client } = testContext(net.fetch, { clientId: 'c' });
const { http } = client;

const appError = (status: number, code: string, message = 'server says') =>
  json(status, { message, details: { applicationError: { code, description: message } } });

describe('state mapping (docs/spec/platform-client.md §4, Login results)', () => {
  it('SUCCESS keeps the session token; owner approval; email verification keeps the state token; anything else is FAILURE', () => {
    expect(toLoginState({ state: 'SUCCESS', sessionToken: 's' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 's' },
    });
    expect(toLoginState({ state: 'REQUIRE_OWNER_APPROVAL' })).toEqual({ loginState: 'OWNER_APPROVAL_REQUIRED' });
    expect(toLoginState({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st' })).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'st' },
    });
    // issue 42: a second factor or the required fields, with the state token, for the part that asks for them
    for (const state of ['REQUIRE_MFA', 'MFA_CHALLENGE', 'REQUIRE_MISSING_FIELDS']) {
      const answer = { state, stateToken: 'st', mfaChallengeData: { factorType: 'TOTP' } };
      expect(toLoginState(answer)).toEqual({ loginState: 'MORE_REQUIRED', data: { stateToken: 'st', answer } });
    }
    expect(
      toLoginState({ state: 'SUCCESS', sessionToken: 's', additionalData: { deviceToken: { strValue: 'd' } } }),
    ).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 's', deviceToken: 'd' } });
    for (const state of ['STATUS_CHECK', 'REQUIRE_MFA', 'REQUIRE_PROFILE_COMPLETION', '']) {
      expect(toLoginState({ state })).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
    }
    // verification without the state token, or success without a session token, cannot go on
    expect(toLoginState({ state: 'REQUIRE_EMAIL_VERIFICATION' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(toLoginState({ state: 'SUCCESS' })).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
  });

  it('through the real calls: login, register, verify send the documented bodies', async () => {
    answer = () => json(200, { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-1' });
    expect(await register(http, { email: 'a@b.co', password: 'pw123456' }, { nickname: 'Ada' })).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'st-1' },
    });
    expect(net.calls.at(-1)).toMatchObject({
      url: 'https://api.test/_api/iam/authentication/v2/register',
      method: 'POST',
      headers: { Authorization: 'a' },
      body: { loginId: { email: 'a@b.co' }, password: 'pw123456', profile: { nickname: 'Ada' } },
    });
    answer = () => json(200, { state: 'SUCCESS', sessionToken: 'sess' });
    expect(await verify(http, '123456', 'st-1')).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'sess' } });
    expect(net.calls.at(-1)).toMatchObject({
      url: 'https://api.test/_api/iam/verification/v1/auth/verify',
      body: { code: '123456', stateToken: 'st-1' },
    });
    answer = () => json(200, { state: 'REQUIRE_OWNER_APPROVAL' });
    expect(await login(http, { email: 'a@b.co', password: 'x', captchaToken: 'tok' })).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
    expect(net.calls.at(-1)).toMatchObject({
      url: 'https://api.test/_api/iam/authentication/v2/login',
      body: { loginId: { email: 'a@b.co' }, password: 'x', captchaTokens: [{ Recaptcha: 'tok' }] },
    });
  });
});

describe('error-code mapping (docs/spec/platform-client.md §8, the catalogue)', () => {
  const cases: [string, string, 'login' | 'register', string][] = [
    ['-19976', 'wrong password', 'login', 'invalidPassword'],
    ['-19995', 'exists', 'register', 'emailAlreadyExists'],
    ['-19971', 'captcha please', 'login', 'missingCaptchaToken'],
    ['-19971', 'captcha please', 'register', 'missingCaptchaToken'],
    ['-19970', 'bad captcha', 'login', 'invalidCaptchaToken'],
    ['-19973', 'reset first', 'login', 'resetPassword'],
    ['-19999', 'no such member', 'login', 'invalidEmail'],
    ['SOMETHING', 'other', 'login', 'invalidEmail'],
  ];
  it.each(cases)('code %s on %s… → %s, with the server message', async (code, message, step, errorCode) => {
    answer = () => appError(code === '-19999' ? 404 : 400, code, message);
    const r = await (step === 'login'
      ? login(http, { email: 'a@b.co', password: 'x' })
      : register(http, { email: 'a@b.co', password: 'x' }));
    expect(r).toEqual({ loginState: 'FAILURE', error: message, errorCode, code });
  });

  it('register: an EMAIL field violation → invalidEmail with the violation text; another violation has no code', async () => {
    answer = () =>
      json(400, {
        message: 'Invalid request',
        details: {
          validationError: {
            fieldViolations: [
              {
                field: 'loginId.email',
                description: 'must be a valid email address',
                violatedRule: 'FORMAT',
                data: { type: 'EMAIL' },
              },
            ],
          },
        },
      });
    expect(await register(http, { email: 'nope', password: 'x' })).toMatchObject({
      loginState: 'FAILURE',
      error: 'must be a valid email address',
      errorCode: 'invalidEmail',
    });
    answer = () =>
      json(400, {
        message: 'Invalid request: password too short',
        details: {
          validationError: {
            fieldViolations: [{ field: 'password', description: 'too short', violatedRule: 'MIN_LENGTH' }],
          },
        },
      });
    const r = await register(http, { email: 'a@b.co', password: 'x' });
    expect(r).toMatchObject({ loginState: 'FAILURE', error: 'Invalid request: password too short' });
    expect('errorCode' in r).toBe(false);
  });

  it('verify: the server code is kept (BAD_CODE), no catalogue code', async () => {
    answer = () => appError(400, 'BAD_CODE', 'Wrong verification code');
    expect(await verify(http, '000000', 'st')).toEqual({
      loginState: 'FAILURE',
      error: 'Wrong verification code',
      code: 'BAD_CODE',
    });
  });

  it('no answer, throttling and server errors are not sign-in failures: they are thrown', async () => {
    answer = () => appError(429, 'RESOURCE_EXHAUSTED');
    await expect(login(http, { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 429 });
    answer = () => appError(503, 'UNAVAILABLE');
    await expect(login(http, { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 503 });
    expect(() => toFailure(new InlayApiError({ kind: 'network', message: 'offline' }), 'login')).toThrow('offline');
    expect(() => toFailure(new Error('boom'), 'login')).toThrow('boom');
  });
});

describe('resend and recovery', () => {
  it('send the documented bodies; failures throw', async () => {
    answer = () => json(200, {});
    await resendCode(http, 'st');
    expect(net.calls.at(-1)).toMatchObject({
      url: 'https://api.test/_api/iam/verification/v1/auth/resend',
      body: { stateToken: 'st' },
    });
    await sendRecoveryEmail(client, 'a@b.co', 'https://shop.test/p', 'fr');
    expect(net.calls.at(-1)).toMatchObject({
      url: 'https://api.test/_api/iam/recovery/v1/send-email',
      body: { email: 'a@b.co', redirect: { url: 'https://shop.test/p', clientId: 'c' }, language: 'fr' },
    });
    await recover(http, 'rt', 'new password');
    expect(net.calls.at(-1)).toMatchObject({
      url: 'https://api.test/_api/iam/recovery/v1/recover',
      body: { recoveryToken: 'rt', password: 'new password' },
    });
    answer = () => appError(400, 'INVALID_RECOVERY_TOKEN');
    await expect(recover(http, 'rt', 'new password')).rejects.toMatchObject({
      applicationError: { code: 'INVALID_RECOVERY_TOKEN' },
    });
  });
});

describe('changePassword', () => {
  const paths = () => net.calls.map((c) => new URL(c.url).pathname).filter((p) => !p.endsWith('/oauth2/token'));

  it('checks the current password with a sign-in step first; a wrong one changes nothing', async () => {
    net.calls.length = 0;
    answer = (call) => (call.url.endsWith('/v2/login') ? appError(400, '-19976', 'Wrong password') : json(200, {}));
    expect(await changePassword(http, 'm@x.co', 'wrong-one', 'new-secret-1')).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    expect(paths()).toEqual(['/_api/iam/authentication/v2/login']);
  });

  it('then sends only the new password, as the platform’s call takes it', async () => {
    net.calls.length = 0;
    answer = (call) =>
      call.url.endsWith('/v2/login') ? json(200, { state: 'SUCCESS', sessionToken: 'st' }) : json(200, {});
    expect(await changePassword(http, 'm@x.co', 'old-secret', 'new-secret-1')).toBeUndefined();
    expect(paths()).toEqual(['/_api/iam/authentication/v2/login', '/_api/iam/authentication/v2/change-password']);
    expect(net.calls.at(-1)!.body).toEqual({ newPassword: 'new-secret-1' });
    expect(net.calls.at(-2)!.body).toEqual({ loginId: { email: 'm@x.co' }, password: 'old-secret' });
  });
});
