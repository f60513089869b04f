import { tabsCss } from '../../ui/styles.ts';

/**
 * The console's frame (loads with it, for an owner only): its tabs (they scroll sideways rather than wrap), the
 * Members tab's count of pending sign-ups; its title
 * takes the element's sheet (ui/frame-styles.ts `frameCss`).
 */
export const consoleCss = `${tabsCss}.count{display:inline-block;min-width:1.5em;margin-inline-start:6px;padding:0 6px;border-radius:999px;background:var(--_accent);color:var(--_accent-text);font-size:13px;text-align:center}`;
