/**
 * The media library (issue 41; `@wix/auto_sdk_media_files` and `@wix/auto_sdk_media_folders`, docs/wire.md "Media
 * library"): files and folders, list / search / get / update, trash, restore and delete for good, for an admin
 * identity only (a visitor's or a member's token is 403 before anything is read). Uploads are site-media.ts's, imports
 * from a URL media-import.ts's.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import { decodeCursor } from '../domain/query.ts';
import {
  MEDIA_ROOT,
  MEDIA_TYPES,
  ROOT_FOLDERS,
  SYSTEM_FOLDERS,
  VISITOR_UPLOADS,
  catalogUses,
  deleteFilesForGood,
  deleteFoldersForGood,
  fileIdOf,
  findFiles,
  findFolders,
  getFile,
  getFiles,
  getFolder,
  insertFolder,
  isInSubtree,
  rehomeOrphans,
  setFilesState,
  setFoldersState,
  toDescriptor,
  toFolder,
  updateFile,
  updateFolder,
} from '../domain/media-library.ts';
import type { FileRow, FolderRow, RootFolder, State } from '../domain/media-library.ts';
import { failedPrecondition, invalidField, notFound } from '../errors.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { oneLine, paramsObject, validate } from '../validate.ts';

/** Page sizes: the platform's default and ceiling for these lists. */
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 100;
/** How many ids a get-files, bulk delete or bulk restore takes. */
export const MAX_BULK_IDS = 100;

const id100 = z.string().min(1).max(100);
const fileId = z.string().min(1).max(1000);
/** A GET's single value of a repeated parameter arrives as a string: make it a list. */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(item).max(max));
/** A GET's boolean and integer arrive as text. */
const boolParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const intParam = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v), z.number().int().min(0).max(max));

const paging = z
  .object({ limit: intParam(MAX_PAGE).nullish(), cursor: z.string().max(16000).nullish() })
  .strict()
  .optional();
const sortOf = <F extends readonly [string, ...string[]]>(fields: F) =>
  z
    .object({
      fieldName: z.enum(fields).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    })
    .strict()
    .optional();
const FILE_SORT_FIELDS = ['displayName', 'updatedDate', 'sizeInBytes'] as const;
const FOLDER_SORT_FIELDS = ['displayName', 'updatedDate'] as const;

const listFilesSchema = z
  .object({
    parentFolderId: id100.nullish(),
    mediaTypes: list(z.enum(MEDIA_TYPES), 30).optional(),
    private: boolParam.nullish(),
    sort: sortOf(FILE_SORT_FIELDS),
    paging,
  })
  .strict();
const searchFilesSchema = z
  .object({
    search: z.string().max(200).nullish(),
    rootFolder: z.enum(ROOT_FOLDERS).optional(),
    mediaTypes: list(z.enum(MEDIA_TYPES), 30).optional(),
    private: boolParam.nullish(),
    sort: sortOf(FILE_SORT_FIELDS),
    paging,
  })
  .strict();
const listFoldersSchema = z
  .object({ parentFolderId: id100.nullish(), sort: sortOf(FOLDER_SORT_FIELDS), paging })
  .strict();
const searchFoldersSchema = z
  .object({
    search: z.string().max(200).nullish(),
    rootFolder: z.enum(ROOT_FOLDERS).optional(),
    sort: sortOf(FOLDER_SORT_FIELDS),
    paging,
  })
  .strict();
const displayName = (max: number) => oneLine().pipe(z.string().trim().min(1).max(max));
const labels = z.array(oneLine().pipe(z.string().trim().min(1).max(200))).max(100);

/** One page of `rows` and the platform's `nextCursor` (`{total, cursors: {next}}`). */
function page<T>(rows: readonly T[], p: { limit?: number | null; cursor?: string | null } | undefined) {
  const limit = p?.limit || DEFAULT_PAGE;
  const offset = p?.cursor ? decodeCursor(p.cursor, 'paging.cursor') : 0;
  const items = rows.slice(offset, offset + limit);
  const more = offset + limit < rows.length;
  const next = more ? Buffer.from(JSON.stringify({ o: offset + limit })).toString('base64url') : null;
  return { items, nextCursor: { total: rows.length, cursors: { next } } };
}

const sortWith = <F extends string>(
  s: { fieldName?: F | undefined; order?: 'ASC' | 'DESC' | undefined } | undefined,
) => ({
  field: s?.fieldName ?? ('updatedDate' as F),
  order: s?.order ?? (s?.fieldName && s.fieldName !== 'updatedDate' ? 'ASC' : 'DESC'),
});

