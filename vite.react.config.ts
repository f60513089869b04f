import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The React builds, with the real React 19 (no preact alias here):
 * - `--mode lib`: `inlay/react` → dist/react/index.js, react and react-dom left to the app (peer dependencies);
 * - `--mode demo-client`: the demo's React page for the browser → dist/react-demo/client/ (React bundled);
 * - `--mode demo-ssr`: the same page for the demo server → dist/react-demo/server.js, self-contained (React bundled,
 *   so the demo server, which runs under tsx with the widgets' `react` → preact path mapping, imports no `react`).
 */
export default defineConfig(({ mode }) => {
  const common = {
    root,
    publicDir: false as const,
    oxc: { jsx: { runtime: 'automatic' as const, importSource: 'react' } },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  };
  if (mode === 'lib') {
    return {
      ...common,
      build: {
        outDir: 'dist/react',
        emptyOutDir: true,
        target: 'es2022',
        minify: false,
        sourcemap: true,
        lib: { entry: { index: 'react/index.tsx' }, formats: ['es' as const] },
        rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/], output: { entryFileNames: '[name].js' } },
      },
    };
  }
  if (mode === 'demo-ssr') {
    return {
      ...common,
      ssr: { noExternal: true, target: 'node' as const },
      build: {
        outDir: 'dist/react-demo',
        emptyOutDir: false,
        target: 'node20',
        minify: false,
        ssr: 'demo/react/server.tsx',
        rolldownOptions: { output: { entryFileNames: 'server.js' } },
      },
    };
  }
  return {
    ...common,
    build: {
      outDir: 'dist/react-demo/client',
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      rolldownOptions: {
        input: 'demo/react/client.tsx',
        output: { entryFileNames: 'client.js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  };
});
