import { defineConfig, type LibraryOptions } from 'vite';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { minify as terser } from 'terser';

const root = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** The widgets' folders (widgets/<name>/element.ts): their chunks, and only theirs, are named after them. */
const WIDGET_DIRS = new Set(
  readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'widgets', d.name, 'element.ts')))
    .map((d) => d.name),
);

/** Widgets are written against the React API and built with Preact's compat layer, for size. */
export const browserAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * nanostores and zod keep module-shared state on `globalThis` (`nanostoresGlobal`, `__zod_globalConfig`); the
 * contract puts nothing on a host's window but `Inlay`, so in the browser bundle that state stays module-local.
 */
const keepLibraryGlobalsLocal = {
  name: 'inlay-keep-library-globals-local',
  transform(code: string, id: string) {
    if (!/[\\/]node_modules[\\/](nanostores|zod)[\\/]/.test(id) || !code.includes('globalThis')) return null;
    return { code: 'const __inlayScope = {};\n' + code.replace(/\bglobalThis\b/g, '__inlayScope'), map: null };
  },
};

/**
 * Classic build only: every `import('./…')` of our source becomes a static import resolved at once, and an element
 * module's import also defines its tags then (core/element.ts, `defineDeferred`). One file holds every module anyway;
 * a dynamic import in it makes rolldown wrap each module reached only that way in a lazy initialiser (`var …;
 * x = __esmMin(() => {…})`), which cost 2.4 KB gzip. Type positions (`typeof import('./x')`) are left alone.
 */
const classicStaticImports: Plugin = {
  name: 'inlay-classic-static-imports',
  enforce: 'pre',
  transform(code, id) {
    if (/[\\/]node_modules[\\/]/.test(id) || !/\.tsx?$/.test(id)) return null;
    const imports: string[] = [];
    const out = code.replace(/(?<!typeof\s*)\bimport\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g, (_, _q, spec: string) => {
      const name = `__inlayStatic${imports.length}`;
      imports.push(`import * as ${name} from ${JSON.stringify(spec)};`);
      return /[\\/]element\.ts$/.test(spec) ? `Promise.resolve(__inlayDefine(${name}))` : `Promise.resolve(${name})`;
    });
    if (!imports.length) return null;
    const element = relative(dirname(id), join(root, 'core/element.ts')).split(sep).join('/');
    if (out.includes('__inlayDefine(')) imports.push(`import { defineDeferred as __inlayDefine } from './${element}';`);
    // at the end (imports are hoisted): every line keeps its number, for the source map
    return { code: out + '\n' + imports.join(''), map: null };
  },
};

/**
 * What the classic `assets/inlay-console-<hash>.js` (the owner's console for pages on `inlay.js`) takes from `inlay.js`
 * instead of carrying its own copy: the one preact, the page's stores, core (a library without page state, zod, it
 * carries). `inlay.js` hands it over privately: the console file is an ES module whose `start(shared)` gets, for each of
 * these (keyed by the path with every non-word character as `_`), just the bindings the console imports. Nothing goes
 * on `window`. The console build refuses any other import from outside the console, and any import of these that the
 * list of bindings does not cover, so a console that starts using something new fails the build until it is here.
 */
export const SHARED_WITH_CONSOLE = [
  'preact/compat',
  'preact/jsx-runtime',
  'nanostores',
  '@nanostores/react',
  'core/element.ts',
  'core/errors.ts',
  'core/i18n/index.ts',
  'core/on-demand.ts',
  'core/safe-url.ts',
  'core/api/companion.ts',
  'core/api/json.ts',
  'core/api/orders.ts',
  'core/reads/products.ts',
  'core/stores/session.ts',
  // the apps' shared layer (props-only views, words and sheets): inlay.js has it for the account
  'ui/confirm.tsx',
  'ui/frame-styles.ts',
  'ui/lazy-part.tsx',
  'ui/more.tsx',
  'ui/order-view.tsx',
  'ui/paged.ts',
  'ui/states.tsx',
  'ui/styles.ts',
  'ui/tabs.tsx',
];
const sharedKey = (spec: string) => spec.replace(/\.tsx?$/, '').replace(/\W/g, '_');
/**
 * The console's own modules: its folder (but the modules inlay.js keeps: the element, its view and the loaders of the
 * console) and its platform calls (core/api/admin-*.ts, order-changes.ts).
 */
const consoleOwn = (id: string) =>
  /[\\/]widgets[\\/]admin[\\/](?!console-load|view\.tsx$|element\.ts$)/.test(id) ||
  /[\\/]core[\\/]api[\\/](?:admin-[\w-]+|order-changes)\.ts$/.test(id);
