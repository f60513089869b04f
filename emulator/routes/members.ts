/**
 * Members (docs/spec/wire-protocol.md §5): the signed-in member's own record, its contact details (issue 21: phones,
 * emails and addresses, docs/wire.md "Members: contact details") and account deletion. A member token reaches its own
 * record only; the site's backend (an admin identity) any member's; visitors get 403, no token 401.
 */
import { z } from 'zod';
import { adminOps, ops, type Operation } from '../../core/urls.ts';
import { revokeMemberTokens } from '../domain/auth.ts';
import { badRequest, forbidden, invalidField, notFound, type FieldViolation } from '../errors.ts';
import { applyFilter, applySort, offsetPage, type FieldAccessor } from '../domain/query.ts';
import {
  allMembers,
  allowedContentAssignees,
  clearMemberContactSet,
  deleteMember,
  memberAddresses,
  memberById,
  replaceMemberContactSets,
  setMemberPrivacy,
  toWireMember,
  updateMemberProfile,
  type MemberRow,
} from '../domain/identity.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { GUID, httpUrl, oneLine, validate } from '../validate.ts';
import { customFieldByKey, setMemberCustomValues, type CustomFieldRow } from '../domain/custom-fields.ts';
import type { FieldValue } from '../domain/mfa.ts';

/** Limits on contact details (the platform documents only addressLine ≤ 200 and street number/name ≤ 100/200). */
export const CONTACT_LIMITS = {
  phones: 10,
  phoneLength: 50,
  phoneDigits: 4,
  addresses: 10,
  addressLine: 200,
  addressLine2: 200,
  streetNumber: 100,
  streetName: 200,
  city: 100,
  subdivision: 50,
  postalCode: 32,
  /** `contact.emails` is immutable; its array is still bounded so a huge one is refused cheaply. */
  emails: 50,
} as const;

/** `null` and absent are the same: not set. */
const text = (max: number) =>
  oneLine()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : undefined));
const phoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(CONTACT_LIMITS.phoneLength)
  .regex(/^[+0-9 ().-]+$/, 'may hold only digits, spaces and + ( ) - .')
  .refine((p) => (p.match(/[0-9]/g)?.length ?? 0) >= CONTACT_LIMITS.phoneDigits, {
    message: `must have at least ${CONTACT_LIMITS.phoneDigits} digits`,
    params: { violatedRule: 'FORMAT' },
  });
const addressSchema = z
  .object({
    id: z.string().regex(GUID, 'must be a GUID').nullish(),
    addressLine: text(CONTACT_LIMITS.addressLine),
    addressLine2: text(CONTACT_LIMITS.addressLine2),
    streetAddress: z
      .object({ number: text(CONTACT_LIMITS.streetNumber), name: text(CONTACT_LIMITS.streetName) })
      .nullish(),
    city: text(CONTACT_LIMITS.city),
    subdivision: text(CONTACT_LIMITS.subdivision),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code (two capital letters)')
      .nullish()
      .transform((v) => v ?? undefined),
    postalCode: text(CONTACT_LIMITS.postalCode),
  })
  .superRefine((a, ctx) => {
    const street = a.streetAddress && (a.streetAddress.number || a.streetAddress.name);
    if (street && a.addressLine)
      ctx.addIssue({
        code: 'custom',
        message: 'streetAddress and addressLine are one of: send one',
        path: ['addressLine'],
        params: { violatedRule: 'ONE_OF_ALIGNMENT' },
      });
    if (!street && !a.addressLine && !a.addressLine2 && !a.city && !a.subdivision && !a.country && !a.postalCode)
      ctx.addIssue({ code: 'custom', message: 'must have at least one field', params: { violatedRule: 'MIN_SIZE' } });
  });

