/**
 * Authentication, verification and recovery (docs/spec/wire-protocol.md §3): the custom login form's calls. Every call
 * needs a visitor (or member) token. Answers are `StateMachineResponse`s; failures carry the platform's negative codes.
 */
import { z } from 'zod';
import { ops } from '../../core/urls.ts';
import { getClient, hashPassword, revokeMemberTokens, sessionOfAccessToken, tokenFromHeader } from '../domain/auth.ts';
import {
  ALL_FACTOR_TYPES,
  FACTOR_CODE_COOLDOWN_MS,
  FACTOR_MAX_ATTEMPTS,
  askFactor,
  checkAssertion,
  checkFieldValue,
  checkTotp,
  countStateAttempt,
  forgetDevices,
  isTrustedDevice,
  issueDeviceToken,
  issueLoginState,
  liveLoginState,
  maskEmail,
  maskPhone,
  memberFactors,
  missingFields,
  newChallenge,
  passMfa,
  requestOptionsJson,
  requiredFields,
  saveCustomFields,
  spendLoginState,
  usableFactors,
  wireIdentityFactors,
  wireMissingFields,
  type FactorRow,
  type FieldValue,
} from '../domain/mfa.ts';
import { getSetting } from '../domain/settings.ts';
import { badRequest, forbidden, invalidField, tooManyRequests } from '../errors.ts';
import {
  IAM,
  RESEND_COOLDOWN_MS,
  checkLockout,
  checkThrottle,
  factorThrottleKeys,
  clearEmailFailures,
  clearFailures,
  clientAddress,
  consumeRecoveryToken,
  countWrongCode,
  createMember,
  endSessionsExcept,
  iamError,
  issueRecoveryToken,
  issueSessionToken,
  issueStateToken,
  liveStateToken,
  memberByEmail,
  memberById,
  newCode,
  passwordMatches,
  forgiveFailure,
  rateLimited,
  recordFailure,
  recordLogin,
  renewStateCode,
  resetPassword,
  setPasswordHash,
  signupPolicy,
  throttleKeys,
  toWireIdentity,
  verifyEmail,
  type MemberRow,
  type RateLimit,
} from '../domain/identity.ts';
import { sendMail } from '../domain/mail.ts';
import { aliasOf } from '../paths.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { httpUrl, validate } from '../validate.ts';
import { sha256Hex } from '../db.ts';

/** Passwords: 8 to 100 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
const captchaTokens = z
  .array(z.object({ Recaptcha: z.string().max(4000).optional(), InvisibleRecaptcha: z.string().max(4000).optional() }))
  .max(5)
  .optional();
const loginId = z.object({ email: z.string().min(1).max(254) });

/** `IdentityProfile.customFields`: `{name, value: {strValue | numValue | dateValue …}}` (issue 42). */
const customFields = z
  .array(z.object({ name: z.string().min(1).max(100), value: z.record(z.string(), z.unknown()).optional() }))
  .max(100)
  .optional();
const registerSchema = z.object({
  loginId,
  password,
  profile: z
    .object({
      nickname: z.string().max(100).optional(),
      firstName: z.string().max(100).optional(),
      lastName: z.string().max(100).optional(),
      customFields,
    })
    .loose()
    .optional(),
  captchaTokens,
  clientMetaData: z.unknown().optional(),
});
/** `clientMetaData`: free-form; `deviceToken` is a remembered device's (issue 42). */
const clientMetaData = z
  .object({ deviceToken: z.string().max(1000).optional() })
  .loose()
  .nullable()
  .optional();
