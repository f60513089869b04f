/**
 * The apps' shared sheets (the account, the owner's console): the failure line and its retry link, the loading bones,
 * the tabs (ui/frame-styles.ts, re-exported here), buttons, the base form, the confirm step and the order view. Each app
 * joins the ones it uses into its own sheet; a frame (what loads before its sections) imports ui/frame-styles.ts.
 */
export { bonesCss, errCss, linkCss, tabsCss } from './frame-styles.ts';

/** Buttons: `.btn`, `.primary`, `.danger`, `.wide`; busy ones show it. */
export const buttonCss = `.btn{cursor:pointer;min-height:44px;border-radius:calc(var(--_radius) - 2px);font-weight:600;text-decoration:none;
display:inline-flex;align-items:center;justify-content:center}
.btn{padding:8px 16px;border:1px solid var(--_border);background:var(--_bg);color:var(--_text)}
.primary{border-color:var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.danger{border-color:var(--_danger);color:var(--_danger)}
.wide{width:100%}
[aria-busy=true]{cursor:progress;opacity:.75}`;
/** The base form: stacked fields in a grid, labels, inputs at least 44 px high, invalid ones outlined, checkboxes. */
export const formCss = `form{display:flex;flex-direction:column;gap:8px}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:8px 12px}
.field{display:flex;flex-direction:column;gap:4px}.full{grid-column:1/-1}
label{font-weight:600;font-size:14.4px}
input:not([type=checkbox]),select,textarea{width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--_border);
border-radius:calc(var(--_radius) - 2px);background:var(--_bg)}
input[aria-invalid=true],select[aria-invalid=true],textarea[aria-invalid=true]{border-color:var(--_danger)}
.check{display:flex;gap:8px;align-items:center;font-weight:500}
.check input{width:20px;height:20px}`;
/** The confirm step's box. */
export const confirmCss = `.confirm{display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*2);
border:1px solid var(--_border);border-radius:var(--_radius)}`;
/** The order view (ui/order-view.tsx): lines with thumbnails, the totals, the addresses in columns. */
export const orderViewCss = `.lines{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.line{display:grid;grid-template-columns:64px minmax(0,1fr) auto;gap:12px;align-items:start}
.line img,.noimg{width:64px;height:64px;display:block;border-radius:calc(var(--_radius) - 2px);object-fit:cover;
background:var(--_border)}
.line .amt{font-variant-numeric:tabular-nums;font-weight:600;white-space:nowrap}
.totals{margin:0;display:flex;flex-direction:column;gap:4px;border-top:1px solid var(--_border);padding-top:12px}
.totals .row{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
.totals dd{margin:0;font-variant-numeric:tabular-nums}
.grand{font-weight:700;font-size:18px}
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:calc(var(--_space)*2)}
.addr{display:flex;flex-direction:column}`;
