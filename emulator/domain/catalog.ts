/**
 * The Stores catalog (V1 shape): loading products with their variants and collections, building the wire
 * objects, filtering and sorting queries. Shared by the stores-reader routes and, later, the cart.
 */
import type { Database } from 'better-sqlite3';
import { ART_SIZE } from './art.ts';
import { getSetting } from './settings.ts';
import type { FieldAccessor } from './query.ts';

/** The Wix Stores app id used in catalog references: core's, declared once. */
export { STORES_APP_ID } from '../../core/constants.ts';
/** The variant id of a product without options (Wix V1 convention). */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';
/** The built-in "All Products" collection (Wix V1 convention); every product belongs to it. */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';

export type OptionType = 'drop_down' | 'color';

/** A product option as stored (`products.options` JSON). */
export interface StoredOption {
  name: string;
  optionType: OptionType;
  choices: { value: string; description: string; mediaIds?: string[] }[];
}

export interface VariantRecord {
  id: string;
  choices: Record<string, string>;
  sku: string | null;
  weight: number | null;
  /** Own price, or the product price when null. */
  priceCents: number | null;
  visible: boolean;
  /** Null when inventory is not tracked. */
  quantity: number | null;
}

export interface ProductRecord {
  id: string;
  numericId: number;
  slug: string;
  name: string;
  description: string;
  productType: 'physical' | 'digital';
  sku: string | null;
  weight: number | null;
  currency: string;
  priceCents: number;
  discountType: 'NONE' | 'AMOUNT' | 'PERCENT';
  discountValue: number;
  visible: boolean;
  trackInventory: boolean;
  manageVariants: boolean;
  ribbon: string | null;
  brand: string | null;
  inventoryItemId: string;
  options: StoredOption[];
  mediaIds: string[];
  createdDate: string;
  updatedDate: string;
  /** Including the All Products collection. */
  collectionIds: string[];
  variants: VariantRecord[];
}

interface ProductRow {
  id: string;
  numeric_id: number;
  slug: string;
  name: string;
  description: string;
  product_type: 'physical' | 'digital';
  sku: string | null;
  weight: number | null;
  currency: string;
  price_cents: number;
  discount_type: 'NONE' | 'AMOUNT' | 'PERCENT';
  discount_value: number;
  visible: number;
  track_inventory: number;
  manage_variants: number;
  ribbon: string | null;
  brand: string | null;
  inventory_item_id: string;
  options: string;
  media_ids: string;
  created_date: string;
  updated_date: string;
}

interface VariantRow {
  id: string;
  product_id: string;
  choices: string;
  sku: string | null;
  weight: number | null;
  price_cents: number | null;
  visible: number;
  quantity: number | null;
}

function toRecord(row: ProductRow, variants: VariantRow[], collectionIds: string[]): ProductRecord {
  return {
    id: row.id,
    numericId: row.numeric_id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    productType: row.product_type,
    sku: row.sku,
    weight: row.weight,
    currency: row.currency,
    priceCents: row.price_cents,
    discountType: row.discount_type,
    discountValue: row.discount_value,
    visible: row.visible === 1,
    trackInventory: row.track_inventory === 1,
    manageVariants: row.manage_variants === 1,
    ribbon: row.ribbon,
    brand: row.brand,
    inventoryItemId: row.inventory_item_id,
    options: JSON.parse(row.options) as StoredOption[],
    mediaIds: JSON.parse(row.media_ids) as string[],
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    collectionIds: [ALL_PRODUCTS_COLLECTION_ID, ...collectionIds],
    variants: variants.map((v) => ({
      id: v.id,
      choices: JSON.parse(v.choices) as Record<string, string>,
      sku: v.sku,
      weight: v.weight,
      priceCents: v.price_cents,
      visible: v.visible === 1,
      quantity: row.track_inventory === 1 ? (v.quantity ?? 0) : null,
    })),
  };
}

