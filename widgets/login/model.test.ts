import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaProvider } from '../../core/context.ts';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { createLoginModel, failureKeys, pageUrl, RESEND_COOLDOWN_MS } from './model.ts';
import { initials } from './view.tsx';

let answer: (call: Call) => Response = () => json(200, {});
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return answer(call);
});
const appError = (status: number, code: string) =>
  json(status, { message: 'm', details: { applicationError: { code } } });
const calls = (path: string) => net.calls.filter((c) => c.url.includes(path));

/** The site's `Inlay.captcha`. */
let captcha: CaptchaProvider | undefined;
const context = testContext(net.fetch, { clientId: 'c', captcha: () => captcha });
beforeEach(() => {
  net.calls.length = 0;
  captcha = undefined;
});

describe('failureKeys: every catalogue code has its message on the right field', () => {
  it.each([
    ['invalidPassword', 'login', { password: 'err.invalidPassword' }],
    ['invalidEmail', 'login', { email: 'err.invalidEmail' }],
    ['invalidEmail', 'register', { email: 'err.badEmail' }],
    ['emailAlreadyExists', 'register', { email: 'err.emailExists' }],
    ['resetPassword', 'login', { form: 'err.resetPassword' }],
    ['missingCaptchaToken', 'login', { form: 'err.captcha' }],
    ['invalidCaptchaToken', 'login', { form: 'err.captchaInvalid' }],
  ] as const)('%s (%s)', (errorCode, step, keys) => {
    expect(failureKeys({ loginState: 'FAILURE', error: 'x', errorCode }, step)).toEqual(keys);
  });
  it('verification codes and unknown failures', () => {
    expect(failureKeys({ loginState: 'FAILURE', error: 'x', code: 'BAD_CODE' }, 'verify')).toEqual({
      code: 'err.badCode',
    });
    expect(failureKeys({ loginState: 'FAILURE', error: 'x', code: 'NOT_FOUND' }, 'verify')).toEqual({
      form: 'err.codeExpired',
    });
    expect(failureKeys({ loginState: 'FAILURE', error: 'Unknown _state' }, 'login')).toEqual({ form: 'err.unknown' });
  });
  it('a member the owner blocked or disconnected is told so (not "wrong email"), whatever code the step mapped', () => {
    const blocked = { loginState: 'FAILURE', error: 'This member is blocked', code: 'MEMBER_BLOCKED' } as const;
    expect(failureKeys({ ...blocked, errorCode: 'invalidEmail' }, 'login')).toEqual({ form: 'err.blocked' });
    expect(failureKeys({ ...blocked, code: 'MEMBER_OFFLINE' }, 'verify')).toEqual({ form: 'err.offline' });
  });
});

it('initials', () => {
  expect(initials('Ada Lovelace')).toBe('AL');
  expect(initials(' maya ')).toBe('M');
  expect(initials('')).toBe('?');
});

