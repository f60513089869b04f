/**
 * Site media uploads (spec "Media files": `POST /v1/files/generate-upload-url`, served here as
 * `/site-media/v1/files/generate-upload-url`), for an admin identity only: the site's server asks for the URL (review
 * photos into `visitor-uploads`, the owner's uploads into any folder). The answer's `uploadUrl` takes the bytes in a
 * `PUT` (or `POST`); the type is sniffed from the bytes (PNG, JPEG, GIF, WebP only), the bytes go to the media
 * directory and the descriptor to the media library (media-library.ts), and a public file is served from
 * `/media/uploads/<id>`.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ops } from '../../core/urls.ts';
import { stableId } from '../db.ts';
import { createUpload, getUploadedFile, pendingUpload, storeUpload } from '../domain/media.ts';
import { getFile, getFolder, toDescriptor } from '../domain/media-library.ts';
import { badRequestApp, invalidField, notFound } from '../errors.ts';
import type { Handler, RouteModule } from '../router.ts';
import { validate } from '../validate.ts';

export const GENERATE_UPLOAD_URL = ops.generateUploadUrl.path;
export const UPLOAD_PATH = '/site-media/v1/upload';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const generateSchema = z.object({
  mimeType: z.enum(IMAGE_TYPES),
  fileName: z.string().trim().min(1).max(200),
  // int64: a decimal string on the wire (the SDK's type, docs/spec/wire-protocol.md §11.8); a JSON number is accepted
  // too, as proto3 JSON parsing accepts both for int64
  sizeInBytes: z
    .union([
      z.number().int().min(1).max(MAX_UPLOAD_BYTES),
      z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive integer (int64 as a decimal string)'),
    ])
    .optional(),
  parentFolderId: z.string().max(100).optional(),
  private: z.boolean().optional(),
  labels: z.array(z.string().max(200)).max(100).optional(),
  filePath: z.string().max(500).optional(),
});

/** The image type of `b` by its magic number, with its pixel size when cheap to read. */
export function sniffImage(
  b: Buffer,
): { mime: (typeof IMAGE_TYPES)[number]; width?: number; height?: number } | undefined {
  if (b.length >= 24 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ...jpegSize(b) };
  if (
    b.length >= 10 &&
    (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')
  ) {
    return { mime: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  }
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { mime: 'image/webp', ...webpSize(b) };
  }
  return undefined;
}

/** A JPEG's pixel size from its first start-of-frame segment, when the bytes reach it. */
function jpegSize(b: Buffer): { width?: number; height?: number } {
  let p = 2;
  for (let segments = 0; segments < 1000 && p + 9 <= b.length; segments++) {
    if (b[p] !== 0xff) return {};
    const marker = b[p + 1]!;
    if (marker === 0xff) {
      p++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      p += 2; // no length
      continue;
    }
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = b.readUInt16BE(p + 5);
      const width = b.readUInt16BE(p + 7);
      return width && height ? { width, height } : {};
    }
    p += 2 + b.readUInt16BE(p + 2);
  }
  return {};
}

/** A WebP's pixel size from its first chunk (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(b: Buffer): { width?: number; height?: number } {
  const chunk = b.length >= 16 ? b.subarray(12, 16).toString('latin1') : '';
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    return {
      width: 1 + (b[21]! | ((b[22]! & 0x3f) << 8)),
      height: 1 + ((b[22]! >> 6) | (b[23]! << 2) | ((b[24]! & 0x0f) << 10)),
    };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  return {};
}

export const siteMediaRoutes: RouteModule = (router) => {
  router.operation(ops.generateUploadUrl, (ctx) => {
    // admin identities only (docs/spec/wire-protocol.md §11.5: "only when authenticated as a Wix app or Wix user
    // identity"): visitor and member tokens are refused 403 before the body is read
    const who = ctx.requireAdmin();
    const body = validate(generateSchema, ctx.body);
    if (body.sizeInBytes !== undefined && Number(body.sizeInBytes) > MAX_UPLOAD_BYTES) {
      throw invalidField('sizeInBytes', `must be at most ${MAX_UPLOAD_BYTES} bytes`, 'MAX', {
        threshold: MAX_UPLOAD_BYTES,
      });
    }
    const parentFolderId = body.parentFolderId || 'media-root';
    if (getFolder(ctx.db, parentFolderId)?.state !== 'OK') {
      throw notFound(`Folder ${parentFolderId} not found`, 'FOLDER_NOT_FOUND', { folderId: parentFolderId });
    }
    const secret = randomBytes(24).toString('base64url');
    createUpload(ctx.db, secret, {
      fileName: body.fileName,
      mimeType: body.mimeType,
      createdBy: `admin:${who.clientId ?? who.via}`,
      expiresAt: ctx.now() + UPLOAD_URL_TTL_MS,
      parentFolderId,
      ...(body.labels ? { labels: body.labels } : {}),
      ...(body.private ? { private: true } : {}),
    });
    return { json: { uploadUrl: `${ctx.baseUrl}${UPLOAD_PATH}/${secret}` } };
  });

  const upload: Handler = (ctx) => {
    const secret = ctx.params['token'] ?? '';
    const pending = pendingUpload(ctx.db, secret, ctx.now());
    if (!pending) throw notFound('Unknown or expired upload URL', 'UPLOAD_URL_NOT_FOUND');
    const bytes = ctx.rawBody ?? Buffer.alloc(0);
    if (bytes.length === 0) throw badRequestApp('EMPTY_FILE', 'The upload is empty');
    const sniffed = sniffImage(bytes);
    if (!sniffed) throw badRequestApp('UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG, GIF and WebP images can be uploaded');
    const id = stableId(`upload:${secret}`);
    const nowIso = new Date(ctx.now()).toISOString();
    storeUpload(ctx.db, ctx.app.mediaDir, secret, {
      id,
      fileName: pending.fileName,
      mimeType: sniffed.mime,
      content: bytes,
      width: sniffed.width ?? null,
      height: sniffed.height ?? null,
      createdBy: pending.createdBy,
      createdDate: nowIso,
      parentFolderId: pending.parentFolderId,
      labels: pending.labels,
      private: pending.private,
    });
    return { json: { file: toDescriptor(getFile(ctx.db, id)!, ctx.apiUrl) } };
  };
  router.put(`${UPLOAD_PATH}/:token`, upload, { raw: { limitBytes: MAX_UPLOAD_BYTES } });
  router.post(`${UPLOAD_PATH}/:token`, upload, { raw: { limitBytes: MAX_UPLOAD_BYTES } });

  router.get(
    '/media/uploads/:id',
    (ctx) => {
      const file = getUploadedFile(ctx.db, ctx.app.mediaDir, ctx.params['id'] ?? '');
      if (!file) throw notFound('Media file not found', 'MEDIA_NOT_FOUND');
      return {
        body: file.content,
        contentType: file.mimeType,
        headers: {
          'Cache-Control': 'public, max-age=31536000, immutable',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'X-Content-Type-Options': 'nosniff',
          'Cross-Origin-Resource-Policy': 'cross-origin',
        },
      };
    },
    { cors: 'public' },
  );
};
