/**
 * `npm run emulator`: the platform emulator on its own.
 * Env / flags: INLAY_PORT / --port (8787), INLAY_HOSTED_PORT / --hosted-port (8788: the hosted pages' origin),
 * INLAY_DB / --db (.data/emulator.sqlite, or :memory:),
 * INLAY_DEMO_ORIGINS / --demo-origins (comma-separated; both add to the demo's own two origins),
 * INLAY_DEMO_REDIRECT_URIS / --demo-redirect-uris (comma-separated; both add to each demo origin + `/`),
 * INLAY_ASSETS / --assets (dist/inlay),
 * INLAY_DEV=1 / --dev (the `/_dev/*` mailbox and fault injection; off by default), INLAY_API_KEY (the site's admin
 * API key, environment only: never on a command line; unset: API-key calls are refused), INLAY_CLIENT_SECRET (the demo
 * OAuth client's secret for the `client_credentials` grant, environment only; unset: a random one per start, printed),
 * INLAY_CATALOG / --catalog (v1 or v3, default v3 like new stores: the Stores catalog the site is on),
 * INLAY_EMULATOR_REFUSE (comma-separated operation names of core/urls.ts, or `METHOD /path`: calls the platform refuses
 * to the site with 403 PERMISSION_DENIED, as it refuses a method an app may not call; emulator/refusals.ts),
 * INLAY_EMULATOR_IMPORT_ALLOW (comma-separated origins, `http://127.0.0.1:9000`: in dev mode, media imports may fetch
 * from them although loopback or private; docs/wire.md "Media library").
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_ASSETS_DIR,
  DEFAULT_HOSTED_PORT,
  DEFAULT_PORT,
  REPO_ROOT,
  demoOriginsWith,
  demoRedirectUrisWith,
  startEmulator,
} from './server.ts';
import { SITE_ID } from './domain/auth.ts';
import { DEMO_CLIENT_ID, DEMO_LOGINS, DEMO_TOTP_SECRET } from './seed.ts';

function fail(message: string): never {
  console.error(`emulator: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'hosted-port': { type: 'string' },
    db: { type: 'string' },
    'demo-origins': { type: 'string' },
    'demo-redirect-uris': { type: 'string' },
    assets: { type: 'string' },
    dev: { type: 'boolean' },
    catalog: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

if (values.help) {
  console.log(`Usage: npm run emulator -- [--port 8787] [--hosted-port 8788] [--db .data/emulator.sqlite|:memory:] [--demo-origins URL,URL] [--demo-redirect-uris URL,URL] [--assets dist/inlay] [--dev] [--catalog v3|v1]
Environment: INLAY_PORT, INLAY_HOSTED_PORT, INLAY_DB, INLAY_DEMO_ORIGINS, INLAY_DEMO_REDIRECT_URIS, INLAY_ASSETS, INLAY_DEV=1, INLAY_API_KEY, INLAY_CLIENT_SECRET, INLAY_CATALOG, INLAY_EMULATOR_REFUSE=triggerRefund,getRefundability, INLAY_EMULATOR_IMPORT_ALLOW=http://127.0.0.1:9000
--catalog: the Stores catalog the site is on (default v3, like new stores); the other catalog's reads answer 428.
--dev turns on the /_dev/* helpers (mailbox, fault injection), for a local Host only.`);
  process.exit(0);
}

const portText = values.port ?? process.env['INLAY_PORT'] ?? String(DEFAULT_PORT);
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid port: ${portText}`);
// the hosted pages (authorize, login, logout, account, checkout) on a second origin, like the platform's site domain
const hostedText =
  values['hosted-port'] ?? process.env['INLAY_HOSTED_PORT'] ?? String(port === 0 ? 0 : DEFAULT_HOSTED_PORT);
const hostedPort = Number(hostedText);
if (!Number.isInteger(hostedPort) || hostedPort < 0 || hostedPort > 65535) fail(`invalid hosted port: ${hostedText}`);
if (hostedPort !== 0 && hostedPort === port) fail('the hosted pages need a port of their own (--hosted-port)');

const dbOption = values.db ?? process.env['INLAY_DB'] ?? resolve(REPO_ROOT, '.data/emulator.sqlite');
const db = dbOption === ':memory:' ? dbOption : resolve(dbOption);

// both add to the defaults (the demo's own origins), the flag's first
let demoOrigins: string[] = [];
try {
  demoOrigins = demoOriginsWith(values['demo-origins'], process.env['INLAY_DEMO_ORIGINS']);
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
// the hosted sign-in's callbacks, matched exactly: each demo origin's home page, plus the ones given, as written
let demoRedirectUris: string[] = [];
try {
  demoRedirectUris = demoRedirectUrisWith(
    demoOrigins,
    values['demo-redirect-uris'],
    process.env['INLAY_DEMO_REDIRECT_URIS'],
  );
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}

const assetsOption = values.assets ?? process.env['INLAY_ASSETS'];
const assetsDir = assetsOption ? resolve(assetsOption) : DEFAULT_ASSETS_DIR;

const devText = (process.env['INLAY_DEV'] ?? '').trim().toLowerCase();
if (!['', '0', '1', 'false', 'true'].includes(devText)) fail('invalid INLAY_DEV: use 1 or 0');
const dev = values.dev === true || devText === '1' || devText === 'true';

const catalog = values.catalog ?? (process.env['INLAY_CATALOG'] || 'v3');
if (catalog !== 'v1' && catalog !== 'v3') fail(`invalid catalog: ${catalog} (use v1 or v3)`);

const apiKeyEnv = process.env['INLAY_API_KEY'] || undefined;
if (apiKeyEnv !== undefined && apiKeyEnv.length < 16) fail('INLAY_API_KEY must be at least 16 characters');
// the demo site's admin API key: the environment's, or a new random one per start (printed below)
const apiKey = apiKeyEnv ?? randomBytes(24).toString('base64url');

const clientSecret = process.env['INLAY_CLIENT_SECRET'] || undefined;
if (clientSecret !== undefined && clientSecret.length < 16) fail('INLAY_CLIENT_SECRET must be at least 16 characters');

// calls the platform refuses to the site (403 PERMISSION_DENIED): operation names, checked by startEmulator
const refuseOperations = (process.env['INLAY_EMULATOR_REFUSE'] ?? '').split(',').filter((x) => x.trim());
// origins a media import may fetch from although loopback or private (dev mode only)
const mediaImportAllow = (process.env['INLAY_EMULATOR_IMPORT_ALLOW'] ?? '')
  .split(',')
  .map((x) => x.trim())
  .filter(Boolean);

const emulator = await startEmulator({
  port,
  hostedPort,
  db,
  demoOrigins,
  demoRedirectUris,
  assetsDir,
  dev,
  catalog,
  apiKey,
  demoOrders: true,
  refuseOperations,
  mediaImportAllow,
  ...(clientSecret ? { clientSecret } : {}),
}).catch((err: unknown) => {
  fail(err instanceof Error ? err.message : String(err));
});

console.log(`emulator listening on ${emulator.url}`);
console.log(`  hosted pages (authorize, login, logout, account, checkout): ${emulator.hostedUrl}`);
console.log(`  database: ${db}`);
console.log(`  stores catalog: ${catalog.toUpperCase()} (--catalog v1|v3)`);
console.log(`  demo origins: ${demoOrigins.join(', ')}`);
console.log(`  demo redirect URIs (hosted sign-in, exact): ${demoRedirectUris.join(', ')}`);
console.log(
  '  hosted checkout test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 1000 authorizes only (capture later), ' +
    '4000 0000 0000 0077 stays pending, 4000 0000 0000 5126 pays but refunds fail, 4000 0000 0000 0002 is declined',
);
console.log(
  dev
    ? `  dev helpers: on (${emulator.url}/_dev/mailbox, /_dev/faults; local Host and JSON bodies only)`
    : '  dev helpers: off (/_dev/* answer 404; --dev or INLAY_DEV=1 turns them on)',
);
if (refuseOperations.length)
  console.log(`  refused to the site (403 PERMISSION_DENIED): ${[...emulator.app.refusedOperations].join(', ')}`);
// The demo site's admin credentials, for a site companion or backend code (README "Site companion"). Random ones are
// printed (nothing else could tell them); ones from the environment only in dev mode (a developer's own machine:
// `npm start` passes its own), never on a shared emulator.
const show = (fromEnv: boolean, value: string, name: string) =>
  !fromEnv ? `${value} (random per start; ${name} fixes it)` : dev ? `${value} (${name})` : `set (${name})`;
console.log(`  admin API key: ${show(apiKeyEnv !== undefined, apiKey, 'INLAY_API_KEY')}, wix-site-id ${SITE_ID}`);
console.log(
  `  admin client credentials: ${DEMO_CLIENT_ID} / ${show(clientSecret !== undefined, emulator.clientSecret, 'INLAY_CLIENT_SECRET')}`,
);
console.log(`  demo member: ${DEMO_LOGINS.member.email} / ${DEMO_LOGINS.member.password}`);
console.log(`  demo owner:  ${DEMO_LOGINS.owner.email} / ${DEMO_LOGINS.owner.password}`);
console.log(
  `  with a second factor: ${DEMO_LOGINS.authenticatorApp.email} / ${DEMO_LOGINS.authenticatorApp.password} ` +
    `(authenticator app, secret ${DEMO_TOTP_SECRET}); ${DEMO_LOGINS.passkey.email} / ${DEMO_LOGINS.passkey.password} (passkey)`,
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`emulator: ${signal}, shutting down`);
  emulator.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error('emulator: shutdown failed', err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
