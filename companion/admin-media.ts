/**
 * The owner console's media library (issue 41 item 2; docs/companion.md "Owner console: media library"): a folder's
 * subfolders and files, search, the trash, an upload URL for the owner's browser, an import from a URL, rename,
 * labels and moves, new folders, trash / restore / delete for good, a download link, and for the visitor-uploads
 * folder the review each photo belongs to. Every route is the owner's (403 `NOT_OWNER` for anyone else, before the
 * body is read) and calls the platform's public media calls as the admin identity (`@wix/auto_sdk_media_files`,
 * `@wix/auto_sdk_media_folders`; docs/wire.md "Media library").
 *
 * Uploads: the companion gives the owner's browser a one-time upload URL for one file (Generate File Upload URL, the
 * file's type and size checked first: the review photos' rules, {@link MEDIA_TYPES}, {@link MEDIA_MAX_BYTES}); the
 * browser sends the bytes straight to it, so it can show their progress and the bytes never pass through here.
 *
 * Imports: the platform fetches the URL. The companion refuses, before asking, a URL that is not http(s), carries
 * credentials, or names a private, loopback, link-local or otherwise non-public address or a name that only resolves
 * inside a network ({@link importRefusal}). It cannot resolve names portably (Workers, Deno, …), so a public name
 * that resolves to a private address is the platform's to refuse when it fetches.
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';
import { adminOps, ops, route } from '../core/urls.ts';
import { MEDIA_ROOT, VISITOR_UPLOADS } from '../core/api/admin-media.ts';
import type { Env, Guard, Kit } from './context.ts';
import { CompanionError, badRequest, notFound } from './errors.ts';
import { bodyOf, parse, serve, wire } from './wire.ts';

/** Files per page; folders are listed up to {@link FOLDERS_PER_LIST} (first page only). */
export const FILES_PER_PAGE = 50;
export const FOLDERS_PER_LIST = 100;
/** How deep a folder's path is followed up to the root (deeper: the path is cut there). */
const MAX_DEPTH = 20;
/** Reviews with photos read to find a visitor photo's review (pages of 100). */
const REVIEW_PAGES = 10;

/** A file's or folder's id in a path: no dot segments, nothing a path could split on. */
const ID = z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^(?!\.{1,2}$)[\w.:-]+$/));
const itemId: Guard = async (c, next) => {
  parse(ID, c.req.param('id'));
  await next();
};

const nstr = z.optional(z.nullable(z.string()));
const image = z.optional(
  z.looseObject({
    url: nstr,
    width: z.optional(z.nullable(z.number())),
    height: z.optional(z.nullable(z.number())),
  }),
);
const platformFile = z.looseObject({
  id: z.string(),
  displayName: nstr,
  url: nstr,
  parentFolderId: nstr,
  sizeInBytes: nstr,
  mediaType: nstr,
  mimeType: nstr,
  operationStatus: nstr,
  thumbnailUrl: nstr,
  labels: z.optional(z.nullable(z.array(z.string()))),
  createdDate: nstr,
  updatedDate: nstr,
  media: z.optional(z.nullable(z.looseObject({ image: z.optional(z.nullable(z.looseObject({ image }))) }))),
});
type PlatformFile = z.infer<typeof platformFile>;
const platformFolder = z.looseObject({
  id: z.string(),
  displayName: nstr,
  parentFolderId: nstr,
  createdDate: nstr,
  updatedDate: nstr,
});
type PlatformFolder = z.infer<typeof platformFolder>;
const cursorOf = z.optional(
  z.nullable(z.looseObject({ cursors: z.optional(z.nullable(z.looseObject({ next: nstr }))) })),
);
const filesPage = z.looseObject({ files: z.optional(z.array(platformFile)), nextCursor: cursorOf });
const foldersPage = z.looseObject({ folders: z.optional(z.array(platformFolder)), nextCursor: cursorOf });
const fileAnswer = z.looseObject({ file: platformFile });
const folderAnswer = z.looseObject({ folder: platformFolder });
const reviewsPage = z.looseObject({
  reviews: z.array(
    z.looseObject({
      id: z.string(),
      namespace: z.optional(z.string()),
      entityId: z.optional(z.string()),
      author: z.optional(z.looseObject({ authorName: nstr })),
      content: z.optional(
        z.looseObject({
          rating: z.optional(z.number()),
          media: z.optional(
            z.array(z.looseObject({ image: z.optional(z.nullable(z.looseObject({ id: nstr, url: nstr }))) })),
          ),
        }),
      ),
      moderation: z.optional(z.looseObject({ moderationStatus: nstr })),
    }),
  ),
  metadata: z.optional(
    z.looseObject({ cursors: z.optional(z.looseObject({ next: z.optional(z.nullable(z.string())) })) }),
  ),
});
type Review = z.infer<typeof reviewsPage>['reviews'][number];

