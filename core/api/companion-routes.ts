/**
 * The site companion's routes for visitors and members, and the owner's review moderation (docs/companion.md
 * "Operations"): their table (companion.ts has its shape and the calls). A module of its own because widgets import
 * companion.ts whole (`import('…/companion.ts')`), which keeps every one of its exports in their chunks: the table is
 * the companion's and the contract test's, the calls take the routes one by one.
 */
import { z } from 'zod/mini';
import { dictOf } from './json.ts';
import type { CompanionRoutes } from './companion.ts';
import { reviewSchema } from './reviews.ts';
import { imageSchema } from './media.ts';
import { stockRequestSchema } from './back-in-stock.ts';

const one = z.object({ review: reviewSchema });
const empty = z.object({});
const stockOne = z.object({ request: stockRequestSchema });

/** An ALTCHA v1 challenge (`GET /v1/challenge`). */
export const challengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number(),
  salt: z.string(),
  signature: z.string(),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const meRoute = {
  method: 'GET',
  path: '/me',
  schema: z.object({
    kind: z.string(),
    owner: z.boolean(),
    features: z.optional(dictOf((v): v is boolean => typeof v === 'boolean')),
  }),
} as const;
export const challengeRoute = { method: 'GET', path: '/challenge', schema: challengeSchema } as const;
export const visitorReviewRoute = { method: 'POST', path: '/reviews', schema: one } as const;
export const mediaRoute = { method: 'POST', path: '/media', schema: z.object({ image: imageSchema }) } as const;
export const newStockRequestRoute = {
  method: 'POST',
  path: '/stock-requests',
  schema: z.object({ request: stockRequestSchema, handle: z.string().check(z.minLength(1)) }),
} as const;
export const stockRequestRoute = { method: 'GET', path: '/stock-requests/{handle}', schema: stockOne } as const;
export const stopStockRequestRoute = { method: 'DELETE', path: '/stock-requests/{handle}', schema: empty } as const;
export const pendingRoute = {
  method: 'POST',
  path: '/reviews/pending',
  kind: 'read',
  schema: z.object({ reviews: z.array(reviewSchema), next: z.optional(z.nullable(z.string())) }),
} as const;
export const bulkModerateRoute = {
  method: 'POST',
  path: '/reviews/bulk-moderate',
  // the platform's job (asynchronous: it may still run) and how many reviews were pending when it started
  schema: z.object({ jobId: z.string(), count: z.number() }),
} as const;
export const moderateRoute = { method: 'POST', path: '/reviews/{id}/moderate', schema: one } as const;
export const replyRoute = { method: 'PUT', path: '/reviews/{id}/reply', schema: one } as const;
export const deleteReplyRoute = { method: 'DELETE', path: '/reviews/{id}/reply', schema: one } as const;
export const deleteReviewRoute = { method: 'DELETE', path: '/reviews/{id}', schema: empty } as const;

/** The visitor's and member's routes, and the owner's review moderation (docs/companion.md "Operations"). */
export const companionRoutes = [
  meRoute,
  challengeRoute,
  visitorReviewRoute,
  mediaRoute,
  newStockRequestRoute,
  stockRequestRoute,
  stopStockRequestRoute,
  pendingRoute,
  bulkModerateRoute,
  moderateRoute,
  replyRoute,
  deleteReplyRoute,
  deleteReviewRoute,
] as const satisfies CompanionRoutes;
