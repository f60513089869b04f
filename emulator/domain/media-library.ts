/**
 * The media library (issue 41; docs/wire.md "Media library"): folders (`media_folders`) and file descriptors
 * (`site_media_files`), the bytes of uploaded and imported files on disk in the emulator's media directory (one file
 * per descriptor, named by its id), the seeded catalog's images in `media_files` (storage `catalog`).
 * Trash: a trashed file or folder has state `DELETED`; trashing a folder trashes everything under it, restoring it
 * restores everything under it. Prepared statements only; the few SQL fragments put together here are constants.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { SITE_ID } from './auth.ts';

export const MEDIA_ROOT = 'media-root';
export const VISITOR_UPLOADS = 'visitor-uploads';
/** The folder of the seeded catalog's images. */
export const PRODUCTS_FOLDER = 'products';
/** Folders that are never renamed, moved or deleted. */
export const SYSTEM_FOLDERS: ReadonlySet<string> = new Set([MEDIA_ROOT, VISITOR_UPLOADS]);

export const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT', 'VECTOR', 'ARCHIVE', 'MODEL3D', 'OTHER'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export type OperationStatus = 'PENDING' | 'READY' | 'FAILED';
export type State = 'OK' | 'DELETED';
export const ROOT_FOLDERS = ['MEDIA_ROOT', 'TRASH_ROOT', 'VISITOR_UPLOADS_ROOT'] as const;
export type RootFolder = (typeof ROOT_FOLDERS)[number];

export interface FileRow {
  id: string;
  file_name: string;
  parent_folder_id: string;
  mime_type: string;
  media_type: MediaType;
  size: number;
  hash: string | null;
  width: number | null;
  height: number | null;
  labels: string;
  state: State;
  operation_status: OperationStatus;
  failure: string | null;
  source_url: string | null;
  private: number;
  storage: 'disk' | 'catalog';
  created_by: string;
  created_date: string;
  updated_date: string;
}

export interface FolderRow {
  id: string;
  display_name: string;
  parent_folder_id: string | null;
  state: State;
  system: number;
  created_date: string;
  updated_date: string;
}

const FILE_COLUMNS =
  'id, file_name, parent_folder_id, mime_type, media_type, size, hash, width, height, labels, state, operation_status, failure, source_url, private, storage, created_by, created_date, updated_date';
const FOLDER_COLUMNS = 'id, display_name, parent_folder_id, state, system, created_date, updated_date';

/** A descriptor id is a file name in the media directory: letters, digits, `.`, `_`, `-` only, never `.` or `..`. */
const SAFE_ID = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,200}$/;

/** Where a file's bytes live in `dir`; throws for an id that is not a plain file name. */
export function bytesPath(dir: string, id: string): string {
  if (!SAFE_ID.test(id)) throw new Error(`not a media file id: ${id}`);
  return join(dir, id);
}

export function writeBytes(dir: string, id: string, bytes: Buffer): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(bytesPath(dir, id), bytes);
}

/** The bytes of a file stored on disk, or undefined when they are gone. */
export function readBytes(dir: string, id: string): Buffer | undefined {
  try {
    return readFileSync(bytesPath(dir, id));
  } catch {
    return undefined;
  }
}

export function removeBytes(dir: string, id: string): void {
  rmSync(bytesPath(dir, id), { force: true });
}

