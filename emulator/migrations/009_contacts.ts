import type { Migration } from './migration.ts';

/**
 * Contacts (Contacts API v4, docs/wire.md "Contacts"): the site's contacts that are not members (a member's contact is
 * its `members.contact_id` row). The site companion (issue 16) finds or creates one per visitor email to write a
 * visitor's review as an admin identity. `email` is kept lower-case; one contact per email (the platform's duplicate
 * refusal). Site media uploads and files remember their folder (`VISITOR_UPLOADS_ROOT` for visitors' photos).
 */
export const migration009: Migration = {
  version: 9,
  name: 'contacts',
  sql: `
    CREATE TABLE contacts (
      id TEXT PRIMARY KEY,
      email TEXT,
      first_name TEXT,
      last_name TEXT,
      created_by TEXT NOT NULL,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL,
      revision INTEGER NOT NULL DEFAULT 1
    );
    CREATE INDEX contacts_email ON contacts(email);
    ALTER TABLE site_media_uploads ADD COLUMN parent_folder_id TEXT;
    ALTER TABLE site_media_files ADD COLUMN parent_folder_id TEXT;
  `,
};
