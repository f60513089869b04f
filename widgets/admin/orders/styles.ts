import { bonesCss, errCss, linkCss, orderViewCss } from '../../../ui/styles.ts';

/** The orders section's sheet (loads with its chunk). */
export const ordersCss = `
.orders,.list-wrap,.detail{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
h3{margin:0;font-size:18px}h4{margin:0;font-size:16px}p{margin:0}
.muted{color:var(--_muted);font-size:14px}.strong{font-weight:600}
${errCss}
.empty{border:1px dashed var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*5) calc(var(--_space)*2);
text-align:center;color:var(--_muted)}
${bonesCss(64)}
.card{border:1px solid var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*2);display:flex;
flex-direction:column;gap:8px}
.head,.actions{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px}
.actions{justify-content:flex-start}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:8px;margin:0}
.figures dd{margin:0;font-size:20px;font-weight:700}.figures dt{color:var(--_muted);font-size:14px}
.figures .skeleton{display:block;height:24px;width:80px}
.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:8px 12px}
.wide{grid-column:1/-1}.fit select{align-self:flex-start}
label{display:flex;flex-direction:column;gap:4px;font-size:14px;font-weight:600;min-width:0}
.inline{flex-direction:row;align-items:center;gap:8px}
input,select,textarea{font:inherit;font-weight:400;color:inherit;background:var(--_bg);border:1px solid var(--_border);
border-radius:calc(var(--_radius) - 2px);padding:8px;min-height:44px;min-width:0;box-sizing:border-box}
[aria-invalid=true]{border-color:var(--_danger)}
.btn{cursor:pointer;min-height:44px;padding:8px 16px;border-radius:calc(var(--_radius) - 2px);font-weight:600;
border:1px solid var(--_border);background:var(--_bg);color:var(--_text)}
.primary{border-color:var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.btn:disabled,.x:disabled{opacity:.5;cursor:not-allowed}[aria-busy=true]{cursor:progress}
${linkCss}
.link{font:inherit;font-weight:600;align-self:flex-start;text-align:start}
.list,.timeline{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
li.row{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:2px 12px;align-items:center;padding:8px 12px;
border:1px solid var(--_border);border-radius:var(--_radius)}
.buyer{overflow-wrap:anywhere}.row .chips{grid-column:1/-1}
.chips{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0;padding:0}[aria-pressed=true]{font-weight:600;text-decoration:underline}
.chip{font-size:13px;padding:2px 8px;border-radius:999px;border:1px solid var(--_border)}.chip.request{font-weight:600;border-width:2px;border-color:var(--_danger)}
.req{display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*2);border:1px solid var(--_danger);border-inline-start-width:4px;border-radius:var(--_radius)}
.pm-head{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between;overflow-wrap:anywhere}
.timeline li{border-inline-start:3px solid var(--_border);padding-inline-start:10px}
.note{white-space:pre-wrap;overflow-wrap:anywhere}
h3:focus,.confirm p:focus{outline:none}
textarea{resize:vertical;min-height:64px}
.check{flex-direction:row;align-items:center;gap:8px;min-height:44px;cursor:pointer}
input[type=checkbox]{width:20px;height:20px;min-height:0;margin:0;accent-color:var(--_accent)}
.confirm,.noteform{display:flex;flex-direction:column;gap:8px}
.confirm{padding:calc(var(--_space)*2);border:1px solid var(--_accent);border-radius:var(--_radius)}
.pick{display:flex;align-items:center;gap:8px;min-width:0}.tag{border-style:dashed}
li.tag{display:flex;align-items:center;gap:2px;padding-inline-end:2px}
.x{min-width:28px;min-height:28px;padding:0;border:0;border-radius:50%;background:none;color:inherit;font:inherit;
font-size:18px;line-height:1;cursor:pointer}
${orderViewCss}
`;
