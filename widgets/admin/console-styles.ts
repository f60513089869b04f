import { tabsCss } from '../../ui/styles.ts';

/** The console's frame (loads with it, for an owner only): title and tabs (they scroll sideways rather than wrap). */
export const consoleCss = `
.h{margin:0;font-size:24px}
${tabsCss}
`;
