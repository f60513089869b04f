/**
 * `npm run build:react`: `inlay/react` (dist/react: index.js, index.d.ts and the .d.ts files it re-exports) and the
 * demo's React page (dist/react-demo: the browser bundle and the server renderer). See vite.react.config.ts.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const run = (args: string[]) => {
  const r = spawnSync('npx', args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
for (const mode of ['lib', 'demo-client', 'demo-ssr'])
  run(['vite', 'build', '-c', 'vite.react.config.ts', '--mode', mode, '--logLevel', 'warn']);
run(['tsc', '-p', 'react/tsconfig.lib.json']);
// the sources import the shared types from ../types, which is one folder further from dist/react, and each other as
// .ts files, which are .d.ts files there (index.d.ts and the modules it re-exports: elements, inlay-element)
for (const name of readdirSync('dist/react').filter((f) => f.endsWith('.d.ts'))) {
  const dts = `dist/react/${name}`;
  const text = readFileSync(dts, 'utf8');
  const fixed = text
    .replaceAll("'../types/inlay.d.ts'", "'../../types/inlay.js'")
    .replace(/(['"])\.\/([\w-]+)\.tsx?\1/g, "'./$2.js'");
  if (name === 'index.d.ts' && !text.includes("'../types/inlay.d.ts'"))
    throw new Error(`${dts}: expected an import of ../types/inlay.d.ts to rewrite`);
  const left = /(?:from |import\()(['"])[^'"]*\.tsx?\1/.exec(fixed);
  if (left) throw new Error(`${dts}: an import of ${left[0]} is left, which the package does not have`);
  writeFileSync(dts, fixed);
}
console.log('built dist/react and dist/react-demo');
