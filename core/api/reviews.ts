/**
 * Reading reviews (docs/spec/wire-protocol.md §4): the schema, the query and the count, shared by `<inlay-reviews>`
 * and `<inlay-rating>`.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { imageSchema } from './media.ts';
import { ops } from '../urls.ts';

/** A review as the widgets use it (docs/spec/wire-protocol.md §4; other fields are ignored). */
export const reviewSchema = z.object({
  id: z.string(),
  namespace: z.optional(z.string()),
  entityId: z.string(),
  content: z.object({
    title: z.optional(z.string()),
    body: z.optional(z.string()),
    rating: z.number(),
    media: z.optional(z.array(z.object({ image: z.optional(imageSchema) }))),
  }),
  author: z.optional(z.object({ contactId: z.optional(z.string()), authorName: z.optional(z.string()) })),
  reply: z.optional(z.object({ message: z.optional(z.string()), createdDate: z.optional(z.nullable(z.string())) })),
  moderation: z.optional(z.object({ moderationStatus: z.optional(z.string()) })),
  verified: z.optional(z.boolean()),
  helpfulness: z.optional(z.number()),
  createdDate: z.optional(z.string()),
  reviewDate: z.optional(z.string()),
});
export type Review = z.infer<typeof reviewSchema>;

export type Filter = Record<string, unknown>;
// No "most helpful": the platform has no call to vote a review helpful (docs/wire.md).
export type SortKey = 'newest' | 'oldest' | 'highest' | 'lowest';
/** The list's sort choices on the wire (ties: newest first). */
export const SORTS: Record<SortKey, { fieldName: string; order: 'ASC' | 'DESC' }[]> = {
  newest: [{ fieldName: 'createdDate', order: 'DESC' }],
  oldest: [{ fieldName: 'createdDate', order: 'ASC' }],
  highest: [
    { fieldName: 'content.rating', order: 'DESC' },
    { fieldName: 'createdDate', order: 'DESC' },
  ],
  lowest: [
    { fieldName: 'content.rating', order: 'ASC' },
    { fieldName: 'createdDate', order: 'DESC' },
  ],
};
/** The platform's filter for reviews with at least one photo or video (`content.media` takes `$isEmpty` only). */
export const WITH_MEDIA: Filter = { 'content.media': { $isEmpty: false } };

export interface ReviewPage {
  reviews: Review[];
  /** Opaque cursor of the next page; absent on the last. */
  next?: string;
}

/** `POST /reviews/v1/reviews/query`: filter, sort, cursor paging. */
export async function queryReviews(
  http: Http,
  o: { filter?: Filter; sort?: SortKey; limit?: number; cursor?: string; returnPrivate?: boolean },
): Promise<ReviewPage> {
  const schema = z.object({
    reviews: z.array(reviewSchema),
    metadata: z.optional(z.object({ cursors: z.optional(z.object({ next: z.optional(z.nullable(z.string())) })) })),
  });
  const r = await http.request({
    ...ops.queryReviews,
    body: {
      // a next page sends the cursor alone: it carries the filter and sort (the platform refuses them beside it)
      query: o.cursor
        ? { cursorPaging: { limit: o.limit ?? 10, cursor: o.cursor } }
        : { filter: o.filter, sort: o.sort && SORTS[o.sort], cursorPaging: { limit: o.limit ?? 10 } },
      ...(o.returnPrivate ? { returnPrivateReviews: true } : {}),
    },
    schema,
    kind: 'read',
  });
  return { reviews: r.reviews, next: r.metadata?.cursors?.next ?? undefined };
}

/** `POST /reviews/v1/reviews/count` (published reviews unless `includePrivate`). */
export async function countReviews(http: Http, filter: Filter, includePrivate = false): Promise<number> {
  const r = await http.request({
    ...ops.countReviews,
    body: { filter, ...(includePrivate ? { includePrivateReviews: true } : {}) },
    schema: z.object({ count: z.number() }),
    kind: 'read',
  });
  return r.count;
}
