/**
 * The frame: title and the loading bones (the tabs' sheet loads with the console, console.tsx). Each section adds its
 * own sheet.
 */
export const adminCss = `
:host{display:block;max-width:960px}
.root,.panel{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.h{margin:0;font-size:24px}
.bones{display:flex;flex-direction:column;gap:12px}.bones .skeleton{height:120px}
.err{margin:0;color:var(--_danger);font-size:14.4px}
.link{min-height:44px;padding:6px 4px;border:0;background:none;color:var(--_accent);text-decoration:underline;cursor:pointer;
font-weight:600}
`;
