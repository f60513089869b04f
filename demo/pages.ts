import { html, raw, type Raw } from './html.ts';
import type { Collection, Product, ThankYouOrder } from './catalog.ts';
import { assetHref } from './assets.ts';

export interface PageContext {
  /** Platform REST base the widgets talk to (the emulator here). */
  apiBase: string;
  /**
   * Where the platform serves its hosted pages (the silent sign-in's authorize page among them), on another origin
   * than its API as the platform does (the emulator's second port); default `apiBase`.
   */
  hostedBase?: string;
  /** Where the widget bundle is served from (the emulator's /inlay/, as a CDN would). */
  assetsBase: string;
  clientId: string;
  /** The origins the platform allows for `clientId`, when known (the emulator's, from `npm start`). */
  allowedOrigins?: string[];
  collections: Collection[];
  /** `module` (loader.js, default) or `classic` (inlay.js). */
  script?: 'module' | 'classic';
  /** `rtl` (from `?dir=rtl`, or `?lang=ar-XB`) lays the page out right-to-left, to check the widgets mirror. */
  dir?: 'rtl';
  /**
   * The page's `<html lang>` (from `?lang=`, one of `PAGE_LANGUAGES`; default `en`): the widgets' language, French or
   * the right-to-left test language `ar-XB`.
   */
  lang?: PageLanguage;
  /**
   * The site companion's base (`/api/inlay` on the shop's own origin, issue 16), put on the loader as `data-companion`;
   * none when the demo runs without one or the page asks `?companion=off`.
   */
  companion?: string;
}

