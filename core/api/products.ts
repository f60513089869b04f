import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { imageSchema } from './media.ts';
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
        choices: z.optional(z.record(z.string(), z.string())),
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
    .request({ ...route(api.getProduct, { id: productId }), schema: z.object({ product: productSchema }) })
    .then((r) => r.product);

/** Several products in one request (the catalog reader's query with an id filter), in the platform's order. */
export const queryProductsByIds = (http: Http, ids: string[]) =>
  http
    .request({
      ...api.queryProducts,
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
    .request({ ...api.catalogVersion, schema: z.object({ catalogVersion: z.string() }) })
    .then((r) => (r.catalogVersion === 'V3_CATALOG' ? 'v3' : 'v1'));

/** V3 money: a decimal string and the platform's formatting. */
const money = z.object({ amount: z.string(), formattedAmount: z.nullish(z.string()) });
const priceInfo = z.object({ actualPrice: z.optional(money), compareAtPrice: z.optional(money) });
const variantV3 = z.object({
  id: z.string(),
  price: z.optional(priceInfo),
  inventoryStatus: z.optional(z.object({ inStock: z.optional(z.boolean()) })),
});

/** The fields of a Catalog V3 product the widgets use, as `fields` URL, CURRENCY and MIN_PRICE_VARIANT bring them. */
export const productV3Schema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.optional(z.object({ relativePath: z.string(), url: z.string() })),
  currency: z.nullish(z.string()),
  options: z.optional(z.array(z.object({ name: z.string() }))),
  actualPriceRange: z.optional(z.object({ minValue: z.optional(money) })),
  inventory: z.optional(z.object({ availabilityStatus: z.optional(z.string()) })),
  media: z.optional(
    z.object({ main: z.optional(z.object({ id: z.optional(z.string()), image: z.optional(imageSchema) })) }),
  ),
  variantsInfo: z.optional(z.object({ variants: z.array(variantV3) })),
  variantSummary: z.optional(
    z.object({ variantCount: z.optional(z.number()), minPriceVariant: z.optional(variantV3) }),
  ),
});
export type ProductV3 = z.infer<typeof productV3Schema>;

/** V1 `priceData` from V3 prices: `actualPrice` is what is paid, `compareAtPrice` the price before a sale. */
function priceFrom(currency: string | null | undefined, p?: z.infer<typeof priceInfo>) {
  const now = p?.actualPrice;
  if (!currency || !now) return undefined;
  const was = p.compareAtPrice ?? now;
  const f = (m: typeof now) => m.formattedAmount ?? undefined;
  return {
    currency,
    price: +was.amount,
    discountedPrice: +now.amount,
    formatted: { price: f(was), discountedPrice: f(now) },
  };
}

/**
 * A V3 product in the one shape the widgets read (V1's). Query answers carry no variants (the platform's rule), only
 * their count and the cheapest one: a product whose only variant that is gets it; one with several gets none listed.
 */
export function fromV3(p: ProductV3): Product {
  const sum = p.variantSummary;
  const variants =
    p.variantsInfo?.variants ?? (sum?.variantCount === 1 && sum.minPriceVariant ? [sum.minPriceVariant] : undefined);
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    productPageUrl: p.url && { base: p.url.url, path: p.url.relativePath },
    productOptions: p.options,
    // the cheapest variant's prices (a query's), else the lowest price paid
    priceData: priceFrom(p.currency, sum?.minPriceVariant?.price ?? { actualPrice: p.actualPriceRange?.minValue }),
    stock: { inStock: p.inventory?.availabilityStatus !== 'OUT_OF_STOCK' },
    media: { mainMedia: p.media?.main },
    variants: variants?.map((v) => ({
      id: v.id,
      variant: { priceData: priceFrom(p.currency, v.price) },
      stock: { inStock: v.inventoryStatus?.inStock },
    })),
  };
}

const V3_FIELDS = ['URL', 'CURRENCY'];

/** `GET /stores/v3/products/{id}?fields=…`: one product with its variants. */
const getProductV3 = (http: Http, productId: string) =>
  http
    .request({
      ...route(api.getProductV3, { id: productId }),
      query: { fields: V3_FIELDS },
      schema: z.object({ product: productV3Schema }),
    })
    .then((r) => fromV3(r.product));

/** `POST /stores/v3/products/query`: several products by id (cursor paging; the cheapest variant of each). */
const queryProductsV3 = (http: Http, ids: string[]) =>
  http
    .request({
      ...api.queryProductsV3,
      body: {
        query: { filter: { id: { $in: ids } }, cursorPaging: { limit: Math.min(100, ids.length) } },
        fields: [...V3_FIELDS, 'MIN_PRICE_VARIANT'],
      },
      schema: z.object({ products: z.array(productV3Schema) }),
      kind: 'read',
    })
    .then((r) => r.products.map(fromV3));

/** One product from the site's catalog. */
export const readProduct = (http: Http, catalog: Catalog, productId: string) =>
  (catalog === 'v3' ? getProductV3 : getProduct)(http, productId);

/** Several products from the site's catalog, in the platform's order. */
export const readProducts = (http: Http, catalog: Catalog, ids: string[]) =>
  (catalog === 'v3' ? queryProductsV3 : queryProductsByIds)(http, ids);

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
