import { defineConfig, type LibraryOptions } from 'vite';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';

const root = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

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
 * Two builds into dist/inlay:
 * - default: `loader.js` (stable name, ES module) + hashed chunks: `runtime` (preact, r2wc, nanostores, zod/mini),
 *   `core`, and one per widget, imported only when the widget's tag appears;
 * - `--mode iife`: `inlay.js`, the same product as one classic script for hosts that cannot use modules.
 */
export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  return {
    root,
    resolve: { alias: browserAliases },
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __INLAY_VERSION__: JSON.stringify(version),
    },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    publicDir: false,
    plugins: [keepLibraryGlobalsLocal],
    build: {
      outDir: 'dist/inlay',
      emptyOutDir: !iife,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      reportCompressedSize: false,
      modulePreload: false,
      // Library mode: no modulepreload helper in the loader, and entry names stay stable.
      lib: (iife
        ? { entry: { inlay: 'widgets/inlay.ts' }, formats: ['iife'], name: 'InlayBundle' }
        : { entry: { loader: 'widgets/loader.ts' }, formats: ['es'] }) satisfies LibraryOptions as LibraryOptions,
      rolldownOptions: {
        output: iife
          ? { entryFileNames: 'inlay.js', codeSplitting: false }
          : {
              entryFileNames: '[name].js',
              // lib mode keeps whitespace in ES output for consumers' tree-shaking; this bundle is final: minify fully
              minify: true,
              // the bundle is final: pure annotations only cost bytes here
              comments: { legal: false, annotation: false, jsdoc: false },
              // widget chunks are named after their folder (toaster-[hash].js), so budgets and people can tell them apart
              chunkFileNames: (chunk) => {
                const widget = /[\\/]widgets[\\/]([^\\/]+)[\\/]element\.ts$/.exec(chunk.facadeModuleId ?? '');
                return `assets/${widget ? widget[1] : '[name]'}-[hash].js`;
              },
              codeSplitting: {
                groups: [
                  { name: 'runtime', test: /[\\/]node_modules[\\/]/, priority: 2 },
                  // core = what every page needs; a service used by one widget ships in that widget's chunk
                  { name: 'core', test: /[\\/]core[\\/](?!services[\\/])/, priority: 1 },
                ],
              },
            },
      },
    },
  };
});
