import type { Page, Request } from 'playwright-core';

/** Every inlay-* element defined and rendered (but a `loading="lazy"` one not loaded yet: out of view), 30 s at most. */
export async function widgetsRendered(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.localName.startsWith('inlay-'))
        .filter((e) => e.getAttribute('loading') !== 'lazy' || customElements.get(e.localName))
        .every((e) => customElements.get(e.localName) !== undefined && (e.shadowRoot?.childElementCount ?? 0) > 0),
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Requests in flight and when the last one started or ended: `quiet()` waits until nothing has been in flight for
 * half a second (30 s at most, then it names what is still in flight). The caller counts `start`/`end` from its own
 * events (Playwright's or the browser's own, CDP).
 */
export function inFlight<K>(name: (k: K) => string = String) {
  const now = new Set<K>();
  let last = Date.now();
  return {
    start: (k: K) => (now.add(k), (last = Date.now())),
    end: (k: K) => (now.delete(k), (last = Date.now())),
    /** Something else happened (a request not counted): the half second starts again. */
    touch: () => void (last = Date.now()),
    async quiet() {
      const deadline = Date.now() + 30_000;
      while (now.size || Date.now() - last < 500) {
        if (Date.now() > deadline) throw new Error(`still in flight: ${[...now].map(name).join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/**
 * Runs `during` with `seen` called for each request the page makes, then waits for every widget rendered, the
 * network idle and nothing in flight for half a second (background revalidations included; `networkidle` alone is
 * only for navigations).
 */
export async function whileSettling(page: Page, seen: (r: Request) => void, during: () => Promise<unknown>) {
  const flight = inFlight<Request>((r) => r.url());
  const on = (r: Request) => (flight.start(r), seen(r));
  page.on('request', on);
  page.on('requestfinished', flight.end);
  page.on('requestfailed', flight.end);
  try {
    await during();
    await widgetsRendered(page);
    await page.waitForLoadState('networkidle');
    await flight.quiet();
  } finally {
    page.off('request', on);
    page.off('requestfinished', flight.end);
    page.off('requestfailed', flight.end);
  }
}
