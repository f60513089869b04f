/**
 * `npm run build:companion`: the site companion as the package publishes it (dist/companion): `inlay/companion` (the
 * web-standard handler, index.js), `inlay/companion/node` (node.js) and `inlay/companion/worker` (worker.js), ES
 * modules built with esbuild, and their declarations (tsc, companion/tsconfig.lib.json, into dist/companion/types).
 *
 * The libraries (hono, @hono/node-server, altcha-lib, zod) stay imports, resolved from the site's node_modules (the
 * package's optional peer dependencies); the repository's own code (companion/, the few core/ files it uses) is
 * bundled. node.js and worker.js import the handler from ./index.js rather than carrying a copy of it, so there is
 * one `CompanionConfigError` (and one of everything else) however many entries a site imports.
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'dist/companion');
const TYPES = join(OUT, 'types');

/** What each entry exports, and from which source file: the package's public names, nothing else. */
interface Entry {
  platform: 'neutral' | 'node';
  from: Record<string, { values?: string[]; types?: string[] }>;
}
const ENTRIES: Record<'index' | 'node' | 'worker', Entry> = {
  index: {
    platform: 'neutral',
    from: {
      'companion/app.ts': {
        values: ['createCompanion', 'readConfig', 'CompanionConfigError', 'MemoryCounterStore', 'DEFAULT_LIMITS'],
        types: [
          'Companion',
          'CompanionDeps',
          'CompanionConfig',
          'CompanionEnv',
          'CounterStore',
          'Limits',
          'RequestInfo',
        ],
      },
      'companion/config.ts': { types: ['AdminCredentials'] },
      'companion/admin-abandoned.ts': { types: ['RecoveryMailer'] },
    },
  },
  node: {
    platform: 'node',
    from: { 'companion/node.ts': { values: ['nodeListener', 'startCompanion', 'DEFAULT_COMPANION_PORT'] } },
  },
  worker: {
    platform: 'neutral',
    from: {
      'companion/worker.ts': { values: ['default', 'InlayCounters'], types: ['WorkerEnv'] },
      'companion/durable-counters.ts': {
        values: ['DurableObjectCounterStore'],
        types: ['DurableNamespace', 'DurableState', 'DurableStorage'],
      },
    },
  },
};
/** The source files node.js and worker.js may carry themselves; anything else they use comes from ./index.js. */
const OWN_FILES: Record<keyof typeof ENTRIES, string[] | undefined> = {
  index: undefined,
  node: ['companion/node.ts'],
  worker: ['companion/worker.ts', 'companion/durable-counters.ts'],
};

const exportLines = (entry: Entry, specifier: (source: string) => string, withTypes: boolean) =>
  Object.entries(entry.from).flatMap(([source, { values = [], types = [] }]) => [
    ...(values.length ? [`export { ${values.join(', ')} } from '${specifier(source)}';`] : []),
    ...(withTypes && types.length ? [`export type { ${types.join(', ')} } from '${specifier(source)}';`] : []),
  ]);

/** node.ts and worker.ts import the handler as `./app.ts`: in the package, that is ./index.js next to them. */
const handlerFromIndex: Plugin = {
  name: 'handler-from-index',
  setup(b) {
    b.onResolve({ filter: /^\.\/app\.ts$/ }, (args) =>
      relative(ROOT, args.resolveDir) === 'companion' ? { path: './index.js', external: true } : undefined,
    );
  },
};

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

// the JavaScript
for (const [name, entry] of Object.entries(ENTRIES) as [keyof typeof ENTRIES, Entry][]) {
  const result = await build({
    stdin: {
      contents: exportLines(entry, (source) => `./${source}`, false).join('\n'),
      resolveDir: ROOT,
      sourcefile: `inlay-companion-${name}.ts`,
      loader: 'ts',
    },
    absWorkingDir: ROOT,
    outfile: join(OUT, `${name}.js`),
    bundle: true,
    format: 'esm',
    platform: entry.platform,
    target: 'es2022',
    // every bare import (hono, @hono/node-server, altcha-lib, zod, node:*) is the site's, from its node_modules
    packages: 'external',
    plugins: name === 'index' ? [] : [handlerFromIndex],
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  const own = OWN_FILES[name];
  if (own) {
    const inputs = Object.keys((result.metafile as Metafile).inputs).filter((i) => i !== `inlay-companion-${name}.ts`);
    const strangers = inputs.filter((i) => !own.includes(i));
    if (strangers.length)
      throw new Error(
        `dist/companion/${name}.js would carry its own copy of ${strangers.join(', ')}: import it from ./app.ts ` +
          `(then it comes from ./index.js), or list it in OWN_FILES (scripts/build-companion.ts)`,
      );
  }
}

// the declarations: tsc's for the source files, then one file per entry naming the public ones
const tsc = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'companion/tsconfig.lib.json')],
  { cwd: ROOT, stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
  );
