/**
 * Reviews data: rows, the wire shape (docs/spec/wire-protocol.md §4), the site's moderation policy and the
 * deterministic seed.
 */
import type { Database } from 'better-sqlite3';
import { stableId } from '../db.ts';
import { getSetting, setSetting } from './settings.ts';
import { escapeXml } from './art.ts';
import { SEED_MEMBERS, SEED_PRODUCTS } from '../seed.ts';

export interface ReviewRow {
  id: string;
  namespace: string;
  entity_id: string;
  contact_id: string;
  author_name: string | null;
  author_type: 'MEMBER' | 'VISITOR' | 'UNKNOWN';
  created_by: string;
  title: string | null;
  body: string | null;
  rating: number;
  media: string;
  reply_message: string | null;
  reply_created: string | null;
  reply_updated: string | null;
  moderation_status: 'APPROVED' | 'IN_MODERATION' | 'REJECTED' | 'SUBMITTED' | 'UNKNOWN';
  manually_changed: number;
  verified: number;
  found_helpful: number;
  found_unhelpful: number;
  revision: number;
  review_date: string;
  created_date: string;
  updated_date: string;
}

/** Moderation policy per author type: `true` = the review waits for approval. Site setting `reviewsModeration`. */
export interface ModerationPolicy {
  visitors: boolean;
  members: boolean;
}
export const DEFAULT_POLICY: ModerationPolicy = { visitors: true, members: false };

export function moderationPolicy(db: Database): ModerationPolicy {
  return { ...DEFAULT_POLICY, ...(getSetting<Partial<ModerationPolicy>>(db, 'reviewsModeration') ?? {}) };
}

export const loadReviews = (db: Database): ReviewRow[] =>
  db.prepare<[], ReviewRow>('SELECT * FROM reviews ORDER BY created_date, id').all();

export const getReviewRow = (db: Database, id: string): ReviewRow | undefined =>
  db.prepare<[string], ReviewRow>('SELECT * FROM reviews WHERE id = ?').get(id);

/** The review an author (contact) already wrote about an item, if any. */
export function reviewIdOfAuthor(
  db: Database,
  namespace: string,
  entityId: string,
  contactId: string,
): string | undefined {
  return db
    .prepare<[string, string, string], { id: string }>(
      'SELECT id FROM reviews WHERE namespace = ? AND entity_id = ? AND contact_id = ?',
    )
    .get(namespace, entityId, contactId)?.id;
}

/** The member whose contact `contactId` is (an admin identity writing for a contact: a member's review or not). */
export function memberOfContact(
  db: Database,
  contactId: string,
): { contactId: string; nickname: string | null; firstName: string | null; lastName: string | null } | undefined {
  return db
    .prepare<
      [string],
      { contactId: string; nickname: string | null; firstName: string | null; lastName: string | null }
    >(
      'SELECT contact_id AS contactId, nickname, first_name AS firstName, last_name AS lastName FROM members WHERE contact_id = ?',
    )
    .get(contactId);
}

/** Every review change bumps `revision` and `updated_date`. */
const touched = 'updated_date = @now, revision = revision + 1';

/** The author's (or staff's) edit: content, media (stored JSON) and the moderation status it leads to. */
export function editReview(
  db: Database,
  id: string,
  e: {
    title: string | null;
    body: string | null;
    rating: number;
    media: string;
    status: ReviewRow['moderation_status'];
  },
  nowMs: number,
): void {
  db.prepare(
    `UPDATE reviews SET title = @title, body = @body, rating = @rating, media = @media, moderation_status = @status, ${touched} WHERE id = @id`,
  ).run({
    ...e,
    id,
    now: new Date(nowMs).toISOString(),
  });
}

/** Set (the first reply keeps its creation date) or remove (null) the owner's reply. */
export function setReply(db: Database, id: string, message: string | null, nowMs: number): void {
  const now = new Date(nowMs).toISOString();
  if (message === null)
    db.prepare(
      `UPDATE reviews SET reply_message = NULL, reply_created = NULL, reply_updated = NULL, ${touched} WHERE id = @id`,
    ).run({ id, now });
  else
    db.prepare(
      `UPDATE reviews SET reply_message = @message, reply_created = COALESCE(reply_created, @now), reply_updated = @now, ${touched} WHERE id = @id`,
    ).run({ id, message, now });
}

/** Moderate reviews by hand (one transaction); `manually_changed` keeps a later policy change off them. */
export function moderateReviews(db: Database, ids: readonly string[], status: string, nowMs: number): void {
  const stmt = db.prepare(
    `UPDATE reviews SET moderation_status = @status, manually_changed = 1, ${touched} WHERE id = @id`,
  );
  const now = new Date(nowMs).toISOString();
  db.transaction(() => ids.forEach((id) => stmt.run({ id, status, now })))();
}

