import { frameCss } from '../../ui/frame-styles.ts';

/** The element's own sheet: the box, and the loading bones and failure shown until the console has loaded. */
export const adminCss = frameCss(960, 120);
