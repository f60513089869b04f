/**
 * The demo storefront is a third-party site: its server reads the catalog from the platform (the emulator here)
 * with a visitor token of its own, as a headless site's server would: through Catalog V1 or V3, whichever the site is
 * on (the Catalog Versioning API says), into one product shape (V1's) for its pages.
 */
export interface Money {
  currency: string;
  price: number;
  discountedPrice?: number;
  formatted?: { price?: string; discountedPrice?: string };
}
type Image = { url: string; width?: number; height?: number };
export interface Product {
  id: string;
  name: string;
  slug: string;
  description?: string;
  price?: Money;
  priceData?: Money;
  stock?: { inStock?: boolean; inventoryStatus?: string; quantity?: number; trackInventory?: boolean };
  media?: { mainMedia?: { image?: Image } };
  productOptions?: {
    name: string;
    optionType?: string;
    /** `media`: the choice's own images (V1: a colour's photo), when the catalog has them. */
    choices: { value: string; description?: string; inStock?: boolean; media?: { mainMedia?: { image?: Image } } }[];
  }[];
  variants?: {
    id: string;
    choices: Record<string, string>;
    variant?: { priceData?: Money };
    stock?: { inStock?: boolean; quantity?: number };
  }[];
  collectionIds?: string[];
  ribbon?: string;
  brand?: string;
}
/** An order as the thank-you page shows it: amounts already formatted by the platform. */
export interface ThankYouOrder {
  number: string;
  email?: string;
  /** Placed by a visitor (no member): the page offers to create an account. */
  guest: boolean;
  lines: { name: string; options: string; quantity: number; total: string }[];
  subtotal?: string;
  /** The discount, when there is one. */
  discount?: string;
  shipping?: string;
  shippingTitle?: string;
  deliveryTime?: string;
  taxName?: string;
  tax?: string;
  total?: string;
  shipTo: string[];
  billTo: string[];
}

