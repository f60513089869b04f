import { bonesCss, errCss, linkCss } from '../../ui/frame-styles.ts';

/** The element's own sheet: the box, and the loading bones and failure shown until the console has loaded. */
export const adminCss = `
:host{display:block;max-width:960px}
.root,.panel{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
${bonesCss(120)}
${errCss}
${linkCss}
`;