/** Every product with its variants and collections, by numericId. */
export function loadProducts(db: Database): ProductRecord[] {
  const rows = db.prepare<[], ProductRow>('SELECT * FROM products ORDER BY numeric_id').all();
  const variants = db
    .prepare<[], VariantRow>('SELECT * FROM product_variants ORDER BY product_id, sort_order, id')
    .all();
  const links = db
    .prepare<[], { product_id: string; collection_id: string }>(
      'SELECT product_id, collection_id FROM product_collections ORDER BY sort_order, collection_id',
    )
    .all();
  const vByProduct = new Map<string, VariantRow[]>();
  for (const v of variants) vByProduct.set(v.product_id, [...(vByProduct.get(v.product_id) ?? []), v]);
  const cByProduct = new Map<string, string[]>();
  for (const l of links) cByProduct.set(l.product_id, [...(cByProduct.get(l.product_id) ?? []), l.collection_id]);
  return rows.map((r) => toRecord(r, vByProduct.get(r.id) ?? [], cByProduct.get(r.id) ?? []));
}

/** One product, or undefined. */
export function getProductRecord(db: Database, id: string): ProductRecord | undefined {
  const row = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE id = ?').get(id);
  if (!row) return undefined;
  const variants = db
    .prepare<[string], VariantRow>('SELECT * FROM product_variants WHERE product_id = ? ORDER BY sort_order, id')
    .all(id);
  const links = db
    .prepare<[string], { collection_id: string }>(
      'SELECT collection_id FROM product_collections WHERE product_id = ? ORDER BY sort_order, collection_id',
    )
    .all(id);
  return toRecord(
    row,
    variants,
    links.map((l) => l.collection_id),
  );
}

/**
 * The variant a catalog reference points at: `options.variantId`, or `options.options` as `{optionName: choice}`
 * (Wix V1 cart conventions). A product without options resolves to its default variant.
 */
export function findVariant(
  product: ProductRecord,
  ref: { variantId?: string; options?: Record<string, string> } = {},
): VariantRecord | undefined {
  if (ref.variantId) return product.variants.find((v) => v.id === ref.variantId);
  if (ref.options) {
    const wanted = Object.entries(ref.options);
    return product.variants.find(
      (v) => wanted.length === Object.keys(v.choices).length && wanted.every(([k, val]) => v.choices[k] === val),
    );
  }
  return product.variants.length === 1 ? product.variants[0] : undefined;
}

// ------------------------------------------------------------------------------------------------- money

/** `$18.00` style formatting. */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** The product discount applied to a price. */
export function discountedCents(product: ProductRecord, cents: number): number {
  if (product.discountType === 'AMOUNT') return Math.max(0, cents - Math.round(product.discountValue * 100));
  if (product.discountType === 'PERCENT') return Math.max(0, Math.round((cents * (100 - product.discountValue)) / 100));
  return cents;
}

/** V1 `priceData`: numbers plus formatted strings. */
export interface WirePriceData {
  currency: string;
  price: number;
  discountedPrice: number;
  formatted: { price: string; discountedPrice: string };
}

export function priceData(product: ProductRecord, cents: number): WirePriceData {
  const disc = discountedCents(product, cents);
  return {
    currency: product.currency,
    price: cents / 100,
    discountedPrice: disc / 100,
    formatted: { price: formatMoney(cents, product.currency), discountedPrice: formatMoney(disc, product.currency) },
  };
}

// ------------------------------------------------------------------------------------------------- wire

/** Where media and product pages point. */
export interface UrlContext {
  /** The emulator as the caller reached it, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** The storefront's base URL (site setting `siteUrl`). */
  siteUrl: string;
}

export interface WireMediaItem {
  id: string;
  mediaType: 'image';
  title: string;
  image: { url: string; width: number; height: number };
  thumbnail: { url: string; width: number; height: number };
}

/** A media item for a stored media file id. */
export function mediaItem(mediaId: string, title: string, baseUrl: string): WireMediaItem {
  const url = `${baseUrl}/media/${encodeURIComponent(mediaId)}`;
  return {
    id: mediaId,
    mediaType: 'image',
    title,
    image: { url, width: ART_SIZE, height: ART_SIZE },
    thumbnail: { url, width: 50, height: 50 },
  };
}

function variantInStock(product: ProductRecord, v: VariantRecord): boolean {
  return v.visible && (!product.trackInventory || (v.quantity ?? 0) > 0);
}

