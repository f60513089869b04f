/**
 * The owner's members service (issue 41; `@wix/auto_sdk_members_members`; docs/wire.md "Members admin, badges, custom
 * fields"): list, create, approve, block, mute, unmute, disconnect, delete, the bulk actions by filter or by ids, and a
 * member's slug. The site's admin identity only: a visitor or member token is 403, no token 401.
 *
 * Statuses as the client's `Status`: PENDING (waiting for the owner), APPROVED (may sign in), BLOCKED (may not; Approve
 * unblocks), OFFLINE (disconnected: may not sign in, for good). Blocking or disconnecting ends the member's sessions
 * and sign-ins in flight; the owner's member record is never blocked, disconnected or deleted.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import { applyFilter, applySort, offsetPage } from '../domain/query.ts';
import {
  allMembers,
  createMemberByOwner,
  deleteMember,
  endSessionsExcept,
  memberByEmail,
  memberById,
  setMemberActivity,
  setMemberSlug,
  setMemberStatus,
  siteOwner,
  toWireMember,
  type MemberRow,
} from '../domain/identity.ts';
import { revokeMemberTokens } from '../domain/auth.ts';
import { badRequest, conflict, failedPrecondition, invalidField, notFound, type FieldViolation } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, oneLine, paramsObject, validate } from '../validate.ts';
import {
  MEMBER_FILTER_FIELDS,
  MEMBER_SORT_FIELDS,
  fieldsetSchema,
  searchMembers,
  searchSchema,
  sortSchema,
  widest,
} from './members.ts';

/** At most this many members change in one bulk call by filter (the platform runs these as a job). */
export const BULK_BY_FILTER_LIMIT = 1000;
/** Bulk Delete Members' `memberIds` (the client's `@maxSize`). */
export const BULK_DELETE_IDS = 100;

/** `{id}` of the path: a GUID of an existing member (400 / 404). */
function target(ctx: RequestContext): MemberRow {
  ctx.requireAdmin();
  const id = ctx.params['id'] ?? '';
  if (!GUID.test(id)) throw invalidField('id', 'must be a GUID', 'FORMAT');
  const m = memberById(ctx.db, id.toLowerCase());
  if (!m) throw notFound('Member not found', 'MEMBER_NOT_FOUND', { id });
  return m;
}

/** The action's body: `{id}` as the client sends it (the path's), nothing else read. */
const actionBody = z.object({ id: z.string().max(100).optional() }).loose();
function checkBodyId(ctx: RequestContext, m: MemberRow): void {
  const { id } = validate(actionBody, ctx.body);
  if (id !== undefined && id.toLowerCase() !== m.id) throw invalidField('id', 'must be the member id of the path');
}

const isOwner = (m: MemberRow) => m.role === 'OWNER';
const ownerBlockForbidden = (m: MemberRow) =>
  failedPrecondition('The site owner’s member cannot be blocked', 'OWNER_MEMBER_BLOCK_FORBIDDEN', {
    memberId: m.id,
  });
const offline = (m: MemberRow) =>
  failedPrecondition('This member was disconnected; create a new member instead', 'MEMBER_OFFLINE', {
    memberId: m.id,
  });

/** Sign the member out everywhere: tokens, unused session tokens, authorization codes, reset links. */
function endAllSessions(ctx: RequestContext, id: string): void {
  endSessionsExcept(ctx.db, id, null, ctx.now());
}

const wire = (ctx: RequestContext, id: string) => ({ member: toWireMember(ctx.db, memberById(ctx.db, id)!) });

/** A filter of the bulk actions: Query Members' filter language and fields (`filter` is required). */
const byFilterSchema = z.object({
  filter: z.record(z.string(), z.unknown()),
  contentAssigneeId: z.string().nullish(),
  search: searchSchema,
});

function membersByFilter(ctx: RequestContext, filter: unknown, search?: z.infer<typeof searchSchema>): MemberRow[] {
  const rows = searchMembers(applyFilter(allMembers(ctx.db), filter, MEMBER_FILTER_FIELDS, 'filter'), search);
  if (rows.length > BULK_BY_FILTER_LIMIT)
    throw failedPrecondition(
      `The filter matches ${rows.length} members; narrow it to at most ${BULK_BY_FILTER_LIMIT}`,
      'TOO_MANY_MEMBERS',
      { limit: BULK_BY_FILTER_LIMIT, matched: rows.length },
    );
  return rows;
}

