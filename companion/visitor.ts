/**
 * A visitor's and a member's routes (docs/companion.md "Operations"): who am I, the captcha challenge, a visitor's
 * review, a review photo, and back-in-stock requests by handle. A sub-app app.ts mounts at `/v1`.
 */
import { Hono, type Context } from 'hono';
import { createChallenge, verifySolution } from 'altcha-lib';
import { z } from 'zod/mini';
import { InlayApiError } from '../core/errors.ts';
import { adminOps, ops, route } from '../core/urls.ts';
import { PHOTO_LIMIT_BYTES, readLimited } from './body.ts';
import type { Env, Guard, Kit } from './context.ts';
import { badRequest, CompanionError, forbidden, notFound, platformFailed, unsupportedType } from './errors.ts';
import { IMAGE_TYPES, sniffImage, type ImageType } from './image.ts';
import { VISITOR_UPLOADS_FOLDER } from './platform.ts';
import { bodyOf, parse, serve, wire } from './wire.ts';

const CAPTCHA_TTL_MS = 10 * 60_000;
const captchaPayload = z.strictObject({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  number: z.number().check(z.int(), z.gte(0)),
  salt: z.string().check(z.minLength(1), z.maxLength(500)),
  signature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});

const loose = z.looseObject({});
const reviewAnswer = z.looseObject({ review: z.looseObject({ id: z.string() }) });
const stockAnswer = z.looseObject({ request: z.looseObject({ id: z.string() }) });
const contactAnswer = z.looseObject({ contact: z.looseObject({ id: z.string() }) });
const contactsAnswer = z.looseObject({
  contacts: z.array(
    z.looseObject({
      id: z.string(),
      info: z.optional(
        z.looseObject({
          extendedFields: z.optional(z.looseObject({ items: z.optional(z.record(z.string(), z.unknown())) })),
        }),
      ),
    }),
  ),
});
const uploadUrlAnswer = z.looseObject({ uploadUrl: z.string() });
const uploadAnswer = z.looseObject({
  file: z.looseObject({
    id: z.string(),
    url: z.string(),
    media: z.optional(
      z.looseObject({
        image: z.optional(
          z.looseObject({
            image: z.optional(z.looseObject({ width: z.optional(z.number()), height: z.optional(z.number()) })),
          }),
        ),
      }),
    ),
  }),
});

