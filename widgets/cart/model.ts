import { atom, type WritableAtom } from 'nanostores';
import { oncePer, type InlayContext } from '../../core/context.ts';
import type { WidgetProps } from '../../core/element.ts';
import { InlayApiError } from '../../core/errors.ts';
import { httpUrl } from '../../core/safe-url.ts';
import type { CartLine, Money, Totals } from '../../core/api/current-cart.ts';
import { cartOf, type CartStore } from '../../core/stores/current-cart.ts';
import { lineName } from './format.ts';
import { drawerStrings as strings } from './drawer-strings.ts';

const tr = (context: InlayContext) => context.i18n().strings(strings);
/** The cart's translator (its strings and core's). */
export type T = ReturnType<typeof tr>;

/** The most of a line one can have: its stock when tracked, else the platform's 9999. */
export const maxQuantity = (l: CartLine) => Math.max(1, Math.min(9999, l.availability?.quantityAvailable ?? 9999));

/** A typed quantity: a whole number from 1 to the line's maximum; `over` when it had to be lowered. */
export function boundQuantity(raw: string, l: CartLine): { value: number; over: boolean } | undefined {
  const n = Math.floor(Number(raw));
  if (!raw.trim() || !Number.isFinite(n)) return undefined;
  const max = maxQuantity(l);
  return { value: Math.min(max, Math.max(1, n)), over: n > max };
}

/** Which message an availability status gets (undefined when fine). */
export function availabilityKey(l: CartLine): 'cart.outOfStock' | 'cart.partial' | 'cart.notFound' | undefined {
  const a = l.availability;
  return a?.status === 'NOT_AVAILABLE'
    ? 'cart.outOfStock'
    : a?.status === 'NOT_FOUND'
      ? 'cart.notFound'
      : a?.status === 'PARTIALLY_AVAILABLE' || l.quantity > (a?.quantityAvailable ?? Infinity)
        ? 'cart.partial'
        : undefined;
}

/** The coupon message for a refused code. */
export function couponErrorKey(
  e: unknown,
): 'cart.couponUnknown' | 'cart.couponExpired' | 'cart.couponInactive' | undefined {
  const code = e instanceof InlayApiError && e.applicationError?.code;
  return code === 'COUPON_DOES_NOT_EXIST'
    ? 'cart.couponUnknown'
    : code === 'COUPON_IS_EXPIRED'
      ? 'cart.couponExpired'
      : code === 'COUPON_NOT_ACTIVE_YET'
        ? 'cart.couponInactive'
        : undefined;
}

/** The undo note of a removed line: its name, what puts it back, and why putting it back failed. */
export interface Removed {
  name: string;
  item: { productId: string; variantId?: string; quantity: number };
  error?: string;
}

/** Set (or with no value, delete) one line's entry of a per-line store. */
const put = <V>($store: WritableAtom<Record<string, V>>, id: string, value?: V) => {
  const next = { ...$store.get() };
  if (value === undefined) delete next[id];
  else next[id] = value;
  $store.set(next);
};

/** Per line, the quantity the person chose when the change failed (kept and shown with a retry), page-wide. */
const failedOf = oncePer((_: CartStore) => atom<Record<string, number>>({}));

/**
 * One `<inlay-cart>`: the page's cart (`cart`: its stores, core/services/current-cart.ts) and this element's drawer
 * flows: load, open, quantity changes with retry, removal with undo, and per-line errors. `host` is where the
 * changes' `inlay-cart-change` is dispatched; `emit` sends `inlay-checkout`.
 */
