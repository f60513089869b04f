/** The frame: title, tabs (they scroll sideways rather than wrap) and the loading bones. Each section adds its own sheet. */
export const adminCss = `
:host{display:block;max-width:960px}
.root,.panel{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.h{margin:0;font-size:24px}
.tabs{display:flex;gap:4px;overflow-x:auto;border-bottom:1px solid var(--_border)}
[role=tab]{min-height:44px;padding:8px 16px;border:0;border-bottom:3px solid transparent;background:none;cursor:pointer;
font-weight:600;color:var(--_muted);white-space:nowrap}
[role=tab][aria-selected=true]{color:var(--_text);border-bottom-color:var(--_accent)}
.bones{display:flex;flex-direction:column;gap:12px}.bones .skeleton{height:120px}
.err{margin:0;color:var(--_danger);font-size:14.4px}
.link{min-height:44px;padding:6px 4px;border:0;background:none;color:var(--_accent);text-decoration:underline;cursor:pointer;
font-weight:600}
`;
