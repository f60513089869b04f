/**
 * `npm run bench`: measures the demo product page with every widget in real Chromium against the built bundle,
 * and the emulator under a bounded loopback load. Prints tables and writes bench-results/bench.json.
 * Numbers come from this script only (never from timed unit tests); rerun it to compare.
 *
 * The phone profile first (BENCH_PHONE=0 skips it): a mid-range phone (4x CPU throttling, Fast 3G through CDP, a
 * phone's screen), the demo product page with its site companion (the demo's default: the loader names
 * `/api/inlay` on the shop's own origin) and without one (`?companion=off`), each a first visit in a fresh context
 * (empty cache) and a return visit (the same page loaded again). Each visit is measured twice:
 * - "widgets final": the time of the last change inside any widget before the page is quiet (a MutationObserver that
 *   an init script puts on every inlay-* element's shadow root, nested shadow roots included, for children,
 *   attributes and character data);
 * - "network quiet": the end of the last request (tracked with CDP, so no quiet-period padding is counted);
 * each against the floor the network allows (bytes over the network / bandwidth + 3 round trips), with the requests
 * (to the platform, to the companion, CORS preflights) and bytes. BENCH_RUNS=n: n runs of each setup, interleaved,
 * medians; BENCH_COMPANION=on|off|both (default both).
 *
 * Then the desktop figures on loopback (BENCH_DESKTOP=0 skips them), with the companion: JS loaded (gzip of each
 * script body, as a CDN would serve it) per page and per widget chunk, and how much of it came over the network
 * rather than from the HTTP cache (a return visit should need none), API requests on a first and on a return visit
 * (and how many were exact duplicates), long tasks and total blocking time during start-up, cumulative layout shift,
 * and the time until the page settles. An element with `loading="lazy"` that is not loaded (out of view) does not
 * count there: each visit then scrolls to the page's end and reports how long after the scroll it settled again.
 * Last, the emulator under load (BENCH_LOAD=0 skips it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContextOptions, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../tests/helpers/chromium.ts';
import { startStack } from '../tests/helpers/stack.ts';
import { seedIds } from '../emulator/seed.ts';

const LOAD_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const LOAD_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PHONE = process.env.BENCH_PHONE !== '0';
const DESKTOP = process.env.BENCH_DESKTOP !== '0';
const LOAD = process.env.BENCH_LOAD !== '0';
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_RUNS ?? 1)) || 1);
const COMPANION = process.env.BENCH_COMPANION ?? 'both';
/**
 * What a CORS preflight's round trip costs on the phone profile, added by the emulator to each preflight it answers
 * (`/_dev/faults`, OPTIONS): Chromium's network emulation delays requests, not their preflights, so without it a page
 * that needs none (the public reads through a same-origin companion) gains nothing it would gain on a real phone.
 * BENCH_PREFLIGHT_MS=0 leaves preflights undelayed, as earlier runs measured them.
 */
const PREFLIGHT_MS = Math.max(0, Number(process.env.BENCH_PREFLIGHT_MS ?? 150) || 0);
if (!['on', 'off', 'both'].includes(COMPANION)) throw new Error('BENCH_COMPANION is on, off or both');
/**
 * The phone profile (issue 19; Lighthouse's mobile profile): 4x slower CPU, Fast 3G (Chromium adds the latency to
 * each request) and a phone's screen.
 */
const PROFILE = {
  cpuSlowdown: 4,
  rttMs: 150,
  downBytesPerSec: 1_600_000 / 8,
  upBytesPerSec: 750_000 / 8,
  screen: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
};
const FLOOR_DEFINITION =
  'floor = bytes over the network (CDP Network.loadingFinished encodedDataLength: HTML, CSS, JS, API responses, images; cache hits count 0) / 1.6 Mbps + 3 x 150 ms';
/**
 * How long the network must stay quiet (nothing in flight) and the widgets unchanged before a visit counts as
 * settled; not part of the figures.
 */
const QUIET_MS = 1000;
/** Issue 39's goals, ratio to the floor: with a companion 1.5x (first and return visit), without one 2x and 1.5x. */
const GOALS = { with: { first: 1.5, again: 1.5 }, without: { first: 2, again: 1.5 } } as const;