const loginSchema = z
  .object({
    loginId,
    /** Required unless `stateToken` continues a sign-in (required sign-up fields, issue 42). */
    password: z.string().min(1).max(PASSWORD_MAX).optional(),
    captchaTokens,
    clientMetaData,
    stateToken: z.string().min(1).max(1000).optional(),
    profile: z.object({ customFields }).loose().optional(),
  })
  // reported beside any other violation (run even when another field is wrong), as a missing field: REQUIRED_FIELD
  .superRefine(
    (b, ctx) => {
      const v = b as { password?: unknown; stateToken?: unknown } | null;
      if (v && typeof v === 'object' && v.password === undefined && v.stateToken === undefined)
        ctx.addIssue({
          code: 'invalid_type',
          expected: 'string',
          input: undefined,
          path: ['password'],
          message: 'is required (or a stateToken continuing a sign-in)',
        });
    },
    { when: () => true },
  );
/** `VerifyRequest` (issue 42): one factor's data, or none (ask for that factor: a code sent, a new challenge). */
const code = z.object({ code: z.string().min(1).max(100).nullable().optional() }).loose();
const verifyFactorSchema = z.object({
  stateToken: z.string().min(1).max(1000),
  factorType: z.enum(ALL_FACTOR_TYPES).optional(),
  rememberThisDevice: z.boolean().optional(),
  totpData: code.optional(),
  emailData: code.optional(),
  smsData: code.optional(),
  callData: code.optional(),
  recoveryCodeData: code.optional(),
  pushData: z.object({ transactionId: z.string().max(36).nullable().optional() }).optional(),
  passwordData: z.object({ password: z.string().max(100).optional() }).optional(),
  webauthnData: z
    .object({
      challengeId: z.string().max(100).nullable().optional(),
      credential: z.string().max(3000).nullable().optional(),
    })
    .optional(),
});
export type VerifyFactorBody = z.infer<typeof verifyFactorSchema>;
const verifySchema = z.object({
  code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code'),
  stateToken: z.string().min(1).max(1000),
});
const resendSchema = z.object({ stateToken: z.string().min(1).max(1000) });
const sendEmailSchema = z.object({
  email: z.string().min(1).max(254),
  redirect: z.object({ url: httpUrl, clientId: z.string().min(1).max(200) }).optional(),
  language: z.string().max(20).optional(),
});
const recoverSchema = z.object({ recoveryToken: z.string().min(1).max(1000), password });
const changePasswordSchema = z.object({ newPassword: password });

/** An EMAIL-typed violation: the SDK reports it as `invalidEmail` (docs/spec/platform-client.md §5). */
function checkEmail(email: string, field: string): string {
  const e = email.trim();
  if (!EMAIL_RE.test(e))
    throw badRequest([
      { field, description: 'must be a valid email address', violatedRule: 'FORMAT', data: { type: 'EMAIL' } },
    ]);
  return e;
}

/** Mail a verification code. */
function mailCode(ctx: RequestContext, m: MemberRow, code: string): void {
  sendMail(
    ctx.db,
    {
      to: m.email,
      subject: `Your verification code: ${code}`,
      text: `Enter ${code} to confirm your email address. It expires in 30 minutes.`,
      code,
    },
    ctx.now(),
  );
}

/**
 * The requesters a call comes from, most specific first: the member's own token, the visitor (the token's subject,
 * or `visitorId` given for a hosted page's session), the client address. Keys of {@link KnownRequesters}.
 */
function requesters(ctx: RequestContext, visitorId?: string | null): string[] {
  const who = ctx.tryAuth();
  const visitor = visitorId ?? (who?.kind === 'visitor' ? who.visitorId : who?.visitorId);
  return [
    ...(who?.kind === 'member' ? [`member:${who.memberId}`] : []),
    ...(visitor ? [`visitor:${visitor}`] : []),
    `ip:${clientAddress(ctx.req)}`,
  ];
}

/** The words of a refused sign-in (docs/wire.md "Members admin, badges, custom fields"). */
export const MEMBER_BLOCKED = 'This member is blocked';
export const MEMBER_OFFLINE = 'This member was disconnected from the site';

