import { readFileSync } from 'node:fs';
import { html, type Raw } from './html.ts';
import type { Product } from './catalog.ts';
import { layout, type PageContext } from './pages.ts';
import { assetHref } from './assets.ts';
import { baseCss } from '../core/theme.ts';
import { DEFAULT_API_BASE } from '../core/constants.ts';

/**
 * "Get the snippet": a site builder picks widgets, their attributes, the loader's version (pinned, with Subresource
 * Integrity, or the moving URL), its `data-*` configuration and theme tokens, sees the real widgets update in a live
 * preview, and copies the exact snippet. The page renders labelled controls carrying `data-*` descriptions;
 * /snippet.js reads them, writes the snippet and mirrors it in the preview.
 */

/** The release the build copies to `inlay/<version>/` (vite.config.ts reads the same field). */
export const RELEASE = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** What the snippet can pin: the version and the SRI values of its two entry files, or why it cannot. */
export type Pinning = { version: string; loader: string; inlay: string } | { version: string; unavailable: string };

const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;

/**
 * Reads `<assetsBase>/<version>/integrity.json`, as a site builder's page would from the CDN (README "Pinning a
 * version"). Never throws: when the file cannot be had, says why, and the page offers only the moving URL.
 */
export async function fetchPinning(assetsBase: string, version = RELEASE, timeoutMs = 3000): Promise<Pinning> {
  const url = `${assetsBase.replace(/\/+$/, '')}/${version}/integrity.json`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch {
    return { version, unavailable: `${url} could not be reached` };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { version, unavailable: `${url} answered HTTP ${res.status}` };
  }
  let values: unknown;
  try {
    values = await res.json();
  } catch {
    return { version, unavailable: `${url} is not valid JSON` };
  }
  const { 'loader.js': loader, 'inlay.js': inlay } = (values ?? {}) as Record<string, unknown>;
  if (typeof loader !== 'string' || !SRI.test(loader) || typeof inlay !== 'string' || !SRI.test(inlay)) {
    return { version, unavailable: `${url} has no sha384 value for loader.js and inlay.js` };
  }
  return { version, loader, inlay };
}

type Option =
  | { kind: 'boolean'; attr: string; label: string }
  | { kind: 'enum'; attr: string; label: string; values: string[]; defaultLabel: string }
  | { kind: 'number'; attr: string; label: string; min: number; max: number; placeholder: string }
  | { kind: 'text'; attr: string; label: string; placeholder: string }
  | { kind: 'product'; attr: 'product-id'; label: string; optional?: string }
  | { kind: 'variant'; attr: 'variant-id'; label: string };

interface WidgetSpec {
  tag: string;
  what: string;
  checked?: boolean;
  options: Option[];
}

const product = (label = 'Product'): Option => ({ kind: 'product', attr: 'product-id', label });
const variant: Option = { kind: 'variant', attr: 'variant-id', label: 'Variant' };

