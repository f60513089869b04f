import * as z from 'zod/mini';
import type { InlayClient } from '../client.ts';
import { InlayApiError } from '../errors.ts';
import type { Http } from '../http.ts';
import { ops, type Operation } from '../urls.ts';

/** The SDK's error codes for sign-in failures (docs/spec/platform-client.md §8). */
export type LoginErrorCode =
  | 'invalidPassword'
  | 'emailAlreadyExists'
  | 'missingCaptchaToken'
  | 'invalidCaptchaToken'
  | 'resetPassword'
  | 'invalidEmail';

/** A sign-in step's outcome, shaped like the SDK's `loginState` (docs/spec/platform-client.md §4, Login results). */
export type LoginState =
  /** `deviceToken`: after a second factor with "remember this device" (docs/wire.md "Second factors…"). */
  | { loginState: 'SUCCESS'; data: { sessionToken: string; deviceToken?: string } }
  | { loginState: 'OWNER_APPROVAL_REQUIRED' }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string } }
  /**
   * Inlay's own: a second factor (REQUIRE_MFA, MFA_CHALLENGE) or the sign-up form's required fields
   * (REQUIRE_MISSING_FIELDS) before the session; `answer` is the platform's whole answer, read by the part that asks.
   */
  | { loginState: 'MORE_REQUIRED'; data: { stateToken: string; answer: StateMachineResponse; deviceToken?: string } }
  /** `error` is the server's message; `code` the raw application code (e.g. `BAD_CODE` on verify). */
  | { loginState: 'FAILURE'; error: string; errorCode?: LoginErrorCode; code?: string };

/** The platform's shortest password (its register and change-password calls refuse shorter ones). */
export const PASSWORD_MIN = 8;

// loose: what a second factor or the required fields need is read (and checked) by their own on-demand part
export const stateSchema = z.looseObject({
  state: z.string(),
  sessionToken: z.optional(z.string()),
  stateToken: z.optional(z.string()),
});
export type StateMachineResponse = z.infer<typeof stateSchema>;
const emptySchema = z.object({});

/**
 * Server state → client state: the SDK's three known states, Inlay's MORE_REQUIRED (issue 42), anything else FAILURE
 * 'Unknown _state'.
 */
export function toLoginState(r: StateMachineResponse): LoginState {
  // a device remembered after a second factor (issue 42)
  const device = (r.additionalData as { deviceToken?: { strValue?: string } } | undefined)?.deviceToken?.strValue;
  const remembered = device ? { deviceToken: device } : {};
  if (r.state === 'SUCCESS' && r.sessionToken)
    return { loginState: 'SUCCESS', data: { sessionToken: r.sessionToken, ...remembered } };
  if (r.state === 'REQUIRE_OWNER_APPROVAL') return { loginState: 'OWNER_APPROVAL_REQUIRED' };
  // verification needs the state token kept from this step; without one the result is FAILURE
  if (r.state === 'REQUIRE_EMAIL_VERIFICATION' && r.stateToken)
    return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: r.stateToken } };
  if (/^(REQUIRE_MFA|MFA_CHALLENGE|REQUIRE_MISSING_FIELDS)$/.test(r.state) && r.stateToken)
    return { loginState: 'MORE_REQUIRED', data: { stateToken: r.stateToken, answer: r, ...remembered } };
  return { loginState: 'FAILURE', error: 'Unknown _state' };
}

const CODES: Record<string, LoginErrorCode> = {
  '-19976': 'invalidPassword',
  '-19995': 'emailAlreadyExists',
  '-19971': 'missingCaptchaToken',
  '-19970': 'invalidCaptchaToken',
  '-19973': 'resetPassword',
};

/**
 * A refused sign-in step → FAILURE with the catalogue's error code (docs/spec/platform-client.md §8). Only answers that
 * refuse the step (4xx other than 401/429) are sign-in failures: no answer, a timeout, throttling (429) and server
 * errors are rethrown for the generic messages and retry.
 */