/** A member the owner blocked or disconnected (Disconnect Member: "can't log in", for good) cannot sign in: 403. */
function refuseBlocked(m: MemberRow): void {
  if (m.status === 'BLOCKED') throw forbidden(MEMBER_BLOCKED, 'MEMBER_BLOCKED');
  if (m.status === 'OFFLINE') throw forbidden(MEMBER_OFFLINE, 'MEMBER_OFFLINE');
}

/**
 * The state a member is in after proving who they are with a first factor (login or verified code): BLOCKED and
 * OFFLINE (disconnected) refused; PENDING asks for the email code or the owner's approval; then the second factor (MFA_CHALLENGE, unless
 * `deviceToken` is one of the member's remembered devices), then the sign-up form's required fields
 * (REQUIRE_MISSING_FIELDS), then SUCCESS (issue 42, docs/wire.md "Second factors, passkeys and required fields").
 */
export function memberState(
  ctx: RequestContext,
  m: MemberRow,
  visitorId?: string | null,
  opts: { deviceToken?: string | undefined } = {},
) {
  const identity = wireIdentity(ctx, m);
  refuseBlocked(m);
  if (m.status === 'PENDING') {
    if (signupPolicy(ctx.db) !== 'owner_approval' && m.email_verified !== 1) {
      const { stateToken, code } = issueStateToken(ctx.db, m.id, ctx.now());
      mailCode(ctx, m, code);
      return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken, identity, additionalData: {} };
    }
    return { state: 'REQUIRE_OWNER_APPROVAL', identity, additionalData: {} };
  }
  const factors = memberFactors(ctx.db, m.id);
  const usable = usableFactors(factors);
  if (!usable.length && factors.some((f) => f.status === 'REQUIRE_REENROLL'))
    throw iamError(400, 'REENROLLMENT_REQUIRED_BY_ADMIN', 'This member must enrol their second factor again');
  if (usable.length && !(opts.deviceToken && isTrustedDevice(ctx.db, m.id, opts.deviceToken, ctx.now()))) {
    const stateToken = issueLoginState(ctx.db, m.id, 'MFA', visitorId ?? null, ctx.now());
    return mfaChallenge(ctx, m, stateToken, usable, usable[0]!.type);
  }
  return afterSecondFactor(ctx, m, visitorId ?? null, undefined, {});
}

/** `StateMachineResponse.identity`, with the member's factors. */
const wireIdentity = (ctx: RequestContext, m: MemberRow) => ({
  ...toWireIdentity(m),
  factors: wireIdentityFactors(memberFactors(ctx.db, m.id)),
});

/**
 * After the second factor (or without one): REQUIRE_MISSING_FIELDS while a required field has no value (the state
 * token continues, or a new one), else SUCCESS (the state token is spent). `additionalData` goes into the answer.
 */
function afterSecondFactor(
  ctx: RequestContext,
  m: MemberRow,
  visitorId: string | null,
  state: { stateToken: string; hash: string } | undefined,
  additionalData: Record<string, unknown>,
) {
  // blocked or disconnected by the owner since the first factor: the sign-in ends here too
  refuseBlocked(memberById(ctx.db, m.id) ?? m);
  const missing = missingFields(ctx.db, m.id);
  if (missing.length) {
    const stateToken = state?.stateToken ?? issueLoginState(ctx.db, m.id, 'FIELDS', visitorId, ctx.now());
    return {
      state: 'REQUIRE_MISSING_FIELDS',
      stateToken,
      identity: wireIdentity(ctx, m),
      additionalData: { ...wireMissingFields(missing), ...additionalData },
    };
  }
  if (state && !spendLoginState(ctx.db, state.hash, ctx.now())) throw expiredSignIn();
  recordLogin(ctx.db, m.id, ctx.now());
  ctx.app.knownRequesters.remember(
    m.id,
    requesters(ctx, visitorId).filter((r) => !r.startsWith('member:')),
    ctx.now(),
  );
  return {
    state: 'SUCCESS',
    sessionToken: issueSessionToken(ctx.db, m.id, ctx.now()),
    identity: wireIdentity(ctx, m),
    additionalData,
  };
}

