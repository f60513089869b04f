import { InlayApiError } from '../../core/errors.ts';
import type { Http } from '../../core/http.ts';
import { httpUrl } from '../../core/safe-url.ts';
import { createStockRequest, type StockRequest } from '../../core/api/back-in-stock.ts';
import { STORES_APP_ID, variantOf, type Product } from '../../core/api/products.ts';
import { createSavedStockRequests, type SavedStockRequest } from '../../core/stores/stock-saved.ts';

/** A request this browser made as a visitor (core/stores/stock-saved.ts), with the body that made it. */
export type Saved = SavedStockRequest<ReturnType<typeof buildRequest>>;

export const itemKey = (productId: string, variantId?: string) => `${productId}:${variantId ?? ''}`;

export const createSavedRequests = (clientId: string, storage?: Storage | null) => createSavedStockRequests<ReturnType<typeof buildRequest>>(clientId, storage);

/** `ada@example.com` → `a…@example.com`, for "We'll email you at …". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? email : `${email[0]}…${email.slice(at)}`;
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
      // only http(s) page URLs are sent as the item link
      ...(httpUrl(href) ? { itemUrl: href } : {}),
    },
    itemDetails: {
      name: product.name,
      price: amount.toFixed(2),
      ...(img && httpUrl(img.url) ? { image: { id: product.media?.mainMedia?.id, url: img.url, width: img.width, height: img.height } } : {}),
    },
  };
}

export type SubmitResult = { kind: 'subscribed' | 'already'; request: StockRequest; body: ReturnType<typeof buildRequest> };

/** Create (or get back the existing) request; `already` when the platform returned one made earlier. */
export async function subscribe(http: Http, product: Product, variantId: string | undefined, email: string, href: string, startedAt = Date.now()): Promise<SubmitResult> {
  const body = buildRequest(product, variantId, email, href);
  const r = await createStockRequest(http, body.request, body.itemDetails);
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
