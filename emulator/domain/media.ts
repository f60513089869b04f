/**
 * Stored media: the seeded product images (`media_files`) and files uploaded through site media
 * (`site_media_uploads` holds the one-time upload URLs by their secret's hash; `site_media_files` the descriptors and
 * the media directory the bytes, see media-library.ts).
 */
import type { Database } from 'better-sqlite3';
import { sha256Hex } from '../db.ts';
import { insertFile, readBytes, removeBytes, sha256, writeBytes } from './media-library.ts';

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

/**
 * An uploaded or imported file whose bytes are on disk, READY and public (`/media/uploads/<id>`), trashed ones
 * included (as the platform's static URLs keep working until a file is deleted for good). A private file is served
 * only through a download URL.
 */
export function getUploadedFile(db: Database, dir: string, id: string): StoredFile | undefined {
  const row = db
    .prepare<[string], { mime_type: string }>(
      "SELECT mime_type FROM site_media_files WHERE id = ? AND storage = 'disk' AND operation_status = 'READY' AND private = 0",
    )
    .get(id);
  const content = row && readBytes(dir, id);
  return row && content && { mimeType: row.mime_type, content };
}

/** Store a one-time upload URL's secret (its hash only). */
export function createUpload(
  db: Database,
  secret: string,
  u: {
    fileName: string;
    mimeType: string;
    createdBy: string;
    expiresAt: number;
    parentFolderId: string;
    labels?: readonly string[];
    private?: boolean;
  },
): void {
  db.prepare<[string, string, string, string, number, string, string, number]>(
    'INSERT INTO site_media_uploads (token_hash, file_name, mime_type, created_by, expires_at, parent_folder_id, labels, private) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    sha256Hex(secret),
    u.fileName,
    u.mimeType,
    u.createdBy,
    u.expiresAt,
    u.parentFolderId,
    JSON.stringify(u.labels ?? []),
    u.private ? 1 : 0,
  );
}

export interface PendingUpload {
  fileName: string;
  createdBy: string;
  /** The folder the file goes to (`media-root` unless the upload URL named another). */
  parentFolderId: string;
  labels: string[];
  private: boolean;
}

/** The upload a secret allows, unless unknown, used or expired at `nowMs`. */
export function pendingUpload(db: Database, secret: string, nowMs: number): PendingUpload | undefined {
  const row = db
    .prepare<
      [string],
      {
        file_name: string;
        created_by: string;
        expires_at: number;
        used: number;
        parent_folder_id: string | null;
        labels: string;
        private: number;
      }
    >(
      'SELECT file_name, created_by, expires_at, used, parent_folder_id, labels, private FROM site_media_uploads WHERE token_hash = ?',
    )
    .get(sha256Hex(secret));
  if (!row || row.used || row.expires_at < nowMs) return undefined;
  return {
    fileName: row.file_name,
    createdBy: row.created_by,
    parentFolderId: row.parent_folder_id ?? 'media-root',
    labels: JSON.parse(row.labels) as string[],
    private: row.private === 1,
  };
}

/** Use up the upload URL and store its file: the bytes on disk in `dir`, then its descriptor (READY). */
export function storeUpload(
  db: Database,
  dir: string,
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
    labels: readonly string[];
    private: boolean;
  },
): void {
  storeUsing(db, dir, 'UPDATE site_media_uploads SET used = 1 WHERE token_hash = ?', secret, f);
}

/**
 * Store a finished upload's file: the bytes on disk in `dir`, then in one transaction its URL used up (`useUp`, a
 * prepared statement on the secret's hash) and its descriptor (READY); the bytes go again if the database refuses.
 */
