/**
 * The site builders' declarations (types/*.d.ts) compile the way a site uses them: each fixture is type-checked on
 * its own program (strict, DOM lib, no skipLibCheck so the generated .d.ts files are checked too). ok fixtures have
 * no diagnostics; bad fixtures have exactly the errors their `// error TSxxxx` comments name, line by line.
 * React: @types/react is not installed, so the React declarations compile against a minimal stand-in
 * (fixtures/react-shim) shaped like @types/react 19 (JSX under the `react` module).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/manifest.ts';

const fixtures = join(ROOT, 'tests/types/fixtures');
const types = (name: string) => join(ROOT, 'types', name);

function compile(fixture: string | undefined, framework: 'preact' | 'react' | 'none') {
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    jsxImportSource: framework === 'none' ? 'preact' : framework,
    types: [],
    noEmit: true,
    skipLibCheck: false,
    ...(framework === 'react'
      ? {
          paths: {
            react: [join(fixtures, 'react-shim/index.d.ts')],
            'react/jsx-runtime': [join(fixtures, 'react-shim/jsx-runtime.d.ts')],
          },
        }
      : {}),
  };
  const roots = [
    types('inlay.d.ts'),
    ...(framework === 'none' ? [] : [types(`${framework}.d.ts`)]),
    ...(fixture ? [join(fixtures, fixture)] : []),
  ];
  const program = ts.createProgram(roots, options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  // every diagnostic, wherever it is: the declarations themselves must be clean too
  return diagnostics.map((d) => {
    const where = d.file
      ? `${d.file.fileName.slice(ROOT.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '(global)';
    return { where, code: `TS${d.code}`, text: ts.flattenDiagnosticMessageText(d.messageText, ' ') };
  });
}

/** `// error TSxxxx` markers of a fixture, as `file:line TSxxxx`. */
function expected(fixture: string) {
  return readFileSync(join(fixtures, fixture), 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(/\/\/ error (TS\d+)/g)].map((m) => `tests/types/fixtures/${fixture}:${i + 1} ${m[1]}`),
    );
}

describe('types/*.d.ts for site builders', { timeout: 60_000 }, () => {
  it('types/inlay.d.ts alone (a site without JSX, and without React or Preact installed) compiles clean', () => {
    expect(compile(undefined, 'none')).toEqual([]);
  });

  it('Preact JSX, typed querySelector, events and window.Inlay: ok.tsx compiles clean', () => {
    expect(compile('ok.tsx', 'preact')).toEqual([]);
  });

  it('Preact: bad.tsx fails exactly on its marked lines (wrong attribute types, unknown detail properties, Inlay possibly undefined)', () => {
    const found = compile('bad.tsx', 'preact');
    const marks = expected('bad.tsx');
    expect(marks.length).toBe(11);
    expect(found.map((d) => `${d.where} ${d.code}`).sort()).toEqual(marks.sort());
  });

  it('React 19 JSX (against the @types/react 19-shaped shim): react-ok.tsx compiles clean', () => {
    expect(compile('react-ok.tsx', 'react')).toEqual([]);
  });

  it('React 19 JSX: react-bad.tsx fails exactly on its marked lines', () => {
    const found = compile('react-bad.tsx', 'react');
    const marks = expected('react-bad.tsx');
    expect(marks.length).toBe(4);
    expect(found.map((d) => `${d.where} ${d.code}`).sort()).toEqual(marks.sort());
  });
});
