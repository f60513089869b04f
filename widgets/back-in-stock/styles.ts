/** What shows without the form: the closed button, and the box saying the product could not be read. */
export const backInStockCss = `
:host{display:block;max-width:420px}
.box{display:flex;flex-direction:column;gap:calc(var(--_space)*.75);padding:calc(var(--_space)*1.5);
border:1px solid var(--_border);border-radius:var(--_radius);background:var(--_bg)}
.msg{margin:0}
button{cursor:pointer;min-height:44px;border-radius:calc(var(--_radius) - 2px);font-weight:600}
.primary{padding:10px 18px;border:1px solid var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.link{padding:8px 4px;border:none;background:none;color:var(--_accent);text-decoration:underline;text-underline-offset:3px;
align-self:flex-start}
`;
