import { createServer, type Server } from 'node:http';
import { createCatalog, type AdminKey } from './catalog.ts';
import { toString, type Raw } from './html.ts';
import { cspAccountPage, cspAdminPage, cspProductPage, strictCsp } from './csp.ts';
import { fetchPinning, snippetPage } from './snippet.ts';
import { spaPage } from './spa.ts';
import { reactPage } from './react-page.ts';
import { hostilePage } from './hostile.ts';
import { isHostileKind } from './hostile-css.ts';
import { encodePage, hostAsset, sendAsset } from './assets.ts';
import { createCompanion, type CompanionDeps } from '../companion/app.ts';
import type { CompanionEnv } from '../companion/config.ts';
import { nodeListener } from '../companion/node.ts';
import { httpUrl } from '../core/safe-url.ts';
import {
  accountPage,
  adminPage,
  errorPage,
  homePage,
  notFoundPage,
  PAGE_LANGUAGES,
  productPage,
  thankYouPage,
  type PageContext,
} from './pages.ts';

export interface DemoOptions {
  port?: number;
  host?: string;
  /** The platform (emulator) base URL. */
  apiBase: string;
  /** The platform's hosted pages origin (the emulator's second port): the strict CSP page frames its authorize page. */
  hostedBase?: string;
  /** Where loader.js and inlay.js are served; defaults to `${apiBase}/inlay`. */
  assetsBase?: string;
  clientId?: string;
  /** The site's admin API key and site id: the thank-you page reads the order with them (server side only). */
  admin?: AdminKey;
  /** The origins the platform allows for `clientId`, when known (the snippet page lists them). */
  allowedOrigins?: string[];
  /**
   * The site companion's environment (issue 16): mounted on this origin at {@link COMPANION_PATH}, and named on every
   * page's loader (`data-companion`) unless the page asks `?companion=off`. None: no companion.
   */
  companion?: { env: CompanionEnv; deps?: CompanionDeps };
}

/** Where the demo mounts the site companion: the shop's own origin, as a site would deploy it. */
export const COMPANION_PATH = '/api/inlay';