/** A shared module's spec (SHARED_WITH_CONSOLE's form) for an import `source` in `file`. */
const specOf = (source: string, file: string) =>
  /^[./]/.test(source)
    ? relative(root, resolve(dirname(file), source))
        .split(sep)
        .join('/')
    : (browserAliases.find((a) => a.find.test(source))?.replacement ?? source);

/**
 * What the console's modules import from the shared ones, `{ spec: names }` (`'*'` for a namespace import), read with
 * TypeScript's parser: imports and re-exports, type-only ones left out. A dynamic import of a shared module is refused.
 */
async function consoleImports(): Promise<Map<string, Set<string> | '*'>> {
  const ts = (await import('typescript')).default;
  const files = [
    ...readdirSync(join(root, 'widgets/admin'), { recursive: true }).map((f) => join(root, 'widgets/admin', String(f))),
    ...readdirSync(join(root, 'core/api')).map((f) => join(root, 'core/api', f)),
  ].filter((f) => consoleOwn(f) && /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  // (the JSX the sources are compiled to imports the runtime: not in their text)
  const used = new Map<string, Set<string> | '*'>([['preact/jsx-runtime', new Set(['jsx', 'jsxs', 'Fragment'])]]);
  const add = (spec: string, names: string[] | '*') => {
    const had = used.get(spec) ?? new Set<string>();
    if (names === '*' || had === '*') return void used.set(spec, '*');
    names.forEach((n) => had.add(n));
    used.set(spec, had);
  };
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: import('typescript').Node) => {
      if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
        const spec = specOf(n.moduleSpecifier.text, file);
        const c = n.importClause;
        if (SHARED_WITH_CONSOLE.includes(spec) && c && !c.isTypeOnly) {
          if (c.name) add(spec, ['default']);
          const b = c.namedBindings;
          if (b && ts.isNamespaceImport(b)) add(spec, '*');
          if (b && ts.isNamedImports(b))
            add(
              spec,
              b.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text),
            );
        }
      } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
        const spec = specOf(n.moduleSpecifier.text, file);
        if (SHARED_WITH_CONSOLE.includes(spec) && !n.isTypeOnly) {
          const c = n.exportClause;
          add(
            spec,
            !c || ts.isNamespaceExport(c)
              ? '*'
              : c.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text),
          );
        }
      } else if (
        ts.isCallExpression(n) &&
        n.expression.kind === ts.SyntaxKind.ImportKeyword &&
        n.arguments[0] &&
        ts.isStringLiteral(n.arguments[0]) &&
        SHARED_WITH_CONSOLE.includes(specOf(n.arguments[0].text, file))
      )
        throw new Error(`${relative(root, file)}: the console imports a shared module on demand; import it statically`);
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return used;
}

/**
 * Classic `inlay.js`: `virtual:inlay-shared` (imported by widgets/admin/console-load-classic.ts) is the object the
 * console file's `start` gets: for each shared module, an object of just the bindings the console imports (a whole
 * namespace would keep all of, say, zod in the file).
 */
const sharedForConsole: Plugin = {
  name: 'inlay-shared-for-console',
  resolveId: (id) => (id === 'virtual:inlay-shared' ? '\0inlay-shared' : null),
  async load(id) {
    if (id !== '\0inlay-shared') return null;
    const lines: string[] = [];
    const keys: string[] = [];
    for (const [spec, names] of await consoleImports()) {
      const key = sharedKey(spec);
      const from = JSON.stringify(spec.includes('.ts') ? join(root, spec) : spec);
      keys.push(key);
      if (names === '*') lines.push(`import * as ${key} from ${from};`);
      else {
        const list = [...names].sort();
        lines.push(
          `import { ${list.map((n, i) => `${n} as __${key}${i}`).join(', ')} } from ${from};`,
          `const ${key} = { ${list.map((n, i) => `${n}: __${key}${i}`).join(', ')} };`,
        );
      }
    }
    return `${lines.join('\n')}\nexport default { ${keys.join(', ')} };\n`;
  },
};

/** The console build's file (`assets/inlay-console-<hash>.js`), for inlay.js to import: it must be built first. */
function classicConsoleFile(): string {
  const dir = join(root, 'dist/inlay/assets');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^inlay-console-[\w-]+\.js$/.test(f)) : [];
  if (files.length !== 1)
    throw new Error(
      `the classic build needs the console's build first (vite build --mode console): found ${files.length}`,
    );
  return `assets/${files[0]}`;
}