export function createCartModel(context: InlayContext, { host, emit }: Pick<WidgetProps, 'host' | 'emit'>) {
  const { i18n } = context;
  const cart = cartOf(context.client);
  const $failed = failedOf(cart);
  const $removed = atom<Removed | undefined>();
  /** Why the last removal of a line failed, per line. */
  const $lineErrors = atom<Record<string, string>>({});
  const noop = () => undefined;

  const model = {
    cart,
    /** An amount in the cart's currency, for the page's locale (core's `i18n.money`, as every widget writes money). */
    money: (m?: Money) => (m ? i18n().money(m.amount, cart.$cart.get()?.currency ?? 'USD') : ''),
    $failed,
    $removed,
    $lineErrors,
    /** Load the cart (once per page). */
    load: () => void cart.loadCart().catch(noop),
    /** The drawer closed (Escape, the close button, a click outside, `Inlay.cart.close()`). */
    closed() {
      cart.$cartOpen.set(false);
      $removed.set(undefined);
    },
    /** Reload a cart that failed to load. */
    reload: () => void cart.refresh().catch(noop),
    /** Change a line's quantity; when that fails, the chosen quantity stays on the line for a retry. */
    setQuantity(l: CartLine, q: number) {
      put($lineErrors, l.id);
      put($failed, l.id);
      return cart.setQuantity(l.id, q, host).catch(() => put($failed, l.id, q));
    },
    /** Remove a line, then offer to undo it (unless the drawer was closed meanwhile); a failure shows on the line. */
    remove(l: CartLine) {
      const name = lineName(l);
      const variantId = l.catalogReference.options?.variantId;
      const item = {
        productId: l.catalogReference.catalogItemId,
        variantId: typeof variantId === 'string' ? variantId : undefined,
        quantity: l.quantity,
      };
      return cart.removeLine(l.id, host).then(
        () => void (cart.$cartOpen.get() && $removed.set({ name, item })),
        (e: unknown) => {
          $removed.set(undefined);
          put($lineErrors, l.id, `${tr(context)('cart.removeFailed', { name })} ${i18n().error(e)}`);
        },
      );
    },
    /** Put the removed line back; a failure stays in the note, whose button then tries again. */
    undo() {
      const r = $removed.get();
      $removed.set(undefined);
      return r && cart.addItems([r.item]).catch((e: unknown) => $removed.set({ ...r, error: i18n().error(e) }));
    },
    /** The summary's flows (totals, coupon, checkout), with state that lasts as long as the summary is shown. */
    summary() {
      const $totals = atom<{ data?: Totals; error?: unknown }>({});
      const $coupon = atom<{ busy?: boolean; error?: string }>({});
      const $checkout = atom<{ busy?: boolean; error?: string }>({});
      let asked = 0;
      return {
        $totals,
        $coupon,
        $checkout,
        /**
         * Estimate the totals, unless changes are in flight (their end asks again); a later call or the returned
         * function drops the answer of this one.
         */
        estimate() {
          const n = ++asked;
          if (!cart.$cartBusy.get())
            cart.estimateTotals().then(
              (data) => n === asked && $totals.set({ data }),
              (error: unknown) => n === asked && $totals.set({ ...$totals.get(), error }),
            );
          return () => void asked++;
        },
        /** Apply a coupon code; true when applied, else the reason is in `$coupon`. */
        async applyCoupon(code: string): Promise<boolean> {
          const t = tr(context);
          if (!code.trim()) return ($coupon.set({ error: t('cart.couponMissing') }), false);
          $coupon.set({ busy: true });
          try {
            await cart.applyCoupon(code.trim(), host);
            return ($coupon.set({}), true);
          } catch (err) {
            const key = couponErrorKey(err);
            return ($coupon.set({ error: key ? t(key) : i18n().error(err) }), false);
          }
        },
        removeCoupon: () => cart.removeCoupon(host).catch((err: unknown) => $coupon.set({ error: i18n().error(err) })),
        /**
         * Start the hosted checkout and go there, unless an `inlay-checkout` listener cancels it. The platform sends
         * the buyer back to `thankYouUrl` (an http(s) URL; this page by default).
         */
        async checkout(thankYouUrl?: string) {
          $checkout.set({ busy: true });
          try {
            const here = location.href;
            const thanks = httpUrl(thankYouUrl || here, here) ?? here;
            const r = await cart.startCheckout(
              { postFlowUrl: here, cartPageUrl: here, thankYouPageUrl: thanks },
              i18n().locale,
            );
            if (emit('inlay-checkout', r, { cancelable: true })) location.assign(r.url);
            else $checkout.set({});
          } catch (err) {
            $checkout.set({ error: `${tr(context)('cart.checkoutFailed')} ${i18n().error(err)}` });
          }
        },
      };
    },
  };
  return model;
}

export type CartModel = ReturnType<typeof createCartModel>;
export type SummaryModel = ReturnType<CartModel['summary']>;
