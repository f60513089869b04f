import { TOAST_GAP_PX, TOAST_WIDTH_PX } from '../../core/constants.ts';

/**
 * The action goes under the text (the text keeps its width), the close button stays top right. A dismissed toast
 * fades out (`data-leaving`); under reduced motion it goes at once.
 */
export const toasterCss = `
:host{display:contents}
section{position:fixed;z-index:2147483000;bottom:16px;inset-inline-end:16px;width:${TOAST_WIDTH_PX}px;
max-width:calc(100vw - 32px);pointer-events:none}
section:focus-visible{outline:none}
section:focus-visible ol{outline:2px solid var(--_accent);outline-offset:4px;border-radius:var(--_radius)}
ol{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:${TOAST_GAP_PX}px}
@media (max-width:480px){section{inset-inline:8px;bottom:8px;width:auto;max-width:none}}
`;
