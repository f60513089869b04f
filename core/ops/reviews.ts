import { op } from './op.ts';

const REVIEWS = '/reviews/v1/reviews';

// Reviews (docs/spec/wire-protocol.md §4).
export const queryReviews = op('POST', `${REVIEWS}/query`);
export const countReviews = op('POST', `${REVIEWS}/count`);
export const createReview = op('POST', REVIEWS);
export const getReview = op('GET', `${REVIEWS}/{id}`);
export const updateReview = op('PATCH', `${REVIEWS}/{id}`);
export const deleteReview = op('DELETE', `${REVIEWS}/{id}`);
export const replyToReview = op('PATCH', `${REVIEWS}/{id}/reply`);
export const deleteReviewReply = op('DELETE', `${REVIEWS}/{id}/reply`);
export const moderateReview = op('PATCH', `${REVIEWS}/{id}/moderate`);
export const bulkModerateReviews = op('POST', '/reviews/v1/bulk/reviews/moderate');
export const bulkDeleteReviews = op('POST', '/reviews/v1/bulk/reviews/delete');
// Site media (spec "Media files"): the upload URL for review photos; service prefix chosen as `/site-media`.
export const generateUploadUrl = op('POST', '/site-media/v1/files/generate-upload-url');