/** The public elements and the attributes each supports (widgets/<name>/element.ts). */
export const WIDGETS: WidgetSpec[] = [
  {
    tag: 'inlay-login',
    what: 'Member sign-in and sign-up',
    options: [
      { kind: 'enum', attr: 'view', label: 'Panel opens on', values: ['sign-up'], defaultLabel: 'sign-in (default)' },
      { kind: 'boolean', attr: 'hosted', label: 'hosted: sign in on the platform’s hosted page' },
      {
        kind: 'text',
        attr: 'account-url',
        label: 'Your account page (for “My account”)',
        placeholder: 'the platform’s page',
      },
    ],
  },
  {
    tag: 'inlay-account',
    what: 'Member account: orders, profile, addresses',
    options: [
      {
        kind: 'enum',
        attr: 'section',
        label: 'Opens on',
        values: ['profile', 'addresses'],
        defaultLabel: 'orders (default)',
      },
      { kind: 'text', attr: 'shop-url', label: 'Shop page (“Go to the shop”)', placeholder: '/' },
    ],
  },
  {
    tag: 'inlay-cart',
    what: 'Cart button and drawer',
    checked: true,
    options: [
      { kind: 'boolean', attr: 'open', label: 'open: show the drawer at once' },
      { kind: 'text', attr: 'thank-you-url', label: 'Thank-you page URL', placeholder: 'this page' },
    ],
  },
  {
    tag: 'inlay-add-to-cart',
    what: 'Add-to-cart button',
    checked: true,
    options: [
      product(),
      variant,
      { kind: 'number', attr: 'quantity', label: 'Quantity', min: 1, max: 9999, placeholder: '1' },
      { kind: 'boolean', attr: 'no-open', label: 'no-open: don’t open the cart after adding' },
    ],
  },
  { tag: 'inlay-rating', what: 'Compact stars for product cards', options: [product()] },
  {
    tag: 'inlay-reviews',
    what: 'Reviews list and form',
    options: [
      product(),
      { kind: 'number', attr: 'page-size', label: 'Reviews per page', min: 1, max: 100, placeholder: '5' },
      { kind: 'boolean', attr: 'no-form', label: 'no-form: hide “Write a review”' },
    ],
  },
  {
    tag: 'inlay-back-in-stock',
    what: 'Back-in-stock email button',
    options: [product(), variant, { kind: 'boolean', attr: 'always', label: 'always: show it while in stock too' }],
  },
  {
    tag: 'inlay-recommendations',
    what: 'Recommendations carousel',
    options: [
      { kind: 'product', attr: 'product-id', label: 'Related to product', optional: 'None (site-wide)' },
      {
        kind: 'enum',
        attr: 'algorithm',
        label: 'Algorithm',
        values: ['related', 'bought-together', 'best-sellers'],
        defaultLabel: 'default for the product',
      },
      { kind: 'number', attr: 'limit', label: 'How many products', min: 1, max: 24, placeholder: '8' },
    ],
  },
];

interface Token {
  name: string;
  label: string;
  kind: 'color' | 'px' | 'choice';
  /** Light default (colours as #rrggbb, sizes in px), read from core/theme.ts. */
  def: string;
  choices?: { label: string; value: string }[];
}

