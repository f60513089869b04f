/**
 * Helpers for the companion's tests (not a test file): a real emulator, the companion built against it, tokens of
 * every kind, a solved captcha, and a recorder of every answer and log line (the secret scan).
 */
import { build, type BuildOptions } from 'esbuild';
import { Miniflare } from 'miniflare';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator/server.ts';
import { DEMO_CLIENT_ID, DEMO_LOGINS, seedIds } from '../emulator/seed.ts';
import { SITE_ID } from '../emulator/domain/auth.ts';
import { memberTokens, visitorTokens } from '../tests/helpers/emulator.ts';
import { createCompanion, type Companion, type CompanionDeps } from './app.ts';
import type { CompanionEnv } from './config.ts';

export { DEMO_CLIENT_ID, DEMO_LOGINS, seedIds, SITE_ID };

export const API_KEY = 'test-api-key-0123456789abcdef';
export const ORIGIN = 'http://shop.test';
export const MUG = seedIds.products['enamel-camp-mug']!;
export const RUCKSACK = seedIds.products['waxed-canvas-rucksack']!;

/** A tiny valid PNG (1×1). */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export interface Harness {
  emu: RunningEmulator;
  companion: Companion;
  /** Every answer's body text, every log line, and the admin tokens the companion was given. */
  seen: { answers: string[]; logs: string[]; adminTokens: string[] };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(path: string, init?: RequestInit & { token?: string; ip?: string }): Promise<Response & { body_: any }>;
  visitor(): Promise<string>;
  member(): Promise<string>;
  owner(): Promise<string>;
  captcha(): Promise<string>;
  /**
   * The member's logout as the browser does it at the platform (the companion never sees it): a logout redirect
   * session made with the member's token, then its URL visited. The token's session ends on the platform.
   */
  logout(token: string): Promise<void>;
  close(): Promise<void>;
}

export async function harness(
  opts: {
    apiKey?: boolean;
    deps?: CompanionDeps;
    env?: Partial<CompanionEnv>;
    emulatorNow?: () => number;
    /** More of the emulator's options (a test's own import server: `mediaImportAllow`). */
    emulator?: Partial<EmulatorOptions>;
  } = {},
): Promise<Harness> {
  const emu = await startEmulator({
    port: 0,
    db: ':memory:',
    dev: true,
    apiKey: API_KEY,
    ...(opts.emulatorNow ? { now: opts.emulatorNow } : {}),
    ...opts.emulator,
  });
  const seen: Harness['seen'] = { answers: [], logs: [], adminTokens: [] };
  // the platform's answers to the companion, watched for the admin token it gets (to scan for it afterwards)
  const watchingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/oauth2/token')) {
      const copy = res.clone();
      const body = (await copy.json().catch(() => ({}))) as { access_token?: string };
      if (body.access_token) seen.adminTokens.push(body.access_token);
    }
    return res;
  };
  const env: CompanionEnv = {
    INLAY_API_BASE: emu.url,
    INLAY_OWNERS: DEMO_LOGINS.owner.email,
    INLAY_ALLOWED_ORIGINS: ORIGIN,
    ...(opts.apiKey
      ? { INLAY_API_KEY: API_KEY, INLAY_SITE_ID: SITE_ID }
      : { INLAY_CLIENT_ID: DEMO_CLIENT_ID, INLAY_CLIENT_SECRET: emu.clientSecret }),
    ...opts.env,
  };
  const companion = createCompanion(env, {
    fetch: watchingFetch,
    captchaMaxNumber: 2000,
    log: (line) => seen.logs.push(line),
    ...opts.deps,
  });
  const call: Harness['call'] = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', init.token);
    const res = await companion.fetch(new Request(`http://companion.test${path}`, { ...init, headers }), {
      ip: init.ip ?? '203.0.113.7',
    });
    const text = await res.text();
    seen.answers.push(text, JSON.stringify([...res.headers]));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return Object.assign(res, { body_: body });
  };
  return {
    emu,
    companion,
    seen,
    call,
    visitor: async () => (await visitorTokens(emu)).access,
    member: async () => (await memberTokens(emu, 'member')).access,
    owner: async () => (await memberTokens(emu, 'owner')).access,
    async captcha() {
      const r = await call('/v1/challenge');
      const ch = r.body_ as {
        algorithm: string;
        challenge: string;
        salt: string;
        signature: string;
        maxnumber: number;
      };
      const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
      if (!solution) throw new Error('captcha not solved');
      return btoa(JSON.stringify({ ...ch, maxnumber: undefined, number: solution.number }));
    },
    async logout(token) {
      const made = await fetch(`${emu.url}/_api/redirects-api/v1/redirect-session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: token },
        body: JSON.stringify({ logout: { clientId: DEMO_CLIENT_ID } }),
      });
      if (made.status !== 200) throw new Error(`logout session failed: ${made.status}`);
      const { redirectSession } = (await made.json()) as { redirectSession: { fullUrl: string } };
      const went = await fetch(redirectSession.fullUrl, { redirect: 'manual' });
      await went.body?.cancel();
      if (went.status !== 302) throw new Error(`logout failed: ${went.status}`);
    },
    close: () => emu.close(),
  };
}

/** JSON request init. */
export const post = (body: unknown, token?: string, method = 'POST'): RequestInit & { token?: string } => ({
  method,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
  ...(token ? { token } : {}),
});

/** esbuild's options for a Workers script, as a deployment bundles one for workerd. */
export const WORKERD_BUILD = {
  bundle: true,
  format: 'esm' as const,
  platform: 'neutral' as const,
  target: 'es2022',
  mainFields: ['module', 'main'],
  conditions: ['workerd', 'worker', 'browser'],
  write: false as const,
  logLevel: 'silent' as const,
} satisfies BuildOptions;

/** companion/worker.ts bundled for workerd (esbuild), as a deployment would bundle it. */
export async function bundleWorker(): Promise<string> {
  const out = await build({ ...WORKERD_BUILD, entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))] });
  return out.outputFiles[0]!.text;
}

/** A Workers companion's configuration against `emu` (wrangler `vars` and secrets), mounted at /api/inlay. */
export const workerBindings = (emu: RunningEmulator) => ({
  INLAY_CLIENT_ID: DEMO_CLIENT_ID,
  INLAY_CLIENT_SECRET: emu.clientSecret,
  INLAY_API_BASE: emu.url,
  INLAY_OWNERS: DEMO_LOGINS.owner.email,
  INLAY_BASE_PATH: '/api/inlay',
});

/**
 * Two instances of the Workers companion, `a` and `b` (two isolates), in one Miniflare; with `shared`, both use the
 * `InlayCounters` Durable Object that `a` defines, as a scaled-out deployment with the binding does.
 */
export const workerPair = (script: string, bindings: Record<string, string>, shared = true): Miniflare =>
  new Miniflare({
    workers: (['a', 'b'] as const).map((name) => ({
      name,
      modules: true,
      script,
      compatibilityDate: '2026-04-01',
      bindings,
      ...(shared
        ? {
            durableObjects: {
              INLAY_COUNTERS: name === 'a' ? 'InlayCounters' : { className: 'InlayCounters', scriptName: 'a' },
            },
          }
        : {}),
    })),
  });