/** Product V1 wire object. */
export function toWireProduct(
  product: ProductRecord,
  urls: UrlContext,
  includeVariants: boolean,
): Record<string, unknown> {
  const visibleVariants = product.variants.filter((v) => v.visible);
  const prices = visibleVariants.map((v) => v.priceCents ?? product.priceCents);
  const weights = visibleVariants.map((v) => v.weight ?? product.weight ?? 0);
  const inStockCount = visibleVariants.filter((v) => variantInStock(product, v)).length;
  const inventoryStatus =
    inStockCount === 0
      ? 'OUT_OF_STOCK'
      : inStockCount === visibleVariants.length
        ? 'IN_STOCK'
        : 'PARTIALLY_OUT_OF_STOCK';
  const quantity = product.trackInventory ? visibleVariants.reduce((sum, v) => sum + (v.quantity ?? 0), 0) : undefined;
  const pd = priceData(product, product.priceCents);
  const media = product.mediaIds.map((id) => mediaItem(id, product.name, urls.baseUrl));

  const productOptions = product.options.map((opt) => ({
    optionType: opt.optionType,
    name: opt.name,
    choices: opt.choices.map((c) => {
      const withChoice = product.variants.filter((v) => v.choices[opt.name] === c.description);
      const choiceMedia = (c.mediaIds ?? []).map((id) =>
        mediaItem(id, `${product.name} – ${c.description}`, urls.baseUrl),
      );
      return {
        value: c.value,
        description: c.description,
        inStock: withChoice.some((v) => variantInStock(product, v)),
        visible: withChoice.some((v) => v.visible),
        ...(choiceMedia[0] ? { media: { mainMedia: choiceMedia[0], items: choiceMedia } } : {}),
      };
    }),
  }));

  const out: Record<string, unknown> = {
    id: product.id,
    name: product.name,
    slug: product.slug,
    visible: product.visible,
    productType: product.productType,
    description: product.description,
    sku: product.sku ?? '',
    weight: product.weight ?? 0,
    weightRange: {
      minValue: weights.length ? Math.min(...weights) : 0,
      maxValue: weights.length ? Math.max(...weights) : 0,
    },
    stock: {
      trackInventory: product.trackInventory,
      ...(quantity !== undefined ? { quantity } : {}),
      inStock: inStockCount > 0,
      inventoryStatus,
    },
    price: pd,
    priceData: pd,
    convertedPriceData: pd,
    priceRange: {
      minValue: (prices.length ? Math.min(...prices) : product.priceCents) / 100,
      maxValue: (prices.length ? Math.max(...prices) : product.priceCents) / 100,
    },
    discount: { type: product.discountType, value: product.discountValue },
    media: { ...(media[0] ? { mainMedia: media[0] } : {}), items: media },
    productOptions,
    customTextFields: [],
    additionalInfoSections: [],
    productPageUrl: { base: urls.siteUrl, path: `/product-page/${product.slug}` },
    numericId: String(product.numericId),
    inventoryItemId: product.inventoryItemId,
    collectionIds: product.collectionIds,
    manageVariants: product.manageVariants,
    ...(product.ribbon ? { ribbon: product.ribbon } : {}),
    ...(product.brand ? { brand: product.brand } : {}),
    lastUpdated: product.updatedDate,
    createdDate: product.createdDate,
  };
  if (includeVariants) {
    out['variants'] = product.variants.map((v) => {
      const vp = priceData(product, v.priceCents ?? product.priceCents);
      return {
        id: v.id,
        choices: v.choices,
        variant: {
          priceData: vp,
          convertedPriceData: vp,
          weight: v.weight ?? product.weight ?? 0,
          sku: v.sku ?? product.sku ?? '',
          visible: v.visible,
        },
        stock: {
          trackQuantity: product.trackInventory,
          ...(v.quantity !== null ? { quantity: v.quantity } : {}),
          inStock: variantInStock(product, v),
        },
      };
    });
  }
  return out;
}

/** How many products the store has (hidden ones included). */
export function countProducts(db: Database): number {
  return db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM products').get()?.n ?? 0;
}

/**
 * Set a product's inventory in one transaction: `trackQuantity` (undefined: unchanged; moves `updated_date`) and
 * each listed variant's quantity (null: untracked).
 */
