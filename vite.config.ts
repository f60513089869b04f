import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { minify as terser } from 'terser';
import { transform } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** The widgets' folders (widgets/<name>/element.ts): their chunks, and only theirs, are named after them. */
const WIDGET_DIRS = new Set(
  readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'widgets', d.name, 'element.ts')))
    .map((d) => d.name),
);

/**
 * Widgets a page shows together so often that one file is cheaper than one each (issue 39, decision 2; measured in
 * docs/architecture.md "Chunks"): the header pair, on every storefront page, and a product's buttons. A group's chunk
 * holds its widgets' elements and what only they import; what they load on demand stays on demand, and what another
 * widget imports too stays in a chunk of its own.
 */
export const WIDGET_GROUPS: Record<string, string[]> = {
  header: ['login', 'cart'],
  buttons: ['rating', 'add-to-cart', 'back-in-stock'],
};
/**
 * Shared code that travels in a group's file: the cart's store (the current cart, its calls, the cart page's state)
 * in the header pair's, which shows the cart. Every other user of the store puts things in that cart (add-to-cart,
 * the carousel's cards, the account's orders, `Inlay.cart`): a page with one of them and no header loads the pair too.
 */
export const GROUP_SHARED: Record<string, RegExp> = {
  header: /[\\/]core[\\/](?:stores[\\/](?:current-cart|cart-page)|api[\\/]current-cart|ops[\\/]cart)\.ts$/,
};

type ModuleGraph = {
  getModuleInfo(id: string): { isEntry: boolean; importers: string[]; dynamicImporters: string[] } | null;
};
/**
 * The group whose chunk a module belongs in: its group's shared code (GROUP_SHARED), or a module that only a group's
 * elements reach: the modules that start a chunk (an entry, or a module imported with `import()`) and reach it
 * through static imports must all be elements of one group's widgets.
 */
function widgetGroup(id: string, graph: ModuleGraph): string | null {
  const shared = Object.entries(GROUP_SHARED).find(([, test]) => test.test(id));
  if (shared) return shared[0];
  const starts = new Set<string>();
  const seen = new Set([id]);
  for (const m of seen) {
    const info = graph.getModuleInfo(m);
    if (!info) return null;
    if (info.isEntry || info.dynamicImporters.length) starts.add(m);
    for (const i of info.importers) seen.add(i);
  }
  const widgets = [...starts].map((m) => /[\\/]widgets[\\/]([^\\/]+)[\\/]element\.ts$/.exec(m)?.[1]);
  return (
    Object.entries(WIDGET_GROUPS).find(
      ([, members]) => widgets.length > 0 && widgets.every((w) => w !== undefined && members.includes(w)),
    )?.[0] ?? null
  );
}

/** Widgets are written against the React API and built with Preact's compat layer, for size. */
export const browserAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  // Preact's hooks, not all of compat (widgets/react-hooks.ts)
  { find: /^react$/, replacement: fileURLToPath(new URL('./widgets/react-hooks.ts', import.meta.url)) },
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
 * The sheets' line breaks, gone from the bundle (gzip: every page smaller): a module of sheets only (`styles.ts`,
 * `*-styles.ts`, core/theme.ts) writes its CSS over several lines for people; in a template literal each break is a
 * byte the browser never needs. A break between two tokens that need a space (`1px solid` / `var(--x)`) becomes one.
 */
