import { Component, createElement, render, type ComponentType, type ComponentChildren as ReactNode } from 'preact';
import r2wc from '@r2wc/core';
import { emitFrom, type Emit } from './events.ts';
import { messageOf } from './errors.ts';
import { baseCss } from './theme.ts';
import { useStore } from '@nanostores/react';
import type { InlayContext } from './context.ts';

/**
 * The page's context: boot.ts builds it and hands it here; every view receives it (`WidgetProps.context`). Or, when
 * the script tag's configuration is invalid, what is wrong with it: every widget shows that instead.
 */
let page: InlayContext | undefined;
let configError: string | undefined;

/** The page's context; or none and `error`, the loader's message: its configuration is invalid, its widgets say so. */
export function setPageContext(context: InlayContext | undefined, error?: string): void {
  page = context;
  configError = error;
  context?.client.$reach.subscribe((reach) => {
    try {
      (reachSheet ??= new CSSStyleSheet()).replaceSync(reach === 'blocked' ? ':host{display:none!important}' : '');
    } catch {
      /* no constructable stylesheets (old engines): the widgets stay */
    }
  });
}

/**
 * One sheet in every widget but the page-level one: empty, or hiding the box while the platform does not answer the
 * page at all (client.ts `Reach`). The views stay mounted, so nothing typed is lost, and show again with an answer.
 */
let reachSheet: CSSStyleSheet | undefined;

/** Whether `tag` is already defined (two copies of Inlay on a page): warns; the first definition stays. */
function claimed(tag: string) {
  const existing = customElements.get(tag);
  if (existing)
    console.warn(`Inlay: <${tag}> is already defined (is Inlay on this page twice?); keeping the first definition.`);
  return existing;
}

/** Props every widget view receives from its element, besides its own attributes. */
export interface WidgetProps {
  /** The custom element itself (light DOM side of the shadow root). */
  host: HTMLElement;
  /** Dispatches a typed `inlay-*` event that bubbles and crosses the shadow boundary. */
  emit: Emit;
  /** The page's context: its client and translations (`context.i18n().strings(dictionary)`). */
  context: InlayContext;
}

export type AttrType = 'string' | 'number' | 'boolean' | 'json';

export interface ElementSpec<P> {
  /** Custom element tag, `inlay-*`. */
  tag: string;
  /** The widget view. */
  component: ComponentType<P & WidgetProps>;
  /** camelCase prop → attribute type; the attribute is the kebab-case name (`productId` ⇄ `product-id`). */
  props: { [K in keyof P]-?: AttrType };
  /** Widget CSS, adopted (after the base sheet) by every instance through one shared constructable stylesheet. */
  styles?: string;
  /**
   * The page's own surface (the toaster): it stays when the platform cannot be reached at all, to say so once. Every
   * other widget then hides (kept mounted: nothing typed is lost) and comes back with the first answer.
   */
  pageLevel?: boolean;
}

// r2wc 2.1.x keeps props and its render method under these global symbols; the helper extends them for booleans.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
const CONNECTED = Symbol.for('r2wc.connected');

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

const sheetCache = new Map<string, CSSStyleSheet | string>();
/** One stylesheet object per distinct CSS text, shared by every instance (and usable under a strict CSP). */
function sheetFor(css: string): CSSStyleSheet | string {
  let sheet = sheetCache.get(css);
  if (!sheet) {
    try {
      const s = new CSSStyleSheet();
      s.replaceSync(css);
      sheet = s;
    } catch {
      sheet = css; // no constructable stylesheets (old engines): fall back to a <style> element
    }
    sheetCache.set(css, sheet);
  }
  return sheet;
}

export function adoptStyles(root: ShadowRoot, cssTexts: string[], extra?: CSSStyleSheet): void {
  const sheets = [...cssTexts.map(sheetFor), ...(extra ? [extra] : [])];
  if (sheets.every((s) => typeof s !== 'string') && 'adoptedStyleSheets' in root) {
    // first, and once: a sheet a view added since (the review form's) stays, after them
    root.adoptedStyleSheets = [
      ...(sheets as CSSStyleSheet[]),
      ...root.adoptedStyleSheets.filter((s) => !sheets.includes(s)),
    ];
    return;
  }
  if (root.querySelector('style[data-inlay]')) return;
  for (const css of cssTexts) {
    const style = document.createElement('style');
    style.dataset.inlay = '';
    style.textContent = css;
    root.prepend(style);
  }
}

/**
 * Adds a part's own sheet (a form or panel in an on-demand chunk) to the shadow root holding `node`, after the
 * widget's sheets, once per root. Without constructable stylesheets the part stays plain.
 */
