import { tabsCss } from '../../ui/styles.ts';

/**
 * The console's frame (loads with it, for an owner only): its tabs (they wrap at 375 px rather than hide one); its title
 * takes the element's sheet (ui/frame-styles.ts `frameCss`).
 */
export const consoleCss = tabsCss;
