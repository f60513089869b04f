import { frameCss, tabsCss } from '../../ui/frame-styles.ts';

/** The frame: title, tabs (they wrap at 375 px rather than hide one) and the loading bones. Each section adds its own sheet. */
export const accountCss = `${frameCss(880, 88)}${tabsCss}`;
