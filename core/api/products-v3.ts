/**
 * Catalog V3 product reads (`@wix/auto_sdk_stores_products-v-3`; docs/wire.md "Catalog V1 and V3"), mapped into the
 * one product shape the widgets read. Its own chunk: only a site on V3 loads it.
 */
import { z } from 'zod/mini';
import type { Http } from '../http.ts';
import { imageSchema } from './media.ts';
import { ops, route } from '../urls.ts';
import type { Product } from './products.ts';

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
  currency: z.optional(z.string()),
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
export const getProductV3 = (http: Http, productId: string) =>
  http
    .request({
      ...route(ops.getProductV3, { id: productId }),
      query: { fields: V3_FIELDS },
      schema: z.object({ product: productV3Schema }),
    })
    .then((r) => fromV3(r.product));

/** `POST /stores/v3/products/query`: several products by id (cursor paging; the cheapest variant of each). */
export const queryProductsV3 = (http: Http, ids: string[]) =>
  http
    .request({
      ...ops.queryProductsV3,
      body: {
        query: { filter: { id: { $in: ids } }, cursorPaging: { limit: Math.min(100, ids.length) } },
        fields: [...V3_FIELDS, 'MIN_PRICE_VARIANT'],
      },
      schema: z.object({ products: z.array(productV3Schema) }),
      kind: 'read',
    })
    .then((r) => r.products.map(fromV3));
