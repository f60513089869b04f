import { html, type Raw } from './html.ts';
import type { Product } from './catalog.ts';
import { apiPreconnect, inlayScript, priceOf, type PageContext } from './pages.ts';
import { assetHref } from './assets.ts';

/** What the client-side router needs of a product (the rest comes from the widgets themselves). */
export interface SpaProduct {
  id: string;
  slug: string;
  name: string;
  price: string;
  description: string;
  /** The first in-stock variant when the product has choices (the widgets' `variant-id`). */
  variantId?: string;
}

export function spaProducts(products: Product[]): SpaProduct[] {
  return products.map((p) => {
    const variants = p.variants ?? [];
    const hasChoices = (p.productOptions?.length ?? 0) > 0 && variants.length > 1;
    const first = variants.find((v) => v.stock?.inStock !== false) ?? variants[0];
    const variantId = hasChoices && first ? first.id : undefined;
    return {
      id: p.id,
      slug: p.slug,
      name: p.name,
      price: priceOf(p, variantId).now ?? '',
      description: p.description ?? '',
      ...(variantId ? { variantId } : {}),
    };
  });
}

/**
 * `/spa` and `/spa/…`: one HTML shell for a single-page app. `/spa.js` routes on the client (history.pushState),
 * adding, removing, moving and re-configuring widgets as the views change; the header's widgets stay for the page's
 * lifetime. The catalog travels in an attribute (escaped, decoded by the browser), never as markup.
 */
export function spaPage(ctx: PageContext, products: Product[]): Raw {
  const loader = inlayScript(ctx);
  return html`<!doctype html>
<html lang="${ctx.lang ?? 'en'}"${ctx.dir ? html` dir="${ctx.dir}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${apiPreconnect(ctx)}
<title>Fernwood Supply Co. · single-page shop</title>
<link rel="icon" href="${assetHref('/favicon.svg')}" type="image/svg+xml">
<link rel="stylesheet" href="${assetHref('/demo.css')}">
<link rel="stylesheet" href="${assetHref('/inlay-reserve.css')}">
${loader}
<script type="module" src="${assetHref('/spa.js')}"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
  <div class="wrap header-row">
    <a class="brand" href="/spa" aria-label="Fernwood SPA home"><img src="${assetHref('/favicon.svg')}" alt="" width="28" height="28"><span>Fernwood SPA</span></a>
    <nav aria-label="Pages" class="cats"><a href="/spa">All products</a><a href="/">Classic site</a></nav>
    <div class="header-widgets">
      <inlay-login></inlay-login>
      <inlay-cart thank-you-url="/thank-you"></inlay-cart>
    </div>
  </div>
</header>
<main id="main" class="wrap" data-products="${JSON.stringify(spaProducts(products))}"></main>
<footer class="site-footer"><div class="wrap"><p class="fine">A single-page storefront: the widgets follow the router.</p></div></footer>
</body>
</html>`;
}
