/**
 * The owner console's members, through the site companion (docs/companion.md "Owner console: members";
 * companion/admin-members.ts): the list with its filters, the pending sign-ups' count, one member's page (their
 * orders, reviews, badges and custom fields), the actions on one member, the bulk actions by the list's filter (the
 * count the owner confirmed travels with them: the companion refuses 409 `COUNT_CHANGED` when the filter now matches
 * another number), and the site's badges. Owner only: anyone else gets 403 `NOT_OWNER`. Only the console's members
 * chunk imports this file.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { callRoute, type BodyOf, type CompanionRoutes } from './companion.ts';
import type { CompanionRequests } from './companion-requests.ts';

const str = z.optional(z.string());

/** The statuses the owner filters by (the platform's member statuses an owner acts on). */
export const MEMBER_STATUSES = ['PENDING', 'APPROVED', 'BLOCKED'] as const;
/** How the list is sorted. */
export const MEMBER_SORTS = ['newest', 'oldest', 'name', 'last-login'] as const;
/** One member's actions (each `POST admin/members/{id}/<action>`). */
export const MEMBER_ACTIONS = ['approve', 'block', 'mute', 'unmute', 'disconnect'] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];
/** The bulk actions by filter (each `POST admin/members/bulk-<action>`). */
export const BULK_ACTIONS = ['approve', 'block', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** A member's id (the platform's GUIDs). */
export const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many members per bulk action (the companion lists them to act on exactly those). */
export const BULK_MAX = 500;

const badgeSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: str,
  backgroundColor: str,
  textColor: str,
});
export type Badge = z.infer<typeof badgeSchema>;

const summary = {
  id: z.string(),
  /** UNKNOWN, PENDING, APPROVED, BLOCKED or OFFLINE (the platform's). */
  status: z.string(),
  /** ACTIVE or MUTED (UNKNOWN when the platform does not say). */
  activity: z.string(),
  name: str,
  nickname: str,
  email: str,
  joinedDate: str,
  lastLoginDate: str,
  /** One of the site's owners (INLAY_OWNERS): the console offers no block or delete. */
  owner: z.optional(z.boolean()),
  badgeIds: z.optional(z.array(z.string())),
};
export const memberSummarySchema = z.looseObject(summary);
export type MemberSummary = z.infer<typeof memberSummarySchema>;