const expiredSignIn = () => iamError(400, 'NOT_FOUND', 'This sign-in has expired or was already used. Sign in again.');

/** The calling client's allowed origins (a passkey's expected origins; their hosts are the rpIds). */
function clientOrigins(ctx: RequestContext): string[] {
  const who = ctx.tryAuth();
  return (who && getClient(ctx.db, who.clientId)?.allowedOrigins) || [];
}

/** The rpId a challenge names: the request's `Origin` host when the client allows it, else its first origin's. */
function rpIdFor(ctx: RequestContext): string {
  const origins = clientOrigins(ctx);
  const origin = ctx.req.headers.origin;
  const pick = origin && origins.includes(origin) ? origin : origins[0];
  return pick ? new URL(pick).hostname : (ctx.req.headers.host ?? 'localhost').replace(/:\d+$/, '');
}

/**
 * MFA_CHALLENGE for `factorType` (one of `usable`'s): an EMAIL or SMS code is sent now (to the member's email; to the
 * dev mailbox as `sms:<phone>`), a WEBAUTHN challenge is made; the state remembers what it asked.
 */
function mfaChallenge(
  ctx: RequestContext,
  m: MemberRow,
  stateToken: string,
  usable: FactorRow[],
  factorType: FactorRow['type'],
) {
  const hash = sha256Hex(stateToken);
  let verificationChallengeData: Record<string, unknown> | undefined;
  if (factorType === 'EMAIL' || factorType === 'SMS') {
    const code = newCode();
    askFactor(ctx.db, hash, { factorType, code }, ctx.now());
    const phone = usable.find((f) => f.type === 'SMS')?.phone ?? '';
    sendMail(
      ctx.db,
      factorType === 'EMAIL'
        ? {
            to: m.email,
            subject: `Your sign-in code: ${code}`,
            text: `Enter ${code} to finish signing in. It works for 10 minutes.`,
            code,
          }
        : { to: `sms:${phone}`, subject: `Your sign-in code: ${code}`, text: `Sign-in code: ${code}`, code },
      ctx.now(),
    );
    verificationChallengeData = { hint: factorType === 'EMAIL' ? maskEmail(m.email) : maskPhone(phone) };
  } else if (factorType === 'WEBAUTHN') {
    const { challengeId, challenge } = newChallenge();
    askFactor(ctx.db, hash, { factorType, challengeId, challenge }, ctx.now());
    verificationChallengeData = {
      webauthnData: {
        challengeId,
        publicKeyCredentialRequestOptionsJson: requestOptionsJson(challenge, rpIdFor(ctx), usable),
      },
    };
  } else {
    askFactor(ctx.db, hash, { factorType }, ctx.now());
  }
  const types = [...new Set(usable.map((f) => f.type))];
  return {
    state: 'MFA_CHALLENGE',
    stateToken,
    identity: wireIdentity(ctx, m),
    mfaChallengeData: {
      factorType,
      ...(verificationChallengeData ? { verificationChallengeData } : {}),
      availableFactors: types.map((t) => ({
        factorType: t,
        factorStatus: usable.some((f) => f.type === t && f.status === 'ENABLED') ? 'ENABLED' : 'ENABLED_BY_RULE',
      })),
      reason: 'USER_SETTINGS',
    },
    additionalData: {},
  };
}

/**
 * The required fields sent (`profile.customFields`): each checked against the site's form (unknown names refused);
 * with `all`, every required field the member lacks must be among them. The values to store, or a thrown 400.
 */
