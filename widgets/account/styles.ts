import { bonesCss, errCss, linkCss, tabsCss } from '../../ui/frame-styles.ts';

/** The frame: title, tabs (they scroll sideways rather than wrap) and the loading bones. Each section adds its own sheet. */
export const accountCss = `
:host{display:block;max-width:880px}
.root,.panel{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.h{margin:0;font-size:24px}
${tabsCss}
${bonesCss(88)}
${errCss}
${linkCss}
`;
