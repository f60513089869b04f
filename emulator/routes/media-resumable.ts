/**
 * Resumable uploads (generateFileResumableUploadUrl; docs/wire.md "Media library"), as the platform documents its
 * Resumable Upload API: the answer's `uploadUrl` is a tus 1.0.0 endpoint (core protocol and the creation extension);
 * when the tus upload is complete, `PUT <uploadUrl>/<uploadToken>?filename=<name>` finishes it and answers the file.
 * The URL's secret is the upload's authorization (no token needed), as the upload token's is the finish's. The same
 * rules as every upload: PNG, JPEG, GIF, WebP sniffed from the bytes, at most `MAX_UPLOAD_BYTES`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { adminOps } from '../../core/urls.ts';
import { sha256Hex } from '../db.ts';
import {
  createResumable,
  finishResumable,
  resumableUpload,
  setResumableReceived,
  startResumable,
} from '../domain/media.ts';
import type { Resumable } from '../domain/media.ts';
import { bytesPath, getFile, getFolder, toDescriptor } from '../domain/media-library.ts';
import { PlatformError, badRequestApp, conflict, forbidden, invalidField, notFound } from '../errors.ts';
import type { HandlerResult, RequestContext, RouteModule } from '../router.ts';
import { oneLine, validate } from '../validate.ts';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_PATH, sniffImage } from './site-media.ts';

export const RESUMABLE_PATH = `${UPLOAD_PATH}/resumable`;
/** How long a resumable upload URL lasts. */
const RESUMABLE_TTL_MS = 24 * 60 * 60 * 1000;
const TUS_VERSION = '1.0.0';
/** The headers a tus client in a browser must read. */
const TUS_HEADERS = {
  'Tus-Resumable': TUS_VERSION,
  'Cache-Control': 'no-store',
  'Access-Control-Expose-Headers':
    'Location, Upload-Offset, Upload-Length, Tus-Resumable, Tus-Version, x-wix-request-id',
};

const generateSchema = z
  .object({
    mimeType: z.enum(IMAGE_TYPES),
    fileName: oneLine().pipe(z.string().trim().min(1).max(200)).nullish(),
    sizeInBytes: z
      .union([
        z.number().int().min(1).max(MAX_UPLOAD_BYTES),
        z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive integer (int64 as a decimal string)'),
      ])
      .nullish(),
    parentFolderId: z.string().min(1).max(100).nullish(),
    private: z.boolean().nullish(),
    labels: z
      .array(oneLine().pipe(z.string().trim().min(1).max(200)))
      .max(100)
      .nullish(),
    uploadProtocol: z.enum(['TUS']).optional(),
    filePath: z.string().max(500).nullish(),
  })
  .strict();

/** The upload behind the URL's secret, or 404. */
function upload(ctx: RequestContext): { secret: string; up: Resumable } {
  const secret = ctx.params['secret'] ?? '';
  const up = resumableUpload(ctx.db, secret, ctx.now());
  if (!up) throw notFound('Unknown, finished or expired upload URL', 'UPLOAD_URL_NOT_FOUND');
  return { secret, up };
}

/** A started upload's id in the path must be the one the creation made. */
function started(ctx: RequestContext): { secret: string; up: Resumable & { uploadId: string; length: number } } {
  const { secret, up } = upload(ctx);
  if (!up.uploadId || up.length === null || ctx.params['uploadId'] !== up.uploadId) {
    throw notFound('Unknown upload', 'UPLOAD_NOT_FOUND');
  }
  return { secret, up: up as Resumable & { uploadId: string; length: number } };
}

function tusVersion(ctx: RequestContext): void {
  if (ctx.req.headers['tus-resumable'] !== TUS_VERSION) {
    throw new PlatformError(
      412,
      `Tus-Resumable ${TUS_VERSION} is required`,
      {
        applicationError: { code: 'TUS_VERSION_UNSUPPORTED', description: `Tus-Resumable ${TUS_VERSION} is required` },
      },
      { 'Tus-Version': TUS_VERSION },
    );
  }
}

