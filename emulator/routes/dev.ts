/**
 * Developer endpoints (no auth; CORS as for API routes): the mailbox (read, clear, and write: the site's own mail
 * service in dev), abandoning checkouts now (`/_dev/abandoned-checkouts/sync`) and fault injection. They hold reset links and
 * sign-up codes and can break any route, so they exist only in dev mode (`startEmulator({dev: true})`, `--dev`;
 * otherwise 404 like any unknown path) and answer only:
 * - a local `Host` (`127.0.0.1`, `localhost`, `[::1]`, any port), else 403: a page on a name rebound to 127.0.0.1
 *   (DNS rebinding) sends its own name;
 * - a body typed `application/json`, else 415: a cross-site page can send `text/plain` (and form) bodies without a
 *   preflight, never JSON ones.
 * Both checks run before the body is parsed (the routes take it raw).
 */
import type { IncomingMessage } from 'node:http';
import { forbidden, notFound, statusError } from '../errors.ts';
import { faultInputSchema } from '../faults.ts';
import { clearMail, listMail, sendMail } from '../domain/mail.ts';
import { ABANDON_AFTER_MS, syncAbandoned } from '../domain/abandoned.ts';
import { memberByEmail, memberById, type MemberRow } from '../domain/identity.ts';
import {
  FACTOR_STATUSES,
  FACTOR_TYPES,
  FIELD_TYPES,
  enrollFactor,
  memberFactors,
  removeFactors,
  requiredFields,
  setRequiredFields,
  validTotpSecret,
  type FactorRow,
} from '../domain/mfa.ts';
import { z } from 'zod';
import type { Handler, RequestContext, RouteModule, RouteOptions } from '../router.ts';
import { httpUrl, parseJsonBody, validate } from '../validate.ts';

/** A message for the mailbox (the site's own mail service in dev: the companion's recovery emails, docs/wire.md). */
const mailSchema = z.strictObject({
  to: z.string().trim().email().max(254),
  subject: z.string().trim().min(1).max(200),
  text: z.string().min(1).max(20_000),
  link: httpUrl.optional(),
});
/** Run the abandonment now with another delay (0: every checkout with an email not completed yet). */
const syncSchema = z.strictObject({
  delayMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30)
    .optional(),
});

/** Which member: by login email or id. */
const whoSchema = {
  email: z.string().trim().min(1).max(254).optional(),
  memberId: z.string().trim().min(1).max(100).optional(),
};
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');
/** Enrol a second factor for a member (issue 42): TOTP with its base32 secret, SMS with a phone, WEBAUTHN with a key. */
const enrollSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...whoSchema,
    type: z.literal('TOTP'),
    secret: z.string().trim().toUpperCase().max(200),
    status: z.enum(FACTOR_STATUSES).optional(),
  }),
  z.strictObject({ ...whoSchema, type: z.literal('EMAIL'), status: z.enum(FACTOR_STATUSES).optional() }),
  z.strictObject({
    ...whoSchema,
    type: z.literal('SMS'),
    phone: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number (+15550100…)'),
    status: z.enum(FACTOR_STATUSES).optional(),
  }),
  z.strictObject({
    ...whoSchema,
    type: z.literal('WEBAUTHN'),
    credentialId: base64url(1400),
    publicKey: base64url(2000),
    signCount: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional(),
    status: z.enum(FACTOR_STATUSES).optional(),
  }),
]);
const removeSchema = z.strictObject({ ...whoSchema, type: z.enum(FACTOR_TYPES).optional() });
/** The sign-up form's required custom fields (issue 42); `[]` requires none. */
const signupFieldsSchema = z.strictObject({
  fields: z
    .array(
      z
        .strictObject({
          name: z
            .string()
            .trim()
            .regex(/^[a-z][a-zA-Z0-9_]{0,63}$/, 'must be an extended field key without custom. (company, birthday_1…)'),
          label: z.string().trim().min(1).max(100),
          type: z.enum(FIELD_TYPES),
          options: z.array(z.string().trim().min(1).max(100)).min(1).max(50).optional(),
        })
        .refine((f) => (f.type === 'CHOICE') === (f.options !== undefined), {
          path: ['options'],
          message: 'are required for a CHOICE field, and only for one',
        }),
    )
    .max(20)
    .refine((fs) => new Set(fs.map((f) => f.name)).size === fs.length, { message: 'names must be distinct' }),
});

/** The member a dev request names (404 when none). */
function devMember(ctx: RequestContext, who: { email?: string | undefined; memberId?: string | undefined }): MemberRow {
  const m = who.memberId ? memberById(ctx.db, who.memberId) : who.email ? memberByEmail(ctx.db, who.email) : undefined;
  if (!who.memberId && !who.email) throw statusError(400, 'Name the member: email or memberId', 'INVALID_ARGUMENT');
  if (!m) throw notFound('No such member', 'MEMBER_NOT_FOUND');
  return m;
}
const devFactor = (f: FactorRow) => ({
  factorId: f.id,
  type: f.type,
  status: f.status,
  ...(f.phone ? { phone: f.phone } : {}),
  ...(f.credential_id ? { credentialId: f.credential_id, signCount: f.sign_count } : {}),
});

/** `Host` values the dev helpers answer: loopback by address or name, any port. */
const LOCAL_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;
/** Dev request bodies are small (a fault); more is refused before anything is parsed. */
const DEV_BODY_LIMIT_BYTES = 64 * 1024;

