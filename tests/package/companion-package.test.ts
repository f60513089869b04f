/**
 * `inlay/companion` as a site owner gets it: the packed tarball installed offline into a scratch project with the
 * libraries the companion imports (the package's optional peer dependencies), then run from there against a real
 * emulator, on Node (`inlay/companion` + `inlay/companion/node`, as README shows) and in Miniflare (workerd:
 * `inlay/companion/worker` bundled with esbuild as a Workers build would), and its declarations type-checked. Needs
 * `dist/` (npm test builds first).
 */
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/server.ts';
import { DEMO_CLIENT_ID, DEMO_LOGINS } from '../../emulator/seed.ts';
import { memberTokens, startTestEmulator, visitorTokens } from '../helpers/emulator.ts';
import { WORKERD_BUILD } from '../../companion/test-helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
type LockEntry = { version: string; dependencies?: Record<string, string>; dev?: boolean } & Record<string, unknown>;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const rootLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
/** What a site installs next to `inlay` to run the companion (README "Site companion"). */
const LIBRARIES = ['hono', '@hono/node-server', 'altcha-lib', 'zod'];
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * The scratch project's lock: the tarball, and the libraries at the versions the project's own lock has. npm's cache
 * holds those tarballs (the project's install fetched them) but not the registry's version lists, which an install
 * by name needs (`npm install --offline hono` fails ENOTCACHED); with a lock, `npm ci --offline` needs neither.
 */
function scratchLock(tarball: string, integrity: string, version: string) {
  const packages: Record<string, unknown> = {
    '': { name: 'scratch', dependencies: scratchDependencies(tarball) },
    'node_modules/inlay': {
      version,
      resolved: `file:${tarball}`,
      integrity,
      peerDependencies: pkg.peerDependencies,
      peerDependenciesMeta: pkg.peerDependenciesMeta,
    },
  };
  const queue = [...LIBRARIES];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const entry = rootLock.packages[key];
    if (!entry) throw new Error(`package-lock.json has no top-level ${name}`);
    const { dev: _dev, ...rest } = entry;
    packages[key] = rest;
    queue.push(...Object.keys(entry.dependencies ?? {}));
  }
  return { name: 'scratch', lockfileVersion: 3, requires: true, packages };
}
const scratchDependencies = (tarball: string) => ({
  inlay: `file:${tarball}`,
  ...Object.fromEntries(LIBRARIES.map((l) => [l, pkg.peerDependencies[l]!])),
});