/** The visitor's and member's routes; `maxNumber`: the captcha's work (ALTCHA `maxnumber`). */
export function visitorApp(kit: Kit, maxNumber: number): Hono<Env> {
  const { guard, limit, limits, keys, platform, now } = kit;
  const app = new Hono<Env>();
  const json = (c: Context<Env>, body: object) => c.json(body, 200);

  // ------------------------------------------------------------------ who am I
  serve(app, wire['GET /me'], [guard.caller], (c) => {
    const caller = c.get('caller');
    return json(c, {
      kind: caller.kind,
      owner: caller.kind === 'member' && caller.owner,
      features: { reviews: true, photos: true, stock: true, orders: true },
    });
  });

  // ------------------------------------------------------------------ captcha challenge (no token needed)
  serve(app, wire['GET /challenge'], [], async (c) => {
    await limit(`challenge:${c.get('ip')}`, limits.challenges);
    const [, hmacKey] = await keys;
    const ch = await createChallenge({ hmacKey, maxNumber, expires: new Date(now() + CAPTCHA_TTL_MS) });
    return json(c, ch);
  });

  async function checkCaptcha(captcha: string): Promise<void> {
    const [, hmacKey] = await keys;
    const invalid = () => badRequest('CAPTCHA_INVALID', 'The anti-spam check failed; try again');
    let payload: z.infer<typeof captchaPayload>;
    try {
      payload = parse(captchaPayload, JSON.parse(atob(captcha)));
    } catch {
      throw invalid();
    }
    // the salt carries its expiry (`<hex>?expires=<epoch seconds>`): a challenge without one never counts
    const expires = Number(/[?&]expires=(\d{1,12})(?:[;&]|$)/.exec(payload.salt)?.[1] ?? NaN);
    if (!Number.isFinite(expires) || expires * 1000 <= now()) throw invalid();
    if (payload.number > maxNumber || !(await verifySolution(payload, hmacKey, true))) throw invalid();
    // a solution counts once, on any instance sharing the counter store
    if (!(await kit.counters.once(`captcha:${payload.signature}:${payload.number}`, CAPTCHA_TTL_MS))) throw invalid();
  }

  // ------------------------------------------------------------------ a visitor's review
  serve(app, wire['POST /reviews'], [guard.visitor], async (c) => {
    const caller = c.get('caller');
    const body = bodyOf(c, wire['POST /reviews']);
    await limit(`reviews:${caller.id}`, limits.reviews);
    await checkCaptcha(body.captcha);
    const email = body.email.toLowerCase();

    let contactId: string;
    try {
      const found = await platform.admin.request({
        ...adminOps.queryContacts,
        body: { query: { filter: { 'info.emails.email': { $eq: email } }, paging: { limit: 10 } } },
        kind: 'read',
        schema: contactsAnswer,
      });
      // a member's contact, any of those with this address: writing as it would put words in a member's mouth
      if (found.contacts.some((x) => x.info?.extendedFields?.items?.['members.membershipStatus'] !== undefined))
        throw forbidden('MEMBER_EMAIL', 'This email belongs to a member account: sign in to review');
      const existing = found.contacts[0];
      if (existing) contactId = existing.id;
      else {
        try {
          const made = await platform.admin.request({
            ...adminOps.createContact,
            body: { info: { name: { first: body.name }, emails: { items: [{ tag: 'MAIN', email }] } } },
            schema: contactAnswer,
          });
          contactId = made.contact.id;
        } catch (e) {
          // made meanwhile by another request: the platform names it
          const dup = e instanceof InlayApiError && e.status === 409 ? e.applicationError?.data : undefined;
          const id =
            dup && typeof dup === 'object' ? (dup as Record<string, unknown>)['duplicateContactId'] : undefined;
          if (typeof id !== 'string') throw e;
          contactId = id;
        }
      }
    } catch (e) {
      kit.relay(e, 'contacts');
    }

    try {
      const created = await platform.admin.request({
        ...ops.createReview,
        body: {
          review: {
            namespace: body.namespace,
            entityId: body.entityId,
            content: body.content,
            author: { contactId, authorName: body.name },
          },
        },
        schema: reviewAnswer,
      });
      return json(c, { review: created.review });
    } catch (e) {
      kit.relay(e, 'create review');
    }
  });

  // ------------------------------------------------------------------ a review photo
  /** The declared type must be an image's (415 before anything is read or counted). */
  const imageType: Guard = async (c, next) => {
    const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(IMAGE_TYPES as readonly string[]).includes(declared))
      throw unsupportedType('Upload a JPEG, PNG, WebP or GIF image');
    await next();
  };
  serve(app, wire['POST /media'], [guard.caller, imageType], async (c) => {
    const caller = c.get('caller');
    const declared = c.req.header('content-type')!.split(';')[0]!.trim().toLowerCase() as ImageType;
    await limit(`writes-ip:${c.get('ip')}`, limits.writesPerIp);
    await limit(`photos:${caller.id}`, limits.photos);
    const bytes = await readLimited(c.req.raw, PHOTO_LIMIT_BYTES, 'FILE_TOO_LARGE');
    if (bytes.length === 0) throw badRequest('EMPTY_FILE', 'The upload is empty');
    const sniffed = sniffImage(bytes);
    if (!sniffed || sniffed.type !== declared) throw unsupportedType('The file is not the image type it says it is');
    const fileName =
      (c.req.header('x-file-name') ?? '')
        .replace(/[^\w. -]/g, '')
        .trim()
        .slice(0, 100) || 'photo';
    try {
      const { uploadUrl } = await platform.admin.request({
        ...ops.generateUploadUrl,
        body: {
          mimeType: sniffed.type,
          fileName,
          sizeInBytes: String(bytes.length),
          parentFolderId: VISITOR_UPLOADS_FOLDER,
        },
        schema: uploadUrlAnswer,
      });
      if (!/^https?:\/\//.test(uploadUrl)) throw platformFailed();
      const { file } = await platform.admin.request({
        method: 'PUT',
        path: uploadUrl,
        auth: false,
        body: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: sniffed.type }),
        schema: uploadAnswer,
      });
      const size = file.media?.image?.image;
      const width = size?.width ?? sniffed.width;
      const height = size?.height ?? sniffed.height;
      return json(c, { image: { id: file.id, url: file.url, ...(width && height ? { width, height } : {}) } });
    } catch (e) {
      kit.relay(e, 'upload');
    }
  });

  // ------------------------------------------------------------------ back-in-stock requests by handle
  serve(app, wire['POST /stock-requests'], [guard.caller], async (c) => {
    const caller = c.get('caller');
    const body = bodyOf(c, wire['POST /stock-requests']);
    await limit(`writes-ip:${c.get('ip')}`, limits.writesPerIp);
    await limit(`stock:${caller.id}`, limits.stockRequests);
    const [handles] = await keys;
    try {
      // made as the visitor or member themselves: creating one is theirs to do (docs/spec/wire-protocol.md §7)
      const made = await platform.as(caller.token).request({ ...ops.createStockRequest, body, schema: stockAnswer });
      return json(c, { request: made.request, handle: await handles.sign(made.request.id) });
    } catch (e) {
      if (e instanceof InlayApiError && e.status === 401)
        throw new CompanionError(401, 'UNAUTHENTICATED', 'Expired token');
      kit.relay(e, 'create stock request');
    }
  });

  /** The request behind the path's handle (404 for a forged or altered one). */
  async function byHandle(c: Context<Env>): Promise<string> {
    const [handles] = await keys;
    const id = await handles.open(c.req.param('handle') ?? '');
    if (!id) throw notFound('No such back-in-stock request');
    return id;
  }

  serve(app, wire['GET /stock-requests/{handle}'], [guard.caller], async (c) => {
    const id = await byHandle(c);
    try {
      const r = await platform.admin.request({ ...route(ops.getStockRequest, { id }), schema: stockAnswer });
      return json(c, { request: r.request });
    } catch (e) {
      if (e instanceof InlayApiError && e.status === 404) throw notFound('No such back-in-stock request');
      kit.relay(e, 'get stock request');
    }
  });

  serve(app, wire['DELETE /stock-requests/{handle}'], [guard.caller], async (c) => {
    const id = await byHandle(c);
    try {
      await platform.admin.request({ ...route(ops.deleteStockRequest, { id }), schema: loose });
      return json(c, {});
    } catch (e) {
      if (e instanceof InlayApiError && e.status === 404) throw notFound('No such back-in-stock request');
      kit.relay(e, 'delete stock request');
    }
  });

  return app;
}
