/**
 * The owner console's members (issue 41 item 1; docs/companion.md "Owner console: members"): the list with its
 * filters and the count they match, the pending sign-ups' count, one member's page (their orders, reviews, badges and
 * custom fields), approve / block / mute / unmute / disconnect / delete, the bulk actions by the list's filter, and
 * the site's badges. Every route is the owner's (403 `NOT_OWNER` for anyone else, before the body is read) and calls
 * the platform as the admin identity through the public methods of `@wix/auto_sdk_members_members`,
 * `_members_badges` and `_members_custom-fields` (docs/wire.md).
 *
 * A bulk action never reaches a member the owner did not see: the body carries the filter and the count the owner
 * confirmed; the companion lists the members the filter matches now (Query Members, with the text search) and refuses
 * 409 `COUNT_CHANGED` when their number differs, then acts by a filter naming exactly those ids and still the
 * status asked for (a member who changed in between is left alone). The site's owners (INLAY_OWNERS) are never
 * blocked or deleted, one at a time or in bulk.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod/mini';
import { BULK_MAX, MEMBER_ID, type BulkAction, type MemberAction } from '../core/api/admin-members.ts';
import { toQueryString } from '../core/http.ts';
import { adminOps, ops, route } from '../core/urls.ts';
import type { Env, Guard, Kit } from './context.ts';
import { CompanionError, badInput, notFound } from './errors.ts';
import { bodyOf, serve, wire } from './wire.ts';

const str = z.optional(z.nullable(z.string()));
const member = z.looseObject({
  id: z.string(),
  loginEmail: str,
  status: str,
  activityStatus: str,
  privacyStatus: str,
  contactId: str,
  createdDate: str,
  lastLoginDate: str,
  contact: z.optional(
    z.looseObject({
      firstName: str,
      lastName: str,
      phones: z.optional(z.array(z.string())),
      emails: z.optional(z.array(z.string())),
      addresses: z.optional(z.array(z.record(z.string(), z.unknown()))),
      customFields: z.optional(z.record(z.string(), z.looseObject({ name: str, value: z.optional(z.unknown()) }))),
    }),
  ),
  profile: z.optional(z.looseObject({ nickname: str, slug: str })),
});
type Member = z.infer<typeof member>;
const queryAnswer = z.looseObject({
  members: z.optional(z.array(member)),
  metadata: z.optional(z.looseObject({ total: z.optional(z.number()) })),
});
const oneAnswer = z.looseObject({ member: z.optional(member) });
const jobAnswer = z.looseObject({ jobId: z.optional(z.string()) });
const badge = z.looseObject({
  id: z.string(),
  title: str,
  description: str,
  backgroundColor: str,
  textColor: str,
});
type PlatformBadge = z.infer<typeof badge>;
const badgesAnswer = z.looseObject({ badges: z.optional(z.array(badge)) });
const perMemberAnswer = z.looseObject({
  memberBadgeIds: z.optional(z.array(z.looseObject({ memberId: str, badgeIds: z.optional(z.array(z.string())) }))),
});
const fieldsAnswer = z.looseObject({
  fields: z.optional(z.array(z.looseObject({ id: str, key: str, name: str, fieldType: str }))),
});
const ordersAnswer = z.looseObject({
  orders: z.optional(
    z.array(
      z.looseObject({
        id: z.string(),
        number: z.optional(z.union([z.string(), z.number()])),
        createdDate: str,
        status: str,
        paymentStatus: str,
        buyerInfo: z.optional(z.looseObject({ memberId: str })),
        priceSummary: z.optional(
          z.looseObject({ total: z.optional(z.looseObject({ amount: str, formattedAmount: str })) }),
        ),
      }),
    ),
  ),
});
const reviewsAnswer = z.looseObject({
  reviews: z.optional(
    z.array(
      z.looseObject({
        id: z.string(),
        createdDate: str,
        author: z.optional(z.looseObject({ contactId: str })),
        content: z.optional(z.looseObject({ title: str, rating: z.optional(z.nullable(z.number())) })),
        moderation: z.optional(z.looseObject({ moderationStatus: str })),
      }),
    ),
  ),
});

/** How the list sorts, as the platform's sort. */
const SORTS = {
  newest: { fieldName: 'createdDate', order: 'DESC' },
  oldest: { fieldName: 'createdDate', order: 'ASC' },
  name: { fieldName: 'profile.nickname', order: 'ASC' },
  'last-login': { fieldName: 'lastLoginDate', order: 'DESC' },
} as const;
/** Members per page of Query Members while a bulk action lists the members it will act on. */
const PAGE = 100;