/**
 * The member who receives a deleted member's content: `contentAssigneeId` when given (any other member of the site
 * that may sign in), else the site owner (the client: "transferred to a site owner's account"); none when the site
 * has no owner member (the content is deleted).
 */
function assigneeFor(ctx: RequestContext, asked: string | null | undefined, field: string): MemberRow | undefined {
  if (asked === undefined || asked === null || asked === '') return siteOwner(ctx.db);
  if (!GUID.test(asked)) throw invalidField(field, 'must be a GUID', 'FORMAT');
  const m = memberById(ctx.db, asked.toLowerCase());
  if (!m) throw invalidField(field, 'is not a member of this site');
  if (m.status === 'OFFLINE') throw invalidField(field, 'is a disconnected member');
  return m;
}

/** Why a member cannot be deleted by the owner, or undefined. */
function deleteRefusal(m: MemberRow, assignee: MemberRow | undefined): FieldViolation | undefined {
  if (m.role === 'OWNER' || m.role === 'CONTRIBUTOR')
    return {
      field: 'id',
      description: 'the site’s owner or a contributor cannot be deleted',
      violatedRule: 'OTHER',
      ruleName: 'OWNER_OR_CONTRIBUTOR_MEMBER_DELETE_FORBIDDEN',
    };
  if (assignee && assignee.id === m.id)
    return {
      field: 'contentAssigneeId',
      description: 'must be another member than the one deleted',
      violatedRule: 'VALIDATION',
    };
  return undefined;
}

function removeMember(ctx: RequestContext, m: MemberRow, assignee: MemberRow | undefined): void {
  revokeMemberTokens(ctx.db, m.id);
  deleteMember(ctx.db, m.id, ctx.now(), assignee && assignee.id !== m.id ? assignee : undefined);
}