/** Only an http(s) URL leaves the companion toward a page. */
const httpOnly = (u: string | null | undefined): string | undefined => {
  if (!u) return undefined;
  try {
    return /^https?:$/.test(new URL(u).protocol) ? u : undefined;
  } catch {
    return undefined;
  }
};

/** What the console shows of a file (core/api/admin-media.ts `MediaFile`). */
function fileOut(f: PlatformFile) {
  const img = f.media?.image?.image;
  const url = httpOnly(f.url ?? img?.url);
  const thumb = httpOnly(f.thumbnailUrl) ?? (f.mediaType === 'IMAGE' ? url : undefined);
  return {
    id: f.id,
    name: f.displayName ?? '',
    ...(f.parentFolderId ? { folderId: f.parentFolderId } : {}),
    ...(f.mediaType ? { mediaType: f.mediaType } : {}),
    ...(f.mimeType ? { mimeType: f.mimeType } : {}),
    ...(f.operationStatus ? { status: f.operationStatus } : {}),
    ...(f.sizeInBytes ? { sizeInBytes: f.sizeInBytes } : {}),
    ...(url ? { url } : {}),
    ...(thumb ? { thumbnailUrl: thumb } : {}),
    ...(img?.width && img.height ? { width: img.width, height: img.height } : {}),
    labels: f.labels ?? [],
    ...(f.createdDate ? { createdDate: f.createdDate } : {}),
    ...(f.updatedDate ? { updatedDate: f.updatedDate } : {}),
  };
}
type FileOut = ReturnType<typeof fileOut> & { review?: ReturnType<typeof reviewOut> };

const folderOut = (f: PlatformFolder) => ({
  id: f.id,
  name: f.displayName ?? '',
  ...(f.parentFolderId ? { parentId: f.parentFolderId } : {}),
  ...(f.createdDate ? { createdDate: f.createdDate } : {}),
  ...(f.updatedDate ? { updatedDate: f.updatedDate } : {}),
});
/** The roots have no folder record: their names are the console's words. */
const ROOTS = new Set([MEDIA_ROOT, VISITOR_UPLOADS]);

const reviewOut = (r: Review) => ({
  id: r.id,
  namespace: r.namespace ?? '',
  entityId: r.entityId ?? '',
  ...(r.author?.authorName ? { author: r.author.authorName } : {}),
  ...(r.content?.rating ? { rating: r.content.rating } : {}),
  ...(r.moderation?.moderationStatus ? { status: r.moderation.moderationStatus } : {}),
});

// ------------------------------------------------------------------ which URLs an import may fetch

/** An IPv4 address (dotted, as the URL parser writes it) as four numbers. */
const v4 = (h: string): number[] | undefined => {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m ? m.slice(1).map(Number) : undefined;
};
/** Not a public unicast IPv4 address (RFC 6890's special-purpose ranges). */
function privateV4([a, b, c]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a! >= 224
  );
}
/** An IPv6 address's eight groups (the URL parser's compressed form, brackets off), or undefined. */
function v6(h: string): number[] | undefined {
  if (!h.includes(':')) return undefined;
  let s = h;
  // a trailing dotted IPv4 (the parser writes `::ffff:7f00:1`, but be safe)
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s)?.[1];
  if (tail) {
    const q = v4(tail);
    if (!q) return undefined;
    s = `${s.slice(0, -tail.length)}${((q[0]! << 8) | q[1]!).toString(16)}:${((q[2]! << 8) | q[3]!).toString(16)}`;
  }
  const [head, rest] = s.split('::') as [string, string | undefined];
  const part = (x: string) => (x ? x.split(':').map((g) => parseInt(g, 16)) : []);
  const a = part(head);
  const b = rest === undefined ? [] : part(rest);
  const groups = rest === undefined ? a : [...a, ...Array<number>(8 - a.length - b.length).fill(0), ...b];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}
