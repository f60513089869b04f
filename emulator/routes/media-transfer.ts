/**
 * The media library's transfers (issue 41; docs/wire.md "Media library"), admin only:
 * - imports from a URL (importFile, bulkImportFiles, bulkImportFile): the descriptor is created PENDING and answered
 *   at once; the fetch runs in the background under domain/media-import.ts's address rules, then the file is READY
 *   (bytes on disk) or FAILED. A URL that is not http(s), or whose host is a private address, is refused up front (400);
 * - download URLs: one file (generateFileDownloadUrl), several files and a folder (a ZIP archive of stored entries),
 *   a video's stream URL (the file itself, progressive: no HLS/DASH renditions are made). Each URL is signed with the
 *   site's media secret (HMAC-SHA256) and expires; `GET /media/download/<token>` serves it.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import { getMediaFile } from '../domain/media.ts';
import {
  IMPORT_TIMEOUT_MS,
  ImportError,
  checkedAddresses,
  defaultResolve,
  fetchForImport,
  importHeaders,
} from '../domain/media-import.ts';
import {
  MEDIA_ROOT,
  MEDIA_TYPES,
  filesInFolders,
  finishImport,
  getFile,
  getFiles,
  getFolder,
  insertFile,
  downloadSet,
  fileIdOf,
  readBytes,
  removeBytes,
  saveDownloadSet,
  sha256,
  subtreeFolderIds,
  toDescriptor,
  writeBytes,
} from '../domain/media-library.ts';
import type { FileRow } from '../domain/media-library.ts';
import { getSetting, setSetting } from '../domain/settings.ts';
import { zip } from '../domain/zip.ts';
import { PlatformError, badRequest, failedPrecondition, forbidden, invalidField, notFound } from '../errors.ts';
import type { FieldViolation } from '../errors.ts';
import type { HandlerResult, RequestContext, RouteModule } from '../router.ts';
import { oneLine, validate, zodIssuesToViolations } from '../validate.ts';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, sniffImage } from './site-media.ts';

export const DOWNLOAD_PATH = '/media/download';
/** The platform's default lifetime of a download URL (600 minutes) and its ceiling (a year). */
const DEFAULT_DOWNLOAD_MINUTES = 600;
const MAX_DOWNLOAD_MINUTES = 525_600;
/** A stream URL's default lifetime (24 hours). */
const DEFAULT_STREAM_MINUTES = 1440;
/** How many imports one bulk request takes. */
export const MAX_BULK_IMPORTS = 100;

// ------------------------------------------------------------------ signed URLs

interface Grant {
  /** What the URL downloads: one file, several (a ZIP), a folder (a ZIP). */
  k: 'file' | 'files' | 'folder';
  /** One id: the file's, the download set's (media_download_sets) or the folder's. */
  ids: string[];
  /** Expiry, epoch ms. */
  e: number;
  /** File name offered to the browser. */
  n?: string;
  /** Content-Disposition (`file` only). */
  d?: 'ATTACHMENT' | 'INLINE';
  /** Where an expired URL sends the browser. */
  r?: string;
}

/** The site's secret for signing media URLs (made once per database). */
function mediaSecret(ctx: RequestContext): Buffer {
  let secret = getSetting<string>(ctx.db, 'mediaUrlSecret');
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    setSetting(ctx.db, 'mediaUrlSecret', secret);
  }
  return Buffer.from(secret, 'base64url');
}

function signedUrl(ctx: RequestContext, g: Grant): string {
  const body = Buffer.from(JSON.stringify(g)).toString('base64url');
  const sig = createHmac('sha256', mediaSecret(ctx)).update(body).digest('base64url');
  return `${ctx.apiUrl}${DOWNLOAD_PATH}/${body}.${sig}`;
}

