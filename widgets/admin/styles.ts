import { frameCss } from '../../ui/frame-styles.ts';

/** The element's own sheet: the box (as wide as the page gives it, up to 1440 px: the orders' table and an order's two columns), and the loading bones and failure shown until the console has loaded. */
export const adminCss = frameCss(1440, 120);
