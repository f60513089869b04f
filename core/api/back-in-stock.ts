import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import type { Image } from './media.ts';
import { InlayApiError } from '../errors.ts';
import { api, route } from '../urls.ts';

export const stockRequestSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['RECEIVED', 'PROCESSING', 'NOTIFICATION_SENT', 'FAILED']),
  createdDate: z.optional(z.string()),
  catalogReference: z.object({
    appId: z.string(),
    catalogItemId: z.string(),
    options: z.optional(z.record(z.string(), z.unknown())),
  }),
});
export type StockRequest = z.infer<typeof stockRequestSchema>;

const one = z.object({ request: stockRequestSchema });

export interface NewStockRequest {
  catalogReference: { appId: string; catalogItemId: string; options?: { variantId: string } };
  email: string;
  itemUrl?: string;
}
export interface ItemDetails {
  name: string;
  /** decimal string, e.g. "18.00" */
  price: string;
  image?: Image;
}

/** Asks to be told when the item is back; the same item and email again returns the existing request. */
export async function createStockRequest(
  http: Http,
  request: NewStockRequest,
  itemDetails: ItemDetails,
): Promise<StockRequest> {
  const r = await http.request({ ...api.createStockRequest, body: { request, itemDetails }, schema: one });
  return r.request;
}

export async function getStockRequest(http: Http, id: string): Promise<StockRequest> {
  return (await http.request({ ...route(api.getStockRequest, { id }), schema: one })).request;
}

export async function deleteStockRequest(http: Http, id: string): Promise<void> {
  await http.request({ ...route(api.deleteStockRequest, { id }), schema: z.object({}) });
}

const OPEN = ['RECEIVED', 'PROCESSING'];

/** Is a request still waiting? False for a sent one, and for one gone or not the caller's (404). */
export async function stillWaiting(http: Http, id: string): Promise<boolean> {
  try {
    return OPEN.includes((await getStockRequest(http, id)).status);
  } catch (e) {
    if (e instanceof InlayApiError && e.status === 404) return false;
    throw e;
  }
}

/** The caller's open requests for an item: a member's own, made on any device. */
export async function openRequests(http: Http, catalogItemId: string, variantId?: string): Promise<StockRequest[]> {
  const filter = {
    'catalogReference.catalogItemId': catalogItemId,
    ...(variantId ? { 'catalogReference.options.variantId': variantId } : {}),
    status: { $in: OPEN },
  };
  return (await queryStockRequests(http, { filter })).requests;
}

type CatalogReference = NewStockRequest['catalogReference'];
const b64url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The caller's own requests (a visitor sees those it made; a member also those for its email), newest first,
 * by cursor. A long query string falls back to POST `…/query`.
 */
export async function queryStockRequests(
  http: Http,
  query: { filter?: Record<string, unknown>; cursorPaging?: { limit?: number; cursor?: string } } = {},
) {
  const schema = z.object({
    requests: z.array(stockRequestSchema),
    metadata: z.optional(z.object({ cursors: z.optional(z.object({ next: z.optional(z.nullable(z.string())) })) })),
  });
  return http.request({
    ...api.queryStockRequests,
    query: { query: { ...query, filter: query.filter && JSON.stringify(query.filter) } },
    schema,
  });
}

/** Open requests per item (site owners). An array of objects in a GET goes as `.r` (base64url JSON), as the SDK sends it. */
export async function countStockRequests(http: Http, catalogReferences: CatalogReference[]) {
  const schema = z.object({
    countsPerCatalogReference: z.array(
      z.object({ catalogReference: stockRequestSchema.shape.catalogReference, count: z.number() }),
    ),
  });
  const r = await http.request({
    ...api.countStockRequests,
    query: { '.r': b64url(JSON.stringify({ catalogReferences })) },
    schema,
  });
  return r.countsPerCatalogReference;
}
