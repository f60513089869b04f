import { tabsCss } from '../../ui/styles.ts';

/**
 * The console's frame (loads with it, for an owner only): its tabs (they wrap at 375 px rather than hide one), the
 * Members tab's count of pending sign-ups (its words for screen readers positioned in the tab, so they never widen
 * the page); its title takes the element's sheet (ui/frame-styles.ts `frameCss`).
 */
export const consoleCss = `${tabsCss}[role=tab]{position:relative}.count{display:inline-block;min-width:1.5em;margin-inline-start:6px;padding:0 6px;border-radius:999px;background:var(--_accent);color:var(--_accent-text);font-size:13px;text-align:center}`;
