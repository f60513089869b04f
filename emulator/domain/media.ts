/**
 * Stored media: the seeded product images (`media_files`) and review photos uploaded through site media
 * (`site_media_uploads` holds the one-time upload URLs by their secret's hash, `site_media_files` the bytes).
 */
import type { Database } from 'better-sqlite3';
import { sha256Hex } from '../db.ts';

export interface StoredFile {
  mimeType: string;
  content: Buffer;
}

/** A seeded media file (`/media/<id>`). */
export function getMediaFile(db: Database, id: string): StoredFile | undefined {
  const row = db
    .prepare<[string], { mime_type: string; content: Buffer }>(
      'SELECT mime_type, content FROM media_files WHERE id = ?',
    )
    .get(id);
  return row && { mimeType: row.mime_type, content: row.content };
}

/** An uploaded file (`/media/uploads/<id>`). */
export function getUploadedFile(db: Database, id: string): StoredFile | undefined {
  const row = db
    .prepare<[string], { mime_type: string; content: Buffer }>(
      'SELECT mime_type, content FROM site_media_files WHERE id = ?',
    )
    .get(id);
  return row && { mimeType: row.mime_type, content: row.content };
}

/** Store a one-time upload URL's secret (its hash only). */
export function createUpload(
  db: Database,
  secret: string,
  u: { fileName: string; mimeType: string; createdBy: string; expiresAt: number; parentFolderId: string },
): void {
  db.prepare<[string, string, string, string, number, string]>(
    'INSERT INTO site_media_uploads (token_hash, file_name, mime_type, created_by, expires_at, parent_folder_id) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(sha256Hex(secret), u.fileName, u.mimeType, u.createdBy, u.expiresAt, u.parentFolderId);
}

export interface PendingUpload {
  fileName: string;
  createdBy: string;
  /** The folder the file goes to (`media-root` unless the upload URL named another). */
  parentFolderId: string;
}

/** The upload a secret allows, unless unknown, used or expired at `nowMs`. */
export function pendingUpload(db: Database, secret: string, nowMs: number): PendingUpload | undefined {
  const row = db
    .prepare<
      [string],
      { file_name: string; created_by: string; expires_at: number; used: number; parent_folder_id: string | null }
    >('SELECT file_name, created_by, expires_at, used, parent_folder_id FROM site_media_uploads WHERE token_hash = ?')
    .get(sha256Hex(secret));
  if (!row || row.used || row.expires_at < nowMs) return undefined;
  return { fileName: row.file_name, createdBy: row.created_by, parentFolderId: row.parent_folder_id ?? 'media-root' };
}

/** Use up the upload URL and store its file, in one transaction. */
export function storeUpload(
  db: Database,
  secret: string,
  f: {
    id: string;
    fileName: string;
    mimeType: string;
    content: Buffer;
    width: number | null;
    height: number | null;
    createdBy: string;
    createdDate: string;
    parentFolderId: string;
  },
): void {
  db.transaction(() => {
    db.prepare<[string]>('UPDATE site_media_uploads SET used = 1 WHERE token_hash = ?').run(sha256Hex(secret));
    db.prepare<[string, string, string, number, number | null, number | null, Buffer, string, string, string]>(
      'INSERT INTO site_media_files (id, file_name, mime_type, size, width, height, content, created_by, created_date, parent_folder_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      f.id,
      f.fileName,
      f.mimeType,
      f.content.length,
      f.width,
      f.height,
      f.content,
      f.createdBy,
      f.createdDate,
      f.parentFolderId,
    );
  })();
}

export interface FileSize {
  id: string;
  width: number | null;
  height: number | null;
}

/** A seeded media file's id and pixel size (review media may point at them). */
export function mediaFileSize(db: Database, id: string): FileSize | undefined {
  return db.prepare<[string], FileSize>('SELECT id, width, height FROM media_files WHERE id = ?').get(id);
}

/** An uploaded file's id and pixel size. */
export function uploadedFileSize(db: Database, id: string): FileSize | undefined {
  return db.prepare<[string], FileSize>('SELECT id, width, height FROM site_media_files WHERE id = ?').get(id);
}
