/** Reading one review and writing reviews (members, visitors, the site owner), and uploading their photos: `<inlay-reviews>` only. */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { InlayApiError } from '../errors.ts';
import { imageSchema, type Image } from './media.ts';
import { api, route } from '../urls.ts';
import { httpUrl } from '../safe-url.ts';
import { reviewSchema, type Filter } from './reviews.ts';

const one = z.object({ review: reviewSchema });
const empty = z.object({});

export const getReview = async (http: Http, id: string) =>
  (await http.request({ ...route(api.getReview, { id }), query: { returnPrivateReviews: true }, schema: one })).review;

export interface ReviewContent {
  rating: number;
  title?: string;
  body?: string;
  media?: { image: Image }[];
}

/** A member's review: `author.contactId` is the member's own contact. */
export const createReview = async (
  http: Http,
  review: {
    namespace: string;
    entityId: string;
    content: ReviewContent;
    author: { contactId: string; authorName?: string };
  },
) => (await http.request({ ...api.createReview, body: { review }, schema: one })).review;

/** A visitor's review: name and email make (or find) a contact. */
export const createReviewAndContact = async (
  http: Http,
  body: { namespace: string; entityId: string; content: ReviewContent; name?: string; email?: string },
) => (await http.request({ ...api.createReviewAndContact, body, schema: one })).review;

export const updateReview = async (http: Http, id: string, content: Partial<ReviewContent>) =>
  (await http.request({ ...route(api.updateReview, { id }), body: { review: { content } }, schema: one })).review;

export const deleteReview = async (http: Http, id: string) => {
  await http.request({ ...route(api.deleteReview, { id }), schema: empty });
};
export const replyToReview = async (http: Http, id: string, message: string) =>
  (await http.request({ ...route(api.replyToReview, { id }), body: { message }, schema: one })).review;
export const deleteReply = async (http: Http, id: string) =>
  (await http.request({ ...route(api.deleteReviewReply, { id }), schema: one })).review;
export const moderateReview = async (http: Http, id: string, status: 'APPROVED' | 'REJECTED') =>
  (await http.request({ ...route(api.moderateReview, { id }), body: { status }, schema: one })).review;
export const bulkModerate = async (http: Http, filter: Filter, status: 'APPROVED' | 'REJECTED') => {
  await http.request({ ...api.bulkModerateReviews, body: { filter, status }, schema: empty });
};
export const bulkDelete = async (http: Http, filter: Filter) => {
  await http.request({ ...api.bulkDeleteReviews, body: { filter }, schema: empty });
};

// -------------------------------------------------------------------------------------------- media

/**
 * Upload one photo: the site media service's upload URL, then the bytes `PUT` to it (the URL is the permission, so
 * no token goes with it). Returns the image for `content.media`.
 */
export async function uploadPhoto(http: Http, file: File): Promise<Image> {
  const { uploadUrl } = await http.request({
    ...api.generateUploadUrl,
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
