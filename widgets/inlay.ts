/**
 * The classic script, `inlay.js`, for hosts that cannot write `<script type="module">` (some site builders, tag
 * managers). It imports `loader.js` from its own folder; the loader reads this tag's `data-*` (widgets/loader.ts) and
 * loads what a module page loads: one chunk graph for both. vite.config.ts compiles it on its own (`writeClassicScript`)
 * to an IIFE that leaves nothing on `window`, with loader.js's SRI value for `__INLAY_LOADER_INTEGRITY__`.
 *
 * - Pinned (the tag has `integrity`, so the browser checked these bytes): loader.js must match the value they carry.
 *   A `<link rel="modulepreload" integrity>` has the browser check it, and the import takes that very module; loader.js
 *   does not run unless it matches (without `modulepreload`, a `fetch` with `integrity` checks it first). The chunks the
 *   loader imports carry no value of their own, as on a module page: their names are hashed, in the same folder.
 * - `import()` rather than a `<script>` element: not a Trusted Types sink, held to `script-src` like the rest, and under
 *   a nonce-based policy it carries this tag's nonce.
 * - Twice on a page, or after the module tag of the same folder: the later tag says so and stays idle (the module
 *   runs once anyway: a browser evaluates one URL once).
 */
declare const __INLAY_LOADER_INTEGRITY__: string;

const tag = document.currentScript as HTMLScriptElement | null;
if (!tag?.src) console.error('Inlay: inlay.js runs only from a <script src="…/inlay.js"> element.');
else {
  const loader = new URL('loader.js', tag.src).href;
  const first = [...document.scripts].find((s) => s.src === loader || s.src === tag.src);
  const load = () => import(loader).catch((e: unknown) => console.error(`Inlay: could not load ${loader}.`, e));
  const refuse = () =>
    console.error(`Inlay: ${loader} does not match the integrity value inlay.js carries (another release?).`);
  const integrity = tag.integrity && __INLAY_LOADER_INTEGRITY__;
  const link = document.createElement('link');
  if (first !== tag)
    console.warn(`Inlay: another copy (${first!.src}) is already on this page; this one (${tag.src}) stays idle.`);
  else if (!integrity) void load();
  else if (link.relList.supports('modulepreload')) {
    link.rel = 'modulepreload';
    link.href = loader;
    link.integrity = integrity;
    link.crossOrigin = tag.crossOrigin;
    link.nonce = tag.nonce ?? '';
    link.onload = load;
    link.onerror = refuse;
    document.head.append(link);
  } else
    fetch(loader, { integrity, credentials: tag.crossOrigin === 'use-credentials' ? 'include' : 'same-origin' }).then(
      load,
      refuse,
    );
}

export {};
