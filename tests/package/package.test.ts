/**
 * The npm package as a site builder gets it: what `npm pack` puts in the tarball, and a scratch project that
 * installs the tarball, imports every entry (types and, for `inlay/react`, server rendering in Node) and type-checks.
 * Needs `dist/` (npm test builds first).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('the npm package', () => {
  let scratch: string;
  let tarball: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'inlay-pack-'));
    const packed = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], ROOT)) as {
      filename: string;
    }[];
    tarball = join(scratch, packed[0]!.filename);
  }, 120_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('has a semver version and a changelog entry for it', () => {
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toContain(`## ${pkg.version}`);
  });

  it('npm pack holds exactly the loader and chunks, the classic bundle, inlay/react, inlay/companion, the types and the manifest', () => {
    const files = (
      JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT)) as { files: { path: string }[] }[]
    )[0]!.files.map((f) => f.path);
    const kinds = new Set(
      files.map((f) => {
        if (
          /^dist\/inlay\/(\d+\.\d+\.\d+[^/]*\/)?(loader\.js|inlay\.js|integrity\.json|assets\/[\w-]+\.js)(\.map)?$/.test(
            f,
          )
        )
          return 'bundle';
        if (/^dist\/react\/(index\.js(\.map)?|[\w-]+\.d\.ts)$/.test(f)) return 'react';
        if (/^dist\/companion\/((index|node|worker)\.(js|js\.map|d\.ts)|types\/[\w/-]+\.d\.ts)$/.test(f))
          return 'companion';
        if (/^types\/(inlay|react|preact)\.d\.ts$/.test(f)) return 'types';
        if (['custom-elements.json', 'CHANGELOG.md', 'README.md', 'package.json'].includes(f)) return f;
        return `unexpected: ${f}`;
      }),
    );
    expect([...kinds].sort()).toEqual([
      'CHANGELOG.md',
      'README.md',
      'bundle',
      'companion',
      'custom-elements.json',
      'package.json',
      'react',
      'types',
    ]);
    for (const must of [
      'dist/inlay/loader.js',
      'dist/inlay/inlay.js',
      'dist/react/index.js',
      'dist/react/index.d.ts',
      'dist/react/elements.d.ts',
      'types/inlay.d.ts',
      ...['index', 'node', 'worker'].flatMap((e) => [`dist/companion/${e}.js`, `dist/companion/${e}.d.ts`]),
    ])
      expect(files).toContain(must);
    // every export points into the tarball
    for (const target of Object.values(pkg.exports).flatMap((e) =>
      typeof e === 'string' ? [e] : Object.values(e as Record<string, string>),
    )) {
      expect(files, target).toContain(target.replace(/^\.\//, ''));
    }
  }, 60_000); // npm itself takes seconds to start on a loaded machine

  it("inlay/companion's libraries are optional peer dependencies: a site with only the widgets downloads none", () => {
    expect(pkg.dependencies).toBeUndefined();
    const imported = new Set(
      ['index', 'node', 'worker'].flatMap((e) =>
        [...readFileSync(join(ROOT, `dist/companion/${e}.js`), 'utf8').matchAll(/^import .* from "([^".][^"]*)";$/gm)]
          .map((m) => m[1]!)
          .filter((spec) => !spec.startsWith('node:'))
          .map((spec) => spec.split('/', spec.startsWith('@') ? 2 : 1).join('/')),
      ),
    );
    expect([...imported].sort()).toEqual(['@hono/node-server', 'altcha-lib', 'hono', 'zod']);
    for (const lib of imported) {
      expect(pkg.peerDependencies[lib], lib).toBe(pkg.devDependencies[lib]);
      expect(pkg.peerDependenciesMeta[lib], lib).toEqual({ optional: true });
    }
  });

  it('a scratch project installs the tarball, imports each entry, renders inlay/react on the server and type-checks', () => {
    const app = join(scratch, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
    npm(
      [
        'install',
        tarball,
        '--offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--no-package-lock',
        '--legacy-peer-deps',
      ],
      app,
    );
    // the app's own React and its types (what a React site has; linked after the install, which prunes strangers):
    // the tarball itself must bring nothing else
    mkdirSync(join(app, 'node_modules', '@types'), { recursive: true });
    for (const dep of ['react', 'react-dom', '@types/react', '@types/react-dom'])
      symlinkSync(join(ROOT, 'node_modules', dep), join(app, 'node_modules', dep));
    writeFileSync(
      join(app, 'index.tsx'),
      `/// <reference types="inlay/types/react" />
import { renderToString } from 'react-dom/server';
import type { InlayGlobal, InlayCart } from 'inlay';
import type { InlayCartElement } from 'inlay/types';
import manifest from 'inlay/custom-elements.json' with { type: 'json' };
import { InlayAccount, InlayAddToCart, InlayAdmin, InlayCart as Cart, InlayScript, useInlayCart, useInlayMember, useInlaySession } from 'inlay/react';

const loader: string = import.meta.resolve('inlay/loader');
const classic: string = import.meta.resolve('inlay/classic');
export const seen: [InlayGlobal | undefined, InlayCart | null, InlayCartElement | null] = [undefined, null, null];
export function Header() {
  const { count } = useInlayCart();
  const member = useInlayMember();
  useInlaySession();
  return (
    <header>
      <InlayScript clientId="c" assetsBase="https://cdn.example/inlay/1.0.0" />
      <Cart thankYouUrl="/thanks" open onInlayCheckout={(e) => console.log(e.detail.url)} />
      <InlayAddToCart productId="p1" quantity={2} noOpen />
      <InlayAccount section="profile" shopUrl="/shop" onInlayAccountNavigate={(e) => console.log(e.detail)} />
      <InlayAdmin section="reviews" />
      <inlay-rating product-id="p1"></inlay-rating>
      <span>{member?.loginEmail ?? count}</span>
    </header>
  );
}
console.log(JSON.stringify({ loader, classic, modules: manifest.modules.length, html: renderToString(<Header />) }));
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          resolveJsonModule: true,
          types: [],
          lib: ['ES2023', 'DOM'],
        },
        include: ['index.tsx'],
      }),
    );
    const check = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);

    // a mistake in an element's props fails the check
    writeFileSync(
      join(app, 'bad.tsx'),
      `import { InlayAddToCart } from 'inlay/react';\nexport const x = <InlayAddToCart productId={42} />;\n`,
    );
    writeFileSync(join(app, 'tsconfig.bad.json'), JSON.stringify({ extends: './tsconfig.json', include: ['bad.tsx'] }));
    const bad = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'tsconfig.bad.json')],
      { cwd: app, encoding: 'utf8' },
    );
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/bad\.tsx\(2,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);

    // and it runs: compile with TypeScript's transpiler and import in Node (server rendering with react-dom/server)
    const ts = join(ROOT, 'node_modules/typescript/lib/typescript.js');
    const js = execFileSync(
      process.execPath,
      [
        '-e',
        `const ts=require(${JSON.stringify(ts)});process.stdout.write(ts.transpileModule(require('fs').readFileSync('index.tsx','utf8'),{compilerOptions:{jsx:ts.JsxEmit.ReactJSX,module:ts.ModuleKind.ESNext,target:ts.ScriptTarget.ES2022}}).outputText)`,
      ],
      { cwd: app, encoding: 'utf8' },
    );
    writeFileSync(join(app, 'index.mjs'), js);
    const out = JSON.parse(execFileSync(process.execPath, ['index.mjs'], { cwd: app, encoding: 'utf8' })) as {
      loader: string;
      classic: string;
      modules: number;
      html: string;
    };
    expect(out.loader).toMatch(/node_modules\/inlay\/dist\/inlay\/loader\.js$/);
    expect(out.classic).toMatch(/node_modules\/inlay\/dist\/inlay\/inlay\.js$/);
    expect(out.modules).toBeGreaterThan(0);
    expect(out.html).toContain('<inlay-cart thank-you-url="/thanks" open=""></inlay-cart>');
    expect(out.html).toContain('<inlay-add-to-cart product-id="p1" quantity="2" no-open=""></inlay-add-to-cart>');
    expect(out.html).toContain('<inlay-account section="profile" shop-url="/shop"></inlay-account>');
    expect(out.html).toContain('<inlay-admin section="reviews"></inlay-admin>');
    expect(out.html).toContain('src="https://cdn.example/inlay/1.0.0/loader.js"');
  }, 120_000);
});
