import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from './chromium.ts';
import { memberTokens } from './emulator.ts';
import type { RunningEmulator } from '../../emulator/server.ts';
import { tokenStorageKey } from '../../core/auth/tokens.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
}

/** Pages opened during the current test; tests/e2e/setup.ts fails the test on any unexpected console error. */
const watched: WatchedPage[] = [];

/** Console errors (not matching the page's `expected` patterns) of every page opened since the last call. */
export function takeUnexpectedErrors(): string[] {
  const out = watched.flatMap((w) => w.errors.filter((e) => !w.expected.some((re) => re.test(e))));
  watched.length = 0;
  return out;
}

export interface WatchedPage {
  /** console errors a test provokes on purpose (e.g. an invalid configuration): not failures */
  expected: RegExp[];
  page: Page;
  context: BrowserContext;
  /** console errors and uncaught page errors seen so far (tests fail on any, unless expected). */
  errors: string[];
  warnings: string[];
  /** every request URL the page made */
  requests: string[];
}

/** A fresh context and page that records console errors, page errors, warnings and requests. */
export async function openPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    colorScheme: opts.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
    if (m.type() === 'warning') warnings.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  const w: WatchedPage = { page, context, errors, warnings, requests, expected: [] };
  watched.push(w);
  return w;
}

/** Runs axe-core in the page (via the protocol, so it works under a strict CSP) and returns the violations. */
export async function axe(
  page: Page,
  include?: string,
): Promise<{ id: string; impact: string | null; nodes: string[]; help: string }[]> {
  await page.evaluate(axeSource);
  // colours are measured as painted: let panels, drawers and toasts finish moving in or out first (not the endless
  // loading shimmer)
  await page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [
      document,
      ...[...document.querySelectorAll('*')].flatMap((e) => (e.shadowRoot ? [e.shadowRoot] : [])),
    ];
    const finite = roots
      .flatMap((r) => r.getAnimations())
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    return Promise.all(finite.map((a) => a.finished.catch(() => undefined))).then(() => undefined);
  });
  return page.evaluate(async (sel) => {
    type Node = { target: unknown[]; failureSummary?: string };
    const w = window as unknown as {
      axe: {
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: Node[] }[] }>;
      };
    };
    const r = await w.axe.run(sel ? { include: [sel] } : document, { resultTypes: ['violations'] });
    // node targets and the failure summary make a failing assertion readable
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary ?? ''}`),
    }));
  }, include ?? null);
}

/**
 * Scrolls the page's (first) `<inlay-reviews>` into view and waits until its tag is defined. The demo's product page
 * defers its reviews (`loading="lazy"`): they load only once they come within half a screen of the viewport, which
 * depends on the viewport and the page's layout, so a test that uses them brings them in first.
 */
export async function showReviews(page: Page): Promise<void> {
  await page
    .locator('inlay-reviews')
    .first()
    .evaluate((e) => e.scrollIntoView());
  await page.waitForFunction(() => customElements.get('inlay-reviews') !== undefined);
}

/**
 * The hosted checkout's form filled with a valid buyer, address and test card (not sent); its fields found by their
 * names, so a checkout in any language is filled alike.
 */
export async function fillHostedCheckout(page: Page): Promise<void> {
  for (const [name, value] of [
    ['email', 'ada@example.com'],
    ['firstName', 'Ada'],
    ['lastName', 'Lovelace'],
    ['addressLine', '12 Elm St'],
    ['city', 'Springfield'],
    ['postalCode', '62701'],
    ['cardNumber', '4242424242424242'],
    ['cardExpiry', '12/39'],
    ['cardCvc', '123'],
  ] as const) {
    await page.locator(`#checkout input[name=${name}]`).fill(value);
  }
  // the United States' region select, when the checkout ships there (Illinois: the shop's default tax rate)
  const state = page.locator('#checkout select[name=subdivision]');
  if (await state.isVisible()) await state.selectOption('IL');
}

/** Signs in through the page's `<inlay-login>` panel; resolves with the member button once it shows. */
export async function signInWithWidget(page: Page, email: string, password: string): Promise<Locator> {
  const login = page.locator('inlay-login');
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByLabel('Password', { exact: true }).press('Enter');
  const member = login.getByRole('button', { name: /^Account menu for / });
  await member.waitFor();
  return member;
}

/** A real 64×64 PNG of one `colour`, drawn by the page (so a preview can decode it and a sniffer sees PNG bytes). */
export const pngBytes = async (page: Page, colour = '#2f5d50') =>
  Buffer.from(
    await page.evaluate(async (fill) => {
      const c = new OffscreenCanvas(64, 64);
      const g = c.getContext('2d')!;
      g.fillStyle = fill;
      g.fillRect(0, 0, 64, 64);
      return [...new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer())];
    }, colour),
  );

/** The site companion's calls `w`'s pages make (from now on), as `METHOD /v1/…`. */
export function companionCalls(w: WatchedPage, companion: string): string[] {
  const seen: string[] = [];
  w.context.on('request', (r) => {
    if (r.url().startsWith(`${companion}/`)) seen.push(`${r.method()} ${r.url().slice(companion.length)}`);
  });
  return seen;
}

/**
 * A page signed in as the demo member (or the owner): real tokens from the emulator's token endpoint, stored as core
 * does before the page runs.
 */
export async function openSignedIn(
  browser: Browser,
  emu: RunningEmulator,
  who: 'member' | 'owner' = 'member',
  opts: Parameters<typeof openPage>[1] = {},
): Promise<WatchedPage> {
  const t = await memberTokens(emu, who);
  const w = await openPage(browser, opts);
  const stored = JSON.stringify({
    accessToken: { value: t.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    refreshToken: { value: t.refresh, role: 'member' },
  });
  await w.page.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [tokenStorageKey('demo-client'), stored]);
  return w;
}
