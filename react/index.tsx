/**
 * `inlay/react`: Inlay for React 19 apps (Next.js, Remix, Vite). Components that render the custom elements (so they
 * render on the server too) with typed props and `onInlay…` event props, hooks over `window.Inlay` for the shared
 * state (session, member, cart), and `<InlayScript>` for the one script tag. React and react-dom are the app's own
 * (peer dependencies); the widgets themselves stay in Inlay's bundle, loaded by the script.
 */
import { useSyncExternalStore } from 'react';
import type {
  InlayAddItem,
  InlayCart as InlayCartData,
  InlayGlobal,
  InlayMember,
  InlaySession,
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
  /** The classic `inlay.js` (a plain script that loads `loader.js` beside it) instead of the module tag. */
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

// One component per element of custom-elements.json (react/elements.ts is generated: `npm run manifest`).
export * from './elements.ts';
export type { InlayCommonProps, InlayElementProps, InlayEventProps } from './inlay-element.ts';

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
