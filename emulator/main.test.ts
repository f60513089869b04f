import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, demoOriginsWith, demoRedirectUrisWith } from './server.ts';

/** `npm run emulator` with these flags and env: its banner and whether `/_dev/mailbox` answers; then SIGTERM. */
async function runCli(
  args: string[],
  env: Record<string, string> = {},
  probe?: (url: string, banner: string) => Promise<number>,
): Promise<{ banner: string; mailbox: number; probed?: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'emulator/main.ts', '--port', '0', '--db', ':memory:', ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, INLAY_DEV: '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  try {
    let banner = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`no demo owner line in the banner: ${banner}`)), 40_000);
      child.stdout.on('data', (chunk: string) => {
        banner += chunk;
        if (/demo owner: .*\n/.test(banner)) {
          clearTimeout(timer);
          ready();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`emulator exited with ${code}: ${banner}`));
      });
    });
    const url = /emulator listening on (\S+)/.exec(banner)![1]!;
    const mailbox = (await fetch(`${url}/_dev/mailbox`)).status;
    return { banner, mailbox, ...(probe ? { probed: await probe(url, banner) } : {}) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('npm run emulator: dev mode', () => {
  it(
    'is off by default (the banner says so, /_dev/* answer 404); --dev or INLAY_DEV=1 turn it on',
    { timeout: 60_000 },
    async () => {
      // allSettled: every child is stopped before anything is asserted
      const runs = await Promise.allSettled([runCli([]), runCli(['--dev']), runCli([], { INLAY_DEV: '1' })]);
      const [off, flag, env] = runs.map((r) => {
        if (r.status === 'rejected') throw r.reason;
        return r.value;
      }) as [
        Awaited<ReturnType<typeof runCli>>,
        Awaited<ReturnType<typeof runCli>>,
        Awaited<ReturnType<typeof runCli>>,
      ];
      expect(off.banner).toMatch(/dev helpers: off/);
      expect(off.mailbox).toBe(404);
      for (const on of [flag, env]) {
        expect(on.banner).toMatch(/dev helpers: on/);
        expect(on.mailbox).toBe(200);
      }
    },
  );
});

describe('npm run emulator: the demo client’s secret (client_credentials)', () => {
  const grant = async (url: string, secret: string) =>
    (
      await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-client', client_secret: secret }),
      })
    ).status;
  const printedSecret = (banner: string) =>
    /admin client credentials: demo-client \/ (\S+) \(random per start/.exec(banner)?.[1] ?? '';

  it(
    'is INLAY_CLIENT_SECRET (not printed) or a random one per start (printed with the demo logins)',
    { timeout: 60_000 },
    async () => {
      const fixed = 'a-fixed-secret-of-the-demo-client';
      const runs = await Promise.allSettled([
        runCli([], { INLAY_CLIENT_SECRET: fixed }, (url) => grant(url, fixed)),
        runCli([], { INLAY_CLIENT_SECRET: '' }, (url, banner) => grant(url, printedSecret(banner))),
      ]);
      const [env, random] = runs.map((r) => {
        if (r.status === 'rejected') throw r.reason;
        return r.value;
      }) as [Awaited<ReturnType<typeof runCli>>, Awaited<ReturnType<typeof runCli>>];
      expect(env.banner).toMatch(/admin client credentials: demo-client \/ set \(INLAY_CLIENT_SECRET\)/);
      expect(env.banner).not.toContain(fixed);
      expect(env.probed).toBe(200);
      expect(printedSecret(random.banner)).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(random.probed).toBe(200);
    },
  );

  it(
    'the admin API key: a random one per start, printed, that reads as admin; INLAY_API_KEY unprinted but in dev mode',
    { timeout: 60_000 },
    async () => {
      const printedKey = (banner: string) => /admin API key: (\S+) \(random per start/.exec(banner)?.[1] ?? '';
      const siteId = (banner: string) => /wix-site-id (\S+)/.exec(banner)?.[1] ?? '';
      // an order that does not exist: 404 to an admin, 401 to a wrong key
      const asAdmin = async (url: string, key: string, banner: string) =>
        (
          await fetch(`${url}/ecom/v1/orders/no-such-order`, {
            headers: { authorization: key, 'wix-site-id': siteId(banner) },
          })
        ).status;
      const fixed = 'a-fixed-api-key-of-the-demo-site';
      const runs = await Promise.allSettled([
        runCli([], { INLAY_API_KEY: '' }, (url, banner) => asAdmin(url, printedKey(banner), banner)),
        runCli([], { INLAY_API_KEY: fixed }, (url, banner) => asAdmin(url, fixed, banner)),
        runCli(['--dev'], { INLAY_API_KEY: fixed }, (url, banner) => asAdmin(url, 'wrong-key-of-16-chars', banner)),
      ]);
      const [random, env, dev] = runs.map((r) => {
        if (r.status === 'rejected') throw r.reason;
        return r.value;
      }) as Awaited<ReturnType<typeof runCli>>[];
      expect(printedKey(random!.banner)).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(random!.probed).toBe(404);
      expect(env!.banner).toMatch(/admin API key: set \(INLAY_API_KEY\)/);
      expect(env!.banner).not.toContain(fixed);
      expect(env!.probed).toBe(404);
      expect(dev!.banner).toContain(`admin API key: ${fixed} (INLAY_API_KEY)`);
      expect(dev!.probed).toBe(401);
    },
  );
});

describe('npm run emulator: allowed origins of demo-client', () => {
  it(
    'INLAY_DEMO_ORIGINS and --demo-origins add to the demo’s own origins, which stay allowed (CORS)',
    { timeout: 60_000 },
    async () => {
      const cors = (origin: string) => async (url: string) =>
        (await fetch(`${url}/oauth2/token`, { method: 'OPTIONS', headers: { Origin: origin } })).headers.get(
          'access-control-allow-origin',
        ) === origin
          ? 1
          : 0;
      const run = await runCli(
        ['--demo-origins', 'http://127.0.0.1:5199/'],
        { INLAY_DEMO_ORIGINS: 'https://shop.example, http://localhost:5173' },
        async (url) => (await cors('http://127.0.0.1:5173')(url)) + (await cors('https://shop.example')(url)),
      );
      expect(run.banner).toContain(
        'demo origins: http://127.0.0.1:5173, http://localhost:5173, http://127.0.0.1:5199, https://shop.example\n',
      );
      expect(run.probed).toBe(2); // the default and the added origin both get CORS answers
    },
  );

  it('refuses an origin that is not scheme://host[:port], naming it', { timeout: 60_000 }, async () => {
    for (const bad of ['https://shop.example/path', 'shop.example', 'https://a@shop.example', 'javascript:x'])
      expect(() => demoOriginsWith(bad), bad).toThrow(`invalid origin in demo origins: ${bad}`);
    await expect(runCli([], { INLAY_DEMO_ORIGINS: 'https://shop.example/path' })).rejects.toThrow(/exited with 2/);
  });
});

describe('npm run emulator: hosted pages origin and redirect URIs of demo-client', () => {
  it('demo redirect URIs: each demo origin + "/", then the ones given, as written; anything else is refused', () => {
    expect(
      demoRedirectUrisWith(
        ['http://127.0.0.1:5173', 'http://localhost:5173'],
        'http://127.0.0.1:5173/account/callback, http://127.0.0.1:5173/',
        undefined,
        'https://shop.example/cb?from=inlay',
      ),
    ).toEqual([
      'http://127.0.0.1:5173/',
      'http://localhost:5173/',
      'http://127.0.0.1:5173/account/callback',
      'https://shop.example/cb?from=inlay',
    ]);
    for (const bad of [
      'https://shop.example',
      'shop.example/cb',
      'https://shop.example/cb#x',
      'javascript:x/',
      'https://a@shop.example/',
    ])
      expect(() => demoRedirectUrisWith([], bad), bad).toThrow(
        `invalid redirect URI (absolute http(s), with a path, no fragment): ${bad}`,
      );
  });

  it(
    'prints the hosted pages origin (a port of its own, serving the pages) and the redirect URIs; --demo-redirect-uris adds',
    { timeout: 60_000 },
    async () => {
      const run = await runCli(['--demo-redirect-uris', 'https://shop.example/callback'], {}, async (url, banner) => {
        const hosted = /hosted pages \(authorize, login, logout, account, checkout\): (\S+)/.exec(banner)![1]!;
        expect(hosted).not.toBe(url);
        return (await fetch(`${hosted}/_hosted/hosted.css`)).status;
      });
      expect(run.probed).toBe(200);
      expect(run.banner).toContain(
        'demo redirect URIs (hosted sign-in, exact): http://127.0.0.1:5173/, http://localhost:5173/, https://shop.example/callback\n',
      );
      await expect(runCli(['--demo-redirect-uris', 'https://shop.example/#x'])).rejects.toThrow(/exited with 2/);
    },
  );
});
