/**
 * Reviews under `/reviews/v1` (docs/spec/wire-protocol.md §4, spec "Reviews" calls). Anyone with a token reads
 * published reviews; members write with their own `author.contactId`; a visitor has no contact and cannot write (the
 * platform removed `POST /reviews/v1/reviews/contact` on 2024-02-01, docs/spec/wire-protocol.md §11.4: it is answered
 * like a path nobody serves). Only an admin identity (client credentials or the API key, §11.5/§11.6) reads other
 * people's private reviews, writes for any contact, replies, moderates and runs the bulk calls: a member token never
 * does, whatever its role. Photos must be media this platform hosts.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ops } from '../../core/urls.ts';
import type { Caller, Identity } from '../domain/auth.ts';
import { getProductRecord } from '../domain/catalog.ts';
import { applyFilter, applySort, cursorAlone, cursorPage, cursorQuery, type FieldAccessor } from '../domain/query.ts';
import { stableId } from '../db.ts';
import { badRequest, conflict, forbidden, invalidField, notFound, type FieldViolation } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { httpUrl, validate } from '../validate.ts';
import { memberById } from '../domain/identity.ts';
import { mediaFileSize, uploadedFileSize } from '../domain/media.ts';
import {
  deleteReviews,
  editReview,
  getReviewRow,
  helpfulness,
  insertReview,
  loadReviews,
  memberOfContact,
  moderateReviews,
  moderationPolicy,
  reviewIdOfAuthor,
  setReply,
  toWireReview,
  type ReviewRow,
} from '../domain/reviews.ts';

export const REVIEWS = ops.createReview.path;
export const BULK = '/reviews/v1/bulk/reviews';
export const LIMITS = { title: 100, body: 3000, name: 50, reply: 3000, media: 5 } as const;

const mediaItem = z.union([
  z.object({
    image: z.object({
      id: z.string().max(200).optional(),
      url: httpUrl,
      width: z.number().int().min(0).optional(),
      height: z.number().int().min(0).optional(),
    }),
  }),
  z.object({ video: z.object({ id: z.string().max(200).optional(), url: httpUrl }) }),
]);

const content = z.object({
  title: z.string().trim().max(LIMITS.title).optional(),
  body: z.string().trim().max(LIMITS.body).optional(),
  rating: z.number().int().min(1).max(5),
  media: z.array(mediaItem).max(LIMITS.media).optional(),
});

const entity = { namespace: z.string().trim().min(1).max(50), entityId: z.string().trim().min(1).max(100) };

const createSchema = z.object({
  review: z.object({
    ...entity,
    content,
    author: z.object({
      contactId: z.string().min(1).max(100),
      authorName: z.string().trim().max(LIMITS.name).optional(),
    }),
    reviewDate: z.string().datetime().optional(),
  }),
});

const updateSchema = z.object({
  review: z.object({ content: content.partial().optional() }),
  fieldMask: z.union([z.string(), z.object({ paths: z.array(z.string()) })]).optional(),
});

const filterSchema = z.record(z.string(), z.unknown());
const carriedSchema = z.object({
  filter: filterSchema.optional(),
  sort: z
    .array(z.object({ fieldName: z.string().max(100), order: z.enum(['ASC', 'DESC']).optional() }))
    .max(5)
    .optional(),
});
const querySchema = z.object({
  query: carriedSchema
    .extend({
      // a cursor carries the filter and sort (docs/spec/wire-protocol.md §11.7): room for a filter of many ids
      cursorPaging: z
        .object({
          limit: z.number().int().min(1).max(100).optional(),
          cursor: z.string().max(16_000).nullable().optional(),
        })
        .optional(),
    })
    .optional(),
  returnPrivateReviews: z.boolean().optional(),
});
const countSchema = z.object({ filter: filterSchema.optional(), includePrivateReviews: z.boolean().optional() });
const replySchema = z.object({ message: z.string().trim().min(1).max(LIMITS.reply) });
const moderateSchema = z.object({ status: z.enum(['APPROVED', 'REJECTED']) });
const bulkModerateSchema = z.object({ filter: filterSchema, status: z.enum(['APPROVED', 'REJECTED']) });
const bulkDeleteSchema = z.object({ filter: filterSchema });

const FILTER_FIELDS: Record<string, FieldAccessor<ReviewRow>> = {
  id: (r) => r.id,
  namespace: (r) => r.namespace,
  entityId: (r) => r.entity_id,
  'author.contactId': (r) => r.contact_id,
  'moderation.moderationStatus': (r) => r.moderation_status,
  'content.rating': (r) => r.rating,
  helpfulness,
  createdDate: (r) => r.created_date,
  relevanceScore: (r) => r.rating * 10 + Math.max(0, helpfulness(r)),
  verified: (r) => r.verified === 1,
  'origin.type': () => 'ORGANIC',
  // the platform's query spec: content.media takes `$isEmpty` only (checked by mediaFilterRule)
  'content.media': (r) => (JSON.parse(r.media) as unknown[]).map((_, i) => i),
};
const SORT_FIELDS: Record<string, FieldAccessor<ReviewRow>> = {
  createdDate: FILTER_FIELDS.createdDate!,
  reviewDate: (r) => r.review_date,
  'content.rating': FILTER_FIELDS['content.rating']!,
  helpfulness,
  relevanceScore: FILTER_FIELDS.relevanceScore!,
  verified: FILTER_FIELDS.verified!,
  'origin.type': FILTER_FIELDS['origin.type']!,
};

/** Who made a row (`created_by`): the member, the visitor, or the admin identity (its client, or the API key). */
const callerId = (who: Caller) =>
  who.kind === 'member' ? who.memberId : who.kind === 'visitor' ? who.visitorId : `admin:${who.clientId ?? who.via}`;

