import { frameCss, tabsCss } from '../../ui/frame-styles.ts';

/** The frame: title, tabs (they scroll sideways rather than wrap) and the loading bones. Each section adds its own sheet. */
export const accountCss = `${frameCss(880, 88)}${tabsCss}`;
