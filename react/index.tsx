/**
 * `inlay/react`: Inlay for React 19 apps (Next.js, Remix, Vite). Components that render the custom elements (so they
 * render on the server too) with typed props and `onInlay…` event props, hooks over `window.Inlay` for the shared
 * state (session, member, cart), and `<InlayScript>` for the one script tag. React and react-dom are the app's own
 * (peer dependencies); the widgets themselves stay in Inlay's bundle, loaded by the script.
 */
import { createElement, useEffect, useRef, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import type {
  InlayAddItem,
  InlayAddToCartElement,
  InlayBackInStockElement,
  InlayCart as InlayCartData,
  InlayCartElement,
  InlayEventMap,
  InlayGlobal,
  InlayLoginElement,
  InlayMember,
  InlayRatingElement,
  InlayRecommendationsElement,
  InlayReviewsElement,
  InlaySession,
  InlayToasterElement,
} from '../types/inlay.d.ts';

export type {
  InlayAddItem,
  InlayCart as InlayCartData,
  InlayEventMap,
  InlayMember,
  InlaySession,
} from '../types/inlay.d.ts';

// ------------------------------------------------------------------------------------------------ script

export interface InlayScriptProps {
  /** The platform OAuth client id (required). */
  clientId: string;
  /** Where `loader.js` (or `inlay.js`) is served, e.g. `https://cdn.example/inlay/0.2.0`. */
  assetsBase: string;
  /** Platform REST base URL; default `https://www.wixapis.com`. */
  apiBase?: string;
  /** UI language; default `<html lang>`. */
  locale?: string;
  tokenStorage?: 'local' | 'session' | 'memory';
  /** The hosted sign-in's registered callback (`data-redirect-uri`); default the page's origin + `/`. */
  redirectUri?: string;
  /** The classic all-in-one `inlay.js` instead of the module loader. */
  classic?: boolean;
  /** Subresource Integrity of the script (a pinned version); `crossOrigin` is set with it. */
  integrity?: string;
}

/**
 * The Inlay script tag. Render it once anywhere (a layout): React 19 hoists an `async` script into `<head>` and
 * renders it once however many times it appears, on the server as on the client.
 */
export function InlayScript({
  clientId,
  assetsBase,
  apiBase,
  locale,
  tokenStorage,
  redirectUri,
  classic,
  integrity,
}: InlayScriptProps) {
  const base = assetsBase.replace(/\/+$/, '');
  return (
    <script
      async
      {...(classic ? {} : { type: 'module' })}
      src={`${base}/${classic ? 'inlay.js' : 'loader.js'}`}
      data-client-id={clientId}
      {...(apiBase ? { 'data-api-base': apiBase } : {})}
      {...(locale ? { 'data-locale': locale } : {})}
      {...(tokenStorage ? { 'data-token-storage': tokenStorage } : {})}
      {...(redirectUri ? { 'data-redirect-uri': redirectUri } : {})}
      {...(integrity ? { integrity, crossOrigin: 'anonymous' as const } : {})}
    />
  );
}

// ------------------------------------------------------------------------------------------------ elements

type Handler<K extends keyof InlayEventMap> = (event: CustomEvent<InlayEventMap[K]>) => void;
/** `inlay-cart-change` → `onInlayCartChange`. */
type EventPropName<K extends string> = K extends `inlay-${infer A}-${infer B}`
  ? `onInlay${Capitalize<A>}${Capitalize<B>}`
  : K extends `inlay-${infer A}`
    ? `onInlay${Capitalize<A>}`
    : never;

/** Every Inlay event as a prop (events bubble, so a component also hears its children's). */
export type InlayEventProps = { [K in keyof InlayEventMap as EventPropName<K & string>]?: Handler<K> };

/** What every component takes besides its element's properties. */
export interface InlayCommonProps extends InlayEventProps {
  id?: string;
  className?: string;
  style?: CSSProperties;
  /** Light-DOM children (none of the widgets needs any). */
  children?: ReactNode;
}

/** An element's own properties (camelCase; booleans present or absent) as optional props. */
export type InlayElementProps<E extends HTMLElement> = Partial<{ [K in Exclude<keyof E, keyof HTMLElement>]: E[K] }> &
  InlayCommonProps;

const EVENTS = [
  'inlay-login',
  'inlay-logout',
  'inlay-cart-change',
  'inlay-checkout',
  'inlay-review-submit',
  'inlay-stock-subscribe',
  'inlay-error',
] as const;
const propOf = (event: string) => 'on' + event.replace(/(^|-)([a-z])/g, (_, _d: string, c: string) => c.toUpperCase());
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** One component per tag: props become the element's attributes (SSR-safe), `onInlay…` props its listeners. */
function inlayElement<E extends HTMLElement>(tag: string, displayName: string) {
  function Component(props: InlayElementProps<E>) {
    const ref = useRef<HTMLElement>(null);
    const latest = useRef(props);
    latest.current = props;
    useEffect(() => {
      const el = ref.current;
      if (!el) return;
      const offs = EVENTS.map((name) => {
        const listener = (e: Event) =>
          (latest.current as Record<string, ((e: Event) => void) | undefined>)[propOf(name)]?.(e);
        el.addEventListener(name, listener);
        return () => el.removeEventListener(name, listener);
      });
      return () => offs.forEach((off) => off());
    }, []);
    const attrs: Record<string, unknown> = { ref };
    for (const [k, v] of Object.entries(props)) {
      if (k === 'children' || /^onInlay[A-Z]/.test(k) || v === undefined || v === null || v === false) continue;
      if (k === 'id' || k === 'style') attrs[k] = v;
      else if (k === 'className') attrs['class'] = v;
      else attrs[kebab(k)] = v === true ? '' : String(v);
    }
    return createElement(tag, attrs, props.children);
  }
  Component.displayName = displayName;
  return Component;
}

/** `<inlay-login>`: inline sign-up and sign-in, the member menu. */
export const InlayLogin = inlayElement<InlayLoginElement>('inlay-login', 'InlayLogin');
/** `<inlay-reviews>`: rating summary, reviews list and form. */
export const InlayReviews = inlayElement<InlayReviewsElement>('inlay-reviews', 'InlayReviews');
/** `<inlay-rating>`: compact stars and count. */
export const InlayRating = inlayElement<InlayRatingElement>('inlay-rating', 'InlayRating');
/** `<inlay-cart>`: the cart button and drawer. */
export const InlayCart = inlayElement<InlayCartElement>('inlay-cart', 'InlayCart');
/** `<inlay-add-to-cart>`: adds a product to the cart. */
export const InlayAddToCart = inlayElement<InlayAddToCartElement>('inlay-add-to-cart', 'InlayAddToCart');
/** `<inlay-back-in-stock>`: notify me when it is back. */
export const InlayBackInStock = inlayElement<InlayBackInStockElement>('inlay-back-in-stock', 'InlayBackInStock');
/** `<inlay-recommendations>`: a product carousel. */
export const InlayRecommendations = inlayElement<InlayRecommendationsElement>(
  'inlay-recommendations',
  'InlayRecommendations',
);
/** `<inlay-toaster>`: where notifications show (added by itself when absent). */
export const InlayToaster = inlayElement<InlayToasterElement>('inlay-toaster', 'InlayToaster');

// ------------------------------------------------------------------------------------------------ hooks

/** Run `fn(Inlay)` once `window.Inlay` exists (the script boots after the app may have rendered); returns a stop. */
function withInlay(fn: (inlay: InlayGlobal) => (() => void) | void): () => void {
  let stop: (() => void) | void;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    if (window.Inlay) stop = fn(window.Inlay);
    else timer = setTimeout(attempt, 25);
  };
  attempt();
  return () => {
    clearTimeout(timer);
    stop?.();
  };
}