export const cssLines = {
  name: 'inlay-css-lines',
  apply: 'build' as const,
  transform(code: string, id: string) {
    if (!/[\\/](?:[\w-]+-)?styles\.ts$|[\\/]core[\\/]theme\.ts$/.test(id) || /[\\/]node_modules[\\/]/.test(id))
      return null;
    return {
      code: code.replace(/`[^`]*`/g, (css) =>
        css.replace(/\n\s*/g, (_, at: number) =>
          /[`{};,]/.test(css[at - 1]!) || /[`}]/.test(css[at + _.length]!) ? '' : ' ',
        ),
      ),
      map: null,
    };
  },
};

/**
 * A second minifying pass, terser over what rolldown's minifier wrote (gzip: the page with every widget -1.0 KB). It
 * runs on the written files, with their source maps chained, because a chunk's code and map can no longer be replaced
 * once rolldown has rendered them. File names keep the hash of the first pass: it changes whenever the code does.
 */
const terserPass: Plugin = {
  name: 'inlay-terser-pass',
  apply: 'build',
  async writeBundle(options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const file = join(options.dir!, chunk.fileName);
      const map = `${file}.map`;
      const r = await terser(readFileSync(file, 'utf8'), {
        module: true,
        compress: { passes: 2 },
        format: { comments: false },
        sourceMap: existsSync(map) && { content: readFileSync(map, 'utf8'), url: `${basename(file)}.map` },
      });
      writeFileSync(file, r.code!);
      if (typeof r.map === 'string') writeFileSync(map, r.map);
    }
  },
};

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
 * The classic `inlay.js` (widgets/inlay.ts), for hosts that cannot write `type="module"`: a few hundred bytes that
 * import `loader.js` from beside them, so a classic page loads the one chunk graph a module page does. Compiled on its
 * own (no imports; an IIFE, so nothing lands on `window`) once `loader.js` is final (after the terser pass): it
 * carries loader.js's SRI value, which it asks the browser to check when the page pinned inlay.js with `integrity`.
 */
export async function writeClassicScript(outDir: string): Promise<void> {
  const source = join(root, 'widgets/inlay.ts');
  const r = await transform(readFileSync(source, 'utf8'), {
    loader: 'ts',
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    sourcemap: 'external',
    sourcefile: relative(outDir, source).split(sep).join('/'),
    define: { __INLAY_LOADER_INTEGRITY__: JSON.stringify(sri(readFileSync(join(outDir, 'loader.js')))) },
  });
  writeFileSync(join(outDir, 'inlay.js'), `${r.code}//# sourceMappingURL=inlay.js.map\n`);
  writeFileSync(join(outDir, 'inlay.js.map'), r.map);
}

/**
 * Once the build is on disk: the classic `inlay.js` (`writeClassicScript`), then the versioned CDN layout (README
 * "Pinning a version"), `dist/inlay/<version>/` with the same bytes as the moving layout, plus integrity.json. The
 * build's `emptyOutDir` clears older versions. Nothing is written when the build failed.
 */
function release(version: string): Plugin {
  let outDir = '';
  let written = false;
  return {
    name: 'inlay-release',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      if (!written || !existsSync(outDir)) return;
      await writeClassicScript(outDir);
      writeVersionedLayout(outDir, version);
    },
  };
}

/**
 * rolldown's helper chunk (`rolldown-runtime`: `__exportAll`, which builds the namespace object of a module imported
 * with `import()` from inside a shared chunk: core/boot.ts from the loader, the cart store from boot, each element of a
 * group's file) moved into core, which every page loads anyway: a file less on every page (gzip: every page −200 B).
 * A `codeSplitting` group does not take rolldown's runtime module, so it moves once the chunks are rendered, and
 * without moving any code that is there (rolldown writes each chunk's source map as it rendered it): core ends with
 * the helper as a function (hoisted) that it exports; each chunk that imported it ends with an import of it from core
 * (hoisted too), and its old import becomes a call of the same length. File names keep their hashes: each covered the
 * runtime's file name, itself a hash of its code, and core's (a chunk that imports the runtime and not core is refused).
 */
const runtimeIntoCore = {
  name: 'inlay-runtime-into-core',
  generateBundle(
    this: { error(message: string): never },
    _: unknown,
    bundle: Record<string, { type: string; fileName: string; imports?: string[]; exports?: string[]; code?: string }>,
  ) {
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
    const runtime = chunks.find((c) => /^assets\/rolldown-runtime-/.test(c.fileName));
    if (!runtime) return; // no chunk needs it
    const core = chunks.find((c) => /^assets\/core-/.test(c.fileName));
    const exported = /export\s*\{([^}]*)\};?\s*$/.exec(runtime.code ?? '');
    const fn = '__inlay_runtime';
    const name = '$rt';
    if (
      !core?.code ||
      !core.exports ||
      !exported ||
      core.exports.includes(name) ||
      chunks.some((c) => c.code?.includes(fn))
    )
      return this.error('inlay-runtime-into-core: the core chunk or the runtime chunk is not as expected');
    /** `a as b, c` → [['a', 'b'], ['c', 'c']] */
    const names = (list: string) =>
      list
        .split(',')
        .map((n) => n.trim().split(/\s+as\s+/))
        .map(([local, as]) => [local!, as ?? local!] as const);
    const helper = `function ${fn}(){${runtime.code!.slice(0, exported.index)};return{${names(exported[1]!)
      .map(([local, as]) => `${as}:${local}`)
      .join(',')}}}export{${fn} as ${name}};`;
    const from = new RegExp(
      `import\\s*\\{([^}]*)\\}\\s*from\\s*(["'])\\./${runtime.fileName.slice('assets/'.length).replace(/[.$-]/g, '\\$&')}\\2;?`,
    );
    for (const c of chunks) {
      if (c === runtime || !c.imports?.includes(runtime.fileName)) continue;
      const at = from.exec(c.code ?? '');
      if (!at || !c.code || c.fileName.lastIndexOf('/') !== core.fileName.lastIndexOf('/'))
        return this.error(`inlay-runtime-into-core: ${c.fileName}'s import of the runtime is not as expected`);
      // (its hash covers core's file name only if it imported core already: else a new core would keep its name)
      if (c !== core && !c.imports.includes(core.fileName))
        return this.error(`inlay-runtime-into-core: ${c.fileName} imports the runtime but not core`);
      const call = `const{${names(at[1]!)
        .map(([as, local]) => `${as}:${local}`)
        .join(',')}}=${fn}();`;
      if (call.length > at[0].length) return this.error(`inlay-runtime-into-core: ${c.fileName}: no room`);
      const end = c === core ? helper : `import{${name} as ${fn}}from"./${core.fileName.slice('assets/'.length)}";`;
      // (before the source map's comment, when the code has it already)
      const code = c.code.replace(at[0], call.padEnd(at[0].length));
      const tail = /\n\/\/# sourceMappingURL=\S+\s*$/.exec(code)?.index ?? code.length;
      c.code = `${code.slice(0, tail)}\n${end}${code.slice(tail)}`;
      c.imports = [...new Set(c.imports.map((f) => (f === runtime.fileName ? core.fileName : f)))].filter(
        (f) => f !== c.fileName,
      );
    }
    core.exports.push(name);
    delete bundle[runtime.fileName];
  },
};