interface WireAmount {
  amount?: string;
  formattedAmount?: string;
}
interface WireAddress {
  address?: {
    addressLine?: string;
    addressLine1?: string;
    city?: string;
    postalCode?: string;
    subdivision?: string;
    country?: string;
  };
  contactDetails?: { firstName?: string; lastName?: string };
}
interface WireOrder {
  number?: unknown;
  buyerInfo?: { memberId?: string; email?: string };
  lineItems?: {
    productName?: { original?: string };
    quantity?: number;
    totalPriceBeforeTax?: WireAmount;
    descriptionLines?: {
      name?: { original?: string };
      plainText?: { original?: string };
      colorInfo?: { original?: string };
    }[];
  }[];
  priceSummary?: {
    subtotal?: WireAmount;
    shipping?: WireAmount;
    tax?: WireAmount;
    discount?: WireAmount;
    total?: WireAmount;
  };
  taxSummary?: { calculationDetails?: { taxRegion?: string } };
  billingInfo?: WireAddress;
  shippingInfo?: { title?: string; logistics?: { deliveryTime?: string; shippingDestination?: WireAddress } };
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** An address as the lines of a label: name, street, city and region with the postal code, country. */
function addressLines(a: WireAddress | undefined): string[] {
  const name = [a?.contactDetails?.firstName, a?.contactDetails?.lastName].filter(Boolean).join(' ');
  const ad = a?.address;
  const place = [ad?.city, [ad?.subdivision?.replace(/^[A-Z]{2}-/, ''), ad?.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const country = ad?.country ? (REGION_NAMES.of(ad.country) ?? ad.country) : undefined;
  return [name, ad?.addressLine1 ?? ad?.addressLine, place, country].filter((l): l is string => !!l);
}

function thankYouOrder(o: WireOrder): ThankYouOrder {
  const p = o.priceSummary ?? {};
  const discount = Number(p.discount?.amount ?? 0) > 0 ? p.discount?.formattedAmount : undefined;
  return {
    number: String(o.number),
    ...(o.buyerInfo?.email ? { email: o.buyerInfo.email } : {}),
    guest: !o.buyerInfo?.memberId,
    lines: (o.lineItems ?? []).map((l) => ({
      name: l.productName?.original ?? 'Item',
      options: (l.descriptionLines ?? [])
        .map((d) => `${d.name?.original ?? ''}: ${d.colorInfo?.original ?? d.plainText?.original ?? ''}`)
        .join(' · '),
      quantity: l.quantity ?? 1,
      total: l.totalPriceBeforeTax?.formattedAmount ?? '',
    })),
    subtotal: p.subtotal?.formattedAmount,
    ...(discount ? { discount } : {}),
    shipping: Number(p.shipping?.amount ?? 0) > 0 ? p.shipping?.formattedAmount : 'Free',
    shippingTitle: o.shippingInfo?.title,
    deliveryTime: o.shippingInfo?.logistics?.deliveryTime,
    taxName: o.taxSummary?.calculationDetails?.taxRegion,
    tax: p.tax?.formattedAmount,
    total: p.total?.formattedAmount,
    shipTo: addressLines(o.shippingInfo?.logistics?.shippingDestination),
    billTo: addressLines(o.billingInfo),
  };
}

export interface Collection {
  id: string;
  name: string;
  slug: string;
  numberOfProducts?: number;
}

/** A Catalog V3 product as the demo reads it (`@wix/auto_sdk_stores_products-v-3`, the fields asked below). */
interface MoneyV3 {
  amount: string;
  formattedAmount?: string;
}
interface ProductV3 {
  id: string;
  name: string;
  slug: string;
  plainDescription?: string;
  currency?: string;
  ribbon?: { name?: string };
  brand?: { name?: string };
  media?: { main?: { image?: { url: string; width?: number; height?: number } } };
  inventory?: { availabilityStatus?: string };
  actualPriceRange?: { minValue?: MoneyV3 };
  compareAtPriceRange?: { minValue?: MoneyV3 };
  options?: { name: string; choicesSettings?: { choices?: { name: string; inStock?: boolean }[] } }[];
  variantsInfo?: {
    variants?: {
      id: string;
      choices?: { optionChoiceNames?: { optionName: string; choiceName: string } }[];
      price?: { actualPrice?: MoneyV3; compareAtPrice?: MoneyV3 };
      inventoryStatus?: { inStock?: boolean };
    }[];
  };
  allCategoriesInfo?: { categories?: { id: string }[] };
}
const V3_FIELDS = ['CURRENCY', 'PLAIN_DESCRIPTION', 'ALL_CATEGORIES_INFO', 'URL'];

/** What is paid (`actual`) and, when it differs, the price before the discount (`compareAt`), as V1's priceData. */
function moneyOf(currency: string, actual?: MoneyV3, compareAt?: MoneyV3): Money | undefined {
  if (!actual) return undefined;
  const was = compareAt && compareAt.amount !== actual.amount ? compareAt : undefined;
  return {
    currency,
    price: Number((was ?? actual).amount),
    ...(was ? { discountedPrice: Number(actual.amount) } : {}),
    formatted: {
      price: (was ?? actual).formattedAmount,
      ...(was ? { discountedPrice: actual.formattedAmount } : {}),
    },
  };
}

/** The demo's pages take one product shape: a V3 product in it (the description is HTML on V3: its text only). */
function fromV3(p: ProductV3): Product {
  const currency = p.currency ?? 'USD';
  const priceData = moneyOf(currency, p.actualPriceRange?.minValue, p.compareAtPriceRange?.minValue);
  const image = p.media?.main?.image;
  const status = p.inventory?.availabilityStatus;
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    ...(p.plainDescription ? { description: p.plainDescription.replace(/<[^>]*>/g, '') } : {}),
    ...(priceData ? { priceData } : {}),
    stock: { inStock: status !== 'OUT_OF_STOCK', ...(status ? { inventoryStatus: status } : {}) },
    ...(image ? { media: { mainMedia: { image } } } : {}),
    productOptions: (p.options ?? []).map((o) => ({
      name: o.name,
      choices: (o.choicesSettings?.choices ?? []).map((c) => ({
        value: c.name,
        description: c.name,
        inStock: c.inStock,
      })),
    })),
    ...(p.variantsInfo?.variants
      ? {
          variants: p.variantsInfo.variants.map((v) => {
            const own = moneyOf(currency, v.price?.actualPrice, v.price?.compareAtPrice);
            return {
              id: v.id,
              choices: Object.fromEntries(
                (v.choices ?? []).flatMap((c) =>
                  c.optionChoiceNames ? [[c.optionChoiceNames.optionName, c.optionChoiceNames.choiceName]] : [],
                ),
              ),
              ...(own ? { variant: { priceData: own } } : {}),
              stock: { inStock: v.inventoryStatus?.inStock !== false },
            };
          }),
        }
      : {}),
    collectionIds: (p.allCategoriesInfo?.categories ?? []).map((c) => c.id),
    ...(p.ribbon?.name ? { ribbon: p.ribbon.name } : {}),
    ...(p.brand?.name ? { brand: p.brand.name } : {}),
  };
}

/** The site's admin credentials (docs/spec/wire-protocol.md §11.6), for backend-only calls such as reading an order. */
export interface AdminKey {
  apiKey: string;
  siteId: string;
}

export function createCatalog(apiBase: string, clientId = 'demo-client', admin?: AdminKey) {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() / 1000 + 30) return token.value;
    const res = await fetch(`${apiBase}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, grantType: 'anonymous' }),
    });
    if (res.status !== 200) throw new Error(`token request failed: ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() / 1000 + body.expires_in };
    return token.value;
  }

