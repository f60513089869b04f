import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import type { Emit } from '../../core/events.ts';
import type { Http } from '../../core/http.ts';
import { InlayApiError } from '../../core/errors.ts';
import { httpUrl } from '../../core/safe-url.ts';
import { createStockRequest, type StockRequest } from '../../core/api/back-in-stock.ts';
import { STORES_APP_ID, variantOf, type Product } from '../../core/api/products.ts';
import { productKey, productStore } from '../../core/reads/products.ts';
import { createSavedStockRequests } from '../../core/stores/stock-saved.ts';
import type { formStrings } from './form-strings.ts';

/** `ada@example.com` → `a…@example.com`, for "We'll email you at …". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? email : `${email[0]}…${email.slice(at)}`;
}

/** The request body for this product/variant and (trimmed) email (price as the platform's decimal string). */
export function buildRequest(product: Product, variantId: string | undefined, email: string, href: string) {
  const variant = variantOf(product, variantId);
  const price = variant?.variant?.priceData ?? product.priceData;
  const img = product.media?.mainMedia?.image;
  const amount = price ? (price.discountedPrice ?? price.price) : 0;
  return {
    request: {
      catalogReference: {
        appId: STORES_APP_ID,
        catalogItemId: product.id,
        ...(variantId ? { options: { variantId } } : {}),
      },
      email,
      // only http(s) page URLs are sent as the item link
      ...(httpUrl(href) ? { itemUrl: href } : {}),
    },
    itemDetails: {
      name: product.name,
      price: amount.toFixed(2),
      ...(img && httpUrl(img.url)
        ? { image: { id: product.media?.mainMedia?.id, url: img.url, width: img.width, height: img.height } }
        : {}),
    },
  };
}

type Key = keyof typeof formStrings;
/** `stopping`/`stopped`: "Stop notifying me" (through the site companion) is under way / done. */
export type Phase = 'closed' | 'open' | 'sending' | 'subscribed' | 'already' | 'stopping' | 'stopped';

export interface BackInStockUi {
  phase: Phase;
  email: string;
  /** The email of the request shown as subscribed. */
  subscribedAs: string;
  /** What went wrong, as a message key (`bis.badEmail` goes on the field), or a failure core words (`i18n.error`). */
  error?: Key | { cause: unknown };
  /** Counts the steps the person took (focus moves with them; never on load, nor when a sign-in changes what shows). */
  moves: number;
  /** The request can be stopped from here (made through the site companion, which gave a handle). */
  stoppable?: boolean;
  /** The request's status, as the companion last said (`NOTIFICATION_SENT`: the email has gone out). */
  status?: StockRequest['status'];
}

type CompanionApi = typeof import('../../core/api/companion.ts');

const NONE = atom<{ data?: undefined; error?: undefined }>({});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One `<inlay-back-in-stock>` for `productId`: the product, and what was asked in this browser for the item shown
 * (`follow`: the variant, and whether a member is signed in). The only call is the request itself: reading, listing
 * or deleting requests takes an admin identity on the platform (docs/wire.md), so the subscribed state is this
 * browser's record (core/stores/stock-saved.ts): it survives reloads and goes with the visitor when they sign in.
 */