interface Visit {
  jsBytesGzip: number;
  /** The part of jsBytesGzip that came over the network (not from Chromium's memory or disk cache). */
  jsNetworkBytesGzip: number;
  jsPerChunk: Record<string, number>;
  /** Requests to the platform's API (not the bundle, not media, not preflights). */
  apiRequests: number;
  /** Requests to the site companion (`/api/inlay` on the shop's origin). */
  companionRequests: number;
  duplicateRequests: number;
  tokenRequests: number;
  longTasks: number;
  longestTaskMs: number;
  totalBlockingTimeMs: number;
  cls: number;
  /** From navigation start until every inlay-* widget in view is defined and has rendered something. */
  readyMs: number;
  /**
   * From navigation start until the last change inside any widget (lazy ones out of view excepted: see `toEnd`)
   * before the page was quiet: the widgets' final state.
   */
  widgetsFinalMs: number;
  /** From navigation start until the end of the last request. */
  networkQuietMs: number;
  /** The later of readyMs and networkQuietMs (the figure earlier benches called "settled"). */
  settleMs: number;
  /**
   * Then scrolled to the page's end: from the scroll until every widget (the lazy ones too) is rendered and nothing is
   * in flight, and what that took over the network.
   */
  toEnd: { ms: number; networkBytes: number; networkRequests: number };
  /** Bytes the browser received over the network (CDP encodedDataLength, headers included), cache hits excluded. */
  networkBytes: number;
  /** Requests that went over the network (CORS preflights and the browser's favicon included). */
  networkRequests: number;
  /** Requests served from Chromium's HTTP cache. */
  cachedRequests: number;
  preflights: number;
}

/**
 * The bundle's own origin, as a CDN serves it in production (the platform's API is never the origin of loader.js):
 * it forwards `/inlay/*` to the emulator's asset route, headers and all (compression, cache headers, CORS). With the
 * bundle on the API's origin (`BENCH_ASSETS=api`), the chunks and the first API requests share Chromium's six
 * HTTP/1.1 connections to it, a queue no production page has.
 */
const SEPARATE_ASSETS = process.env.BENCH_ASSETS !== 'api';
const assets: { target?: URL } = {};
const keepAlive = new Agent({ keepAlive: true });
const cdn = createServer((req, res) => {
  const target = assets.target;
  if (!target || !req.url?.startsWith('/inlay/')) return void res.writeHead(404).end();
  const forward = request(
    {
      agent: keepAlive,
      host: target.hostname,
      port: target.port,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, host: target.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on('error', () => res.destroy()); // the emulator reset mid-body: the browser sees it fail, not hang
      answer.pipe(res);
    },
  );
  forward.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  res.on('close', () => res.writableFinished || forward.destroy()); // the browser gave up: so does the forward
  req.pipe(forward);
});
await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', () => r()));
const cdnOrigin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
const stack = await startStack(SEPARATE_ASSETS ? { assetsBase: `${cdnOrigin}/inlay` } : {});
assets.target = new URL(stack.api);
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
/**
 * A context whose pages record long tasks, layout shifts and the time of the last change inside any widget from the
 * start of each document. Every shadow root attached to an inlay-* element, or to an element inside one (nested
 * shadow roots; an element not in the document yet when its root is attached counts too), is watched by a
 * MutationObserver for children, attributes and character data in its whole subtree; attaching one counts as a change.
 * As a string: tsx would wrap named inner functions in a `__name` helper the page does not have.
 */