const nowIso = (ctx: RequestContext) => new Date(ctx.now()).toISOString();

/** A folder files or folders may go into: one that exists and is not in the trash; 404 otherwise. */
function liveFolder(ctx: RequestContext, id: string, field: string): FolderRow {
  const f = getFolder(ctx.db, id);
  if (!f || f.state !== 'OK') throw notFound(`Folder ${id} not found`, 'FOLDER_NOT_FOUND', { folderId: id, field });
  return f;
}

function fileOr404(ctx: RequestContext, id: string): FileRow {
  const f = getFile(ctx.db, id);
  if (!f) throw notFound(`File ${id} not found`, 'FILE_NOT_FOUND', { fileId: id });
  return f;
}

/** Every id known (404 naming the missing ones, nothing changed otherwise). */
function allFiles(ctx: RequestContext, ids: readonly string[]): FileRow[] {
  const unique = [...new Set(ids)];
  const rows = getFiles(ctx.db, unique);
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.filter((id) => !found.has(id));
    throw notFound(`Files not found: ${missing.join(', ')}`, 'FILE_NOT_FOUND', { fileIds: missing });
  }
  return rows;
}

function allFolders(ctx: RequestContext, ids: readonly string[]): FolderRow[] {
  const unique = [...new Set(ids)];
  const rows = unique.map((id) => getFolder(ctx.db, id)).filter((r): r is FolderRow => r !== undefined);
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.filter((id) => !found.has(id));
    throw notFound(`Folders not found: ${missing.join(', ')}`, 'FOLDER_NOT_FOUND', { folderIds: missing });
  }
  for (const f of rows)
    if (SYSTEM_FOLDERS.has(f.id))
      throw failedPrecondition(`The ${f.display_name} folder cannot be deleted or restored`, 'SYSTEM_FOLDER', {
        folderId: f.id,
      });
  return rows;
}

/** Where a search over `root` looks: the live library, the visitors' uploads, or the trash. */
function rootScope(root: RootFolder | undefined): { state: State; underFolderId?: string } {
  if (root === 'TRASH_ROOT') return { state: 'DELETED' };
  if (root === 'VISITOR_UPLOADS_ROOT') return { state: 'OK', underFolderId: VISITOR_UPLOADS };
  return { state: 'OK' };
}