export function createBackInStockModel(
  { client }: InlayContext,
  { productId, emit }: { productId?: string; emit: Emit },
) {
  const { http } = client;
  /**
   * The site companion (`data-companion`), loaded on demand: it makes the request and gives a handle with which this
   * device reads its status and stops it (the platform lets only an admin identity do either).
   */
  const companion = client.config.companion
    ? () =>
        import('../../core/api/companion.ts').then(
          (m) => [m, m.companionHttp(client, location.href)] as [CompanionApi, Http],
        )
    : undefined;
  const $product = productId ? productStore(client, productId) : NONE;
  const saved = createSavedStockRequests(client.config.clientId);
  const $ui = atom<BackInStockUi>({ phase: 'closed', email: '', subscribedAs: '', moves: 0 });
  const set = (p: Partial<BackInStockUi>) => $ui.set({ ...$ui.get(), ...p });
  /** A step the person took: focus moves with it. */
  const go = (phase: Phase, p?: Partial<BackInStockUi>) => set({ ...p, phase, moves: $ui.get().moves + 1 });
  let key: string;
  let variant: string | undefined;
  let member: boolean;

  /** Ask the companion how the request behind `handle` stands; one that no longer exists is forgotten here. */
  async function recheck(item: string, handle: string) {
    try {
      const [m, h] = await companion!();
      const r = await m.stockRequestStatus(h, handle);
      if (item === key) set({ status: r.status });
    } catch (e) {
      // gone (stopped elsewhere, or done with): nothing waits any more. Any other failure: the device's record stands.
      if (!(e instanceof InlayApiError && e.status === 404)) return;
      saved.forget(item);
      if (item === key && ($ui.get().phase === 'subscribed' || $ui.get().phase === 'already'))
        set({ phase: 'closed', stoppable: false, status: undefined });
    }
  }

  return {
    $product,
    $ui,
    /**
     * Shows what was asked for the item here (a variant switch and a sign-in or out change it): subscribed while it
     * waits. `back`: the item is in stock again, so its notice has gone out (or is going): the record is dropped and
     * the person may ask again the next time it sells out.
     */
    follow(variantId: string | undefined, isMember: boolean, back: boolean) {
      key = `${productId ?? ''}:${(variant = variantId) ?? ''}`;
      member = isMember;
      if (back) saved.forget(key);
      const s = saved.get(key, member);
      const stoppable = !!(s?.handle && companion);
      set({
        error: undefined,
        status: undefined,
        stoppable,
        ...(s ? { phase: 'subscribed', subscribedAs: s.email } : { phase: 'closed' }),
      });
      if (stoppable) void recheck(key, s!.handle!);
    },
    /** Read the product again after a failure. */
    retry: () => client.cache.invalidate(productKey(productId!)),
    setEmail: (email: string) => set({ email }),
    /** Open the form (a member's email prefilled). */
    open: (memberEmail: string) => go('open', { email: $ui.get().email || memberEmail }),
    cancel: () => go('closed'),
    /**
     * "Stop notifying me" (through the site companion, with the handle this device kept): the request is deleted and
     * the device's record with it; the result is told (`stopped`). A request already gone counts as stopped. A failure
     * keeps the subscribed state and says why.
     */
    async stop(): Promise<void> {
      const item = key;
      const s = saved.get(item, member);
      if (!companion || !s?.handle || $ui.get().phase === 'stopping') return;
      const was = $ui.get().phase;
      set({ phase: 'stopping', error: undefined });
      try {
        const [m, h] = await companion();
        await m.stopStockRequest(h, s.handle);
      } catch (e) {
        if (!(e instanceof InlayApiError && e.status === 404)) {
          const status = e instanceof InlayApiError ? e.status : 0;
          return go(was, { error: status === 429 ? 'bis.tooMany' : { cause: e } });
        }
      }
      saved.forget(item);
      go('stopped', { stoppable: false, status: undefined });
    },
    /** Ask for an email when the item is back (`value`: the field's text); a new request emits `inlay-stock-subscribe`. */
    async submit(value: string): Promise<void> {
      if ($ui.get().phase === 'sending') return;
      value = value.trim();
      // back to the field, which says why
      if (!EMAIL.test(value)) return go('open', { email: value, error: 'bis.badEmail' });
      set({ email: value, phase: 'sending', error: undefined });
      const startedAt = Date.now();
      // (the item and who asked, as they were when the person pressed the button)
      const item = key;
      const mine = member ? { member: true as const } : {};
      try {
        // (the form shows with the product only)
        const body = buildRequest($product.get().data!, variant, value, location.href);
        let r: StockRequest;
        let handle: string | undefined;
        if (companion) {
          const [m, h] = await companion();
          ({ request: r, handle } = await m.createStockRequestVia(h, body.request, body.itemDetails));
        } else r = await createStockRequest(http, body.request, body.itemDetails);
        saved.set(item, { id: r.id, email: r.email, ...mine, ...(handle ? { handle } : {}) });
        // the platform gives back the request made earlier for this email: already on the list
        const already = (r.createdDate ? Date.parse(r.createdDate) : startedAt) < startedAt - 5000;
        go(already ? 'already' : 'subscribed', { subscribedAs: r.email, stoppable: !!handle, status: r.status });
        if (!already) emit('inlay-stock-subscribe', { request: r });
      } catch (e) {
        // the field error for a bad email, the service's states, or the generic message; the email stays typed
        const status = e instanceof InlayApiError ? e.status : 0;
        go('open', {
          error:
            status === 400 && (e as InlayApiError).fieldViolations?.some((v) => v.field.endsWith('email'))
              ? 'bis.badEmail'
              : status === 428
                ? 'bis.notCollecting'
                : status === 429
                  ? 'bis.tooMany'
                  : { cause: e },
        });
      }
    },
  };
}

export type BackInStockModel = ReturnType<typeof createBackInStockModel>;
