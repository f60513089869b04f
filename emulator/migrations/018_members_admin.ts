import type { Migration } from './migration.ts';

/**
 * The owner's members service (issue 41, docs/wire.md "Members admin, badges, custom fields"): a member's activity
 * status (Mute / Unmute Member), member badges (`@wix/auto_sdk_members_badges`, v3) and their assignments, and the
 * site's member custom fields (`@wix/auto_sdk_members_custom-fields`; a member's values stay in
 * `member_custom_fields`, migration 017, by the field's key without `custom.`). Times are ISO strings, as members'.
 */
export const migration018: Migration = {
  version: 18,
  name: 'members_admin',
  sql: `
    ALTER TABLE members ADD COLUMN activity_status TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (activity_status IN ('ACTIVE', 'MUTED'));
    CREATE INDEX members_status ON members (status, created_date);

    CREATE TABLE member_badges (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      description TEXT,
      background_color TEXT NOT NULL,
      text_color TEXT NOT NULL,
      icon TEXT,
      permissions_enabled INTEGER NOT NULL DEFAULT 0,
      slug TEXT NOT NULL UNIQUE,
      position INTEGER NOT NULL,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );

    CREATE TABLE member_badge_assignments (
      badge_id TEXT NOT NULL REFERENCES member_badges(id) ON DELETE CASCADE,
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      assigned_date TEXT NOT NULL,
      PRIMARY KEY (badge_id, member_id)
    );
    CREATE INDEX member_badge_assignments_member ON member_badge_assignments (member_id);

    CREATE TABLE member_custom_field_defs (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      key TEXT NOT NULL UNIQUE, -- custom.<slug>
      field_type TEXT NOT NULL CHECK (field_type IN ('TEXT', 'NUMBER', 'DATE', 'URL', 'SOCIAL')),
      social_type TEXT,
      default_privacy TEXT NOT NULL CHECK (default_privacy IN ('PUBLIC', 'PRIVATE')),
      section TEXT NOT NULL CHECK (section IN ('GENERAL', 'SOCIAL', 'DISPLAY_INFO', 'ADDRESS')),
      position INTEGER NOT NULL,
      hidden INTEGER NOT NULL DEFAULT 0,
      revision INTEGER NOT NULL DEFAULT 1,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
  `,
};
