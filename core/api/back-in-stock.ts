import { z } from 'zod/mini';
import { dictOf } from './json.ts';
import type { Http } from '../http.ts';
import type { Image } from './media.ts';
import { ops } from '../urls.ts';

export const stockRequestSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['RECEIVED', 'PROCESSING', 'NOTIFICATION_SENT', 'FAILED']),
  createdDate: z.optional(z.string()),
  catalogReference: z.object({
    appId: z.string(),
    catalogItemId: z.string(),
    options: z.optional(dictOf()),
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

/**
 * Asks to be told when the item is back; the same item and email again returns the existing request. The only
 * back-in-stock call a browser makes: the platform lets only an admin identity get, delete, query or count requests
 * (docs/wire.md), so those are not here.
 */
export async function createStockRequest(
  http: Http,
  request: NewStockRequest,
  itemDetails: ItemDetails,
): Promise<StockRequest> {
  const r = await http.request({ ...ops.createStockRequest, body: { request, itemDetails }, schema: one });
  return r.request;
}