export function setInventory(
  db: Database,
  productId: string,
  trackQuantity: boolean | undefined,
  variants: readonly { variantId: string; quantity: number | null }[],
  nowMs: number,
): void {
  db.transaction(() => {
    if (trackQuantity !== undefined) {
      db.prepare<[number, string, string]>(
        'UPDATE products SET track_inventory = ?, updated_date = ? WHERE id = ?',
      ).run(trackQuantity ? 1 : 0, new Date(nowMs).toISOString(), productId);
    }
    const setQuantity = db.prepare<[number | null, string, string]>(
      'UPDATE product_variants SET quantity = ? WHERE product_id = ? AND id = ?',
    );
    for (const v of variants) setQuantity.run(v.quantity, productId, v.variantId);
  })();
}

/** The storefront base URL for `productPageUrl`. */
export function siteUrl(db: Database): string {
  return getSetting<string>(db, 'siteUrl') ?? 'http://127.0.0.1:5173/';
}

/** Filterable fields of a product. */
export const PRODUCT_FILTER_FIELDS: Record<string, FieldAccessor<ProductRecord>> = {
  id: (p) => p.id,
  slug: (p) => p.slug,
  name: (p) => p.name,
  sku: (p) => p.sku,
  numericId: (p) => p.numericId,
  'collections.id': (p) => p.collectionIds,
  collectionIds: (p) => p.collectionIds,
  visible: (p) => p.visible,
  productType: (p) => p.productType,
  brand: (p) => p.brand,
  price: (p) => discountedCents(p, p.priceCents) / 100,
  'priceData.price': (p) => discountedCents(p, p.priceCents) / 100,
  'stock.inStock': (p) => p.variants.some((v) => variantInStock(p, v)),
  lastUpdated: (p) => p.updatedDate,
  createdDate: (p) => p.createdDate,
};

/** Sortable fields of a product. */
export const PRODUCT_SORT_FIELDS: Record<string, FieldAccessor<ProductRecord>> = {
  name: (p) => p.name.toLowerCase(),
  price: (p) => discountedCents(p, p.priceCents),
  'priceData.price': (p) => discountedCents(p, p.priceCents),
  numericId: (p) => p.numericId,
  lastUpdated: (p) => p.updatedDate,
  createdDate: (p) => p.createdDate,
};

// ------------------------------------------------------------------------------------------------- collections

export interface CollectionRecord {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  visible: boolean;
  sortOrder: number;
  mediaId: string | null;
}

/** All collections, All Products first (it is virtual: not a row). */
export function loadCollections(db: Database): CollectionRecord[] {
  const rows = db
    .prepare<
      [],
      {
        id: string;
        slug: string;
        name: string;
        description: string | null;
        visible: number;
        sort_order: number;
        media_id: string | null;
      }
    >('SELECT id, slug, name, description, visible, sort_order, media_id FROM collections ORDER BY sort_order, name')
    .all();
  return [
    {
      id: ALL_PRODUCTS_COLLECTION_ID,
      slug: 'all-products',
      name: 'All Products',
      description: null,
      visible: true,
      sortOrder: -1,
      mediaId: null,
    },
    ...rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      visible: r.visible === 1,
      sortOrder: r.sort_order,
      mediaId: r.media_id,
    })),
  ];
}

/** Collection V1 wire object; `products` are the products the caller may see. */
export function toWireCollection(
  c: CollectionRecord,
  products: ProductRecord[],
  baseUrl: string,
): Record<string, unknown> {
  const members = products.filter((p) => p.collectionIds.includes(c.id));
  const mediaId = c.mediaId ?? members[0]?.mediaIds[0];
  const main = mediaId ? mediaItem(mediaId, c.name, baseUrl) : undefined;
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    visible: c.visible,
    numberOfProducts: members.length,
    ...(c.description ? { description: c.description } : {}),
    ...(main ? { media: { mainMedia: main, items: [main] } } : {}),
  };
}

export const COLLECTION_FILTER_FIELDS: Record<string, FieldAccessor<CollectionRecord>> = {
  id: (c) => c.id,
  slug: (c) => c.slug,
  name: (c) => c.name,
  visible: (c) => c.visible,
};

export const COLLECTION_SORT_FIELDS: Record<string, FieldAccessor<CollectionRecord>> = {
  name: (c) => c.name.toLowerCase(),
  slug: (c) => c.slug,
};

