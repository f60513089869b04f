/** The element's own sheet: the box, and the loading bones and failure shown until the console has loaded. */
export const adminCss = `
:host{display:block;max-width:960px}
.root,.panel{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.bones{display:flex;flex-direction:column;gap:12px}.bones .skeleton{height:120px}
.err{margin:0;color:var(--_danger);font-size:14.4px}
.link{min-height:44px;padding:6px 4px;border:0;background:none;color:var(--_accent);text-decoration:underline;cursor:pointer;
font-weight:600}
`;
