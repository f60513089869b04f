/**
 * Member badges, v3 (`@wix/auto_sdk_members_badges`; issue 41; docs/wire.md "Members admin, badges, custom fields"):
 * create, list, get, update, delete, assign, unassign, the members of a badge, the badges of members, member counts
 * per badge and the display order. The site's admin identity only (403 to a visitor or member token).
 */
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import {
  allBadges,
  assignBadge,
  badgeById,
  badgeMembers,
  createBadge,
  deleteBadge,
  memberBadgeIds,
  memberCountsPerBadge,
  reorderBadges,
  unassignBadge,
  updateBadge,
  type BadgeRow,
} from '../domain/badges.ts';
import { memberById } from '../domain/identity.ts';
import { offsetPage } from '../domain/query.ts';
import { badRequest, invalidField, notFound, type FieldViolation } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, httpUrl, oneLine, paramsObject, validate } from '../validate.ts';

/** Inlay's limits (the client documents none but the colours' format): a badge's texts. */
export const BADGE_LIMITS = { title: 100, description: 1000, membersPerCall: 100, badges: 100 } as const;

const COLOR_HEX = /^#[0-9A-F]{6}$/;
const color = z.string().regex(COLOR_HEX, 'must be a hexadecimal RGB colour in capitals, as #796EFF').nullish();
const guid = z.string().regex(GUID, 'must be a GUID');

/** The fields a badge may be given; the read-only ones (`slug`, dates) are accepted and ignored, as the SDK sends them. */
const badgeFields = {
  id: z.string().max(100).nullish(),
  title: oneLine().trim().min(1).max(BADGE_LIMITS.title),
  description: z.string().trim().max(BADGE_LIMITS.description).nullish(),
  backgroundColor: color,
  textColor: color,
  icon: httpUrl.nullish(),
  permissionsEnabled: z.boolean().nullish(),
  slug: z.unknown().optional(),
  createdDate: z.unknown().optional(),
  updatedDate: z.unknown().optional(),
};
const createSchema = z.object({ badge: z.object(badgeFields) });
const updateSchema = z.object({
  badge: z.object({ ...badgeFields, title: badgeFields.title.optional() }),
  fieldMask: z.unknown().optional(),
});
const memberIdsSchema = z.array(guid).min(1).max(BADGE_LIMITS.membersPerCall);
const pagingSchema = z.object({
  paging: z
    .object({
      limit: z.coerce.number().int().min(0).max(100).nullish(),
      offset: z.coerce.number().int().min(0).nullish(),
    })
    .optional(),
  id: z.unknown().optional(),
});

export const toWireBadge = (b: BadgeRow) => ({
  id: b.id,
  title: b.title,
  ...(b.description ? { description: b.description } : {}),
  backgroundColor: b.background_color,
  textColor: b.text_color,
  ...(b.icon ? { icon: b.icon } : {}),
  permissionsEnabled: b.permissions_enabled === 1,
  slug: b.slug,
  createdDate: b.created_date,
  updatedDate: b.updated_date,
});

/** The badge of the path (`param`): a GUID (400) of an existing badge (404 BADGE_NOT_FOUND). */
function badgeOf(ctx: RequestContext, param = 'id'): BadgeRow {
  ctx.requireAdmin();
  const id = ctx.params[param] ?? '';
  if (!GUID.test(id)) throw invalidField(param, 'must be a GUID', 'FORMAT');
  const b = badgeById(ctx.db, id.toLowerCase());
  if (!b) throw notFound('Badge not found', 'BADGE_NOT_FOUND', { id });
  return b;
}

/** Member ids, lower-cased and without repeats; each must be a member of the site (400 on the first that is not). */
function members(ctx: RequestContext, ids: readonly string[], field: string): string[] {
  const out = [...new Set(ids.map((i) => i.toLowerCase()))];
  const bad: FieldViolation[] = [];
  ids.forEach((raw, i) => {
    if (!memberById(ctx.db, raw.toLowerCase()))
      bad.push({ field: `${field}[${i}]`, description: 'is not a member of this site', violatedRule: 'VALIDATION' });
  });
  if (bad.length) throw badRequest(bad);
  return out;
}

/** `memberIds` of a query string: repeated (`memberIds=a&memberIds=b`), or the SDK's `.r`. */
function queryIds(ctx: RequestContext): unknown {
  const p = paramsObject(ctx.query);
  const v = p['memberIds'];
  return typeof v === 'string' ? [v] : v;
}

const page = (ctx: RequestContext) => {
  const { paging } = validate(pagingSchema, paramsObject(ctx.query));
  return { limit: paging?.limit ?? 100, offset: paging?.offset ?? 0 };
};

