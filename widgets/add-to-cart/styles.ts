export const addToCartCss = `
:host{display:inline-block;vertical-align:middle}
button{cursor:pointer;min-height:44px;min-width:44px;padding:10px 20px;border:1px solid var(--_accent);
border-radius:calc(var(--_radius) - 2px);background:var(--_accent);color:var(--_accent-text);font-weight:600}
button[aria-busy=true]{cursor:progress;opacity:.8}
button:disabled{cursor:not-allowed;background:transparent;color:var(--_muted);border-color:var(--_border)}
`;
