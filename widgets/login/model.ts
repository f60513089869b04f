import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import { InlayApiError } from '../../core/errors.ts';
import { addStrings } from '../../core/i18n/index.ts';
import type { Translator } from '../../core/i18n/index.ts';
import {
  login,
  PASSWORD_MIN,
  recover,
  register,
  resendCode,
  sendRecoveryEmail,
  verify,
  type LoginState,
} from '../../core/api/identity.ts';
import { onDemand } from '../../core/on-demand.ts';
import { checkedPasswordChange } from './password-change.ts';
import { storageKey, webStorage } from '../../core/storage.ts';
// The redirect-session flows load on first use (after a successful sign-in, sign-out, account, hosted).
const flows = () => import('../../core/services/member-login.ts');
/**
 * The second-factor and required-fields steps (their flows, views and strings): loaded only when the platform asks
 * for one of them, never with the panel.
 */
export const challengePart = onDemand(() => import('./challenge.tsx'));
/** Their French, loaded with them on a French page only (not in the language pack every French page loads). */
const challengeFrench = onDemand(() => import('./challenge-strings.fr.ts').then((m) => addStrings('fr', m.fr)));
import { strings } from './strings.ts';

/** Where the panel is: closed, one of the forms, or a message step. */
export type Step =
  'closed' | 'sign-in' | 'sign-up' | 'verify' | 'forgot' | 'sent' | 'reset' | 'pending' | 'mfa' | 'fields';
/** A form's fields; the required fields' step names its own (`f.<key>`). */
export type Field = 'email' | 'password' | 'code' | 'form' | `f.${string}`;
type Key = keyof typeof strings;
/** The panel's translator, typed by its dictionary. */
export type T = Translator<Key>;

export interface LoginUi {
  step: Step;
  busy: boolean;
  /** The email of the current attempt (shown in "we sent a code to…"). */
  email: string;
  errors: Partial<Record<Field, string>>;
  notice?: string;
  /** When "send a new code" is allowed again (epoch ms). */
  resendAt?: number;
}