/**
 * Classic `inlay-console-<hash>.js`: every import from outside the console is `inlay.js`'s (SHARED_WITH_CONSOLE),
 * read from `start`'s argument; the file is an ES module whose only export is `start(shared)`, returning the console.
 * A shared module the parsed list of bindings (consoleImports) does not cover fails the build.
 */
const consoleExternals = (): Plugin => {
  const seen = new Set<string>();
  return {
    name: 'inlay-console-externals',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !consoleOwn(importer)) return null;
      const bare = !/^[./]/.test(source);
      const r = bare ? undefined : await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!bare && (!r || consoleOwn(r.id))) return null;
      const spec = bare ? specOf(source, importer) : relative(root, r!.id).split(sep).join('/');
      // a library without page state (zod): the console's own copy, only what it uses (zod's `z` shared would be all)
      if (bare && !SHARED_WITH_CONSOLE.includes(spec) && !/^(preact|nanostores|@nanostores)\b/.test(spec)) return null;
      if (!SHARED_WITH_CONSOLE.includes(spec))
        this.error(
          `the console imports ${spec} (from ${relative(root, importer)}), which inlay.js does not share: add it to SHARED_WITH_CONSOLE`,
        );
      seen.add(spec);
      return { id: sharedKey(spec), external: true };
    },
    async buildEnd() {
      const listed = await consoleImports();
      for (const spec of seen)
        if (!listed.has(spec)) this.error(`the console imports ${spec} in a way the list of shared bindings misses`);
    },
    // after rolldown's minifier, which parses the IIFE as a script: one line in front (the source map moves a line)
    generateBundle(_, bundle) {
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        c.code = `export function start(__inlayShared){\n${c.code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '')}\nreturn InlayConsole}\n`;
        if (c.map) c.map.mappings = `;${c.map.mappings}`;
      }
    },
  };
};

/**
 * A second minifying pass, terser over what rolldown's minifier wrote (gzip: the page with every widget -1.0 KB, the
 * classic inlay.js -0.5 KB). It runs on the written files, with their source maps chained, because a chunk's code
 * and map can no longer be replaced once rolldown has rendered them. File names keep the hash of the first pass: it
 * changes whenever the code does.
 */
const terserPass = (module: boolean): Plugin => ({
  name: 'inlay-terser-pass',
  apply: 'build',
  async writeBundle(options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const file = join(options.dir!, chunk.fileName);
      const map = `${file}.map`;
      const r = await terser(readFileSync(file, 'utf8'), {
        module,
        compress: { passes: 2 },
        format: { comments: false },
        sourceMap: existsSync(map) && { content: readFileSync(map, 'utf8'), url: `${basename(file)}.map` },
      });
      writeFileSync(file, r.code!);
      if (typeof r.map === 'string') writeFileSync(map, r.map);
    }
  },
});

/** A release version, as it appears as a folder of the CDN layout (`inlay/0.1.0/`, `inlay/1.2.0-beta.1/`). */
export const VERSION_FOLDER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** The Subresource Integrity value of some bytes: `sha384-` + base64 of the SHA-384 digest. */
export const sri = (bytes: Uint8Array) => 'sha384-' + createHash('sha384').update(bytes).digest('base64');

/** Every file under `dir`, as `/`-separated paths relative to it, sorted. */
function filesUnder(dir: string, skip: (rel: string) => boolean = () => false): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const rel = relative(dir, join(e.parentPath, e.name)).split(sep).join('/');
    if (!skip(rel)) out.push(rel);
  }
  return out.sort();
}

/**
 * Copies the moving layout in `outDir` (loader.js, inlay.js, assets/*, with their source maps; not other versions'
 * folders) to `outDir/<version>/`, with `integrity.json` there: `{ "<file>": "sha384-…" }` for every file copied.
 * Built in a temporary folder and renamed into place, so a failed run never leaves a half-written version.
 */
