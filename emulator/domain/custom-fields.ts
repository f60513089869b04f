/**
 * Member custom fields (`@wix/auto_sdk_members_custom-fields`; issue 41): the site's fields (origin CUSTOM, for all
 * members) and the values members have for them. A value is kept in `member_custom_fields` (migration 017) by the
 * field's key without `custom.`, as the sign-up form's fields are, so a field and a sign-up field of the same key are
 * one value. All SQL of custom fields.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { FieldValue } from './mfa.ts';

export const FIELD_TYPES = ['TEXT', 'NUMBER', 'DATE', 'URL', 'SOCIAL'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const SECTIONS = ['GENERAL', 'DISPLAY_INFO', 'SOCIAL', 'ADDRESS'] as const;
export type Section = (typeof SECTIONS)[number];

export interface CustomFieldRow {
  id: string;
  name: string;
  key: string;
  field_type: FieldType;
  social_type: string | null;
  default_privacy: 'PUBLIC' | 'PRIVATE';
  section: Section;
  position: number;
  hidden: number;
  revision: number;
  created_date: string;
  updated_date: string;
}

/** The list's order: by section (GENERAL, DISPLAY_INFO, SOCIAL, the client's sequence), then the section's order. */
const ORDER = `ORDER BY CASE section WHEN 'GENERAL' THEN 0 WHEN 'DISPLAY_INFO' THEN 1 WHEN 'SOCIAL' THEN 2 ELSE 3 END,
  position, created_date, id`;

/** The fields shown (not hidden), in the list's order. */
export function visibleCustomFields(db: Database): CustomFieldRow[] {
  return db.prepare<[], CustomFieldRow>(`SELECT * FROM member_custom_field_defs WHERE hidden = 0 ${ORDER}`).all();
}

export function customFieldById(db: Database, id: string): CustomFieldRow | undefined {
  return db.prepare<[string], CustomFieldRow>('SELECT * FROM member_custom_field_defs WHERE id = ?').get(id);
}

/** `custom.<name as a slug>`, unique among the site's fields. */
function uniqueKey(db: Database, name: string): string {
  const base =
    name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'field';
  const taken = db.prepare<[string], { id: string }>('SELECT id FROM member_custom_field_defs WHERE key = ?');
  for (let i = 1; ; i++) {
    const key = `custom.${i === 1 ? base : `${base}-${i}`}`;
    if (!taken.get(key)) return key;
  }
}

