import { ensureChromium } from '../tests/helpers/chromium.ts';

try {
  console.log(`Chromium for browser tests: ${ensureChromium()}`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
