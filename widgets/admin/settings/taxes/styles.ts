import { bonesCss, errCss } from '../../../../ui/styles.ts';

/** Settings › Taxes' sheet (loads with its chunk). */
export const taxesCss = `
.tx,.tx section{display:flex;flex-direction:column;gap:calc(var(--_space)*1.5)}
.tx{gap:calc(var(--_space)*3);container-type:inline-size}
.head{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
h3{margin:0;font-size:18px}h4{margin:0;font-size:16px}p{margin:0}
.muted{color:var(--_muted);font-size:14px}.strong{font-weight:600;color:var(--_text)}
${errCss}
.empty{border:1px dashed var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*3) calc(var(--_space)*2);
text-align:center;color:var(--_muted)}
${bonesCss(56)}
.list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;border:1px solid var(--_border);
border-radius:var(--_radius);background:var(--_bg)}
.list>li{display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*1.5) calc(var(--_space)*2)}
.list>li+li{border-top:1px solid var(--_border)}
.row{display:flex;flex-wrap:wrap;align-items:center;gap:4px 16px}
@container (min-width:560px){.row.r{display:grid;grid-template-columns:minmax(0,1fr) 6em 14em}.row.r .actions{justify-content:flex-end}}
.place{flex:1 1 12em;font-weight:600;overflow-wrap:anywhere}.place small{display:block;font-weight:400;color:var(--_muted)}
.pct{font-variant-numeric:tabular-nums;font-weight:600;min-width:5em}
.badge{font-size:13px;font-weight:600;padding:2px 8px;border-radius:999px;border:1px solid var(--_border);color:var(--_muted)}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.btn{cursor:pointer;min-height:44px;padding:8px 16px;border-radius:calc(var(--_radius) - 2px);font:inherit;font-weight:600;
border:1px solid var(--_border);background:var(--_bg);color:var(--_text)}
.primary{border-color:var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.danger{border-color:var(--_danger);color:var(--_danger)}
.btn:disabled{opacity:.5;cursor:not-allowed}[aria-busy=true]{cursor:progress;opacity:.75}
form{display:flex;flex-direction:column;gap:12px}
.fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(11em,1fr));gap:12px}
label{display:flex;flex-direction:column;gap:4px;font-weight:600;font-size:14px}
label.check{flex-direction:row;align-items:center;gap:8px;min-height:44px}
input,select{font:inherit;min-height:44px;padding:6px 8px;color:var(--_text);background:var(--_bg);border:1px solid var(--_border);
border-radius:calc(var(--_radius) - 2px);box-sizing:border-box;max-width:100%}
input[type=checkbox]{min-height:0;width:20px;height:20px}
.hint{font-weight:400;color:var(--_muted);font-size:13px}
.edit{padding:calc(var(--_space)*1.5);border:1px solid var(--_border);border-radius:var(--_radius)}
.confirm{display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*2);border:1px solid var(--_accent);
border-radius:var(--_radius)}
.confirm p{font-weight:600;overflow-wrap:anywhere}.confirm p:focus{outline:none}
.own{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
.own li{display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px}
`;