export const mediaLibraryRoutes: RouteModule = (router) => {
  // ------------------------------------------------------------------ files
  router.operation(adminOps.listFiles, (ctx) => {
    ctx.requireAdmin();
    const q = validate(listFilesSchema, paramsObject(ctx.query));
    const parent = q.parentFolderId || MEDIA_ROOT;
    const rows = findFiles(ctx.db, {
      parentFolderId: parent,
      state: 'OK',
      ...(q.mediaTypes ? { mediaTypes: q.mediaTypes } : {}),
      ...(q.private != null ? { private: q.private } : {}),
      sort: sortWith(q.sort),
    });
    const p = page(rows, q.paging);
    return { json: { files: p.items.map((f) => toDescriptor(f, ctx.apiUrl)), nextCursor: p.nextCursor } };
  });

  router.operation(adminOps.searchFiles, (ctx) => {
    ctx.requireAdmin();
    const q = validate(searchFilesSchema, ctx.body);
    const rows = findFiles(ctx.db, {
      ...rootScope(q.rootFolder),
      ...(q.mediaTypes ? { mediaTypes: q.mediaTypes } : {}),
      ...(q.private != null ? { private: q.private } : {}),
      ...(q.search?.trim() ? { search: q.search.trim() } : {}),
      sort: sortWith(q.sort),
    });
    const p = page(rows, q.paging);
    return { json: { files: p.items.map((f) => toDescriptor(f, ctx.apiUrl)), nextCursor: p.nextCursor } };
  });

  router.operation(adminOps.getFileDescriptor, (ctx) => {
    ctx.requireAdmin();
    const q = validate(z.object({ fileId }).strict(), paramsObject(ctx.query));
    return { json: { file: toDescriptor(fileOr404(ctx, fileIdOf(q.fileId)), ctx.apiUrl) } };
  });

  router.operation(adminOps.getFileDescriptors, (ctx) => {
    ctx.requireAdmin();
    const q = validate(z.object({ fileIds: z.array(fileId).min(1).max(MAX_BULK_IDS) }).strict(), ctx.body);
    const ids = q.fileIds.map(fileIdOf);
    const rows = allFiles(ctx, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { json: { files: ids.map((id) => toDescriptor(byId.get(id)!, ctx.apiUrl)) } };
  });

  router.operation(adminOps.updateFileDescriptor, (ctx) => {
    ctx.requireAdmin();
    // the generated client sends the whole descriptor it was given; only these fields can change, the rest is read-only
    const q = validate(
      z.object({
        file: z.object({
          id: fileId,
          displayName: displayName(255).optional(),
          parentFolderId: id100.nullish(),
          labels: labels.optional(),
        }),
        fieldMask: z.unknown().optional(),
      }),
      ctx.body,
    );
    const row = fileOr404(ctx, q.file.id);
    if (row.state !== 'OK') {
      throw failedPrecondition('A file in the trash cannot be changed; restore it first', 'FILE_IN_TRASH', {
        fileId: row.id,
      });
    }
    if (q.file.parentFolderId) liveFolder(ctx, q.file.parentFolderId, 'file.parentFolderId');
    updateFile(
      ctx.db,
      row.id,
      {
        ...(q.file.displayName !== undefined ? { displayName: q.file.displayName } : {}),
        ...(q.file.parentFolderId ? { parentFolderId: q.file.parentFolderId } : {}),
        ...(q.file.labels ? { labels: q.file.labels } : {}),
      },
      nowIso(ctx),
    );
    return { json: { file: toDescriptor(getFile(ctx.db, row.id)!, ctx.apiUrl) } };
  });

  router.operation(adminOps.bulkDeleteFiles, (ctx) => {
    ctx.requireAdmin();
    const q = validate(
      z.object({ fileIds: z.array(fileId).min(1).max(MAX_BULK_IDS), permanent: z.boolean().optional() }).strict(),
      ctx.body,
    );
    const rows = allFiles(ctx, q.fileIds.map(fileIdOf));
    if (q.permanent) {
      const catalog = rows.filter((r) => r.storage === 'catalog' && catalogUses(ctx.db, r.id));
      if (catalog.length > 0) {
        throw failedPrecondition(
          `Used by the store's catalog, cannot be deleted for good: ${catalog.map((r) => r.id).join(', ')}`,
          'FILE_IN_USE',
          { fileIds: catalog.map((r) => r.id) },
        );
      }
      deleteFilesForGood(
        ctx.db,
        ctx.app.mediaDir,
        rows.map((r) => r.id),
      );
    } else {
      setFilesState(
        ctx.db,
        rows.filter((r) => r.state === 'OK').map((r) => r.id),
        'DELETED',
        nowIso(ctx),
      );
    }
    return { json: {} };
  });

  router.operation(adminOps.bulkRestoreFilesFromTrashBin, (ctx) => {
    ctx.requireAdmin();
    const q = validate(z.object({ fileIds: z.array(fileId).min(1).max(MAX_BULK_IDS) }).strict(), ctx.body);
    const rows = allFiles(ctx, q.fileIds.map(fileIdOf));
    const trashed = rows.filter((r) => r.state === 'DELETED').map((r) => r.id);
    const now = nowIso(ctx);
    ctx.db.transaction(() => {
      setFilesState(ctx.db, trashed, 'OK', now);
      rehomeOrphans(ctx.db, trashed, now);
    })();
    return { json: {} };
  });

  router.operation(adminOps.listDeletedFiles, (ctx) => {
    ctx.requireAdmin();
    const q = validate(listFilesSchema, paramsObject(ctx.query));
    const rows = findFiles(ctx.db, {
      ...(q.parentFolderId ? { parentFolderId: q.parentFolderId } : {}),
      state: 'DELETED',
      ...(q.mediaTypes ? { mediaTypes: q.mediaTypes } : {}),
      ...(q.private != null ? { private: q.private } : {}),
      sort: sortWith(q.sort),
    });
    const p = page(rows, q.paging);
    return { json: { files: p.items.map((f) => toDescriptor(f, ctx.apiUrl)), nextCursor: p.nextCursor } };
  });

  // ------------------------------------------------------------------ folders
  router.operation(adminOps.createFolder, (ctx) => {
    ctx.requireAdmin();
    const q = validate(
      z.object({ displayName: displayName(1000), parentFolderId: id100.nullish() }).strict(),
      ctx.body,
    );
    const parent = liveFolder(ctx, q.parentFolderId || MEDIA_ROOT, 'parentFolderId');
    const id = randomUUID().replaceAll('-', '');
    insertFolder(ctx.db, { id, displayName: q.displayName, parentFolderId: parent.id, nowIso: nowIso(ctx) });
    return { json: { folder: toFolder(getFolder(ctx.db, id)!) } };
  });

  router.operation(adminOps.listFolders, (ctx) => {
    ctx.requireAdmin();
    const q = validate(listFoldersSchema, paramsObject(ctx.query));
    const rows = findFolders(ctx.db, {
      parentFolderId: q.parentFolderId || MEDIA_ROOT,
      state: 'OK',
      sort: sortWith(q.sort),
    });
    const p = page(rows, q.paging);
    return { json: { folders: p.items.map(toFolder), nextCursor: p.nextCursor } };
  });

  router.operation(adminOps.getFolder, (ctx) => {
    ctx.requireAdmin();
    const id = validate(id100, ctx.params['folderId'], 'folderId');
    const f = getFolder(ctx.db, id);
    if (!f) throw notFound(`Folder ${id} not found`, 'FOLDER_NOT_FOUND', { folderId: id });
    return { json: { folder: toFolder(f) } };
  });

  router.operation(adminOps.updateFolder, (ctx) => {
    ctx.requireAdmin();
    const id = validate(id100, ctx.params['folderId'], 'folder.id');
    const q = validate(
      z.object({
        folder: z.object({
          id: id100.optional(),
          displayName: displayName(1000).optional(),
          parentFolderId: id100.nullish(),
        }),
      }),
      ctx.body,
    );
    if (q.folder.id !== undefined && q.folder.id !== id)
      throw invalidField('folder.id', 'must match the path', 'VALIDATION');
    const f = getFolder(ctx.db, id);
    if (!f) throw notFound(`Folder ${id} not found`, 'FOLDER_NOT_FOUND', { folderId: id });
    if (SYSTEM_FOLDERS.has(f.id)) {
      throw failedPrecondition(`The ${f.display_name} folder cannot be changed`, 'SYSTEM_FOLDER', { folderId: f.id });
    }
    if (f.state !== 'OK') {
      throw failedPrecondition('A folder in the trash cannot be changed; restore it first', 'FOLDER_IN_TRASH', {
        folderId: f.id,
      });
    }
    const to = q.folder.parentFolderId || undefined;
    if (to !== undefined && to !== f.parent_folder_id) {
      liveFolder(ctx, to, 'folder.parentFolderId');
      if (isInSubtree(ctx.db, f.id, to)) {
        throw invalidField('folder.parentFolderId', 'cannot be the folder itself or a folder inside it', 'VALIDATION');
      }
    }
    updateFolder(
      ctx.db,
      f.id,
      {
        ...(q.folder.displayName !== undefined ? { displayName: q.folder.displayName } : {}),
        ...(to !== undefined ? { parentFolderId: to } : {}),
      },
      nowIso(ctx),
    );
    return { json: { folder: toFolder(getFolder(ctx.db, f.id)!) } };
  });

  router.operation(adminOps.searchFolders, (ctx) => {
    ctx.requireAdmin();
    const q = validate(searchFoldersSchema, ctx.body);
    const scope = rootScope(q.rootFolder);
    const rows = findFolders(ctx.db, {
      ...scope,
      ...(q.search?.trim() ? { search: q.search.trim() } : {}),
      sort: sortWith(q.sort),
    });
    const p = page(rows, q.paging);
    return { json: { folders: p.items.map(toFolder), nextCursor: p.nextCursor } };
  });

  router.operation(adminOps.queryFolders, (ctx) => {
    ctx.requireAdmin();
    // the query the generated client builds: `state` `$eq` only; sort by displayName or updatedDate; cursor paging
    const q = validate(
      z
        .object({
          query: z
            .object({
              filter: z
                .object({
                  state: z
                    .union([z.enum(['OK', 'DELETED']), z.object({ $eq: z.enum(['OK', 'DELETED']) }).strict()])
                    .optional(),
                })
                .strict()
                .nullish(),
              sort: z
                .array(
                  z
                    .object({
                      fieldName: z.enum([...FOLDER_SORT_FIELDS, '_updatedDate']),
                      order: z.enum(['ASC', 'DESC']).optional(),
                    })
                    .strict(),
                )
                .max(1)
                .optional(),
              cursorPaging: z
                .object({
                  limit: z.number().int().min(0).max(MAX_PAGE).nullish(),
                  cursor: z.string().max(16000).nullish(),
                })
                .strict()
                .optional(),
            })
            .strict()
            .default({}),
        })
        .strict(),
      ctx.body,
    );
    const carried = q.query.cursorPaging?.cursor ? decodeQueryCursor(q.query.cursorPaging.cursor) : undefined;
    const stateFilter = q.query.filter?.state;
    const state = carried?.state ?? (typeof stateFilter === 'string' ? stateFilter : stateFilter?.$eq);
    const s = q.query.sort?.[0];
    const sort = carried?.sort ?? {
      field: s?.fieldName === 'displayName' ? ('displayName' as const) : ('updatedDate' as const),
      order: s?.order ?? (s?.fieldName === 'displayName' ? ('ASC' as const) : ('DESC' as const)),
    };
    const rows = findFolders(ctx.db, { ...(state ? { state } : {}), sort });
    const limit = q.query.cursorPaging?.limit || DEFAULT_PAGE;
    const offset = carried?.o ?? 0;
    const items = rows.slice(offset, offset + limit);
    const hasNext = offset + limit < rows.length;
    const next = hasNext ? Buffer.from(JSON.stringify({ o: offset + limit, state, sort })).toString('base64url') : null;
    return {
      json: {
        folders: items.map(toFolder),
        pagingMetadata: { count: items.length, cursors: { next }, hasNext },
      },
    };
  });

  router.operation(adminOps.bulkDeleteFolders, (ctx) => {
    ctx.requireAdmin();
    const q = validate(
      z.object({ folderIds: z.array(id100).min(1).max(MAX_BULK_IDS), permanent: z.boolean().optional() }).strict(),
      ctx.body,
    );
    const rows = allFolders(ctx, q.folderIds);
    if (q.permanent) {
      const ids = rows.map((r) => r.id);
      const inUse = ids.flatMap((id) =>
        findFiles(ctx.db, { underFolderId: id, state: 'OK', sort: sortWith(undefined) })
          .concat(findFiles(ctx.db, { underFolderId: id, state: 'DELETED', sort: sortWith(undefined) }))
          .filter((f) => f.storage === 'catalog' && catalogUses(ctx.db, f.id)),
      );
      if (inUse.length > 0) {
        throw failedPrecondition("Holds images the store's catalog uses, cannot be deleted for good", 'FOLDER_IN_USE', {
          fileIds: inUse.map((f) => f.id),
        });
      }
      deleteFoldersForGood(ctx.db, ctx.app.mediaDir, ids);
    } else {
      setFoldersState(
        ctx.db,
        rows.filter((r) => r.state === 'OK').map((r) => r.id),
        'DELETED',
        nowIso(ctx),
      );
    }
    return { json: {} };
  });

  router.operation(adminOps.bulkRestoreFoldersFromTrashBin, (ctx) => {
    ctx.requireAdmin();
    const q = validate(z.object({ folderIds: z.array(id100).min(1).max(MAX_BULK_IDS) }).strict(), ctx.body);
    const rows = allFolders(ctx, q.folderIds);
    setFoldersState(
      ctx.db,
      rows.filter((r) => r.state === 'DELETED').map((r) => r.id),
      'OK',
      nowIso(ctx),
    );
    return { json: {} };
  });

  router.operation(adminOps.listDeletedFolders, (ctx) => {
    ctx.requireAdmin();
    const q = validate(listFoldersSchema, paramsObject(ctx.query));
    const rows = findFolders(ctx.db, {
      ...(q.parentFolderId ? { parentFolderId: q.parentFolderId } : {}),
      state: 'DELETED',
      sort: sortWith(q.sort),
    });
    const p = page(rows, q.paging);
    return { json: { folders: p.items.map(toFolder), nextCursor: p.nextCursor } };
  });
};

/** A queryFolders cursor: offset, and the state filter and sort it was issued for. */
function decodeQueryCursor(cursor: string): {
  o: number;
  state?: State;
  sort?: { field: 'displayName' | 'updatedDate'; order: 'ASC' | 'DESC' };
} {
  const o = decodeCursor(cursor, 'query.cursorPaging.cursor');
  const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { state?: unknown; sort?: unknown };
  const parsed = z
    .object({
      state: z.enum(['OK', 'DELETED']).optional(),
      sort: z.object({ field: z.enum(FOLDER_SORT_FIELDS), order: z.enum(['ASC', 'DESC']) }).optional(),
    })
    .safeParse({ state: c.state, sort: c.sort });
  if (!parsed.success) throw invalidField('query.cursorPaging.cursor', 'is not a cursor this service issued', 'FORMAT');
  return { o, ...parsed.data };
}
