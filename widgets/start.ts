import { registry, reserveCss } from './registry.ts';

/**
 * The chunks to fetch at once, relative to the loader: `''` the core's, then per tag the widget's and the shared
 * chunks it imports. The ES build writes the map in place of this expression (vite.config.ts, `inlay-preloads`);
 * in the one-file inlay.js it stays a string and nothing is preloaded.
 */
const PRELOADS = JSON.parse('"inlay-preloads"') as Record<string, string[]> | string;

/**
 * Shared by both builds: reserve space for undefined tags, boot the core with the script tag's `data-*`, then
 * import each widget's chunk when its tag is (or later becomes) part of the document. `base` (the loader's URL):
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
  preload('');
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(reserveCss);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    /* old engine: no reservation, widgets still load */
  }
  const booted = import('../core/boot.ts').then((m) => m.boot(data));
  const pending = new Set(Object.keys(registry));
  const load = (tag: string) => {
    pending.delete(tag);
    preload(tag);
    booted
      .then((active) => active && registry[tag]!())
      .catch((e: unknown) => console.error(`Inlay: could not load <${tag}>.`, e));
  };
  const scan = (root: ParentNode) => {
    for (const tag of pending) if (root.querySelector(tag)) load(tag);
  };
  scan(document);
  if (!pending.size) return;
  const observer = new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes) {
        if (node.nodeType !== 1) continue;
        const tag = (node as Element).localName;
        if (pending.has(tag)) load(tag);
        if ((node as Element).firstElementChild) scan(node as Element);
      }
    if (!pending.size) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}