export function toFailure(e: unknown, step: 'login' | 'register' | 'verify'): LoginState {
  if (
    !(e instanceof InlayApiError) ||
    e.kind !== 'http' ||
    e.status < 400 ||
    e.status >= 500 ||
    e.status === 429 ||
    e.status === 401
  )
    throw e;
  const code = e.applicationError?.code;
  const base = { loginState: 'FAILURE' as const, error: e.message, ...(code ? { code } : {}) };
  const known = code ? CODES[code] : undefined;
  if (known) return { ...base, errorCode: known };
  if (step === 'register') {
    const v = e.fieldViolations?.find((f) => (f.data as { type?: unknown } | undefined)?.type === 'EMAIL');
    return v ? { ...base, error: v.description, errorCode: 'invalidEmail' } : base;
  }
  return step === 'login' ? { ...base, errorCode: 'invalidEmail' } : base;
}

const captcha = (token?: string) => (token ? { captchaTokens: [{ Recaptcha: token }] } : {});

export async function step(
  http: Http,
  op: Operation,
  body: unknown,
  kind: 'login' | 'register' | 'verify',
): Promise<LoginState> {
  try {
    return toLoginState(await http.request({ ...op, body, schema: stateSchema }));
  } catch (e) {
    return toFailure(e, kind);
  }
}

export interface Credentials {
  email: string;
  password: string;
  /** A captcha provider's token, sent as `captchaTokens: [{Recaptcha}]`. */
  captchaToken?: string;
  /** This device, remembered after a second factor: sent as `clientMetaData.deviceToken`, it skips the factor. */
  deviceToken?: string;
}

/** `POST /_api/iam/authentication/v2/login`. */
export const login = (http: Http, { email, password, captchaToken, deviceToken }: Credentials) =>
  step(
    http,
    ops.login,
    {
      loginId: { email },
      password,
      ...captcha(captchaToken),
      ...(deviceToken ? { clientMetaData: { deviceToken } } : {}),
    },
    'login',
  );

/** `POST /_api/iam/authentication/v2/register`. */
export const register = (http: Http, { email, password, captchaToken }: Credentials, profile?: { nickname?: string }) =>
  step(
    http,
    ops.register,
    { loginId: { email }, password, ...(profile ? { profile } : {}), ...captcha(captchaToken) },
    'register',
  );

/** `POST /_api/iam/verification/v1/auth/verify` with the state token kept from the previous step. */
export const verify = (http: Http, code: string, stateToken: string) =>
  step(http, ops.verify, { code, stateToken }, 'verify');

const post = async (http: Http, op: Operation, body: unknown) => {
  await http.request({ ...op, body, schema: emptySchema });
};

/** Send a new code (`/auth/resend`); throws on failure. */
export const resendCode = (http: Http, stateToken: string) => post(http, ops.resend, { stateToken });

/** Email a password-reset link that comes back to `redirectUrl` (with `?inlay-reset=<token>` on the emulator). */
export const sendRecoveryEmail = (
  { http, config }: Pick<InlayClient, 'http' | 'config'>,
  email: string,
  redirectUrl: string,
  language?: string,
) =>
  post(http, ops.sendRecoveryEmail, {
    email,
    redirect: { url: redirectUrl, clientId: config.clientId },
    ...(language ? { language } : {}),
  });

/** Set a new password with the emailed recovery token. */
export const recover = (http: Http, recoveryToken: string, password: string) =>
  post(http, ops.recover, { recoveryToken, password });

/**
 * Change the signed-in member's password. The platform's call takes only the new one; the current one is checked
 * first with a sign-in step (its session token is not used), so someone at a session left open cannot change it
 * through Inlay. (The platform's call itself accepts any member token: a stolen token is the platform's to guard.)
 * Undefined when changed; the sign-in step's refusal (wrong password, captcha needed…) otherwise.
 */
export async function changePassword(
  http: Http,
  email: string,
  current: string,
  next: string,
): Promise<LoginState | undefined> {
  const check = await login(http, { email, password: current });
  if (check.loginState !== 'SUCCESS') return check;
  await post(http, ops.changePassword, { newPassword: next });
  return undefined;
}