export const fieldsetSchema = z.enum(['PUBLIC', 'EXTENDED', 'FULL']);
const updateSchema = z.object({
  member: z.object({
    id: z.string().optional(),
    profile: z
      .object({ nickname: z.string().trim().min(1).max(100).optional() })
      .loose()
      .optional(),
    contact: z
      .object({
        firstName: z.string().max(100).nullish(),
        lastName: z.string().max(100).nullish(),
        phones: z.array(phoneSchema).max(CONTACT_LIMITS.phones).nullish(),
        emails: z.array(z.string().max(254)).max(CONTACT_LIMITS.emails).nullish(),
        addresses: z.array(addressSchema).max(CONTACT_LIMITS.addresses).nullish(),
        // the site's custom fields by key (issue 41): `{value}` sets, `{value: null}` clears; `name` is ignored
        customFields: z
          .record(z.string().max(200), z.object({ value: z.unknown() }).loose())
          .refine((r) => Object.keys(r).length <= 100, { message: 'must have at most 100 fields' })
          .nullish(),
      })
      .loose()
      .optional(),
  }),
  fieldMask: z.unknown().optional(),
});

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A custom field's value as sent (`null` or "" clears it), checked against its type: the value to keep, or why not. */
function customValue(f: CustomFieldRow, value: unknown): FieldValue | null | string {
  if (value === null || value === '') return null;
  switch (f.field_type) {
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value) ? { numValue: value } : 'must be a number';
    case 'DATE':
      return typeof value === 'string' &&
        ISO_DAY.test(value) &&
        new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value
        ? { dateValue: value }
        : 'must be a date that exists (YYYY-MM-DD)';
    case 'URL':
    case 'SOCIAL':
      return typeof value === 'string' && httpUrl.safeParse(value).success
        ? { strValue: value }
        : 'must be an absolute http(s) URL';
    default: {
      if (typeof value !== 'string') return 'must be a text';
      const t = value.trim();
      if (/[\p{Cc}\u2028\u2029]/u.test(t)) return 'must be one line, without control characters';
      return t.length > 1000 ? 'must be at most 1000 characters' : t ? { strValue: t } : null;
    }
  }
}

/** The widest fieldset asked for (`fieldsets` repeats; the default is PUBLIC). */
function fieldset(ctx: RequestContext): 'PUBLIC' | 'EXTENDED' | 'FULL' {
  const asked = [...ctx.query.getAll('fieldsets'), ...ctx.query.getAll('fieldSet')].map((v) =>
    validate(fieldsetSchema, v, 'fieldsets'),
  );
  return asked.includes('FULL') ? 'FULL' : asked.includes('EXTENDED') ? 'EXTENDED' : 'PUBLIC';
}

function own(ctx: RequestContext) {
  const me = ctx.requireMember();
  const m = memberById(ctx.db, me.memberId);
  if (!m) throw notFound('Member not found', 'MEMBER_NOT_FOUND');
  return { me, m };
}

/**
 * The member `{id}` a write may change: a member's own record, or any member's for the site's backend (an admin
 * identity). No member role (the owner's included) reaches another member's record.
 */
function writable(ctx: RequestContext): MemberRow {
  const who = ctx.caller();
  const id = ctx.params['id'] ?? '';
  if (who.kind === 'visitor') throw forbidden('Sign in as a member to update a member');
  if (who.kind === 'member' && id !== who.memberId) throw forbidden('Members may update only their own record');
  const m = memberById(ctx.db, id);
  if (!m) throw notFound('Member not found', 'MEMBER_NOT_FOUND');
  return m;
}

const wire = (ctx: RequestContext, id: string) => toWireMember(ctx.db, memberById(ctx.db, id)!);

/**
 * Query Members' filter fields (`MemberQuerySpec` of @wix/auto_sdk_members_members 1.0.135; every operator), and,
 * Inlay's choice (issue 41: the console filters by joined date, last sign-in and mute), `createdDate`,
 * `lastLoginDate` (ISO strings, compared as such) and `activityStatus`. The bulk actions by filter take the same.
 */
