/**
 * Member badges (`@wix/auto_sdk_members_badges`, v3; issue 41): the site's badges in display order and which members
 * hold them. All SQL of badges; the routes (routes/badges.ts) validate and map to the wire.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

export interface BadgeRow {
  id: string;
  title: string;
  description: string | null;
  background_color: string;
  text_color: string;
  icon: string | null;
  permissions_enabled: number;
  slug: string;
  position: number;
  created_date: string;
  updated_date: string;
}

/** The client's documented defaults: purple background, white text. */
export const BADGE_DEFAULTS = { backgroundColor: '#796EFF', textColor: '#FFFFFF' } as const;

export interface BadgeInput {
  title: string;
  description?: string | null | undefined;
  backgroundColor?: string | null | undefined;
  textColor?: string | null | undefined;
  icon?: string | null | undefined;
  permissionsEnabled?: boolean | null | undefined;
}

/** Every badge, in display order. */
export function allBadges(db: Database): BadgeRow[] {
  return db.prepare<[], BadgeRow>('SELECT * FROM member_badges ORDER BY position, created_date, id').all();
}

export function badgeById(db: Database, id: string): BadgeRow | undefined {
  return db.prepare<[string], BadgeRow>('SELECT * FROM member_badges WHERE id = ?').get(id);
}

/** A title as a URL slug (letters and digits of any script, `-` between words), unique among badges. */
function uniqueSlug(db: Database, title: string, exceptId?: string): string {
  const base =
    title
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'badge';
  const taken = db.prepare<[string, string], { id: string }>('SELECT id FROM member_badges WHERE slug = ? AND id <> ?');
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!taken.get(slug, exceptId ?? '')) return slug;
  }
}

/** A new badge, last in display order; returns its id. */
export function createBadge(db: Database, b: BadgeInput, nowMs: number): string {
  const id = randomUUID();
  const nowIso = new Date(nowMs).toISOString();
  db.transaction(() => {
    const next = db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM member_badges').get()?.p ?? -1;
    db.prepare<[string, string, string | null, string, string, string | null, number, string, number, string, string]>(
      `INSERT INTO member_badges (id, title, description, background_color, text_color, icon, permissions_enabled, slug, position, created_date, updated_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      b.title,
      b.description ?? null,
      b.backgroundColor ?? BADGE_DEFAULTS.backgroundColor,
      b.textColor ?? BADGE_DEFAULTS.textColor,
      b.icon ?? null,
      b.permissionsEnabled ? 1 : 0,
      uniqueSlug(db, b.title),
      next + 1,
      nowIso,
      nowIso,
    );
  })();
  return id;
}

/** Change the fields given (undefined: left alone; null clears the optional ones); a new title, a new slug. */
export function updateBadge(db: Database, id: string, b: Partial<BadgeInput>, nowMs: number): void {
  const cur = badgeById(db, id);
  if (!cur) return;
  const title = b.title ?? cur.title;
  db.prepare<[string, string | null, string, string, string | null, number, string, string, string]>(
    `UPDATE member_badges SET title = ?, description = ?, background_color = ?, text_color = ?, icon = ?,
       permissions_enabled = ?, slug = ?, updated_date = ? WHERE id = ?`,
  ).run(
    title,
    b.description === undefined ? cur.description : b.description,
    b.backgroundColor ?? (b.backgroundColor === null ? BADGE_DEFAULTS.backgroundColor : cur.background_color),
    b.textColor ?? (b.textColor === null ? BADGE_DEFAULTS.textColor : cur.text_color),
    b.icon === undefined ? cur.icon : b.icon,
    b.permissionsEnabled === undefined || b.permissionsEnabled === null
      ? cur.permissions_enabled
      : b.permissionsEnabled
        ? 1
        : 0,
    title === cur.title ? cur.slug : uniqueSlug(db, title, id),
    new Date(nowMs).toISOString(),
    id,
  );
}

/** Delete a badge; its assignments go with it. */
export function deleteBadge(db: Database, id: string): void {
  db.prepare<[string]>('DELETE FROM member_badges WHERE id = ?').run(id);
}

/** Assign the badge to these members (already holding it: unchanged). */
export function assignBadge(db: Database, badgeId: string, memberIds: readonly string[], nowMs: number): void {
  const insert = db.prepare<[string, string, string]>(
    'INSERT OR IGNORE INTO member_badge_assignments (badge_id, member_id, assigned_date) VALUES (?, ?, ?)',
  );
  const nowIso = new Date(nowMs).toISOString();
  db.transaction(() => {
    for (const m of memberIds) insert.run(badgeId, m, nowIso);
  })();
}

/** Remove the badge from these members (not holding it: unchanged). */
export function unassignBadge(db: Database, badgeId: string, memberIds: readonly string[]): void {
  const del = db.prepare<[string, string]>('DELETE FROM member_badge_assignments WHERE badge_id = ? AND member_id = ?');
  db.transaction(() => {
    for (const m of memberIds) del.run(badgeId, m);
  })();
}

/** The members holding a badge, first assigned first (in the order asked, within one call). */
export function badgeMembers(db: Database, badgeId: string): string[] {
  return db
    .prepare<[string], { member_id: string }>(
      'SELECT member_id FROM member_badge_assignments WHERE badge_id = ? ORDER BY assigned_date, rowid',
    )
    .all(badgeId)
    .map((r) => r.member_id);
}

/** A member's badges, in display order. */
export function memberBadgeIds(db: Database, memberId: string): string[] {
  return db
    .prepare<[string], { id: string }>(
      `SELECT b.id FROM member_badges b JOIN member_badge_assignments a ON a.badge_id = b.id
       WHERE a.member_id = ? ORDER BY b.position, b.created_date, b.id`,
    )
    .all(memberId)
    .map((r) => r.id);
}

/** Every badge and how many members hold it, in display order. */
export function memberCountsPerBadge(db: Database): { badgeId: string; memberCount: number }[] {
  return db
    .prepare<[], { badgeId: string; memberCount: number }>(
      `SELECT b.id AS badgeId, COUNT(a.member_id) AS memberCount FROM member_badges b
       LEFT JOIN member_badge_assignments a ON a.badge_id = b.id
       GROUP BY b.id ORDER BY b.position, b.created_date, b.id`,
    )
    .all();
}

/** The badges `first` lead the display order, as given; the others follow in their order. */
export function reorderBadges(db: Database, first: readonly string[]): void {
  const rest = allBadges(db)
    .map((b) => b.id)
    .filter((id) => !first.includes(id));
  const set = db.prepare<[number, string]>('UPDATE member_badges SET position = ? WHERE id = ?');
  db.transaction(() => {
    [...first, ...rest].forEach((id, i) => set.run(i, id));
  })();
}