const INIT_SCRIPT = `(() => {
  const b = (window.__bench = { longTasks: [], cls: 0, lastChange: 0, changes: 0 });
  new PerformanceObserver((l) => l.getEntries().forEach((e) => b.longTasks.push(e.duration)))
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => l.getEntries().forEach((e) => { if (!e.hadRecentInput) b.cls += e.value; }))
    .observe({ type: 'layout-shift', buffered: true });
  const changed = () => { b.lastChange = performance.now(); b.changes++; };
  const observer = new MutationObserver(changed);
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    const top = this.isConnected && this.getRootNode() === document;
    if (!top || this.localName.startsWith('inlay-')) {
      observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
      changed();
    }
    return root;
  };
})();`;
interface PageBench {
  longTasks: number[];
  cls: number;
  /** performance.now() of the last change inside a widget (0: none yet). */
  lastChange: number;
  changes: number;
}
async function benchContext(options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  await context.addInitScript(INIT_SCRIPT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return { context, page, cdp, net: trackNetwork(cdp) };
}

interface Request {
  url: string;
  method: string;
  cached: boolean;
  bytes: number;
  /** CDP monotonic time (s) when it was sent. */
  start: number;
  /** CDP monotonic time (s) when it finished or failed; undefined while in flight. */
  end?: number;
}

/** Every request the page's target makes, as CDP reports it (preflights and the favicon included). */
function trackNetwork(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  let documentRequest: { id: string; timestamp: number; wallTime: number } | undefined;
  let documentTiming: { requestTime: number; sendStart: number } | undefined;
  let lastActivity = performance.now();
  const finish = (id: string, timestamp: number, bytes = 0) => {
    const r = requests.get(id);
    if (!r || r.end !== undefined) return;
    r.end = timestamp;
    r.bytes += bytes;
    lastActivity = performance.now();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    const known = requests.get(e.requestId);
    if (known && e.redirectResponse) known.bytes += e.redirectResponse.encodedDataLength;
    else if (!known)
      requests.set(e.requestId, {
        url: e.request.url,
        method: e.request.method,
        cached: false,
        bytes: 0,
        start: e.timestamp,
      });
    if (e.type === 'Document' && !documentRequest)
      documentRequest = { id: e.requestId, timestamp: e.timestamp, wallTime: e.wallTime };
    lastActivity = performance.now();
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r && (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker))
      r.cached = true;
    if (e.requestId === documentRequest?.id && e.response.timing) documentTiming = e.response.timing;
  });
  cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.timestamp, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => finish(e.requestId, e.timestamp));
  return {
    requests,
    /** Forget the previous visit (call before navigating). */
    reset() {
      requests.clear();
      documentRequest = documentTiming = undefined;
      lastActivity = performance.now();
    },
    inFlight: () => [...requests.values()].filter((r) => r.end === undefined),
    quietFor: () => performance.now() - lastActivity,
    /**
     * A CDP monotonic timestamp (s) as the page's performance.now() (ms from navigation start): the document
     * request's send time is the navigation entry's requestStart; without its timing, the wall clocks.
     */
    toPageMs(timestamp: number, nav: { timeOrigin: number; requestStart: number }) {
      if (documentTiming)
        return timestamp * 1000 + nav.requestStart - (documentTiming.requestTime * 1000 + documentTiming.sendStart);
      if (!documentRequest) throw new Error('no document request seen');
      return (timestamp + documentRequest.wallTime - documentRequest.timestamp) * 1000 - nav.timeOrigin;
    },
  };
}
type Network = ReturnType<typeof trackNetwork>;

/**
 * Resolves with performance.now() once the document is parsed and every inlay-* element in it is defined and rendered
 * (a `loading="lazy"` one whose tag is not loaded yet, out of view, does not count, unless `every`), checked in the
 * page on each animation frame; rejects after `timeoutMs` (0: checked once). Not Playwright's `waitForFunction`: its
 * injected script is compiled and run in the page on the first call, about 70-120 ms of the phone profile's throttled
 * CPU inside the window being measured.
 */
const untilReady = (page: Page, every: boolean, timeoutMs: number): Promise<number> =>
  // as a string: tsx would wrap a function's inner functions in a `__name` helper the page does not have
  page.evaluate(`new Promise((resolve, reject) => {
    const end = performance.now() + ${timeoutMs};
    const tick = () => {
      const tags = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('inlay-') &&
        (${every} || e.getAttribute('loading') !== 'lazy' || customElements.get(e.localName)));
      if (document.readyState !== 'loading' && tags.length > 0 &&
          tags.every((e) => customElements.get(e.localName) !== undefined && (e.shadowRoot?.childElementCount ?? 0) > 0))
        resolve(performance.now());
      else if (performance.now() >= end) reject(new Error('timed out'));
      else requestAnimationFrame(tick);
    };
    tick();
  })`);

