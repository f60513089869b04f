import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/** The repo's own lint rules (eslint.config.js), run on planted violations and on a clean file. */
const root = fileURLToPath(new URL('../..', import.meta.url));
// ignore: false: the planted files sit in tests/lint/planted-*/, which `npm run lint` skips
const eslint = new ESLint({ cwd: root, ignore: false });
const rules = (results: ESLint.LintResult[]) => results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));

describe('lint rules', () => {
  let dir = '';
  beforeAll(() => {
    // two files importing each other, inside the tree the config covers (explicit .ts extensions, as the repo writes them)
    dir = mkdtempSync(join(root, 'tests/lint/planted-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b();\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = (): unknown => a;\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('import-x/no-cycle: two files importing each other', async () => {
    const results = await eslint.lintFiles([relative(root, join(dir, 'a.ts')), relative(root, join(dir, 'b.ts'))]);
    expect(results.map((r) => rules([r]))).toEqual([['import-x/no-cycle'], ['import-x/no-cycle']]);
  }, 60_000);

  it('no DOM globals in core: document.title in a core/api file', async () => {
    const [r] = await eslint.lintText(
      'export const title = () => document.title;\nexport const other = () => globalThis.localStorage;\n',
      {
        filePath: join(root, 'core/api/planted.ts'),
      },
    );
    expect(rules([r!])).toEqual(['no-restricted-globals', 'no-restricted-properties']);
    expect(r!.messages[0]!.message).toContain("'document'");
  }, 60_000);

  it("no view of the apps calls the API: a value import of core/api in a section's view fails, a type import passes", async () => {
    const call =
      "import { cancelMyOrder } from '../../../core/api/orders.ts';\nexport const f = () => cancelMyOrder;\n";
    const type = "import type { Order } from '../../../core/api/orders.ts';\nexport const f = (o: Order) => o.id;\n";
    for (const file of ['widgets/account/orders/planted.tsx', 'widgets/admin/payments/planted.tsx']) {
      const [bad] = await eslint.lintText(call, { filePath: join(root, file) });
      expect(rules([bad!]), file).toEqual(['no-restricted-imports']);
      const [ok] = await eslint.lintText(type, { filePath: join(root, file) });
      expect(rules([ok!]), file).toEqual([]);
    }
    // a model may
    const [model] = await eslint.lintText(call, { filePath: join(root, 'widgets/account/orders/planted-model.ts') });
    expect(rules([model!])).toEqual([]);
  }, 60_000);

  it('the widgets keep to what Preact without compat honours: defaultValue on a select, onChange on a text field, className', async () => {
    const bad = [
      'export const a = () => <select defaultValue="x"><option value="x">x</option></select>;',
      'export const b = () => <input name="q" onChange={() => {}} />;',
      'export const c = () => <textarea onChange={() => {}} />;',
      'export const d = () => <p className="x" />;',
    ].join('\n');
    const [r] = await eslint.lintText(bad + '\n', { filePath: join(root, 'widgets/cart/planted.tsx') });
    expect(rules([r!])).toEqual(Array(4).fill('no-restricted-syntax'));
    const ok = [
      'export const a = () => <select value="x"><option value="x" selected>x</option></select>;',
      'export const b = () => <input name="q" onInput={() => {}} />;',
      'export const c = () => <input type="checkbox" onChange={() => {}} />;',
      'export const d = () => <input type="file" onChange={() => {}} />;',
      'export const e = () => <p class="x" />;',
    ].join('\n');
    const [o] = await eslint.lintText(ok + '\n', { filePath: join(root, 'ui/planted.tsx') });
    expect(rules([o!])).toEqual([]);
  }, 60_000);

  it('the page-owning files may reach the page; files outside core are not concerned', async () => {
    const code = 'export const title = () => document.title;\n';
    for (const file of ['core/boot.ts', 'core/storage.ts', 'widgets/planted.ts']) {
      const [r] = await eslint.lintText(code, { filePath: join(root, file) });
      expect(rules([r!]), file).toEqual([]);
    }
  }, 60_000);

  it('no z.record or z.union in browser code (zod is paid on every page); the emulator and tests may', async () => {
    const code =
      "import { z } from 'zod/mini';\nexport const a = z.record(z.string(), z.unknown());\nexport const b = z.union([z.string(), z.number()]);\n";
    for (const file of ['core/api/planted.ts', 'core/boot.ts', 'widgets/cart/planted.tsx']) {
      const [r] = await eslint.lintText(code, { filePath: join(root, file) });
      expect(rules([r!]), file).toEqual(['no-restricted-properties', 'no-restricted-properties']);
      expect(r!.messages[0]!.message).toContain('dictOf');
    }
    // by name, or another of the same kinds
    const named =
      "import { record, union } from 'zod/mini';\nimport * as z from 'zod/mini';\nexport const a = [record, union, z.discriminatedUnion, z.partialRecord];\n";
    const [r] = await eslint.lintText(named, { filePath: join(root, 'widgets/cart/planted.ts') });
    expect(rules([r!])).toEqual([
      'no-restricted-syntax',
      'no-restricted-syntax',
      'no-restricted-properties',
      'no-restricted-properties',
    ]);
    for (const file of [
      'emulator/planted.ts',
      'companion/planted.ts',
      'scripts/planted.ts',
      'core/api/planted.test.ts',
      'widgets/cart/planted.test.tsx',
    ]) {
      const [r] = await eslint.lintText(code, { filePath: join(root, file) });
      expect(rules([r!]), file).toEqual([]);
    }
  }, 60_000);

  it('a clean core/api file has no error', async () => {
    const code =
      "import { ops } from '../urls.ts';\nimport type { Http } from '../http.ts';\nexport const path = (_: Http) => ops.getCart.path;\n";
    const [r] = await eslint.lintText(code, { filePath: join(root, 'core/api/planted-clean.ts') });
    expect(rules([r!])).toEqual([]);
  }, 60_000);

  it('no Node-only API in the site companion: node:fs, a bare builtin, Buffer; node.ts and tests may', async () => {
    const code =
      "import { readFileSync } from 'node:fs';\nimport { join } from 'path';\nexport const f = () => [readFileSync, join, Buffer];\n";
    const [r] = await eslint.lintText(code, { filePath: join(root, 'companion/planted.ts') });
    expect(rules([r!])).toEqual(['no-restricted-imports', 'no-restricted-imports', 'no-restricted-globals']);
    for (const file of ['companion/node.ts', 'companion/planted.test.ts']) {
      const [ok] = await eslint.lintText(code, { filePath: join(root, file) });
      expect(rules([ok!]), file).toEqual([]);
    }
  }, 60_000);

  it("core's layers: an upward import fails (a call module reaching page state, a cache reaching the client)", async () => {
    const upward = {
      'core/api/planted.ts': "import { cartOf } from '../stores/current-cart.ts';\nexport const c = cartOf;\n",
      'core/cache/planted.ts': "import { createClient } from '../client.ts';\nexport const c = createClient;\n",
      'core/client.ts': "import { productStore } from './reads/products.ts';\nexport const p = productStore;\n",
      'core/auth/planted.ts': "import { fetchCart } from '../api/current-cart.ts';\nexport const f = fetchCart;\n",
      'core/stores/planted.ts': "import { boot } from '../boot.ts';\nexport const b = boot;\n",
    };
    for (const [file, code] of Object.entries(upward)) {
      const [r] = await eslint.lintText(code, { filePath: join(root, file) });
      expect(rules([r!]), file).toEqual(['import-x/no-restricted-paths']);
    }
    const [r] = await eslint.lintText(upward['core/api/planted.ts'], { filePath: join(root, 'core/api/planted.ts') });
    expect(r!.messages[0]!.message).toContain('the call modules may not import');
    // downward, or within a layer, is fine; tests reach across
    const down = {
      'core/stores/planted.ts': "import { fetchCart } from '../api/current-cart.ts';\nexport const f = fetchCart;\n",
      'core/client.ts': "import { createQueryCache } from './cache/query.ts';\nexport const q = createQueryCache;\n",
      'core/api/planted.test.ts': "import { cartOf } from '../stores/current-cart.ts';\nexport const c = cartOf;\n",
    };
    for (const [file, code] of Object.entries(down)) {
      const [ok] = await eslint.lintText(code, { filePath: join(root, file) });
      expect(rules([ok!]), file).toEqual([]);
    }
  }, 60_000);

  it('every core file is in one of the layers the rule knows', async () => {
    const walk = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
      );
    // the layers as the rule has them: each layer's zone (its files may not import those above), and the top layer
    const config = (await eslint.calculateConfigForFile('core/client.ts')) as {
      rules: Record<
        string,
        [unknown, { zones: { target: string | string[]; from: string | string[]; message: string }[] }]
      >;
    };
    const zones = config.rules['import-x/no-restricted-paths']![1].zones.filter((z) =>
      z.message.startsWith("core's layers"),
    );
    const paths = [...zones.flatMap((z) => [z.target].flat()), ...[zones[0]!.from].flat()];
    expect(zones.length).toBeGreaterThan(8);
    const outside = walk('core').filter(
      (f) => !/\.test\.tsx?$/.test(f) && !paths.some((p) => f === p || f.startsWith(`${p}/`)),
    );
    expect(outside).toEqual([]);
  });

  it('core and the companion never import widgets/ or ui/; only the entries import core/boot.ts', async () => {
    const widget = "import { registry } from '../widgets/registry.ts';\nexport const r = registry;\n";
    for (const file of ['companion/planted.ts', 'core/planted.ts']) {
      const [r] = await eslint.lintText(widget, { filePath: join(root, file) });
      expect(rules([r!]), file).toEqual(['import-x/no-restricted-paths']);
    }
    const [c] = await eslint.lintText(widget.replace('../widgets/', '../../widgets/'), {
      filePath: join(root, 'core/stores/planted.ts'),
    });
    expect(rules([c!])).toEqual(['import-x/no-restricted-paths']);
    expect(c!.messages[0]!.message).toContain('core never imports a widget');
    // the companion may use core
    const [ok] = await eslint.lintText("import { route } from '../core/urls.ts';\nexport const r = route;\n", {
      filePath: join(root, 'companion/planted.ts'),
    });
    expect(rules([ok!])).toEqual([]);
    const boot = "import { boot } from '../../core/boot.ts';\nexport const b = boot;\n";
    const [w] = await eslint.lintText(boot, { filePath: join(root, 'widgets/cart/planted.ts') });
    expect(rules([w!])).toEqual(['import-x/no-restricted-paths']);
    const [entry] = await eslint.lintText(boot.replace('../../', '../'), { filePath: join(root, 'widgets/start.ts') });
    expect(rules([entry!])).toEqual([]);
  }, 60_000);

  it('no module-level state in core (a store or a let at the top of a module); the page-owning boot.ts may', async () => {
    const code =
      "import { atom } from 'nanostores';\nexport const $shared = atom(0);\nlet count = 0;\nexport const next = () => ++count;\n";
    const [r] = await eslint.lintText(code, { filePath: join(root, 'core/stores/planted.ts') });
    expect(rules([r!])).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    expect(r!.messages[0]!.message).toContain('oncePer');
    // inside a function (per client) it is fine; so is the composition root's page state
    const perClient = "import { atom } from 'nanostores';\nexport const make = () => atom(0);\n";
    const [ok] = await eslint.lintText(perClient, { filePath: join(root, 'core/stores/planted.ts') });
    expect(rules([ok!])).toEqual([]);
    const [root_] = await eslint.lintText(code, { filePath: join(root, 'core/boot.ts') });
    expect(rules([root_!])).toEqual([]);
  }, 60_000);
});
