export const backInStockCss = `
:host{display:block;max-width:420px}
.box{display:flex;flex-direction:column;gap:calc(var(--_space)*.75);padding:calc(var(--_space)*1.5);
border:1px solid var(--_border);border-radius:var(--_radius);background:var(--_bg)}
.title{margin:0;font-weight:600}
label{font-weight:600;font-size:14.4px}
input{width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);
background:var(--_bg)}
input[aria-invalid=true]{border-color:var(--_danger)}
.hint{margin:0;font-size:13.6px;color:var(--_muted)}
.err{margin:0;font-size:14.4px;color:var(--_danger)}
.msg{margin:0}
.msg:focus{outline:none}
.tick{color:var(--_accent);font-weight:700}
.row{display:flex;gap:var(--_space);align-items:center;flex-wrap:wrap}
button{cursor:pointer;min-height:44px;border-radius:calc(var(--_radius) - 2px);font-weight:600}
button:disabled{cursor:progress;opacity:.7}
.primary{padding:10px 18px;border:1px solid var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.link{padding:8px 4px;border:none;background:none;color:var(--_accent);text-decoration:underline;text-underline-offset:3px;
align-self:flex-start}
.done{flex-direction:column}
`;