/** When a visit settled, in ms from navigation start (see `settle`). */
interface Settled {
  /** Every widget (in view) defined and rendered. */
  readyAt: number;
  /** The end of the last request. */
  lastEnd: number;
  /** The last change inside a widget (see INIT_SCRIPT). */
  lastChange: number;
}

/**
 * Waits until the page settles: every widget rendered, nothing in flight and no change inside a widget for QUIET_MS,
 * and still every widget rendered. Returns when the widgets were first all rendered, when the last request finished
 * and when a widget last changed; the quiet period itself is not counted.
 */
async function settle(page: Page, net: Network): Promise<Settled> {
  const deadline = Date.now() + 60_000;
  const sinceChange = () =>
    page.evaluate(() => performance.now() - (window as unknown as { __bench: PageBench }).__bench.lastChange);
  for (;;) {
    const readyAt = await untilReady(page, false, Math.max(1, deadline - Date.now())).catch(async (e: unknown) => {
      const missing = await page.evaluate(() =>
        [...document.querySelectorAll('*')]
          .filter((e) => e.localName.startsWith('inlay-') && !(e.shadowRoot?.childElementCount ?? 0))
          .map((e) => e.localName),
      );
      throw new Error(`widgets not rendered: ${missing.join(', ') || '(no inlay-* element)'}`, { cause: e });
    });
    while (net.inFlight().length || net.quietFor() < QUIET_MS || (await sinceChange()) < QUIET_MS) {
      if (Date.now() > deadline)
        throw new Error(
          `not quiet: in flight ${net
            .inFlight()
            .map((r) => r.url)
            .join(', ')}; last widget change ${Math.round(await sinceChange())} ms ago`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
    // something changed while the network was quiet
    if (
      !(await untilReady(page, false, 0).then(
        () => true,
        () => false,
      ))
    )
      continue;
    const nav = await page.evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      requestStart: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).requestStart,
      lastChange: (window as unknown as { __bench: PageBench }).__bench.lastChange,
    }));
    const lastEnd = Math.max(0, ...[...net.requests.values()].map((r) => net.toPageMs(r.end!, nav)));
    if (process.env.BENCH_TIMELINE)
      console.log(
        [...net.requests.values()]
          .map((r) => {
            const ms = (t: number) => String(Math.round(net.toPageMs(t, nav))).padStart(6);
            return `${ms(r.start)} ${ms(r.end!)} ${r.cached ? 'cache' : String(r.bytes).padStart(5)} ${r.method} ${r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 110)}`;
          })
          .join('\n') +
          `\nwidgets ready at ${Math.round(readyAt)} ms, last changed at ${Math.round(nav.lastChange)} ms`,
      );
    return { readyAt: Math.round(readyAt), lastEnd: Math.round(lastEnd), lastChange: Math.round(nav.lastChange) };
  }
}

