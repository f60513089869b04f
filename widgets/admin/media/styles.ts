import { bonesCss, buttonCss, errCss, linkCss } from '../../../ui/styles.ts';

/** The media section's sheet (loads with its chunk). */
export const mediaCss = `
.md{display:flex;flex-direction:column;gap:calc(var(--_space)*1.5);border:2px dashed transparent;border-radius:var(--_radius)}
.md.over{border-color:var(--_accent)}
.head,.bar,.tools,.sel,.row,.seg{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.head,.bar{justify-content:space-between}
h3{margin:0;font-size:18px}p{margin:0}
.muted{color:var(--_muted);font-size:14px}.strong{font-weight:600}.ok{color:var(--_accent);font-weight:600}
${errCss}${linkCss}${buttonCss}
${bonesCss(120)}
.empty{border:1px dashed var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*5) calc(var(--_space)*2);
text-align:center;color:var(--_muted)}
.seg .btn[aria-pressed=true]{border-color:var(--_accent);box-shadow:inset 0 -3px 0 var(--_accent)}
input:not([type=checkbox]):not([type=file]),select{font:inherit;min-height:44px;padding:6px 10px;color:var(--_text);
background:var(--_bg);border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);min-width:0;flex:1 1 160px}
.row{flex:1 1 260px}
.check{display:inline-flex;align-items:center;gap:8px;min-height:44px}.check input{width:20px;height:20px}
.crumbs{display:flex;flex-wrap:wrap;gap:4px 0;overflow-wrap:anywhere}
.crumbs li+li::before{content:"/";padding:0 8px;color:var(--_muted)}
.name{overflow:hidden;overflow-wrap:anywhere;min-width:0;display:-webkit-box;-webkit-line-clamp:2;
-webkit-box-orient:vertical;text-align:match-parent}
.crumbs,.grid,.list{list-style:none;margin:0;padding:0}.grid,.list{display:grid;gap:12px}
.grid{grid-template-columns:repeat(auto-fill,minmax(100px,1fr))}
.cell{position:relative;display:flex;flex-direction:column;gap:6px;padding:8px;border:1px solid var(--_border);
border-radius:var(--_radius);background:var(--_bg);cursor:pointer;min-width:0}
.cell:focus-visible{outline:3px solid var(--_accent);outline-offset:2px}
.cell[aria-selected=true]{border-color:var(--_accent);box-shadow:0 0 0 2px var(--_accent)}
.cell img,.mark{width:100%;aspect-ratio:1;object-fit:cover;border-radius:calc(var(--_radius) - 2px);background:var(--_border);
display:block}
.dir .mark{position:relative;aspect-ratio:4/3;margin-top:10px;border-start-start-radius:0}
.dir .mark::before{content:"";position:absolute;bottom:100%;inset-inline-start:0;width:42%;height:10px;
border-radius:6px 6px 0 0;background:inherit}
.tick{z-index:1;position:absolute;inset-block-start:12px;inset-inline-start:12px;width:24px;height:24px;border-radius:50%;
border:2px solid var(--_accent);background:var(--_bg)}
[aria-selected=true]>.tick{background:var(--_accent);box-shadow:inset 0 0 0 4px var(--_bg)}
.list{gap:0}.list .cell{flex-direction:row;align-items:center;border-radius:0;border-width:0 0 1px;padding:8px;
padding-inline:44px 8px}
.list .cell img,.list .mark{width:44px;flex:none}.list .tick{inset-block-start:auto}.list .name{flex:1}
.badge{font-size:12px;font-weight:600;padding:2px 8px;border-radius:999px;border:1px solid var(--_border);align-self:flex-start}
.PENDING{border-color:#b45309;color:#b45309}.FAILED{border-color:var(--_danger);color:var(--_danger)}
.confirm{width:100%;display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*2);border:1px solid var(--_danger);
border-radius:var(--_radius)}.confirm .actions{display:flex;gap:8px;flex-wrap:wrap}
`;
