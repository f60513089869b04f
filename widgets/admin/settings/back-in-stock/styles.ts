import { bonesCss, buttonCss, confirmCss, errCss, linkCss } from '../../../../ui/styles.ts';

/**
 * Settings › Back in stock's sheet (loads with its chunk), every rule under `.bis`: the collecting card, and the
 * waiting items as a table from 560 px of the section's width, as cards below.
 */
export const bisCss = `
.bis{container:bis/inline-size;display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.bis h3{margin:0;font-size:18px}.bis h4{margin:0;font-size:15px}.bis p{margin:0}
.bis .muted{color:var(--_muted);font-size:14px}
.bis .card{border:1px solid var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*2);display:flex;
flex-direction:column;gap:10px;background:var(--_bg)}
.bis .state{display:flex;align-items:center;gap:8px;flex-wrap:wrap}
.bis .badge{font-size:13px;font-weight:700;padding:2px 10px;border-radius:999px;border:1px solid var(--_border)}
.bis .badge.on{border-color:var(--_accent);color:var(--_accent)}
.bis .actions{display:flex;flex-wrap:wrap;gap:8px}
.bis .ok{color:var(--_accent);font-weight:600}
.bis .empty{border:1px dashed var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*4) calc(var(--_space)*2);
text-align:center;color:var(--_muted)}
.bis table{width:100%;border-collapse:collapse}
.bis th{text-align:start;font-size:13px;color:var(--_muted);font-weight:600;padding:8px;border-bottom:1px solid var(--_border)}
.bis td{padding:10px 8px;border-bottom:1px solid var(--_border);vertical-align:top}
.bis .item{display:flex;gap:10px;align-items:flex-start;min-width:0}
.bis .item img,.bis .noimg{width:44px;height:44px;flex:none;border-radius:calc(var(--_radius) - 2px);object-fit:cover;
background:var(--_border)}
.bis .name{font-weight:600;overflow-wrap:anywhere}
.bis bdi.muted{display:block}.bis th:first-child{width:44%}.bis td>bdi:not(.muted){white-space:nowrap}
.bis tr:has(+.ask) td{border-bottom:0}.bis .ask .confirm{margin:0 0 8px;max-width:560px;margin-inline-start:auto}.bis td .btn{white-space:nowrap}
.bis .num{font-variant-numeric:tabular-nums;font-weight:700;white-space:nowrap}
.bis details{font-size:14px}.bis summary{cursor:pointer;color:var(--_accent);min-height:24px}
.bis details ul{margin:4px 0 0;padding-inline-start:18px;overflow-wrap:anywhere}
.bis .confirm{margin-top:8px;border-color:var(--_accent)}
.bis .confirm p:focus{outline:none}
.bis .lbl{display:none}
.bis .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@container bis (max-width:559px){
.bis thead{display:none}.bis table,.bis tbody,.bis tr,.bis td{display:block}
.bis tr{border:1px solid var(--_border);border-radius:var(--_radius);padding:8px;margin-bottom:12px}
.bis td{border:0;padding:4px 0}.bis tr.ask{border:0;padding:0;margin-top:-8px}.bis .lbl{display:inline;color:var(--_muted);font-size:14px}
}
${buttonCss}
.bis .btn:disabled{opacity:.5;cursor:not-allowed}
${confirmCss}
${errCss}
${linkCss}
${bonesCss(64)}
`;
