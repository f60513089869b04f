/**
 * The gallery's contact sheet (`npm run gallery`, scripts/gallery.ts): one HTML page, every state a row with its four
 * variants side by side. Plain string templates (demo/html.ts): every value is escaped, file names also URL-encoded.
 */
import { html, raw, toString, type Raw } from '../demo/html.ts';

export type Scheme = 'light' | 'dark';
/** The four variants of every state, in the sheet's column order. */
export const VARIANTS: readonly { width: 375 | 1280; scheme: Scheme }[] = [
  { width: 375, scheme: 'light' },
  { width: 375, scheme: 'dark' },
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
];

/** `<state>--<width>-<scheme>.png` */
export const shotName = (state: string, width: number, scheme: Scheme) => `${state}--${width}-${scheme}.png`;

export interface Shot {
  width: number;
  scheme: Scheme;
  /** The screenshot's file name (relative to the sheet), when it was taken. */
  file?: string;
  /** Its size in pixels (an element's shot is narrower than the viewport: shown to the same scale). */
  size?: { width: number; height: number };
  /** Why the state failed in this variant. */
  error?: string;
  /** What the page looked like when it failed. */
  failedFile?: string;
  /** Uncaught page errors seen while driving the state. */
  pageErrors?: string[];
  ms: number;
}

export interface StateResult {
  id: string;
  /** The widget or page it belongs to (a section of the sheet). */
  group: string;
  title: string;
  /** How it was reached. */
  caption: string;
  shots: Shot[];
}

const href = (file: string) => encodeURIComponent(file);

function cell(s: Shot): Raw {
  const label = `${s.width} px, ${s.scheme}`;
  if (s.error) {
    return html`<figure class="cell failed"><figcaption>${label}: <strong>failed</strong></figcaption>
<p class="error">${s.error}</p>
${s.failedFile ? html`<a href="${href(s.failedFile)}"><img src="${href(s.failedFile)}" alt="${`the page when it failed (${label})`}" loading="lazy"></a>` : ''}</figure>`;
  }
  // as wide as it is compared to the viewport (a 552 px element of a 1280 px page fills 43 % of its column)
  const scale = s.size ? `width: ${Math.min(100, (s.size.width / s.width) * 100).toFixed(2)}%` : '';
  return html`<figure class="cell"><figcaption>${label} <span class="ms">${(s.ms / 1000).toFixed(1)} s</span></figcaption>
${s.file ? html`<a href="${href(s.file)}"><img src="${href(s.file)}" alt="${label}" loading="lazy"${s.size ? html` width="${s.size.width}" height="${s.size.height}" style="${scale}"` : ''}></a>` : ''}
${s.pageErrors?.length ? html`<p class="error">Page errors: ${s.pageErrors.join(' | ')}</p>` : ''}</figure>`;
}

function row(r: StateResult): Raw {
  const failed = r.shots.some((s) => s.error);
  return html`<section class="state${failed ? ' has-failed' : ''}" id="${r.id}">
<h3><a href="#${r.id}">${r.title}</a> <code>${r.id}</code></h3>
<p class="caption">${r.caption}</p>
<div class="shots">${r.shots.map(cell)}</div>
</section>`;
}

/** A constant of this file (never data), so it goes in unescaped. */
const CSS = `
:root { color-scheme: light dark; font: 14px/1.45 system-ui, sans-serif; }
body { margin: 0 auto; padding: 16px 24px 48px; max-width: 2200px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { margin: 40px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #8886; }
h3 { font-size: 16px; margin: 24px 0 2px; }
h3 a { color: inherit; text-decoration: none; }
h3 code { font-size: 12px; opacity: .6; font-weight: normal; }
.caption, .summary { margin: 0 0 8px; opacity: .8; }
nav ul { columns: 4 220px; padding-left: 18px; }
.shots { display: grid; grid-template-columns: 1fr 1fr 1.8fr 1.8fr; gap: 12px; align-items: start; }
.cell { margin: 0; min-width: 0; }
.cell figcaption { font-size: 12px; opacity: .75; margin-bottom: 4px; }
.cell img { display: block; width: 100%; max-width: 100%; height: auto; border: 1px solid #8886; }
.ms { opacity: .6; }
.failed figcaption, .error { color: #c62828; }
.error { font-size: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.has-failed h3::after { content: " (failed)"; color: #c62828; font-size: 13px; }
@media (prefers-color-scheme: dark) { body { background: #15171a; color: #e8e8e8; } .failed figcaption, .error, .has-failed h3::after { color: #ff8a80; } }
`;

/** The whole contact sheet: a table of contents, then each group's states, four variants per row. */
export function contactSheet(input: { title: string; summary: string; states: StateResult[] }): string {
  const groups = [...new Set(input.states.map((s) => s.group))];
  return toString(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title}</title>
<style>${raw(CSS)}</style>
</head>
<body>
<header>
<h1>${input.title}</h1>
<p class="summary">${input.summary}</p>
<p class="summary">Columns: ${VARIANTS.map((v) => `${v.width} px ${v.scheme}`).join(' · ')}. Within a column every shot has the viewport's scale (the 375 px columns a larger one than the 1280 px ones); select a shot to open it at full size.</p>
</header>
<nav aria-label="States"><ul>${input.states.map((s) => html`<li><a href="#${s.id}">${s.group}: ${s.title}</a>${s.shots.some((x) => x.error) ? ' (failed)' : ''}</li>`)}</ul></nav>
<main>
${groups.map(
  (g) => html`<h2>${g}</h2>
${input.states.filter((s) => s.group === g).map(row)}`,
)}
</main>
</body>
</html>
`);
}