async function visit({ page, net }: { page: Page; net: Network }, url: string, label: string): Promise<Visit> {
  const api: string[] = [];
  let companionRequests = 0;
  const js: { url: string; bytes: number }[] = [];
  const onRequest = (r: import('playwright-core').Request) => {
    if (r.url().startsWith(`${stack.companion.url}/`)) companionRequests++;
    else if (
      r.url().startsWith(stack.api) &&
      !r.url().includes('/inlay/') &&
      !r.url().includes('/media/') &&
      r.method() !== 'OPTIONS'
    ) {
      api.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
    }
  };
  const onResponse = async (r: import('playwright-core').Response) => {
    if (r.request().resourceType() === 'script' || r.url().endsWith('.js')) {
      try {
        js.push({ url: r.url(), bytes: gzipSync(await r.body()).length });
      } catch {
        /* body not available (redirect) */
      }
    }
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  net.reset();
  await page.goto(url, { waitUntil: 'commit' });
  const settled = await settle(page, net);
  page.off('request', onRequest);
  page.off('response', onResponse);
  const perf = await page.evaluate(() => (window as unknown as { __bench: PageBench }).__bench);
  if (process.env.BENCH_LIST)
    console.log(`\n${label} ${url}\n${api.map((a) => `  ${a.replace(stack.api, '').slice(0, 200)}`).join('\n')}`);
  const counts = new Map<string, number>();
  for (const a of api) counts.set(a, (counts.get(a) ?? 0) + 1);
  const jsPerChunk: Record<string, number> = {};
  for (const s of js) {
    const name = /\/inlay\/(?:assets\/)?([a-z-]+?)(?:-[\w-]{8})?\.js/.exec(s.url)?.[1] ?? new URL(s.url).pathname;
    jsPerChunk[name] = (jsPerChunk[name] ?? 0) + s.bytes;
  }
  const requests = [...net.requests.values()];
  const toEnd = await scrollToEnd(page, net);
  // which script URLs Chromium served from its HTTP cache (hashed chunks are immutable, loader.js max-age 300)
  const cached = new Set(requests.filter((r) => r.cached).map((r) => r.url));
  const overNetwork = requests.filter((r) => !r.cached);
  return {
    jsBytesGzip: js.reduce((n, s) => n + s.bytes, 0),
    jsNetworkBytesGzip: js.filter((s) => !cached.has(s.url)).reduce((n, s) => n + s.bytes, 0),
    jsPerChunk,
    apiRequests: api.length,
    companionRequests,
    duplicateRequests: [...counts.values()].reduce((n, c) => n + c - 1, 0),
    tokenRequests: api.filter((a) => a.includes('/oauth2/token')).length,
    longTasks: perf.longTasks.length,
    longestTaskMs: Math.round(Math.max(0, ...perf.longTasks)),
    totalBlockingTimeMs: Math.round(perf.longTasks.reduce((n, d) => n + Math.max(0, d - 50), 0)),
    cls: Math.round(perf.cls * 1000) / 1000,
    readyMs: settled.readyAt,
    // 0: no change seen (cannot happen once a widget has rendered)
    widgetsFinalMs: settled.lastChange || settled.readyAt,
    networkQuietMs: settled.lastEnd,
    settleMs: Math.max(settled.readyAt, settled.lastEnd),
    networkBytes: overNetwork.reduce((n, r) => n + r.bytes, 0),
    networkRequests: overNetwork.length,
    cachedRequests: requests.length - overNetwork.length,
    preflights: overNetwork.filter((r) => r.method === 'OPTIONS').length,
    toEnd,
  };
}

/** Scrolls to the page's end and waits until it settles again (see `Visit.toEnd`). */
async function scrollToEnd(page: Page, net: Network): Promise<Visit['toEnd']> {
  const before = new Set(net.requests.keys());
  const scrolledAt = await page.evaluate(() => (scrollTo(0, document.documentElement.scrollHeight), performance.now()));
  // the lazy ones too, now: every element defined and rendered (settle's check leaves out a lazy one not loaded yet)
  await untilReady(page, true, 60_000);
  const settled = await settle(page, net);
  const settledAt = Math.max(settled.readyAt, settled.lastEnd, settled.lastChange);
  const added = [...net.requests.entries()].filter(([id, r]) => !before.has(id) && !r.cached).map(([, r]) => r);
  return {
    ms: Math.max(0, Math.round(settledAt - scrolledAt)),
    networkBytes: added.reduce((n, r) => n + r.bytes, 0),
    networkRequests: added.length,
  };
}

const product = `${stack.demo}/products/enamel-camp-mug`;

// The phone first (its timings matter most; the machine is at its quietest before the load test). Each run: a fresh
// context (empty cache) per setup, a first visit, then the same page loaded again (the return visit).
type Setup = keyof typeof GOALS;
const SETUPS: { key: Setup; label: string; url: string }[] = [
  { key: 'with' as const, label: 'with a companion', url: product },
  { key: 'without' as const, label: 'without (?companion=off)', url: `${product}?companion=off` },
].filter((s) => COMPANION === 'both' || (COMPANION === 'on') === (s.key === 'with'));
interface PhoneVisit extends Visit {
  floorMs: number;
  /** widgetsFinalMs / floorMs */
  widgetsRatio: number;
  /** networkQuietMs / floorMs */
  networkRatio: number;
}
const ratio = (ms: number, floorMs: number) => Math.round((ms / floorMs) * 100) / 100;
const phoneVisit = (v: Visit): PhoneVisit => {
  const floorMs = Math.round((v.networkBytes / PROFILE.downBytesPerSec) * 1000 + 3 * PROFILE.rttMs);
  return {
    ...v,
    floorMs,
    widgetsRatio: ratio(v.widgetsFinalMs, floorMs),
    networkRatio: ratio(v.networkQuietMs, floorMs),
  };
};
type PhoneRun = { first: PhoneVisit; again: PhoneVisit };
async function phoneRun(url: string, label: string, cpuProfile?: string): Promise<PhoneRun> {
  const mobile = await benchContext(PROFILE.screen);
  await mobile.cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  await mobile.cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.rttMs,
    downloadThroughput: PROFILE.downBytesPerSec,
    uploadThroughput: PROFILE.upBytesPerSec,
  });
  if (cpuProfile) {
    await mobile.cdp.send('Profiler.enable');
    await mobile.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await mobile.cdp.send('Profiler.start');
  }
  const first = phoneVisit(await visit(mobile, url, `phone ${label}, first visit`));
  if (cpuProfile) {
    writeFileSync(cpuProfile, JSON.stringify((await mobile.cdp.send('Profiler.stop')).profile));
    await mobile.cdp.send('Profiler.disable');
  }
  const again = phoneVisit(await visit(mobile, url, `phone ${label}, return visit`));
  await mobile.context.close();
  return { first, again };
}
const phoneRuns: Record<Setup, PhoneRun[]> = { with: [], without: [] };
/** Sets (or with 0, removes) the emulator's delay on every preflight it answers. */
const preflightDelay = (ms: number) =>
  fetch(`${stack.api}/_dev/faults`, {
    method: ms ? 'POST' : 'DELETE',
    ...(ms
      ? {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ path: '/*', method: 'OPTIONS', delayMs: ms }),
        }
      : {}),
  }).then((r) => {
    if (!r.ok) throw new Error(`/_dev/faults answered ${r.status}`);
  });