const noSession: InlaySession | null = null;
const subscribeSession = (notify: () => void) => withInlay((inlay) => inlay.session.subscribe(() => notify()));
const sessionSnapshot = () => (typeof window === 'undefined' ? null : (window.Inlay?.session.get() ?? null));

/** The page's session (`null` on the server and until Inlay has booted); re-renders on sign-in and sign-out. */
export function useInlaySession(): InlaySession | null {
  return useSyncExternalStore(subscribeSession, sessionSnapshot, () => noSession);
}

/** The signed-in member's record, or undefined (a visitor, not loaded yet, or on the server). */
export function useInlayMember(): InlayMember | undefined {
  const session = useInlaySession();
  return session?.role === 'member' ? (session.member as InlayMember | undefined) : undefined;
}

/** The last cart Inlay reported: shared by every hook instance (the platform's cart is one per page). */
let cart: InlayCartData | null | undefined;
const cartListeners = new Set<() => void>();
let stopCart: (() => void) | undefined;
function subscribeCart(notify: () => void) {
  cartListeners.add(notify);
  stopCart ??= withInlay((inlay) =>
    inlay.cart.subscribe((c) => {
      cart = c;
      for (const l of cartListeners) l();
    }),
  );
  return () => {
    cartListeners.delete(notify);
    if (!cartListeners.size) {
      stopCart?.();
      stopCart = undefined;
    }
  };
}

export interface InlayCartState {
  /** `undefined` until loaded (and on the server), `null` when there is no cart. */
  cart: InlayCartData | null | undefined;
  /** Units in the cart. */
  count: number;
  /** Add items; resolves with the platform's cart (opens the drawer unless `{open: false}`). */
  add(items: InlayAddItem | InlayAddItem[], opts?: { open?: boolean }): Promise<InlayCartData | null>;
  open(): Promise<void>;
  close(): Promise<void>;
}

const whenReady = () =>
  new Promise<InlayGlobal>((resolve) => {
    withInlay((inlay) => resolve(inlay));
  });
const cartActions = {
  add: (items: InlayAddItem | InlayAddItem[], opts?: { open?: boolean }) =>
    whenReady().then((i) => i.cart.add(items, opts)),
  open: () => whenReady().then((i) => i.cart.open()),
  close: () => whenReady().then((i) => i.cart.close()),
};

/** The page's cart and its actions; re-renders whenever a widget, another tab or this app changes it. */
export function useInlayCart(): InlayCartState {
  const c = useSyncExternalStore(
    subscribeCart,
    () => cart,
    () => undefined,
  );
  return { cart: c, count: c ? c.lineItems.reduce((n, l) => n + l.quantity, 0) : 0, ...cartActions };
}
