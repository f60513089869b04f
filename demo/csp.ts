import { readFileSync } from 'node:fs';
import type { Raw } from './html.ts';
import type { Product } from './catalog.ts';
import { html } from './html.ts';
import { layout, productBody, productTitle, type PageContext } from './pages.ts';

/**
 * The strictest policy a site embedding Inlay can send: scripts only from the widgets' origin, styles only from the
 * site itself (the widgets use constructable stylesheets), images and requests only from the platform's API, the
 * silent sign-in frame only from the platform's pages origin, and Trusted Types required for every script sink. README "Content Security Policy" documents it.
 */
export function strictCsp(
  ctx: Pick<PageContext, 'apiBase' | 'assetsBase' | 'hostedBase'>,
  /** The site companion on the page's own origin (connect-src adds `'self'`). */
  o: { companion?: boolean } = {},
): string {
  const api = new URL(ctx.apiBase).origin;
  // the silent sign-in's authorize page: the platform's pages origin, not its API's
  const pages = new URL(ctx.hostedBase ?? ctx.apiBase).origin;
  const assets = new URL(ctx.assetsBase).origin;
  return [
    "default-src 'none'",
    `script-src ${assets}`,
    "style-src 'self'",
    `img-src ${api} data:`,
    `connect-src ${api}${o.companion ? " 'self'" : ''}`,
    `frame-src ${pages}`,
    "require-trusted-types-for 'script'",
  ].join('; ');
}

// img-src allows only the platform and data: — the site's own logo travels inline.
const icon = `data:image/svg+xml,${encodeURIComponent(readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8'))}`;

/**
 * The product page under `strictCsp`, holding every widget. No page script (script-src is the widgets' origin only),
 * so no variant picker; back-in-stock shows its form even for an item in stock.
 */
export function cspProductPage(ctx: PageContext, p: Product): Raw {
  return layout(ctx, productTitle(p), productBody(ctx, p, { picker: false, alwaysBackInStock: true }), {
    description: p.description?.slice(0, 150),
    icon,
    pageScript: false,
  });
}

/** The member's account under `strictCsp` with the companion on the page's origin: no page script. */
export function cspAccountPage(ctx: PageContext): Raw {
  return layout(
    ctx,
    'Your account',
    html`<section class="wrap account"><inlay-account shop-url="/"></inlay-account></section>`,
    {
      icon,
      pageScript: false,
    },
  );
}

/** The owner's console under `strictCsp` with the companion on the page's origin: no page script. */
export function cspAdminPage(ctx: PageContext): Raw {
  return layout(ctx, 'Shop console', html`<section class="wrap account"><inlay-admin></inlay-admin></section>`, {
    icon,
    pageScript: false,
  });
}