const RELATIVE_IMPORT = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;
// the source imports `./x.ts`; in the package, a declaration imports `./x.js` (which resolves to x.d.ts)
for (const file of walk(TYPES)) {
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(
    RELATIVE_IMPORT,
    (_m, head: string, q: string, spec: string) => `${head}${q}${spec.replace(/\.ts$/, '.js')}${q}`,
  );
  if (fixed !== text) writeFileSync(file, fixed);
}
for (const [name, entry] of Object.entries(ENTRIES)) {
  const lines = exportLines(entry, (source) => `./types/${source.replace(/\.ts$/, '.js')}`, true);
  writeFileSync(join(OUT, `${name}.d.ts`), lines.join('\n') + '\n');
}

// ship only the declarations the entries reach (tsc writes one for every file of the program)
const reached = new Set<string>();
const visit = (file: string) => {
  if (reached.has(file)) return;
  if (!existsSync(file)) throw new Error(`${relative(ROOT, file)}: a declaration imports it, and tsc did not write it`);
  reached.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT))
    visit(resolve(dirname(file), m[3]!.replace(/\.js$/, '.d.ts')));
};
for (const name of Object.keys(ENTRIES)) visit(join(OUT, `${name}.d.ts`));
for (const file of walk(TYPES)) if (!reached.has(file)) rmSync(file);

// a declaration may import only what a site installs for the companion (the peer dependencies) and Node's own
// modules. One the companion never uses may name another library of the repository's (a nanostores atom, say): it is
// dropped when no shipped declaration mentions it, else the build fails.
const peers = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> })
    .peerDependencies,
);
const shipped = (spec: string) => spec.startsWith('node:') || peers.some((p) => spec === p || spec.startsWith(`${p}/`));
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const texts = new Map([...reached].map((f) => [f, readFileSync(f, 'utf8')]));
for (const [file, text] of texts) {
  const where = relative(ROOT, file);
  for (const m of text.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g))
    if (!m[1]!.startsWith('.') && !shipped(m[1]!)) throw new Error(`${where} imports ${m[1]}, which a site lacks`);
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const spec = /\bimport\(["']([^"']+)["']\)/.exec(lines[i]!)?.[1];
    if (spec === undefined || spec.startsWith('.') || shipped(spec)) continue;
    const name = /^export declare (?:const|let|var) ([\w$]+): .*;$/.exec(lines[i]!)?.[1];
    const mention = name && new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
    const others = [...texts].map(([f, t]) => (f === file ? lines.filter((_, j) => j !== i).join('\n') : t));
    if (!mention || others.some((t) => mention.test(withoutComments(t))))
      throw new Error(`${where}:${i + 1} names ${spec}, which a site lacks: ${lines[i]}`);
    // the line and the doc comment above it
    let from = i;
    if (lines[i - 1]?.trim().endsWith('*/')) while (from > 0 && !lines[from]!.trim().startsWith('/**')) from--;
    lines.splice(from, i - from + 1);
    i = from - 1;
  }
  const fixed = lines.join('\n');
  if (fixed !== text) {
    texts.set(file, fixed);
    writeFileSync(file, fixed);
  }
}
const pruneEmpty = (dir: string) => {
  for (const d of readdirSync(dir, { withFileTypes: true })) if (d.isDirectory()) pruneEmpty(join(dir, d.name));
  if (readdirSync(dir).length === 0) rmdirSync(dir);
};
pruneEmpty(TYPES);

// each entry loads, and exports what it says (a missing name fails the import)
for (const [name, entry] of Object.entries(ENTRIES)) {
  const mod = (await import(pathToFileURL(join(OUT, `${name}.js`)).href)) as Record<string, unknown>;
  const missing = Object.values(entry.from)
    .flatMap((f) => f.values ?? [])
    .filter((v) => mod[v] === undefined);
  if (missing.length) throw new Error(`dist/companion/${name}.js lacks ${missing.join(', ')}`);
}
console.log(`built dist/companion (${walk(OUT).length} files)`);
