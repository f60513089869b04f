import { InlayApiError } from '../../core/errors.ts';
import { createStockRequest, type StockRequest } from '../../core/services/back-in-stock.ts';
import { STORES_APP_ID, variantOf, type Product } from '../../core/services/products.ts';

/**
 * A request this browser made as a visitor, kept per client id and item so the subscribed state survives reloads; a
 * member's live on the platform instead. `body` made it: at sign-in core/services/stock-carry.ts deletes the request
 * as the visitor and makes it again as the member, and `id` is '' until it is made again.
 */
export interface Saved {
  id: string;
  email: string;
  body?: ReturnType<typeof buildRequest>;
}

const storageKey = (clientId: string) => `inlay.back-in-stock.${clientId}`;
export const itemKey = (productId: string, variantId?: string) => `${productId}:${variantId ?? ''}`;

function readAll(storage: Storage | null, clientId: string): Record<string, Saved> {
  try {
    const v = JSON.parse(storage?.getItem(storageKey(clientId)) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, Saved>) : {};
  } catch {
    return {}; // corrupted or unavailable storage: nothing saved
  }
}

export function createSavedRequests(clientId: string, storage: Storage | null = safeLocalStorage()) {
  const write = (all: Record<string, Saved>) => {
    try {
      storage?.setItem(storageKey(clientId), JSON.stringify(all));
    } catch {
      /* storage full or blocked: the state lasts for this page only */
    }
  };
  return {
    get: (key: string): Saved | undefined => readAll(storage, clientId)[key],
    set(key: string, saved: Saved) {
      write({ ...readAll(storage, clientId), [key]: saved });
    },
    forget(key: string) {
      const all = readAll(storage, clientId);
      delete all[key];
      write(all);
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** `ada@example.com` → `a…@example.com`, for "We'll email you at …". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? email : `${email[0]}…${email.slice(at)}`;
}

/** Only http(s) page URLs are sent as the item link. */
function pageUrl(href: string): string | undefined {
  try {
    const u = new URL(href);
    return /^https?:$/.test(u.protocol) ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The request body for this product/variant and email (price as the platform's decimal string). */
export function buildRequest(product: Product, variantId: string | undefined, email: string, href: string) {
  const variant = variantOf(product, variantId);
  const price = variant?.variant?.priceData ?? product.priceData;
  const img = product.media?.mainMedia?.image;
  const amount = price ? (price.discountedPrice ?? price.price) : 0;
  return {
    request: {
      catalogReference: { appId: STORES_APP_ID, catalogItemId: product.id, ...(variantId ? { options: { variantId } } : {}) },
      email: email.trim(),
      ...(pageUrl(href) ? { itemUrl: pageUrl(href) } : {}),
    },
    itemDetails: {
      name: product.name,
      price: amount.toFixed(2),
      ...(img && /^https?:/i.test(img.url) ? { image: { id: product.media?.mainMedia?.id, url: img.url, width: img.width, height: img.height } } : {}),
    },
  };
}

export type SubmitResult = { kind: 'subscribed' | 'already'; request: StockRequest; body: ReturnType<typeof buildRequest> };

/** Create (or get back the existing) request; `already` when the platform returned one made earlier. */
export async function subscribe(product: Product, variantId: string | undefined, email: string, href: string, startedAt = Date.now()): Promise<SubmitResult> {
  const body = buildRequest(product, variantId, email, href);
  const r = await createStockRequest(body.request, body.itemDetails);
  const made = r.createdDate ? Date.parse(r.createdDate) : startedAt;
  return { kind: made < startedAt - 5000 ? 'already' : 'subscribed', request: r, body };
}

/** Which message a failure gets: the field error for a bad email, the service states, or the generic one. */
export function failureKind(e: unknown): 'email' | 'not-collecting' | 'too-many' | 'other' {
  if (!(e instanceof InlayApiError)) return 'other';
  if (e.status === 400 && e.fieldViolations?.some((v) => v.field.endsWith('email'))) return 'email';
  if (e.status === 428) return 'not-collecting';
  if (e.status === 429) return 'too-many';
  return 'other';
}