describe('login model', () => {
  it('checks fields before sending anything', async () => {
    const m = createLoginModel(context);
    await m.signIn('ada@', '');
    expect(m.$ui.get().errors).toEqual({
      email: 'Enter a valid email address, like name@example.com.',
      password: 'Enter your password.',
    });
    await m.signUp('ada@example.com', 'short', '');
    expect(m.$ui.get().errors).toEqual({ password: 'Use at least 8 characters.' });
    await m.verifyCode('12');
    expect(m.$ui.get().errors.code).toMatch(/6-digit/);
    expect(net.calls.filter((c) => !c.url.endsWith('/oauth2/token'))).toEqual([]);
  });

  it('wrong password: message on the password field; one request at a time (no double submit)', async () => {
    answer = () => appError(400, '-19976');
    const m = createLoginModel(context);
    m.open('sign-in');
    const a = m.signIn('ada@example.com', 'pw');
    const b = m.signIn('ada@example.com', 'pw');
    expect(m.$ui.get().busy).toBe(true);
    await Promise.all([a, b]);
    expect(calls('/v2/login')).toHaveLength(1);
    expect(m.$ui.get()).toMatchObject({
      busy: false,
      step: 'sign-in',
      errors: { password: 'Wrong password. Try again or reset it.' },
    });
  });

  it('a captcha request asks the site provider and retries with its token; without a provider, a clear message', async () => {
    answer = (c) =>
      (c.body as { captchaTokens?: unknown }).captchaTokens
        ? json(200, { state: 'REQUIRE_OWNER_APPROVAL' })
        : appError(400, '-19971');
    const m = createLoginModel(context);
    await m.signIn('ada@example.com', 'pw');
    expect(m.$ui.get().errors.form).toMatch(/captcha check/);
    const provider = vi.fn(async () => 'dev-captcha-ok');
    captcha = provider;
    await m.signIn('ada@example.com', 'pw');
    expect(provider).toHaveBeenCalledWith('login');
    expect(calls('/v2/login').at(-1)!.body).toMatchObject({ captchaTokens: [{ Recaptcha: 'dev-captcha-ok' }] });
    expect(m.$ui.get().step).toBe('pending');
  });

  it('sign-up → code step (cool-down), wrong code, resend', async () => {
    let t = 1_000_000;
    answer = (c) =>
      c.url.endsWith('/register')
        ? json(200, { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st' })
        : c.url.endsWith('/verify')
          ? appError(400, 'BAD_CODE')
          : json(200, {});
    const m = createLoginModel(context, { now: () => t });
    await m.signUp(' ada@example.com ', 'long enough', ' Ada ');
    expect(calls('/v2/register')[0]!.body).toMatchObject({
      loginId: { email: 'ada@example.com' },
      profile: { nickname: 'Ada' },
    });
    expect(m.$ui.get()).toMatchObject({ step: 'verify', email: 'ada@example.com', resendAt: t + RESEND_COOLDOWN_MS });
    await m.verifyCode('123 456');
    expect(calls('/auth/verify')[0]!.body).toEqual({ code: '123456', stateToken: 'st' });
    expect(m.$ui.get().errors).toEqual({ code: 'That code isn’t right. Check the email and try again.' });
    t += RESEND_COOLDOWN_MS;
    await m.resend();
    expect(calls('/auth/resend')[0]!.body).toEqual({ stateToken: 'st' });
    expect(m.$ui.get()).toMatchObject({ notice: 'We sent a new code.', resendAt: t + RESEND_COOLDOWN_MS });
  });

  it('throttled or offline: the generic messages', async () => {
    answer = () => appError(429, 'RESOURCE_EXHAUSTED');
    const m = createLoginModel(context);
    await m.signIn('ada@example.com', 'pw');
    expect(m.$ui.get().errors.form).toBe('Too many attempts. Wait a little and try again.');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await m.signIn('ada@example.com', 'pw');
    expect(m.$ui.get().errors.form).toMatch(/offline/);
  });

  it('"My account": the hosted page is asked for as memberAccountPage; a refusal says to use the site’s own page, a server failure stays generic', async () => {
    const m = createLoginModel(context);
    answer = () =>
      json(400, {
        message: 'm',
        details: {
          validationError: { fieldViolations: [{ field: 'memberAccountPage', violatedRule: 'FIELD_NOT_ALLOWED' }] },
        },
      });
    await m.account();
    expect(calls('/redirect-session').map((c) => Object.keys(c.body as object))).toEqual([
      ['memberAccountPage', 'callbacks', 'preferences'],
    ]);
    // the hosted page in the page's language
    expect((calls('/redirect-session')[0]!.body as Record<string, unknown>)['preferences']).toEqual({
      additionalQueryParameters: { lang: 'en' },
    });
    expect(m.$ui.get().errors.form).toBe(
      'Your account page can’t be opened from here. Use the site’s own account page, or ask the shop.',
    );
    answer = () => json(503, { message: 'down' });
    await m.account();
    expect(m.$ui.get().errors.form).toMatch(/Something went wrong/);
  });

  it('forgot password sends this page (without fragment or old token) as the way back; the reset link opens the reset step', async () => {
    answer = () => json(200, {});
    history.replaceState(null, '', '/p?a=1&inlay-reset=old#x');
    const m = createLoginModel(context);
    await m.forgot('ada@example.com');
    expect(calls('/recovery/v1/send-email')[0]!.body).toMatchObject({
      email: 'ada@example.com',
      redirect: { url: `${location.origin}/p?a=1`, clientId: 'c' },
    });
    expect(m.$ui.get()).toMatchObject({ step: 'sent', email: 'ada@example.com' });

    history.replaceState(null, '', '/p?inlay-reset=tok-1');
    expect(m.takeResetToken()).toBe(true);
    expect(location.search).toBe('');
    expect(m.$ui.get().step).toBe('reset');
    answer = () => appError(400, 'INVALID_RECOVERY_TOKEN');
    await m.reset('new password');
    expect(m.$ui.get().errors.form).toMatch(/expired/);
    answer = () => json(200, {});
    await m.reset('new password');
    expect(calls('/recovery/v1/recover').at(-1)!.body).toEqual({ recoveryToken: 'tok-1', password: 'new password' });
    expect(m.$ui.get()).toMatchObject({
      step: 'sign-in',
      notice: 'Your password was changed. Sign in with your new password.',
    });
    expect(pageUrl('https://x.test/a?inlay-reset=1&b=2#c')).toBe('https://x.test/a?b=2');
  });
});

describe('changePassword', () => {
  const m = createLoginModel(context);
  const sent = () => calls('/v2/').map((c) => new URL(c.url).pathname.split('/').pop());

  it('checks the fields before any request', async () => {
    expect(await m.changePassword('m@x.co', '', 'long enough 1')).toEqual({ current: 'pw.required' });
    expect(await m.changePassword('m@x.co', 'old secret', 'short')).toEqual({ next: 'pw.short' });
    expect(await m.changePassword('m@x.co', 'old secret', 'x'.repeat(101))).toEqual({ next: 'pw.short' });
    expect(await m.changePassword('m@x.co', 'same secret', 'same secret')).toEqual({ next: 'pw.same' });
    expect(sent()).toEqual([]);
  });

  it('a wrong current password is named on its field and nothing is changed; throttling on the form', async () => {
    answer = () => appError(400, '-19976');
    expect(await m.changePassword('m@x.co', 'wrong one', 'new secret 2')).toEqual({ current: 'pw.wrong' });
    answer = () => appError(400, '-19971');
    expect(await m.changePassword('m@x.co', 'wrong one', 'new secret 2')).toEqual({ form: 'pw.locked' });
    expect(sent()).toEqual(['login', 'login']);
  });

  it('the right one: the change is sent, nothing to show', async () => {
    answer = (call) =>
      call.url.endsWith('/v2/login') ? json(200, { state: 'SUCCESS', sessionToken: 's' }) : json(200, {});
    expect(await m.changePassword('m@x.co', 'old secret', 'new secret 2')).toBeUndefined();
    expect(sent()).toEqual(['login', 'change-password']);
  });
});