function memberRecord(ctx: RequestContext, who: Identity) {
  if (who.kind !== 'member') return undefined;
  const m = memberById(ctx.db, who.memberId);
  return (
    m && {
      contactId: m.contact_id,
      email: m.email,
      nickname: m.nickname,
      firstName: m.first_name,
      lastName: m.last_name,
    }
  );
}

/** Wrote it: the same visitor/member, or the member whose contact it is (an admin identity is nobody's author). */
function isAuthor(ctx: RequestContext, who: Caller | null, r: ReviewRow): boolean {
  if (!who || who.kind === 'admin') return false;
  return r.created_by === callerId(who) || memberRecord(ctx, who)?.contactId === r.contact_id;
}

/**
 * The platform's review query spec allows `content.media` with `$isEmpty` (true or false) and nothing else, and
 * `$isEmpty` on no other field: anything else is a 400 on the filter, as the platform refuses it.
 */
function mediaFilterRule(filter: unknown, path: string): void {
  if (!filter || typeof filter !== 'object') return;
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') (Array.isArray(cond) ? cond : []).forEach((f) => mediaFilterRule(f, path));
    else if (key === '$not') mediaFilterRule(cond, path);
    else if (key === 'content.media') {
      const operators = cond && typeof cond === 'object' && !Array.isArray(cond) ? Object.keys(cond) : [];
      if (operators.length !== 1 || operators[0] !== '$isEmpty')
        throw invalidField(path, 'content.media supports only $isEmpty', 'VALIDATION');
    } else if (cond && typeof cond === 'object' && Object.hasOwn(cond, '$isEmpty')) {
      throw invalidField(path, `$isEmpty is supported on content.media only, not on ${key}`, 'VALIDATION');
    }
  }
}

/**
 * Which reviews a caller may see. Published ones for everyone; with `includePrivate`, an admin identity sees all and
 * a visitor or member its own. A visitor or member asking for private reviews must filter on `author.contactId`:
 * other people's private reviews are refused with 403 (admin only, docs/spec/wire-protocol.md §11.5), whatever the
 * member's role.
 */
