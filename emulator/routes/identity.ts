/**
 * Authentication, verification and recovery (docs/spec/wire-protocol.md §3): the custom login form's calls. Every call
 * needs a visitor (or member) token. Answers are `StateMachineResponse`s; failures carry the platform's negative codes.
 */
import { z } from 'zod';
import { ops } from '../../core/urls.ts';
import { getClient, hashPassword, revokeMemberTokens, sessionOfAccessToken, tokenFromHeader } from '../domain/auth.ts';
import { getSetting } from '../domain/settings.ts';
import { badRequest, forbidden, invalidField, tooManyRequests } from '../errors.ts';
import {
  IAM,
  RESEND_COOLDOWN_MS,
  checkThrottle,
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

const registerSchema = z.object({
  loginId,
  password,
  profile: z
    .object({
      nickname: z.string().max(100).optional(),
      firstName: z.string().max(100).optional(),
      lastName: z.string().max(100).optional(),
    })
    .loose()
    .optional(),
  captchaTokens,
  clientMetaData: z.unknown().optional(),
});
const loginSchema = z.object({
  loginId,
  password: z.string().min(1).max(PASSWORD_MAX),
  captchaTokens,
  clientMetaData: z.unknown().optional(),
  stateToken: z.string().max(1000).optional(),
});
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

/**
 * The state a member is in after proving who they are (login or verified code). On SUCCESS the address and the
 * visitor it came from (`visitorId`: a hosted page's session visitor; else the token's) become known requesters of
 * the member (their reset mails are the member's own asking).
 */
export function memberState(ctx: RequestContext, m: MemberRow, visitorId?: string | null) {
  const identity = toWireIdentity(m);
  if (m.status === 'BLOCKED') throw forbidden('This member is blocked', 'MEMBER_BLOCKED');
  if (m.status === 'PENDING') {
    if (signupPolicy(ctx.db) !== 'owner_approval' && m.email_verified !== 1) {
      const { stateToken, code } = issueStateToken(ctx.db, m.id, ctx.now());
      mailCode(ctx, m, code);
      return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken, identity, additionalData: {} };
    }
    return { state: 'REQUIRE_OWNER_APPROVAL', identity, additionalData: {} };
  }
  recordLogin(ctx.db, m.id, ctx.now());
  ctx.app.knownRequesters.remember(
    m.id,
    requesters(ctx, visitorId).filter((r) => !r.startsWith('member:')),
    ctx.now(),
  );
  return { state: 'SUCCESS', sessionToken: issueSessionToken(ctx.db, m.id, ctx.now()), identity, additionalData: {} };
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
  checkThrottle(ctx.db, keys, captcha, ctx.now());
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
      return { json: memberState(ctx, memberById(ctx.db, id)!) };
    });

    router.operation(aliasOf(ops.login, '/_api/iam', prefix), async (ctx) => {
      ctx.auth();
      const body = validate(loginSchema, ctx.body);
      const email = checkEmail(body.loginId.email, 'loginId.email');
      const m = await checkCredentials(ctx, email, body.password, body.captchaTokens);
      return { json: memberState(ctx, m) };
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
    clearEmailFailures(ctx.db, memberById(ctx.db, memberId)!.email);
    return { json: {} };
  });
};