export const badgesRoutes: RouteModule = (router) => {
  router.operation(adminOps.createBadge, (ctx) => {
    ctx.requireAdmin();
    const { badge } = validate(createSchema, ctx.body);
    if (allBadges(ctx.db).length >= BADGE_LIMITS.badges)
      throw badRequest([
        { field: 'badge', description: `a site has at most ${BADGE_LIMITS.badges} badges`, violatedRule: 'MAX_SIZE' },
      ]);
    const id = createBadge(ctx.db, badge, ctx.now());
    return { json: { badge: toWireBadge(badgeById(ctx.db, id)!) } };
  });

  // List Badges: offset paging (limit ≤ 100, default 100), display order.
  router.operation(adminOps.listBadges, (ctx) => {
    ctx.requireAdmin();
    const rows = allBadges(ctx.db);
    const p = offsetPage(rows, page(ctx), 100);
    return {
      json: {
        badges: p.items.map(toWireBadge),
        metadata: { count: p.items.length, offset: p.offset, total: rows.length, tooManyToCount: false },
      },
    };
  });

  router.operation(adminOps.getBadge, (ctx) => ({ json: { badge: toWireBadge(badgeOf(ctx)) } }));

  // Update Badge: the fields sent change (null clears description and icon; a colour back to its default).
  router.operation(adminOps.updateBadge, (ctx) => {
    const b = badgeOf(ctx, 'badgeId');
    const { badge } = validate(updateSchema, ctx.body);
    if (badge.id !== undefined && badge.id !== null && badge.id.toLowerCase() !== b.id)
      throw invalidField('badge.id', 'must be the badge id of the path');
    updateBadge(ctx.db, b.id, badge, ctx.now());
    return { json: { badge: toWireBadge(badgeById(ctx.db, b.id)!) } };
  });

  router.operation(adminOps.deleteBadge, (ctx) => {
    deleteBadge(ctx.db, badgeOf(ctx).id);
    return { json: {} };
  });

  // Assign Badge: idempotent; answers the member ids asked for (each holds the badge now).
  router.operation(adminOps.assignBadge, (ctx) => {
    const b = badgeOf(ctx);
    const { memberIds } = validate(z.object({ id: z.unknown().optional(), memberIds: memberIdsSchema }), ctx.body);
    const ids = members(ctx, memberIds, 'memberIds');
    assignBadge(ctx.db, b.id, ids, ctx.now());
    return { json: { memberIds: ids } };
  });

  // Unassign Badge: `?memberIds=` repeated (the SDK's DELETE); idempotent, unknown members included.
  router.operation(adminOps.unassignBadge, (ctx) => {
    const b = badgeOf(ctx);
    const memberIds = validate(memberIdsSchema, queryIds(ctx), 'memberIds');
    unassignBadge(
      ctx.db,
      b.id,
      memberIds.map((m) => m.toLowerCase()),
    );
    return { json: {} };
  });

  router.operation(adminOps.listMembersByBadge, (ctx) => {
    const b = badgeOf(ctx);
    const all = badgeMembers(ctx.db, b.id);
    const p = offsetPage(all, page(ctx), 100);
    return {
      json: {
        memberIds: p.items,
        metadata: { count: p.items.length, offset: p.offset, total: all.length, tooManyToCount: false },
      },
    };
  });

  // List Badges per Member: in the order asked; a member with none (or unknown) has an empty list.
  router.operation(adminOps.listBadgesPerMember, (ctx) => {
    ctx.requireAdmin();
    const { memberIds } = validate(z.object({ memberIds: memberIdsSchema }), ctx.body);
    return {
      json: {
        memberBadgeIds: memberIds.map((m) => ({ memberId: m, badgeIds: memberBadgeIds(ctx.db, m.toLowerCase()) })),
      },
    };
  });

  router.operation(adminOps.getMemberCountsPerBadge, (ctx) => {
    ctx.requireAdmin();
    return { json: { badgeMemberCounts: memberCountsPerBadge(ctx.db) } };
  });

  // Update Badges Display Order: the ids given lead, in that order; the others follow. Every badge, in the new order.
  router.operation(adminOps.updateBadgesDisplayOrder, (ctx) => {
    ctx.requireAdmin();
    const { badgeIds } = validate(z.object({ badgeIds: z.array(guid).min(1).max(BADGE_LIMITS.badges) }), ctx.body);
    const ids = badgeIds.map((b) => b.toLowerCase());
    const bad: FieldViolation[] = [];
    ids.forEach((id, i) => {
      if (!badgeById(ctx.db, id))
        bad.push({ field: `badgeIds[${i}]`, description: 'is not a badge of this site', violatedRule: 'VALIDATION' });
      else if (ids.indexOf(id) !== i)
        bad.push({ field: `badgeIds[${i}]`, description: 'is given twice', violatedRule: 'VALIDATION' });
    });
    if (bad.length) throw badRequest(bad);
    reorderBadges(ctx.db, ids);
    return { json: { badges: allBadges(ctx.db).map(toWireBadge) } };
  });
};
