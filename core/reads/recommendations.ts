import { z } from 'zod/mini';
import type { InlayClient } from '../client.ts';
import { FRESH_ALGORITHMS_MS } from '../constants.ts';
import { algorithmSchema, fetchAlgorithms, type AvailableAlgorithm } from '../api/recommendations.ts';

/** The site's algorithms: one request for every carousel, kept across pages for an hour. */
export function listAlgorithms({ cache, http }: Pick<InlayClient, 'cache' | 'http'>): Promise<AvailableAlgorithm[]> {
  return cache.fetch('recs:algorithms', () => fetchAlgorithms(http), {
    fresh: FRESH_ALGORITHMS_MS,
    schema: z.array(algorithmSchema),
  });
}
