import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser.ts';
import { startStack, type Stack } from './stack.ts';

/**
 * One emulator + demo + fixture origin and one Chromium for a test file, started before its tests and stopped
 * after. Read `env.stack` / `env.browser` inside tests (they exist once beforeAll has run).
 */
export function useStackAndBrowser(opts: Parameters<typeof startStack>[0] = {}): {
  readonly stack: Stack;
  readonly browser: Browser;
} {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await startStack(opts);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  return {
    get stack() {
      if (!stack) throw new Error('the stack starts in beforeAll');
      return stack;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
  };
}
