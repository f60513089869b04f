/**
 * `npm test`: every test. Finds (or installs) Chromium here, before any test runs (the browser suite's setup only
 * checks that it is there), builds the bundle the browser tests load, type-checks, lints (`npm run lint`: ESLint and
 * Prettier), and runs all Vitest projects (node, happy-dom, Chromium e2e). Ends with one line of real totals.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ensureChromium } from '../tests/helpers/chromium.ts';

const results: { name: string; ok: boolean }[] = [];
const run = (name: string, cmd: string, args: string[]) => {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const ok = r.status === 0;
  results.push({ name, ok });
  return ok;
};

try {
  console.log(`Chromium for browser tests: ${ensureChromium()}`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  results.push({ name: 'chromium', ok: false });
}

// one build: loader.js and its chunks, the classic inlay.js that loads them, the versioned copy
run('build', 'npx', ['vite', 'build']);
run('build (inlay/react and the React demo)', 'npx', ['tsx', 'scripts/build-react.ts']);
run('build (inlay/companion)', 'npx', ['tsx', 'scripts/build-companion.ts']);
run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('typecheck (React)', 'npx', ['tsc', '-p', 'react/tsconfig.json']);
run('lint', 'npm', ['run', 'lint']);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { status: string; assertionResults: unknown[] }[];
  };
  passed = json.numPassedTests;
  failed =
    json.numFailedTests +
    json.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  skipped = json.numPendingTests + json.numTodoTests;
} catch {
  console.error('No Vitest report was written.');
  failed += 1;
}
// The checks around the tests (build, typecheck, lint) count as one test each.
for (const r of results.filter((r) => r.name !== 'vitest')) {
  if (r.ok) passed++;
  else failed++;
}

const summary = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
console.log('\nchecks: ' + results.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'}`).join(' · '));
writeFileSync('test-results/summary.txt', summary + '\n');
console.log(summary);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);