export const MEMBER_FILTER_FIELDS: Record<string, FieldAccessor<MemberRow>> = {
  id: (m) => m.id,
  'contact.firstName': (m) => m.first_name ?? '',
  'contact.lastName': (m) => m.last_name ?? '',
  contactId: (m) => m.contact_id,
  loginEmail: (m) => m.email,
  privacyStatus: (m) => m.privacy_status,
  'profile.nickname': (m) => m.nickname ?? m.email.split('@')[0]!,
  'profile.slug': (m) => m.slug ?? '',
  status: (m) => m.status,
  activityStatus: (m) => m.activity_status,
  createdDate: (m) => m.created_date,
  lastLoginDate: (m) => m.last_login_date ?? '',
};
/** Its sort fields (the client's `queryMembers` documentation). */
export const MEMBER_SORT_FIELDS: Record<string, FieldAccessor<MemberRow>> = {
  'profile.nickname': MEMBER_FILTER_FIELDS['profile.nickname']!,
  'contact.firstName': MEMBER_FILTER_FIELDS['contact.firstName']!,
  'contact.lastName': MEMBER_FILTER_FIELDS['contact.lastName']!,
  createdDate: (m) => m.created_date,
  updatedDate: (m) => m.updated_date,
  lastLoginDate: (m) => m.last_login_date ?? '',
};
/** The fields the plain-text `search.expression` looks in (the client's `Search` documentation, less `profile.title`). */
const SEARCHED = ['loginEmail', 'contact.firstName', 'contact.lastName', 'profile.nickname', 'profile.slug'];
/** `search.fields` may name these (the client's list; `profile.title` is never set here, so it matches nothing). */
const SEARCHABLE = [...SEARCHED, 'profile.title'] as const;
export const searchSchema = z
  .object({
    expression: z.string().min(1).max(100).nullish(),
    fields: z.array(z.enum(SEARCHABLE)).max(4).optional(),
  })
  .optional();

/**
 * The members a plain-text search finds: `expression` case-insensitive anywhere in `fields` (all the searched fields
 * when none are named).
 */
export function searchMembers(rows: MemberRow[], search: z.infer<typeof searchSchema>): MemberRow[] {
  const term = search?.expression?.toLowerCase();
  if (!term) return rows;
  const fields = (search?.fields?.length ? search.fields : SEARCHED).filter((f) => f !== 'profile.title');
  return rows.filter((m) => fields.some((f) => String(MEMBER_FILTER_FIELDS[f]!(m)).toLowerCase().includes(term)));
}

export const sortSchema = z
  .array(z.object({ fieldName: z.string().max(100), order: z.enum(['ASC', 'DESC']).optional() }))
  .max(5)
  .optional();
const querySchema = z.object({
  query: z
    .object({
      filter: z.record(z.string(), z.unknown()).nullish(),
      // the query builder sends `sort`; the request type names it `sorting`
      sort: sortSchema,
      sorting: sortSchema,
      paging: z
        .object({ limit: z.number().int().min(0).max(100).nullish(), offset: z.number().int().min(0).nullish() })
        .optional(),
    })
    .optional(),
  fieldsets: z.array(fieldsetSchema).max(3).optional(),
  search: searchSchema,
});

export const widest = (asked: readonly ('PUBLIC' | 'EXTENDED' | 'FULL')[] | undefined) =>
  asked?.includes('FULL') ? 'FULL' : asked?.includes('EXTENDED') ? 'EXTENDED' : 'PUBLIC';