const grantSchema = z
  .object({
    k: z.enum(['file', 'files', 'folder']),
    ids: z.array(z.string().max(1000)).length(1),
    e: z.number().int(),
    n: z.string().max(300).optional(),
    d: z.enum(['ATTACHMENT', 'INLINE']).optional(),
    r: z.string().max(2048).optional(),
  })
  .strict();

/** The grant a token carries when its signature is the site's; undefined for anything else. */
function readGrant(ctx: RequestContext, token: string): Grant | undefined {
  const [body, sig] = token.split('.');
  if (!body || !sig) return undefined;
  // compared as text: base64url decoding ignores a last character's spare bits, so two spellings decode alike
  const expected = Buffer.from(createHmac('sha256', mediaSecret(ctx)).update(body).digest('base64url'));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = grantSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `attachment; filename="…"; filename*=UTF-8''…` with the ASCII fallback stripped of quotes and controls. */
function disposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A READY file's bytes (on disk, or a seeded catalog image). */
function bytesOf(ctx: RequestContext, f: FileRow): Buffer | undefined {
  if (f.operation_status !== 'READY') return undefined;
  return f.storage === 'catalog' ? getMediaFile(ctx.db, f.id)?.content : readBytes(ctx.app.mediaDir, f.id);
}

/** A name safe as one path segment of an archive. */
const segment = (s: string) => s.replace(/[\\/\p{Cc}]/gu, '_').replace(/^\.{1,2}$/, '_') || '_';

/** `name`, or `name (2)`… when already taken in `taken`. */
function unique(taken: Set<string>, name: string): string {
  let out = name;
  for (let i = 2; taken.has(out.toLowerCase()); i++) {
    const dot = name.lastIndexOf('.');
    out = dot > 0 ? `${name.slice(0, dot)} (${i})${name.slice(dot)}` : `${name} (${i})`;
  }
  taken.add(out.toLowerCase());
  return out;
}

// ------------------------------------------------------------------ imports

const importSchema = z
  .object({
    url: z.string().min(1).max(2048),
    mediaType: z.enum(MEDIA_TYPES).optional(),
    displayName: oneLine().pipe(z.string().trim().max(1000)).nullish(),
    parentFolderId: z.string().min(1).max(100).nullish(),
    private: z.boolean().nullish(),
    labels: z
      .array(oneLine().pipe(z.string().trim().min(1).max(200)))
      .max(500)
      .nullish(),
    mimeType: z.string().max(100).optional(),
    externalInfo: z
      .object({
        origin: z.string().max(100).optional(),
        externalIds: z.array(z.string().max(100)).max(100).optional(),
      })
      .strict()
      .optional(),
    urlParams: z.record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean()])).nullish(),
    urlHeaders: z
      .record(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/), oneLine().pipe(z.string().max(2000)))
      .nullish(),
    filePath: z.string().max(500).nullish(),
  })
  .strict();
type ImportRequest = z.output<typeof importSchema>;

/** What an import will fetch, checked: the URL (with its `urlParams`), its headers, and the descriptor's fields. */
interface PlannedImport {
  url: URL;
  headers: Record<string, string>;
  displayName: string;
  parentFolderId: string;
  labels: string[];
  private: boolean;
  mimeType: string;
}