// ------------------------------------------------------------------------------------------------- catalog V3

/** Which Stores catalog the emulated site is on (docs/wire.md "Catalog V1 and V3"). */
export type CatalogVersion = 'v1' | 'v3';

/** The `fields` a V3 product read may ask for that this emulator fills in (others are accepted and ignored). */
export type V3Field = 'URL' | 'CURRENCY' | 'MIN_PRICE_VARIANT';

/** V3 money: a decimal string plus the formatted amount. */
const money = (cents: number, currency: string) => ({
  amount: (cents / 100).toFixed(2).replace(/\.00$/, ''),
  formattedAmount: formatMoney(cents, currency),
});

/**
 * Product V3 wire object (`@wix/auto_sdk_stores_products-v-3`): `actualPrice` is what is paid (after the product's
 * discount), `compareAtPrice` the price before it (only when they differ); variants only when `withVariants` (Get
 * Product: the platform's Query Products returns none), otherwise their count and, with `MIN_PRICE_VARIANT`, the
 * cheapest visible one.
 */
export function toWireProductV3(
  product: ProductRecord,
  urls: UrlContext,
  fields: ReadonlySet<string>,
  withVariants: boolean,
): Record<string, unknown> {
  const { currency } = product;
  const variantOut = (v: VariantRecord) => {
    const base = v.priceCents ?? product.priceCents;
    const paid = discountedCents(product, base);
    return {
      id: v.id,
      visible: v.visible,
      sku: v.sku ?? product.sku ?? undefined,
      choices: product.options
        .filter((o) => v.choices[o.name] !== undefined)
        .map((o) => ({
          optionChoiceIds: { optionId: optionIdOf(product, o.name), choiceId: choiceIdOf(v.choices[o.name]!) },
          optionChoiceNames: { optionName: o.name, choiceName: v.choices[o.name], renderType: renderTypeOf(o) },
        })),
      price: {
        actualPrice: money(paid, currency),
        ...(paid !== base ? { compareAtPrice: money(base, currency) } : {}),
      },
      inventoryStatus: { inStock: variantInStock(product, v), preorderEnabled: false },
    };
  };
  const visible = product.variants.filter((v) => v.visible);
  const prices = (visible.length ? visible : product.variants).map((v) => v.priceCents ?? product.priceCents);
  const low = prices.length ? Math.min(...prices) : product.priceCents;
  const high = prices.length ? Math.max(...prices) : product.priceCents;
  const inStockCount = visible.filter((v) => variantInStock(product, v)).length;
  const cheapest = [...visible].sort(
    (a, b) => (a.priceCents ?? product.priceCents) - (b.priceCents ?? product.priceCents),
  )[0];
  const media = product.mediaIds.map((id) => mediaItem(id, product.name, urls.baseUrl));
  const main = media[0];
  return {
    id: product.id,
    revision: '1',
    createdDate: product.createdDate,
    updatedDate: product.updatedDate,
    name: product.name,
    slug: product.slug,
    ...(fields.has('URL')
      ? {
          url: {
            relativePath: `/product-page/${product.slug}`,
            url: new URL(`product-page/${product.slug}`, urls.siteUrl).href,
          },
        }
      : {}),
    visible: product.visible,
    visibleInPos: true,
    media: {
      ...(main
        ? { main: { id: main.id, url: main.image.url, image: main.image, mediaType: 'IMAGE', altText: main.title } }
        : {}),
    },
    options: product.options.map((o) => ({
      id: optionIdOf(product, o.name),
      name: o.name,
      optionRenderType: renderTypeOf(o),
      choicesSettings: {
        choices: o.choices.map((c) => ({
          choiceId: choiceIdOf(c.description),
          name: c.description,
          choiceType: o.optionType === 'color' ? 'ONE_COLOR' : 'CHOICE_TEXT',
          ...(o.optionType === 'color' ? { colorCode: c.value } : {}),
          inStock: product.variants.some((v) => v.choices[o.name] === c.description && variantInStock(product, v)),
          visible: product.variants.some((v) => v.choices[o.name] === c.description && v.visible),
        })),
      },
    })),
    modifiers: [],
    ...(product.brand ? { brand: { name: product.brand } } : {}),
    ...(product.ribbon ? { ribbon: { name: product.ribbon } } : {}),
    ...(fields.has('PLAIN_DESCRIPTION') ? { plainDescription: product.description } : {}),
    // the V1 collections are this site's V3 categories (one flat tree: direct and all are the same), All Products none
    ...(fields.has('DIRECT_CATEGORIES_INFO') ? { directCategoriesInfo: categoriesInfo(product) } : {}),
    ...(fields.has('ALL_CATEGORIES_INFO') ? { allCategoriesInfo: categoriesInfo(product) } : {}),
    inventory: {
      availabilityStatus:
        inStockCount === 0 ? 'OUT_OF_STOCK' : inStockCount === visible.length ? 'IN_STOCK' : 'PARTIALLY_OUT_OF_STOCK',
      preorderStatus: 'DISABLED',
      preorderAvailability: 'ALL_VARIANTS',
    },
    productType: product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL',
    ...(fields.has('CURRENCY') ? { currency } : {}),
    actualPriceRange: {
      minValue: money(discountedCents(product, low), currency),
      maxValue: money(discountedCents(product, high), currency),
    },
    compareAtPriceRange: { minValue: money(low, currency), maxValue: money(high, currency) },
    ...(withVariants ? { variantsInfo: { variants: product.variants.map(variantOut) } } : {}),
    variantSummary: {
      variantCount: product.variants.length,
      ...(fields.has('MIN_PRICE_VARIANT') && cheapest ? { minPriceVariant: variantOut(cheapest) } : {}),
    },
  };
}

