import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { WidgetProps } from '../../core/element.ts';
import { onDemand } from '../../core/on-demand.ts';
import { cartOf } from '../../core/stores/current-cart.ts';
import { toastsOf } from '../../core/stores/toasts.ts';
import { strings } from './strings.ts';

export interface CartProps {
  /** Whether the cart drawer is open (shared by every `<inlay-cart>` and `Inlay.cart.open()`). */
  open?: boolean;
  /** Where the platform sends the buyer after paying (`?orderId=…` is added); default: this page. */
  thankYouUrl?: string;
}

/** Several `<inlay-cart>` may be on a page: the one clicked shows the drawer, else the first one. */
const $owner = atom<string | undefined>(undefined);
const instances: string[] = [];

type Drawer = typeof import('./drawer.tsx');
/** The drawer's module once its chunk has arrived: every `<inlay-cart>` of the page renders it from then on. */
const $drawer = atom<Drawer | undefined>();
/** The drawer's chunk, fetched once per page; a failed fetch is forgotten, so the next try fetches again. */
const drawer = onDemand(() => import('./drawer.tsx').then((m) => ($drawer.set(m), m)));
const loadDrawer = drawer.load;
/** The shopper is about to open the drawer (pointer over or down on the button, focus on it): fetch it now. */
const prefetch = drawer.warm;

// The drawer (drawer.tsx) is its own chunk: fetched on the first sign the shopper is about to open it, and whenever
// the drawer opens (a click, the `open` attribute, `Inlay.cart.open()`, an add that opens it). The badge needs only
// the page's cart store.
/** `<inlay-cart>`: a cart button with a count badge and the cart drawer (a modal dialog). */
export function CartView(props: CartProps & WidgetProps) {
  const { open, host, context } = props;
  const cart = cartOf(context.client);
  const { $cartCount, $cartOpen } = cart;
  const { i18n } = context;
  const t = i18n().strings(strings);
  const me = useId();
  const count = useStore($cartCount);
  const isOpen = useStore($cartOpen);
  const owner = useStore($owner);
  const drawer = useStore($drawer);
  const button = useRef<HTMLButtonElement>(null);

  // as the element first renders, not a frame later: the page's cart read starts at once
  useLayoutEffect(() => {
    instances.push(me);
    void cart.loadCart().catch(() => undefined);
    // a change in flight (an add, most often) usually opens the drawer when it lands: fetch it meanwhile
    const stop = cart.$cartBusy.listen((n) => n && prefetch());
    return () => (stop(), void instances.splice(instances.indexOf(me), 1));
  }, []);
  useEffect(() => {
    if (open) $cartOpen.set(true);
  }, [open]);

  const mine = isOpen && (owner && instances.includes(owner) ? owner : instances[0]) === me;
  // this element's drawer is to open: fetch it if it has not come yet; if it cannot come, say so and stay closed
  // (the next click tries again)
  useEffect(() => {
    if (mine && !drawer)
      loadDrawer().catch((e: unknown) => {
        if (!$cartOpen.get()) return; // closed meanwhile (`Inlay.cart.close()`)
        $cartOpen.set(false);
        host.removeAttribute('open');
        toastsOf(context.client).toast.error(i18n().error(e));
      });
  }, [mine]);

  return (
    <>
      <button
        ref={button}
        type="button"
        part="button"
        class="cart-button"
        aria-haspopup="dialog"
        aria-expanded={mine && !!drawer}
        aria-busy={mine && !drawer ? true : undefined}
        aria-label={t('cart.button', { count })}
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={() => {
          $owner.set(me);
          $cartOpen.set(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          {/* a cart, not a bag: a lidded bag read as the drawer's own remove (trash) icon */}
          <path
            d="M2.5 4h2.3l2.4 10.6a1 1 0 0 0 1 .8h8.7a1 1 0 0 0 1-.8L20.2 8H5.7"
            fill="none"
            stroke="currentColor"
            stroke-width="1.8"
            stroke-linejoin="round"
            stroke-linecap="round"
          />
          <circle cx="9.6" cy="19.2" r="1.6" fill="currentColor" />
          <circle cx="16.8" cy="19.2" r="1.6" fill="currentColor" />
        </svg>
        {count > 0 && (
          <span class="badge" part="badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {drawer && <drawer.CartDrawer {...props} me={me} mine={mine} button={button} />}
    </>
  );
}