export function writeVersionedLayout(outDir: string, version: string): Record<string, string> {
  if (!VERSION_FOLDER.test(version))
    throw new Error(`package.json version ${JSON.stringify(version)} is not a release version (x.y.z)`);
  const files = filesUnder(outDir, (rel) => {
    const top = rel.split('/')[0]!;
    return rel.includes('/') && (VERSION_FOLDER.test(top) || top.startsWith('.inlay-'));
  });
  if (!files.includes('loader.js') || !files.includes('inlay.js'))
    throw new Error(`${outDir} holds no loader.js and inlay.js to version`);
  const tmp = join(outDir, `.inlay-${version}-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  const integrity: Record<string, string> = {};
  for (const rel of files) {
    cpSync(join(outDir, rel), join(tmp, rel));
    integrity[rel] = sri(readFileSync(join(tmp, rel)));
  }
  writeFileSync(join(tmp, 'integrity.json'), JSON.stringify(integrity, null, 2) + '\n');
  const target = join(outDir, version);
  rmSync(target, { recursive: true, force: true });
  renameSync(tmp, target);
  return integrity;
}

/**
 * Versioned CDN layout (README "Pinning a version"): after the classic build — the second of the two, so both
 * builds' files are on disk — `dist/inlay/<version>/` gets the same bytes as the moving layout, plus integrity.json.
 * The ES build's `emptyOutDir` clears older versions. Nothing is written when the build failed.
 */
function versionedLayout(version: string): Plugin {
  let outDir = '';
  let written = false;
  return {
    name: 'inlay-versioned-layout',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      written = true;
    },
    closeBundle() {
      if (written && existsSync(outDir)) writeVersionedLayout(outDir, version);
    },
  };
}

/**
 * The loader's preload map (widgets/start.ts): `''` → the core chunk and what it imports; each tag → its widget chunk
 * and the shared chunks it imports beyond the core's; `lang:<language>` → that language pack's chunk. Written into loader.js in place of
 * `JSON.parse('"inlay-preloads"')`, so a page requests a widget's whole chunk tree at once.
 */
const preloadMap = {
  name: 'inlay-preload-map',
  generateBundle(
    this: { error(message: string): never },
    _: unknown,
    bundle: Record<
      string,
      { type: string; fileName: string; imports?: string[]; facadeModuleId?: string | null; code?: string }
    >,
  ) {
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const deps = (file: string, seen = new Set<string>()) => {
      for (const i of byFile.get(file)?.imports ?? []) if (!seen.has(i)) deps(i, seen.add(i));
      return seen;
    };
    const loader = byFile.get('loader.js');
    const core = chunks.find((c) => /^assets\/core-/.test(c.fileName));
    if (!loader?.code || !core) return this.error('inlay-preload-map: loader.js or the core chunk is missing');
    const coreFiles = new Set([core.fileName, ...deps(core.fileName)]);
    const map: Record<string, string[]> = { '': [...coreFiles] };
    for (const c of chunks) {
      const widget = /[\\/]widgets[\\/]([^\\/]+)[\\/]element\.ts$/.exec(c.facadeModuleId ?? '');
      if (widget) map[`inlay-${widget[1]}`] = [c.fileName, ...[...deps(c.fileName)].filter((f) => !coreFiles.has(f))];
      const pack = /[\\/]widgets[\\/]languages[\\/]([a-z]+)\.ts$/.exec(c.facadeModuleId ?? '');
      if (pack) map[`lang:${pack[1]}`] = [c.fileName, ...[...deps(c.fileName)].filter((f) => !coreFiles.has(f))];
    }
    const marker = /JSON\.parse\((["'`])"inlay-preloads"\1\)/;
    if (!marker.test(loader.code)) return this.error('inlay-preload-map: the marker is missing from loader.js');
    loader.code = loader.code.replace(marker, () => `(${JSON.stringify(map)})`);
  },
};

/**
 * Three builds into dist/inlay, in this order:
 * - default: `loader.js` (stable name, ES module) + hashed chunks: `runtime` (preact, r2wc, nanostores, zod/mini),
 *   `core`, and one per widget, imported only when the widget's tag appears;
 * - `--mode console`: `assets/inlay-console-<hash>.js`, the owner's console for pages on `inlay.js`, imported by it only once an
 *   owner is known (widgets/admin/console-load-classic.ts); it takes preact, the stores and core from `inlay.js`;
 * - `--mode iife`: `inlay.js`, the same product as one classic script for hosts that cannot use modules (all of it
 *   but the owner's console); it runs last and then writes the versioned copy, `dist/inlay/<version>/` (see
 *   `versionedLayout`).
 */
