/**
 * What shows as the page loads: the button, or the member's. Its surfaces (the panel, the member menu, the profile)
 * bring their sheet with them (panel-styles.ts).
 * A fixed footprint in the host's header: the member button has one width and cuts a long name with an ellipsis (its
 * label has the whole name).
 */
export const loginCss = `
:host{display:inline-block;position:relative;vertical-align:middle;min-width:96px}
.root{position:relative;display:flex;justify-content:flex-end}
button{cursor:pointer;min-height:44px;border-radius:calc(var(--_radius) - 2px);font-weight:600;border:none;background:none}
button:disabled,button[aria-disabled=true]{cursor:progress;opacity:.7}
button[aria-busy=true]{cursor:progress}
.primary{padding:8px 16px;border:1px solid var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.member{display:flex;align-items:center;gap:8px;width:148px;padding-block:4px;padding-inline:4px 12px;border:1px solid var(--_border)}
.member::after{content:"";flex:none;width:7px;height:7px;margin-top:-4px;border:solid currentColor;border-width:0 2px 2px 0;
transform:rotate(45deg);opacity:.6}
.avatar{flex:none;display:grid;place-items:center;width:34px;height:34px;border-radius:50%;overflow:hidden;
background:var(--_accent);color:var(--_accent-text);font-size:12.8px;font-weight:700}
.avatar::before{content:attr(data-i)}
.avatar img{width:100%;height:100%;object-fit:cover}
.name{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;text-align:match-parent}
@media (max-width:480px){.member{width:124px}}
`;