function checkSentFields(
  ctx: RequestContext,
  sent: { name: string; value?: Record<string, unknown> | undefined }[] | undefined,
  all: { memberId: string } | undefined,
): Record<string, FieldValue> {
  const form = requiredFields(ctx.db);
  const out: Record<string, FieldValue> = {};
  const violations: { field: string; description: string; violatedRule: 'VALIDATION' | 'REQUIRED_FIELD' }[] = [];
  for (const f of sent ?? []) {
    const field = form.find((x) => x.name === f.name);
    const path = `profile.customFields.${f.name}`;
    if (!field) {
      violations.push({
        field: path,
        description: 'is not a field of the site’s sign-up form',
        violatedRule: 'VALIDATION',
      });
      continue;
    }
    const v = checkFieldValue(field, f.value);
    if (typeof v === 'string') violations.push({ field: path, description: v, violatedRule: 'VALIDATION' });
    else out[f.name] = v;
  }
  if (all)
    for (const field of missingFields(ctx.db, all.memberId))
      if (!(field.name in out) && !violations.some((v) => v.field === `profile.customFields.${field.name}`))
        violations.push({
          field: `profile.customFields.${field.name}`,
          description: `is required (${field.label})`,
          violatedRule: 'REQUIRED_FIELD',
        });
  if (violations.length) throw badRequest(violations);
  return out;
}

/**
 * Check an email and password (throttled, captcha after repeated failures): the member, or a thrown platform error.
 * Shared with the hosted login page.
 */
export async function checkCredentials(
  ctx: RequestContext,
  email: string,
  pw: string,
  captcha?: { Recaptcha?: string; InvisibleRecaptcha?: string }[],
): Promise<MemberRow> {
  const keys = throttleKeys(email, clientAddress(ctx.req));
  // a second factor's wrong answers count too (the password's rules apply to every factor)
  checkThrottle(ctx.db, [...keys, factorThrottleKeys(email, clientAddress(ctx.req))[0]!], captcha, ctx.now());
  const m = memberByEmail(ctx.db, email);
  if (!m) {
    recordFailure(ctx.db, keys, ctx.now());
    throw iamError(404, IAM.notFound, 'No member with this email');
  }
  if (!m.password_hash) throw iamError(400, IAM.resetPassword, 'This member must reset their password');
  // Counted as a failure before the (slow) hash check, so guesses sent in parallel each meet the ones before them;
  // forgiven below when the password is right.
  recordFailure(ctx.db, keys, ctx.now());
  if (!(await passwordMatches(m, pw))) throw iamError(400, IAM.invalidPassword, 'Wrong password');
  clearFailures(ctx.db, keys[0]!);
  forgiveFailure(ctx.db, keys[1]!, ctx.now());
  return m;
}

/**
 * After a password change: every other way into the account ends. Other sessions' refresh and access tokens are
 * revoked (the caller's session stays), and sign-in steps still in flight (unused session tokens from a login,
 * authorization codes, reset links) stop working.
 */
function endOtherSessions(ctx: RequestContext, memberId: string): void {
  endSessionsExcept(
    ctx.db,
    memberId,
    sessionOfAccessToken(ctx.db, tokenFromHeader(ctx.req.headers.authorization)),
    ctx.now(),
  );
}

/**
 * `…/v2/{factorType}/verify` after its checks of the request (shared with the hosted sign-in page, routes/redirects.ts):
 * without an answer, ask for `factorType` (switch to it, or a new code: {@link FACTOR_CODE_COOLDOWN_MS} apart); with
 * one, check it (wrong answers count on the state and on the password's lockout keys) and move on. The state machine's
 * answer, or a thrown platform error.
 */
