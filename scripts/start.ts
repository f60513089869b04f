/**
 * `npm start`: the platform emulator (INLAY_PORT, default 8787; its hosted pages on INLAY_HOSTED_PORT, 8788) and the
 * demo storefront (DEMO_PORT, default 5173) on their own origins, so CORS and cross-origin loading are real. Ctrl+C stops both. The emulator runs in dev mode
 * (`--dev`: the `/_dev/*` mailbox and fault injection, on a local Host only): this is a developer's machine.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startDemo } from '../demo/server.ts';
import { SITE_ID } from '../emulator/domain/auth.ts';
import { demoOriginsWith } from '../emulator/origins.ts';
import { DEMO_CLIENT_ID, DEMO_LOGINS } from '../emulator/seed.ts';

const apiPort = Number(process.env.INLAY_PORT ?? 8787);
// the platform's hosted pages (authorize, login, logout, account, checkout) on their own origin, as on the platform
const hostedPort = Number(process.env.INLAY_HOSTED_PORT ?? 8788);
const demoPort = Number(process.env.DEMO_PORT ?? 5173);
const apiBase = `http://127.0.0.1:${apiPort}`;
const hostedBase = `http://127.0.0.1:${hostedPort}`;
const ownOrigins = [`http://127.0.0.1:${demoPort}`, `http://localhost:${demoPort}`].join(',');
// what the emulator allows for the demo client: its defaults, this demo's origins, and INLAY_DEMO_ORIGINS (which adds)
const allowedOrigins = demoOriginsWith(ownOrigins, process.env.INLAY_DEMO_ORIGINS);

// the site's admin API key, for the demo's backend only (its thank-you page reads the order's number); new each run
const admin = { apiKey: process.env.INLAY_API_KEY || randomBytes(24).toString('base64url'), siteId: SITE_ID };
// the demo OAuth client's secret, for the site companion's admin token (client_credentials); new each run unless set
const clientSecret = process.env.INLAY_CLIENT_SECRET || randomBytes(24).toString('base64url');

const emulator = spawn(
  process.execPath,
  ['--import', 'tsx', 'emulator/main.ts', '--dev', '--demo-origins', ownOrigins],
  {
    // a Catalog V3 site, like every new store (the emulator's default; INLAY_CATALOG=v1 runs an older site): the
    // widgets and the demo's own server pages (demo/catalog.ts) read whichever catalog the site is on
    env: {
      ...process.env,
      INLAY_PORT: String(apiPort),
      INLAY_HOSTED_PORT: String(hostedPort),
      INLAY_API_KEY: admin.apiKey,
      INLAY_CLIENT_SECRET: clientSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);

let demo: Awaited<ReturnType<typeof startDemo>> | undefined;
let buffer = '';
emulator.stdout.setEncoding('utf8');
emulator.stdout.on('data', (chunk: string) => {
  process.stdout.write(chunk);
  if (demo) return;
  buffer += chunk;
  if (buffer.includes('emulator listening on')) {
    buffer = '';
    startDemo({
      port: demoPort,
      apiBase,
      hostedBase,
      admin,
      allowedOrigins,
      // the site companion on the demo's own origin (/api/inlay), as a site deploys it (README "Site companion")
      companion: {
        env: {
          INLAY_CLIENT_ID: DEMO_CLIENT_ID,
          INLAY_CLIENT_SECRET: clientSecret,
          INLAY_API_BASE: apiBase,
          INLAY_OWNERS: DEMO_LOGINS.owner.email,
          INLAY_ALLOWED_ORIGINS: ownOrigins,
          // the site's mail service for recovery emails: the emulator's dev mailbox (INLAY_MAIL_URL overrides it)
          INLAY_MAIL_URL: process.env.INLAY_MAIL_URL || `${apiBase}/_dev/mailbox`,
          ...(process.env.INLAY_MAIL_TOKEN ? { INLAY_MAIL_TOKEN: process.env.INLAY_MAIL_TOKEN } : {}),
        },
      },
    })
      .then((d) => {
        demo = d;
        // after the emulator's own banner (logins) has been printed
        setTimeout(
          () =>
            console.log(
              `\ndemo storefront on ${d.url}  (platform emulator on ${apiBase})` +
                `\nsite companion on ${d.url}/api/inlay  (admin: ${DEMO_CLIENT_ID} client credentials; owner: ${DEMO_LOGINS.owner.email})` +
                `\nPress Ctrl+C to stop.`,
            ),
          200,
        );
      })
      .catch((e: unknown) => {
        console.error(`demo: could not start on port ${demoPort}:`, e instanceof Error ? e.message : e);
        emulator.kill('SIGTERM');
        process.exitCode = 1;
      });
  }
});
emulator.on('exit', (code) => {
  if (code) console.error(`emulator exited with code ${code}`);
  void demo?.close().finally(() => process.exit(code ?? 0));
  if (!demo) process.exit(code ?? 1);
});

const stop = () => {
  emulator.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