/** Starts the demo storefront: a third-party site on its own origin that embeds the widgets. */
export async function startDemo(
  opts: DemoOptions,
): Promise<{ url: string; port: number; server: Server; close(): Promise<void> }> {
  const host = opts.host ?? '127.0.0.1';
  // the pages name its origin (preconnect, the strict CSP): an absolute http(s) URL, or the demo does not start
  if (!httpUrl(opts.apiBase)) throw new Error(`apiBase must be an absolute http(s) URL: ${opts.apiBase}`);
  const catalog = createCatalog(opts.apiBase, opts.clientId, opts.admin);
  const base: Omit<PageContext, 'collections'> = {
    apiBase: opts.apiBase,
    ...(opts.hostedBase ? { hostedBase: opts.hostedBase } : {}),
    assetsBase: opts.assetsBase ?? `${opts.apiBase}/inlay`,
    clientId: opts.clientId ?? 'demo-client',
    ...(opts.allowedOrigins ? { allowedOrigins: opts.allowedOrigins } : {}),
  };

  const companion = opts.companion
    ? nodeListener(createCompanion({ ...opts.companion.env, INLAY_BASE_PATH: COMPANION_PATH }, opts.companion.deps))
    : undefined;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (companion && (url.pathname === COMPANION_PATH || url.pathname.startsWith(`${COMPANION_PATH}/`))) {
      void companion(req, res);
      return;
    }
    // pages: dynamic, never stored; compressed by Accept-Encoding (demo/assets.ts)
    const send = (status: number, page: Raw, headers: Record<string, string> = {}) => {
      const out = encodePage(req.headers['accept-encoding'], toString(page));
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...out.headers,
        ...headers,
      });
      res.end(out.body);
    };
    (async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      // the site's own files (demo/public, /inlay-reserve.css, /hostile/<name>.css, the React demo's /react/*):
      // versioned, validated and compressed as a real store serves its assets (demo/assets.ts)
      const asset = hostAsset(url.pathname);
      if (asset) return sendAsset(req, res, url, asset);
      if (url.pathname.startsWith('/react/')) return void res.writeHead(404).end();
      const ctx: PageContext = {
        ...base,
        collections: await catalog.collections().catch(() => []),
        script: url.searchParams.get('script') === 'classic' ? 'classic' : 'module',
        // `?lang=` from the allow-list sets `<html lang>`; the right-to-left test language lays the page out rtl too
        lang: PAGE_LANGUAGES.find((l) => l === url.searchParams.get('lang')),
        dir: url.searchParams.get('dir') === 'rtl' || url.searchParams.get('lang') === 'ar-XB' ? 'rtl' : undefined,
        ...(companion && url.searchParams.get('companion') !== 'off' ? { companion: COMPANION_PATH } : {}),
      };
      try {
        if (url.pathname === '/') {
          const slug = url.searchParams.get('category');
          const category = slug ? ctx.collections.find((c) => c.slug === slug) : undefined;
          if (slug && !category) return send(404, notFoundPage(ctx));
          const products = await catalog.products(category?.id);
          return send(200, homePage(ctx, products, category));
        }
        // the platform's productPageUrl (`/product-page/<slug>`) lands on this site's product page
        const legacy = /^\/product-page\/([a-z0-9-]+)$/.exec(url.pathname);
        if (legacy) return void res.writeHead(301, { location: `/products/${legacy[1]}` }).end();
        const m = /^\/products\/([a-z0-9-]+)$/.exec(url.pathname);
        if (m) {
          const product = await catalog.productBySlug(m[1]!);
          return product ? send(200, productPage(ctx, product)) : send(404, notFoundPage(ctx));
        }
        // the product page with every widget, under the strictest policy the widgets support
        const strict = /^\/csp\/([a-z0-9-]+)$/.exec(url.pathname);
        if (strict) {
          const product = await catalog.productBySlug(strict[1]!);
          return product
            ? // the strict policy's connect-src is the platform's API only: this page runs without the companion
              send(200, cspProductPage({ ...ctx, companion: undefined }, product), {
                'content-security-policy': strictCsp(ctx),
              })
            : send(404, notFoundPage(ctx));
        }
        if (url.pathname === '/csp-account')
          return send(200, cspAccountPage(ctx), { 'content-security-policy': strictCsp(ctx, { companion: true }) });
        if (url.pathname === '/csp-admin')
          return send(200, cspAdminPage(ctx), { 'content-security-policy': strictCsp(ctx, { companion: true }) });
        if (url.pathname === '/snippet') {
          // the pinned snippet's integrity values come from the CDN, as a site builder's page would get them
          const [products, pin] = await Promise.all([catalog.products(), fetchPinning(ctx.assetsBase)]);
          return send(200, snippetPage(ctx, products, pin));
        }
        // the single-page shop: every /spa route gets the same shell, the client-side router does the rest
        if (url.pathname === '/spa' || url.pathname.startsWith('/spa/'))
          return send(200, spaPage(ctx, await catalog.products()));
        // a host app written in React 19 with inlay/react, rendered here and hydrated in the browser
        if (url.pathname === '/react') {
          const product = await catalog.productBySlug(url.searchParams.get('product') ?? 'enamel-camp-mug');
          if (!product) return send(404, notFoundPage(ctx));
          const page = await reactPage(ctx, product);
          return page
            ? send(200, page)
            : send(503, errorPage(ctx, 'The React demo is not built: run `npm run build`.'));
        }
        const hostile = /^\/hostile\/([a-z]+)$/.exec(url.pathname);
        if (hostile && isHostileKind(hostile[1]!)) {
          const slug = url.searchParams.get('product') ?? 'enamel-camp-mug';
          const product = /^[a-z0-9-]+$/.test(slug) ? await catalog.productBySlug(slug) : undefined;
          if (!product) return send(404, notFoundPage(ctx));
          return send(200, hostilePage(ctx, hostile[1], product, { bundle: url.searchParams.get('bundle') !== '0' }));
        }
        if (url.pathname === '/account') {
          const section = url.searchParams.get('section');
          return send(200, accountPage(ctx, section && /^[a-z]{1,20}$/.test(section) ? section : undefined));
        }
        if (url.pathname === '/admin') {
          const section = url.searchParams.get('section');
          return send(200, adminPage(ctx, section && /^[a-z]{1,20}$/.test(section) ? section : undefined));
        }
        if (url.pathname === '/thank-you') {
          const orderId = url.searchParams.get('orderId');
          return send(200, thankYouPage(ctx, orderId ? ((await catalog.order(orderId)) ?? null) : undefined));
        }
        return send(404, notFoundPage(ctx));
      } catch (e) {
        console.error('demo: page failed:', e instanceof Error ? e.message : e);
        return send(502, errorPage(ctx, 'The shop could not reach the platform. Is the emulator running?'));
      }
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 5173, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 5173);
  return {
    url: `http://${host}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
