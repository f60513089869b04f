import { adoptSheet } from '../../core/element.ts';

/**
 * The review form's CSS: it loads with the form's chunk and is added to the widget's shadow root as one more
 * constructable stylesheet.
 */
export const formCss = `
.form{max-width:720px}
.field{display:flex;flex-direction:column;gap:4px}
[aria-invalid=true]{border-color:var(--_danger)}
fieldset{margin:0;padding:0;border:none;display:flex;flex-wrap:wrap;align-items:center}
legend{margin-bottom:4px;width:100%}
.stars-input label{position:relative;cursor:pointer;font-size:32px;line-height:1;color:transparent;-webkit-text-stroke:1.5px var(--_muted);padding:2px}
.stars-input label.on{color:var(--_star);-webkit-text-stroke-color:var(--_star)}
.stars-input input{position:absolute;opacity:0;width:1px;height:1px;min-height:0}
.stars-input input:focus-visible+span{outline:2px solid var(--_accent);outline-offset:2px;border-radius:4px}
.stars-input .err{width:100%}
.drop{position:relative}
.dz{display:flex;flex-direction:column;align-items:center;gap:2px;padding:calc(var(--_space)*2.5) var(--_space);border:2px dashed var(--_border);
border-radius:var(--_radius);text-align:center;font-weight:400;color:var(--_muted);cursor:pointer}
.dz svg{color:var(--_accent)}
.dzt{font-weight:600;font-size:16px;color:var(--_accent)}
.dz:hover,.over .dz{border-color:var(--_accent);background:color-mix(in srgb,var(--_accent) 6%,var(--_bg))}
.file:focus-visible+.dz{outline:2px solid var(--_accent);outline-offset:2px}
.file:disabled+.dz{cursor:not-allowed;opacity:.6}
.preview{position:relative}
canvas{display:block;width:96px;height:96px;border:1px solid var(--_border);background:color-mix(in srgb,var(--_border) 40%,var(--_bg))}
.bad canvas{border-color:var(--_danger)}
.signin{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--_space)}
.x{position:absolute;top:4px;inset-inline-end:4px;display:flex;align-items:center;justify-content:center;width:32px;min-height:32px;padding:0;
border:none;border-radius:50%;background:rgb(0 0 0/.65);color:#fff}

`;

/** Adds the form's sheet to the shadow root holding `node` (once). */
export const adoptFormCss = (node: Node | null | undefined): void => adoptSheet(node, formCss);
