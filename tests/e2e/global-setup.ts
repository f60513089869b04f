import { existsSync } from 'node:fs';
import { ensureChromium } from '../helpers/chromium.ts';

/** The browser suite tests what ships: the built bundle. */
export default function setup() {
  ensureChromium();
  for (const f of ['dist/inlay/loader.js', 'dist/inlay/inlay.js']) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first (npm test does).`);
  }
}