function privateV6(g: number[]): boolean {
  // an IPv4-mapped or IPv4-compatible address, or NAT64: the IPv4 inside decides
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    if (g[5] === 0 && g[6] === 0 && g[7]! <= 1) return true; // :: and ::1
    return privateV4([g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255]);
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return privateV4([g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255]);
  return (
    (g[0]! & 0xfe00) === 0xfc00 || // unique local
    (g[0]! & 0xffc0) === 0xfe80 || // link-local
    (g[0]! & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (g[0]! & 0xff00) === 0xff00 || // multicast
    (g[0] === 0x2001 && g[1] === 0xdb8) // documentation
  );
}
/** Names that only resolve inside a network, never on the public internet. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|private|home\.arpa)$/;

/** Why an import from `raw` is refused, or undefined when it may be asked of the platform. */
export function importRefusal(
  raw: string,
  allowHosts: ReadonlySet<string> = new Set(),
): { reason: 'NOT_HTTP' | 'CREDENTIALS' | 'PRIVATE_ADDRESS'; message: string } | undefined {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { reason: 'NOT_HTTP', message: 'Import from a web address that starts with http:// or https://.' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    return { reason: 'NOT_HTTP', message: 'Import from a web address that starts with http:// or https://.' };
  if (u.username || u.password)
    return { reason: 'CREDENTIALS', message: 'Import from an address without a user name or password in it.' };
  if (allowHosts.has(u.host)) return undefined;
  const host = u.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const q4 = v4(host);
  const q6 = q4 ? undefined : v6(host);
  const local = q4
    ? privateV4(q4)
    : q6
      ? privateV6(q6)
      : host.includes(':') || !host.includes('.') || LOCAL_NAME.test(host);
  return local
    ? {
        reason: 'PRIVATE_ADDRESS',
        message: 'This address is on a private network or this computer: import only from a public web address.',
      }
    : undefined;
}

/**
 * The owner's media routes (under `/v1/admin/media`), as a sub-app app.ts mounts at `/v1`. `importHosts`: hosts
 * (`host:port`) an import may fetch from although they are private (a test's own server; never set from the
 * environment).
 */
export function adminMediaApp(kit: Kit, importHosts: ReadonlySet<string> = new Set()): Hono<Env> {
  const { asAdmin } = kit;
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];
  const ownerOfItem = [kit.guard.owner, itemId];

  /** A 404 from the platform as the companion's own (the id is not a file or folder of this site). */
  async function found<T>(what: string, p: Promise<T>): Promise<T> {
    try {
      return await p;
    } catch (e) {
      if (e instanceof CompanionError && e.status === 404) throw notFound(`No such ${what}`);
      throw e;
    }
  }

  const getFolder = (id: string) =>
    found(
      'folder',
      asAdmin('get folder', { ...route(adminOps.getFolder, { folderId: id }), schema: folderAnswer }),
    ).then((r) => r.folder);

  /** The folders from the root down to `id`'s parent (empty for a root or a folder in one). */
  async function pathTo(folder: PlatformFolder): Promise<PlatformFolder[]> {
    const path: PlatformFolder[] = [];
    let parent = folder.parentFolderId;
    const seen = new Set([folder.id]);
    while (parent && !ROOTS.has(parent) && !seen.has(parent) && path.length < MAX_DEPTH) {
      seen.add(parent);
      const f = await getFolder(parent);
      path.unshift(f);
      parent = f.parentFolderId;
    }
    return path;
  }

  /**
   * The review each visitor photo belongs to: the reviews with photos (private ones too), newest first, matched by
   * the photo's file id or URL. Reads at most {@link REVIEW_PAGES} pages, and stops once every file is matched.
   */
  async function reviewsOf(files: FileOut[]): Promise<void> {
    const want = new Map<string, FileOut>();
    for (const f of files) {
      want.set(`id:${f.id}`, f);
      if (f.url) want.set(`url:${f.url}`, f);
    }
    let left = files.length;
    let cursor: string | undefined;
    for (let page = 0; page < REVIEW_PAGES && left > 0; page++) {
      const r = await asAdmin('reviews with photos', {
        ...ops.queryReviews,
        kind: 'read',
        body: {
          query: cursor
            ? { cursorPaging: { cursor, limit: 100 } }
            : {
                filter: { 'content.media': { $isEmpty: false } },
                sort: [{ fieldName: 'createdDate', order: 'DESC' }],
                cursorPaging: { limit: 100 },
              },
          returnPrivateReviews: true,
        },
        schema: reviewsPage,
      });
      for (const review of r.reviews)
        for (const m of review.content?.media ?? []) {
          const f =
            (m.image?.id ? want.get(`id:${m.image.id}`) : undefined) ??
            (m.image?.url ? want.get(`url:${m.image.url}`) : undefined);
          if (f && !f.review) {
            f.review = reviewOut(review);
            left--;
          }
        }
      cursor = r.metadata?.cursors?.next ?? undefined;
      if (!cursor) break;
    }
  }

  async function files(
    op: typeof adminOps.listFiles,
    what: string,
    o: { folderId?: string; cursor?: string },
  ): Promise<{ files: FileOut[]; next?: string }> {
    const r = await asAdmin(what, {
      ...op,
      query: {
        ...(o.folderId && !o.cursor ? { parentFolderId: o.folderId } : {}),
        ...(o.cursor ? {} : { sort: { fieldName: 'updatedDate', order: 'DESC' } }),
        paging: { limit: FILES_PER_PAGE, ...(o.cursor ? { cursor: o.cursor } : {}) },
      },
      schema: filesPage,
    });
    const next = r.nextCursor?.cursors?.next;
    return { files: (r.files ?? []).map(fileOut), ...(next ? { next } : {}) };
  }

  async function folders(op: typeof adminOps.listFolders, what: string, parent?: string) {
    const r = await asAdmin(what, {
      ...op,
      query: {
        ...(parent ? { parentFolderId: parent } : {}),
        sort: { fieldName: 'displayName', order: 'ASC' },
        paging: { limit: FOLDERS_PER_LIST },
      },
      schema: foldersPage,
    });
    return (r.folders ?? []).map(folderOut);
  }

  serve(app, wire['POST /admin/media/browse'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/media/browse']);
    const id = body.folderId ?? MEDIA_ROOT;
    const root = ROOTS.has(id);
    const folder = root ? { id, displayName: '' } : await getFolder(id);
    const path = root ? [] : await pathTo(folder);
    const [subfolders, page] = await Promise.all([
      body.cursor ? Promise.resolve([]) : folders(adminOps.listFolders, 'list folders', id),
      files(adminOps.listFiles, 'list files', { folderId: id, ...(body.cursor ? { cursor: body.cursor } : {}) }),
    ]);
    if (id === VISITOR_UPLOADS && page.files.length) await reviewsOf(page.files);
    return c.json({ folder: folderOut(folder), path: path.map(folderOut), folders: subfolders, ...page }, 200);
  });

  serve(app, wire['POST /admin/media/search'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/media/search']);
    const paging = { limit: FILES_PER_PAGE, ...(body.cursor ? { cursor: body.cursor } : {}) };
    const [f, d] = await Promise.all([
      asAdmin('search files', {
        ...adminOps.searchFiles,
        kind: 'read',
        body: body.cursor ? { paging } : { search: body.query, rootFolder: 'MEDIA_ROOT', paging },
        schema: filesPage,
      }),
      body.cursor
        ? Promise.resolve({ folders: [] as PlatformFolder[] })
        : asAdmin('search folders', {
            ...adminOps.searchFolders,
            kind: 'read',
            body: { search: body.query, rootFolder: 'MEDIA_ROOT', paging: { limit: FOLDERS_PER_LIST } },
            schema: foldersPage,
          }),
    ]);
    const next = f.nextCursor?.cursors?.next;
    return c.json(
      { folders: (d.folders ?? []).map(folderOut), files: (f.files ?? []).map(fileOut), ...(next ? { next } : {}) },
      200,
    );
  });

  serve(app, wire['POST /admin/media/trash'], owner, async (c) => {
    const { cursor } = bodyOf(c, wire['POST /admin/media/trash']);
    const [trashed, page] = await Promise.all([
      cursor ? Promise.resolve([]) : folders(adminOps.listDeletedFolders, 'list deleted folders'),
      files(adminOps.listDeletedFiles, 'list deleted files', cursor ? { cursor } : {}),
    ]);
    return c.json({ folders: trashed, ...page }, 200);
  });

  serve(app, wire['POST /admin/media/upload-url'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/media/upload-url']);
    const r = await asAdmin('generate upload url', {
      ...ops.generateUploadUrl,
      body: {
        mimeType: body.mimeType,
        fileName: body.fileName,
        sizeInBytes: String(body.sizeInBytes),
        parentFolderId: body.folderId,
      },
      schema: z.looseObject({ uploadUrl: z.string() }),
    });
    const uploadUrl = httpOnly(r.uploadUrl);
    if (!uploadUrl) throw new CompanionError(502, 'PLATFORM_FAILED', 'The platform gave no usable upload URL.');
    return c.json({ uploadUrl }, 200);
  });

  serve(app, wire['POST /admin/media/import'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/media/import']);
    const no = importRefusal(body.url, importHosts);
    if (no) throw new CompanionError(400, 'URL_NOT_ALLOWED', no.message, { data: { reason: no.reason } });
    const r = await asAdmin('import file', {
      ...adminOps.importFile,
      body: {
        url: body.url,
        mediaType: 'IMAGE',
        parentFolderId: body.folderId,
        ...(body.displayName ? { displayName: body.displayName } : {}),
      },
      schema: fileAnswer,
    });
    return c.json({ file: fileOut(r.file) }, 200);
  });

  const getFile = (id: string) =>
    found(
      'file',
      asAdmin('get file', { ...adminOps.getFileDescriptor, query: { fileId: id }, schema: fileAnswer }),
    ).then((r) => r.file);

  serve(app, wire['GET /admin/media/files/{id}'], ownerOfItem, async (c) => {
    const f = await getFile(c.req.param('id')!);
    return c.json({ file: fileOut(f) }, 200);
  });

  serve(app, wire['PATCH /admin/media/files/{id}'], ownerOfItem, async (c) => {
    const body = bodyOf(c, wire['PATCH /admin/media/files/{id}']);
    if (body.displayName === undefined && body.labels === undefined && body.folderId === undefined)
      throw badRequest('NOTHING_TO_UPDATE', 'Give a new name, labels or folder.');
    const r = await found(
      'file',
      asAdmin('update file', {
        ...adminOps.updateFileDescriptor,
        body: {
          file: {
            id: c.req.param('id')!,
            ...(body.displayName !== undefined ? { displayName: body.displayName } : {}),
            ...(body.labels !== undefined ? { labels: [...new Set(body.labels)] } : {}),
            ...(body.folderId !== undefined ? { parentFolderId: body.folderId } : {}),
          },
        },
        schema: fileAnswer,
      }),
    );
    return c.json({ file: fileOut(r.file) }, 200);
  });

  serve(app, wire['GET /admin/media/files/{id}/download-url'], ownerOfItem, async (c) => {
    const r = await found(
      'file',
      asAdmin('generate download url', {
        ...adminOps.generateFileDownloadUrl,
        body: { fileId: c.req.param('id')! },
        schema: z.looseObject({ downloadUrls: z.optional(z.array(z.looseObject({ url: nstr }))) }),
      }),
    );
    const url = httpOnly(r.downloadUrls?.[0]?.url);
    if (!url) throw new CompanionError(502, 'PLATFORM_FAILED', 'The platform gave no usable download link.');
    return c.json({ url }, 200);
  });

  serve(app, wire['POST /admin/media/folders'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/media/folders']);
    const r = await asAdmin('create folder', {
      ...adminOps.createFolder,
      body: { displayName: body.displayName, parentFolderId: body.parentId },
      schema: folderAnswer,
    });
    return c.json({ folder: folderOut(r.folder) }, 200);
  });

  serve(app, wire['PATCH /admin/media/folders/{id}'], ownerOfItem, async (c) => {
    const body = bodyOf(c, wire['PATCH /admin/media/folders/{id}']);
    const id = c.req.param('id')!;
    if (ROOTS.has(id)) throw badRequest('ROOT_FOLDER', 'A root folder cannot be renamed or moved.');
    if (body.displayName === undefined && body.parentId === undefined)
      throw badRequest('NOTHING_TO_UPDATE', 'Give a new name or parent folder.');
    if (body.parentId !== undefined && body.parentId !== MEDIA_ROOT) {
      // never into itself or a folder inside it (the tree would lose the branch)
      if (body.parentId === id) throw badRequest('FOLDER_INTO_ITSELF', 'A folder cannot be moved into itself.');
      if (body.parentId === VISITOR_UPLOADS)
        throw badRequest('NOT_A_TARGET', 'Folders cannot be moved into the visitor uploads.');
      const target = await getFolder(body.parentId);
      if ((await pathTo(target)).some((f) => f.id === id))
        throw badRequest('FOLDER_INTO_ITSELF', 'A folder cannot be moved into a folder inside it.');
    }
    const r = await found(
      'folder',
      asAdmin('update folder', {
        ...route(adminOps.updateFolder, { folderId: id }),
        body: {
          folder: {
            id,
            ...(body.displayName !== undefined ? { displayName: body.displayName } : {}),
            ...(body.parentId !== undefined ? { parentFolderId: body.parentId } : {}),
          },
        },
        schema: folderAnswer,
      }),
    );
    return c.json({ folder: folderOut(r.folder) }, 200);
  });

  /** `files` and `folders` together: none at all is a 400; roots are never trashed. */
  function checkIds(b: { fileIds: string[]; folderIds: string[] }) {
    if (!b.fileIds.length && !b.folderIds.length) throw badRequest('NOTHING_SELECTED', 'Choose files or folders.');
    if (b.folderIds.some((id) => ROOTS.has(id)))
      throw badRequest('ROOT_FOLDER', 'A root folder cannot be deleted or restored.');
  }

  serve(app, wire['POST /admin/media/delete'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/media/delete']);
    checkIds(body);
    const none = z.looseObject({});
    if (body.fileIds.length)
      await asAdmin('delete files', {
        ...adminOps.bulkDeleteFiles,
        body: { fileIds: body.fileIds, permanent: body.permanent },
        schema: none,
      });
    if (body.folderIds.length)
      await asAdmin('delete folders', {
        ...adminOps.bulkDeleteFolders,
        body: { folderIds: body.folderIds, permanent: body.permanent },
        schema: none,
      });
    return c.json({ files: body.fileIds.length, folders: body.folderIds.length }, 200);
  });

  serve(app, wire['POST /admin/media/restore'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/media/restore']);
    checkIds(body);
    const none = z.looseObject({});
    if (body.fileIds.length)
      await asAdmin('restore files', {
        ...adminOps.bulkRestoreFilesFromTrashBin,
        body: { fileIds: body.fileIds },
        schema: none,
      });
    if (body.folderIds.length)
      await asAdmin('restore folders', {
        ...adminOps.bulkRestoreFoldersFromTrashBin,
        body: { folderIds: body.folderIds },
        schema: none,
      });
    return c.json({ files: body.fileIds.length, folders: body.folderIds.length }, 200);
  });

  return app;
}