export function deleteReviews(db: Database, ids: readonly string[]): void {
  const stmt = db.prepare<[string]>('DELETE FROM reviews WHERE id = ?');
  db.transaction(() => ids.forEach((id) => stmt.run(id)))();
}

/** Absolute URLs for stored media (seeded media are stored as `/media/…` paths). */
function absolute(url: unknown, baseUrl: string): unknown {
  return typeof url === 'string' && url.startsWith('/') ? baseUrl + url : url;
}

/** `helpfulness` = helpful minus unhelpful votes (the platform's exact formula is not documented). */
export const helpfulness = (r: ReviewRow) => r.found_helpful - r.found_unhelpful;

export function toWireReview(r: ReviewRow, baseUrl: string): Record<string, unknown> {
  // stored as paths on this platform (review media are its own files): absolute at the caller's base URL
  const media = (JSON.parse(r.media) as { image?: Record<string, unknown>; video?: Record<string, unknown> }[]).map(
    (m) =>
      m.image
        ? { image: { ...m.image, url: absolute(m.image.url, baseUrl) } }
        : m.video
          ? { video: { ...m.video, url: absolute(m.video.url, baseUrl) } }
          : m,
  );
  return {
    id: r.id,
    namespace: r.namespace,
    entityId: r.entity_id,
    content: { ...(r.title ? { title: r.title } : {}), ...(r.body ? { body: r.body } : {}), media, rating: r.rating },
    createdDate: r.created_date,
    updatedDate: r.updated_date,
    author: {
      contactId: r.contact_id,
      ...(r.author_name ? { authorName: r.author_name } : {}),
      authorType: r.author_type,
    },
    ...(r.reply_message
      ? { reply: { message: r.reply_message, createdDate: r.reply_created, updatedDate: r.reply_updated } }
      : {}),
    foundHelpful: r.found_helpful,
    foundUnhelpful: r.found_unhelpful,
    helpfulness: helpfulness(r),
    moderation: { moderationStatus: r.moderation_status, manuallyChanged: r.manually_changed === 1 },
    revision: String(r.revision),
    verified: r.verified === 1,
    origin: { type: 'ORGANIC' },
    reviewDate: r.review_date,
    relevanceScore: r.rating * 10 + Math.max(0, helpfulness(r)),
  };
}

export interface NewReview {
  namespace: string;
  entityId: string;
  contactId: string;
  authorName?: string;
  authorType: ReviewRow['author_type'];
  createdBy: string;
  title?: string;
  body?: string;
  rating: number;
  media: unknown[];
  status: ReviewRow['moderation_status'];
  verified?: boolean;
  reviewDate?: string;
  nowIso: string;
}

