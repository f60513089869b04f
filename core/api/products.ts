import { z } from 'zod/mini';
import { dictOf } from './json.ts';
import type { Http } from '../http.ts';
import { imageSchema } from './media.ts';
import { ops, route } from '../urls.ts';

export { STORES_APP_ID } from '../constants.ts';

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
  stock: z.optional(
    z.object({
      inStock: z.optional(z.boolean()),
      trackInventory: z.optional(z.boolean()),
      quantity: z.optional(z.number()),
    }),
  ),
  media: z.optional(
    z.object({ mainMedia: z.optional(z.object({ id: z.optional(z.string()), image: z.optional(imageSchema) })) }),
  ),
  variants: z.optional(
    z.array(
      z.object({
        id: z.string(),
        choices: z.optional(dictOf((v): v is string => typeof v === 'string')),
        variant: z.optional(z.object({ priceData: z.optional(priceData) })),
        stock: z.optional(z.object({ inStock: z.optional(z.boolean()), quantity: z.optional(z.number()) })),
      }),
    ),
  ),
});
export type Product = z.infer<typeof productSchema>;
export type ProductVariant = NonNullable<Product['variants']>[number];

/** `GET /stores-reader/v1/products/{id}`: one product. */
export const getProduct = (http: Http, productId: string) =>
  http
    .request({ ...route(ops.getProduct, { id: productId }), schema: z.object({ product: productSchema }) })
    .then((r) => r.product);

/** Several products in one request (the catalog reader's query with an id filter), in the platform's order. */
export const queryProductsByIds = (http: Http, ids: string[]) =>
  http
    .request({
      ...ops.queryProducts,
      body: {
        query: { filter: JSON.stringify({ id: { $hasSome: ids } }), paging: { limit: Math.min(100, ids.length) } },
        includeVariants: true,
      },
      schema: z.object({ products: z.array(productSchema) }),
      kind: 'read',
    })
    .then((r) => r.products);

// ------------------------------------------------------------------------------------------------ Catalog V3

/** Which catalog the site is on (`GET /stores/v3/provision/version`): V3 or, for anything else, V1. */
export type Catalog = 'v1' | 'v3';
export const catalogVersion = (http: Http): Promise<Catalog> =>
  http
    .request({ ...ops.catalogVersion, schema: z.object({ catalogVersion: z.string() }) })
    .then((r) => (r.catalogVersion === 'V3_CATALOG' ? 'v3' : 'v1'));

/** The V3 reads and mapping: their own chunk, loaded only on a V3 site. */
const v3 = () => import('./products-v3.ts');

/** One product from the site's catalog. */
export const readProduct = async (http: Http, catalog: Catalog, productId: string) =>
  catalog === 'v3' ? (await v3()).getProductV3(http, productId) : getProduct(http, productId);

/** Several products from the site's catalog, in the platform's order. */
export const readProducts = async (http: Http, catalog: Catalog, ids: string[]) =>
  catalog === 'v3' ? (await v3()).queryProductsV3(http, ids) : queryProductsByIds(http, ids);

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
