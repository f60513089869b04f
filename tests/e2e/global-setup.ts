import { existsSync } from 'node:fs';
import { requireChromium } from '../helpers/chromium.ts';

/**
 * The browser suite needs Chromium and tests what ships, the built bundle: both must be there already. Nothing is
 * installed or built from here (`npm test` and `npm run test:e2e` do both before Vitest starts).
 */
export default function setup() {
  requireChromium();
  for (const f of ['dist/inlay/loader.js', 'dist/inlay/inlay.js']) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first (npm test does).`);
  }
}
