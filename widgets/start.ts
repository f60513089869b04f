import { registry, reserveCss } from './registry.ts';
import { languages } from './languages/index.ts';
import type { EarlyRead, EarlyRequest } from '../core/client.ts';

/**
 * The chunks to fetch at once, relative to the loader: `''` the core's, per tag the widget's and the shared chunks it
 * imports, per `lang:<language>` that language's pack. The build writes the map in place of this expression
 * (vite.config.ts, `inlay-preloads`); run from source (unit tests) it stays a string and nothing is preloaded.
 */
const PRELOADS = JSON.parse('"inlay-preloads"') as Record<string, string[]> | string;

/** core/constants.ts's DEFAULT_API_BASE (the loader does not import the core; a test keeps the two equal). */
export const LOADER_API_BASE = 'https://www.wixapis.com';
/** core/constants.ts's REQUEST_TIMEOUT_MS: an early read gives up when the core's own request would (a test keeps them equal). */
export const EARLY_READ_TIMEOUT_MS = 15_000;

/**
 * The page's first reads, sent by the loader as soon as its visitor token has answered rather than once the core has
 * arrived and run (on a phone, the token answers about 0.2 s before the core can ask): per read, the tags whose
 * elements make it as they start (those not `loading="lazy"`) and its path. The core asks for each of them with that
 * very token, and takes the loader's answer instead (core/client.ts `adoptEarly`). The paths are the core's (core/ops;
 * a test keeps them equal). The catalog's version is asked for by an element's product read, unless the page names its
 * catalog (`data-catalog`). A read the core never asks for is one request too many: only reads it makes as it starts,
 * and none while a hosted sign-in completes (the core then reads as the member). An answer taken is as old as the
 * token's answer: the core arrives a moment later on the same page.
 */
const EARLY_READS: [tags: string, path: string][] = [
  // (not the cart: a visitor the early token has just minted has none, and the core does not ask for it,
  // core/stores/current-cart.ts `firstRead`)
  ['inlay-recommendations', '/v1/recommendations/algorithms'],
  // (not for a carousel: it reads products only once it has a recommendation, and may get none)
  ['inlay-add-to-cart[product-id],inlay-back-in-stock[product-id]', '/stores/v3/provision/version'],
];

/**
 * The page's first platform request, sent as the loader runs instead of once the core has arrived: the anonymous
 * visitor token, when this browser holds no tokens for the client. The core adopts the answer (core/client.ts,
 * `adoptEarly`) when it makes exactly this request, which it does when storage is empty. Tokens are never read here,
 * only whether any are stored. Once the token has answered, the page's first reads (`EARLY_READS`) go with it:
 * `reads.urls` is known at once; `reads.sent` resolves, once the token has answered, to each one's token and answer
 * (none when the grant was refused or failed). Each read gives up after the core's own request timeout.
 */
export function earlyToken(data: Record<string, string | undefined>): EarlyRequest | undefined {
  const clientId = data.clientId?.trim();
  const kind = data.tokenStorage;
  const base = (data.apiBase?.trim() || LOADER_API_BASE).replace(/\/+$/, '');
  if (!clientId || window.Inlay || !/^https?:\/\/./.test(base)) return;
  let hosted;
  try {
    // the core's kinds: local (the default), session, memory; anything else is refused there
    if (kind !== 'memory' && (kind === 'session' ? sessionStorage : localStorage).getItem(`inlay.tokens.${clientId}`))
      return;
    // a hosted sign-in under way (core/boot.ts `hostedReturn`): this page may finish it, and read as the member
    hosted = sessionStorage.getItem(`inlay.hosted.${clientId}`);
  } catch {
    return; // storage blocked: leave it to the core
  }
  const url = `${base}/oauth2/token`;
  // a form, as the core sends it (core/auth/token-request.ts): no CORS preflight before it (fetch names its content type)
  const form = new URLSearchParams({ clientId, grantType: 'anonymous' });
  const body = String(form);
  const response = fetch(url, { method: 'POST', body: form });
  response.catch(() => undefined); // the core reports a failure when it asks for the answer
  const urls = EARLY_READS.filter(
    ([tags, path]) =>
      !hosted &&
      !(data.catalog && path.includes('version')) &&
      // with a site companion the core sends these public reads there, without a token
      !data.companion &&
      // (an empty product-id is no product)
      document.querySelector(tags.replace(/,|$/g, ':not([loading=lazy]):not([product-id=""])$&')),
  ).map(([, path]) => base + path);
  // (its body read here too, so the request ends even if the core never takes it; a refusal sends nothing)
  const sent = response
    .then((r) =>
      r
        .clone()
        .json()
        .then((t: { access_token?: unknown } | null) => r.status === 200 && t?.access_token),
    )
    .then(
      (auth) =>
        Object.fromEntries(
          typeof auth === 'string' && auth
            ? urls.map((u) => {
                // raw, no "Bearer ", as the core sends it (core/http.ts); its body read here, so the request ends even
                // if the core never takes it (a fetch whose body nobody reads stays open as long as the page)
                const read = fetch(u, {
                  headers: { Authorization: auth },
                  signal: AbortSignal.timeout(EARLY_READ_TIMEOUT_MS),
                }).then(async (r) => new Response((await r.text()) || null, r));
                read.catch(() => undefined); // a failure is the core's to report, when it asks
                return [u, { auth, response: read }];
              })
            : [],
        ) as Record<string, EarlyRead>,
    )
    .catch(() => ({}));
  return { url, body, response, reads: { urls, sent } };
}

/** The page's language as the loader sees it: the script's `data-locale`, `<html lang>`, the browser's, or English. */
export const pageLanguage = (data: Record<string, string | undefined>): string =>
  // (navigator.language is missing in some embedded browsers)
  data.locale || document.documentElement.lang || navigator.language || 'en';

/**
 * loader.js's work, on a page with its module tag or the classic inlay.js: reserve space for undefined tags, boot the
 * core with the script tag's `data-*`, then import each widget's chunk when its tag is (or later becomes) part of the
 * document, or, when every element of the tag says `loading="lazy"`, once one of them comes within half a screen of
 * the viewport. `base` (the loader's URL): a tag's chunks are all requested at once with `modulepreload`, not one
 * import level after another.
 */
export function start(data: Record<string, string | undefined>, base: string): void {
  const preloaded = new Set<string>();
  const preload = (key: string) => {
    if (typeof PRELOADS !== 'object') return;
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
  if (data.companion) preload('companion'); // the core loads it for its first read (core/boot.ts)
  // the page's language pack, when not English: with the core, not after it
  const lang = pageLanguage(data);
  preload(`lang:${lang.slice(0, 2).toLowerCase()}`); // the packs' languages have two-letter codes
  // The first Intl formatter loads the locale's data (≈ 40 ms of CPU, 40 to 150 ms on a slow phone): load it in the
  // first idle moment, while the page waits for the token and the chunks and the main thread has nothing else to do,
  // not in the first render that formats a number (on a phone that render came before the carousel's first request).
  (window.requestIdleCallback ?? setTimeout)(() => {
    try {
      new Intl.NumberFormat(lang);
      new Intl.DateTimeFormat(lang);
      new Intl.PluralRules(lang);
    } catch {
      /* not a language tag Intl takes: nothing to warm */
    }
  });
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
