import { bonesCss, buttonCss, confirmCss, errCss, linkCss } from '../../../ui/styles.ts';

/**
 * The members section's sheet (loads with its chunk): a table at ≥ 900 px, each row a card below it (its cells then
 * say what they are, `data-l`); statuses as coloured badges whose words carry the meaning (the colour is a border and
 * a dot, the text keeps the page's contrast).
 */
export const membersCss = `
.mm,.col{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
h3{margin:0;font-size:18px}h4{margin:0;font-size:16px}p{margin:0}h3:focus,.confirm p:focus{outline:none}
.muted{color:var(--_muted);font-size:14px}.strong{font-weight:600}.ok{color:var(--_accent);font-weight:600}
${errCss}${linkCss}${buttonCss}${confirmCss}${bonesCss(56)}
.link{font:inherit;font-weight:600;text-align:start;padding-inline:0}
.nm{max-width:32ch;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;text-align:match-parent}
.empty{border:1px dashed var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*5) calc(var(--_space)*2);
text-align:center;color:var(--_muted)}
.row,.actions{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:0}
[aria-pressed=true]{border-color:var(--_accent);box-shadow:inset 0 -3px 0 var(--_accent)}
.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:8px 12px}.wide{grid-column:1/-1}
label{display:flex;flex-direction:column;gap:4px;font-size:14px;font-weight:600;min-width:0}
input,select{font:inherit;font-weight:400;color:inherit;background:var(--_bg);border:1px solid var(--_border);
border-radius:calc(var(--_radius) - 2px);padding:8px;min-height:44px;min-width:0;box-sizing:border-box}
[aria-invalid=true]{border-color:var(--_danger)}
.chips{list-style:none;padding:0}
.chip{font:inherit;font-size:14px;min-height:36px;padding:4px 12px;border-radius:999px;border:1px solid var(--_border);
background:var(--_bg);color:var(--_text);cursor:pointer}
.badge{display:inline-flex;align-items:center;gap:6px;font-size:13px;font-weight:600;padding:2px 8px;border-radius:999px;
border:1px solid var(--_border);margin-inline-end:4px;white-space:nowrap}
.st-PENDING,.st-APPROVED,.st-BLOCKED{border-width:2px}.st-PENDING::before,.st-APPROVED::before,.st-BLOCKED::before{content:"";
width:8px;height:8px;border-radius:50%;background:currentColor}
.st-PENDING{border-color:var(--_star)}.st-PENDING::before{color:var(--_star)}
.st-APPROVED{border-color:var(--_accent)}.st-APPROVED::before{color:var(--_accent)}
.st-BLOCKED{border-color:var(--_danger)}.st-BLOCKED::before{color:var(--_danger)}
table{border-collapse:collapse;width:100%}
th{text-align:start;font-size:13px;color:var(--_muted);padding:8px;border-bottom:1px solid var(--_border)}
td{padding:8px;border-bottom:1px solid var(--_border);overflow-wrap:anywhere;vertical-align:middle}
.who{display:flex;align-items:center;gap:8px}
.av{flex:none;display:inline-grid;place-items:center;width:32px;height:32px;border-radius:50%;background:var(--_border);
font-weight:700}
@media (max-width:899px){thead{display:none}table,tbody,tr,td{display:block}
tr{border:1px solid var(--_border);border-radius:var(--_radius);padding:8px 12px;margin-bottom:8px}
td{border:0;padding:2px 0}td:empty{display:none}td[data-l]::before{content:attr(data-l) ": ";color:var(--_muted);font-size:13px}}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:12px}
.card{border:1px solid var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*2);display:flex;
flex-direction:column;gap:8px;min-width:0}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:var(--_muted);font-size:14px}
dd{margin:0;overflow-wrap:anywhere}
.lines{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
.lines li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px}
.card form{align-items:flex-end}
`;
