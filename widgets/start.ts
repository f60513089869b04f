import { registry, reserveCss } from './registry.ts';
import { languages } from './languages/index.ts';

/**
 * The chunks to fetch at once, relative to the loader: `''` the core's, per tag the widget's and the shared chunks it
 * imports, per `lang:<language>` that language's pack. The ES build writes the map in place of this expression (vite.config.ts, `inlay-preloads`);
 * in the one-file inlay.js it stays a string and nothing is preloaded.
 */
const PRELOADS = JSON.parse('"inlay-preloads"') as Record<string, string[]> | string;

/** core/constants.ts's DEFAULT_API_BASE (the loader does not import the core; a test keeps the two equal). */
export const LOADER_API_BASE = 'https://www.wixapis.com';

/**
 * The page's first platform request, sent as the loader runs instead of once the core has arrived: the anonymous
 * visitor token, when this browser holds no tokens for the client. The core adopts the answer (core/client.ts,
 * `adoptEarly`) when it makes exactly this request, which it does when storage is empty. Tokens are never read here,
 * only whether any are stored.
 */
export function earlyToken(
  data: Record<string, string | undefined>,
): { url: string; body: string; response: Promise<Response> } | undefined {
  const clientId = data.clientId?.trim();
  const kind = data.tokenStorage;
  const base = (data.apiBase?.trim() || LOADER_API_BASE).replace(/\/+$/, '');
  if (!clientId || window.Inlay || !/^https?:\/\/./.test(base)) return;
  try {
    // the core's kinds: local (the default), session, memory; anything else is refused there
    if (kind !== 'memory' && (kind === 'session' ? sessionStorage : localStorage).getItem(`inlay.tokens.${clientId}`))
      return;
  } catch {
    return; // storage blocked: leave it to the core
  }
  const url = `${base}/oauth2/token`;
  const body = JSON.stringify({ clientId, grantType: 'anonymous' });
  const response = fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  response.catch(() => undefined); // the core reports a failure when it asks for the answer
  return { url, body, response };
}

/**
 * Shared by both builds: reserve space for undefined tags, boot the core with the script tag's `data-*`, then
 * import each widget's chunk when its tag is (or later becomes) part of the document, or, when every element of the
 * tag says `loading="lazy"`, once one of them comes within half a screen of the viewport. `base` (the loader's URL):
 * a tag's chunks are all requested at once with `modulepreload`, not one import level after another.
 */
export function start(data: Record<string, string | undefined>, base?: string): void {
  const preloaded = new Set<string>();
  const preload = (key: string) => {
    if (!base || typeof PRELOADS !== 'object') return;
    for (const file of PRELOADS[key] ?? []) {
      const href = new URL(file, base).href;
      if (preloaded.has(href)) continue;
      preloaded.add(href);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  };
  // the token first: on a connection shared with the chunks (HTTP/1.1: six per origin) it is not queued behind them
  const early = earlyToken(data);
  preload('');
  // the page's language pack, when not English: with the core, not after it
  const lang = data.locale || document.documentElement.lang || navigator.language;
  preload(`lang:${lang.slice(0, 2).toLowerCase()}`); // the packs' languages have two-letter codes
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(reserveCss);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    /* old engine: no reservation, widgets still load */
  }
  const booted = import('../core/boot.ts').then((m) => m.boot(data, languages, early));
  const pending = new Set(Object.keys(registry));
  const load = (tag: string) => {
    pending.delete(tag);
    preload(tag);
    booted
      .then((active) => active && registry[tag]![0]()) // the record's chunk
      .catch((e: unknown) => console.error(`Inlay: could not load <${tag}>.`, e));
  };
  // `loading="lazy"`: a tag whose elements are all lazy loads once one of them is within half a screen of the viewport
  // (loading a loaded tag again costs nothing: its hints and its import are the same)
  const near = new IntersectionObserver(
    (entries) => {
      for (const e of entries)
        if (e.isIntersecting) {
          near.unobserve(e.target);
          load(e.target.localName);
        }
    },
    { rootMargin: '50% 0px' },
  );
  // (not the toaster: its box is never shown, it would never come into view)
  const found = (el: Element) =>
    pending.has(el.localName) &&
    (el.getAttribute('loading') === 'lazy' && el.localName !== 'inlay-toaster' ? near.observe(el) : load(el.localName));
  const scan = (root: ParentNode) => {
    for (const tag of pending) root.querySelectorAll(tag).forEach(found);
  };
  scan(document);
  if (!pending.size) return;
  const observer = new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes) {
        if (node.nodeType !== 1) continue;
        found(node as Element);
        if ((node as Element).firstElementChild) scan(node as Element);
      }
    if (!pending.size) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}
