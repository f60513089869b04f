import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** Debian's Chromium (or CHROMIUM_PATH). Playwright cannot download browsers here. */
export function findChromium(): string | undefined {
  const env = process.env.CHROMIUM_PATH;
  if (env && existsSync(env)) return env;
  return CANDIDATES.find((p) => existsSync(p));
}

/**
 * Chromium for a test: found, never installed (installing is the runner's entry's job, before any test starts:
 * `npm test` and `npm run test:e2e` run scripts/ensure-chromium.ts's step first). Throws saying so otherwise.
 */
export function requireChromium(): string {
  const found = findChromium();
  if (found) return found;
  throw new Error(
    'Chromium is needed for the browser tests and was not found (nor CHROMIUM_PATH). Run them through `npm test` or ' +
      '`npm run test:e2e`, which install it first, or run `npx tsx scripts/ensure-chromium.ts` once.',
  );
}

/**
 * For the runner's entries only (scripts/test.ts, scripts/ensure-chromium.ts, the gallery, bench and screenshot
 * scripts): finds Chromium or installs Debian's package (as root), saying so; throws with instructions otherwise.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const root = process.getuid?.() === 0;
  if (!root) {
    throw new Error(
      'Chromium is needed for the browser tests: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).',
    );
  }
  console.log('Chromium not found: installing Debian\'s "chromium" package with apt-get for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  const installed = findChromium();
  if (!installed) throw new Error('apt-get finished but no chromium binary was found');
  console.log(`Chromium installed: ${installed}`);
  return installed;
}

/** The flags the machine needs (closed network, root, no GPU). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
