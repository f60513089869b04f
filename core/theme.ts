/**
 * Base stylesheet adopted by every widget's shadow root. The public tokens (`--inlay-*`, set on any ancestor) feed
 * private ones (`--_*`) with light defaults, and dark defaults under `prefers-color-scheme: dark`; a site that sets a
 * token wins in both schemes. The font family is the page's (inherited) unless `--inlay-font` names one.
 * Inherited properties (font, size, colour) are set on :host with !important: a host rule
 * that matches the element itself (`* {font: inherit; color: …}`) would otherwise win over :host and leak in. Sizes
 * inside are px from that 16px base, never rem (the host's `html {font-size}` would leak in). `.skeleton` is the one
 * loading placeholder style (a shimmer, still under reduced motion). What a person types (inputs, text areas) reads in
 * its own direction, whatever the page's (`unicode-bidi: plaintext`: an English review typed on a right-to-left page
 * keeps its full stop at its end).
 */
export const baseCss = `
:host{
--_font:var(--inlay-font,inherit);
--_text:var(--inlay-color-text,#1d1d1f);--_bg:var(--inlay-color-bg,#fff);--_muted:var(--inlay-color-muted,#5f6368);
--_border:var(--inlay-color-border,#d7d7db);--_accent:var(--inlay-color-accent,#2f5d50);
--_accent-text:var(--inlay-color-accent-text,#fff);--_danger:var(--inlay-color-danger,#b3261e);
--_star:var(--inlay-color-star,#b26a00);--_radius:var(--inlay-radius,8px);--_space:var(--inlay-space,8px);
--_shadow:var(--inlay-shadow,0 6px 24px rgb(0 0 0/.14));
display:block;box-sizing:border-box;font:400 16px/1.45 serif!important;font-family:var(--_font)!important;color:var(--_text)!important;
letter-spacing:normal!important;text-transform:none!important;text-align:start!important;
white-space:normal;word-spacing:normal;text-indent:0;text-shadow:none;
}
@media (prefers-color-scheme:dark){:host{
--_text:var(--inlay-color-text,#ececf1);--_bg:var(--inlay-color-bg,#1e1f22);--_muted:var(--inlay-color-muted,#a8abb3);
--_border:var(--inlay-color-border,#3c3f45);--_accent:var(--inlay-color-accent,#8fc7b4);
--_accent-text:var(--inlay-color-accent-text,#10211b);--_danger:var(--inlay-color-danger,#ffb4ab);
--_star:var(--inlay-color-star,#f5b942);--_shadow:var(--inlay-shadow,0 6px 24px rgb(0 0 0/.5));
}}
:host([hidden]){display:none}
*,*::before,*::after{box-sizing:border-box}
button,input,select,textarea{font:inherit;color:inherit}
input,textarea{unicode-bidi:plaintext}
input[type=checkbox],input[type=radio]{accent-color:var(--_accent)}
:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
.inlay-alert{margin:0;padding:calc(var(--_space)*1.5);border:1px solid var(--_danger);border-radius:var(--_radius);
color:var(--_danger);background:var(--_bg);font-size:14.4px}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);
white-space:nowrap;border:0}
.skeleton{border-radius:var(--_radius);background:linear-gradient(90deg,var(--_border) 40%,transparent 50%,var(--_border) 60%) 100% 0/300% 100%;
opacity:.35;animation:inlay-shimmer 1.6s linear infinite}
@keyframes inlay-shimmer{to{background-position:0 0}}
@media (prefers-reduced-motion:reduce){.skeleton{animation:none}}
`;