/** Check one import request (prefix: its field path); throws the platform's 400/404. */
async function planImport(ctx: RequestContext, r: ImportRequest, prefix: string): Promise<PlannedImport> {
  const at = (field: string) => (prefix ? `${prefix}.${field}` : field);
  let url: URL;
  try {
    url = new URL(r.url);
  } catch {
    throw invalidField(at('url'), 'must be an absolute URL', 'FORMAT');
  }
  if (r.mediaType !== undefined && r.mediaType !== 'IMAGE') {
    throw invalidField(at('mediaType'), 'only images (PNG, JPEG, GIF, WebP) can be imported', 'VALIDATION');
  }
  if (r.mimeType !== undefined && r.mimeType !== '' && !(IMAGE_TYPES as readonly string[]).includes(r.mimeType)) {
    throw invalidField(at('mimeType'), `must be one of: ${IMAGE_TYPES.join(', ')}`, 'INVALID_ENUM_VALUE', {
      allowedValues: [...IMAGE_TYPES],
    });
  }
  if (r.filePath)
    throw invalidField(at('filePath'), 'is not supported by the emulator; use parentFolderId', 'VALIDATION');
  const folder = getFolder(ctx.db, r.parentFolderId || MEDIA_ROOT);
  if (!folder || folder.state !== 'OK') {
    throw notFound(`Folder ${r.parentFolderId} not found`, 'FOLDER_NOT_FOUND', { folderId: r.parentFolderId });
  }
  for (const [k, v] of Object.entries(r.urlParams ?? {})) url.searchParams.append(k, String(v));
  try {
    // the URL's own host, up front: a scheme other than http(s) or a private address is refused now; a host that does
    // not resolve is left to the fetch (the import then FAILS, as a host that is down would)
    await checkedAddresses(url, {
      dev: ctx.app.dev,
      allow: ctx.app.mediaImportAllow,
      resolve: ctx.app.mediaImportResolve ?? defaultResolve,
    });
  } catch (err) {
    if (err instanceof ImportError && err.code !== 'HOST_NOT_FOUND') {
      throw invalidField(at('url'), err.message, 'VALIDATION', { reason: err.code });
    }
    if (!(err instanceof ImportError)) throw err;
  }
  const last = decodeURIComponentSafe(url.pathname.split('/').pop() ?? '');
  return {
    url,
    headers: importHeaders(r.urlHeaders ?? undefined),
    displayName: (r.displayName || last || 'imported file').slice(0, 255),
    parentFolderId: folder.id,
    labels: r.labels ?? [],
    private: r.private ?? false,
    mimeType: r.mimeType || 'application/octet-stream',
  };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s).replace(/\p{Cc}/gu, '');
  } catch {
    return s;
  }
}

/** Create the PENDING descriptor and start the fetch in the background; the descriptor's id. */
function startImport(ctx: RequestContext, plan: PlannedImport, createdBy: string): string {
  const id = randomUUID();
  const { db, app } = ctx;
  insertFile(db, {
    id,
    fileName: plan.displayName,
    parentFolderId: plan.parentFolderId,
    mimeType: plan.mimeType,
    mediaType: 'IMAGE',
    size: 0,
    hash: null,
    width: null,
    height: null,
    labels: plan.labels,
    operationStatus: 'PENDING',
    sourceUrl: plan.url.href,
    private: plan.private,
    createdBy,
    nowIso: new Date(ctx.now()).toISOString(),
  });
  const stop = new AbortController();
  app.mediaImports.add(stop);
  const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(IMPORT_TIMEOUT_MS)]);
  const end = (outcome: Parameters<typeof finishImport>[2]) => {
    if (stop.signal.aborted) return false; // the emulator is closing: its database is gone
    return finishImport(db, id, outcome, new Date(app.now()).toISOString());
  };
  void fetchForImport(plan.url, plan.headers, {
    dev: app.dev,
    allow: app.mediaImportAllow,
    resolve: app.mediaImportResolve ?? defaultResolve,
    maxBytes: MAX_UPLOAD_BYTES,
    signal,
  })
    .then(({ bytes }) => {
      if (stop.signal.aborted) return;
      const sniffed = sniffImage(bytes);
      if (!sniffed) {
        throw new ImportError('UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG, GIF and WebP images can be imported');
      }
      if (getFile(db, id)?.operation_status !== 'PENDING') return; // deleted for good meanwhile
      writeBytes(app.mediaDir, id, bytes);
      const done = end({
        status: 'READY',
        mimeType: sniffed.mime,
        size: bytes.length,
        hash: sha256(bytes),
        width: sniffed.width ?? null,
        height: sniffed.height ?? null,
      });
      if (!done) removeBytes(app.mediaDir, id);
    })
    .catch((err: unknown) => {
      const reason = err instanceof ImportError ? `${err.code}: ${err.message}` : 'INTERNAL: the import failed';
      try {
        end({ status: 'FAILED', reason });
      } catch {
        /* the database closed under it */
      }
    })
    .finally(() => app.mediaImports.delete(stop));
  return id;
}