const hasBody = (req: IncomingMessage, raw?: Buffer) =>
  (raw?.length ?? 0) > 0 ||
  req.headers['transfer-encoding'] !== undefined ||
  Number(req.headers['content-length'] ?? '0') > 0;

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** 403 for a non-local Host, 415 for a body that is not JSON; then the body parsed as JSON (`{}` when empty). */
function guard(ctx: RequestContext): unknown {
  if (!LOCAL_HOST.test(ctx.req.headers.host ?? '')) {
    throw forbidden(
      'Dev helpers answer only requests to a local host (127.0.0.1, localhost or [::1])',
      'HOST_NOT_ALLOWED',
    );
  }
  if (!hasBody(ctx.req, ctx.rawBody)) return {};
  if (mediaType(ctx.req.headers['content-type']) !== 'application/json') {
    throw statusError(415, 'Dev helpers take application/json bodies only', 'UNSUPPORTED_MEDIA_TYPE');
  }
  return parseJsonBody(ctx.rawBody?.toString('utf8') ?? '');
}

export const devRoutes: RouteModule = (router, app) => {
  if (!app.dev) return; // not in dev mode: /_dev/* are unknown paths (404)

  const raw: RouteOptions = { raw: { limitBytes: DEV_BODY_LIMIT_BYTES } };
  const dev =
    (handler: (ctx: RequestContext, body: unknown) => ReturnType<Handler>): Handler =>
    (ctx) =>
      handler(ctx, guard(ctx));

  router.get(
    '/_dev/mailbox',
    dev((ctx) => {
      const to = ctx.query.get('to')?.trim();
      return { json: { messages: listMail(ctx.db, to || undefined) } };
    }),
  );
  router.delete(
    '/_dev/mailbox',
    dev((ctx) => {
      clearMail(ctx.db);
      return { json: {} };
    }),
    raw,
  );

  router.post(
    '/_dev/mailbox',
    dev((ctx, body) => {
      const mail = validate(mailSchema, body);
      return { json: { message: sendMail(ctx.db, mail, ctx.now()) } };
    }),
    raw,
  );
  router.post(
    '/_dev/abandoned-checkouts/sync',
    dev((ctx, body) => {
      const { delayMinutes } = validate(syncSchema, body);
      const delayMs = delayMinutes === undefined ? ABANDON_AFTER_MS : delayMinutes * 60_000;
      return { json: { created: syncAbandoned(ctx, delayMs) } };
    }),
    raw,
  );

  // Second factors and the sign-up form's required fields (issue 42; emulator/README.md).
  router.get(
    '/_dev/members/factors',
    dev((ctx) => {
      const m = devMember(ctx, {
        email: ctx.query.get('email') ?? undefined,
        memberId: ctx.query.get('memberId') ?? undefined,
      });
      return { json: { factors: memberFactors(ctx.db, m.id).map(devFactor) } };
    }),
  );
  router.post(
    '/_dev/members/factors',
    dev((ctx, body) => {
      const input = validate(enrollSchema, body);
      const m = devMember(ctx, input);
      if (input.type === 'TOTP' && !validTotpSecret(input.secret))
        throw statusError(400, 'secret must be base32 (A-Z, 2-7) of at least 16 characters', 'INVALID_ARGUMENT');
      if (input.type === 'WEBAUTHN' && memberFactors(ctx.db, m.id).some((f) => f.credential_id === input.credentialId))
        throw statusError(409, 'This member already has this credential', 'ALREADY_EXISTS');
      try {
        return { json: { factor: devFactor(enrollFactor(ctx.db, m.id, input, ctx.now())) } };
      } catch (e) {
        if (String((e as Error).message).includes('UNIQUE'))
          throw statusError(409, 'Another member has this credential', 'ALREADY_EXISTS');
        throw e;
      }
    }),
    raw,
  );
  router.delete(
    '/_dev/members/factors',
    dev((ctx, body) => {
      const input = validate(removeSchema, body);
      const m = devMember(ctx, input);
      return { json: { removed: removeFactors(ctx.db, m.id, input.type) } };
    }),
    raw,
  );
  router.get(
    '/_dev/settings/signup-fields',
    dev((ctx) => ({ json: { fields: requiredFields(ctx.db) } })),
  );
  router.put(
    '/_dev/settings/signup-fields',
    dev((ctx, body) => {
      const { fields } = validate(signupFieldsSchema, body);
      setRequiredFields(ctx.db, fields);
      return { json: { fields } };
    }),
    raw,
  );

  router.get(
    '/_dev/faults',
    dev(() => ({ json: { faults: app.faults.list() } })),
  );
  router.post(
    '/_dev/faults',
    dev((ctx, body) => {
      const input = validate(faultInputSchema, body);
      return { json: { fault: app.faults.add(input, ctx.now()) } };
    }),
    raw,
  );
  router.delete(
    '/_dev/faults',
    dev(() => {
      app.faults.clear();
      return { json: {} };
    }),
    raw,
  );
  router.delete(
    '/_dev/faults/:id',
    dev((ctx) => {
      const id = ctx.params['id'] ?? '';
      if (!app.faults.remove(id)) throw notFound(`Fault ${id} not found`, 'FAULT_NOT_FOUND');
      return { json: {} };
    }),
    raw,
  );
};
