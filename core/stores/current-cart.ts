/**
 * The page's `$cart` over the eCom current cart (core/api/current-cart.ts), shared by `<inlay-cart>`, `<inlay-add-to-cart>`
 * and `window.Inlay.cart`. One GET per page load (then answers of mutations and other tabs' changes keep it
 * current). Mutations are queued one at a time and applied optimistically: what is shown is the last confirmed
 * cart with the pending changes applied, so a final failure rolls back exactly (the change is dropped).
 * Other tabs learn about changes through a BroadcastChannel carrying the cart's id and revision, and refetch when
 * they hold another. A page's first load announces what it read too: a tab coming back from the hosted checkout (the
 * thank-you page, a full page load) reads the cart the payment left, and every other tab refetches it, rather than
 * anyone assuming the cart is now empty (lines added meanwhile stay on the platform). A page restored from the
 * back/forward cache (where it heard no message) refetches.
 * A change whose answer is lost (network, timeout, 5xx) may have landed: the cart is read back before it counts as
 * failed, so nothing is doubled by a retry and what is shown is what the platform holds.
 *
 * Named `current-cart` (the SDK's module name) rather than `cart`: a shared chunk named `cart-…` would pass for the
 * `<inlay-cart>` widget chunk.
 */
import { atom, computed } from 'nanostores';
import type { InlayClient } from '../client.ts';
import { outcomeUnknown } from '../errors.ts';
import { sessionOf } from './session.ts';
import { oncePer } from '../context.ts';
import { announce, onRestore, openChannel } from './cart-page.ts';
import * as cartApi from '../api/current-cart.ts';
import type { AddItem, Cart, CartChangeReason, CartLine, CheckoutPrefill } from '../api/current-cart.ts';
import type { Member } from '../api/members.ts';

interface Pending {
  apply?: (c: Cart) => Cart;
}

/** What the channel carries: which cart, at which revision (`null`s: no cart). */
interface Stamp {
  id?: unknown;
  revision?: unknown;
}
const stamp = (cart: Cart | null): Stamp => ({ id: cart?.id ?? null, revision: cart?.revision ?? null });

/** Whether a change shows in the cart read back after its answer was lost (`before`: the cart it was made on). */
type Landed = (before: Cart | null, after: Cart | null) => boolean;

const withLines = (c: Cart, f: (l: CartLine[]) => CartLine[]): Cart => ({ ...c, lineItems: f(c.lineItems) });

const lineOf = (c: Cart | null, id: string) => c?.lineItems.find((l) => l.id === id);
/** Units of a product (and variant, when given) in a cart. */
const unitsOf = (c: Cart | null, i: AddItem) =>
  (c?.lineItems ?? [])
    .filter(
      (l) =>
        l.catalogReference.catalogItemId === i.productId &&
        (!i.variantId || l.catalogReference.options?.['variantId'] === i.variantId),
    )
    .reduce((n, l) => n + l.quantity, 0);
const couponOf = (c: Cart | null) => c?.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code.toLowerCase();

type CartClient = Pick<InlayClient, 'http' | 'config' | 'tokens'>;