/**
 * The loader's preload map (widgets/start.ts): `''` → the core chunk and what it imports; each tag → its widget chunk
 * and the shared chunks it imports beyond the core's; `lang:<language>` → that language pack's chunk; `companion` → the
 * public reads' router (core/api/public-batch.ts). Written into loader.js in place of
 * `JSON.parse('"inlay-preloads"')`, so a page requests a widget's whole chunk tree at once.
 */
const preloadMap = {
  name: 'inlay-preload-map',
  generateBundle(
    this: { error(message: string): never },
    _: unknown,
    bundle: Record<
      string,
      {
        type: string;
        fileName: string;
        imports?: string[];
        facadeModuleId?: string | null;
        moduleIds?: string[];
        code?: string;
      }
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
      // the chunk and what it imports beyond the core's
      const tree = () => [c.fileName, ...[...deps(c.fileName)].filter((f) => !coreFiles.has(f))];
      // (a group's file holds several widgets' elements: WIDGET_GROUPS)
      for (const id of c.moduleIds ?? []) {
        const widget = /[\\/]widgets[\\/]([^\\/]+)[\\/]element\.ts$/.exec(id);
        if (widget) map[`inlay-${widget[1]}`] = tree();
      }
      const pack = /[\\/]widgets[\\/]languages[\\/]([a-z]+)\.ts$/.exec(c.facadeModuleId ?? '');
      if (pack) map[`lang:${pack[1]}`] = tree();
      // the public reads' router, which the core loads at once on a page that names a site companion
      if (/[\\/]core[\\/]api[\\/]public-batch\.ts$/.test(c.facadeModuleId ?? '')) map.companion = tree();
    }
    const marker = /JSON\.parse\((["'`])"inlay-preloads"\1\)/;
    if (!marker.test(loader.code)) return this.error('inlay-preload-map: the marker is missing from loader.js');
    loader.code = loader.code.replace(marker, () => `(${JSON.stringify(map)})`);
  },
};

/**
 * One build into dist/inlay: `loader.js` (stable name, ES module) + hashed chunks: `core` (with preact, r2wc,
 * nanostores, zod/mini), one per widget, imported only when the widget's tag appears, and what a widget loads on
 * demand (a form, a drawer, the owner's console and its sections: everything under widgets/admin/ but its element
 * loads so, once an owner is known); then the classic `inlay.js`, which loads that same `loader.js`, and the versioned
 * copy, `dist/inlay/<version>/` (see `release`).
 */
export default defineConfig({
  root,
  resolve: { alias: browserAliases },
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    __INLAY_VERSION__: JSON.stringify(version),
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  publicDir: false,
  plugins: [keepLibraryGlobalsLocal, cssLines, runtimeIntoCore, preloadMap, terserPass, release(version)],
  build: {
    outDir: 'dist/inlay',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    reportCompressedSize: false,
    modulePreload: false,
    // Library mode: no modulepreload helper in the loader, and entry names stay stable.
    lib: { entry: { loader: 'widgets/loader.ts' }, formats: ['es'] },
    rolldownOptions: {
      // (a group below that takes only some of its modules' dependencies needs it; loader.js exports nothing)
      preserveEntrySignatures: 'allow-extension',
      output: {
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
          const part = /[\\/]widgets[\\/]admin[\\/]((?:[\w-]+[\\/])+)view\.tsx$/.exec(chunk.facadeModuleId ?? '');
          if (part) return `assets/console-${part[1]!.replace(/[\\/]/g, '-')}[hash].js`;
          // (a dot in a module's name, `challenge-strings.fr.ts`, is a dash in its chunk's: a file name has one dot)
          return `assets/${WIDGET_DIRS.has(chunk.name) ? 'api-' : ''}${chunk.name.replace(/\./g, '-')}-[hash].js`;
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
            // the apps' frames' shared part (ui/: tabs, lazy parts, states, their sheet): one chunk the account's and the
            // console's frames and their sections import, loaded only with an app
            { name: 'ui', test: /[\\/]ui[\\/](?:tabs|lazy-part|states|frame-styles)\.tsx?$/, priority: 1 },
            // the catalog's calls and its product stores, and the review summaries' store with the reviews' calls:
            // one file (every visitor widget that needs one needs both)
            {
              name: 'catalog',
              test: /[\\/]core[\\/](?:(?:api|reads)[\\/]products|api[\\/]reviews|reads[\\/]review-summary)\.ts$/,
              priority: 1,
            },
            // the widgets shown together (WIDGET_GROUPS), one file per group with its shared code (GROUP_SHARED);
            // below the shared chunks' groups, so no other module another widget imports too is in a group's file
            {
              name: (id: string, ctx: ModuleGraph) => widgetGroup(id, ctx),
              debugName: 'widget groups',
              test: (id: string) => !/[\\/]node_modules[\\/]/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
