/**
 * The component factory of `inlay/react`: {@link inlayElement} makes the component of one tag. The components
 * themselves are generated (react/elements.ts, one per element of custom-elements.json).
 */
import { createElement, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import type { InlayEventMap } from '../types/inlay.d.ts';

type Handler<K extends keyof InlayEventMap> = (event: CustomEvent<InlayEventMap[K]>) => void;
type Pascal<S extends string> = S extends `${infer H}-${infer R}` ? `${Capitalize<H>}${Pascal<R>}` : Capitalize<S>;
/** `inlay-cart-change` → `onInlayCartChange`. */
type EventPropName<K extends string> = `on${Pascal<K>}`;

/** Every Inlay event as a prop (events bubble, so a component also hears its children's). */
export type InlayEventProps = { [K in keyof InlayEventMap as EventPropName<K & string>]?: Handler<K> };

/** What every component takes besides its element's properties. */
export interface InlayCommonProps extends InlayEventProps {
  id?: string;
  className?: string;
  style?: CSSProperties;
  /** Light-DOM children (`<inlay-recommendations>` takes its heading as a child with `slot="heading"`). */
  children?: ReactNode;
}

/** An element's own properties (camelCase; booleans present or absent) as optional props. */
export type InlayElementProps<E extends HTMLElement> = Partial<{ [K in Exclude<keyof E, keyof HTMLElement>]: E[K] }> &
  InlayCommonProps;

/**
 * Event → its prop, for every event of `InlayEventMap` (the type makes a new event a compile error here until it
 * is added): every component listens to each, as {@link InlayEventProps} types them all.
 */
export const EVENT_PROPS: { readonly [K in keyof InlayEventMap]: EventPropName<K> } = {
  'inlay-login': 'onInlayLogin',
  'inlay-logout': 'onInlayLogout',
  'inlay-cart-change': 'onInlayCartChange',
  'inlay-checkout': 'onInlayCheckout',
  'inlay-review-submit': 'onInlayReviewSubmit',
  'inlay-stock-subscribe': 'onInlayStockSubscribe',
  'inlay-account-navigate': 'onInlayAccountNavigate',
  'inlay-account-delete': 'onInlayAccountDelete',
  'inlay-error': 'onInlayError',
};
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** One component per tag: props become the element's attributes (SSR-safe), `onInlay…` props its listeners. */
export function inlayElement<E extends HTMLElement>(tag: string, displayName: string) {
  function Component(props: InlayElementProps<E>) {
    const ref = useRef<HTMLElement>(null);
    const latest = useRef(props);
    latest.current = props;
    useEffect(() => {
      const el = ref.current;
      if (!el) return;
      const offs = Object.entries(EVENT_PROPS).map(([name, prop]) => {
        const listener = (e: Event) => (latest.current as Record<string, ((e: Event) => void) | undefined>)[prop]?.(e);
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
