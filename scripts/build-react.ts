/**
 * `npm run build:react`: `inlay/react` (dist/react: index.js + index.d.ts) and the demo's React page
 * (dist/react-demo: the browser bundle and the server renderer). See vite.react.config.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const run = (args: string[]) => {
  const r = spawnSync('npx', args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
for (const mode of ['lib', 'demo-client', 'demo-ssr'])
  run(['vite', 'build', '-c', 'vite.react.config.ts', '--mode', mode, '--logLevel', 'warn']);
run(['tsc', '-p', 'react/tsconfig.lib.json']);
// the source imports the shared types from ../types; the package's d.ts sits one folder deeper
const dts = 'dist/react/index.d.ts';
const text = readFileSync(dts, 'utf8');
const fixed = text.replaceAll("'../types/inlay.d.ts'", "'../../types/inlay.js'");
if (fixed === text) throw new Error(`${dts}: expected an import of ../types/inlay.d.ts to rewrite`);
writeFileSync(dts, fixed);
console.log('built dist/react and dist/react-demo');
