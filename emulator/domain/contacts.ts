/**
 * Contacts (Contacts API v4, docs/wire.md "Contacts"): the site's contact list. A member's contact is its member row
 * (`members.contact_id`, `members.email`); every other contact lives in `contacts`. Emails are kept lower-case.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/** One contact, a member's or not. */
export interface ContactRow {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  /** The member this contact belongs to, when it is a member's. */
  member_id: string | null;
  member_status: string | null;
  created_date: string;
  updated_date: string;
  revision: number;
}

const SELECT_ALL = `
  SELECT id, email, first_name, last_name, NULL AS member_id, NULL AS member_status, created_date, updated_date, revision
    FROM contacts
  UNION ALL
  SELECT contact_id AS id, lower(email) AS email, first_name, last_name, id AS member_id, status AS member_status,
         created_date, updated_date, 1 AS revision
    FROM members`;

/** Every contact, oldest first. */
export function allContacts(db: Database): ContactRow[] {
  return db.prepare<[], ContactRow>(`SELECT * FROM (${SELECT_ALL}) ORDER BY created_date, id`).all();
}

export function getContact(db: Database, id: string): ContactRow | undefined {
  return db.prepare<[string], ContactRow>(`SELECT * FROM (${SELECT_ALL}) WHERE id = ?`).get(id);
}

/** The first contact (oldest) with this email, any case; a member's contact counts. */
export function contactByEmail(db: Database, email: string): ContactRow | undefined {
  return db
    .prepare<[string], ContactRow>(`SELECT * FROM (${SELECT_ALL}) WHERE email = ? ORDER BY created_date, id LIMIT 1`)
    .get(email.toLowerCase());
}

/** Insert a contact; returns it. */
export function insertContact(
  db: Database,
  c: { email?: string; firstName?: string; lastName?: string; createdBy: string },
  nowMs: number,
): ContactRow {
  const id = randomUUID();
  const iso = new Date(nowMs).toISOString();
  db.prepare<[string, string | null, string | null, string | null, string, string, string]>(
    `INSERT INTO contacts (id, email, first_name, last_name, created_by, created_date, updated_date)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, c.email?.toLowerCase() ?? null, c.firstName ?? null, c.lastName ?? null, c.createdBy, iso, iso);
  return getContact(db, id)!;
}

/** The platform's contact JSON (the fields the emulator keeps). */
export function toWireContact(r: ContactRow) {
  const name =
    r.first_name || r.last_name
      ? { ...(r.first_name ? { first: r.first_name } : {}), ...(r.last_name ? { last: r.last_name } : {}) }
      : undefined;
  return {
    id: r.id,
    revision: r.revision,
    source: { sourceType: r.member_id ? 'MEMBER' : 'ADMIN' },
    createdDate: r.created_date,
    updatedDate: r.updated_date,
    primaryInfo: r.email ? { email: r.email } : {},
    ...(r.email
      ? { primaryEmail: { email: r.email, subscriptionStatus: 'NOT_SET', deliverabilityStatus: 'NOT_SET' } }
      : {}),
    info: {
      ...(name ? { name } : {}),
      emails: { items: r.email ? [{ tag: 'MAIN', email: r.email, primary: true }] : [] },
      // the platform's member fields on a member's contact (`members.*` extended fields)
      extendedFields: {
        items: r.member_id ? { 'members.membershipStatus': r.member_status === 'BLOCKED' ? 'DENIED' : 'APPROVED' } : {},
      },
    },
  };
}