type Filter = { status?: string; joinedFrom?: string; joinedTo?: string; search?: string };

/** The list's filter as Query Members' `filter` and `search`. */
function platformFilter(f: Filter): { filter: Record<string, unknown>; search?: { expression: string } } {
  const joined = {
    ...(f.joinedFrom ? { $gte: f.joinedFrom } : {}),
    ...(f.joinedTo ? { $lte: f.joinedTo } : {}),
  };
  return {
    filter: {
      ...(f.status ? { status: { $eq: f.status } } : {}),
      ...(Object.keys(joined).length ? { createdDate: joined } : {}),
    },
    ...(f.search ? { search: { expression: f.search } } : {}),
  };
}

const clean = (v: string | null | undefined) => (v ? v : undefined);
/** A platform value shown as text (a custom field's value: text, number, date or a list of them). */
const asText = (v: unknown): string =>
  Array.isArray(v)
    ? v.map(asText).join(', ')
    : v === null || v === undefined
      ? ''
      : typeof v === 'object'
        ? ''
        : String(v);

/** One address on one line: its parts as the platform gave them, never markup. */
function addressLine(a: Record<string, unknown>): string {
  const street = a['streetAddress'] as { number?: string; name?: string } | undefined;
  return [
    street ? [street.number, street.name].filter(Boolean).join(' ') : a['addressLine'],
    a['addressLine2'],
    a['city'],
    a['subdivision'],
    a['postalCode'],
    a['country'],
  ]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(', ');
}

const toBadge = (b: PlatformBadge) => ({
  id: b.id,
  title: b.title ?? '',
  ...(b.description ? { description: b.description } : {}),
  ...(b.backgroundColor ? { backgroundColor: b.backgroundColor } : {}),
  ...(b.textColor ? { textColor: b.textColor } : {}),
});

/** The member in the path: 404 `NOT_FOUND` when it is not a member's id (nothing asked of the platform). */
const memberIdOf = (c: Context<Env>): string => {
  const id = c.req.param('id') ?? '';
  if (!MEMBER_ID.test(id)) throw notFound('No such member');
  return id.toLowerCase();
};

