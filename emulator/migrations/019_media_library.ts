import type { Migration } from './migration.ts';

/**
 * The media library (issue 41; docs/wire.md "Media library"): folders, and every site media file as a descriptor.
 * `site_media_files` is rebuilt with the descriptor's fields; its bytes move out of SQLite to the media directory
 * beside the database (`content` keeps the bytes of a photo uploaded before this migration until the emulator opens
 * the database and writes them to disk, domain/media-library.ts `spillLegacyContent`). Dates are ISO-8601 strings.
 */
export const migration019: Migration = {
  version: 19,
  name: 'media_library',
  sql: `
    CREATE TABLE media_folders (
      id TEXT PRIMARY KEY,
      display_name TEXT NOT NULL,
      parent_folder_id TEXT, -- NULL for media-root only
      state TEXT NOT NULL DEFAULT 'OK' CHECK (state IN ('OK', 'DELETED')),
      system INTEGER NOT NULL DEFAULT 0, -- media-root and visitor-uploads: never renamed, moved or deleted
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
    CREATE INDEX media_folders_parent ON media_folders (parent_folder_id, state);
    INSERT INTO media_folders (id, display_name, parent_folder_id, system, created_date, updated_date) VALUES
      ('media-root', 'Site Files', NULL, 1, '2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00.000Z'),
      ('visitor-uploads', 'Visitor uploads', 'media-root', 1, '2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00.000Z'),
      ('products', 'Products', 'media-root', 0, '2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00.000Z');

    ALTER TABLE site_media_files RENAME TO site_media_files_018;
    CREATE TABLE site_media_files (
      id TEXT PRIMARY KEY,
      file_name TEXT NOT NULL, -- displayName
      parent_folder_id TEXT NOT NULL DEFAULT 'media-root',
      mime_type TEXT NOT NULL,
      media_type TEXT NOT NULL CHECK (media_type IN ('IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT', 'VECTOR', 'ARCHIVE', 'MODEL3D', 'OTHER')),
      size INTEGER NOT NULL DEFAULT 0,
      hash TEXT, -- SHA-256 hex of the bytes (NULL while PENDING)
      width INTEGER,
      height INTEGER,
      labels TEXT NOT NULL DEFAULT '[]', -- JSON array of strings
      state TEXT NOT NULL DEFAULT 'OK' CHECK (state IN ('OK', 'DELETED')),
      operation_status TEXT NOT NULL DEFAULT 'READY' CHECK (operation_status IN ('PENDING', 'READY', 'FAILED')),
      failure TEXT, -- why an import FAILED
      source_url TEXT, -- an import's URL
      private INTEGER NOT NULL DEFAULT 0,
      storage TEXT NOT NULL DEFAULT 'disk' CHECK (storage IN ('disk', 'catalog')), -- catalog: the bytes are a seeded media_files row
      content BLOB, -- bytes uploaded before this migration, moved to disk on open
      created_by TEXT NOT NULL,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL
    );
    CREATE INDEX site_media_files_folder ON site_media_files (parent_folder_id, state);
    INSERT INTO site_media_files (id, file_name, parent_folder_id, mime_type, media_type, size, width, height, content, created_by, created_date, updated_date)
      SELECT id, file_name, COALESCE(parent_folder_id, 'media-root'), mime_type, 'IMAGE', size, width, height, content, created_by, created_date, created_date
      FROM site_media_files_018;
    DROP TABLE site_media_files_018;

    -- the files a several-files download URL names (the signed URL carries this set's id: a thousand ids would not fit)
    CREATE TABLE media_download_sets (
      id TEXT PRIMARY KEY,
      file_ids TEXT NOT NULL, -- JSON array
      expires_at INTEGER NOT NULL -- epoch ms
    );

    -- resumable (tus) uploads: the URL's secret and the finishing token by their hashes, the bytes received so far in
    -- the media directory (<upload_id>.part)
    CREATE TABLE site_media_resumable (
      token_hash TEXT PRIMARY KEY, -- SHA-256 of the upload URL's secret
      finish_hash TEXT NOT NULL, -- SHA-256 of the uploadToken that finishes the upload
      file_name TEXT NOT NULL,
      parent_folder_id TEXT NOT NULL,
      labels TEXT NOT NULL DEFAULT '[]',
      private INTEGER NOT NULL DEFAULT 0,
      created_by TEXT NOT NULL,
      expires_at INTEGER NOT NULL, -- epoch ms
      upload_id TEXT, -- set by the tus creation request
      length INTEGER, -- Upload-Length
      received INTEGER NOT NULL DEFAULT 0, -- Upload-Offset
      used INTEGER NOT NULL DEFAULT 0
    );

    -- what an upload URL's file gets besides its folder (the owner's generate-upload-url)
    ALTER TABLE site_media_uploads ADD COLUMN labels TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE site_media_uploads ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
  `,
};
