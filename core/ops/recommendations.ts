import { op } from './op.ts';

const RECS = '/v1/recommendations';

// Recommendations (docs/spec/wire-protocol.md §8); alias `/ecom/v1/recommendations/…`.
export const listAlgorithms = op('GET', `${RECS}/algorithms`);
export const getRecommendation = op('POST', `${RECS}/get`);
