import { bonesCss, buttonCss, confirmCss, errCss, formCss } from '../../../../ui/styles.ts';

/** Settings › Shipping's sheet (loads with its chunk). */
export const shippingCss = `
.sh{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.head{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
h3{margin:0;font-size:18px}h4{margin:0;font-size:15px}p{margin:0}
.muted{color:var(--_muted);font-size:14px}.strong{font-weight:600;color:var(--_text)}.ok{color:var(--_accent);font-weight:600}
.ok:empty{display:none}
${errCss}${bonesCss(72)}${buttonCss}${formCss}${confirmCss}
.empty{border:1px dashed var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*4) calc(var(--_space)*2);
text-align:center;color:var(--_muted)}
.groups{display:grid;gap:calc(var(--_space)*2)}
@media (min-width:900px){.groups{grid-template-columns:repeat(auto-fill,minmax(380px,1fr))}}
.group,.label{display:flex;flex-direction:column;gap:8px;border:1px solid var(--_border);border-radius:var(--_radius);
padding:calc(var(--_space)*2)}
.list,.rates{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.rates{gap:2px;font-size:14px;font-variant-numeric:tabular-nums}
.card{display:flex;flex-direction:column;gap:8px;border-top:1px solid var(--_border);padding-top:8px}
.row{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}
.what{display:flex;flex-direction:column;gap:2px;min-width:0;overflow-wrap:anywhere}
.actions,.checks{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.checks{gap:8px 16px}
.editor{border:1px solid var(--_accent);border-radius:var(--_radius);padding:calc(var(--_space)*2)}
fieldset{border:0;padding:0;margin:0;display:flex;flex-direction:column;gap:8px;min-width:0}
legend{font-weight:600;padding:0;margin-bottom:4px}
.rate{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:8px;align-items:end;
border-inline-start:3px solid var(--_border);padding-inline-start:8px}
.err{color:var(--_danger);font-size:14px}
.dims{display:flex;gap:4px}.dims input{min-width:0}
.link{border:0;background:none;font-size:20px;min-width:44px;justify-self:start}
`;