if (PHONE) {
  if (PREFLIGHT_MS) await preflightDelay(PREFLIGHT_MS);
  // Not measured: a page in a fresh browser pays for starting it (its first renderer, font and code caches); without
  // these visits the first setup measured would carry that cost alone (0.5 to 1 s on the phone profile). Each setup
  // once, in a context of its own: a companion that caches what it reads starts as on a site with visitors.
  for (const s of SETUPS) {
    const warm = await benchContext(PROFILE.screen);
    await visit(warm, s.url, `warm-up ${s.label}`);
    await warm.context.close();
  }
  // BENCH_CPUPROFILE=<file>: the first setup's first visit's main thread on the first run, sampled (a .cpuprofile:
  // Chrome DevTools' Performance panel opens it; functions keep their minified names, with each one's script, line
  // and column). Sampling slows the throttled page a little: that run's timings are not comparable with others.
  let cpuProfile = process.env.BENCH_CPUPROFILE;
  for (let i = 0; i < RUNS; i++) {
    // interleaved, each setup first every other run: a machine getting busier or quieter weighs on both alike
    for (const s of i % 2 ? [...SETUPS].reverse() : SETUPS) {
      phoneRuns[s.key].push(await phoneRun(s.url, s.label, cpuProfile));
      cpuProfile = undefined;
      if (RUNS > 1) process.stdout.write(`phone run ${i + 1}/${RUNS} ${s.label} done\n`);
    }
  }
}
if (PHONE && PREFLIGHT_MS) await preflightDelay(0);
/** The median of each numeric field over the runs (other fields from the first run). */
function medians<T extends object>(runs: T[]): T {
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : Math.round(((s[m - 1]! + s[m]!) / 2) * 100) / 100;
  };
  const out: Record<string, unknown> = { ...runs[0] };
  for (const [k, v] of Object.entries(runs[0]!)) {
    if (typeof v === 'number') out[k] = median(runs.map((r) => (r as Record<string, number>)[k]!));
    else if (v && typeof v === 'object' && !Array.isArray(v))
      out[k] = medians(runs.map((r) => (r as Record<string, object>)[k]!));
  }
  return out as T;
}
const phone = SETUPS.filter((s) => phoneRuns[s.key].length).map((s) => ({
  ...s,
  goals: GOALS[s.key],
  first: medians(phoneRuns[s.key].map((r) => r.first)),
  again: medians(phoneRuns[s.key].map((r) => r.again)),
}));

