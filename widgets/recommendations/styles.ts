/**
 * The chevron points right: "previous" turns it round, and a right-to-left page turns both.
 * One button style in the row: adding, choosing options and sold out share the shape, size and type.
 * The cards' nested widgets keep their size before they upgrade (`.card inlay-rating`, `.card inlay-add-to-cart`): the
 * page's reserve CSS cannot reach into this shadow root.
 */
export const recommendationsCss = `
:host{display:block;width:100%;min-height:412px}
:host([hidden]){display:none}
section{position:relative}
.head{display:flex;align-items:center;gap:16px;min-height:44px;margin-bottom:10px}
::slotted(*){margin:0!important;min-width:0}
.nav{display:flex;gap:8px;margin-inline-start:auto}
.nav[hidden]{display:none}
.nav button{display:grid;place-items:center;width:44px;height:44px;padding:0;border-radius:50%;border:1px solid var(--_border);
background:var(--_bg);color:var(--_text);cursor:pointer}
.nav button:disabled{opacity:.35;cursor:default}
[part=prev] svg,.nav svg:dir(rtl){transform:scaleX(-1)}
[part=prev] svg:dir(rtl){transform:none}
.track{margin:0;padding:4px 2px 12px;display:grid;grid-auto-flow:column;grid-auto-columns:minmax(180px,calc((100% - 3*16px)/4));
gap:16px;overflow-x:auto;scroll-snap-type:x mandatory;scroll-padding:2px;overscroll-behavior-x:contain;scrollbar-width:thin}
.card{position:relative;scroll-snap-align:start;display:flex;flex-direction:column;gap:6px;min-height:290px}
.card-link{display:flex;flex-direction:column;gap:8px;color:inherit;text-decoration:none;border-radius:var(--_radius)}
.media{display:block;aspect-ratio:1;border:1px solid var(--_border);border-radius:var(--_radius);overflow:hidden;background:var(--_bg)}
.media img{display:block;width:100%;height:100%;object-fit:cover}
.name{font-weight:600;line-height:1.45;height:2.9em;overflow:hidden;overflow-wrap:anywhere;display:-webkit-box;
-webkit-box-orient:vertical;-webkit-line-clamp:2;text-align:match-parent}
.card-link:hover .name{text-decoration:underline}
.price{margin:0;font-weight:600}
.card inlay-rating{min-height:20.88px}
.card inlay-add-to-cart{display:block;height:44px;margin-top:auto}
.card inlay-add-to-cart::part(button),.choose{display:flex;align-items:center;justify-content:center;width:100%;height:44px;
padding:0 8px;border:1px solid var(--_accent);border-radius:calc(var(--_radius) - 2px);background:none;color:var(--_accent);
font-size:14.4px;font-weight:600;white-space:nowrap;text-decoration:none}
.card inlay-add-to-cart::part(button):hover,.choose:hover{background:var(--_accent);color:var(--_accent-text)}
.card inlay-add-to-cart::part(button):disabled{border-color:var(--_border);background:none;color:var(--_muted)}
.choose{margin-top:auto}
.choose:focus-visible,.card-link:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
.price s{margin-inline-start:6px;color:var(--_muted);font-weight:400}
@media (max-width:600px){.track{grid-auto-columns:minmax(150px,46%)}}
@media (prefers-reduced-motion:reduce){.track{scroll-behavior:auto}}
`;
