import type { Migration } from './migration.ts';

/** Reviews (one per author per entity) and visitor media uploads (site media service). */
export const migration004: Migration = {
  version: 4,
  name: 'reviews-and-media',
  sql: `
    CREATE TABLE reviews (
      id TEXT PRIMARY KEY,
      namespace TEXT NOT NULL,
      entity_id TEXT NOT NULL,
      contact_id TEXT NOT NULL,
      author_name TEXT,
      author_type TEXT NOT NULL CHECK (author_type IN ('MEMBER', 'VISITOR', 'UNKNOWN')),
      created_by TEXT NOT NULL,                -- visitor or member id of the caller that wrote it
      title TEXT,
      body TEXT,
      rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
      media TEXT NOT NULL DEFAULT '[]',        -- JSON array of {image: {id, url, width, height}}
      reply_message TEXT,
      reply_created TEXT,
      reply_updated TEXT,
      moderation_status TEXT NOT NULL CHECK (moderation_status IN ('APPROVED', 'IN_MODERATION', 'REJECTED', 'SUBMITTED', 'UNKNOWN')),
      manually_changed INTEGER NOT NULL DEFAULT 0,
      verified INTEGER NOT NULL DEFAULT 0,
      found_helpful INTEGER NOT NULL DEFAULT 0,
      found_unhelpful INTEGER NOT NULL DEFAULT 0,
      revision INTEGER NOT NULL DEFAULT 1,
      review_date TEXT NOT NULL,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
    CREATE UNIQUE INDEX reviews_one_per_author ON reviews(namespace, entity_id, contact_id);
    CREATE INDEX reviews_entity ON reviews(namespace, entity_id, moderation_status);

    CREATE TABLE site_media_uploads (
      token_hash TEXT PRIMARY KEY,             -- SHA-256 of the upload URL's secret
      file_name TEXT NOT NULL,
      mime_type TEXT NOT NULL,
      created_by TEXT NOT NULL,
      expires_at INTEGER NOT NULL,             -- epoch ms
      used INTEGER NOT NULL DEFAULT 0
    );

    CREATE TABLE site_media_files (
      id TEXT PRIMARY KEY,
      file_name TEXT NOT NULL,
      mime_type TEXT NOT NULL,                 -- sniffed from the bytes
      size INTEGER NOT NULL,
      width INTEGER,
      height INTEGER,
      content BLOB NOT NULL,
      created_by TEXT NOT NULL,
      created_date TEXT NOT NULL
    );
  `,
};