export async function verifySecondFactor(ctx: RequestContext, factorType: string, body: VerifyFactorBody) {
  const state = liveLoginState(ctx.db, body.stateToken, ctx.now());
  const m = state && memberById(ctx.db, state.member_id);
  if (!state || state.stage !== 'MFA' || !m) throw expiredSignIn();
  // the password's lockout applies to every factor
  const keys = factorThrottleKeys(m.email, clientAddress(ctx.req));
  checkLockout(ctx.db, keys, ctx.now());
  const usable = usableFactors(memberFactors(ctx.db, m.id));
  const ofType = usable.filter((f) => f.type === factorType);
  if (!ofType.length) throw iamError(400, 'FACTOR_NOT_AVAILABLE', `This member cannot sign in with ${factorType}`);
  const type = ofType[0]!.type;
  const data =
    type === 'TOTP' ? body.totpData : type === 'EMAIL' ? body.emailData : type === 'SMS' ? body.smsData : undefined;
  const answer = type === 'WEBAUTHN' ? body.webauthnData?.credential : data?.code;
  if (!answer) {
    // switch to this factor, or a new code / challenge for it
    if (
      (type === 'EMAIL' || type === 'SMS') &&
      state.factor_type === type &&
      (state.code_sent_at ?? 0) + FACTOR_CODE_COOLDOWN_MS > ctx.now()
    )
      throw tooManyRequests('Wait a moment before asking for another code', 'SEND_CODE_ERROR');
    return mfaChallenge(ctx, m, body.stateToken, usable, type);
  }
  if (type !== 'TOTP' && state.factor_type !== type)
    throw iamError(
      400,
      'BAD_CODE',
      type === 'WEBAUTHN'
        ? 'No passkey challenge was given for this sign-in: ask for one first'
        : 'No code was sent for this factor yet: ask for one first',
    );
  let wrong: string | undefined;
  if (type === 'TOTP') {
    const r = checkTotp(ctx.db, ofType[0]!, answer, ctx.now());
    if (r === 'wrong') wrong = 'Wrong code';
    if (r === 'replayed') wrong = 'This code was already used: wait for the next one';
  } else if (type === 'EMAIL' || type === 'SMS') {
    if (sha256Hex(answer) !== state.code_hash) wrong = 'Wrong code';
  } else if (!state.challenge || body.webauthnData?.challengeId !== state.challenge_id) {
    wrong = 'This passkey answer is for another challenge';
  } else {
    const r = await checkAssertion(ctx.db, ofType, answer, state.challenge, clientOrigins(ctx));
    if (!r.ok) wrong = r.reason;
  }
  if (wrong !== undefined) {
    recordFailure(ctx.db, keys, ctx.now());
    if (countStateAttempt(ctx.db, state.token_hash) >= FACTOR_MAX_ATTEMPTS) {
      spendLoginState(ctx.db, state.token_hash, ctx.now());
      throw rateLimited('Too many wrong codes. Sign in again.', 1000);
    }
    throw iamError(400, 'BAD_CODE', wrong);
  }
  clearFailures(ctx.db, keys[0]!);
  if (!passMfa(ctx.db, state.token_hash)) throw expiredSignIn();
  const extra = body.rememberThisDevice ? { deviceToken: { strValue: issueDeviceToken(ctx.db, m.id, ctx.now()) } } : {};
  return afterSecondFactor(ctx, m, state.visitor_id, { stateToken: body.stateToken, hash: state.token_hash }, extra);
}

