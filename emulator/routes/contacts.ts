/**
 * Contacts API v4 under `/contacts/v4/contacts` (docs/wire.md "Contacts"): create, query and get, for an admin
 * identity only (the platform: "You can only call this method when authenticated as a Wix app or Wix user
 * identity"); a visitor or member token is refused 403 before its body is read. Creating a contact with an email
 * another contact has answers 409 `DUPLICATE_CONTACT_EXISTS` with the existing contact's id, unless
 * `allowDuplicates` is true. The site companion (issue 16) uses them to write a visitor's review.
 */
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import { allContacts, contactByEmail, getContact, insertContact, toWireContact } from '../domain/contacts.ts';
import type { ContactRow } from '../domain/contacts.ts';
import { applyFilter, applySort, type FieldAccessor } from '../domain/query.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { RouteModule } from '../router.ts';
import { validate } from '../validate.ts';

const email = z.string().trim().max(254).email('must be a valid email address');
const createSchema = z.object({
  info: z.object({
    name: z
      .object({ first: z.string().trim().max(100).optional(), last: z.string().trim().max(100).optional() })
      .optional(),
    emails: z
      .object({
        items: z.array(z.object({ email, tag: z.enum(['UNTAGGED', 'MAIN', 'HOME', 'WORK']).optional() })).max(50),
      })
      .optional(),
  }),
  allowDuplicates: z.boolean().optional(),
});

const querySchema = z.object({
  query: z
    .object({
      filter: z.record(z.string(), z.unknown()).optional(),
      sort: z
        .array(z.object({ fieldName: z.string().max(100), order: z.enum(['ASC', 'DESC']).optional() }))
        .max(3)
        .optional(),
      paging: z
        .object({
          limit: z.number().int().min(1).max(1000).optional(),
          offset: z.number().int().min(0).optional(),
        })
        .optional(),
    })
    .optional(),
});

const FIELDS: Record<string, FieldAccessor<ContactRow>> = {
  id: (r) => r.id,
  'primaryInfo.email': (r) => r.email,
  'info.emails.email': (r) => (r.email ? [r.email] : []),
  'info.name.first': (r) => r.first_name,
  'info.name.last': (r) => r.last_name,
  createdDate: (r) => r.created_date,
  updatedDate: (r) => r.updated_date,
};

/** Email filter values are compared as the platform keeps emails: lower-case. */
function lowerEmails(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(lowerEmails);
  if (!filter || typeof filter !== 'object') return filter;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(filter)) {
    const isEmail = k === 'primaryInfo.email' || k === 'info.emails.email';
    out[k] = isEmail && typeof v === 'string' ? v.toLowerCase() : isEmail ? lowerValues(v) : lowerEmails(v);
  }
  return out;
}
function lowerValues(v: unknown): unknown {
  if (typeof v === 'string') return v.toLowerCase();
  if (Array.isArray(v)) return v.map(lowerValues);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [k, x] of Object.entries(v)) out[k] = lowerValues(x);
    return out;
  }
  return v;
}

export const contactsRoutes: RouteModule = (router) => {
  router.operation(adminOps.createContact, (ctx) => {
    const who = ctx.requireAdmin();
    const { info, allowDuplicates } = validate(createSchema, ctx.body);
    const first = info.name?.first || undefined;
    const last = info.name?.last || undefined;
    const address = info.emails?.items[0]?.email;
    if (!first && !last && !address) {
      throw badRequest([
        { field: 'info', description: 'must include a name, a phone number or an email', violatedRule: 'VALIDATION' },
      ]);
    }
    if (address && allowDuplicates !== true) {
      const dup = contactByEmail(ctx.db, address);
      if (dup) {
        throw conflict('A contact with this email already exists', 'DUPLICATE_CONTACT_EXISTS', {
          duplicateContactId: dup.id,
          duplicateEmail: dup.email,
        });
      }
    }
    const row = insertContact(
      ctx.db,
      {
        ...(address ? { email: address } : {}),
        ...(first ? { firstName: first } : {}),
        ...(last ? { lastName: last } : {}),
        createdBy: `admin:${who.clientId ?? who.via}`,
      },
      ctx.now(),
    );
    return { json: { contact: toWireContact(row) } };
  });

  router.operation(adminOps.queryContacts, (ctx) => {
    ctx.requireAdmin();
    const { query = {} } = validate(querySchema, ctx.body);
    let rows = applyFilter(allContacts(ctx.db), lowerEmails(query.filter), FIELDS, 'query.filter');
    if (query.sort?.length) {
      rows = applySort(
        rows,
        query.sort.map((s) => ({ fieldName: s.fieldName, order: s.order ?? 'ASC' })),
        FIELDS,
        'query.sort',
      );
    }
    const limit = query.paging?.limit ?? 50;
    const offset = query.paging?.offset ?? 0;
    const page = rows.slice(offset, offset + limit);
    return {
      json: {
        contacts: page.map(toWireContact),
        pagingMetadata: { count: page.length, offset, total: rows.length, hasNext: offset + page.length < rows.length },
      },
    };
  });

  router.operation(adminOps.getContact, (ctx) => {
    ctx.requireAdmin();
    const row = getContact(ctx.db, ctx.params['id'] ?? '');
    if (!row) throw notFound('Contact not found', 'CONTACT_NOT_FOUND');
    return { json: { contact: toWireContact(row) } };
  });
};