export function adoptSheet(node: Node | null | undefined, css: string): void {
  const root = node?.getRootNode();
  const sheet = sheetFor(css);
  if (root instanceof ShadowRoot && typeof sheet !== 'string' && !root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

interface BoundaryProps {
  emit: Emit;
  children?: ReactNode;
}
/** A failing widget shows a message in its own box and reports `inlay-error`; it never breaks the host page. */
class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  override componentDidCatch(error: unknown) {
    this.setState({ failed: true });
    this.props.emit('inlay-error', { code: 'WIDGET_CRASHED', message: messageOf(error) });
    console.error('Inlay: a widget failed to render.', error);
  }
  override render() {
    return this.state.failed
      ? createElement('p', { class: 'inlay-alert', role: 'alert', part: 'error' }, 'This widget could not be shown.')
      : this.props.children;
  }
}

const renderer = {
  mount(container: HTMLElement, View: ComponentType<never>, props: object) {
    render(createElement(View, props as never), container);
    return { container, View };
  },
  update({ container, View }: { container: HTMLElement; View: ComponentType<never> }, props: object) {
    render(createElement(View, props as never), container);
  },
  unmount({ container }: { container: HTMLElement }) {
    render(null, container);
  },
};

type R2wcElement = HTMLElement & {
  [PROPS]: Record<string, unknown>;
  [CONNECTED]: boolean;
  [RENDER]: () => void;
  attributeChangedCallback?(name: string, old: string | null, value: string | null): void;
  connectedCallback?(): void;
  disconnectedCallback?(): void;
};

/**
 * Turns a widget view into a custom element (r2wc, open shadow root, shared constructable stylesheets, attributes ⇄
 * props, typed composed events, unmount on disconnect but not on a move). Defining a tag twice (two copies of Inlay on a page) warns
 * and keeps the first definition.
 */
export function defineElement<P>(spec: ElementSpec<P>): CustomElementConstructor | undefined {
  const { tag, props } = spec;
  const existing = claimed(tag);
  if (existing) return existing;
  const entries = Object.entries(props) as [string, AttrType][];
  const booleans = entries.filter(([, t]) => t === 'boolean').map(([name]) => name);
  const others = Object.fromEntries(entries.filter(([, t]) => t !== 'boolean')) as Record<string, AttrType>;
  const attrToProp = new Map(entries.map(([name]) => [kebab(name), name]));
  const styles = [baseCss, spec.styles ?? ''];
  const View = spec.component as ComponentType<Record<string, unknown>>;
  function Wrapper(p: Record<string, unknown> & { container: ShadowRoot }) {
    const host = p.container.host as HTMLElement;
    const emit = emitFrom(host);
    // a language change re-renders the whole view: every `context.i18n()` call reads the new locale. (A page without a
    // context has no language to follow, and shows the configuration error; the context is set once, as the core
    // boots, before any element's chunk loads, so every render of an element takes the same branch.)
    if (page) useStore(page.$locale);
    if (configError) return createElement('p', { class: 'inlay-alert', role: 'alert', part: 'error' }, configError);
    return createElement(Boundary, { emit }, createElement(View, { ...p, host, emit, context: page }));
  }

  // r2wc's own boolean transform treats `<x open>` (empty value) as false and ignores removal: booleans are ours.
  // r2wc core with Preact's own render (the React wrapper's default `react` import would pull all of compat in).
  const Base = r2wc(Wrapper as never, { shadow: 'open', props: others as never }, renderer) as unknown as {
    new (): R2wcElement;
    observedAttributes: string[];
  };

  class InlayElement extends Base {
    static override get observedAttributes() {
      return [...Base.observedAttributes, ...booleans.map(kebab)];
    }
    constructor() {
      super();
      // r2wc starts out "connected", so an upgrade rendered the view once per attribute and again on connect: the
      // attributes only set props until the element is in the document, which renders it once
      this[CONNECTED] = false;
      for (const name of booleans) this[PROPS][name] = this.hasAttribute(kebab(name));
    }
    override connectedCallback() {
      adoptStyles(this.shadowRoot!, styles, spec.pageLevel ? undefined : reachSheet);
      super.connectedCallback?.();
    }
    override disconnectedCallback() {
      // A move (appendChild elsewhere: disconnect + connect in one task) keeps the mounted view, so it neither
      // refetches nor re-subscribes; a real removal unmounts a microtask later.
      queueMicrotask(() => this.isConnected || super.disconnectedCallback?.());
    }
    override attributeChangedCallback(attr: string, old: string | null, value: string | null) {
      const name = attrToProp.get(attr);
      if (name && (booleans.includes(name) || value === null)) {
        // removal of a valued attribute resets its prop too (r2wc ignores removals)
        this[PROPS][name] = booleans.includes(name) ? value !== null : undefined;
        this[RENDER]();
        return;
      }
      super.attributeChangedCallback?.(attr, old, value);
    }
  }
  for (const name of booleans) {
    Object.defineProperty(InlayElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.hasAttribute(kebab(name));
      },
      set(this: HTMLElement, v: unknown) {
        this.toggleAttribute(kebab(name), Boolean(v));
      },
    });
  }
  customElements.define(tag, InlayElement);
  return InlayElement;
}