const partPath = (ctx: RequestContext, uploadId: string) => bytesPath(ctx.app.mediaDir, `${uploadId}.part`);

/** A non-negative integer header, or 400 naming it. */
function intHeader(ctx: RequestContext, name: string): number {
  const v = ctx.req.headers[name.toLowerCase()];
  if (typeof v !== 'string' || !/^\d{1,16}$/.test(v))
    throw invalidField(name, 'must be a non-negative integer', 'FORMAT');
  return Number(v);
}

export const mediaResumableRoutes: RouteModule = (router) => {
  router.operation(adminOps.generateFileResumableUploadUrl, (ctx) => {
    const who = ctx.requireAdmin();
    const body = validate(generateSchema, ctx.body);
    if (body.sizeInBytes != null && Number(body.sizeInBytes) > MAX_UPLOAD_BYTES) {
      throw invalidField('sizeInBytes', `must be at most ${MAX_UPLOAD_BYTES} bytes`, 'MAX', {
        threshold: MAX_UPLOAD_BYTES,
      });
    }
    if (body.filePath) throw invalidField('filePath', 'is not supported by the emulator; use parentFolderId');
    const parentFolderId = body.parentFolderId || 'media-root';
    if (getFolder(ctx.db, parentFolderId)?.state !== 'OK') {
      throw notFound(`Folder ${parentFolderId} not found`, 'FOLDER_NOT_FOUND', { folderId: parentFolderId });
    }
    const secret = randomBytes(24).toString('base64url');
    const uploadToken = randomBytes(24).toString('base64url');
    createResumable(ctx.db, secret, uploadToken, {
      fileName: body.fileName || 'file',
      parentFolderId,
      labels: body.labels ?? [],
      private: body.private ?? false,
      createdBy: `admin:${who.clientId ?? who.via}`,
      expiresAt: ctx.now() + RESUMABLE_TTL_MS,
    });
    return { json: { uploadProtocol: 'TUS', uploadUrl: `${ctx.baseUrl}${RESUMABLE_PATH}/${secret}`, uploadToken } };
  });

  // tus creation: `Upload-Length` (at most MAX_UPLOAD_BYTES); one upload per URL
  router.post(
    `${RESUMABLE_PATH}/:secret`,
    (ctx): HandlerResult => {
      tusVersion(ctx);
      const { secret, up } = upload(ctx);
      if (up.uploadId) throw conflict('This upload URL already has an upload', 'UPLOAD_ALREADY_CREATED');
      const length = intHeader(ctx, 'Upload-Length');
      if (length === 0) throw badRequestApp('EMPTY_FILE', 'The upload is empty');
      if (length > MAX_UPLOAD_BYTES) {
        throw new PlatformError(413, `The file is larger than ${MAX_UPLOAD_BYTES} bytes`, {
          applicationError: { code: 'FILE_TOO_LARGE', description: `At most ${MAX_UPLOAD_BYTES} bytes` },
        });
      }
      const uploadId = randomUUID();
      writeFileSync(partPath(ctx, uploadId), Buffer.alloc(0));
      startResumable(ctx.db, secret, uploadId, length);
      return {
        status: 201,
        body: '',
        headers: {
          ...TUS_HEADERS,
          Location: `${ctx.baseUrl}${RESUMABLE_PATH}/${secret}/${uploadId}`,
          'Upload-Offset': '0',
        },
      };
    },
    { cors: 'public' },
  );

  // tus HEAD (GET answers it): how much arrived
  router.get(
    `${RESUMABLE_PATH}/:secret/:uploadId`,
    (ctx): HandlerResult => {
      const { up } = started(ctx);
      return {
        status: 200,
        body: '',
        headers: { ...TUS_HEADERS, 'Upload-Offset': String(up.received), 'Upload-Length': String(up.length) },
      };
    },
    { cors: 'public' },
  );

  // tus PATCH: the next bytes, at the offset the server has
  router.patch(
    `${RESUMABLE_PATH}/:secret/:uploadId`,
    (ctx): HandlerResult => {
      tusVersion(ctx);
      const { secret, up } = started(ctx);
      if (ctx.req.headers['content-type'] !== 'application/offset+octet-stream') {
        throw new PlatformError(415, 'Content-Type must be application/offset+octet-stream', {
          applicationError: { code: 'UNSUPPORTED_MEDIA_TYPE', description: 'application/offset+octet-stream only' },
        });
      }
      const offset = intHeader(ctx, 'Upload-Offset');
      const path = partPath(ctx, up.uploadId);
      // the file on disk is the truth (a crash between the append and the row's update leaves it longer)
      const have = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
      if (offset !== have) {
        throw new PlatformError(
          409,
          `Upload-Offset ${offset} does not match the ${have} bytes received`,
          { applicationError: { code: 'OFFSET_MISMATCH', description: `${have} bytes received so far` } },
          { ...TUS_HEADERS, 'Upload-Offset': String(have) },
        );
      }
      const chunk = ctx.rawBody ?? Buffer.alloc(0);
      if (have + chunk.length > up.length) {
        throw new PlatformError(413, 'More bytes than Upload-Length', {
          applicationError: { code: 'FILE_TOO_LARGE', description: `Upload-Length is ${up.length}` },
        });
      }
      appendFileSync(path, chunk);
      setResumableReceived(ctx.db, secret, have + chunk.length);
      return { status: 204, body: '', headers: { ...TUS_HEADERS, 'Upload-Offset': String(have + chunk.length) } };
    },
    { cors: 'public', raw: { limitBytes: MAX_UPLOAD_BYTES } },
  );

  // the finish: `PUT <uploadUrl>/<uploadToken>?filename=<name>`, once every byte arrived
  router.put(
    `${RESUMABLE_PATH}/:secret/:uploadToken`,
    (ctx) => {
      const { secret, up } = upload(ctx);
      if (sha256Hex(ctx.params['uploadToken'] ?? '') !== up.finishHash) {
        throw forbidden('This upload token does not finish this upload', 'INVALID_UPLOAD_TOKEN');
      }
      const name = ctx.query.get('filename');
      const fileName =
        name === null ? up.fileName : validate(oneLine().pipe(z.string().trim().min(1).max(200)), name, 'filename');
      if (!up.uploadId || up.length === null) throw conflict('Nothing was uploaded yet', 'UPLOAD_INCOMPLETE');
      const path = partPath(ctx, up.uploadId);
      let bytes: Buffer;
      try {
        bytes = readFileSync(path);
      } catch {
        throw conflict('The bytes received so far are gone; start again', 'UPLOAD_INCOMPLETE');
      }
      if (bytes.length !== up.length) {
        throw conflict(`${bytes.length} of ${up.length} bytes received`, 'UPLOAD_INCOMPLETE', {
          received: bytes.length,
          length: up.length,
        });
      }
      const sniffed = sniffImage(bytes);
      if (!sniffed) {
        throw badRequestApp('UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG, GIF and WebP images can be uploaded');
      }
      const id = randomUUID();
      finishResumable(ctx.db, ctx.app.mediaDir, secret, {
        id,
        fileName,
        mimeType: sniffed.mime,
        content: bytes,
        width: sniffed.width ?? null,
        height: sniffed.height ?? null,
        createdBy: up.createdBy,
        createdDate: new Date(ctx.now()).toISOString(),
        parentFolderId: getFolder(ctx.db, up.parentFolderId)?.state === 'OK' ? up.parentFolderId : 'media-root',
        labels: up.labels,
        private: up.private,
      });
      rmSync(path, { force: true });
      return { json: { file: toDescriptor(getFile(ctx.db, id)!, ctx.apiUrl) } };
    },
    { cors: 'public' },
  );
};