export const identityRoutes: RouteModule = (router, app) => {
  // also without the `/_api` prefix
  for (const prefix of ['/_api/iam', '/iam']) {
    router.operation(aliasOf(ops.register, '/_api/iam', prefix), async (ctx) => {
      ctx.auth();
      const body = validate(registerSchema, ctx.body);
      const email = checkEmail(body.loginId.email, 'loginId.email');
      // counted before the duplicate check: a refused duplicate is an attempt too (and probing emails costs the same)
      app.rateLimiter.take([[`signup:${clientAddress(ctx.req)}`, app.throttle.signupsPerAddress]], ctx.now());
      if (memberByEmail(ctx.db, email))
        throw iamError(409, IAM.emailAlreadyExists, 'A member with this email already exists');
      const fields = checkSentFields(ctx, body.profile?.customFields, undefined);
      const policy = signupPolicy(ctx.db);
      const hash = await hashPassword(body.password);
      // re-check after the await: another request may have registered the same email meanwhile
      if (memberByEmail(ctx.db, email))
        throw iamError(409, IAM.emailAlreadyExists, 'A member with this email already exists');
      const p = body.profile ?? {};
      const nickname = p.nickname?.trim() || p.firstName?.trim() || email.split('@')[0]!;
      const id = createMember(
        ctx.db,
        {
          email,
          passwordHash: hash,
          status: policy === 'immediate' ? 'APPROVED' : 'PENDING',
          nickname,
          firstName: p.firstName ?? null,
          lastName: p.lastName ?? null,
        },
        ctx.now(),
      );
      saveCustomFields(ctx.db, id, fields);
      return { json: memberState(ctx, memberById(ctx.db, id)!) };
    });

    router.operation(aliasOf(ops.login, '/_api/iam', prefix), async (ctx) => {
      ctx.auth();
      const body = validate(loginSchema, ctx.body);
      const email = checkEmail(body.loginId.email, 'loginId.email');
      if (body.stateToken !== undefined) {
        // continues a sign-in at its required fields (issue 42): the fields, no password
        const state = liveLoginState(ctx.db, body.stateToken, ctx.now());
        const m = state && memberById(ctx.db, state.member_id);
        if (!state || state.stage !== 'FIELDS' || !m || m.email.toLowerCase() !== email.toLowerCase())
          throw expiredSignIn();
        saveCustomFields(ctx.db, m.id, checkSentFields(ctx, body.profile?.customFields, { memberId: m.id }));
        return {
          json: afterSecondFactor(
            ctx,
            m,
            state.visitor_id,
            { stateToken: body.stateToken, hash: state.token_hash },
            {},
          ),
        };
      }
      const m = await checkCredentials(ctx, email, body.password!, body.captchaTokens);
      return { json: memberState(ctx, m, undefined, { deviceToken: body.clientMetaData?.deviceToken }) };
    });

    router.operation(aliasOf(ops.verifyFactor, '/_api/iam', prefix), async (ctx) => {
      ctx.auth();
      const factorType = ctx.params['factorType'] ?? '';
      if (!(ALL_FACTOR_TYPES as readonly string[]).includes(factorType))
        throw invalidField('factorType', `must be one of ${ALL_FACTOR_TYPES.join(', ')}`, 'VALIDATION');
      const body = validate(verifyFactorSchema, ctx.body);
      if (body.factorType !== undefined && body.factorType !== factorType)
        throw invalidField('factorType', 'must be the factor type of the path', 'VALIDATION');
      return { json: await verifySecondFactor(ctx, factorType, body) };
    });

    router.operation(aliasOf(ops.changePassword, '/_api/iam', prefix), async (ctx) => {
      const me = ctx.requireMember();
      const body = validate(changePasswordSchema, ctx.body);
      const hash = await hashPassword(body.newPassword);
      setPasswordHash(ctx.db, me.memberId, hash, ctx.now());
      endOtherSessions(ctx, me.memberId);
      return { json: {} };
    });
  }

  router.operation(ops.verify, (ctx) => {
    ctx.auth();
    const body = validate(verifySchema, ctx.body);
    const row = liveStateToken(ctx.db, body.stateToken, ctx.now());
    if (!row)
      throw iamError(
        400,
        'NOT_FOUND',
        'This verification has expired or was already used. Sign in again to get a new code.',
      );
    if (sha256Hex(body.code) !== row.code_hash) {
      countWrongCode(ctx.db, row.token_hash);
      throw iamError(400, 'BAD_CODE', 'Wrong verification code');
    }
    verifyEmail(ctx.db, row, signupPolicy(ctx.db) === 'owner_approval' ? 'PENDING' : 'APPROVED', ctx.now());
    return { json: memberState(ctx, memberById(ctx.db, row.member_id)!) };
  });

  router.operation(ops.resend, (ctx) => {
    ctx.auth();
    const body = validate(resendSchema, ctx.body);
    const row = liveStateToken(ctx.db, body.stateToken, ctx.now());
    if (!row)
      throw iamError(
        400,
        'NOT_FOUND',
        'This verification has expired or was already used. Sign in again to get a new code.',
      );
    if (row.sent_at + RESEND_COOLDOWN_MS > ctx.now())
      throw tooManyRequests('Wait a moment before asking for another code', 'SEND_CODE_ERROR');
    const code = newCode();
    renewStateCode(ctx.db, row.token_hash, code, ctx.now());
    mailCode(ctx, memberById(ctx.db, row.member_id)!, code);
    return { json: {} };
  });

  router.operation(ops.sendRecoveryEmail, (ctx) => {
    const who = ctx.auth();
    const body = validate(sendEmailSchema, ctx.body);
    const email = checkEmail(body.email, 'email');
    let link: URL;
    if (body.redirect) {
      // The link goes back to the caller's own client: its token says which one, not the body.
      if (body.redirect.clientId !== who.clientId)
        throw invalidField('redirect.clientId', 'must be the client id of the access token', 'VALIDATION');
      const client = getClient(ctx.db, body.redirect.clientId);
      if (!client) throw invalidField('redirect.clientId', 'is not a registered client', 'VALIDATION');
      link = new URL(body.redirect.url);
      if (!client.allowedOrigins.includes(link.origin))
        throw invalidField('redirect.url', "is not one of the client's allowed origins", 'VALIDATION');
    } else {
      link = new URL(getSetting<string>(ctx.db, 'siteUrl') ?? ctx.baseUrl);
    }
    // The member's own asking (from its own token, or a visitor or an address it has signed in from) counts per
    // (email, requester); anyone else's is unwanted: capped per (address, email) and, lower than before, per email
    // whatever the addresses. So a stranger spending the email's cap throttles the stranger, not the member. An
    // email without an account has no known requester: counted as any unknown one's, the answer tells nothing.
    const m = memberByEmail(ctx.db, email);
    const address = clientAddress(ctx.req);
    const target = email.toLowerCase();
    const from = requesters(ctx);
    const own =
      m && (from.includes(`member:${m.id}`) ? `member:${m.id}` : app.knownRequesters.find(m.id, from, ctx.now()));
    const key = (...parts: string[]) => JSON.stringify(parts); // no email can end where another key begins
    const buckets: [string, RateLimit][] = own
      ? [[`reset-mail:known:${key(target, own)}`, app.throttle.resetMailsPerKnownRequester]]
      : [
          [`reset-mail:pair:${key(target, address)}`, app.throttle.resetMailsPerAddressAndEmail],
          [`reset-mail:email:${target}`, app.throttle.resetMailsPerEmail],
        ];
    app.rateLimiter.take([[`reset-mail:ip:${address}`, app.throttle.resetMailsPerAddress], ...buckets], ctx.now());
    // The answer is the same whether or not the email belongs to a member (no account probing).
    if (m && m.status !== 'BLOCKED') {
      link.hash = '';
      link.searchParams.set('inlay-reset', issueRecoveryToken(ctx.db, m.id, ctx.now()));
      sendMail(
        ctx.db,
        {
          to: m.email,
          subject: 'Reset your password',
          text: `Choose a new password: ${link.href} (valid for 1 hour).`,
          link: link.href,
        },
        ctx.now(),
      );
    }
    return { json: {} };
  });

  router.operation(ops.recover, async (ctx) => {
    ctx.auth();
    const body = validate(recoverSchema, ctx.body);
    const hash = await hashPassword(body.password);
    const memberId = consumeRecoveryToken(ctx.db, body.recoveryToken, ctx.now());
    if (!memberId) throw iamError(400, 'INVALID_RECOVERY_TOKEN', 'This reset link has expired or was already used');
    const approve = signupPolicy(ctx.db) !== 'owner_approval';
    resetPassword(ctx.db, memberId, hash, approve, ctx.now());
    // Every session of the member ends: a stolen refresh token stops working too.
    revokeMemberTokens(ctx.db, memberId);
    forgetDevices(ctx.db, memberId);
    clearEmailFailures(ctx.db, memberById(ctx.db, memberId)!.email);
    return { json: {} };
  });
};
