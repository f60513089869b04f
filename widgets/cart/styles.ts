/** The cart button and its badge: what shows before the drawer opens (the drawer's sheet is drawer-styles.ts). */
export const cartCss = `
:host{display:inline-block;vertical-align:middle}
button{cursor:pointer;font-weight:600;border-radius:calc(var(--_radius) - 2px)}
button:disabled,button[aria-disabled=true]{cursor:not-allowed;opacity:.6}
.cart-button{position:relative;display:grid;place-items:center;min-width:44px;min-height:44px;padding:8px;
border:1px solid var(--_border);background:var(--_bg)}
.badge{position:absolute;top:-6px;inset-inline-end:-6px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;
background:var(--_accent);color:var(--_accent-text);font-size:12px;line-height:22px;text-align:center}
`;
