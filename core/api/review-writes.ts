/** Reading one review and writing reviews (members; the owner's calls need an admin identity): `<inlay-reviews>` only. */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import type { Image } from './media.ts';
import { ops, route } from '../urls.ts';
import { reviewSchema, type Filter } from './reviews.ts';

const one = z.object({ review: reviewSchema });
/** The bulk calls start an asynchronous job and answer its id only (`{jobId}`). */
const job = z.object({ jobId: z.string() });

export const getReview = async (http: Http, id: string) =>
  (await http.request({ ...route(ops.getReview, { id }), query: { returnPrivateReviews: true }, schema: one })).review;

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
) => (await http.request({ ...ops.createReview, body: { review }, schema: one })).review;

export const updateReview = async (http: Http, id: string, content: Partial<ReviewContent>) =>
  (await http.request({ ...route(ops.updateReview, { id }), body: { review: { content } }, schema: one })).review;

/** Delete a review; the platform answers the review as it was. */
export const deleteReview = async (http: Http, id: string) =>
  (await http.request({ ...route(ops.deleteReview, { id }), schema: one })).review;
export const replyToReview = async (http: Http, id: string, message: string) =>
  (await http.request({ ...route(ops.replyToReview, { id }), body: { message }, schema: one })).review;
export const deleteReply = async (http: Http, id: string) =>
  (await http.request({ ...route(ops.deleteReviewReply, { id }), schema: one })).review;
export const moderateReview = async (http: Http, id: string, status: 'APPROVED' | 'REJECTED') =>
  (await http.request({ ...route(ops.moderateReview, { id }), body: { status }, schema: one })).review;
/** Start moderating every review `filter` matches; returns the job's id (the job may still run). */
export const bulkModerate = async (http: Http, filter: Filter, status: 'APPROVED' | 'REJECTED') =>
  (await http.request({ ...ops.bulkModerateReviews, body: { filter, status }, schema: job })).jobId;
/** Start deleting every review `filter` matches; returns the job's id (the job may still run). */
export const bulkDelete = async (http: Http, filter: Filter) =>
  (await http.request({ ...ops.bulkDeleteReviews, body: { filter }, schema: job })).jobId;