function visibleRows(
  ctx: RequestContext,
  who: Identity | null,
  filter: unknown,
  includePrivate: boolean,
  path: string,
): ReviewRow[] {
  const admin = who === null;
  mediaFilterRule(filter, path);
  if (
    includePrivate &&
    !admin &&
    !(filter && typeof filter === 'object' && Object.hasOwn(filter, 'author.contactId'))
  ) {
    throw forbidden('Only an admin identity can read other people’s unpublished reviews', 'PERMISSION_DENIED');
  }
  const rows = applyFilter(loadReviews(ctx.db), filter, FILTER_FIELDS, path);
  return rows.filter((r) => r.moderation_status === 'APPROVED' || (includePrivate && (admin || isAuthor(ctx, who, r))));
}

function loadOr404(ctx: RequestContext, id: string): ReviewRow {
  const r = getReviewRow(ctx.db, id);
  if (!r) throw notFound(`Review ${id} not found`, 'REVIEW_NOT_FOUND', { reviewId: id });
  return r;
}

function checkEntity(ctx: RequestContext, namespace: string, entityId: string, field: string) {
  if (namespace === 'stores' && !getProductRecord(ctx.db, entityId)) {
    throw notFound(`Product ${entityId} not found`, 'ENTITY_NOT_FOUND', { field, entityId });
  }
}

/** The caller as a visitor or member, or null for an admin identity (which sees every review). */
function readerOf(ctx: RequestContext): Identity | null {
  const caller = ctx.caller();
  return caller.kind === 'admin' ? null : caller;
}

/**
 * Moderation, replies and the bulk calls: an admin identity only (docs/spec/wire-protocol.md §11.5). A visitor or
 * member token, a member with the OWNER or CONTRIBUTOR role included, is refused 403 before its body is read.
 */
const requireAdmin = (ctx: RequestContext): null => (ctx.requireAdmin(), null);

function create(ctx: RequestContext, r: Parameters<typeof insertReview>[1]): ReviewRow {
  const dup = reviewIdOfAuthor(ctx.db, r.namespace, r.entityId, r.contactId);
  if (dup) throw conflict('This author already reviewed this item', 'ALREADY_EXISTS', { reviewId: dup });
  const id = insertReview(ctx.db, {
    ...r,
    id: stableId(`review:${r.namespace}:${r.entityId}:${r.contactId}:${ctx.requestId}`),
  });
  return loadOr404(ctx, id);
}

/**
 * The bulk calls' answer: the platform runs them as an asynchronous job and answers only its id
 * (`BulkUpdateModerationStatusResponse` / `BulkDeleteReviewsResponse {jobId}`, @wix/auto_sdk_reviews_reviews 1.0.39).
 * The emulator does the work before it answers; it serves no jobs API (no generated client has one), so the id only
 * names the job.
 */
const bulkJobId = () => randomUUID();

const wire = (ctx: RequestContext, r: ReviewRow) => ({ review: toWireReview(r, ctx.baseUrl) });

type MediaInput = z.infer<typeof mediaItem>;
const MEDIA_PATH = /^\/media\/(?:uploads\/)?([A-Za-z0-9][A-Za-z0-9._-]*)$/;

/**
 * Review photos and videos must be media this platform serves: a URL on the caller-visible base URL (`ctx.baseUrl`)
 * naming a stored file, `/media/uploads/<id>` (site-media uploads, what `generate-upload-url` + the upload return) or
 * `/media/<file>` (generated media). They are stored as that path (shown with the caller's base URL) with the file's
 * id, so a review can never point at a third-party host. Others → 400 on `<prefix>[i].<image|video>.url`.
 */
function hostedMedia(ctx: RequestContext, media: MediaInput[] | undefined, prefix: string): MediaInput[] | undefined {
  if (!media) return undefined;
  const own = new URL(ctx.baseUrl).origin;
  const violations: FieldViolation[] = [];
  const out = media.map((item, i) => {
    const kind = 'image' in item ? 'image' : 'video';
    const m = 'image' in item ? item.image : item.video;
    let u: URL | undefined;
    try {
      u = new URL(m.url);
    } catch {
      u = undefined;
    }
    const path =
      u && u.origin === own && !u.search && !u.hash && !u.username && !u.password ? MEDIA_PATH.exec(u.pathname) : null;
    const file = path
      ? u!.pathname.startsWith('/media/uploads/')
        ? uploadedFileSize(ctx.db, path[1]!)
        : mediaFileSize(ctx.db, path[1]!)
      : undefined;
    if (!file) {
      violations.push({
        field: `${prefix}[${i}].${kind}.url`,
        description: 'must be a media file uploaded to this site (generate-upload-url)',
        violatedRule: 'VALIDATION',
      });
      return item;
    }
    const stored = { ...m, id: file.id, url: u!.pathname };
    if ('image' in item && file.width && file.height) Object.assign(stored, { width: file.width, height: file.height });
    return (kind === 'image' ? { image: stored } : { video: stored }) as MediaInput;
  });
  if (violations.length) throw badRequest(violations);
  return out;
}

