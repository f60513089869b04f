import { z } from 'zod/mini';
import { client } from '../boot.ts';
import { InlayApiError } from '../errors.ts';
import { api, route } from '../urls.ts';
import { reviewSchema, type Filter } from './review-summary.ts';

export * from './review-summary.ts';

const one = z.object({ review: reviewSchema });
const empty = z.object({});
const image = z.object({ id: z.optional(z.string()), url: z.string(), width: z.optional(z.number()), height: z.optional(z.number()) });

export const getReview = async (id: string) =>
  (await client().http.request({ ...route(api.getReview, { id }), query: { returnPrivateReviews: true }, schema: one, kind: 'read' })).review;

export interface ReviewContent {
  rating: number;
  title?: string;
  body?: string;
  media?: { image: { id?: string; url: string; width?: number; height?: number } }[];
}

/** A member's review: `author.contactId` is the member's own contact. */
export const createReview = async (review: { namespace: string; entityId: string; content: ReviewContent; author: { contactId: string; authorName?: string } }) =>
  (await client().http.request({ ...api.createReview, body: { review }, schema: one, kind: 'write' })).review;

/** A visitor's review: name and email make (or find) a contact. */
export const createReviewAndContact = async (body: { namespace: string; entityId: string; content: ReviewContent; name?: string; email?: string }) =>
  (await client().http.request({ ...api.createReviewAndContact, body, schema: one, kind: 'write' })).review;

export const updateReview = async (id: string, content: Partial<ReviewContent>) =>
  (await client().http.request({ ...route(api.updateReview, { id }), body: { review: { content } }, schema: one, kind: 'write' })).review;

export const deleteReview = async (id: string) => {
  await client().http.request({ ...route(api.deleteReview, { id }), schema: empty, kind: 'write' });
};
export const replyToReview = async (id: string, message: string) =>
  (await client().http.request({ ...route(api.replyToReview, { id }), body: { message }, schema: one, kind: 'write' })).review;
export const deleteReply = async (id: string) =>
  (await client().http.request({ ...route(api.deleteReviewReply, { id }), schema: one, kind: 'write' })).review;
export const moderateReview = async (id: string, status: 'APPROVED' | 'REJECTED') =>
  (await client().http.request({ ...route(api.moderateReview, { id }), body: { status }, schema: one, kind: 'write' })).review;
export const bulkModerate = async (filter: Filter, status: 'APPROVED' | 'REJECTED') => {
  await client().http.request({ ...api.bulkModerateReviews, body: { filter, status }, schema: empty, kind: 'write' });
};
export const bulkDelete = async (filter: Filter) => {
  await client().http.request({ ...api.bulkDeleteReviews, body: { filter }, schema: empty, kind: 'write' });
};

// -------------------------------------------------------------------------------------------- media

/**
 * Upload one photo: the site media service's upload URL, then the bytes `PUT` to it (the URL is the permission, so
 * no token goes with it). Returns the image for `content.media`.
 */
export async function uploadPhoto(file: File): Promise<{ id?: string; url: string; width?: number; height?: number }> {
  const c = client();
  const { uploadUrl } = await c.http.request({
    ...api.generateUploadUrl,
    body: { mimeType: file.type, fileName: file.name || 'photo', sizeInBytes: file.size },
    schema: z.object({ uploadUrl: z.string() }),
    kind: 'write',
  });
  if (!/^https?:\/\//i.test(uploadUrl)) throw new InlayApiError({ kind: 'parse', message: 'upload URL is not http(s)' });
  return c.http.request({
    method: 'PUT',
    path: uploadUrl,
    body: file,
    auth: false,
    schema: z.pipe(
      z.object({ file: z.object({ id: z.string(), url: z.string(), media: z.optional(z.object({ image: z.optional(z.object({ image: z.optional(image) })) })) }) }),
      z.transform(({ file: f }) => ({ id: f.id, url: f.url, width: f.media?.image?.image?.width, height: f.media?.image?.image?.height })),
    ),
    kind: 'write',
  });
}
