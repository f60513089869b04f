import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
      "import { api } from '../urls.ts';\nimport type { Http } from '../http.ts';\nexport const path = (_: Http) => api.getCart.path;\n";
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
});