/** The page's cart for a client: its stores and actions, one per client (every cart widget and `Inlay.cart`). */
export function createCart(client: CartClient) {
  const $confirmed = atom<Cart | null>(null);
  const $pending = atom<Pending[]>([]);
  /** `idle` until first needed, then `loading`, `ready` or `error` (of the load). */
  const $cartStatus = atom<{ state: 'idle' | 'loading' | 'ready' | 'error'; error?: unknown }>({ state: 'idle' });
  /** The cart as shown: the last confirmed one with the pending changes applied. `null` = empty. */
  const $cart = computed([$confirmed, $pending], (c, p) =>
    c ? p.reduce((acc, x) => (x.apply ? x.apply(acc) : acc), c) : c,
  );
  /** Units in the cart (the badge). */
  const $cartCount = computed($cart, (c) => (c ? c.lineItems.reduce((n, l) => n + l.quantity, 0) : 0));
  /** Whether the drawer is open (shared by every `<inlay-cart>` and `Inlay.cart.open()`). */
  const $cartOpen = atom(false);
  /** Number of changes in flight. */
  const $cartBusy = computed($pending, (p) => p.length);

  let loading: Promise<Cart | null> | undefined;
  let channel: BroadcastChannel | null | undefined;
  let stopRestore: (() => void) | undefined;
  let wasMember: boolean | undefined;
  let stopSession: (() => void) | undefined;
  const fetchIt = () => cartApi.fetchCart(client);
  let first = true;
  /**
   * The page's first read: a visitor whose identity this page has just minted (an anonymous grant, the loader's early
   * one included) has no cart yet, so it is "no cart" without a request (the platform would answer 404). Every later
   * read (sync, refresh, sign-in, read-back) asks the platform; so does the first for stored tokens or a member.
   * Not covered: a page whose first read comes late (no cart or carousel reads at start) while another tab, opened
   * since on the tokens this page stored, made a cart: this page shows none until a change or a sync (its channel
   * opens with that read). Its own add is right in any case: the platform answers with the cart it holds.
   */
  async function firstRead(): Promise<Cart | null> {
    if (first) await client.tokens.getAccessToken();
    const skip = first && client.tokens.minted();
    first = false;
    return skip ? null : fetchIt();
  }

  /** Whether this tab already holds what another tab announced. */
  function holds(m: Stamp): boolean {
    const mine = $confirmed.get();
    // a tab on an older bundle sends the revision only
    if (!('id' in m)) return m.revision != null && m.revision === mine?.revision;
    return m.id === (mine?.id ?? null) && m.revision === (mine?.revision ?? null);
  }
  function setConfirmed(cart: Cart | null, reason?: CartChangeReason, target?: EventTarget, broadcast = true) {
    $confirmed.set(cart);
    $cartStatus.set({ state: 'ready' });
    if (!reason) return;
    announce(cart, reason, target);
    if (broadcast) channel?.postMessage(stamp(cart));
  }

  function connect() {
    if (channel !== undefined) return;
    channel = openChannel(`inlay-cart-${client.config.clientId}`, (m: Stamp | null) => {
      // another tab changed or read the cart: refetch unless we already hold that cart at that revision; with our own
      // changes in flight, after them (a read now would be dropped, and the other tab's change may be the newer one)
      if (!m || !holds(m)) void queue.then(() => refresh('sync')).catch(() => undefined);
    });
    // restored from the back/forward cache, where it heard no message
    stopRestore = onRestore(() => void refresh('sync').catch(() => undefined));
    // a sign-in (the visitor cart merges into the member's) or sign-out changes whose cart this is
    stopSession = sessionOf(client).subscribe((s) => {
      const member = s.role === 'member';
      if (member !== wasMember && wasMember !== undefined) refresh('sync').catch(() => undefined);
      wasMember = member;
    });
  }

  /** Load the cart once per page (several widgets share the one request). */
  function loadCart(): Promise<Cart | null> {
    connect();
    if (!loading) {
      $cartStatus.set({ state: 'loading' });
      loading = firstRead().then(
        (c) => {
          setConfirmed(c);
          // tabs holding something else (e.g. the cart before a payment made in this tab) refetch
          channel?.postMessage(stamp(c));
          return c;
        },
        (e: unknown) => {
          loading = undefined; // the next mount may try again
          $cartStatus.set({ state: 'error', error: e });
          throw e;
        },
      );
    }
    return loading;
  }

  /** Fetch again (other tab, new session, retry after a failed load). */
  async function refresh(reason?: CartChangeReason): Promise<Cart | null> {
    const c = await fetchIt();
    // answers to our own queued changes are newer than this read: keep them
    if (!$pending.get().length) setConfirmed(c, reason, undefined, false);
    loading = Promise.resolve(c);
    return c;
  }

  let queue: Promise<unknown> = Promise.resolve();

  /** Errors of changes whose answer was lost and whose cart could not be read back: how to tell later whether they landed. */
  const unsettled = new WeakMap<object, (after: Cart | null) => boolean>();

  /**
   * Run one change after the ones before it. `apply` shows its effect at once; on success the platform's cart
   * replaces the confirmed one; on failure the change is dropped (exact rollback) and the error rethrown. When the
   * answer is lost, the cart is read back: a change that landed counts as done; one that did not fails with the
   * platform's cart shown. `previous`: the error of an earlier try of the same change (a retry); if that one's fate
   * was unknown, the cart is read first and the change is not sent again when it is already there.
   */
  function mutate(
    reason: CartChangeReason,
    run: () => Promise<Cart | null>,
    opts: { apply?: (c: Cart) => Cart; landed?: Landed; target?: EventTarget; previous?: unknown } = {},
  ): Promise<Cart | null> {
    connect();
    const { apply, landed, target, previous } = opts;
    const p: Pending = apply ? { apply } : {};
    $pending.set([...$pending.get(), p]);
    const done = () => $pending.set($pending.get().filter((x) => x !== p));
    const result = queue.then(async () => {
      if ($cartStatus.get().state !== 'ready') await loadCart().catch(() => null);
      const check = previous instanceof Error ? unsettled.get(previous) : undefined;
      if (check) {
        const now = await fetchIt().catch(() => Promise.reject(previous)); // still no way to know: the same error
        if (check(now)) return now;
      }
      const before = $confirmed.get();
      try {
        return await run();
      } catch (e) {
        if (!landed || !outcomeUnknown(e)) throw e;
        const did = (after: Cart | null) => landed(before, after);
        // a retry reads first in any case: a slow platform may still make the change after this read-back
        unsettled.set(e as Error, did);
        const now = await fetchIt().catch(() => Promise.reject(e));
        if (did(now)) return now;
        if (now?.id !== before?.id || now?.revision !== before?.revision) setConfirmed(now, 'sync', target, false);
        throw e;
      }
    });
    queue = result.catch(() => undefined);
    return result.then(
      (cart) => {
        done();
        setConfirmed(cart, reason, target);
        return cart;
      },
      (e: unknown) => {
        done();
        throw e;
      },
    );
  }

  return {
    $cart,
    $cartStatus,
    $cartCount,
    $cartOpen,
    $cartBusy,
    loadCart,
    refresh,
    estimateTotals: () => cartApi.estimateTotals(client),
    /** The hosted checkout, its form filled in with a signed-in member's email and default address, in `lang`. */
    startCheckout(callbacks: Parameters<typeof cartApi.startCheckout>[1], lang: string) {
      const s = sessionOf(client).get();
      return cartApi.startCheckout(client, callbacks, memberPrefill(s.role === 'member' ? s.member : undefined), lang);
    },
    /**
     * Add items (merged into their lines by the platform). Not shown before the answer: a new line needs its data.
     * `previous`: the error of the try this one repeats (see `mutate`).
     */
    addItems(items: AddItem[], target?: EventTarget, previous?: unknown): Promise<Cart | null> {
      // the platform caps a line at 9999 units
      const landed: Landed = (b, a) =>
        items.every((i) => unitsOf(a, i) >= Math.min(9999, unitsOf(b, i) + (i.quantity ?? 1)));
      return mutate('add', () => cartApi.addToCart(client, items), { landed, target, previous });
    },
    /** `target`: where `inlay-cart-change` is dispatched (the `<inlay-cart>` whose drawer made the change). */
    setQuantity(lineId: string, quantity: number, target?: EventTarget): Promise<Cart | null> {
      return mutate('update', () => cartApi.setLineQuantity(client, lineId, quantity), {
        target,
        apply: (c) => withLines(c, (ls) => ls.map((l) => (l.id === lineId ? { ...l, quantity } : l))),
        landed: (_, a) => lineOf(a, lineId)?.quantity === quantity,
      });
    },
    removeLine(lineId: string, target?: EventTarget): Promise<Cart | null> {
      return mutate('remove', () => cartApi.removeLine(client, lineId), {
        target,
        apply: (c) => withLines(c, (ls) => ls.filter((l) => l.id !== lineId)),
        landed: (_, a) => !lineOf(a, lineId),
      });
    },
    applyCoupon: (code: string, target?: EventTarget) =>
      mutate('coupon', () => cartApi.applyCoupon(client, code), {
        landed: (_, a) => couponOf(a) === code.toLowerCase(),
        target,
      }),
    removeCoupon: (target?: EventTarget) =>
      mutate('coupon', () => cartApi.removeCoupon(client), { landed: (_, a) => !couponOf(a), target }),
    clearCart: () =>
      mutate('clear', () => cartApi.deleteCart(client), {
        apply: (c) => withLines(c, () => []),
        landed: (_, a) => !a?.lineItems.length,
      }),
    /** Stop listening to other tabs and the session (tests; a page never stops its cart). */
    close() {
      channel?.close();
      stopRestore?.();
      stopSession?.();
    },
  };
}
export type CartStore = ReturnType<typeof createCart>;

/**
 * A signed-in member's login email and first (default) address (`<inlay-account>` keeps it), as create-checkout takes
 * them. The street is the address's `addressLine`, else its `streetAddress` number and name (the platform gives one or
 * the other).
 */
export function memberPrefill(member: Member | undefined): CheckoutPrefill {
  const a = member?.contact?.addresses?.[0];
  const street = a?.addressLine || [a?.streetAddress?.number, a?.streetAddress?.name].filter(Boolean).join(' ');
  const address = Object.fromEntries(
    Object.entries({
      addressLine1: street,
      addressLine2: a?.addressLine2,
      city: a?.city,
      subdivision: a?.subdivision,
      country: a?.country,
      postalCode: a?.postalCode,
    }).filter((e): e is [string, string] => !!e[1]),
  );
  return {
    ...(member?.loginEmail ? { email: member.loginEmail } : {}),
    ...(Object.keys(address).length ? { shippingAddress: address } : {}),
  };
}

/** The page's one cart for a client (made on first use, in this chunk: the cart code stays out of the core). */
export const cartOf: (client: CartClient) => CartStore = oncePer(createCart);
