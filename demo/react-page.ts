/**
 * `/react`: the demo's React page. The page itself (header widgets, the host app's own state, a product) is a React
 * 19 app using `inlay/react`, rendered here with react-dom/server (the build in dist/react-demo/server.js, React
 * bundled in) and hydrated by dist/react-demo/client/client.js, served under `/react/`.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { html, raw, type Raw } from './html.ts';
import type { Product } from './catalog.ts';
import { apiPreconnect, priceOf, type PageContext } from './pages.ts';
import { assetHref } from './assets.ts';

const built = fileURLToPath(new URL('../dist/react-demo/', import.meta.url));

interface AppProps {
  apiBase: string;
  assetsBase: string;
  clientId: string;
  product: { id: string; name: string; variantId?: string; price?: string; description?: string };
}

let renderer: Promise<{ render(props: AppProps): string }> | undefined;

/** The server-rendered page, or undefined when the React demo is not built (`npm run build` builds it). */
export async function reactPage(ctx: PageContext, product: Product): Promise<Raw | undefined> {
  renderer ??= import(pathToFileURL(join(built, 'server.js')).href) as Promise<{ render(props: AppProps): string }>;
  const r = await renderer.catch(() => ((renderer = undefined), undefined));
  if (!r) return undefined;
  const variantId =
    product.variants && product.variants.length > 1
      ? (product.variants.find((v) => v.stock?.inStock !== false)?.id ?? product.variants[0]!.id)
      : undefined;
  const price = priceOf(product, variantId).now;
  const props: AppProps = {
    apiBase: ctx.apiBase,
    assetsBase: ctx.assetsBase,
    clientId: ctx.clientId,
    product: {
      id: product.id,
      name: product.name,
      ...(variantId ? { variantId } : {}),
      ...(price ? { price } : {}),
      ...(product.description ? { description: product.description } : {}),
    },
  };
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${apiPreconnect(ctx)}
<title>${product.name} · React demo · Fernwood Supply Co.</title>
<link rel="icon" href="${assetHref('/favicon.svg')}" type="image/svg+xml">
<link rel="stylesheet" href="${assetHref('/demo.css')}">
<link rel="stylesheet" href="${assetHref('/inlay-reserve.css')}">
<script type="module" src="${assetHref('/react/client.js')}"></script>
</head>
<body>
<div id="root" data-props="${JSON.stringify(props)}">${raw(r.render(props))}</div>
</body>
</html>`;
}