const creator = (ctx: RequestContext) => {
  const who = ctx.requireAdmin();
  return `admin:${who.clientId ?? who.via}`;
};

/** 400 with every violation of every failing item (bulkImportFiles takes all or none). */
function itemViolations(items: unknown[]): FieldViolation[] {
  return items.flatMap((item, i) => {
    const r = importSchema.safeParse(item, { reportInput: true });
    return r.success ? [] : zodIssuesToViolations(r.error.issues, `importFileRequests[${i}]`);
  });
}

const bulkSchema = z
  .object({
    importFileRequests: z.array(z.unknown()).min(1).max(MAX_BULK_IMPORTS),
    returnEntity: z.boolean().nullish(),
  })
  .strict();

export const mediaTransferRoutes: RouteModule = (router) => {
  router.operation(adminOps.importFile, async (ctx) => {
    const by = creator(ctx);
    const r = validate(importSchema, ctx.body);
    const plan = await planImport(ctx, r, '');
    const id = startImport(ctx, plan, by);
    return { json: { file: toDescriptor(getFile(ctx.db, id)!, ctx.apiUrl) } };
  });

  router.operation(adminOps.bulkImportFiles, async (ctx) => {
    const by = creator(ctx);
    const body = validate(bulkSchema.omit({ returnEntity: true }), ctx.body);
    const violations = itemViolations(body.importFileRequests);
    if (violations.length > 0) throw badRequest(violations);
    const plans: PlannedImport[] = [];
    for (const [i, item] of body.importFileRequests.entries()) {
      plans.push(await planImport(ctx, importSchema.parse(item), `importFileRequests[${i}]`));
    }
    const ids = plans.map((p) => startImport(ctx, p, by));
    return { json: { files: getFiles(ctx.db, ids).map((f) => toDescriptor(f, ctx.apiUrl)) } };
  });

  router.operation(adminOps.bulkImportFile, async (ctx) => {
    const by = creator(ctx);
    const body = validate(bulkSchema, ctx.body);
    const results: unknown[] = [];
    let ok = 0;
    for (const [i, item] of body.importFileRequests.entries()) {
      try {
        const plan = await planImport(
          ctx,
          validate(importSchema, item, `importFileRequests[${i}]`),
          `importFileRequests[${i}]`,
        );
        const id = startImport(ctx, plan, by);
        ok++;
        results.push({
          itemMetadata: { id, originalIndex: i, success: true },
          ...(body.returnEntity === false ? {} : { item: toDescriptor(getFile(ctx.db, id)!, ctx.apiUrl) }),
        });
      } catch (err) {
        if (!(err instanceof PlatformError)) throw err;
        const wire = err.toBody();
        const error =
          'applicationError' in wire.details
            ? { code: wire.details.applicationError.code, description: wire.details.applicationError.description }
            : { code: 'INVALID_ARGUMENT', description: err.message, data: wire.details.validationError };
        results.push({ itemMetadata: { originalIndex: i, success: false, error } });
      }
    }
    return {
      json: {
        results,
        bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
      },
    };
  });

  // ------------------------------------------------------------------ download URLs
  router.operation(adminOps.generateFileDownloadUrl, (ctx) => {
    ctx.requireAdmin();
    const q = validate(
      z
        .object({
          fileId: z.string().min(1).max(1000),
          downloadFileName: oneLine().pipe(z.string().trim().min(1).max(100)).nullish(),
          expirationInMinutes: z.number().int().min(1).max(MAX_DOWNLOAD_MINUTES).nullish(),
          expirationRedirectUrl: z.string().max(2048).nullish(),
          assetKeys: z.array(z.string().max(100)).max(100).nullish(),
          contentDisposition: z.enum(['ATTACHMENT', 'INLINE']).optional(),
        })
        .strict(),
      ctx.body,
    );
    if (q.expirationRedirectUrl) {
      let ok = false;
      try {
        ok = /^https?:$/.test(new URL(q.expirationRedirectUrl).protocol);
      } catch {
        /* not a URL */
      }
      if (!ok) throw invalidField('expirationRedirectUrl', 'must be an absolute http(s) URL', 'FORMAT');
    }
    const keys = q.assetKeys?.length ? q.assetKeys : ['src'];
    const unknown = keys.find((k) => k !== 'src');
    if (unknown !== undefined) {
      throw invalidField(
        'assetKeys',
        `unknown asset key ${unknown}: the emulator keeps the original only (src)`,
        'VALIDATION',
      );
    }
    const f = readyFile(ctx, fileIdOf(q.fileId));
    const url = signedUrl(ctx, {
      k: 'file',
      ids: [f.id],
      e: ctx.now() + (q.expirationInMinutes ?? DEFAULT_DOWNLOAD_MINUTES) * 60_000,
      n: q.downloadFileName || f.file_name,
      d: q.contentDisposition ?? 'ATTACHMENT',
      ...(q.expirationRedirectUrl ? { r: q.expirationRedirectUrl } : {}),
    });
    return { json: { downloadUrls: [{ url, assetKey: 'src' }] } };
  });

  router.operation(adminOps.generateFilesDownloadUrl, (ctx) => {
    ctx.requireAdmin();
    const q = validate(z.object({ fileIds: z.array(z.string().min(1).max(1000)).min(1).max(1000) }).strict(), ctx.body);
    const files = [...new Set(q.fileIds.map(fileIdOf))].map((id) => readyFile(ctx, id));
    const expires = ctx.now() + DEFAULT_DOWNLOAD_MINUTES * 60_000;
    const set = randomUUID();
    saveDownloadSet(
      ctx.db,
      set,
      files.map((f) => f.id),
      expires,
      ctx.now(),
    );
    const url = signedUrl(ctx, { k: 'files', ids: [set], e: expires, n: 'files.zip' });
    return { json: { downloadUrl: url } };
  });

  router.operation(adminOps.generateFolderDownloadUrl, (ctx) => {
    ctx.requireAdmin();
    const id = validate(z.string().min(1).max(100), ctx.params['folderId'], 'folderId');
    const folder = getFolder(ctx.db, id);
    if (!folder) throw notFound(`Folder ${id} not found`, 'FOLDER_NOT_FOUND', { folderId: id });
    const url = signedUrl(ctx, {
      k: 'folder',
      ids: [folder.id],
      e: ctx.now() + DEFAULT_DOWNLOAD_MINUTES * 60_000,
      n: `${segment(folder.display_name)}.zip`,
    });
    return { json: { downloadUrl: url } };
  });

  router.operation(adminOps.generateVideoStreamingUrl, (ctx) => {
    ctx.requireAdmin();
    const q = validate(
      z
        .object({
          fileId: z.string().min(1).max(1000),
          format: z.enum(['UNKNOWN', 'HLS', 'DASH']).optional(),
          expirationInMinutes: z.number().int().min(60).max(1440).nullish(),
        })
        .strict(),
      ctx.body,
    );
    if (q.format === 'HLS' || q.format === 'DASH') {
      throw invalidField(
        'format',
        'the emulator makes no HLS or DASH renditions: ask for UNKNOWN (the file itself)',
        'VALIDATION',
      );
    }
    const f = readyFile(ctx, fileIdOf(q.fileId));
    if (f.media_type !== 'VIDEO') {
      throw failedPrecondition(`File ${f.id} is not a video`, 'NOT_A_VIDEO', { fileId: f.id, mediaType: f.media_type });
    }
    const url = signedUrl(ctx, {
      k: 'file',
      ids: [f.id],
      e: ctx.now() + (q.expirationInMinutes ?? DEFAULT_STREAM_MINUTES) * 60_000,
      n: f.file_name,
      d: 'INLINE',
    });
    return { json: { downloadUrl: { url, assetKey: 'src' } } };
  });

  router.get(
    `${DOWNLOAD_PATH}/:token`,
    (ctx): HandlerResult => {
      const grant = readGrant(ctx, ctx.params['token'] ?? '');
      if (!grant) throw forbidden('This download link is not valid', 'INVALID_DOWNLOAD_URL');
      if (grant.e < ctx.now()) {
        if (grant.r) return { status: 302, body: '', headers: { Location: grant.r } };
        throw forbidden('This download link has expired', 'DOWNLOAD_URL_EXPIRED');
      }
      const headers = {
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      };
      if (grant.k === 'file') {
        const f = getFile(ctx.db, grant.ids[0]!);
        const bytes = f && bytesOf(ctx, f);
        if (!f || !bytes) throw notFound('Media file not found', 'MEDIA_NOT_FOUND');
        return {
          body: bytes,
          contentType: f.mime_type,
          headers: {
            ...headers,
            'Content-Disposition': disposition(grant.d === 'INLINE' ? 'inline' : 'attachment', grant.n ?? f.file_name),
          },
        };
      }
      const taken = new Set<string>();
      const entries: { name: string; data: Buffer; date: Date }[] = [];
      const add = (f: FileRow, dir: string) => {
        const data = bytesOf(ctx, f);
        if (data)
          entries.push({ name: dir + unique(taken, segment(f.file_name)), data, date: new Date(f.updated_date) });
      };
      if (grant.k === 'files') {
        for (const f of getFiles(ctx.db, downloadSet(ctx.db, grant.ids[0]!) ?? [])) add(f, '');
      } else {
        const root = getFolder(ctx.db, grant.ids[0]!);
        if (!root) throw notFound('Folder not found', 'FOLDER_NOT_FOUND');
        // each folder's path inside the archive, from the folder downloaded
        const paths = new Map<string, string>([[root.id, '']]);
        for (const id of subtreeFolderIds(ctx.db, root.id)) {
          if (paths.has(id)) continue;
          const chain: string[] = [];
          // (moves never make a loop; the bound is a guard all the same)
          for (
            let f = getFolder(ctx.db, id), hops = 0;
            f && f.id !== root.id && hops < 100;
            f = getFolder(ctx.db, f.parent_folder_id ?? ''), hops++
          ) {
            chain.unshift(segment(f.display_name));
          }
          paths.set(id, chain.map((c) => `${c}/`).join(''));
        }
        for (const f of filesInFolders(ctx.db, [...paths.keys()])) {
          if (f.state === 'OK' || root.state === 'DELETED') add(f, paths.get(f.parent_folder_id) ?? '');
        }
      }
      let archive: Buffer;
      try {
        archive = zip(entries);
      } catch {
        throw failedPrecondition('Too many or too large files for one archive', 'ARCHIVE_TOO_LARGE');
      }
      return {
        body: archive,
        contentType: 'application/zip',
        headers: { ...headers, 'Content-Disposition': disposition('attachment', grant.n ?? 'files.zip') },
      };
    },
    { cors: 'public' },
  );
};

/** A file that exists and is READY; 404 / 428 otherwise. */
function readyFile(ctx: RequestContext, id: string): FileRow {
  const f = getFile(ctx.db, id);
  if (!f) throw notFound(`File ${id} not found`, 'FILE_NOT_FOUND', { fileId: id });
  if (f.operation_status !== 'READY') {
    throw failedPrecondition(`File ${id} is ${f.operation_status}, not READY`, 'FILE_NOT_READY', {
      fileId: id,
      operationStatus: f.operation_status,
    });
  }
  return f;
}
