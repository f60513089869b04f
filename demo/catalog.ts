/**
 * The demo storefront is a third-party site: its server reads the catalog from the platform (the emulator here)
 * with a visitor token of its own, as a headless site's server would.
 */
export interface Money {
  currency: string;
  price: number;
  discountedPrice?: number;
  formatted?: { price?: string; discountedPrice?: string };
}
export interface Product {
  id: string;
  name: string;
  slug: string;
  description?: string;
  price?: Money;
  priceData?: Money;
  stock?: { inStock?: boolean; inventoryStatus?: string; quantity?: number; trackInventory?: boolean };
  media?: { mainMedia?: { image?: { url: string; width?: number; height?: number } } };
  productOptions?: {
    name: string;
    optionType?: string;
    choices: { value: string; description?: string; inStock?: boolean }[];
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
export interface Collection {
  id: string;
  name: string;
  slug: string;
  numberOfProducts?: number;
}

/** The site's admin credentials (wire-protocol §11.6), for backend-only calls such as reading an order. */
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

  return {
    async products(filter?: Record<string, unknown>): Promise<Product[]> {
      const r = await call<{ products: Product[] }>('/stores-reader/v1/products/query', {
        query: { ...(filter ? { filter: JSON.stringify(filter) } : {}), paging: { limit: 100 } },
        includeVariants: true,
      });
      return r.products;
    },
    async productBySlug(slug: string): Promise<Product | undefined> {
      const r = await call<{ products: Product[] }>('/stores-reader/v1/products/query', {
        query: { filter: JSON.stringify({ slug }) },
        includeVariants: true,
      });
      return r.products[0];
    },
    /**
     * The number a shopper knows their order by (`order.number`), read with the site's API key; undefined without a
     * key, for an unknown order, or when the platform does not answer (the thank-you page then says so).
     */
    async orderNumber(orderId: string): Promise<string | undefined> {
      if (!admin || !/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return undefined;
      try {
        const res = await fetch(`${apiBase}/ecom/v1/orders/${orderId}`, {
          headers: { authorization: admin.apiKey, 'wix-site-id': admin.siteId },
        });
        if (res.status !== 200) return undefined;
        const body = (await res.json()) as { order?: { number?: unknown } };
        return typeof body.order?.number === 'string' ? body.order.number : undefined;
      } catch {
        return undefined;
      }
    },
    async collections(): Promise<Collection[]> {
      const r = await call<{ collections: Collection[] }>('/stores-reader/v1/collections/query', {
        query: { paging: { limit: 100 } },
      });
      return r.collections;
    },
  };
}
export type Catalog = ReturnType<typeof createCatalog>;
