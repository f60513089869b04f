/**
 * `GET /`: a small HTML page for a person who opens the emulator's URL.
 */
import { escapeXml as esc } from '../domain/art.ts';
import { getSetting } from '../domain/settings.ts';
import { listClientIds } from '../domain/auth.ts';
import { countProducts } from '../domain/catalog.ts';
import type { RouteModule } from '../router.ts';

export const indexPageRoutes: RouteModule = (router) => {
  router.get('/', (ctx) => {
    const shop = getSetting<string>(ctx.db, 'siteName') ?? 'Demo store';
    const products = countProducts(ctx.db);
    const clients = listClientIds(ctx.db).map((id) => ({ id }));
    const base = esc(ctx.baseUrl);
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Inlay platform emulator</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 3rem auto; padding: 0 1rem; color: #1f2a24; }
  h1 { font-size: 1.6rem; margin-bottom: .25rem; }
  code { background: #eef1ec; padding: .1rem .3rem; border-radius: 4px; }
  li { margin: .3rem 0; }
  .muted { color: #5b6660; }
</style>
</head>
<body>
<h1>Inlay platform emulator</h1>
<p class="muted">A local stand-in for the hosted platform's REST API, seeded with <strong>${esc(shop)}</strong> (${products} products).</p>
<h2>Here</h2>
<ul>
  <li><code>POST ${base}/oauth2/token</code>: visitor and member tokens</li>
  <li><code>POST ${base}/stores-reader/v1/products/query</code>: the catalog (needs a token)</li>
  ${
    ctx.app.dev
      ? `<li><a href="/_dev/mailbox">/_dev/mailbox</a>: every email the emulator sent</li>
  <li><a href="/_dev/faults">/_dev/faults</a>: injected faults (for tests)</li>`
      : '<li>Dev helpers (<code>/_dev/mailbox</code>, <code>/_dev/faults</code>) are off: start with <code>--dev</code></li>'
  }
  <li><a href="/inlay/loader.js">/inlay/loader.js</a>: the widget loader, served as a CDN would</li>
</ul>
<h2>Registered clients</h2>
<ul>${clients.map((c) => `<li><code>${esc(c.id)}</code></li>`).join('')}</ul>
</body>
</html>
`;
    return {
      body: html,
      contentType: 'text/html; charset=utf-8',
      headers: { 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" },
    };
  });
};