const listSchema = z.object({
  paging: z
    .object({
      limit: z.coerce.number().int().min(0).max(100).nullish(),
      offset: z.coerce.number().int().min(0).nullish(),
    })
    .optional(),
  fieldsets: z
    .union([fieldsetSchema, z.array(fieldsetSchema).max(3)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  sorting: z
    .union([sortSchema.unwrap().element, sortSchema.unwrap()])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
});

const slugSchema = z.object({
  id: z.string().max(100).optional(),
  slug: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*$/u, 'may hold letters, digits and single - _ . between them'),
});

const createSchema = z.object({
  member: z.object({
    loginEmail: z.string().trim().toLowerCase().max(254).pipe(z.email('must be an email address')),
    contact: z
      .object({
        firstName: oneLine().trim().max(100).nullish(),
        lastName: oneLine().trim().max(100).nullish(),
      })
      .loose()
      .optional(),
    profile: z
      .object({
        nickname: oneLine().trim().min(1).max(100).nullish(),
        slug: slugSchema.shape.slug.nullish(),
      })
      .loose()
      .optional(),
    privacyStatus: z.enum(['PUBLIC', 'PRIVATE']).optional(),
  }),
});

export const membersAdminRoutes: RouteModule = (router) => {
  // List Members: GET, `paging`, `fieldsets`, `sorting` (as dotted parameters or the SDK's `.r`); PUBLIC by default;
  // offset paging, limit ≤ 100 (default 100); sorts as Query Members.
  router.operation(adminOps.listMembers, (ctx) => {
    ctx.requireAdmin();
    const { paging, fieldsets, sorting } = validate(listSchema, paramsObject(ctx.query));
    let rows = allMembers(ctx.db);
    if (sorting?.length)
      rows = applySort(
        rows,
        sorting.map((s) => ({ fieldName: s.fieldName, order: s.order ?? 'ASC' })),
        MEMBER_SORT_FIELDS,
        'sorting',
      );
    const page = offsetPage(rows, { limit: paging?.limit ?? 100, offset: paging?.offset ?? 0 }, 100);
    const fs = widest(fieldsets);
    return {
      json: {
        members: page.items.map((m) => toWireMember(ctx.db, m, fs)),
        metadata: { count: page.items.length, offset: page.offset, total: rows.length, tooManyToCount: false },
      },
    };
  });

  // Create Member: `member.loginEmail` (required, unique), names, nickname, slug, privacy; APPROVED, no password yet.
  router.operation(adminOps.createMember, (ctx) => {
    ctx.requireAdmin();
    const { member } = validate(createSchema, ctx.body);
    if (memberByEmail(ctx.db, member.loginEmail))
      throw conflict('A member with this email already exists', 'EMAIL_ALREADY_EXISTS', {
        loginEmail: member.loginEmail,
      });
    const slug = member.profile?.slug ?? null;
    if (slug && allMembers(ctx.db).some((m) => m.slug === slug))
      throw conflict('Another member has this slug', 'SLUG_ALREADY_EXISTS', { slug });
    const id = createMemberByOwner(
      ctx.db,
      {
        email: member.loginEmail,
        nickname: member.profile?.nickname || member.contact?.firstName || member.loginEmail.split('@')[0]!,
        firstName: member.contact?.firstName || null,
        lastName: member.contact?.lastName || null,
        slug,
        privacy: member.privacyStatus ?? 'PRIVATE',
      },
      ctx.now(),
    );
    return { json: wire(ctx, id) };
  });

  // Approve Member: a PENDING member may sign in; a BLOCKED one is unblocked. A disconnected one stays disconnected.
  router.operation(adminOps.approveMember, (ctx) => {
    const m = target(ctx);
    checkBodyId(ctx, m);
    if (m.status === 'OFFLINE') throw offline(m);
    if (m.status !== 'APPROVED') setMemberStatus(ctx.db, [m.id], 'APPROVED', ctx.now());
    return { json: wire(ctx, m.id) };
  });

  // Block Member: signed out everywhere at once; sign-in refused until approved again. Never the owner's member.
  router.operation(adminOps.blockMember, (ctx) => {
    const m = target(ctx);
    checkBodyId(ctx, m);
    if (isOwner(m)) throw ownerBlockForbidden(m);
    if (m.status === 'OFFLINE') throw offline(m);
    ctx.db.transaction(() => {
      setMemberStatus(ctx.db, [m.id], 'BLOCKED', ctx.now());
      endAllSessions(ctx, m.id);
    })();
    return { json: wire(ctx, m.id) };
  });

  for (const [op, activity] of [
    [adminOps.muteMember, 'MUTED'],
    [adminOps.unmuteMember, 'ACTIVE'],
  ] as const) {
    router.operation(op, (ctx) => {
      const m = target(ctx);
      checkBodyId(ctx, m);
      if (m.activity_status !== activity) setMemberActivity(ctx.db, m.id, activity, ctx.now());
      return { json: wire(ctx, m.id) };
    });
  }

  // Disconnect Member: status OFFLINE, for good (the client: "irreversible"); signed out everywhere; the record, its
  // orders and content stay. Never the owner's member.
  router.operation(adminOps.disconnectMember, (ctx) => {
    const m = target(ctx);
    checkBodyId(ctx, m);
    if (isOwner(m)) throw ownerBlockForbidden(m);
    ctx.db.transaction(() => {
      setMemberStatus(ctx.db, [m.id], 'OFFLINE', ctx.now());
      endAllSessions(ctx, m.id);
    })();
    return { json: wire(ctx, m.id) };
  });

  // Update Member Slug: unique among members (409 SLUG_ALREADY_EXISTS).
  router.operation(adminOps.updateMemberSlug, (ctx) => {
    const m = target(ctx);
    const { id, slug } = validate(slugSchema, ctx.body);
    if (id !== undefined && id.toLowerCase() !== m.id) throw invalidField('id', 'must be the member id of the path');
    if (!setMemberSlug(ctx.db, m.id, slug, ctx.now()))
      throw conflict('Another member has this slug', 'SLUG_ALREADY_EXISTS', { slug });
    return { json: wire(ctx, m.id) };
  });

  // Delete Member: `?id=` as the client sends it. Its request names no content assignee (Delete My Member and Bulk
  // Delete by Filter do), so the member's reviews go to the site owner; to name another member, the companion sends
  // Bulk Delete by Filter on this one id. Orders are kept with their buyer's contact id and email (never orphaned:
  // the admin still reads them).
  router.operation(adminOps.deleteMember, (ctx) => {
    const m = target(ctx);
    const q = paramsObject(ctx.query);
    if (q['id'] !== undefined && String(q['id']).toLowerCase() !== m.id)
      throw invalidField('id', 'must be the member id of the path');
    const assignee = siteOwner(ctx.db);
    const refused = deleteRefusal(m, assignee);
    if (refused) throw badRequest([refused]);
    removeMember(ctx, m, assignee);
    return { json: {} };
  });

  // Bulk Delete Members by ids (1 to 100 GUIDs): one result per id, in order; the owner's and unknown ids fail alone.
  router.operation(adminOps.bulkDeleteMembers, (ctx) => {
    ctx.requireAdmin();
    const { memberIds } = validate(
      z.object({ memberIds: z.array(z.string().regex(GUID, 'must be a GUID')).min(1).max(BULK_DELETE_IDS) }),
      ctx.body,
    );
    const owner = siteOwner(ctx.db);
    const results = memberIds.map((raw, originalIndex) => {
      const id = raw.toLowerCase();
      const fail = (code: string, description: string) => ({
        itemMetadata: { id: raw, originalIndex, success: false, error: { code, description } },
      });
      const m = memberById(ctx.db, id);
      if (!m) return fail('MEMBER_NOT_FOUND', 'Member not found');
      const refused = deleteRefusal(m, owner);
      if (refused) return fail(refused.ruleName ?? 'FORBIDDEN', refused.description);
      removeMember(ctx, m, owner);
      return { itemMetadata: { id: m.id, originalIndex, success: true } };
    });
    const ok = results.filter((r) => r.itemMetadata.success).length;
    return {
      json: {
        results,
        bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
      },
    };
  });

  // The bulk actions by filter: done at once (the emulator's "job" has finished when it answers); `jobId` is new.
  // Members the action does not apply to are skipped: the owner (block, delete), contributors (delete), disconnected
  // members (approve, block).
  router.operation(adminOps.bulkApproveMembers, (ctx) => {
    ctx.requireAdmin();
    const { filter } = validate(byFilterSchema.pick({ filter: true }), ctx.body);
    const ids = membersByFilter(ctx, filter)
      .filter((m) => m.status === 'PENDING' || m.status === 'BLOCKED')
      .map((m) => m.id);
    setMemberStatus(ctx.db, ids, 'APPROVED', ctx.now());
    return { json: { jobId: randomUUID() } };
  });

  router.operation(adminOps.bulkBlockMembers, (ctx) => {
    ctx.requireAdmin();
    const { filter } = validate(byFilterSchema.pick({ filter: true }), ctx.body);
    const ids = membersByFilter(ctx, filter)
      .filter((m) => !isOwner(m) && (m.status === 'PENDING' || m.status === 'APPROVED'))
      .map((m) => m.id);
    ctx.db.transaction(() => {
      setMemberStatus(ctx.db, ids, 'BLOCKED', ctx.now());
      for (const id of ids) endAllSessions(ctx, id);
    })();
    return { json: { jobId: randomUUID() } };
  });

  router.operation(adminOps.bulkDeleteMembersByFilter, (ctx) => {
    ctx.requireAdmin();
    const { filter, contentAssigneeId, search } = validate(byFilterSchema, ctx.body);
    const assignee = assigneeFor(ctx, contentAssigneeId, 'contentAssigneeId');
    const rows = membersByFilter(ctx, filter, search).filter((m) => !deleteRefusal(m, undefined));
    if (assignee && rows.some((m) => m.id === assignee.id))
      throw invalidField('contentAssigneeId', 'is one of the members the filter deletes');
    ctx.db.transaction(() => {
      for (const m of rows) removeMember(ctx, m, assignee);
    })();
    return { json: { jobId: randomUUID() } };
  });
};