/** The languages a demo page may ask for with `?lang=` (anything else is ignored: the page stays English). */
export const PAGE_LANGUAGES = ['fr', 'ar-XB'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

const SHOP = 'Fernwood Supply Co.';

/** The price to show: the variant's own when `variantId` names one that has a price, else the product's. */
export function priceOf(p: Product, variantId?: string): { now?: string; was?: string } {
  const own = variantId ? p.variants?.find((v) => v.id === variantId)?.variant?.priceData : undefined;
  const m = own ?? p.priceData ?? p.price;
  const f = m?.formatted;
  if (!m || !f) return {};
  const discounted = m.discountedPrice !== undefined && m.discountedPrice < m.price;
  return discounted ? { now: f.discountedPrice, was: f.price } : { now: f.price };
}

function inStock(p: Product): boolean {
  return p.stock?.inventoryStatus !== 'OUT_OF_STOCK' && p.stock?.inStock !== false;
}

export interface LayoutOptions {
  description?: string;
  /** Extra elements for <head> (a page's own stylesheet). */
  head?: Raw;
  /** The site icon's URL (a strict page's img-src may not allow the site's own origin). */
  icon?: string;
  /** The page's own script (/demo.js: the variant picker); off on pages whose CSP allows only the widgets' origin. */
  pageScript?: boolean;
}

/**
 * The connection to the platform's API opened while the page parses, as README's snippet advises: the loader's first
 * request, the visitor token (a form: no CORS preflight before it), goes out only once the loader has arrived and
 * run, and goes on this connection (with `crossorigin`; without it, not).
 */
export function apiPreconnect(ctx: PageContext): Raw {
  return html`<link rel="preconnect" href="${new URL(ctx.apiBase).origin}" crossorigin>`;
}

/** The one tag a site adds: the ES loader, or the classic bundle when the page asks for it. */
export function inlayScript(ctx: PageContext): Raw {
  const companion = ctx.companion ? html` data-companion="${ctx.companion}"` : '';
  return ctx.script === 'classic'
    ? html`<script src="${ctx.assetsBase}/inlay.js" data-client-id="${ctx.clientId}" data-api-base="${ctx.apiBase}"${companion}></script>`
    : html`<script type="module" src="${ctx.assetsBase}/loader.js" data-client-id="${ctx.clientId}" data-api-base="${ctx.apiBase}"${companion}></script>`;
}

export function layout(ctx: PageContext, title: string, body: Raw, opts: LayoutOptions = {}): Raw {
  const icon = opts.icon ?? assetHref('/favicon.svg');
  const loader = inlayScript(ctx);
  return html`<!doctype html>
<html lang="${ctx.lang ?? 'en'}"${ctx.dir ? html` dir="${ctx.dir}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${apiPreconnect(ctx)}
<title>${title}</title>
<meta name="description" content="${opts.description ?? 'Goods for slow mornings and long evenings outdoors.'}">
<link rel="icon" href="${icon}" type="image/svg+xml">
<link rel="stylesheet" href="${assetHref('/demo.css')}">
<link rel="stylesheet" href="${assetHref('/inlay-reserve.css')}">
${opts.head}
${loader}
${opts.pageScript === false ? '' : html`<script type="module" src="${assetHref('/demo.js')}"></script>`}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
  <div class="wrap header-row">
    <a class="brand" href="/" aria-label="${SHOP} home"><img src="${icon}" alt="" width="28" height="28"><span dir="auto">${SHOP}</span></a>
    <nav aria-label="Categories" class="cats">
      ${ctx.collections.map((c) => html`<a href="/?category=${c.slug}">${c.name}</a>`)}
    </nav>
    <nav aria-label="For site builders" class="tools"><a href="/snippet">Get the snippet</a><a href="/spa">SPA demo</a></nav>
    <div class="header-widgets">
      <inlay-login account-url="/account"></inlay-login>
      <inlay-cart thank-you-url="/thank-you"></inlay-cart>
    </div>
  </div>
</header>
<main id="main">
${body}
</main>
<footer class="site-footer">
  <div class="wrap">
    <p><strong>${SHOP}</strong> · 14 Alder Lane, Hollow Creek · Free returns within 30 days</p>
    <p class="fine">A demo storefront embedding Inlay widgets against the local platform emulator. A product page <a href="/react">written in React</a>, the <a href="/spa">single-page demo</a> and <a href="/snippet">the snippet</a>. The owner's <a href="/admin">shop console</a>.</p>
  </div>
</footer>
<inlay-toaster></inlay-toaster>
</body>
</html>`;
}

function card(p: Product): Raw {
  const img = p.media?.mainMedia?.image;
  const price = priceOf(p);
  return html`<li class="card">
  <a href="/products/${p.slug}" class="card-link">
    <span class="card-media">${img ? html`<img src="${img.url}" alt="" width="${img.width ?? 600}" height="${img.height ?? 600}" loading="lazy">` : ''}
    ${p.ribbon ? html`<span class="ribbon">${p.ribbon}</span>` : ''}
    ${inStock(p) ? '' : html`<span class="ribbon sold">Sold out</span>`}</span>
    <span class="card-name">${p.name}</span>
  </a>
  <inlay-rating product-id="${p.id}"></inlay-rating>
  <p class="price">${price.now ?? ''} ${price.was ? html`<s>${price.was}</s>` : ''}</p>
</li>`;
}

export function homePage(ctx: PageContext, products: Product[], category?: Collection): Raw {
  const title = category ? `${category.name} · ${SHOP}` : `${SHOP} · Goods for the slow outdoors`;
  return layout(
    ctx,
    title,
    html`${
      category
        ? html`<section class="wrap page-head"><h1>${category.name}</h1><p>${products.length} products</p></section>`
        : html`<section class="hero"><div class="wrap"><h1>Made to be used, season after season.</h1>
<p>Enamel, wool, canvas and cast iron from small workshops. Shipped from our barn in Hollow Creek.</p>
<a class="button" href="#shop">Shop the collection</a></div></section>`
    }
<section class="wrap" id="shop" aria-labelledby="shop-title">
  <h2 id="shop-title" class="${category ? 'visually-hidden' : ''}">All products</h2>
  <ul class="grid">${products.map(card)}</ul>
</section>
<section class="wrap band" aria-label="Best sellers">
  <inlay-recommendations algorithm="best-sellers" limit="8"><h2 slot="heading">Best sellers</h2></inlay-recommendations>
</section>`,
  );
}

/** The variant the product page starts on (the first in stock) when the product has choices. */
export function defaultVariantId(p: Product): string | undefined {
  const variants = p.variants ?? [];
  const hasChoices = (p.productOptions?.length ?? 0) > 0 && variants.length > 1;
  const first = variants.find((v) => v.stock?.inStock !== false) ?? variants[0];
  return hasChoices && first ? first.id : undefined;
}

/**
 * The image to show for a variant: the image of the first of its choices that has one (a colour's photo), else the
 * product's own.
 */
export function variantImage(
  p: Product,
  variantId?: string,
): { url: string; width?: number; height?: number } | undefined {
  const v = variantId ? p.variants?.find((x) => x.id === variantId) : undefined;
  for (const o of v ? (p.productOptions ?? []) : []) {
    const c = o.choices.find((c) => (c.description ?? c.value) === v!.choices[o.name]);
    if (c?.media?.mainMedia?.image?.url) return c.media.mainMedia.image;
  }
  return p.media?.mainMedia?.image;
}

export const productTitle = (p: Product) => `${p.name} · ${SHOP}`;

/**
 * The product page's main content. `picker: false` leaves out the variant select (it needs the page's script);
 * `alwaysBackInStock` shows the back-in-stock form even for an item in stock.
 */
export function productBody(
  ctx: PageContext,
  p: Product,
  opts: { picker?: boolean; alwaysBackInStock?: boolean } = {},
): Raw {
  const variants = p.variants ?? [];
  const hasChoices = (p.productOptions?.length ?? 0) > 0 && variants.length > 1;
  const variantAttr = defaultVariantId(p);
  const img = variantImage(p, variantAttr);
  const price = priceOf(p, variantAttr);
  return html`<article class="wrap product" data-product-id="${p.id}">
  <nav aria-label="Breadcrumb" class="crumbs"><a href="/">Shop</a> <span aria-hidden="true">/</span> <span>${p.name}</span></nav>
  <div class="product-grid">
    <div class="product-media">${img ? html`<img src="${img.url}" alt="${p.name}" width="${img.width ?? 800}" height="${img.height ?? 800}">` : ''}</div>
    <div class="product-info">
      ${p.brand ? html`<p class="brand-name">${p.brand}</p>` : ''}
      <h1>${p.name}</h1>
      <inlay-rating product-id="${p.id}"></inlay-rating>
      <p class="price big" id="price"><span data-now>${price.now ?? ''}</span> <s data-was ${price.was ? '' : 'hidden'}>${price.was ?? ''}</s></p>
      ${
        hasChoices && opts.picker !== false
          ? html`<label class="variant">${(p.productOptions ?? []).map((o) => o.name).join(' / ')}
          <select id="variant" aria-describedby="price" data-variants="${JSON.stringify(variants.map((v) => ({ id: v.id, label: Object.values(v.choices).join(' / '), inStock: v.stock?.inStock !== false, image: variantImage(p, v.id)?.url, ...priceOf(p, v.id) })))}">
            ${variants.map((v) => html`<option value="${v.id}" ${v.id === variantAttr ? 'selected' : ''}>${Object.values(v.choices).join(' / ')}${v.stock?.inStock === false ? ' (sold out)' : ''}</option>`)}
          </select></label>`
          : ''
      }
      <div class="buy">
        <inlay-add-to-cart product-id="${p.id}" ${variantAttr ? html`variant-id="${variantAttr}"` : ''}></inlay-add-to-cart>
        <inlay-back-in-stock product-id="${p.id}" ${variantAttr ? html`variant-id="${variantAttr}"` : ''} ${opts.alwaysBackInStock ? 'always' : ''}></inlay-back-in-stock>
      </div>
      <div class="description"><p>${p.description ?? ''}</p></div>
    </div>
  </div>
</article>
<section class="wrap band" aria-label="You may also like">
  <inlay-recommendations product-id="${p.id}" algorithm="related" limit="8"><h2 slot="heading">You may also like</h2></inlay-recommendations>
</section>
<section class="wrap band" aria-label="Reviews">
  <inlay-reviews product-id="${p.id}" loading="lazy"></inlay-reviews>
</section>`;
}

export function productPage(ctx: PageContext, p: Product): Raw {
  return layout(ctx, productTitle(p), productBody(ctx, p), { description: p.description?.slice(0, 150) });
}

/**
 * The page the hosted checkout returns to. `order` is undefined when the link carries no `orderId`, null when the
 * platform does not know it; else the order read from the platform (never what the link says): its number, items,
 * addresses, totals and what happens next (a guest is offered an account).
 */
export function thankYouPage(ctx: PageContext, order: ThankYouOrder | null | undefined): Raw {
  return layout(
    ctx,
    `Thank you · ${SHOP}`,
    html`<section class="wrap thanks${order ? ' thanks-order' : ''}">
  <h1>Thank you for your order</h1>
  ${
    order
      ? thankYouOrderHtml(order)
      : order === null
        ? html`<p>Your confirmation email has your order number and the details.</p><p><a class="button" href="/">Continue shopping</a></p>`
        : html`<p>We could not find an order number in this link. If you completed a payment, your confirmation email has the details.</p><p><a class="button" href="/">Continue shopping</a></p>`
  }
</section>`,
  );
}

const addressHtml = (lines: string[]) =>
  html`<address>${lines.map((l) => html`<span dir="auto">${l}</span><br>`)}</address>`;

function thankYouOrderHtml(o: ThankYouOrder): Raw {
  const row = (label: string | Raw, value: string | undefined, attr = '') =>
    value ? html`<tr${raw(attr)}><th scope="row">${label}</th><td><bdi>${value}</bdi></td></tr>` : '';
  // every value isolated (issue 44): the number, quantities, amounts, names, the shipping method and the tax region
  return html`<p>Your order number is <strong><bdi data-order-number>#${o.number}</bdi></strong>.${
    o.email
      ? html` A confirmation is on its way to <bdi>${o.email}</bdi>.`
      : ' A confirmation is on its way to your inbox.'
  }</p>
  <div class="ty-grid">
  <section class="ty-card" aria-labelledby="ty-items"><h2 id="ty-items">Your items</h2>
  <ul class="ty-lines">${o.lines.map(
    (l) =>
      html`<li><span class="ty-q"><bdi>${l.quantity}</bdi> ×</span><span class="ty-nm"><bdi>${l.name}</bdi>${l.options ? html`<small><bdi>${l.options}</bdi></small>` : ''}</span><span class="ty-p"><bdi>${l.total}</bdi></span></li>`,
  )}</ul>
  <table class="ty-totals"><caption class="vh">Order totals</caption><tbody>
  ${row('Subtotal', o.subtotal)}${o.discount ? row('Discount', `−${o.discount}`) : ''}${row(
    o.shippingTitle ? html`Shipping (<bdi>${o.shippingTitle}</bdi>)` : 'Shipping',
    o.shipping,
  )}${row(o.taxName ? html`Tax (<bdi>${o.taxName}</bdi>)` : 'Tax', o.tax)}
  </tbody><tfoot>${row('Total', o.total, ' data-order-total')}</tfoot></table>
  </section>
  <section class="ty-card" aria-labelledby="ty-addr"><h2 id="ty-addr">Addresses</h2>
  <div class="ty-addresses">
  ${o.shipTo.length ? html`<div><h3>Shipping to</h3>${addressHtml(o.shipTo)}${o.deliveryTime ? html`<p class="ty-muted"><bdi>${o.shippingTitle ?? 'Delivery'}</bdi>: <bdi>${o.deliveryTime}</bdi></p>` : ''}</div>` : ''}
  ${
    !o.billTo.length
      ? ''
      : o.billTo.join('\n') === o.shipTo.join('\n')
        ? html`<div><h3>Billing address</h3><p>Same as the shipping address</p></div>`
        : html`<div><h3>Billing address</h3>${addressHtml(o.billTo)}</div>`
  }
  </div>
  </section>
  <section class="ty-card ty-next" aria-labelledby="ty-next"><h2 id="ty-next">What happens next</h2>
  <ol>
  <li>We email you when your order ships, with its tracking link.</li>
  ${
    o.guest
      ? html`<li>Create an account with <bdi>${o.email ?? 'your email'}</bdi> to follow your orders and check out faster next time.</li>`
      : html`<li>Follow this order in your account, under Orders.</li>`
  }
  </ol>
  <p class="ty-actions">${
    o.guest
      ? html`<a class="button" href="/account">Create an account</a>`
      : html`<a class="button" href="/account">See your orders</a>`
  }<a class="ty-link" href="/">Continue shopping</a></p>
  </section>
  </div>`;
}

/** The member's account: orders, profile, addresses (a visitor gets the sign-in form). */
export function accountPage(ctx: PageContext, section?: string): Raw {
  return layout(
    ctx,
    `Your account · ${SHOP}`,
    html`<section class="wrap account">
  <inlay-account shop-url="/"${section ? html` section="${section}"` : ''}></inlay-account>
</section>`,
  );
}

/** The owner's console (`<inlay-admin>`): shown only to a member on the companion's owner list, nothing to anyone else. */
export function adminPage(ctx: PageContext, section?: string): Raw {
  return layout(
    ctx,
    `Shop console · ${SHOP}`,
    html`<section class="wrap account">
  <p class="owner-note">This page is for the shop's owner. Sign in with the owner's account to see the console; anyone else sees nothing here.</p>
  <inlay-admin${section ? html` section="${section}"` : ''}></inlay-admin>
</section>`,
  );
}

export function notFoundPage(ctx: PageContext): Raw {
  return layout(
    ctx,
    `Not found · ${SHOP}`,
    html`<section class="wrap thanks"><h1>We couldn't find that page</h1><p><a class="button" href="/">Back to the shop</a></p></section>`,
  );
}

export function errorPage(ctx: PageContext, message: string): Raw {
  return layout(
    ctx,
    `Unavailable · ${SHOP}`,
    html`<section class="wrap thanks"><h1>The shop is taking a break</h1><p>${message}</p><p><a class="button" href="/">Try again</a></p></section>`,
  );
}