export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  // `assets/inlay-console-<hash>.js`: the classic build's owner console, built before inlay.js (whose build writes the versioned copy)
  const part = mode === 'console';
  return {
    root,
    resolve: {
      alias: iife
        ? [
            ...browserAliases,
            { find: /^\.\/console-load\.ts$/, replacement: join(root, 'widgets/admin/console-load-classic.ts') },
          ]
        : browserAliases,
    },
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __INLAY_VERSION__: JSON.stringify(version),
      __INLAY_CLASSIC__: JSON.stringify(iife),
      // the classic console's file, hashed (a year in caches; inlay.js names the one built with it)
      ...(iife ? { __INLAY_CONSOLE_FILE__: JSON.stringify(classicConsoleFile()) } : {}),
    },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    publicDir: false,
    plugins: part
      ? [consoleExternals(), classicStaticImports, keepLibraryGlobalsLocal, terserPass(true)]
      : iife
        ? [classicStaticImports, sharedForConsole, keepLibraryGlobalsLocal, terserPass(false), versionedLayout(version)]
        : [keepLibraryGlobalsLocal, preloadMap, terserPass(true)],
    build: {
      outDir: 'dist/inlay',
      emptyOutDir: !iife && !part,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      reportCompressedSize: false,
      modulePreload: false,
      // Library mode: no modulepreload helper in the loader, and entry names stay stable.
      lib: (part
        ? { entry: { 'inlay-console': 'widgets/admin/classic.ts' }, formats: ['iife'], name: 'InlayConsole' }
        : iife
          ? { entry: { inlay: 'widgets/inlay.ts' }, formats: ['iife'], name: 'InlayBundle' }
          : { entry: { loader: 'widgets/loader.ts' }, formats: ['es'] }) satisfies LibraryOptions as LibraryOptions,
      rolldownOptions: {
        output: part
          ? {
              entryFileNames: 'assets/inlay-console-[hash].js',
              codeSplitting: false,
              globals: (key: string) => `__inlayShared.${key}`,
            }
          : iife
            ? { entryFileNames: 'inlay.js', codeSplitting: false }
            : {
                entryFileNames: '[name].js',
                // lib mode keeps whitespace in ES output for consumers' tree-shaking; this bundle is final: minify fully
                minify: true,
                // the bundle is final: pure annotations only cost bytes here
                comments: { legal: false, annotation: false, jsdoc: false },
                // widget chunks are named after their folder (toaster-[hash].js), so budgets and people can tell them apart
                // (a chunk split out of a widget's code, e.g. core/api/back-in-stock.ts shared with the site companion's
                // lazy chunk, would take the widget's name: it gets `api-` in front)
                chunkFileNames: (chunk) => {
                  const widget = /[\\/]widgets[\\/]([^\\/]+)[\\/]element\.ts$/.exec(chunk.facadeModuleId ?? '');
                  if (widget) return `assets/${widget[1]}-[hash].js`;
                  // the owner console's sections, on demand (widgets/admin/<section>/…/view.tsx): console-<section>-…
                  const part = /[\\/]widgets[\\/]admin[\\/]((?:[\w-]+[\\/])+)view\.tsx$/.exec(
                    chunk.facadeModuleId ?? '',
                  );
                  if (part) return `assets/console-${part[1]!.replace(/[\\/]/g, '-')}[hash].js`;
                  return `assets/${WIDGET_DIRS.has(chunk.name) ? 'api-' : ''}[name]-[hash].js`;
                },
                codeSplitting: {
                  groups: [
                    // core = what every page needs, with the libraries (preact, zod, nanostores, r2wc): every page loads
                    // both, and one file is a request less and 0.6 KB less gzip than two (rolldown's own helpers stay a
                    // 0.2 KB chunk of their own: groups do not take them). A platform call (api/) or page state (the
                    // stores below) used by one widget ships in that widget's chunk, the sign-in flows (services/) and
                    // PKCE on demand, and core's strings in other languages in their language's pack.
                    {
                      name: 'core',
                      test: (id: string) =>
                        /[\\/]node_modules[\\/]/.test(id) ||
                        /[\\/]core[\\/](?!services[\\/]|ops[\\/](?!op\.ts)|api[\\/](?!media\.ts|json\.ts)|reads[\\/]|stores[\\/](?:cart-page|current-cart|member)\.ts|auth[\\/]pkce\.ts|i18n[\\/](?!index\.ts|en\.ts))/.test(
                          id,
                        ),
                      priority: 1,
                    },
                    // the apps' frames' shared part (ui/: tabs, lazy parts, states, their sheet): one chunk the account's
                    // and the console's frames and their sections import, loaded only with an app
                    { name: 'ui', test: /[\\/]ui[\\/](?:tabs|lazy-part|states|frame-styles)\.tsx?$/, priority: 1 },
                    // the catalog's calls and its product stores travel together (one shared chunk, as one module did)
                    { name: 'products', test: /[\\/]core[\\/](?:api|reads)[\\/]products\.ts$/, priority: 1 },
                    // the review summaries' store always brings the reviews' calls: one file, not two (the companion's
                    // on-demand chunk, which uses the calls, takes the store with them)
                    {
                      name: 'review-summary',
                      test: /[\\/]core[\\/](?:api[\\/]reviews|reads[\\/]review-summary)\.ts$/,
                      priority: 1,
                    },
                  ],
                },
              },
      },
    },
  };
});
