import { randomBytes } from 'node:crypto';
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { startEmulator } from '../../emulator/server.ts';
import { COMPANION_PATH, startDemo } from '../../demo/server.ts';
import type { Limits } from '../../companion/app.ts';
import { DEMO_CLIENT_ID, DEMO_LOGINS } from '../../emulator/seed.ts';

const assetsDir = fileURLToPath(new URL('../../dist/inlay', import.meta.url));

/** A port free a moment ago: another suite may take it before it is bound, so its user retries (`onFreePort`). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** `start` on a free port, again on another one while the port was taken in between (suites run side by side). */
async function onFreePort<T>(start: (port: number) => Promise<T>, tries = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await start(await freePort());
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || i >= tries) throw e;
    }
  }
}

export interface Stack {
  api: string;
  /** The emulator's hosted pages origin (authorize, login, logout, account, checkout): not the API's. */
  hosted: string;
  demo: string;
  /** A third origin serving ad-hoc fixture pages (for CSP, config and loader tests). */
  fixtures: { url: string; page(path: string, html: string, headers?: OutgoingHttpHeaders): string };
  emulator: Awaited<ReturnType<typeof startEmulator>>;
  /**
   * The site companion (issue 16), mounted on the demo's origin: its base URL (`<demo>/api/inlay`; demo pages name it
   * on the loader unless `?companion=off`) and the owner account on its `INLAY_OWNERS` list.
   */
  companion: {
    url: string;
    path: string;
    owner: { email: string; password: string };
    /**
     * Its rate limits (`companion/app.ts` `Limits`), read on every request: a test may lower one to see a real 429,
     * and must put it back (`delete limits.reviews`).
     */
    limits: Partial<Limits>;
  };
  close(): Promise<void>;
}

export interface StackOptions {
  catalog?: 'v1' | 'v3';
  /** Where the demo's pages load the bundle from (default: the emulator's `/inlay`); the bench names a CDN's origin. */
  assetsBase?: string;
}

/**
 * Emulator (in-memory SQLite, serving the built bundle, dev mode: the tests read its mailbox and inject faults) +
 * demo storefront + fixture origin, on free ports.
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  // the fixture origin binds port 0 itself; its pages are set later
  const pages = new Map<string, { html: string; headers: OutgoingHttpHeaders }>();
  const fixtureServer: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const p = pages.get(path);
    if (!p) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...p.headers });
    res.end(p.html);
  });
  await new Promise<void>((r) => fixtureServer.listen(0, '127.0.0.1', () => r()));
  const fixtureOrigin = `http://127.0.0.1:${(fixtureServer.address() as { port: number }).port}`;
  // the demo's origin is named to the emulator and the companion before it listens: a port free a moment ago
  const { emulator, demo, limits } = await onFreePort((demoPort) => startWithDemo(demoPort, fixtureOrigin, opts));

  return {
    api: emulator.url,
    hosted: emulator.hostedUrl,
    demo: demo.url,
    emulator,
    companion: { url: demo.url + COMPANION_PATH, path: COMPANION_PATH, owner: { ...DEMO_LOGINS.owner }, limits },
    fixtures: {
      url: fixtureOrigin,
      page(path, html, headers = {}) {
        pages.set(path, { html, headers });
        return fixtureOrigin + path;
      },
    },
    async close() {
      fixtureServer.closeAllConnections();
      await new Promise<void>((r) => fixtureServer.close(() => r()));
      await demo.close();
      await emulator.close();
    },
  };
}

/** The emulator and the demo on `demoPort`; the emulator is closed again if the demo cannot listen. */
async function startWithDemo(demoPort: number, fixtureOrigin: string, opts: StackOptions) {
  const demoOrigin = `http://127.0.0.1:${demoPort}`;
  // the same demo by name: WebAuthn refuses an IP address as the relying party (Chromium: "This is an invalid
  // domain"), so a passkey test opens the demo at localhost (issue 42)
  const localOrigin = `http://localhost:${demoPort}`;
  // the demo's backend reads orders (its thank-you page) with the site's API key, as a headless site's server does
  const admin = { apiKey: randomBytes(24).toString('base64url'), siteId: SITE_ID };
  const emulator = await startEmulator({
    port: 0,
    db: ':memory:',
    demoOrigins: [demoOrigin, localOrigin, fixtureOrigin],
    assetsDir,
    dev: true,
    apiKey: admin.apiKey,
    // the Stores catalog the site is on (default v1: the demo's own server reads the V1 catalog)
    ...(opts.catalog ? { catalog: opts.catalog } : {}),
  });
  // every browser test reaches the companion from 127.0.0.1: the per-address limits are the suite's, not a visitor's;
  // and one member (the owner of the gallery's console states: hundreds of screens a minute, each in three languages)
  // is a robot faster than any person, so the per-member limit is the suite's too
  const limits: Partial<Limits> = {
    perIp: [100_000, 60_000],
    perVisitor: [100_000, 60_000],
    challenges: [10_000, 60_000],
    writesPerIp: [10_000, 60_000],
  };
  let demo: Awaited<ReturnType<typeof startDemo>>;
  try {
    demo = await startDemo({
      port: demoPort,
      apiBase: emulator.url,
      ...(opts.assetsBase ? { assetsBase: opts.assetsBase } : {}),
      hostedBase: emulator.hostedUrl,
      admin,
      allowedOrigins: [demoOrigin, localOrigin, fixtureOrigin],
      // the site companion as a site deploys it: the OAuth client's id + secret (client_credentials), the seeded owner
      companion: {
        env: {
          INLAY_CLIENT_ID: DEMO_CLIENT_ID,
          INLAY_CLIENT_SECRET: emulator.clientSecret,
          INLAY_API_BASE: emulator.url,
          INLAY_OWNERS: DEMO_LOGINS.owner.email,
          INLAY_ALLOWED_ORIGINS: `${demoOrigin},${localOrigin}`,
          // the site's mail service: the emulator's dev mailbox (the recovery emails of the owner console)
          INLAY_MAIL_URL: `${emulator.url}/_dev/mailbox`,
        },
        deps: { limits, log: () => {} },
      },
    });
  } catch (e) {
    await emulator.close();
    throw e;
  }
  return { emulator, demo, limits };
}
