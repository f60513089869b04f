import type { Migration } from './migration.ts';

/**
 * Member contact details (issue 21, docs/wire.md "Members: contact details"): the FULL fieldset's
 * `contact.phones`, `contact.emails` and `contact.addresses`, stored per member. `phones` is a JSON array of
 * strings; `contact_emails` is a JSON array or NULL, NULL meaning "the login email alone" (what every member shows
 * until the set is cleared). Addresses are rows in member order (`position`), each with the GUID the wire shows as
 * `id`; they go with the member (ON DELETE CASCADE).
 */
export const migration010: Migration = {
  version: 10,
  name: 'member-contact',
  sql: `
    ALTER TABLE members ADD COLUMN phones TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE members ADD COLUMN contact_emails TEXT;
    CREATE TABLE member_addresses (
      id TEXT PRIMARY KEY,
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      address_line TEXT,
      address_line2 TEXT,
      street_number TEXT,
      street_name TEXT,
      city TEXT,
      subdivision TEXT,
      country TEXT,
      postal_code TEXT
    );
    CREATE INDEX member_addresses_member ON member_addresses(member_id, position);
  `,
};
