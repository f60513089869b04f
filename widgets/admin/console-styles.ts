import { tabsCss } from '../../ui/styles.ts';

/**
 * The console's frame (loads with it, for an owner only): its tabs (one row that scrolls sideways when it is longer
 * than the page, 375 px: no tab clipped out of reach, the current one kept in view by console.tsx, the edge where more
 * are hidden faded), the
 * Members tab's count of pending sign-ups (its words for screen readers positioned in the tab, so they never widen
 * the page); its title takes the element's sheet (ui/frame-styles.ts `frameCss`).
 */
export const consoleCss = `${tabsCss}.tabs{flex-wrap:nowrap;overflow-x:auto;scrollbar-width:thin}.tabs[data-more=right]{mask-image:linear-gradient(to right,#000 calc(100% - 48px),#0000)}.tabs[data-more=left]{mask-image:linear-gradient(to left,#000 calc(100% - 48px),#0000)}.tabs[data-more=both]{mask-image:linear-gradient(to right,#0000,#000 48px,#000 calc(100% - 48px),#0000)}[role=tab]{position:relative;flex:none}[role=tab]:focus-visible{outline-offset:-3px}.count{display:inline-block;min-width:1.5em;margin-inline-start:6px;padding:0 6px;border-radius:999px;background:var(--_accent);color:var(--_accent-text);font-size:13px;text-align:center}`;
