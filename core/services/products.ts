import { z } from 'zod/mini';
import type { InlayClient } from '../client.ts';
import { FRESH_MS } from '../constants.ts';
import type { Persist } from '../stores/query.ts';
import { imageSchema } from '../api/media.ts';
import { api, route } from '../urls.ts';

/** The Wix Stores app id: the default `appId` of a catalog reference. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

const priceData = z.object({
  currency: z.string(),
  price: z.number(),
  discountedPrice: z.optional(z.number()),
  formatted: z.optional(z.object({ price: z.optional(z.string()), discountedPrice: z.optional(z.string()) })),
});

/** The fields of a Stores V1 product the widgets use (others are ignored). */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  productPageUrl: z.optional(z.object({ base: z.string(), path: z.string() })),
  productOptions: z.optional(z.array(z.object({ name: z.string() }))),
  priceData: z.optional(priceData),
  stock: z.optional(z.object({ inStock: z.optional(z.boolean()), trackInventory: z.optional(z.boolean()), quantity: z.optional(z.number()) })),
  media: z.optional(z.object({ mainMedia: z.optional(z.object({ id: z.optional(z.string()), image: z.optional(imageSchema) })) })),
  variants: z.optional(
    z.array(
      z.object({
        id: z.string(),
        choices: z.optional(z.record(z.string(), z.string())),
        variant: z.optional(z.object({ priceData: z.optional(priceData) })),
        stock: z.optional(z.object({ inStock: z.optional(z.boolean()), quantity: z.optional(z.number()) })),
      }),
    ),
  ),
});
export type Product = z.infer<typeof productSchema>;
export type ProductVariant = NonNullable<Product['variants']>[number];

/** A product's cache key: one per product, whichever read brought it (its own or a batch). */
export const productKey = (id: string) => `stores:product:${id}`;
/** Catalog products are kept across pages, fresh for a minute. */
export const PRODUCT: Persist<Product> = { fresh: FRESH_MS, schema: productSchema };

type Client = Pick<InlayClient, 'cache' | 'http'>;

/** Reads one product (through the page's query cache, so several widgets share one request). */
export function productStore({ cache, http }: Client, productId: string) {
  return cache.store(
    productKey(productId),
    () =>
      http
        .request({ ...route(api.getProduct, { id: productId }), schema: z.object({ product: productSchema }), kind: 'read' })
        .then((r) => r.product),
    PRODUCT,
  );
}

/** The variant a widget points at: by id, or the only one. */
export function variantOf(product: Product, variantId?: string): ProductVariant | undefined {
  const variants = product.variants ?? [];
  return variantId ? variants.find((v) => v.id === variantId) : variants.length === 1 ? variants[0] : undefined;
}

/** In stock: the chosen variant's stock, or the product's when no single variant is chosen. */
export function inStock(product: Product, variantId?: string): boolean {
  const v = variantOf(product, variantId);
  return (v ? v.stock?.inStock : product.stock?.inStock) !== false;
}

const byKey = (products: Product[]) => new Map(products.map((p) => [productKey(p.id), p]));

/**
 * Several products in one request (the catalog reader's query with an id filter), in the order asked. Each one is
 * put in the cache under its own key, so a widget reading one of them (a card's add-to-cart) sends nothing, and one
 * that mounts while the query is in flight waits for it.
 */
export async function productsByIds({ cache, http }: Client, ids: string[]): Promise<Product[]> {
  if (!ids.length) return [];
  const read = http
    .request({
      ...api.queryProducts,
      body: { query: { filter: JSON.stringify({ id: { $hasSome: ids } }), paging: { limit: Math.min(100, ids.length) } }, includeVariants: true },
      schema: z.object({ products: z.array(productSchema) }),
      kind: 'read',
    })
    .then((r) => r.products);
  cache.provide(ids.map(productKey), read.then(byKey), PRODUCT);
  const byId = new Map((await read).map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

/**
 * Products a coming batch read will very likely bring (a carousel shown from its stored copy while it is read
 * again): their stores wait for it instead of each reading alone. Call the returned function with the batch's
 * products, or with the error.
 */
export function expectProducts({ cache }: Pick<InlayClient, 'cache'>, ids: string[]): (result: Product[] | Error) => void {
  if (!ids.length) return () => {};
  let settle!: (r: Product[] | Error) => void;
  const batch = new Promise<Product[]>((resolve, reject) => (settle = (r) => (r instanceof Error ? reject(r) : resolve(r))));
  cache.provide(ids.map(productKey), batch.then(byKey), PRODUCT);
  return settle;
}