export function createCustomField(
  db: Database,
  f: { name: string; fieldType: FieldType; socialType: string | null; privacy: 'PUBLIC' | 'PRIVATE' },
  nowMs: number,
): string {
  const id = randomUUID();
  const nowIso = new Date(nowMs).toISOString();
  const section: Section = f.fieldType === 'SOCIAL' ? 'SOCIAL' : 'GENERAL';
  db.transaction(() => {
    const next =
      db
        .prepare<[string], { p: number | null }>(
          'SELECT MAX(position) AS p FROM member_custom_field_defs WHERE section = ?',
        )
        .get(section)?.p ?? -1;
    db.prepare<[string, string, string, string, string | null, string, string, number, string, string]>(
      `INSERT INTO member_custom_field_defs (id, name, key, field_type, social_type, default_privacy, section, position, created_date, updated_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, f.name, uniqueKey(db, f.name), f.fieldType, f.socialType, f.privacy, section, next + 1, nowIso, nowIso);
  })();
  return id;
}

/** Change name, privacy or social type (undefined: left alone); the revision moves on. */
export function updateCustomField(
  db: Database,
  id: string,
  f: { name?: string | undefined; privacy?: 'PUBLIC' | 'PRIVATE' | undefined; socialType?: string | undefined },
  nowMs: number,
): void {
  const cur = customFieldById(db, id);
  if (!cur) return;
  db.prepare<[string, string, string | null, string, string]>(
    `UPDATE member_custom_field_defs SET name = ?, default_privacy = ?, social_type = ?, revision = revision + 1,
       updated_date = ? WHERE id = ?`,
  ).run(
    f.name ?? cur.name,
    f.privacy ?? cur.default_privacy,
    f.socialType ?? cur.social_type,
    new Date(nowMs).toISOString(),
    id,
  );
}

/** Delete a field and every member's value of it. */
export function deleteCustomField(db: Database, id: string): void {
  const cur = customFieldById(db, id);
  if (!cur) return;
  db.transaction(() => {
    db.prepare<[string]>('DELETE FROM member_custom_fields WHERE name = ?').run(cur.key.replace(/^custom\./, ''));
    db.prepare<[string]>('DELETE FROM member_custom_field_defs WHERE id = ?').run(id);
  })();
}

/** Hide a field: out of the list and off members' records; its values are kept. */
export function hideCustomField(db: Database, id: string, nowMs: number): void {
  db.prepare<[string, string]>(
    'UPDATE member_custom_field_defs SET hidden = 1, revision = revision + 1, updated_date = ? WHERE id = ?',
  ).run(new Date(nowMs).toISOString(), id);
}

/** The fields `first` lead their section's order, as given; the section's others follow in their order. */
export function reorderCustomFields(db: Database, section: Section, first: readonly string[]): void {
  const rest = db
    .prepare<[string], { id: string }>(
      `SELECT id FROM member_custom_field_defs WHERE section = ? ORDER BY position, created_date, id`,
    )
    .all(section)
    .map((r) => r.id)
    .filter((id) => !first.includes(id));
  const set = db.prepare<[number, string]>('UPDATE member_custom_field_defs SET position = ? WHERE id = ?');
  db.transaction(() => {
    [...first, ...rest].forEach((id, i) => set.run(i, id));
  })();
}

/** The fields of a section, in its order (hidden ones included: they keep their place). */
export function sectionFields(db: Database, section: Section): CustomFieldRow[] {
  return db
    .prepare<[string], CustomFieldRow>(
      'SELECT * FROM member_custom_field_defs WHERE section = ? AND hidden = 0 ORDER BY position, created_date, id',
    )
    .all(section);
}

/** A stored value as the wire's plain value (`value: any`). */
const plain = (v: FieldValue) => ('strValue' in v ? v.strValue : 'numValue' in v ? v.numValue : v.dateValue);

/**
 * A member's `contact.customFields`: each shown field the member has a value for, keyed by the field's key,
 * `{name, value}` (the client: "Empty fields are not returned").
 */
export function memberCustomFieldValues(
  db: Database,
  memberId: string,
): Record<string, { name: string; value: unknown }> {
  const rows = db
    .prepare<[string], { key: string; name: string; value: string }>(
      `SELECT d.key AS key, d.name AS name, v.value AS value FROM member_custom_field_defs d
       JOIN member_custom_fields v ON v.name = substr(d.key, 8) AND v.member_id = ?
       WHERE d.hidden = 0
       ORDER BY CASE d.section WHEN 'GENERAL' THEN 0 WHEN 'DISPLAY_INFO' THEN 1 WHEN 'SOCIAL' THEN 2 ELSE 3 END,
         d.position, d.created_date, d.id`,
    )
    .all(memberId);
  return Object.fromEntries(
    rows.map((r) => [r.key, { name: r.name, value: plain(JSON.parse(r.value) as FieldValue) }]),
  );
}

/** A shown field by its key (`custom.…`). */
export function customFieldByKey(db: Database, key: string): CustomFieldRow | undefined {
  return db
    .prepare<[string], CustomFieldRow>('SELECT * FROM member_custom_field_defs WHERE key = ? AND hidden = 0')
    .get(key);
}

/** Set (a value) or clear (null) members' values by field key. */
export function setMemberCustomValues(
  db: Database,
  memberId: string,
  values: readonly { key: string; value: FieldValue | null }[],
): void {
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO member_custom_fields (member_id, name, value) VALUES (?, ?, ?)
     ON CONFLICT(member_id, name) DO UPDATE SET value = excluded.value`,
  );
  const del = db.prepare<[string, string]>('DELETE FROM member_custom_fields WHERE member_id = ? AND name = ?');
  db.transaction(() => {
    for (const { key, value } of values) {
      const name = key.replace(/^custom\./, '');
      if (value === null) del.run(memberId, name);
      else upsert.run(memberId, name, JSON.stringify(value));
    }
  })();
}