export const reviewsRoutes: RouteModule = (router) => {
  router.operation(ops.queryReviews, (ctx) => {
    const who = readerOf(ctx);
    const { query = {}, returnPrivateReviews } = validate(querySchema, ctx.body);
    // after the first page the SDK sends only the cursor, which carries the filter and sort
    // (docs/spec/wire-protocol.md §11.7); a filter or sort beside it is refused
    cursorAlone(query);
    const carried = cursorQuery(query);
    const { filter, sort } = validate(carriedSchema, carried, 'query');
    const rows = applySort(
      visibleRows(ctx, who, filter, returnPrivateReviews === true, 'query.filter'),
      sort?.length
        ? sort.map((s) => ({ fieldName: s.fieldName, order: s.order ?? 'ASC' }))
        : [{ fieldName: 'createdDate', order: 'ASC' }],
      SORT_FIELDS,
      'query.sort',
    );
    const page = cursorPage(rows, query.cursorPaging, 100, carried);
    return { json: { reviews: page.items.map((r) => toWireReview(r, ctx.baseUrl)), metadata: page.metadata } };
  });

  router.operation(ops.countReviews, (ctx) => {
    const who = readerOf(ctx);
    const { filter, includePrivateReviews } = validate(countSchema, ctx.body);
    return { json: { count: visibleRows(ctx, who, filter, includePrivateReviews === true, 'filter').length } };
  });

  router.operation(ops.createReview, (ctx) => {
    const who = ctx.caller();
    // who may write, before the body is read: a visitor has no contact (only an admin identity can make one,
    // docs/spec/wire-protocol.md §11.4), so its token is refused whatever `author.contactId` it names
    if (who.kind === 'visitor')
      throw forbidden('Sign in to write a review: a visitor has no contact to write as', 'PERMISSION_DENIED');
    const { review } = validate(createSchema, ctx.body);
    const me = who.kind === 'member' ? memberRecord(ctx, who) : undefined;
    // a member writes as its own contact only (another contact id, forged or real, is refused); an admin identity
    // (the site's server, issue 16) writes for the contact it names
    if (who.kind === 'member' && review.author.contactId !== me?.contactId) {
      throw forbidden('author.contactId must be your own contact', 'PERMISSION_DENIED');
    }
    checkEntity(ctx, review.namespace, review.entityId, 'review.entityId');
    const media = hostedMedia(ctx, review.content.media, 'review.content.media');
    const author = me ?? memberOfContact(ctx.db, review.author.contactId);
    const name =
      review.author.authorName ||
      author?.nickname ||
      [author?.firstName, author?.lastName].filter(Boolean).join(' ') ||
      undefined;
    const policy = moderationPolicy(ctx.db);
    const row = create(ctx, {
      namespace: review.namespace,
      entityId: review.entityId,
      contactId: review.author.contactId,
      authorName: name,
      authorType: author ? 'MEMBER' : 'VISITOR',
      createdBy: callerId(who),
      ...review.content,
      media: media ?? [],
      status: (author ? policy.members : policy.visitors) ? 'IN_MODERATION' : 'APPROVED',
      reviewDate: review.reviewDate,
      nowIso: new Date(ctx.now()).toISOString(),
    });
    return { json: wire(ctx, row) };
  });

  // Removed from the platform (2024-02-01, docs/spec/wire-protocol.md §11.4): answered exactly like a path nobody
  // serves.
  router.removed('POST', `${REVIEWS}/contact`);

  router.operation(ops.getReview, (ctx) => {
    const who = readerOf(ctx);
    const r = loadOr404(ctx, ctx.params['id'] ?? '');
    const priv = ctx.query.get('returnPrivateReviews') === 'true';
    if (r.moderation_status !== 'APPROVED' && !(priv && (who === null || isAuthor(ctx, who, r)))) {
      throw notFound(`Review ${r.id} not found`, 'REVIEW_NOT_FOUND', { reviewId: r.id });
    }
    return { json: wire(ctx, r) };
  });

  router.operation(ops.updateReview, (ctx) => {
    const who = ctx.caller();
    const r = loadOr404(ctx, ctx.params['id'] ?? '');
    const admin = who.kind === 'admin';
    if (!admin && !isAuthor(ctx, who, r)) throw forbidden('You can only edit your own reviews', 'PERMISSION_DENIED');
    const { review } = validate(updateSchema, ctx.body);
    const c = review.content ?? {};
    const media = hostedMedia(ctx, c.media, 'review.content.media');
    const policy = moderationPolicy(ctx.db);
    const status = admin
      ? r.moderation_status
      : (r.author_type === 'MEMBER' ? policy.members : policy.visitors)
        ? 'IN_MODERATION'
        : 'APPROVED';
    editReview(
      ctx.db,
      r.id,
      {
        title: c.title ?? r.title,
        body: c.body ?? r.body,
        rating: c.rating ?? r.rating,
        media: media ? JSON.stringify(media) : r.media,
        status,
      },
      ctx.now(),
    );
    return { json: wire(ctx, loadOr404(ctx, r.id)) };
  });

  router.operation(ops.deleteReview, (ctx) => {
    const who = ctx.caller();
    const r = loadOr404(ctx, ctx.params['id'] ?? '');
    if (who.kind !== 'admin' && !isAuthor(ctx, who, r))
      throw forbidden('You can only delete your own reviews', 'PERMISSION_DENIED');
    // the platform answers the deleted review (`DeleteReviewResponse {review}`, @wix/auto_sdk_reviews_reviews)
    const review = wire(ctx, r);
    deleteReviews(ctx.db, [r.id]);
    return { json: review };
  });

  router.operation(ops.replyToReview, (ctx) => {
    requireAdmin(ctx);
    const r = loadOr404(ctx, ctx.params['id'] ?? '');
    const { message } = validate(replySchema, ctx.body);
    setReply(ctx.db, r.id, message, ctx.now());
    return { json: wire(ctx, loadOr404(ctx, r.id)) };
  });

  router.operation(ops.deleteReviewReply, (ctx) => {
    requireAdmin(ctx);
    const r = loadOr404(ctx, ctx.params['id'] ?? '');
    setReply(ctx.db, r.id, null, ctx.now());
    return { json: wire(ctx, loadOr404(ctx, r.id)) };
  });

  router.operation(ops.moderateReview, (ctx) => {
    requireAdmin(ctx);
    const r = loadOr404(ctx, ctx.params['id'] ?? '');
    const { status } = validate(moderateSchema, ctx.body);
    moderateReviews(ctx.db, [r.id], status, ctx.now());
    return { json: wire(ctx, loadOr404(ctx, r.id)) };
  });

  router.operation(ops.bulkModerateReviews, (ctx) => {
    const who = requireAdmin(ctx);
    const { filter, status } = validate(bulkModerateSchema, ctx.body);
    const rows = visibleRows(ctx, who, filter, true, 'filter');
    moderateReviews(
      ctx.db,
      rows.map((r) => r.id),
      status,
      ctx.now(),
    );
    return { json: { jobId: bulkJobId() } };
  });

  router.operation(ops.bulkDeleteReviews, (ctx) => {
    const who = requireAdmin(ctx);
    const { filter } = validate(bulkDeleteSchema, ctx.body);
    const rows = visibleRows(ctx, who, filter, true, 'filter');
    deleteReviews(
      ctx.db,
      rows.map((r) => r.id),
    );
    return { json: { jobId: bulkJobId() } };
  });
};
