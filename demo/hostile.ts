import { html, type Raw } from './html.ts';
import type { Product } from './catalog.ts';
import { defaultVariantId, inlayScript, priceOf, type PageContext } from './pages.ts';
import { assetHref } from './assets.ts';
import type { HostileKind } from './hostile-css.ts';

/**
 * Fixture pages where the host site brings aggressive CSS (framework preflights, `*` resets, a 10px root font size,
 * `button {all: unset}`, restyled `<dialog>`), each hosting every widget for one product. `plain` is the same page
 * without host CSS: the baseline the e2e suite compares against. The CSS is served as files from the demo origin
 * (`/hostile/<kind>.css`, demo/hostile-css.ts), never inline, so the pages also work under a strict CSP.
 */

/** Class names each host framework puts on its own page chrome (the widgets sit inside them). */
const classes: Record<HostileKind, { body: string; main: string; title: string; button: string; note: string }> = {
  plain: { body: '', main: '', title: '', button: '', note: '' },
  tailwind: {
    body: 'font-sans text-gray-900',
    main: 'text-center uppercase tracking-widest italic leading-none whitespace-nowrap',
    title: 'text-3xl font-bold',
    button: 'rounded-lg px-4 py-2 bg-indigo-700 text-white shadow',
    note: 'text-xl',
  },
  bootstrap: {
    body: '',
    main: 'container',
    title: 'lead',
    button: 'btn btn-primary',
    note: 'small text-body-secondary',
  },
  resets: { body: '', main: '', title: '', button: '', note: '' },
};

/**
 * One fixture page: every widget for `p`, inside the host's styled chrome, plus host elements (`#host-p`,
 * `#host-button`, `#host-dialog`) whose computed style must not change when the widgets load. `bundle: false` leaves
 * the Inlay script out (the baseline for that check).
 */
export function hostilePage(ctx: PageContext, kind: HostileKind, p: Product, opts: { bundle: boolean }): Raw {
  const c = classes[kind];
  const variant = defaultVariantId(p);
  const price = priceOf(p, variant);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.name} · hostile host: ${kind}</title>
<link rel="icon" href="${assetHref('/favicon.svg')}" type="image/svg+xml">
${kind === 'plain' ? '' : html`<link rel="stylesheet" href="${assetHref(`/hostile/${kind}.css`)}">`}
<link rel="stylesheet" href="${assetHref('/hostile/layout.css')}">
<link rel="stylesheet" href="${assetHref('/inlay-reserve.css')}">
${opts.bundle ? inlayScript(ctx) : ''}
</head>
<body class="${c.body}">
<div class="hx-page">
<header class="hx-bar">
  <a href="/">Fernwood Supply Co. (${kind} host)</a>
  <div class="hx-row"><inlay-login></inlay-login><inlay-cart thank-you-url="/thank-you"></inlay-cart></div>
</header>
<main class="${c.main}">
  <h1 class="${c.title}">${p.name}</h1>
  <div class="hx-row"><inlay-rating product-id="${p.id}"></inlay-rating><span>${price.now ?? ''}</span></div>
  <div class="hx-row"><inlay-add-to-cart product-id="${p.id}" ${variant ? html`variant-id="${variant}"` : ''}></inlay-add-to-cart></div>
  <div class="hx-slot hx-narrow"><inlay-back-in-stock product-id="${p.id}" ${variant ? html`variant-id="${variant}"` : ''} always></inlay-back-in-stock></div>
  <section class="hx-slot" aria-label="You may also like">
    <h2>You may also like</h2>
    <inlay-recommendations product-id="${p.id}" algorithm="related" limit="8"></inlay-recommendations>
  </section>
  <section class="hx-slot" aria-label="Reviews">
    <inlay-reviews product-id="${p.id}"></inlay-reviews>
  </section>
  <aside class="hx-host" aria-label="The host's own elements">
    <p id="host-p" class="${c.note}">${p.description ?? ''}</p>
    <button id="host-button" type="button" class="${c.button}">Host button</button>
    <dialog id="host-dialog" aria-label="Host dialog"><p>The host's own dialog.</p></dialog>
  </aside>
</main>
</div>
<inlay-toaster></inlay-toaster>
</body>
</html>`;
}
