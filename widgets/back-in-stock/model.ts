import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import type { Emit } from '../../core/events.ts';
import { InlayApiError } from '../../core/errors.ts';
import { httpUrl } from '../../core/safe-url.ts';
import { createStockRequest, deleteStockRequest, openRequests, stillWaiting } from '../../core/api/back-in-stock.ts';
import { STORES_APP_ID, variantOf, type Product } from '../../core/api/products.ts';
import { productKey, productStore } from '../../core/stores/products.ts';
import { createSavedStockRequests } from '../../core/stores/stock-saved.ts';
import type { strings } from './strings.ts';

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

type Key = keyof typeof strings;
export type Phase = 'loading' | 'closed' | 'open' | 'sending' | 'subscribed' | 'already';

export interface BackInStockUi {
  phase: Phase;
  email: string;
  /** The email of the request shown as subscribed. */
  subscribedAs: string;
  /** What went wrong, as a message key (`bis.badEmail` goes on the field), or a failure core words (`i18n.error`). */
  error?: Key | { cause: unknown };
  /** "You won't get an email about this item" after "Don't notify me". */
  ended?: boolean;
  /** Counts the steps the person took (focus moves with them; never on load, nor when a sign-in changes what shows). */
  moves: number;
}

const NONE = atom<{ data?: undefined; error?: undefined }>({});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One `<inlay-back-in-stock>` for `productId`: the product, and what this person asked for the item shown (`follow`:
 * the variant, and who is signed in). A visitor's request is kept in this browser (it survives reloads, and goes with
 * the visitor when they sign in); a member's own requests come from the platform.
 */
export function createBackInStockModel(
  { client }: InlayContext,
  { productId, emit }: { productId?: string; emit: Emit },
) {
  const { http } = client;
  const $product = productId ? productStore(client, productId) : NONE;
  const saved = createSavedStockRequests<ReturnType<typeof buildRequest>>(client.config.clientId);
  const $ui = atom<BackInStockUi>({ phase: 'closed', email: '', subscribedAs: '', moves: 0 });
  const set = (p: Partial<BackInStockUi>) => $ui.set({ ...$ui.get(), ...p });
  /** A step the person took: focus moves with it. */
  const go = (phase: Phase, p?: Partial<BackInStockUi>) => set({ ...p, phase, moves: $ui.get().moves + 1 });
  let key: string;
  let variant: string | undefined;
  let member: boolean;
  // the requests "Don't notify me" ends: the member's open ones for this item, or the one this browser made
  // (`follow` sets both before anything is shown)
  let mine: Promise<string[]>;
  let load: () => Promise<string[]>;

  /**
   * Shows what this person asked for the item (a variant switch and a sign-in or out change it): subscribed while it
   * waits. `ask`: a member who may want it (the item is wanted). Returns the stop function.
   */
  function follow(variantId: string | undefined, isMember: boolean, ask: boolean): () => void {
    key = `${productId ?? ''}:${(variant = variantId) ?? ''}`;
    member = isMember;
    set({ error: undefined, ended: false });
    let live = true;
    const show = (r?: { email: string }) =>
      live && set(r ? { phase: 'subscribed', subscribedAs: r.email } : { phase: 'closed' });
    const s = saved.get(key);
    const k = key;
    // left behind by a sign-in's carry-over (core/services/stock-carry.ts): made again below
    const pending = s && !s.id && s.body ? s : undefined;
    // a visitor sees the saved state at once (after a sign-out: not the member's); a member's comes from the platform
    if (!member || pending) show(pending ?? (s?.id ? s : undefined));
    else if (!ask || $ui.get().phase === 'closed') set({ phase: ask ? 'loading' : 'closed' });
    load = async () => {
      if (pending?.body) {
        const r = await createStockRequest(http, pending.body.request, pending.body.itemDetails);
        if (isMember) saved.forget(k);
        else saved.set(k, { ...pending, id: r.id });
        return [r.id];
      }
      if (isMember) {
        const list = ask ? await openRequests(http, productId!, variantId) : [];
        show(list[0]);
        return list.map((r) => r.id);
      }
      if (s?.id && (await stillWaiting(http, s.id))) return [s.id];
      if (s?.id) saved.forget(k); // sent or deleted meanwhile
      show();
      return [];
    };
    mine = load();
    mine.catch(() => live && $ui.get().phase === 'loading' && set({ phase: 'closed' })); // offline: keep what we knew
    return () => {
      live = false;
    };
  }

  return {
    $product,
    $ui,
    follow,
    /** Read the product again after a failure. */
    retry: () => client.cache.invalidate(productKey(productId!)),
    setEmail: (email: string) => set({ email }),
    /** Open the form (a member's email prefilled). */
    open: (memberEmail: string) => go('open', { email: $ui.get().email || memberEmail, ended: false }),
    cancel: () => go('closed'),
    /** Ask for an email when the item is back (`value`: the field's text); a new request emits `inlay-stock-subscribe`. */
    async submit(value: string): Promise<void> {
      if ($ui.get().phase === 'sending') return;
      value = value.trim();
      // back to the field, which says why
      if (!EMAIL.test(value)) return go('open', { email: value, error: 'bis.badEmail' });
      set({ email: value, phase: 'sending', error: undefined });
      const startedAt = Date.now();
      try {
        // (the form shows with the product only)
        const body = buildRequest($product.get().data!, variant, value, location.href);
        const r = await createStockRequest(http, body.request, body.itemDetails);
        if (!member) saved.set(key, { id: r.id, email: r.email, body });
        mine = Promise.resolve([r.id]);
        // the platform gives back the request made earlier for this email: already on the list
        const already = (r.createdDate ? Date.parse(r.createdDate) : startedAt) < startedAt - 5000;
        go(already ? 'already' : 'subscribed', { subscribedAs: r.email });
        if (!already) emit('inlay-stock-subscribe', { request: r });
      } catch (e) {
        // the field error for a bad email, the service's states, or the generic message
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
    /** "Don't notify me": ends the requests shown (one already gone counts as ended). */
    async stop() {
      set({ error: undefined });
      try {
        // what could not be read at first (offline) is read again now
        for (const id of await mine.catch(() => (mine = load()))) {
          await deleteStockRequest(http, id).catch((e: unknown) => {
            if (!(e instanceof InlayApiError && e.status === 404)) throw e;
          });
        }
        saved.forget(key);
        // (what shows "Don't notify me" next, a send or `follow`, sets `mine` again)
        go('closed', { ended: true });
      } catch {
        set({ error: 'bis.stopFailed' });
      }
    },
  };
}

export type BackInStockModel = ReturnType<typeof createBackInStockModel>;
