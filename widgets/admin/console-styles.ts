/** The console's frame (loads with it, for an owner only): title and tabs (they scroll sideways rather than wrap). */
export const consoleCss = `
.h{margin:0;font-size:24px}
.tabs{display:flex;gap:4px;overflow-x:auto;border-bottom:1px solid var(--_border)}
[role=tab]{min-height:44px;padding:8px 16px;border:0;border-bottom:3px solid transparent;background:none;cursor:pointer;
font-weight:600;color:var(--_muted);white-space:nowrap}
[role=tab][aria-selected=true]{color:var(--_text);border-bottom-color:var(--_accent)}
`;