/** The owner's member routes (under `/v1/admin/members`), as a sub-app app.ts mounts at `/v1`. */
export function adminMembersApp(kit: Kit): Hono<Env> {
  const { asAdmin, cfg } = kit;
  const app = new Hono<Env>();
  const owner: Guard[] = [kit.guard.owner];

  const isOwner = (m: Member) =>
    cfg.owners.ids.has(m.id) || (!!m.loginEmail && cfg.owners.emails.has(m.loginEmail.toLowerCase()));

  function summary(m: Member, badgeIds?: string[]) {
    const name = [m.contact?.firstName, m.contact?.lastName].filter(Boolean).join(' ');
    return {
      id: m.id,
      status: m.status ?? 'UNKNOWN',
      activity: m.activityStatus ?? 'UNKNOWN',
      ...(name ? { name } : {}),
      ...(clean(m.profile?.nickname) ? { nickname: m.profile!.nickname! } : {}),
      ...(clean(m.loginEmail) ? { email: m.loginEmail! } : {}),
      ...(clean(m.createdDate) ? { joinedDate: m.createdDate! } : {}),
      ...(clean(m.lastLoginDate) ? { lastLoginDate: m.lastLoginDate! } : {}),
      ...(isOwner(m) ? { owner: true } : {}),
      ...(badgeIds ? { badgeIds } : {}),
    };
  }

  async function query(f: Filter, paging: { limit: number; offset: number }, sort: (typeof SORTS)[keyof typeof SORTS]) {
    const { filter, search } = platformFilter(f);
    return asAdmin('query members', {
      ...adminOps.queryMembers,
      kind: 'read',
      body: { query: { filter, sort: [sort], paging }, fieldsets: ['FULL'], ...(search ? { search } : {}) },
      schema: queryAnswer,
    });
  }

  async function load(id: string): Promise<Member> {
    try {
      const r = await asAdmin('get member', {
        ...route(adminOps.getMember, { id }),
        query: { fieldsets: 'FULL' },
        schema: oneAnswer,
      });
      if (!r.member || r.member.id.toLowerCase() !== id) throw notFound('No such member');
      return r.member;
    } catch (e) {
      if (e instanceof CompanionError && e.status === 404) throw notFound('No such member');
      throw e;
    }
  }

  /** Each member's badge ids (one call); undefined when the platform did not say. */
  async function badgeIdsOf(ids: string[]): Promise<Map<string, string[]> | undefined> {
    if (!ids.length) return new Map();
    try {
      const r = await asAdmin('badges per member', {
        ...adminOps.listBadgesPerMember,
        kind: 'read',
        body: { memberIds: ids },
        schema: perMemberAnswer,
      });
      return new Map((r.memberBadgeIds ?? []).map((x) => [x.memberId ?? '', x.badgeIds ?? []]));
    } catch (e) {
      kit.log(`[companion] member badges not read: ${e instanceof CompanionError ? e.code : 'error'}`);
      return undefined;
    }
  }

  const allBadges = async () =>
    (
      await asAdmin('list badges', {
        ...adminOps.listBadges,
        query: { paging: { limit: 100 } },
        schema: badgesAnswer,
      })
    ).badges ?? [];

  const fieldDefs = async () =>
    (
      (
        await asAdmin('list custom fields', {
          ...adminOps.listCustomFields,
          query: { paging: { limit: 100 } },
          schema: fieldsAnswer,
        })
      ).fields ?? []
    ).filter((f): f is typeof f & { id: string; key: string } => !!f.id && !!f.key);

  /** Every custom field of the site (`defs`; none given: the member's own) with the member's value. */
  function fieldsOf(m: Member, defs?: Awaited<ReturnType<typeof fieldDefs>>) {
    const mine = m.contact?.customFields ?? {};
    const list = defs ?? Object.keys(mine).map((key) => ({ key, name: mine[key]!.name, fieldType: undefined }));
    return list.map((f) => ({
      key: f.key,
      name: f.name ?? mine[f.key]?.name ?? f.key,
      value: asText(mine[f.key]?.value),
      ...(f.fieldType ? { fieldType: f.fieldType } : {}),
    }));
  }

  // ---------------------------------------------------------------- the fixed paths (before `{id}`'s)

  serve(app, wire['POST /admin/members/search'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/members/search']);
    const limit = body.limit ?? 25;
    const offset = body.offset ?? 0;
    const page = await query(body, { limit, offset }, SORTS[body.sort ?? 'newest']);
    const list = page.members ?? [];
    const total = page.metadata?.total ?? offset + list.length;
    const badges = await badgeIdsOf(list.map((m) => m.id));
    return c.json(
      {
        members: list.map((m) => summary(m, badges ? (badges.get(m.id) ?? []) : undefined)),
        total,
        ...(offset + list.length < total && list.length ? { next: offset + list.length } : {}),
      },
      200,
    );
  });

  serve(app, wire['GET /admin/members/pending'], owner, async (c) => {
    const page = await query({ status: 'PENDING' }, { limit: 1, offset: 0 }, SORTS.newest);
    return c.json({ pending: page.metadata?.total ?? page.members?.length ?? 0 }, 200);
  });

  serve(app, wire['GET /admin/members/badges'], owner, async (c) =>
    c.json({ badges: (await allBadges()).map(toBadge) }, 200),
  );

  serve(app, wire['POST /admin/members/badges'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/members/badges']);
    const r = await asAdmin('create badge', {
      ...adminOps.createBadge,
      // the platform takes a colour as #RRGGBB in capitals
      body: {
        badge: {
          ...body,
          ...(body.backgroundColor ? { backgroundColor: body.backgroundColor.toUpperCase() } : {}),
          ...(body.textColor ? { textColor: body.textColor.toUpperCase() } : {}),
        },
      },
      schema: z.looseObject({ badge }),
    });
    return c.json({ badge: toBadge(r.badge) }, 200);
  });

  serve(app, wire['GET /admin/members/custom-fields'], owner, async (c) => {
    const fields = (await fieldDefs()).map((f) => ({
      id: f.id,
      key: f.key,
      name: f.name ?? f.key,
      ...(f.fieldType ? { fieldType: f.fieldType } : {}),
    }));
    return c.json({ fields }, 200);
  });

  /**
   * The ids of the members `filter` matches now, `count` of them, or 409 `COUNT_CHANGED` (their number now in
   * `data.count`).
   */
  async function matched(f: Filter, count: number): Promise<Member[]> {
    const found: Member[] = [];
    for (let offset = 0; offset <= BULK_MAX; offset += PAGE) {
      const page = await query(f, { limit: PAGE, offset }, SORTS.oldest);
      const total = page.metadata?.total;
      if (total !== undefined && total !== count) throw countChanged(total);
      found.push(...(page.members ?? []));
      if ((page.members ?? []).length < PAGE || found.length >= (total ?? Infinity)) break;
    }
    if (found.length !== count) throw countChanged(found.length);
    return found;
  }
  const countChanged = (now: number) =>
    new CompanionError(
      409,
      'COUNT_CHANGED',
      `The members this filter matches changed: ${now} now. Look at the list again before you act on it.`,
      { data: { count: now } },
    );

  const bulkOps = {
    approve: adminOps.bulkApproveMembers,
    block: adminOps.bulkBlockMembers,
    delete: adminOps.bulkDeleteMembersByFilter,
  } as const;
  for (const action of ['approve', 'block', 'delete'] as const satisfies readonly BulkAction[]) {
    const r = wire[`POST /admin/members/bulk-${action}`];
    serve(app, r, owner, async (c) => {
      const body = bodyOf(c, r) as { filter: Filter; count: number; contentAssigneeId?: string };
      const members = await matched(body.filter, body.count);
      // the site's owners are never blocked or deleted (approving one changes nothing)
      const targets = action === 'approve' ? members : members.filter((m) => !isOwner(m));
      if (!targets.length) return c.json({ done: 0 }, 200);
      const assignee = body.contentAssigneeId?.toLowerCase();
      if (assignee && targets.some((m) => m.id.toLowerCase() === assignee))
        throw badInput('contentAssigneeId', 'must be a member who is not deleted');
      const { filter } = platformFilter(body.filter);
      const job = await asAdmin(`bulk ${action} members`, {
        ...bulkOps[action],
        body: {
          // exactly the members counted, and only while they still match the filter
          filter: { ...filter, id: { $in: targets.map((m) => m.id) } },
          ...(assignee ? { contentAssigneeId: assignee } : {}),
        },
        schema: jobAnswer,
      });
      return c.json({ done: targets.length, ...(job.jobId ? { jobId: job.jobId } : {}) }, 200);
    });
  }

  // ---------------------------------------------------------------- one member

  serve(app, wire['GET /admin/members/{id}'], owner, async (c) => {
    const m = await load(memberIdOf(c));
    const unavailable: string[] = [];
    /** An optional part of the page: a failure leaves the rest whole and is named. */
    const part = async <T>(name: string, read: () => Promise<T>, none: T): Promise<T> => {
      try {
        return await read();
      } catch (e) {
        kit.log(`[companion] member page: ${name} not read (${e instanceof CompanionError ? e.code : 'error'})`);
        unavailable.push(name);
        return none;
      }
    };
    const [orders, reviews, badges, defs] = await Promise.all([
      part(
        'orders',
        async () =>
          (
            await asAdmin('search orders', {
              ...adminOps.searchOrders,
              kind: 'read',
              body: {
                search: {
                  filter: { 'buyerInfo.memberId': { $eq: m.id } },
                  sort: [{ fieldName: 'createdDate', order: 'DESC' }],
                  cursorPaging: { limit: 20 },
                },
              },
              schema: ordersAnswer,
            })
          ).orders ?? [],
        [],
      ),
      part(
        'reviews',
        async () =>
          m.contactId
            ? ((
                await asAdmin('query reviews', {
                  ...ops.queryReviews,
                  kind: 'read',
                  body: {
                    query: {
                      filter: { 'author.contactId': m.contactId },
                      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
                      cursorPaging: { limit: 20 },
                    },
                    returnPrivateReviews: true,
                  },
                  schema: reviewsAnswer,
                })
              ).reviews ?? [])
            : [],
        [],
      ),
      part(
        'badges',
        async () => {
          const [all, mine] = await Promise.all([allBadges(), memberBadgeIds(m.id)]);
          return all.filter((b) => mine.includes(b.id)).map(toBadge);
        },
        [],
      ),
      part('fields', fieldDefs, undefined),
    ]);
    return c.json(
      {
        member: {
          ...summary(
            m,
            badges.map((b) => b.id),
          ),
          ...(clean(m.contactId) ? { contactId: m.contactId! } : {}),
          ...(clean(m.profile?.slug) ? { slug: m.profile!.slug! } : {}),
          ...(clean(m.privacyStatus) ? { privacy: m.privacyStatus! } : {}),
          phones: m.contact?.phones ?? [],
          emails: m.contact?.emails ?? [],
          addresses: (m.contact?.addresses ?? []).map(addressLine).filter(Boolean),
          customFields: fieldsOf(m, defs),
          badges,
          // the filter is the platform's to keep; each order is checked here again
          orders: orders
            .filter((o) => o.buyerInfo?.memberId === m.id)
            .map((o) => ({
              id: o.id,
              ...(o.number !== undefined ? { number: String(o.number) } : {}),
              ...(clean(o.createdDate) ? { createdDate: o.createdDate! } : {}),
              ...(o.priceSummary?.total?.formattedAmount ? { total: o.priceSummary.total.formattedAmount } : {}),
              ...(clean(o.status) ? { status: o.status! } : {}),
              ...(clean(o.paymentStatus) ? { paymentStatus: o.paymentStatus! } : {}),
            })),
          reviews: reviews
            .filter((r) => r.author?.contactId === m.contactId)
            .map((r) => ({
              id: r.id,
              ...(clean(r.content?.title) ? { title: r.content!.title! } : {}),
              ...(typeof r.content?.rating === 'number' ? { rating: r.content.rating } : {}),
              ...(clean(r.moderation?.moderationStatus) ? { status: r.moderation!.moderationStatus! } : {}),
              ...(clean(r.createdDate) ? { createdDate: r.createdDate! } : {}),
            })),
          unavailable,
        },
      },
      200,
    );
  });

  async function memberBadgeIds(id: string): Promise<string[]> {
    const r = await asAdmin('badges per member', {
      ...adminOps.listBadgesPerMember,
      kind: 'read',
      body: { memberIds: [id] },
      schema: perMemberAnswer,
    });
    return r.memberBadgeIds?.find((x) => x.memberId?.toLowerCase() === id)?.badgeIds ?? [];
  }

  const actionOps = {
    approve: adminOps.approveMember,
    block: adminOps.blockMember,
    mute: adminOps.muteMember,
    unmute: adminOps.unmuteMember,
    disconnect: adminOps.disconnectMember,
  } as const;
  for (const action of [
    'approve',
    'block',
    'mute',
    'unmute',
    'disconnect',
  ] as const satisfies readonly MemberAction[]) {
    serve(app, wire[`POST /admin/members/{id}/${action}`], owner, async (c) => {
      const id = memberIdOf(c);
      const m = await load(id);
      if (action === 'block' && isOwner(m))
        throw new CompanionError(409, 'OWNER_MEMBER', 'An owner of the site cannot be blocked.');
      const r = await asAdmin(`${action} member`, {
        ...route(actionOps[action], { id }),
        body: { id },
        schema: oneAnswer,
      });
      // the platform's answer names the member as changed; without it, read it back
      return c.json({ member: summary(r.member?.id.toLowerCase() === id ? r.member : await load(id)) }, 200);
    });
  }

  // Delete Member takes no content assignee in the generated client; with one, the member is deleted through Bulk
  // Delete Members By Filter naming their id alone, the one public call that takes `contentAssigneeId`.
  serve(app, wire['POST /admin/members/{id}/delete'], owner, async (c) => {
    const id = memberIdOf(c);
    const { contentAssigneeId } = bodyOf(c, wire['POST /admin/members/{id}/delete']);
    const assignee = contentAssigneeId?.toLowerCase();
    if (assignee === id) throw badInput('contentAssigneeId', 'must be another member than the one deleted');
    const m = await load(id);
    if (isOwner(m)) throw new CompanionError(409, 'OWNER_MEMBER', 'An owner of the site cannot be deleted.');
    if (assignee) {
      await load(assignee).catch((e: unknown) => {
        throw e instanceof CompanionError && e.status === 404
          ? badInput('contentAssigneeId', 'is not a member of this site')
          : e;
      });
      await asAdmin('delete member (with a content assignee)', {
        ...adminOps.bulkDeleteMembersByFilter,
        body: { filter: { id: { $eq: id } }, contentAssigneeId: assignee },
        schema: jobAnswer,
      });
    } else {
      await asAdmin('delete member', { ...route(adminOps.deleteMember, { id }), schema: z.looseObject({}) });
    }
    return c.json({ deleted: true }, 200);
  });

  // A member's custom value: Update Member `{member: {contact: {customFields: {<key>: {value}}}}}` ("" clears it; a
  // NUMBER field's value is sent as a number); the platform checks the value against the field's type.
  serve(app, wire['POST /admin/members/{id}/custom-fields'], owner, async (c) => {
    const id = memberIdOf(c);
    const { key, value } = bodyOf(c, wire['POST /admin/members/{id}/custom-fields']);
    await load(id);
    const defs = await fieldDefs();
    const def = defs.find((f) => f.key === key);
    if (!def) throw badInput('key', 'is not a custom field of this site');
    const text = value.trim();
    const number = def.fieldType === 'NUMBER' && text ? Number(text) : undefined;
    if (number !== undefined && !Number.isFinite(number)) throw badInput('value', 'must be a number');
    const r = await asAdmin('update member', {
      ...route(ops.updateMember, { id }),
      body: { member: { id, contact: { customFields: { [key]: { value: text ? (number ?? text) : null } } } } },
      schema: oneAnswer,
    });
    const m = r.member?.id.toLowerCase() === id ? r.member : await load(id);
    return c.json({ customFields: fieldsOf(m, defs) }, 200);
  });

  serve(app, wire['POST /admin/members/{id}/badges'], owner, async (c) => {
    const id = memberIdOf(c);
    const { badgeId, assigned } = bodyOf(c, wire['POST /admin/members/{id}/badges']);
    await load(id);
    const bid = badgeId.toLowerCase();
    if (assigned)
      await asAdmin('assign badge', {
        ...route(adminOps.assignBadge, { id: bid }),
        body: { id: bid, memberIds: [id] },
        schema: z.looseObject({}),
      });
    else {
      // a DELETE's parameters ride in its path (the call layer sends `query` with a GET only)
      const op = route(adminOps.unassignBadge, { id: bid });
      await asAdmin('unassign badge', {
        ...op,
        path: `${op.path}?${toQueryString({ memberIds: [id] })}`,
        schema: z.looseObject({}),
      });
    }
    const [all, mine] = await Promise.all([allBadges(), memberBadgeIds(id)]);
    return c.json({ badges: all.filter((b) => mine.includes(b.id)).map(toBadge) }, 200);
  });

  return app;
}
