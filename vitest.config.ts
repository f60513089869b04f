import { defineConfig } from 'vitest/config';
import { browserAliases } from './vite.config.ts';

// Three layers, one run: node (core, emulator, size), happy-dom (views and elements), Chromium (e2e on the built bundle).
export default defineConfig({
  resolve: { alias: browserAliases },
  define: { __INLAY_VERSION__: JSON.stringify('test') },
  test: {
    // npm installs real react as @nanostores/react's peer; inline it so the alias to preact/compat applies in tests too
    server: { deps: { inline: [/@nanostores[\\/]react/] } },
    // 2 cores: keep it light.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'core/**/*.test.ts',
            'emulator/**/*.test.ts',
            'companion/**/*.test.ts',
            'tests/{size,cdn,types,package,contract,conformance,lint}/**/*.test.ts',
            'scripts/**/*.test.ts',
            'demo/**/*.test.ts',
          ],
          exclude: ['**/*.dom.test.*', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['widgets/**/*.test.{ts,tsx}', 'ui/**/*.test.{ts,tsx}', 'core/**/*.dom.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's default (1 s) is too short when the node and dom projects share the 2 cores (CI)
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
        },
      },
    ],
  },
});
