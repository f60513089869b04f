/**
 * One record per widget: adding a widget is one folder (`widgets/<name>/`, tag `inlay-<name>`) and one line here
 * (docs/adding-a-widget.md). Everything else reads this table:
 * - the loader (widgets/start.ts) imports a widget's chunk only when its tag appears in the page (the element
 *   module defines the tag when imported), and reserves each tag's box with {@link reserveCss};
 * - the JSX intrinsic types of the tags (widgets/intrinsic.d.ts) come from the element each chunk exports;
 * - the manifest (scripts/manifest.ts: custom-elements.json, types/*.d.ts) lists the widgets of this table, and
 *   tests/types/manifest.test.ts fails when a widget folder has no record here.
 * The record is a pair, not an object: this table ships in the loader, whose 1.65 KB budget has no room for
 * property names.
 */
export type WidgetRecord = [
  /**
   * The widget's chunk: its `element.ts`, which defines the tag when imported (the widgets shown together share one
   * file, which defines each of their tags: vite.config.ts `WIDGET_GROUPS`).
   */
  chunk: () => Promise<unknown>,
  /**
   * The box the page keeps for the tag until its element is defined (CSS declarations of `<tag>:not(:defined)`), so
   * the page does not shift when it upgrades. The widget's own loading state keeps the same box.
   */
  reserve: string,
];

const widgets = {
  'inlay-toaster': [() => import('./toaster/element.ts'), 'display:none'],
  'inlay-back-in-stock': [() => import('./back-in-stock/element.ts'), 'display:block;min-height:44px'],
  'inlay-recommendations': [() => import('./recommendations/element.ts'), 'display:block;min-height:412px'],
  'inlay-reviews': [() => import('./reviews/element.ts'), 'display:block;min-height:420px'],
  'inlay-rating': [
    () => import('./rating/element.ts'),
    'display:inline-block;min-height:20.88px;min-width:120px;vertical-align:middle',
  ],
  'inlay-login': [() => import('./login/element.ts'), 'display:block;min-height:44px;min-width:96px'],
  'inlay-cart': [
    () => import('./cart/element.ts'),
    'display:inline-block;min-height:44px;min-width:44px;vertical-align:middle',
  ],
  'inlay-account': [() => import('./account/element.ts'), 'display:block;min-height:320px'],
  // nothing shows to anyone but the site's owner: no box is kept
  'inlay-admin': [() => import('./admin/element.ts'), 'display:block'],
  'inlay-add-to-cart': [
    () => import('./add-to-cart/element.ts'),
    'display:inline-block;min-height:44px;min-width:44px;vertical-align:middle',
  ],
} satisfies Record<`inlay-${string}`, WidgetRecord>;

/** Tag → record. */
export const registry: Readonly<Record<string, WidgetRecord>> = widgets;

/** The reserved boxes of every tag, as one stylesheet (the loader adopts it; the demo serves it as a file). */
export const reserveCss = Object.entries(widgets)
  .map(([tag, [, reserve]]) => `${tag}:not(:defined){${reserve}}`)
  .join('');

// ------------------------------------------------------------------------------------------------ types only

/** Tags of the table. */
export type WidgetTag = keyof typeof widgets;

declare const widgetProps: unique symbol;
/**
 * The type of an element module's export (`export const InlayX: WidgetElement<XProps> = defineElement<XProps>(…)`):
 * what `defineElement` returns, plus (at the type level only) the props its attributes map to, so the JSX types
 * of every tag follow from this table.
 */
export type WidgetElement<P> = CustomElementConstructor | undefined | { readonly [widgetProps]: P };

type PropsOfModule<M> = M[keyof M] extends infer E
  ? E extends { readonly [widgetProps]: infer P }
    ? P
    : never
  : never;
/** The props of a tag's element (camelCase, as its view receives them). */
export type WidgetPropsOf<T extends WidgetTag> = PropsOfModule<Awaited<ReturnType<(typeof widgets)[T][0]>>>;

type Kebab<S extends string> = S extends `${infer H}${infer R}`
  ? `${H extends Lowercase<H> ? H : `-${Lowercase<H>}`}${Kebab<R>}`
  : '';
type AttributeValue<V> = [Exclude<V, undefined>] extends [boolean]
  ? boolean
  : [Exclude<V, undefined>] extends [number]
    ? number | `${number}`
    : string;
/** A tag's attributes as JSX writes them (`product-id`, `no-open`), as core/element.ts maps props to attributes. */
export type WidgetAttributes<T extends WidgetTag> = {
  [K in keyof WidgetPropsOf<T> & string as Kebab<K>]?: AttributeValue<WidgetPropsOf<T>[K]>;
};