const memberDetailSchema = z.looseObject({
  ...summary,
  contactId: str,
  slug: str,
  privacy: str,
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  addresses: z.array(z.string()),
  /** Every custom field of the site, with this member's value ("" when none); `fieldType`: TEXT, NUMBER, DATE, URL… */
  customFields: z.array(z.looseObject({ key: z.string(), name: z.string(), value: z.string(), fieldType: str })),
  badges: z.array(badgeSchema),
  orders: z.array(
    z.looseObject({ id: z.string(), number: str, createdDate: str, total: str, status: str, paymentStatus: str }),
  ),
  reviews: z.array(
    z.looseObject({ id: z.string(), title: str, rating: z.optional(z.number()), status: str, createdDate: str }),
  ),
  /** The parts of the page the platform did not give this time (`orders`, `reviews`, `badges`, `fields`). */
  unavailable: z.array(z.string()),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

const listRoute = {
  method: 'POST',
  path: '/admin/members/search',
  kind: 'read',
  schema: z.looseObject({ members: z.array(memberSummarySchema), total: z.number(), next: z.optional(z.number()) }),
} as const;
const pendingRoute = {
  method: 'GET',
  path: '/admin/members/pending',
  schema: z.looseObject({ pending: z.number() }),
} as const;
const badgesRoute = {
  method: 'GET',
  path: '/admin/members/badges',
  schema: z.looseObject({ badges: z.array(badgeSchema) }),
} as const;
const createBadgeRoute = {
  method: 'POST',
  path: '/admin/members/badges',
  schema: z.looseObject({ badge: badgeSchema }),
} as const;
const fieldsRoute = {
  method: 'GET',
  path: '/admin/members/custom-fields',
  schema: z.looseObject({
    fields: z.array(z.looseObject({ id: z.string(), key: z.string(), name: z.string(), fieldType: str })),
  }),
} as const;
const getRoute = {
  method: 'GET',
  path: '/admin/members/{id}',
  schema: z.looseObject({ member: memberDetailSchema }),
} as const;
const one = z.looseObject({ member: memberSummarySchema });
const approveRoute = { method: 'POST', path: '/admin/members/{id}/approve', schema: one } as const;
const blockRoute = { method: 'POST', path: '/admin/members/{id}/block', schema: one } as const;
const muteRoute = { method: 'POST', path: '/admin/members/{id}/mute', schema: one } as const;
const unmuteRoute = { method: 'POST', path: '/admin/members/{id}/unmute', schema: one } as const;
const disconnectRoute = { method: 'POST', path: '/admin/members/{id}/disconnect', schema: one } as const;
const deleteRoute = {
  method: 'POST',
  path: '/admin/members/{id}/delete',
  schema: z.looseObject({ deleted: z.boolean() }),
} as const;
const memberBadgesRoute = {
  method: 'POST',
  path: '/admin/members/{id}/badges',
  schema: z.looseObject({ badges: z.array(badgeSchema) }),
} as const;
const fieldsAnswer = z.looseObject({ customFields: memberDetailSchema.shape.customFields });
const setFieldRoute = { method: 'POST', path: '/admin/members/{id}/custom-fields', schema: fieldsAnswer } as const;
const bulk = z.looseObject({ done: z.number(), jobId: str });
const bulkApproveRoute = { method: 'POST', path: '/admin/members/bulk-approve', schema: bulk } as const;
const bulkBlockRoute = { method: 'POST', path: '/admin/members/bulk-block', schema: bulk } as const;
const bulkDeleteRoute = { method: 'POST', path: '/admin/members/bulk-delete', schema: bulk } as const;

/** The owner's member routes, their bodies in companion-requests.ts (the fixed paths before `{id}`'s). */
export const adminMembersRoutes = [
  listRoute,
  pendingRoute,
  badgesRoute,
  createBadgeRoute,
  fieldsRoute,
  bulkApproveRoute,
  bulkBlockRoute,
  bulkDeleteRoute,
  getRoute,
  approveRoute,
  blockRoute,
  muteRoute,
  unmuteRoute,
  disconnectRoute,
  deleteRoute,
  memberBadgesRoute,
  setFieldRoute,
] as const satisfies CompanionRoutes;

export type MemberSearch = BodyOf<CompanionRequests, 'POST /admin/members/search'>;
/** What the list shows: the filter a bulk action acts by. */
export type MemberFilter = Pick<MemberSearch, 'status' | 'joinedFrom' | 'joinedTo' | 'search'>;

/** `POST admin/members/search`: a page of members (`next`: the offset of the next page) and how many match. */
export const listMembers = (http: Http, o: MemberSearch) => callRoute(http, listRoute, { body: o });

/** `GET admin/members/pending`: how many sign-ups wait for the owner's approval. */
export const pendingMembers = async (http: Http) => (await callRoute(http, pendingRoute)).pending;

/** `GET admin/members/{id}`: one member's page (404 `NOT_FOUND`). */
export const getMemberPage = async (http: Http, id: string): Promise<MemberDetail> =>
  (await callRoute(http, getRoute, { id })).member;

const actionRoutes = {
  approve: approveRoute,
  block: blockRoute,
  mute: muteRoute,
  unmute: unmuteRoute,
  disconnect: disconnectRoute,
} as const;
/** `POST admin/members/{id}/<action>`: the member as it is now. Doing it twice is harmless. */
export const memberAction = async (http: Http, id: string, action: MemberAction) =>
  (await callRoute(http, actionRoutes[action], { id, body: {} })).member;

/**
 * `POST admin/members/{id}/delete`: deletes the member; their content goes to `contentAssigneeId` (a member) or is
 * deleted. Their orders stay. A 404 after a lost answer means it was done.
 */
export const deleteMember = (http: Http, id: string, contentAssigneeId?: string) =>
  callRoute(http, deleteRoute, { id, body: contentAssigneeId ? { contentAssigneeId } : {} });

const bulkRoutes = { approve: bulkApproveRoute, block: bulkBlockRoute, delete: bulkDeleteRoute } as const;
/**
 * `POST admin/members/bulk-<action>`: acts on the members `filter` matches, which must still be `count` (409
 * `COUNT_CHANGED` with `data.count` otherwise, nothing done).
 */
export const bulkMembers = (
  http: Http,
  action: BulkAction,
  o: { filter: MemberFilter; count: number; contentAssigneeId?: string },
) =>
  callRoute(http, bulkRoutes[action], {
    body: {
      filter: o.filter,
      count: o.count,
      ...(action === 'delete' && o.contentAssigneeId ? { contentAssigneeId: o.contentAssigneeId } : {}),
    },
  });

/** `GET admin/members/badges`: the site's badges. */
export const listBadges = async (http: Http) => (await callRoute(http, badgesRoute)).badges;

/** `POST admin/members/badges`: a new badge. */
export const createBadge = async (
  http: Http,
  badge: { title: string; description?: string; backgroundColor?: string; textColor?: string },
) => (await callRoute(http, createBadgeRoute, { body: badge })).badge;

/** `POST admin/members/{id}/badges`: gives (`assigned: true`) or takes away a badge; the member's badges now. */
export const setMemberBadge = async (http: Http, id: string, badgeId: string, assigned: boolean) =>
  (await callRoute(http, memberBadgesRoute, { id, body: { badgeId, assigned } })).badges;

/** `GET admin/members/custom-fields`: the site's custom member fields. */
export const listCustomFields = async (http: Http) => (await callRoute(http, fieldsRoute)).fields;

/**
 * `POST admin/members/{id}/custom-fields`: sets (or, with "", clears) the member's value of one custom field (Update
 * Member); the member's fields now. A value the field's type refuses is the platform's 400, relayed.
 */
export const setCustomField = async (http: Http, id: string, key: string, value: string) =>
  (await callRoute(http, setFieldRoute, { id, body: { key, value } })).customFields;
