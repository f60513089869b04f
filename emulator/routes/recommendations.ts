/**
 * Recommendations (docs/spec/wire-protocol.md §8): `GET /v1/recommendations/algorithms` and
 * `POST /v1/recommendations/get`, also under the alias `/ecom/v1/recommendations/…`. Visitors and members may call them
 * (the real methods are typed for apps; docs/spec/wire-protocol.md §10.11 leaves visitor access unverified — the
 * emulator allows it).
 */
import { z } from 'zod';
import { ops } from '../../core/urls.ts';
import { STORES_APP_ID } from '../domain/catalog.ts';
import { badRequestApp, invalidField } from '../errors.ts';
import { ALGORITHMS, recommend, toWireAlgorithm } from '../domain/recommendations.ts';
import { aliasOf } from '../paths.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { validate } from '../validate.ts';

const itemRef = z.object({
  appId: z.string().min(1).max(100),
  catalogItemId: z.string().min(1).max(100),
  options: z.record(z.string(), z.unknown()).optional(),
});

const getSchema = z.object({
  algorithms: z
    .array(z.object({ id: z.string().min(1).max(100), appId: z.string().min(1).max(100) }))
    .min(1)
    .max(10),
  items: z.array(itemRef).max(100).optional(),
  minimumRecommendedItems: z.number().int().min(0).max(100).optional(),
});

function list(ctx: RequestContext) {
  ctx.auth();
  return { json: { availableAlgorithms: ALGORITHMS.map(toWireAlgorithm) } };
}

function get(ctx: RequestContext) {
  ctx.auth();
  const req = validate(getSchema, ctx.body);
  const items = req.items ?? [];
  items.forEach((it, i) => {
    if (it.appId !== STORES_APP_ID)
      throw badRequestApp('ITEM_APP_ID_NOT_SUPPORTED', `Items of app ${it.appId} are not supported`, {
        index: i,
        appId: it.appId,
      });
  });
  const chosen = req.algorithms.map((a, i) => {
    if (a.appId !== STORES_APP_ID)
      throw badRequestApp('RECOMMENDATIONS_PROVIDER_NOT_FOUND', `No recommendations provider ${a.appId}`, {
        index: i,
        appId: a.appId,
      });
    const algorithm = ALGORITHMS.find((x) => x.id === a.id);
    if (!algorithm)
      throw badRequestApp('ALGORITHM_NOT_SUPPORTED', `Algorithm ${a.id} is not supported`, {
        index: i,
        algorithmId: a.id,
      });
    if (algorithm.type === 'RELATED_ITEMS' && items.length === 0)
      throw invalidField('items', `${algorithm.name} needs at least one item`, 'REQUIRED_FIELD');
    return algorithm;
  });
  // In order of preference: the first algorithm that finds at least the minimum; else the one that found most.
  const minimum = req.minimumRecommendedItems ?? 1;
  const ids = items.map((i) => i.catalogItemId);
  let best: { algorithm: (typeof chosen)[number]; found: string[] } | undefined;
  for (const algorithm of chosen) {
    const found = recommend(ctx.db, algorithm, ids, ctx.app.salesSources);
    if (!best || found.length > best.found.length) best = { algorithm, found };
    if (found.length >= minimum) {
      best = { algorithm, found };
      break;
    }
  }
  return {
    json: {
      recommendation: {
        items: best!.found.map((catalogItemId) => ({ appId: STORES_APP_ID, catalogItemId })),
        algorithm: { id: best!.algorithm.id, appId: STORES_APP_ID },
      },
    },
  };
}

export const recommendationsRoutes: RouteModule = (router) => {
  // also under the `/ecom` prefix
  for (const prefix of ['', '/ecom']) {
    router.operation(aliasOf(ops.listAlgorithms, '', prefix), list);
    router.operation(aliasOf(ops.getRecommendation, '', prefix), get);
  }
};