/** The emulator's cool-down between codes; the button waits as long. */
export const RESEND_COOLDOWN_MS = 30000;
/** The query parameter of the emailed reset link (the platform sends people back to the page they asked from). */
export const RESET_PARAM = 'inlay-reset';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Which field shows which message for a refused step (docs/spec/platform-client.md §8, plus verification's codes). */
export function failureKeys(
  r: Extract<LoginState, { loginState: 'FAILURE' }>,
  step: 'login' | 'register' | 'verify',
): Partial<Record<Field, Key>> {
  // the owner blocked or disconnected this member (issue 41): said as such, never "wrong email" or "try again"
  if (r.code === 'MEMBER_BLOCKED') return { form: 'err.blocked' };
  if (r.code === 'MEMBER_OFFLINE') return { form: 'err.offline' };
  switch (r.errorCode) {
    case 'invalidPassword':
      return { password: 'err.invalidPassword' };
    case 'invalidEmail':
      return { email: step === 'login' ? 'err.invalidEmail' : 'err.badEmail' };
    case 'emailAlreadyExists':
      return { email: 'err.emailExists' };
    case 'resetPassword':
      return { form: 'err.resetPassword' };
    case 'missingCaptchaToken':
      return { form: 'err.captcha' };
    case 'invalidCaptchaToken':
      return { form: 'err.captchaInvalid' };
  }
  if (r.code === 'BAD_CODE') return { code: 'err.badCode' };
  if (r.code === 'NOT_FOUND') return { form: 'err.codeExpired' };
  return { form: 'err.unknown' };
}

/** This page without the reset parameter or fragment: where emailed links come back to. */
export function pageUrl(href = location.href): string {
  const u = new URL(href);
  u.searchParams.delete(RESET_PARAM);
  u.hash = '';
  return u.href;
}

/**
 * The sign-in panel's state machine: sign in, sign up, code verification, forgot/reset password, sign out.
 * One action at a time (`busy`); errors are translated text per field.
 */
export function createLoginModel(
  context: InlayContext,
  deps: {
    now?: () => number;
    credentials?: () => Pick<CredentialsContainer, 'get'> | undefined;
    /** Where remembered devices are kept (default: the storage the site chose for tokens). */
    storage?: Storage | null;
  } = {},
) {
  const { client, i18n, captcha } = context;
  // "Remember this device": the platform's device token per email, kept where the site keeps its tokens
  const storage = deps.storage !== undefined ? deps.storage : webStorage(client.config.tokenStorage);
  const deviceKey = storageKey('devices', client.config.clientId);
  const devices = (): Record<string, string> => {
    try {
      return JSON.parse(storage?.getItem(deviceKey) ?? '{}') as Record<string, string>;
    } catch {
      return {};
    }
  };
  const now = deps.now ?? Date.now;
  const { http } = client;
  // looked up per message: the page's language may change while the panel is open
  const tr = () => i18n().strings(strings);
  const t: ReturnType<typeof tr> = (key, params) => tr()(key, params);
  const $ui = atom<LoginUi>({ step: 'closed', busy: false, email: '', errors: {} });
  let stateToken = '';
  let resetToken = '';
  // what was typed in the sign-in or sign-up form, kept while a second factor or required fields are asked ("Back")
  let kept = { step: 'sign-in' as Step, password: '' };
  let challenge: import('./challenge.tsx').Challenge | undefined;
  const set = (p: Partial<LoginUi>) => $ui.set({ ...$ui.get(), ...p });
  const go = (step: Step, p: Partial<LoginUi> = {}) => set({ step, errors: {}, notice: undefined, ...p });
  const invalid = (errors: LoginUi['errors']) => set({ errors, notice: undefined });

  async function run(fn: () => Promise<unknown>) {
    if ($ui.get().busy) return;
    set({ busy: true, errors: {}, notice: undefined });
    try {
      await fn();
    } catch (e) {
      set({ errors: { form: e instanceof InlayApiError && e.status === 429 ? t('err.tooMany') : i18n().error(e) } });
    } finally {
      set({ busy: false });
    }
  }

  async function outcome(
    r: LoginState,
    step: 'login' | 'register' | 'verify',
    retry?: (captcha: string) => Promise<LoginState>,
  ): Promise<void> {
    // a device remembered after a second factor (the answer to that verify: SUCCESS, or the required fields)
    const device = 'data' in r && 'deviceToken' in r.data ? r.data.deviceToken : undefined;
    if (device) storage?.setItem(deviceKey, JSON.stringify({ ...devices(), [$ui.get().email]: device }));
    if (r.loginState === 'SUCCESS') {
      await (await flows()).loginWithSessionToken(client, r.data.sessionToken);
      kept.password = '';
      return go('closed');
    }
    if (r.loginState === 'MORE_REQUIRED') {
      stateToken = r.data.stateToken;
      const [part] = await Promise.all([
        challengePart.load(),
        i18n().language === 'fr' ? challengeFrench.load() : undefined,
      ]);
      challenge ??= part.createChallenge({
        context,
        credentials: deps.credentials,
        email: () => $ui.get().email,
        stateToken: () => stateToken,
        run,
        set,
        finish: (next) => outcome(next, 'verify'),
        now,
      });
      return go(challenge.take(r.data.answer));
    }
    if (r.loginState === 'OWNER_APPROVAL_REQUIRED') return go('pending');
    if (r.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
      stateToken = r.data.stateToken;
      return go('verify', { resendAt: now() + RESEND_COOLDOWN_MS });
    }
    const provider = captcha();
    if (r.errorCode === 'missingCaptchaToken' && retry && provider) {
      return outcome(await retry(await provider(step === 'register' ? 'register' : 'login')), step);
    }
    const keys = failureKeys(r, step);
    set({ errors: Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(k!)])) });
  }

  const emailError = (email: string) => (EMAIL.test(email) ? {} : { email: t('err.email') });

  return {
    $ui,
    open: (step: Step = 'sign-in') => go(step),
    close: () => !$ui.get().busy && ((kept.password = ''), go('closed')),
    go,
    /** The second-factor or required-fields part, once the platform has asked for one. */
    challenge: () => challenge,
    /** The password typed before a second factor or required fields were asked (filled in again on "Back"). */
    kept: () => kept.password,
    /** From a second factor or required fields back to the form the member filled in, as they left it. */
    back: () => go(kept.step),
    signIn(email: string, password: string) {
      email = email.trim();
      const errors = { ...emailError(email), ...(password ? {} : { password: t('err.password') }) };
      if (Object.keys(errors).length) return invalid(errors);
      set({ email });
      kept = { step: 'sign-in', password };
      const attempt = (captchaToken?: string) =>
        login(http, { email, password, captchaToken, deviceToken: devices()[email] });
      return run(async () => outcome(await attempt(), 'login', attempt));
    },
    signUp(email: string, password: string, nickname: string) {
      email = email.trim();
      const errors = { ...emailError(email), ...(password.length >= PASSWORD_MIN ? {} : { password: t('err.short') }) };
      if (Object.keys(errors).length) return invalid(errors);
      set({ email });
      kept = { step: 'sign-up', password };
      const profile = nickname.trim() ? { nickname: nickname.trim() } : undefined;
      const attempt = (captchaToken?: string) => register(http, { email, password, captchaToken }, profile);
      return run(async () => outcome(await attempt(), 'register', attempt));
    },
    verifyCode(code: string) {
      code = code.replace(/\s/g, '');
      if (!/^\d{6}$/.test(code)) return invalid({ code: t('err.codeFormat') });
      return run(async () => outcome(await verify(http, code, stateToken), 'verify'));
    },
    resend: () =>
      run(async () => {
        await resendCode(http, stateToken);
        set({ notice: t('login.resent'), resendAt: now() + RESEND_COOLDOWN_MS });
      }),
    forgot(email: string) {
      email = email.trim();
      const errors = emailError(email);
      if (errors.email) return invalid(errors);
      return run(async () => {
        await sendRecoveryEmail(client, email, pageUrl(), i18n().language);
        go('sent', { email });
      });
    },
    /** Take the reset token from the page URL (the emailed link) and show the new-password form. */
    takeResetToken(): boolean {
      const u = new URL(location.href);
      const token = u.searchParams.get(RESET_PARAM);
      if (!token) return false;
      resetToken = token;
      history.replaceState(history.state, '', pageUrl());
      go('reset');
      return true;
    },
    reset(password: string) {
      if (password.length < PASSWORD_MIN) return invalid({ password: t('err.short') });
      return run(async () => {
        try {
          await recover(http, resetToken, password);
        } catch (e) {
          if (e instanceof InlayApiError && e.applicationError?.code === 'INVALID_RECOVERY_TOKEN')
            return invalid({ form: t('err.resetExpired') });
          throw e;
        }
        go('sign-in', { notice: t('login.resetDone') });
      });
    },
    hosted: () => run(async () => (await flows()).startHostedLogin(client, i18n().locale)),
    signOut: () => run(async () => (await flows()).logout(client)),
    /**
     * The platform's hosted account page (`memberAccountPage`, internal in its client: docs/wire.md "Admin fidelity
     * fixes"). A refusal is not the server's fault to try again: the member is told to use the site's own page.
     */
    account: () =>
      run(async () => {
        try {
          location.assign(await (await flows()).accountUrl(client, i18n().locale));
        } catch (e) {
          if (!(e instanceof InlayApiError && e.status >= 400 && e.status < 500 && e.status !== 429)) throw e;
          set({ errors: { form: t('err.account') } });
        }
      }),
    /** Change the member's password, the current one checked first (password-change.ts). */
    changePassword: checkedPasswordChange(http),
  };
}

export type { PasswordProblem } from './password-change.ts';

export type LoginModel = ReturnType<typeof createLoginModel>;
