import { bonesCss, errCss } from '../../../../ui/styles.ts';

/** Settings › Discounts: its sheet (loads with its chunk). Cards below 700 px, the facts in four columns above. */
export const discountsCss = `
.dr{display:flex;flex-direction:column;gap:calc(var(--_space)*2);container:dr/inline-size}
.head,.top,.actions,.row{display:flex;flex-wrap:wrap;align-items:center;gap:8px}.head,.top{justify-content:space-between}
h3{margin:0;font-size:18px}h4{margin:0;font-size:16px;overflow-wrap:anywhere}p{margin:0}
.muted{color:var(--_muted);font-size:14px}.strong{font-weight:600}.ok{color:var(--_accent);font-weight:600}
${errCss}
.empty{border:1px dashed var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*4) calc(var(--_space)*2);
text-align:center;color:var(--_muted)}
${bonesCss(120)}
.list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.card{border:1px solid var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*2);display:flex;
flex-direction:column;gap:10px;background:var(--_bg);min-width:0}
.facts{display:grid;grid-template-columns:1fr 1fr;gap:8px 16px;margin:0}.facts dt{color:var(--_muted);font-size:13px}
.facts dd{margin:0;font-weight:600;overflow-wrap:anywhere}
@container dr (min-width:700px){.facts{grid-template-columns:repeat(4,minmax(0,1fr))}}
.badge{font-size:13px;font-weight:600;padding:2px 10px;border-radius:999px;border:1px solid var(--_border)}
.s-LIVE{background:color-mix(in srgb,var(--_accent) 16%,var(--_bg));border-color:var(--_accent);color:var(--_text)}
.s-PENDING{background:color-mix(in srgb,#d9a400 22%,var(--_bg));border-color:#b58900}
.s-EXPIRED,.s-off{color:var(--_muted)}
.btn{cursor:pointer;min-height:44px;padding:8px 16px;border-radius:calc(var(--_radius) - 2px);font:inherit;font-weight:600;
border:1px solid var(--_border);background:var(--_bg);color:var(--_text)}
.primary{border-color:var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.danger{border-color:var(--_danger);color:var(--_danger)}
.btn:focus-visible,input:focus-visible,select:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
[aria-busy=true]{cursor:progress;opacity:.75}
.confirm{display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*2);border:1px solid var(--_accent);
border-radius:var(--_radius)}.confirm p:focus{outline:none}
form,fieldset{display:flex;flex-direction:column;gap:12px;min-width:0}fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;padding:0;margin-bottom:4px}
.field{display:flex;flex-direction:column;gap:4px;font-weight:600}.row .field{flex:1 1 200px}.field .muted{font-weight:400}
input,select{font:inherit;font-weight:400;min-height:44px;padding:6px 10px;color:var(--_text);background:var(--_bg);
border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);box-sizing:border-box;max-width:100%}
.choice,.picks{flex-direction:row;flex-wrap:wrap;gap:4px 16px}
.opt{display:inline-flex;align-items:center;gap:8px;min-height:44px}.opt input{min-height:auto;width:20px;height:20px}
.picks{max-height:260px;overflow:auto}
.sample{flex-direction:row;flex-wrap:wrap;align-items:flex-end}
.qty{display:flex;align-items:center;gap:8px;flex:1 1 220px}.qty .grow{flex:1}.qty input{width:72px}
.lines{width:100%;border-collapse:collapse;font-size:14px}
.lines th,.lines td{text-align:start;padding:8px 6px;border-bottom:1px solid var(--_border);vertical-align:top}
.lines td{text-align:end;white-space:nowrap}.lines thead th{color:var(--_muted);font-weight:600}
.lines thead th:not(:first-child){text-align:end}.lines .hit td:last-child{color:var(--_accent);font-weight:600}
.lines .rule{display:block;font-weight:400}
.sum{display:flex;justify-content:space-between;gap:8px;padding:4px 6px}
`;