function storeUsing(
  db: Database,
  dir: string,
  useUp: string,
  secret: string,
  f: Parameters<typeof storeUpload>[3],
): void {
  writeBytes(dir, f.id, f.content);
  try {
    db.transaction(() => {
      db.prepare<[string]>(useUp).run(sha256Hex(secret));
      insertFile(db, {
        id: f.id,
        fileName: f.fileName,
        parentFolderId: f.parentFolderId,
        mimeType: f.mimeType,
        mediaType: 'IMAGE',
        size: f.content.length,
        hash: sha256(f.content),
        width: f.width,
        height: f.height,
        labels: f.labels,
        operationStatus: 'READY',
        sourceUrl: null,
        private: f.private,
        createdBy: f.createdBy,
        nowIso: f.createdDate,
      });
    })();
  } catch (err) {
    removeBytes(dir, f.id);
    throw err;
  }
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

/** An uploaded file's id and pixel size (READY, on disk). */
export function uploadedFileSize(db: Database, id: string): FileSize | undefined {
  return db
    .prepare<[string], FileSize>(
      "SELECT id, width, height FROM site_media_files WHERE id = ? AND storage = 'disk' AND operation_status = 'READY'",
    )
    .get(id);
}

// ---------------------------------------------------------------- resumable (tus) uploads

export interface Resumable {
  finishHash: string;
  fileName: string;
  parentFolderId: string;
  labels: string[];
  private: boolean;
  createdBy: string;
  uploadId: string | null;
  length: number | null;
  received: number;
}

/** Store a resumable upload URL's secret and its finishing token (their hashes only). */
export function createResumable(
  db: Database,
  secret: string,
  finishToken: string,
  u: {
    fileName: string;
    parentFolderId: string;
    labels: readonly string[];
    private: boolean;
    createdBy: string;
    expiresAt: number;
  },
): void {
  db.prepare<[string, string, string, string, string, number, string, number]>(
    `INSERT INTO site_media_resumable (token_hash, finish_hash, file_name, parent_folder_id, labels, private, created_by, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    sha256Hex(secret),
    sha256Hex(finishToken),
    u.fileName,
    u.parentFolderId,
    JSON.stringify(u.labels),
    u.private ? 1 : 0,
    u.createdBy,
    u.expiresAt,
  );
}

/** The resumable upload a secret allows, unless unknown, finished or expired at `nowMs`. */
export function resumableUpload(db: Database, secret: string, nowMs: number): Resumable | undefined {
  const row = db
    .prepare<
      [string],
      {
        finish_hash: string;
        file_name: string;
        parent_folder_id: string;
        labels: string;
        private: number;
        created_by: string;
        expires_at: number;
        upload_id: string | null;
        length: number | null;
        received: number;
        used: number;
      }
    >(
      `SELECT finish_hash, file_name, parent_folder_id, labels, private, created_by, expires_at, upload_id, length, received, used
       FROM site_media_resumable WHERE token_hash = ?`,
    )
    .get(sha256Hex(secret));
  if (!row || row.used || row.expires_at < nowMs) return undefined;
  return {
    finishHash: row.finish_hash,
    fileName: row.file_name,
    parentFolderId: row.parent_folder_id,
    labels: JSON.parse(row.labels) as string[],
    private: row.private === 1,
    createdBy: row.created_by,
    uploadId: row.upload_id,
    length: row.length,
    received: row.received,
  };
}

/** The tus creation request: the upload's id and its length. */
export function startResumable(db: Database, secret: string, uploadId: string, length: number): void {
  db.prepare<[string, number, string]>(
    'UPDATE site_media_resumable SET upload_id = ?, length = ? WHERE token_hash = ? AND upload_id IS NULL',
  ).run(uploadId, length, sha256Hex(secret));
}

export function setResumableReceived(db: Database, secret: string, received: number): void {
  db.prepare<[number, string]>('UPDATE site_media_resumable SET received = ? WHERE token_hash = ?').run(
    received,
    sha256Hex(secret),
  );
}

/** Finish a resumable upload: its bytes become the file `f.id` (READY), the URL is used up. */
export function finishResumable(db: Database, dir: string, secret: string, f: Parameters<typeof storeUpload>[3]): void {
  storeUsing(db, dir, 'UPDATE site_media_resumable SET used = 1 WHERE token_hash = ?', secret, f);
}