/** A file id, or a Wix media URL naming one (`wix:image://v1/<id>/<name>#…`), as the generated client documents. */
export function fileIdOf(value: string): string {
  const m = /^wix:(?:image|video|document|audio|vector):\/\/v1\/([^/#]+)/.exec(value);
  return m ? decodeURIComponent(m[1]!) : value;
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * When the emulator opens a database: photos uploaded before migration 019 get their bytes written to disk, and the
 * seeded catalog's images (`media_files`) get a descriptor (review photos in `visitor-uploads`, product images in
 * `products`). Idempotent.
 */
export function prepareMediaLibrary(db: Database, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const legacy = db
    .prepare<[], { id: string; content: Buffer }>('SELECT id, content FROM site_media_files WHERE content IS NOT NULL')
    .all();
  const done = db.prepare<[string, string]>('UPDATE site_media_files SET content = NULL, hash = ? WHERE id = ?');
  for (const row of legacy) {
    writeBytes(dir, row.id, row.content);
    done.run(sha256(row.content), row.id);
  }
  db.prepare<[string, string]>(
    `INSERT OR IGNORE INTO site_media_files
       (id, file_name, parent_folder_id, mime_type, media_type, size, width, height, storage, created_by, created_date, updated_date)
     SELECT id, COALESCE(title, filename), CASE WHEN id LIKE 'review-photo-%' THEN ? ELSE ? END, mime_type, 'IMAGE',
       length(content), width, height, 'catalog', 'seed', created_date, created_date
     FROM media_files`,
  ).run(VISITOR_UPLOADS, PRODUCTS_FOLDER);
  // their hashes, once
  const unhashed = db
    .prepare<[], { id: string; content: Buffer }>(
      `SELECT m.id, m.content FROM media_files m JOIN site_media_files f ON f.id = m.id WHERE f.hash IS NULL`,
    )
    .all();
  const setHash = db.prepare<[string, string]>('UPDATE site_media_files SET hash = ? WHERE id = ?');
  for (const row of unhashed) setHash.run(sha256(row.content), row.id);
}

// ---------------------------------------------------------------- descriptors on the wire

/** The wire's descriptor (`FileDescriptor` of `@wix/auto_sdk_media_files`, REST names: `id`, `createdDate`). */
export function toDescriptor(f: FileRow, apiUrl: string): Record<string, unknown> {
  const url = fileUrl(f, apiUrl);
  const ready = f.operation_status === 'READY';
  const media: Record<string, unknown> = {};
  if (ready) {
    if (f.media_type === 'IMAGE') {
      media['image'] = {
        image: {
          id: f.id,
          url,
          filename: f.file_name,
          ...(f.width && f.height ? { width: f.width, height: f.height } : {}),
        },
      };
    } else if (f.media_type === 'VIDEO') {
      media['video'] = { id: f.id, url, filename: f.file_name, resolutions: [{ url, format: f.mime_type }] };
    } else if (f.media_type === 'AUDIO') {
      media['audio'] = { id: f.id, assets: [{ id: f.id, url, filename: f.file_name }] };
    } else if (f.media_type === 'DOCUMENT') {
      media['document'] = { id: f.id, url, filename: f.file_name };
    }
  }
  return {
    id: f.id,
    displayName: f.file_name,
    url: ready ? url : '',
    parentFolderId: f.parent_folder_id,
    hash: f.hash ?? '',
    sizeInBytes: String(f.size),
    private: f.private === 1,
    mediaType: f.media_type,
    // not in the generated client's type; the emulator's upload answer has always carried it (the sniffed type)
    mimeType: f.mime_type,
    media,
    operationStatus: f.operation_status,
    ...(f.source_url ? { sourceUrl: f.source_url } : {}),
    ...(ready && f.media_type === 'IMAGE' ? { thumbnailUrl: url } : {}),
    labels: JSON.parse(f.labels) as string[],
    createdDate: f.created_date,
    updatedDate: f.updated_date,
    siteId: SITE_ID,
    state: f.state,
  };
}

/** Where a file is served: `/media/uploads/<id>` (bytes on disk) or `/media/<id>` (a seeded catalog image). */
export function fileUrl(f: Pick<FileRow, 'id' | 'storage'>, apiUrl: string): string {
  const id = encodeURIComponent(f.id);
  return f.storage === 'catalog' ? `${apiUrl}/media/${id}` : `${apiUrl}/media/uploads/${id}`;
}

/** The wire's folder (`Folder` of `@wix/auto_sdk_media_folders`, REST names). */
export function toFolder(f: FolderRow): Record<string, unknown> {
  return {
    id: f.id,
    displayName: f.display_name,
    parentFolderId: f.parent_folder_id ?? '',
    createdDate: f.created_date,
    updatedDate: f.updated_date,
    state: f.state,
    siteId: SITE_ID,
  };
}

// ---------------------------------------------------------------- files

export function getFile(db: Database, id: string): FileRow | undefined {
  return db.prepare<[string], FileRow>(`SELECT ${FILE_COLUMNS} FROM site_media_files WHERE id = ?`).get(id);
}

export function getFiles(db: Database, ids: readonly string[]): FileRow[] {
  const one = db.prepare<[string], FileRow>(`SELECT ${FILE_COLUMNS} FROM site_media_files WHERE id = ?`);
  return ids.map((id) => one.get(id)).filter((r): r is FileRow => r !== undefined);
}

export type FileSortField = 'displayName' | 'updatedDate' | 'sizeInBytes';
const FILE_SORT: Record<FileSortField, string> = {
  displayName: 'file_name COLLATE NOCASE',
  updatedDate: 'updated_date',
  sizeInBytes: 'size',
};
export type FolderSortField = 'displayName' | 'updatedDate';
const FOLDER_SORT: Record<FolderSortField, string> = {
  displayName: 'display_name COLLATE NOCASE',
  updatedDate: 'updated_date',
};

export interface FileFilter {
  /** Files directly in this folder. */
  parentFolderId?: string;
  /** Files anywhere under this folder (itself included). */
  underFolderId?: string;
  state: State;
  mediaTypes?: readonly MediaType[];
  private?: boolean;
  /** Text matched (case-insensitively for ASCII) in the display name, the MIME type and the labels. */
  search?: string;
  sort: { field: FileSortField; order: 'ASC' | 'DESC' };
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SUBTREE = `WITH RECURSIVE subtree(id) AS (
    SELECT ? UNION SELECT f.id FROM media_folders f JOIN subtree s ON f.parent_folder_id = s.id
  )`;

/** The files matching `q`, sorted (then by id). */
export function findFiles(db: Database, q: FileFilter): FileRow[] {
  const where: string[] = ['state = ?'];
  const params: unknown[] = [q.state];
  let prefix = '';
  if (q.underFolderId !== undefined) {
    prefix = SUBTREE;
    params.unshift(q.underFolderId);
    where.push('parent_folder_id IN (SELECT id FROM subtree)');
  }
  if (q.parentFolderId !== undefined) {
    where.push('parent_folder_id = ?');
    params.push(q.parentFolderId);
  }
  if (q.mediaTypes && q.mediaTypes.length > 0) {
    where.push(`media_type IN (${q.mediaTypes.map(() => '?').join(', ')})`);
    params.push(...q.mediaTypes);
  }
  if (q.private !== undefined) {
    where.push('private = ?');
    params.push(q.private ? 1 : 0);
  }
  if (q.search) {
    const like = likePattern(q.search);
    where.push(
      `(file_name LIKE ? ESCAPE '\\' OR mime_type LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM json_each(labels) WHERE json_each.value LIKE ? ESCAPE '\\'))`,
    );
    params.push(like, like, like);
  }
  const order = `${FILE_SORT[q.sort.field]} ${q.sort.order}, id ${q.sort.order}`;
  return db
    .prepare(`${prefix} SELECT ${FILE_COLUMNS} FROM site_media_files WHERE ${where.join(' AND ')} ORDER BY ${order}`)
    .all(...params) as FileRow[];
}

export interface NewFile {
  id: string;
  fileName: string;
  parentFolderId: string;
  mimeType: string;
  mediaType: MediaType;
  size: number;
  hash: string | null;
  width: number | null;
  height: number | null;
  labels: readonly string[];
  operationStatus: OperationStatus;
  sourceUrl: string | null;
  private: boolean;
  createdBy: string;
  nowIso: string;
}

export function insertFile(db: Database, f: NewFile): void {
  db.prepare(
    `INSERT INTO site_media_files (id, file_name, parent_folder_id, mime_type, media_type, size, hash, width, height, labels,
       operation_status, source_url, private, created_by, created_date, updated_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    f.id,
    f.fileName,
    f.parentFolderId,
    f.mimeType,
    f.mediaType,
    f.size,
    f.hash,
    f.width,
    f.height,
    JSON.stringify(f.labels),
    f.operationStatus,
    f.sourceUrl,
    f.private ? 1 : 0,
    f.createdBy,
    f.nowIso,
    f.nowIso,
  );
}

/** An import's end: READY with its bytes' facts, or FAILED with the reason; false when the descriptor is gone. */
export function finishImport(
  db: Database,
  id: string,
  end:
    | { status: 'READY'; mimeType: string; size: number; hash: string; width: number | null; height: number | null }
    | { status: 'FAILED'; reason: string },
  nowIso: string,
): boolean {
  if (end.status === 'READY') {
    return (
      db
        .prepare(
          `UPDATE site_media_files SET operation_status = 'READY', mime_type = ?, size = ?, hash = ?, width = ?, height = ?,
         failure = NULL, updated_date = ? WHERE id = ? AND operation_status = 'PENDING'`,
        )
        .run(end.mimeType, end.size, end.hash, end.width, end.height, nowIso, id).changes > 0
    );
  }
  return (
    db
      .prepare(
        `UPDATE site_media_files SET operation_status = 'FAILED', failure = ?, updated_date = ? WHERE id = ? AND operation_status = 'PENDING'`,
      )
      .run(end.reason, nowIso, id).changes > 0
  );
}

/** Why an import FAILED (not on the wire's descriptor; the emulator's tests and logs read it). */
export function importFailure(db: Database, id: string): string | undefined {
  return (
    db.prepare<[string], { failure: string | null }>('SELECT failure FROM site_media_files WHERE id = ?').get(id)
      ?.failure ?? undefined
  );
}

export function updateFile(
  db: Database,
  id: string,
  patch: { displayName?: string; parentFolderId?: string; labels?: readonly string[] },
  nowIso: string,
): void {
  const row = getFile(db, id);
  if (!row) return;
  db.prepare<[string, string, string, string, string]>(
    'UPDATE site_media_files SET file_name = ?, parent_folder_id = ?, labels = ?, updated_date = ? WHERE id = ?',
  ).run(
    patch.displayName ?? row.file_name,
    patch.parentFolderId ?? row.parent_folder_id,
    patch.labels ? JSON.stringify(patch.labels) : row.labels,
    nowIso,
    id,
  );
}

export function setFilesState(db: Database, ids: readonly string[], state: State, nowIso: string): void {
  const st = db.prepare<[string, string, string]>(
    'UPDATE site_media_files SET state = ?, updated_date = ? WHERE id = ?',
  );
  db.transaction(() => {
    for (const id of ids) st.run(state, nowIso, id);
  })();
}

/** A restored file whose folder is gone or still in the trash goes back to `media-root`. */
export function rehomeOrphans(db: Database, ids: readonly string[], nowIso: string): void {
  const st = db.prepare<[string, string, string]>(
    `UPDATE site_media_files SET parent_folder_id = ?, updated_date = ? WHERE id = ? AND state = 'OK'
       AND parent_folder_id NOT IN (SELECT id FROM media_folders WHERE state = 'OK')`,
  );
  for (const id of ids) st.run(MEDIA_ROOT, nowIso, id);
}

/** Whether the store's catalog shows a seeded image (a product's media, an option choice's, a collection's). */
export function catalogUses(db: Database, id: string): boolean {
  return (
    db
      .prepare<[string, string, string], { n: number }>(
        `SELECT EXISTS (SELECT 1 FROM products p, json_each(p.media_ids) j WHERE j.value = ?)
           OR EXISTS (SELECT 1 FROM products WHERE instr(options, ?) > 0)
           OR EXISTS (SELECT 1 FROM collections WHERE media_id = ?) AS n`,
      )
      .get(id, JSON.stringify(id), id)?.n === 1
  );
}

/** Delete descriptors for good, and their bytes: on disk, or a seeded image's `media_files` row. */
export function deleteFilesForGood(db: Database, dir: string, ids: readonly string[]): void {
  const del = db.prepare<[string]>('DELETE FROM site_media_files WHERE id = ?');
  const delSeeded = db.prepare<[string]>('DELETE FROM media_files WHERE id = ?');
  db.transaction(() => {
    for (const id of ids) {
      if (getFile(db, id)?.storage === 'catalog') delSeeded.run(id);
      del.run(id);
    }
  })();
  for (const id of ids) removeBytes(dir, id);
}

// ---------------------------------------------------------------- folders

export function getFolder(db: Database, id: string): FolderRow | undefined {
  return db.prepare<[string], FolderRow>(`SELECT ${FOLDER_COLUMNS} FROM media_folders WHERE id = ?`).get(id);
}

export interface FolderFilter {
  parentFolderId?: string;
  underFolderId?: string;
  state?: State;
  search?: string;
  sort: { field: FolderSortField; order: 'ASC' | 'DESC' };
}

export function findFolders(db: Database, q: FolderFilter): FolderRow[] {
  const where: string[] = ["id <> 'media-root'"];
  const params: unknown[] = [];
  let prefix = '';
  if (q.underFolderId !== undefined) {
    prefix = SUBTREE;
    params.push(q.underFolderId);
    where.push('parent_folder_id IN (SELECT id FROM subtree)');
  }
  if (q.state !== undefined) {
    where.push('state = ?');
    params.push(q.state);
  }
  if (q.parentFolderId !== undefined) {
    where.push('parent_folder_id = ?');
    params.push(q.parentFolderId);
  }
  if (q.search) {
    where.push(`display_name LIKE ? ESCAPE '\\'`);
    params.push(likePattern(q.search));
  }
  const order = `${FOLDER_SORT[q.sort.field]} ${q.sort.order}, id ${q.sort.order}`;
  return db
    .prepare(`${prefix} SELECT ${FOLDER_COLUMNS} FROM media_folders WHERE ${where.join(' AND ')} ORDER BY ${order}`)
    .all(...params) as FolderRow[];
}

export function insertFolder(
  db: Database,
  f: { id: string; displayName: string; parentFolderId: string; nowIso: string },
) {
  db.prepare<[string, string, string, string, string]>(
    'INSERT INTO media_folders (id, display_name, parent_folder_id, created_date, updated_date) VALUES (?, ?, ?, ?, ?)',
  ).run(f.id, f.displayName, f.parentFolderId, f.nowIso, f.nowIso);
}

export function updateFolder(
  db: Database,
  id: string,
  patch: { displayName?: string; parentFolderId?: string },
  nowIso: string,
): void {
  const row = getFolder(db, id);
  if (!row) return;
  db.prepare<[string, string | null, string, string]>(
    'UPDATE media_folders SET display_name = ?, parent_folder_id = ?, updated_date = ? WHERE id = ?',
  ).run(patch.displayName ?? row.display_name, patch.parentFolderId ?? row.parent_folder_id, nowIso, id);
}

/** The folder and every folder under it (ids). */
export function subtreeFolderIds(db: Database, id: string): string[] {
  return db
    .prepare<[string], { id: string }>(`${SUBTREE} SELECT id FROM subtree`)
    .all(id)
    .map((r) => r.id);
}

/** Whether `candidate` is `folderId` or under it (a move there would make a loop). */
export function isInSubtree(db: Database, folderId: string, candidate: string): boolean {
  return subtreeFolderIds(db, folderId).includes(candidate);
}

/** The files directly in any of `folderIds`. */
export function filesInFolders(db: Database, folderIds: readonly string[]): FileRow[] {
  const st = db.prepare<[string], FileRow>(`SELECT ${FILE_COLUMNS} FROM site_media_files WHERE parent_folder_id = ?`);
  return folderIds.flatMap((id) => st.all(id));
}

/** Trash or restore folders and everything under them. */
export function setFoldersState(db: Database, ids: readonly string[], state: State, nowIso: string): void {
  db.transaction(() => {
    const folderSt = db.prepare<[string, string, string]>(
      'UPDATE media_folders SET state = ?, updated_date = ? WHERE id = ?',
    );
    for (const id of ids) {
      const all = subtreeFolderIds(db, id);
      for (const f of all) folderSt.run(state, nowIso, f);
      setFilesState(
        db,
        filesInFolders(db, all).map((f) => f.id),
        state,
        nowIso,
      );
      if (state === 'OK') {
        // back under media-root when its parent is gone or still in the trash
        db.prepare<[string, string, string]>(
          `UPDATE media_folders SET parent_folder_id = ?, updated_date = ? WHERE id = ?
             AND parent_folder_id NOT IN (SELECT id FROM media_folders WHERE state = 'OK')`,
        ).run(MEDIA_ROOT, nowIso, id);
      }
    }
  })();
}

/** Delete folders, everything under them and the bytes of their files, for good. */
export function deleteFoldersForGood(db: Database, dir: string, ids: readonly string[]): void {
  const all = [...new Set(ids.flatMap((id) => subtreeFolderIds(db, id)))];
  const files = filesInFolders(db, all).map((f) => f.id);
  const del = db.prepare<[string]>('DELETE FROM media_folders WHERE id = ?');
  db.transaction(() => {
    for (const id of all) del.run(id);
  })();
  deleteFilesForGood(db, dir, files);
}

// ---------------------------------------------------------------- download sets

/** Keep the files a several-files download URL names until `expiresAt` (expired sets are dropped here). */
export function saveDownloadSet(
  db: Database,
  id: string,
  fileIds: readonly string[],
  expiresAt: number,
  nowMs: number,
) {
  db.prepare<[number]>('DELETE FROM media_download_sets WHERE expires_at < ?').run(nowMs);
  db.prepare<[string, string, number]>(
    'INSERT INTO media_download_sets (id, file_ids, expires_at) VALUES (?, ?, ?)',
  ).run(id, JSON.stringify(fileIds), expiresAt);
}

export function downloadSet(db: Database, id: string): string[] | undefined {
  const row = db
    .prepare<[string], { file_ids: string }>('SELECT file_ids FROM media_download_sets WHERE id = ?')
    .get(id);
  return row ? (JSON.parse(row.file_ids) as string[]) : undefined;
}
