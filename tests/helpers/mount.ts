// Test helper: mount a widget's element on a page whose platform is a fake (happy-dom), without globals or boot.
import type { InlayContext } from '../../core/context.ts';
import { sessionOf, type Session } from '../../core/stores/session.ts';
import { registry } from '../../widgets/registry.ts';
import { testContext, usePage, type TestContextOptions } from './context.ts';

let page: { context: InlayContext; leave: () => void } | undefined;
/** The session the test set last: the open page's, and the one every page it opens next starts with. */
let carried: Session | undefined;

/**
 * The browser's session as a test sets it, a sign-in lasting across page loads: `set` gives it to the page open now
 * and to every page opened after (each page's client has its own session, `sessionOf(client)`); `get` reads the open
 * page's. Not a store of core's: the widgets read their page's session.
 */
export const $session = {
  get: (): Session => (page ? sessionOf(page.context.client).get() : (carried ?? { status: 'loading', role: 'none' })),
  set(session: Session): void {
    carried = session;
    if (page) sessionOf(page.context.client).set(session);
  },
};

/**
 * The page every element mounted from now on belongs to (the previous one stops following its tokens); it starts
 * with the session the test set last ({@link $session}).
 */
export function openPage(context: InlayContext): InlayContext {
  if (page?.context === context) return context;
  page?.leave();
  page = { context, leave: usePage(context) };
  if (carried) sessionOf(context.client).set(carried);
  return context;
}

export interface MountedWidget<E extends HTMLElement = HTMLElement> {
  el: E;
  /** The page's context: its client (cache, tokens, http) and translations. */
  context: InlayContext;
  /** `querySelector` in the element's shadow root. */
  $<T extends Element = HTMLElement>(selector: string): T | null;
  /** Every match in the shadow root. */
  $$<T extends Element = HTMLElement>(selector: string): T[];
}

/**
 * Imports `tag`'s chunk (widgets/registry.ts), then mounts `<tag attributes…>` in the document. `platform`: the
 * fake platform's `fetch` (a new page, so a new client, query cache and session binding), or the context of a page
 * opened before (a second widget on the same page). `into`: where it goes (the body by default).
 */
export async function mountWidget<E extends HTMLElement = HTMLElement>(
  tag: string,
  attributes: Record<string, string> = {},
  platform: typeof globalThis.fetch | InlayContext,
  { into = document.body, ...options }: TestContextOptions & { into?: ParentNode } = {},
): Promise<MountedWidget<E>> {
  const load = registry[tag]?.[0];
  if (!load) throw new Error(`mountWidget: <${tag}> is not in widgets/registry.ts`);
  const context = openPage(typeof platform === 'function' ? testContext(platform, options) : platform);
  await load();
  const el = document.createElement(tag) as E;
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  into.append(el);
  return {
    el,
    context,
    $: (s) => el.shadowRoot!.querySelector(s),
    $$: (s) => [...el.shadowRoot!.querySelectorAll(s)] as never,
  };
}