/** The light defaults of every public token, read from the base stylesheet so they cannot drift from it. */
export function tokenDefaults(css = baseCss): Map<string, string> {
  const light = css.slice(css.indexOf(':host{'), css.indexOf('@media'));
  const out = new Map<string, string>();
  for (const m of light.matchAll(/var\((--inlay-[a-z-]+),(.*?)\)[;\n]/g)) {
    let v = m[2]!.trim();
    // colour pickers speak #rrggbb only
    if (/^#[0-9a-f]{3}$/i.test(v)) v = '#' + [...v.slice(1)].map((c) => c + c).join('');
    out.set(m[1]!, v.toLowerCase());
  }
  return out;
}

const LABELS: Record<string, string> = {
  '--inlay-color-text': 'Text colour',
  '--inlay-color-bg': 'Background colour',
  '--inlay-color-muted': 'Muted text colour',
  '--inlay-color-border': 'Border colour',
  '--inlay-color-accent': 'Accent colour (buttons)',
  '--inlay-color-accent-text': 'Text on accent',
  '--inlay-color-danger': 'Error colour',
  '--inlay-color-star': 'Star colour',
  '--inlay-radius': 'Corner radius (px)',
  '--inlay-space': 'Spacing unit (px)',
  '--inlay-font': 'Font',
  '--inlay-shadow': 'Shadow',
};

function tokens(): Token[] {
  const defaults = tokenDefaults();
  return [...defaults].map(([name, def]): Token => {
    const label = LABELS[name] ?? name;
    if (name === '--inlay-font')
      return {
        name,
        label,
        kind: 'choice',
        def: '',
        choices: [
          { label: 'Default (the page’s font)', value: '' },
          { label: 'Serif (Georgia)', value: 'Georgia, "Times New Roman", serif' },
          { label: 'Rounded sans', value: '"Trebuchet MS", Verdana, sans-serif' },
          { label: 'Monospace', value: 'ui-monospace, Menlo, Consolas, monospace' },
        ],
      };
    if (name === '--inlay-shadow')
      return {
        name,
        label,
        kind: 'choice',
        def: '',
        choices: [
          { label: 'Default', value: '' },
          { label: 'None', value: 'none' },
          { label: 'Soft', value: '0 2px 8px rgb(0 0 0 / .12)' },
          { label: 'Strong', value: '0 12px 40px rgb(0 0 0 / .3)' },
        ],
      };
    if (/^#[0-9a-f]{6}$/.test(def)) return { name, label, kind: 'color', def };
    return { name, label, kind: 'px', def: String(parseFloat(def)) };
  });
}

const id = (tag: string, attr: string) => `opt-${tag}-${attr}`;
const soldOut = (p: Product) => p.stock?.inventoryStatus === 'OUT_OF_STOCK' || p.stock?.inStock === false;
const variantLabel = (v: NonNullable<Product['variants']>[number]) => Object.values(v.choices).join(' / ');

function optionControl(tag: string, o: Option, products: Product[]): Raw {
  const i = id(tag, o.attr);
  const data = html`data-tag="${tag}" data-attr="${o.attr}"`;
  switch (o.kind) {
    case 'boolean':
      return html`<div class="field check"><input type="checkbox" id="${i}" ${data} data-kind="boolean"><label for="${i}">${o.label}</label></div>`;
    case 'enum':
      return html`<div class="field"><label for="${i}">${o.label} <code>${o.attr}</code></label><select id="${i}" ${data}>
<option value="">${o.defaultLabel}</option>${o.values.map((v) => html`<option value="${v}">${v}</option>`)}</select></div>`;
    case 'number':
      return html`<div class="field"><label for="${i}">${o.label} <code>${o.attr}</code></label><input type="number" id="${i}" ${data} min="${o.min}" max="${o.max}" step="1" placeholder="${o.placeholder}" inputmode="numeric"></div>`;
    case 'text':
      return html`<div class="field"><label for="${i}">${o.label} <code>${o.attr}</code></label><input type="text" id="${i}" ${data} placeholder="${o.placeholder}" autocomplete="off"></div>`;
    case 'product':
      return html`<div class="field"><label for="${i}">${o.label} <code>${o.attr}</code></label><select id="${i}" ${data} data-kind="product">
${o.optional ? html`<option value="">${o.optional}</option>` : ''}${products.map((p) => html`<option value="${p.id}">${p.name}${soldOut(p) ? ' (sold out)' : ''}</option>`)}</select></div>`;
    case 'variant':
      // filled by snippet.js from the chosen product's variants (the first one in stock is preselected)
      return html`<div class="field"><label for="${i}">${o.label} <code>${o.attr}</code></label><select id="${i}" ${data} data-variant-of="${id(tag, 'product-id')}"><option value="">None</option></select></div>`;
  }
}

function tokenControl(t: Token): Raw {
  const i = `tok${t.name.slice('--inlay'.length)}`;
  const data = html`data-token="${t.name}" data-default="${t.def}"`;
  const label = html`<label for="${i}">${t.label} <code>${t.name}</code></label>`;
  if (t.kind === 'color')
    return html`<div class="field token">${label}<input type="color" id="${i}" ${data} value="${t.def}"></div>`;
  if (t.kind === 'px')
    return html`<div class="field token">${label}<input type="number" id="${i}" ${data} data-unit="px" value="${t.def}" min="0" max="48" step="1" inputmode="numeric"></div>`;
  return html`<div class="field token">${label}<select id="${i}" ${data}>${(t.choices ?? []).map((c) => html`<option value="${c.value}">${c.label}</option>`)}</select></div>`;
}

/** Pinned (default) or latest; only latest, and why, when the version's integrity.json could not be read. */
function versionChoice(pin: Pinning): Raw {
  const latest = (checked: boolean) =>
    html`<div class="field check"><input type="radio" name="version" id="version-latest" value="latest" ${checked ? 'checked' : ''} aria-describedby="version-hint"><label for="version-latest">Latest: the moving URL, updated by every release</label></div>`;
  if ('unavailable' in pin) {
    return html`<fieldset class="radios"><legend>Version</legend>
${latest(true)}
<p class="hint" id="version-hint">Pinning to ${pin.version} is not offered: ${pin.unavailable}. The snippet uses the moving URL.</p>
</fieldset>`;
  }
  return html`<fieldset class="radios"><legend>Version</legend>
<div class="field check"><input type="radio" name="version" id="version-pinned" value="pinned" checked aria-describedby="version-hint" data-version="${pin.version}" data-integrity-loader="${pin.loader}" data-integrity-inlay="${pin.inlay}"><label for="version-pinned">Pinned to <code>${pin.version}</code>, with Subresource Integrity (recommended)</label></div>
${latest(false)}
<p class="hint" id="version-hint">Pinned: the tag names <code>${pin.version}/</code> under the bundle URL and carries <code>integrity</code> and <code>crossorigin</code>; the browser runs the file only if its bytes are exactly this release’s.</p>
</fieldset>`;
}

/**
 * Which origins may call the platform for the client id, and how to add one: a page on any other origin gets no
 * CORS answer, so every widget request fails there.
 */
function originsHint(ctx: PageContext): Raw {
  const real = html`On the real platform, add your site's origin (scheme, host and port) to the allowed URLs of the OAuth app whose client id you use.`;
  if (!ctx.allowedOrigins?.length) return html`<p class="hint" id="origins-hint">${real}</p>`;
  return html`<p class="hint" id="origins-hint">Pages may call this emulator as <code>${ctx.clientId}</code> only from ${ctx.allowedOrigins.map((o, i) => html`${i ? ', ' : ''}<code>${o}</code>`)}. To embed the widgets on another site, add its origin: <code>INLAY_DEMO_ORIGINS=https://shop.example npm start</code> (it adds to these; comma-separate several). ${real}</p>`;
}

export function snippetPage(ctx: PageContext, products: Product[], pin: Pinning): Raw {
  // product → variants [id, label, in stock], for the variant lists
  const catalog = JSON.stringify(
    Object.fromEntries(
      products.map((p) => [
        p.id,
        (p.variants?.length ?? 0) > 1
          ? p.variants!.map((v) => [v.id, variantLabel(v), v.stock?.inStock !== false])
          : [],
      ]),
    ),
  );
  return layout(
    ctx,
    'Get the snippet · Fernwood Supply Co.',
    html`<section class="wrap snippet-page" aria-labelledby="snippet-title">
<h1 id="snippet-title">Get the snippet</h1>
<p class="lead">Pick widgets and their options, point the loader at your platform, tweak the theme, and copy one snippet
into any page. The preview shows the real widgets with your choices.</p>
<div class="snippet-grid">
<form id="snippet-form" class="snippet-form" aria-label="Snippet options" data-catalog="${catalog}">
<fieldset class="group">
<legend>Widgets</legend>
${WIDGETS.map(
  (w) => html`<div class="widget-choice">
<div class="field check"><input type="checkbox" id="w-${w.tag}" data-widget="${w.tag}" ${w.checked ? 'checked' : ''}><label for="w-${w.tag}"><code>&lt;${w.tag}&gt;</code> ${w.what}</label></div>
<fieldset class="attrs" data-options-of="${w.tag}" ${w.checked ? '' : 'disabled'}><legend class="visually-hidden">Options for ${w.tag}</legend>
${w.options.map((o) => optionControl(w.tag, o, products))}
</fieldset>
</div>`,
)}
</fieldset>
<fieldset class="group">
<legend>Loader</legend>
<fieldset class="radios"><legend>Script</legend>
<div class="field check"><input type="radio" name="script" id="script-module" value="module" checked><label for="script-module"><code>loader.js</code> (module, loads each widget on demand)</label></div>
<div class="field check"><input type="radio" name="script" id="script-classic" value="classic"><label for="script-classic"><code>inlay.js</code> (classic script, for hosts without modules)</label></div>
</fieldset>
${versionChoice(pin)}
<div class="field"><label for="cfg-assets">Bundle URL (where <code>loader.js</code> is served)</label><input type="url" id="cfg-assets" data-config="assets" value="${ctx.assetsBase}" autocomplete="off"></div>
<div class="field"><label for="cfg-client-id">OAuth client id <code>data-client-id</code></label><input type="text" id="cfg-client-id" data-config="client-id" value="${ctx.clientId}" required autocomplete="off" aria-describedby="origins-hint"></div>
${originsHint(ctx)}
<div class="field"><label for="cfg-api-base">Platform API base <code>data-api-base</code></label><input type="url" id="cfg-api-base" data-config="api-base" value="${ctx.apiBase}" placeholder="${DEFAULT_API_BASE}" aria-describedby="cfg-api-base-hint" autocomplete="off">
<p class="hint" id="cfg-api-base-hint">Empty means the real platform, ${DEFAULT_API_BASE}.</p></div>
<div class="field"><label for="cfg-locale">Language <code>data-locale</code></label><select id="cfg-locale" data-config="locale">
<option value="">Page language (default)</option><option value="en">English (en)</option><option value="fr">French (fr)</option></select></div>
<div class="field"><label for="cfg-token-storage">Token storage <code>data-token-storage</code></label><select id="cfg-token-storage" data-config="token-storage">
<option value="">local (default)</option><option value="session">session</option><option value="memory">memory</option></select></div>
<div class="field"><label for="cfg-companion">Site companion <code>data-companion</code></label><input type="text" id="cfg-companion" data-config="companion" data-check="companion" placeholder="/api/inlay" aria-describedby="cfg-companion-hint cfg-companion-err" autocomplete="off" spellcheck="false">
<p class="hint" id="cfg-companion-hint">Your own server for what a browser may not do on the platform: visitor reviews with photos, owner moderation, back-in-stock status and “Stop notifying me”. A path on your site (<code>/api/inlay</code>) or an absolute http(s) URL. Empty: reviews need an account, no photos, no moderation, no stop.</p>
<p class="err" id="cfg-companion-err" role="alert" hidden></p></div>
<div class="field"><label for="cfg-redirect-uri">Sign-in return URL <code>data-redirect-uri</code></label><input type="text" id="cfg-redirect-uri" data-config="redirect-uri" data-check="redirect-uri" placeholder="/" aria-describedby="cfg-redirect-uri-hint cfg-redirect-uri-err" autocomplete="off" spellcheck="false">
<p class="hint" id="cfg-redirect-uri-hint">Where the hosted sign-in returns, registered exactly on your OAuth app’s allowed redirect URIs: a path on your site or an absolute http(s) URL, no <code>#</code>. Empty: your site’s origin + <code>/</code>.</p>
<p class="err" id="cfg-redirect-uri-err" role="alert" hidden></p></div>
<p class="hint">The preview runs on this page’s own loader: language, token storage, the companion and the return URL apply where you paste the snippet.</p>
</fieldset>
<fieldset class="group">
<legend>Theme</legend>
<p class="hint">Defaults shown are the light ones; a token you set applies in dark mode too. Only changed tokens go into the snippet.</p>
<div class="tokens">${tokens().map(tokenControl)}</div>
<button type="button" id="snippet-reset-theme" class="secondary">Reset theme</button>
</fieldset>
</form>
<div class="snippet-out">
<h2 id="snippet-code-title">Your snippet</h2>
<pre class="snippet-code" role="region" tabindex="0" aria-labelledby="snippet-code-title"><code id="snippet-code"></code></pre>
<p class="copy-row"><button type="button" id="snippet-copy" class="copy-button">Copy snippet</button>
<span id="snippet-status" role="status" aria-live="polite"></span></p>
<h2 id="snippet-preview-title">Live preview</h2>
<div id="snippet-preview" class="snippet-preview" role="region" aria-labelledby="snippet-preview-title"></div>
</div>
</div>
</section>
<script type="module" src="${assetHref('/snippet.js')}"></script>`,
    {
      description: 'Build the Inlay snippet for your site: widgets, options, loader settings and theme.',
      head: html`<link rel="stylesheet" href="${assetHref('/snippet.css')}">`,
    },
  );
}