const categoriesInfo = (product: ProductRecord) => ({
  categories: product.collectionIds
    .filter((id) => id !== ALL_PRODUCTS_COLLECTION_ID)
    .map((id, index) => ({ id, index })),
});

/**
 * A category of the Categories API (Catalog V3 sites; `@wix/categories`): this emulator's collections, one flat tree
 * (`treeReference.appNamespace` `@wix/stores`). `itemCounter`: the items directly in it, as `products` counts them.
 */
export function toWireCategory(c: CollectionRecord, products: ProductRecord[], fields: ReadonlySet<string>) {
  return {
    id: c.id,
    revision: '1',
    name: c.name,
    slug: c.slug,
    visible: c.visible,
    ...(fields.has('DESCRIPTION') && c.description ? { description: c.description } : {}),
    itemCounter: products.filter((p) => p.collectionIds.includes(c.id)).length,
    treeReference: { appNamespace: '@wix/stores' },
    parentCategory: { index: c.sortOrder },
    ...(fields.has('BREADCRUMBS_INFO') ? { breadcrumbsInfo: { breadcrumbs: [] } } : {}),
  };
}

/** A stable id for an option (V3 options have ids; the V1 rows have names only). */
const optionIdOf = (product: ProductRecord, name: string) =>
  `${product.id.slice(0, 8)}-${Buffer.from(name).toString('hex').slice(0, 24)}`;
const choiceIdOf = (choice: string) => Buffer.from(choice).toString('base64url').slice(0, 36);
const renderTypeOf = (o: StoredOption) => (o.optionType === 'color' ? 'SWATCH_CHOICES' : 'TEXT_CHOICES');

/** Filterable fields of a V3 product (Query Products' "Supported Filters and Sorting", the ones the demo needs). */
export const PRODUCT_V3_FILTER_FIELDS: Record<string, FieldAccessor<ProductRecord>> = {
  id: (p) => p.id,
  slug: (p) => p.slug,
  visible: (p) => p.visible,
  productType: (p) => (p.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL'),
  'actualPriceRange.minValue.amount': (p) => discountedCents(p, p.priceCents) / 100,
  createdDate: (p) => p.createdDate,
  updatedDate: (p) => p.updatedDate,
};

/** Sortable fields of a V3 product. */
export const PRODUCT_V3_SORT_FIELDS: Record<string, FieldAccessor<ProductRecord>> = {
  name: (p) => p.name.toLowerCase(),
  'actualPriceRange.minValue.amount': (p) => discountedCents(p, p.priceCents),
  createdDate: (p) => p.createdDate,
  updatedDate: (p) => p.updatedDate,
};