// The desktop on loopback, with the companion (the demo's default page).
let desktopVisits: { first: Visit; again: Visit } | undefined;
if (DESKTOP) {
  const desktop = await benchContext({ viewport: { width: 1280, height: 900 } });
  desktopVisits = {
    first: await visit(desktop, product, 'loopback, first visit'),
    again: await visit(desktop, product, 'loopback, return visit'),
  };
  await desktop.context.close();
}
await browser.close();

// Emulator under a bounded loopback load: N requests, C at a time, then stop.
async function load(name: string, make: () => Promise<Response>) {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: LOAD_CONCURRENCY }, async () => {
      while (next < LOAD_REQUESTS) {
        next++;
        const s = performance.now();
        const res = await make().catch(() => undefined);
        if (!res || res.status !== 200) errors++;
        await res?.arrayBuffer().catch(() => undefined);
        times.push(performance.now() - s);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0) * 10) / 10;
  return {
    name,
    requests: times.length,
    errors,
    rps: Math.round(times.length / secs),
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
  };
}
const loads: Awaited<ReturnType<typeof load>>[] = [];
if (LOAD) {
  const token = (
    (await (
      await fetch(`${stack.api}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'demo-client', grantType: 'anonymous' }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const headers = { authorization: token, 'content-type': 'application/json' };
  const productId = seedIds.products['enamel-camp-mug']!;
  loads.push(
    await load('catalog: GET product', () => fetch(`${stack.api}/stores-reader/v1/products/${productId}`, { headers })),
    await load('cart: GET current', () => fetch(`${stack.api}/ecom/v1/carts/current`, { headers })),
    await load('reviews: POST query', () =>
      fetch(`${stack.api}/reviews/v1/reviews/query`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: { filter: { namespace: 'stores', entityId: productId }, cursorPaging: { limit: 10 } },
        }),
      }),
    ),
  );
}
await stack.close();
keepAlive.destroy();
await new Promise<void>((r) => cdn.close(() => r()));

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const table = (head: string[], rows: string[][]) => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log([line(head), ...rows.map(line)].join('\n'));
};
console.log(`\nDemo product page (${product.replace(stack.demo, '')}), Chromium ${browser.version?.() ?? ''}`);
console.log(
  SEPARATE_ASSETS
    ? 'The bundle from an origin of its own, as a CDN serves it (BENCH_ASSETS=api: from the API origin)'
    : 'The bundle from the API origin (BENCH_ASSETS=api): chunks and API requests share six HTTP/1.1 connections',
);
if (phone.length) {
  console.log(
    `\nPhone profile: ${PROFILE.cpuSlowdown}x CPU, Fast 3G (${PROFILE.rttMs} ms per request, 1.6 Mbps down, 750 kbps up), 412x823 screen${RUNS > 1 ? `; medians of ${RUNS} interleaved runs` : ''}`,
  );
  console.log(`${FLOOR_DEFINITION}; times from navigation start`);
  const both = (f: (v: PhoneVisit, goal: number) => string) =>
    phone.flatMap((s) => [f(s.first, s.goals.first), f(s.again, s.goals.again)]);
  const x = (r: number, goal: number) => `${r.toFixed(2)}x (goal ${goal}x)`;
  table(
    ['phone profile', ...phone.flatMap((s) => [`${s.label}: first`, 'return'])],
    [
      ['widgets final (last change inside a widget)', ...both((v) => secs(v.widgetsFinalMs))],
      ['  ratio to the floor', ...both((v, g) => x(v.widgetsRatio, g))],
      ['network quiet (end of the last request)', ...both((v) => secs(v.networkQuietMs))],
      ['  ratio to the floor', ...both((v, g) => x(v.networkRatio, g))],
      ['floor', ...both((v) => `${Math.round(v.floorMs)} ms`)],
      ['widgets in view first all rendered', ...both((v) => secs(v.readyMs))],
      ['bytes over the network', ...both((v) => kb(v.networkBytes))],
      ['requests over the network', ...both((v) => String(v.networkRequests))],
      ['  to the platform API', ...both((v) => String(v.apiRequests))],
      ['  to the companion', ...both((v) => String(v.companionRequests))],
      ['  CORS preflights', ...both((v) => String(v.preflights))],
      ['  from the HTTP cache (not counted)', ...both((v) => String(v.cachedRequests))],
      ['total blocking time (4x CPU)', ...both((v) => `${Math.round(v.totalBlockingTimeMs)} ms`)],
      ['then scrolled to the end: settled after', ...both((v) => secs(v.toEnd.ms))],
      ['  bytes over the network', ...both((v) => kb(v.toEnd.networkBytes))],
      ['  requests over the network', ...both((v) => String(v.toEnd.networkRequests))],
    ],
  );
  console.log(
    PREFLIGHT_MS
      ? `(Chromium's emulation does not delay CORS preflights: the emulator answers each one ${PREFLIGHT_MS} ms late, a round trip on this profile; BENCH_PREFLIGHT_MS=0 does not.)`
      : "(Chromium's emulation does not delay CORS preflights, and BENCH_PREFLIGHT_MS=0 added nothing: on a real phone each one costs a round trip.)",
  );
}
if (desktopVisits) {
  const { first, again } = desktopVisits;
  console.log('\nDesktop (1280x900), loopback, with the companion');
  table(
    ['metric', 'first visit', 'return visit'],
    [
      ['JS loaded (gzip)', kb(first.jsBytesGzip), kb(again.jsBytesGzip)],
      ['  of which over the network', kb(first.jsNetworkBytesGzip), kb(again.jsNetworkBytesGzip)],
      ...Object.keys({ ...first.jsPerChunk }).map((k) => [
        `  ${k}`,
        kb(first.jsPerChunk[k] ?? 0),
        kb(again.jsPerChunk[k] ?? 0),
      ]),
      ['API requests', String(first.apiRequests), String(again.apiRequests)],
      ['  duplicates (target 0)', String(first.duplicateRequests), String(again.duplicateRequests)],
      ['  token requests', String(first.tokenRequests), String(again.tokenRequests)],
      ['companion requests', String(first.companionRequests), String(again.companionRequests)],
      ['CORS preflights', String(first.preflights), String(again.preflights)],
      [
        'long tasks / longest',
        `${first.longTasks} / ${first.longestTaskMs} ms`,
        `${again.longTasks} / ${again.longestTaskMs} ms`,
      ],
      ['total blocking time', `${first.totalBlockingTimeMs} ms`, `${again.totalBlockingTimeMs} ms`],
      ['CLS (target 0.00)', first.cls.toFixed(2), again.cls.toFixed(2)],
      ['widgets final', `${first.widgetsFinalMs} ms`, `${again.widgetsFinalMs} ms`],
      ['network quiet', `${first.networkQuietMs} ms`, `${again.networkQuietMs} ms`],
      ['then scrolled to the end: settled after', `${first.toEnd.ms} ms`, `${again.toEnd.ms} ms`],
    ],
  );
}
if (loads.length) {
  console.log(`\nEmulator, ${LOAD_REQUESTS} requests per call, ${LOAD_CONCURRENCY} at a time, loopback`);
  table(
    ['call', 'req/s', 'p50', 'p99', 'errors'],
    loads.map((l) => [l.name, String(l.rps), `${l.p50Ms} ms`, `${l.p99Ms} ms`, String(l.errors)]),
  );
}

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/bench.json',
  JSON.stringify(
    {
      date: new Date().toISOString(),
      page: { url: product, bundleOrigin: SEPARATE_ASSETS ? 'own (CDN)' : 'API' },
      phone: phone.length
        ? {
            profile: { ...PROFILE, preflightMs: PREFLIGHT_MS },
            floor: FLOOR_DEFINITION,
            runs: RUNS,
            // per setup: the medians over the runs, and every run
            setups: phone.map((s) => ({
              setup: s.key,
              url: s.url,
              goals: s.goals,
              first: s.first,
              again: s.again,
              runs: phoneRuns[s.key],
            })),
          }
        : undefined,
      desktop: desktopVisits,
      emulator: loads,
    },
    null,
    2,
  ),
);
console.log('\nwritten: bench-results/bench.json');
