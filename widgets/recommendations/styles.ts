export const recommendationsCss = `
:host{display:block;min-height:412px}
:host([hidden]){display:none}
section{position:relative}
.nav{display:flex;justify-content:flex-end;gap:8px;margin-bottom:10px}
.nav button{width:44px;height:44px;border-radius:50%;border:1px solid var(--_border);background:var(--_bg);color:var(--_text);
font-size:24px;line-height:1;cursor:pointer}
.nav button:disabled{opacity:.35;cursor:default}
.track{margin:0;padding:4px 2px 12px;display:grid;grid-auto-flow:column;grid-auto-columns:minmax(180px,calc((100% - 3*16px)/4));
gap:16px;overflow-x:auto;scroll-snap-type:x mandatory;scroll-padding:2px;overscroll-behavior-x:contain;scrollbar-width:thin}
.card{position:relative;scroll-snap-align:start;display:flex;flex-direction:column;gap:6px;min-height:290px}
.card-link{display:flex;flex-direction:column;gap:8px;color:inherit;text-decoration:none;border-radius:var(--_radius)}
.media{display:block;aspect-ratio:1;border:1px solid var(--_border);border-radius:var(--_radius);overflow:hidden;background:var(--_bg)}
.media img{display:block;width:100%;height:100%;object-fit:cover}
.name{font-weight:600}
.card-link:hover .name{text-decoration:underline}
.price{margin:0;font-weight:600}
/* nested widgets keep their size before they upgrade (the page's reserve CSS cannot reach into this shadow root) */
.card inlay-rating{min-height:20.88px}
.card inlay-add-to-cart{display:block;height:44px;margin-top:auto}
.card inlay-add-to-cart::part(button){width:100%;height:44px;padding-block:0}
.choose{margin-top:auto;box-sizing:border-box;height:44px}
.choose{display:flex;align-items:center;justify-content:center;padding:0 8px;white-space:nowrap;font-size:14.4px;border-radius:var(--_radius);
border:1px solid var(--_border);color:inherit;text-decoration:none;font-weight:600}
.choose:focus-visible,.card-link:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
.price s{margin-inline-start:6px;color:var(--_muted);font-weight:400}
.msg{padding:var(--_space);color:var(--_danger)}
.msg button{min-height:44px;padding:8px 14px;border-radius:var(--_radius);border:1px solid var(--_border);background:none;cursor:pointer}
@media (max-width:600px){.track{grid-auto-columns:minmax(150px,46%)}}
@media (prefers-reduced-motion:reduce){.track{scroll-behavior:auto}}
`;
