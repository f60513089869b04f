import { registry, reserveCss } from './registry.ts';

/**
 * Shared by both builds: reserve space for undefined tags, boot the core with the script tag's `data-*`, then
 * import each widget's chunk when its tag is (or later becomes) part of the document.
 */
export function start(data: Record<string, string | undefined>): void {
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
