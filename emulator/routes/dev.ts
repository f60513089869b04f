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
import { z } from 'zod';
import { httpUrl } from '../validate.ts';
import type { Handler, RequestContext, RouteModule, RouteOptions } from '../router.ts';
import { parseJsonBody, validate } from '../validate.ts';

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
