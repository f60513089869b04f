import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import type { InlayClient } from '../client.ts';
import { ops } from '../urls.ts';
import { STORES_APP_ID } from './products.ts';

export const algorithmSchema = z.object({
  config: z.object({
    name: z.string(),
    algorithmType: z.enum(['RELATED_ITEMS', 'GLOBAL', 'UNSPECIFIED']),
    algorithmId: z.string(),
  }),
  appId: z.string(),
});
export type AvailableAlgorithm = z.infer<typeof algorithmSchema>;

/** The site's recommendation algorithms. */
export const fetchAlgorithms = (http: Http): Promise<AvailableAlgorithm[]> =>
  http
    .request({ ...ops.listAlgorithms, schema: z.object({ availableAlgorithms: z.array(algorithmSchema) }) })
    .then((r) => r.availableAlgorithms);

const refSchema = z.object({ appId: z.string(), catalogItemId: z.string() });

/**
 * Items recommended by the first algorithm (in order of preference) that finds at least `minimum`, for the given
 * items. It reads, so it retries like one (it is a POST only because the body is structured).
 */
export async function getRecommendation(
  { http }: Pick<InlayClient, 'http'>,
  algorithms: AvailableAlgorithm[],
  itemIds: string[],
  minimum: number,
) {
  const r = await http.request({
    ...ops.getRecommendation,
    body: {
      algorithms: algorithms.map((a) => ({ id: a.config.algorithmId, appId: a.appId })),
      ...(itemIds.length ? { items: itemIds.map((catalogItemId) => ({ appId: STORES_APP_ID, catalogItemId })) } : {}),
      minimumRecommendedItems: Math.min(100, minimum),
    },
    schema: z.object({
      recommendation: z.object({
        items: z.array(refSchema),
        algorithm: z.object({ id: z.string(), appId: z.string() }),
      }),
    }),
    kind: 'read',
  });
  return r.recommendation;
}
