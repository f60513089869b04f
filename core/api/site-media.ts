/**
 * Site media (spec "Media files"): the upload of a review photo, used by the review form only (its chunk). On the
 * platform `generate-upload-url` takes an admin identity only (docs/spec/wire-protocol.md §11.5): a visitor's or
 * member's token is refused, which the form tells on the photo; the site companion (issue 16) is the path that works
 * there.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { InlayApiError } from '../errors.ts';
import { imageSchema, type Image } from './media.ts';
import { ops } from '../urls.ts';
import { httpUrl } from '../safe-url.ts';

/**
 * Upload one photo: the site media service's upload URL, then the bytes `PUT` to it (the URL is the permission, so
 * no token goes with it). Returns the image for `content.media`.
 */
export async function uploadPhoto(http: Http, file: File): Promise<Image> {
  const { uploadUrl } = await http.request({
    ...ops.generateUploadUrl,
    body: { mimeType: file.type, fileName: file.name || 'photo', sizeInBytes: file.size },
    schema: z.object({ uploadUrl: z.string() }),
  });
  if (!httpUrl(uploadUrl)) throw new InlayApiError({ kind: 'parse', message: 'upload URL is not http(s)' });
  return http.request({
    method: 'PUT',
    path: uploadUrl,
    body: file,
    auth: false,
    schema: z.pipe(
      z.object({
        file: z.object({
          id: z.string(),
          url: z.string(),
          media: z.optional(z.object({ image: z.optional(z.object({ image: z.optional(imageSchema) })) })),
        }),
      }),
      z.transform(({ file: f }) => ({
        id: f.id,
        url: f.url,
        width: f.media?.image?.image?.width,
        height: f.media?.image?.image?.height,
      })),
    ),
  });
}
