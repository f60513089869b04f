/**
 * Look at a page as a person would: `tsx scripts/screenshot.ts URL out.png [width] [light|dark] [full]`.
 * Uses Debian's Chromium, like the browser tests.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../tests/helpers/chromium.ts';

const [url, out = 'screenshot.png', width = '1280', scheme = 'light', full] = process.argv.slice(2);
if (!url) {
  console.error('usage: tsx scripts/screenshot.ts URL out.png [width] [light|dark] [full]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({
  viewport: { width: Number(width), height: 900 },
  colorScheme: scheme === 'dark' ? 'dark' : 'light',
});
page.on('console', (m) => m.type() === 'error' && console.error('console error:', m.text()));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: full === 'full' });
await browser.close();
console.log(out);
