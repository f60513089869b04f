import { bonesCss, errCss } from '../../../ui/styles.ts';

/** The abandoned checkouts section's sheet (loads with its chunk). */
export const abandonedCss = `
.ab,.ab .detail{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.head{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
h3{margin:0;font-size:18px}h4{margin:0;font-size:15px}p{margin:0}
.muted{color:var(--_muted);font-size:14px}.strong{font-weight:600;color:var(--_text)}
.ok{color:var(--_accent);font-weight:600}
${errCss}
.note{padding:calc(var(--_space)*1.5);border:1px solid var(--_border);border-inline-start:4px solid var(--_danger);
border-radius:var(--_radius)}
.empty{border:1px dashed var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*5) calc(var(--_space)*2);
text-align:center;color:var(--_muted)}
${bonesCss(96)}
.filter{display:inline-flex;align-items:center;gap:8px;font-weight:600}
select{font:inherit;min-height:44px;padding:6px 8px;color:var(--_text);background:var(--_bg);border:1px solid var(--_border);
border-radius:calc(var(--_radius) - 2px)}
.actions,.top{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.meta{display:flex;flex-wrap:wrap;align-items:center;gap:2px 16px}
.who{overflow-wrap:anywhere}
.badge{font-size:13px;font-weight:600;padding:2px 8px;border-radius:999px;border:1px solid var(--_border)}
.btn{cursor:pointer;min-height:44px;padding:8px 16px;border-radius:calc(var(--_radius) - 2px);font-weight:600;
border:1px solid var(--_border);background:var(--_bg);color:var(--_text)}
.primary{border-color:var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.btn:disabled,.link:disabled{opacity:.5;cursor:not-allowed}[aria-busy=true]{cursor:progress;opacity:.75}
.confirm{display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*2);border:1px solid var(--_accent);
border-radius:var(--_radius)}
.confirm p{font-weight:600;overflow-wrap:anywhere}.confirm p:focus{outline:none}
.ab .list,.ab .lines{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.ab .lines{gap:4px}.ab .lines li{display:flex;justify-content:space-between;gap:8px;overflow-wrap:anywhere}
.card{border:1px solid var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*2);display:flex;
flex-direction:column;gap:8px;background:var(--_bg)}
.ab .detail{border-top:1px solid var(--_border);padding-top:calc(var(--_space)*1.5);gap:8px}
`;