  async function call<T>(path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(apiBase + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: await accessToken(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 401 && attempt === 0) {
        token = undefined;
        continue;
      }
      if (res.status === 404) return undefined as T;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return (await res.json()) as T;
    }
  }

  // which catalog the site is on (Catalog Versioning API), asked once: a new site is on V3, an older one on V1
  let version: Promise<'V1_CATALOG' | 'V3_CATALOG'> | undefined;
  const catalogVersion = () =>
    (version ??= call<{ catalogVersion: 'V1_CATALOG' | 'V3_CATALOG' }>('/stores/v3/provision/version').then(
      (r) => r.catalogVersion,
      (e: unknown) => {
        version = undefined;
        throw e;
      },
    ));
  const onV3 = async () => (await catalogVersion()) === 'V3_CATALOG';

  async function queryV3(filter?: Record<string, unknown>): Promise<ProductV3[]> {
    const r = await call<{ products: ProductV3[] }>('/stores/v3/products/query', {
      query: { ...(filter ? { filter } : {}), cursorPaging: { limit: 100 } },
      fields: V3_FIELDS,
    });
    return r.products;
  }

  return {
    /** Every visible product, or those of one collection (V1) / category (V3). */
    async products(collectionId?: string): Promise<Product[]> {
      if (await onV3()) {
        const all = (await queryV3()).map(fromV3);
        return collectionId ? all.filter((p) => p.collectionIds?.includes(collectionId)) : all;
      }
      const filter = collectionId ? { 'collections.id': { $hasSome: [collectionId] } } : undefined;
      const r = await call<{ products: Product[] }>('/stores-reader/v1/products/query', {
        query: { ...(filter ? { filter: JSON.stringify(filter) } : {}), paging: { limit: 100 } },
        includeVariants: true,
      });
      return r.products;
    },
    async productBySlug(slug: string): Promise<Product | undefined> {
      if (await onV3()) {
        // V3's Query Products returns no variants: the product page reads the product itself
        const [found] = await queryV3({ slug });
        if (!found) return undefined;
        const fields = V3_FIELDS.map((f) => `fields=${f}`).join('&');
        const r = await call<{ product?: ProductV3 } | undefined>(`/stores/v3/products/${found.id}?${fields}`);
        return r?.product ? fromV3(r.product) : undefined;
      }
      const r = await call<{ products: Product[] }>('/stores-reader/v1/products/query', {
        query: { filter: JSON.stringify({ slug }) },
        includeVariants: true,
      });
      return r.products[0];
    },
    /**
     * The order the thank-you page shows (its number, lines, addresses, totals), read with the site's API key, the
     * link's `orderId` being the order's unguessable id as the platform's own thank-you page takes it; undefined
     * without a key, for an unknown order, or when the platform does not answer (the page then says so).
     */
    async order(orderId: string): Promise<ThankYouOrder | undefined> {
      if (!admin || !/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return undefined;
      try {
        const res = await fetch(`${apiBase}/ecom/v1/orders/${orderId}`, {
          headers: { authorization: admin.apiKey, 'wix-site-id': admin.siteId },
        });
        if (res.status !== 200) return undefined;
        const body = (await res.json()) as { order?: WireOrder };
        return body.order && typeof body.order.number === 'string' ? thankYouOrder(body.order) : undefined;
      } catch {
        return undefined;
      }
    },
    async collections(): Promise<Collection[]> {
      if (await onV3()) {
        const r = await call<{ categories: { id: string; name: string; slug: string; itemCounter?: number }[] }>(
          '/categories/v1/categories/query',
          { query: { cursorPaging: { limit: 100 } }, treeReference: { appNamespace: '@wix/stores' } },
        );
        return r.categories.map((c) => ({ id: c.id, name: c.name, slug: c.slug, numberOfProducts: c.itemCounter }));
      }
      const r = await call<{ collections: Collection[] }>('/stores-reader/v1/collections/query', {
        query: { paging: { limit: 100 } },
      });
      return r.collections;
    },
  };
}
export type Catalog = ReturnType<typeof createCatalog>;