export const membersRoutes: RouteModule = (router) => {
  router.operation(ops.myMember, (ctx) => {
    const fs = fieldset(ctx);
    return { json: { member: toWireMember(ctx.db, own(ctx).m, fs) } };
  });

  // Get Member (`?fieldsets=`, PUBLIC by default). The client marks it for the APP identity
  // (`@applicableIdentity APP`): the site's backend reads any member; a member token only its own record (as `my`);
  // another member's record and a visitor are refused (docs/wire.md "Admin fidelity fixes": chosen).
  router.operation(adminOps.getMember, (ctx) => {
    const who = ctx.caller();
    const id = ctx.params['id'] ?? '';
    if (who.kind === 'visitor')
      throw forbidden('Reading a member needs the site’s admin identity', 'PERMISSION_DENIED');
    if (who.kind === 'member' && id.toLowerCase() !== who.memberId.toLowerCase())
      throw forbidden('Members may read only their own record here', 'PERMISSION_DENIED');
    const fs = fieldset(ctx);
    const m = GUID.test(id) ? memberById(ctx.db, id.toLowerCase()) : undefined;
    if (!m) throw notFound('Member not found', 'MEMBER_NOT_FOUND', { id });
    return { json: { member: toWireMember(ctx.db, m, fs) } };
  });

  // Query Members: the site's backend only (`@applicableIdentity APP`; chosen: a member or visitor token is 403).
  // Filter on MemberQuerySpec's fields, sort, offset paging (limit ≤ 100, default 100), `search.expression` (case-
  // insensitive, anywhere in the searched fields), `fieldsets` in the body; `metadata: {count, offset, total}`.
  router.operation(adminOps.queryMembers, (ctx) => {
    const who = ctx.caller();
    if (who.kind !== 'admin') throw forbidden('Querying members needs the site’s admin identity', 'PERMISSION_DENIED');
    const { query = {}, fieldsets, search } = validate(querySchema, ctx.body);
    let rows = applyFilter(allMembers(ctx.db), query.filter ?? undefined, MEMBER_FILTER_FIELDS, 'query.filter');
    rows = searchMembers(rows, search);
    const sort = query.sort ?? query.sorting;
    if (sort?.length)
      rows = applySort(
        rows,
        sort.map((s) => ({ fieldName: s.fieldName, order: s.order ?? 'ASC' })),
        MEMBER_SORT_FIELDS,
        query.sort ? 'query.sort' : 'query.sorting',
      );
    const page = offsetPage(rows, { limit: query.paging?.limit ?? 100, offset: query.paging?.offset ?? 0 }, 100);
    const fs = widest(fieldsets);
    return {
      json: {
        members: page.items.map((m) => toWireMember(ctx.db, m, fs)),
        metadata: { count: page.items.length, offset: page.offset, total: rows.length, tooManyToCount: false },
      },
    };
  });

  router.operation(ops.updateMember, (ctx) => {
    const m = writable(ctx);
    const { member } = validate(updateSchema, ctx.body);
    if (member.id !== undefined && member.id !== m.id)
      throw invalidField('member.id', 'must be the member id of the path');
    const c = member.contact;
    // `contact.emails` is @immutable (SDK typings): refused when sent non-empty; an empty array has no effect.
    if (c?.emails?.length)
      throw invalidField(
        'member.contact.emails',
        'is immutable: clear it with Delete Member Emails',
        'FIELD_NOT_ALLOWED',
      );
    // A non-empty array replaces the whole set; an empty one has no effect (SDK updateMember note).
    const phones = c?.phones?.length ? c.phones : undefined;
    const addresses = c?.addresses?.length ? c.addresses : undefined;
    if (addresses) {
      const have = new Set(memberAddresses(ctx.db, m.id).map((a) => a.id.toLowerCase()));
      const seen = new Set<string>();
      const bad: FieldViolation[] = [];
      addresses.forEach((a, i) => {
        if (!a.id) return;
        const key = a.id.toLowerCase();
        const field = `member.contact.addresses[${i}].id`;
        if (!have.has(key))
          bad.push({ field, description: 'is not one of this member’s addresses', violatedRule: 'VALIDATION' });
        else if (seen.has(key)) bad.push({ field, description: 'is sent twice', violatedRule: 'VALIDATION' });
        seen.add(key);
      });
      if (bad.length) throw badRequest(bad);
    }
    const custom: { key: string; value: FieldValue | null }[] = [];
    const badCustom: FieldViolation[] = [];
    for (const [key, { value }] of Object.entries(c?.customFields ?? {})) {
      const field = `member.contact.customFields.${key}`;
      const def = customFieldByKey(ctx.db, key);
      if (!def) {
        badCustom.push({ field, description: 'is not a custom field of this site', violatedRule: 'VALIDATION' });
        continue;
      }
      const v = customValue(def, value);
      if (typeof v === 'string')
        badCustom.push({ field: `${field}.value`, description: v, violatedRule: 'VALIDATION' });
      else custom.push({ key, value: v });
    }
    if (badCustom.length) throw badRequest(badCustom);
    ctx.db.transaction(() => {
      setMemberCustomValues(ctx.db, m.id, custom);
      updateMemberProfile(
        ctx.db,
        m.id,
        {
          nickname: member.profile?.nickname,
          // null or "" clears a name (the platform: "set an empty value with an empty string")
          firstName: c?.firstName === null ? '' : c?.firstName,
          lastName: c?.lastName === null ? '' : c?.lastName,
        },
        ctx.now(),
      );
      replaceMemberContactSets(
        ctx.db,
        m.id,
        {
          phones,
          addresses: addresses?.map((a) => ({
            id: a.id ? a.id.toLowerCase() : undefined,
            addressLine: a.addressLine,
            addressLine2: a.addressLine2,
            ...(a.streetAddress && (a.streetAddress.number || a.streetAddress.name)
              ? {
                  streetAddress: {
                    ...(a.streetAddress.number ? { number: a.streetAddress.number } : {}),
                    ...(a.streetAddress.name ? { name: a.streetAddress.name } : {}),
                  },
                }
              : {}),
            city: a.city,
            subdivision: a.subdivision,
            country: a.country,
            postalCode: a.postalCode,
          })),
        },
        ctx.now(),
      );
    })();
    return { json: { member: wire(ctx, m.id) } };
  });

  // Delete Member Phones / Emails / Addresses: the only way to empty a set (`{member}` as changed).
  for (const [op, set] of [
    [ops.deleteMemberPhones, 'phones'],
    [ops.deleteMemberEmails, 'emails'],
    [ops.deleteMemberAddresses, 'addresses'],
  ] as [Operation, 'phones' | 'emails' | 'addresses'][]) {
    router.operation(op, (ctx) => {
      const m = writable(ctx);
      clearMemberContactSet(ctx.db, m.id, set, ctx.now());
      return { json: { member: wire(ctx, m.id) } };
    });
  }

  // Joining the community makes the profile public; leaving makes it private (the spec shows no other effect).
  for (const [op, privacy] of [
    [ops.joinCommunity, 'PUBLIC'],
    [ops.leaveCommunity, 'PRIVATE'],
  ] as const) {
    router.operation(op, (ctx) => {
      const { m } = own(ctx);
      setMemberPrivacy(ctx.db, m.id, privacy, ctx.now());
      return { json: { member: wire(ctx, m.id) } };
    });
  }

  // Delete My Member: `?contentAssigneeId=` (the SDK sends it as a query parameter) names the member who receives
  // the deleted member's content (reviews); without it the content is deleted. Only an assignee the site allows
  // (setting CONTENT_ASSIGNEES) is taken: any other id, a member or not, is refused alike and nothing is deleted. The
  // member's tokens are revoked.
  router.operation(ops.deleteMyMember, (ctx) => {
    const { m } = own(ctx);
    if (m.role === 'OWNER') throw forbidden('The site owner cannot delete their member record here');
    const asked = ctx.query.getAll('contentAssigneeId');
    if (asked.length > 1) throw invalidField('contentAssigneeId', 'must be given at most once');
    let assignee: MemberRow | undefined;
    const assigneeId = asked[0]?.toLowerCase();
    if (assigneeId !== undefined && assigneeId !== '') {
      if (!GUID.test(assigneeId)) throw invalidField('contentAssigneeId', 'must be a GUID', 'FORMAT');
      if (assigneeId === m.id.toLowerCase())
        throw invalidField('contentAssigneeId', 'must be another member than the one deleted');
      if (!allowedContentAssignees(ctx.db).has(assigneeId))
        throw invalidField('contentAssigneeId', 'is not a content assignee this site allows');
      assignee = memberById(ctx.db, assigneeId);
      if (!assignee) throw invalidField('contentAssigneeId', 'is not a member of this site');
    }
    revokeMemberTokens(ctx.db, m.id);
    deleteMember(ctx.db, m.id, ctx.now(), assignee);
    return { json: {} };
  });
};
