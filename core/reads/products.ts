import { z } from 'zod/mini';
import type { InlayClient } from '../client.ts';
import { FRESH_MS, PERSIST_MAX_AGE_MS } from '../constants.ts';
import type { Persist } from '../cache/query.ts';
import {
  catalogVersion,
  productSchema,
  readProduct,
  readProducts,
  type Catalog,
  type Product,
} from '../api/products.ts';

/** A product's cache key: one per product, whichever read brought it (its own or a batch). */
export const productKey = (id: string) => `stores:product:${id}`;
/** Catalog products are kept across pages, fresh for a minute. */
export const PRODUCT: Persist<Product> = { fresh: FRESH_MS, schema: productSchema };

type Client = Pick<InlayClient, 'cache' | 'http' | 'config'>;

/**
 * The site's catalog: `data-catalog`, else asked once (the first product read waits for it) and kept across pages:
 * a site's catalog version does not change back (docs/wire.md "Catalog V1 and V3").
 */
export const catalogOf = ({ cache, http, config }: Client): Promise<Catalog> =>
  config.catalog
    ? Promise.resolve(config.catalog)
    : cache.fetch('stores:catalog', () => catalogVersion(http), {
        fresh: PERSIST_MAX_AGE_MS,
        schema: z.enum(['v1', 'v3']),
      });

/** Reads one product (through the page's query cache, so several widgets share one request). */
export function productStore(client: Client, productId: string) {
  return client.cache.store(
    productKey(productId),
    async () => readProduct(client.http, await catalogOf(client), productId),
    PRODUCT,
  );
}

const byKey = (products: Product[]) => new Map(products.map((p) => [productKey(p.id), p]));

/**
 * Several products in one request, in the order asked. Each one is put in the cache under its own key, so a widget
 * reading one of them (a card's add-to-cart) sends nothing, and one that mounts while the query is in flight waits
 * for it.
 */
export async function productsByIds(client: Client, ids: string[]): Promise<Product[]> {
  if (!ids.length) return [];
  const read = catalogOf(client).then((c) => readProducts(client.http, c, ids));
  client.cache.provide(ids.map(productKey), read.then(byKey), PRODUCT);
  const byId = new Map((await read).map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

/**
 * Products a coming batch read will very likely bring (a carousel shown from its stored copy while it is read
 * again): their stores wait for it instead of each reading alone. Call the returned function with the batch's
 * products, or with the error.
 */
export function expectProducts(
  { cache }: Pick<InlayClient, 'cache'>,
  ids: string[],
): (result: Product[] | Error) => void {
  if (!ids.length) return () => {};
  let settle!: (r: Product[] | Error) => void;
  const batch = new Promise<Product[]>(
    (resolve, reject) => (settle = (r) => (r instanceof Error ? reject(r) : resolve(r))),
  );
  cache.provide(ids.map(productKey), batch.then(byKey), PRODUCT);
  return settle;
}