let scratch: string;
let app: string;
let emu: RunningEmulator;
const env = () => ({
  INLAY_CLIENT_ID: DEMO_CLIENT_ID,
  INLAY_CLIENT_SECRET: emu.clientSecret,
  INLAY_API_BASE: emu.url,
  INLAY_OWNERS: DEMO_LOGINS.owner.email,
  INLAY_BASE_PATH: '/api/inlay',
});

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'inlay-companion-'));
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], ROOT)) as {
    filename: string;
    integrity: string;
    version: string;
  }[];
  app = join(scratch, 'app');
  mkdirSync(app);
  const tarball = `../${packed!.filename}`;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, type: 'module', dependencies: scratchDependencies(tarball) }),
  );
  writeFileSync(
    join(app, 'package-lock.json'),
    JSON.stringify(scratchLock(tarball, packed!.integrity, packed!.version), null, 2),
  );
  npm(['ci', '--offline', '--no-audit', '--no-fund'], app);
  emu = await startTestEmulator();
}, 240_000);
afterAll(async () => {
  await emu?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** `GET /v1/me` through `me`: a visitor's token is a visitor, the seeded owner's an owner. */
async function visitorAndOwner(me: (token: string) => Promise<{ status: number; body: unknown }>) {
  expect(await me((await visitorTokens(emu)).access)).toMatchObject({
    status: 200,
    body: { kind: 'visitor', owner: false },
  });
  expect(await me((await memberTokens(emu, 'owner')).access)).toMatchObject({
    status: 200,
    body: { kind: 'member', owner: true },
  });
}

describe('inlay/companion from the packed tarball', () => {
  it('installs the libraries it names and nothing else', () => {
    const installed = readdirSync(join(app, 'node_modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .flatMap((d) =>
        d.name.startsWith('@') ? readdirSync(join(app, 'node_modules', d.name)).map((n) => `${d.name}/${n}`) : [d.name],
      );
    expect(installed.sort()).toEqual(['inlay', ...LIBRARIES].sort());
  });

  it('runs on Node: `inlay/companion` behind `inlay/companion/node`, answering who the caller is', async () => {
    writeFileSync(
      join(app, 'server.js'),
      `import { createServer } from 'node:http';
import { createCompanion, CompanionConfigError } from 'inlay/companion';
import { nodeListener, startCompanion } from 'inlay/companion/node';

// one CompanionConfigError, whichever entry throws it
const refused = await startCompanion({}).catch((e) => e);
if (!(refused instanceof CompanionConfigError)) throw new Error('startCompanion({}) did not refuse: ' + refused);
const server = createServer(nodeListener(createCompanion(process.env, { log: () => {} })));
server.listen(0, '127.0.0.1', () =>
  console.log(JSON.stringify({ port: server.address().port, from: import.meta.resolve('inlay/companion/node') })),
);
`,
    );
    const child: ChildProcess = spawn(process.execPath, ['server.js'], {
      cwd: app,
      env: { PATH: process.env.PATH, ...env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      const first = await new Promise<string>((done, fail) => {
        createInterface({ input: child.stdout! }).once('line', done);
        child.once('exit', (code) => fail(new Error(`server.js exited ${code}: ${stderr}`)));
      });
      const { port, from } = JSON.parse(first) as { port: number; from: string };
      expect(from).toBe(pathToFileURL(realpathSync(join(app, 'node_modules/inlay/dist/companion/node.js'))).href);
      const me = async (token: string) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/inlay/v1/me`, { headers: { Authorization: token } });
        return { status: res.status, body: (await res.json()) as { kind: string; owner: boolean } };
      };
      await visitorAndOwner(me);
    } finally {
      child.kill();
    }
  }, 60_000);

  it('runs in Miniflare: `inlay/companion/worker` bundled for workerd, its Durable Object counting', async () => {
    const out = await build({
      stdin: {
        contents: `export { default, InlayCounters } from 'inlay/companion/worker';`,
        resolveDir: app,
        sourcefile: 'entry.js',
      },
      absWorkingDir: app,
      ...WORKERD_BUILD,
      metafile: true,
    });
    // everything came from the scratch project's node_modules: the package's two files and the libraries
    const inputs = Object.keys(out.metafile.inputs).filter((i) => i !== 'entry.js');
    expect(inputs.filter((i) => !i.startsWith('node_modules/'))).toEqual([]);
    expect(inputs).toContain('node_modules/inlay/dist/companion/worker.js');
    expect(inputs).toContain('node_modules/inlay/dist/companion/index.js');
    expect(inputs.some((i) => i.startsWith('node_modules/hono/'))).toBe(true);

    const mf = new Miniflare({
      modules: true,
      script: out.outputFiles[0]!.text,
      compatibilityDate: '2026-04-01',
      bindings: env(),
      durableObjects: { INLAY_COUNTERS: 'InlayCounters' },
    });
    try {
      const me = async (token: string) => {
        const res = await mf.dispatchFetch('http://shop.test/api/inlay/v1/me', {
          headers: { Authorization: token, 'CF-Connecting-IP': '203.0.113.9' },
        });
        return { status: res.status, body: (await res.json()) as { kind: string; owner: boolean } };
      };
      await visitorAndOwner(me);
    } finally {
      await mf.dispose();
    }
  }, 120_000);

  it('type-checks in the scratch project (bundler and Node resolution); a wrong variable fails the check', () => {
    // the site's own Node types (linked after the install, which prunes strangers)
    mkdirSync(join(app, 'node_modules', '@types'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules/@types/node'), join(app, 'node_modules/@types/node'));
    writeFileSync(
      join(app, 'site.ts'),
      `import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createCompanion,
  readConfig,
  CompanionConfigError,
  MemoryCounterStore,
  DEFAULT_LIMITS,
  type Companion,
  type CompanionConfig,
  type CompanionEnv,
  type CounterStore,
  type Limits,
} from 'inlay/companion';
import { nodeListener, startCompanion, DEFAULT_COMPANION_PORT } from 'inlay/companion/node';
import worker, { InlayCounters, DurableObjectCounterStore, type WorkerEnv } from 'inlay/companion/worker';

const env: CompanionEnv = { INLAY_API_KEY: 'key', INLAY_SITE_ID: 'site', INLAY_BASE_PATH: '/api/inlay' };
const counters: CounterStore = new MemoryCounterStore();
const limits: Limits = { ...DEFAULT_LIMITS, perIp: [10, 1000] };
export const companion: Companion = createCompanion(env, { counters, limits, log: (line: string) => void line });
export const config: CompanionConfig = readConfig(env);
export const answer: Promise<Response> = companion.fetch(new Request('http://shop.test/api/inlay/v1/me'), { ip: '::1' });
export const listener: (req: IncomingMessage, res: ServerResponse) => Promise<void> = nodeListener(companion);
export const started: Promise<{ url: string; port: number; close(): Promise<void> }> = startCompanion(env, {
  port: DEFAULT_COMPANION_PORT,
});
export const handle: (req: Request, env: WorkerEnv) => Promise<Response> = worker.fetch;
export const classes = [InlayCounters, DurableObjectCounterStore, CompanionConfigError] as const;
`,
    );
    writeFileSync(
      join(app, 'bad.ts'),
      `import { createCompanion } from 'inlay/companion';\nexport const c = createCompanion({ INLAY_OWNERS: ['a'] });\n`,
    );
    // skipLibCheck off: the package's declarations themselves are checked, and name nothing the site lacks
    const tsc = (moduleResolution: 'bundler' | 'nodenext', file: string, skipLibCheck = false) => {
      const config = `tsconfig.${moduleResolution}.${file}.json`;
      writeFileSync(
        join(app, config),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: moduleResolution === 'bundler' ? 'ESNext' : 'NodeNext',
            moduleResolution,
            strict: true,
            noEmit: true,
            skipLibCheck,
            types: ['node'],
            lib: ['ES2023', 'DOM'],
          },
          files: [file],
        }),
      );
      const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', config], {
        cwd: app,
        encoding: 'utf8',
      });
      return { status: r.status, out: r.stdout + r.stderr };
    };
    expect(tsc('bundler', 'site.ts')).toEqual({ status: 0, out: '' });
    expect(tsc('nodenext', 'site.ts')).toEqual({ status: 0, out: '' });
    const bad = tsc('bundler', 'bad.ts', true);
    expect(bad.status).not.toBe(0);
    expect(bad.out).toMatch(/bad\.ts\(2,\d+\): error TS2322: Type 'string\[\]' is not assignable to type 'string'/);
  }, 180_000);
});