export function insertReview(
  db: Database,
  r: NewReview & { id?: string; helpful?: number; unhelpful?: number; reply?: { message: string; date: string } },
): string {
  const id = r.id ?? stableId(`review:${r.namespace}:${r.entityId}:${r.contactId}:${r.nowIso}`);
  db.prepare(
    `INSERT INTO reviews (id, namespace, entity_id, contact_id, author_name, author_type, created_by, title, body, rating, media,
       reply_message, reply_created, reply_updated, moderation_status, verified, found_helpful, found_unhelpful, review_date,
       created_date, updated_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    r.namespace,
    r.entityId,
    r.contactId,
    r.authorName ?? null,
    r.authorType,
    r.createdBy,
    r.title ?? null,
    r.body ?? null,
    r.rating,
    JSON.stringify(r.media),
    r.reply?.message ?? null,
    r.reply?.date ?? null,
    r.reply?.date ?? null,
    r.status,
    r.verified ? 1 : 0,
    r.helpful ?? 0,
    r.unhelpful ?? 0,
    r.reviewDate ?? r.nowIso,
    r.nowIso,
    r.nowIso,
  );
  return id;
}

// --------------------------------------------------------------------------------------------- seed

const SEED_AUTHORS = [
  'Priya N.',
  'Jonas',
  'Camille R.',
  'Oskar',
  'Hannah B.',
  'Luis M.',
  'Aiko',
  'Fatima Z.',
  'Declan',
  'Rosa',
];
const TITLES: Record<number, string[]> = {
  5: ['Exactly what I hoped for', 'Beautifully made', 'Worth every penny'],
  4: ['Very good, one small nit', 'Solid and well finished', 'Happy with it'],
  3: ['Fine, not amazing', 'Does the job'],
  2: ['Not quite for me'],
  1: ['Disappointed'],
};
const BODIES: Record<number, string> = {
  5: 'Arrived well packed and looks even better in person.\nI use it every day and it still looks new.',
  4: 'Good quality and a nice weight. The colour is a touch darker than the photos, but I like it.',
  3: 'It works as described. Nothing special, but nothing wrong either.',
  2: 'The finish had a small mark out of the box. Customer service was kind about it.',
  1: 'Smaller than I expected from the pictures. Sending it back.',
};
const REPLIES = [
  'Thank you so much for the kind words — we pass every review on to the makers.',
  'Sorry to hear that! We have emailed you about a replacement.',
];

/** A small "customer photo" (SVG) for a seeded review. */
function photoSvg(label: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><rect width="600" height="600" fill="hsl(${hue} 35% 82%)"/><circle cx="300" cy="270" r="150" fill="hsl(${hue} 40% 55%)"/><rect x="120" y="460" width="360" height="40" rx="20" fill="hsl(${hue} 30% 40%)"/><text x="300" y="560" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#333">${escapeXml(label)}</text></svg>`;
}

/** A fixed base date so the seed is deterministic. */
const SEED_BASE = Date.parse('2026-01-05T10:00:00.000Z');
const DAY = 86_400_000;

/**
 * Seeds reviews once per database (site setting `reviewsSeeded`): most products get 2–7 approved reviews with a mix
 * of ratings; some with photos, some with owner replies and helpful votes; one pending visitor review. Deterministic.
 */
export function seedReviews(db: Database): void {
  if (getSetting(db, 'reviewsSeeded')) return;
  const insertMedia = db.prepare(
    'INSERT OR IGNORE INTO media_files (id, filename, mime_type, content, width, height, title, created_date) VALUES (?, ?, ?, ?, 600, 600, ?, ?)',
  );
  db.transaction(() => {
    SEED_PRODUCTS.forEach((p, pi) => {
      if (pi % 5 === 4) return; // a few products have no reviews: the empty state
      const n = 2 + ((pi * 5) % 7);
      for (let k = 0; k < n; k++) {
        const rating = [5, 4, 5, 3, 4, 5, 2, 1, 4][(pi + k * 2) % 9] as number;
        const date = new Date(SEED_BASE + (pi * 7 + k * 11) * DAY).toISOString();
        const media: unknown[] = [];
        if ((pi + k) % 4 === 0) {
          const id = `review-photo-${p.slug}-${k}.svg`;
          insertMedia.run(
            id,
            id,
            'image/svg+xml',
            Buffer.from(photoSvg(p.name, (pi * 37 + k * 71) % 360), 'utf8'),
            `Photo of ${p.name}`,
            date,
          );
          media.push({ image: { id, url: `/media/${id}`, width: 600, height: 600 } });
        }
        const titles = TITLES[rating] as string[];
        insertReview(db, {
          id: stableId(`review:seed:${p.slug}:${k}`),
          namespace: 'stores',
          entityId: p.id,
          contactId: stableId(`contact:seed-reviewer-${k}`),
          authorName: SEED_AUTHORS[(pi + k) % SEED_AUTHORS.length],
          authorType: k % 3 === 0 ? 'MEMBER' : 'VISITOR',
          createdBy: `seed-${k}`,
          title: titles[(pi + k) % titles.length],
          body: BODIES[rating],
          rating,
          media,
          status: 'APPROVED',
          verified: k % 2 === 0,
          helpful: (pi + k * 5) % 7,
          unhelpful: k % 3 === 2 ? 1 : 0,
          reply:
            (pi + k) % 5 === 1
              ? {
                  message: REPLIES[rating >= 3 ? 0 : 1] as string,
                  date: new Date(Date.parse(date) + 2 * DAY).toISOString(),
                }
              : undefined,
          reviewDate: date,
          nowIso: date,
        });
      }
    });
    // One visitor review waiting for the owner, on the first product.
    const first = SEED_PRODUCTS[0]!;
    insertReview(db, {
      id: stableId('review:seed:pending'),
      namespace: 'stores',
      entityId: first.id,
      contactId: stableId('contact:seed-pending'),
      authorName: 'Sam K.',
      authorType: 'VISITOR',
      createdBy: 'seed-pending',
      title: 'Chipped after a week?',
      body: 'Mine chipped on the rim after a week of camping. Is that normal?',
      rating: 3,
      media: [],
      status: 'IN_MODERATION',
      nowIso: new Date(SEED_BASE + 120 * DAY).toISOString(),
    });
    setSetting(db, 'reviewsSeeded', true);
  })();
}

/** The demo owner's and member's contact ids (for tests). */
export const seedContacts = { member: SEED_MEMBERS[0]!.contactId, owner: SEED_MEMBERS[1]!.contactId };
