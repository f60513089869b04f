/**
 * The conformance suite covers every platform call (issue 38, "What must be true" 5): the table of calls
 * (tests/conformance/calls.ts) has one row per operation of core/ops; each row's generated client method really sends
 * that method and path (read from the installed client's `build/cjs/meta.js`, the request builder the SDK runs) and
 * is public or internal as its typings say; a call marked `none` has no such method in any installed client; and every
 * operation is claimed by its conformance file (`covers`, and `refuses` for an admin-only call), whose own coverage
 * case checks each claim against what went over the boundary. A new operation without a row, a row without an
 * operation, or an operation no conformance case exercises fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_OPS, type OpName } from './boundary.ts';
import { CALLS, callsOf, PENDING, rows, type Call } from './calls.ts';

const ROOT = join(import.meta.dirname, '../..');
const HERE = import.meta.dirname;
const require = createRequire(import.meta.url);

interface MetaEntry {
  httpMethod: string;
  getUrl(context: { host: string }): string;
}
type Meta = Record<string, unknown>;

const metaOf = (pkg: string): Meta => require(join(ROOT, 'node_modules', pkg, 'build/cjs/meta.js')) as Meta;
const runtimeOf = (pkg: string): Meta => require(join(ROOT, 'node_modules', pkg, 'build/cjs/index.js')) as Meta;
/** The names a generated client's public typings export (the `export { … }` at the end of index.d.ts). */
function publicNames(pkg: string): Set<string> {
  const dts = readFileSync(join(ROOT, 'node_modules', pkg, 'build/cjs/index.d.ts'), 'utf8');
  const list = /export \{([^}]*)\};\s*$/.exec(dts)?.[1] ?? '';
  return new Set(
    list.split(',').map((s) =>
      s
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ),
  );
}
/** A generated method's request as its request builder makes it: method and path on www.wixapis.com. */
function requestOf(pkg: string, method: string): { method: string; path: string } | undefined {
  const build = metaOf(pkg)[method];
  if (typeof build !== 'function') return undefined;
  const entry = (build as () => MetaEntry)();
  return { method: entry.httpMethod, path: entry.getUrl({ host: 'www.wixapis.com' }) };
}
/** `/a/{id}/b` → `/a/:/b`, and the builder's `/a/:id/b` → the same: parameter names do not matter. */
const shape = (path: string) => path.replace(/\{[\w.]+\}|:\w+/g, ':');

/** Every generated client installed, and every request its methods make. */
function allGenerated(): { pkg: string; method: string; request: { method: string; path: string } }[] {
  const out: { pkg: string; method: string; request: { method: string; path: string } }[] = [];
  for (const dir of readdirSync(join(ROOT, 'node_modules/@wix')).filter((d) => d.startsWith('auto_sdk_'))) {
    const pkg = `@wix/${dir}`;
    for (const [method, build] of Object.entries(metaOf(pkg))) {
      if (typeof build !== 'function' || !/^[a-z]/.test(method)) continue;
      const request = requestOf(pkg, method);
      if (request) out.push({ pkg, method, request });
    }
  }
  return out;
}

/**
 * What each conformance file claims: `covers('a', 'b')`, `refuses('c')` (literal names), and `covers(...callsOf('f'))`
 * (every operation whose row names file `f`, calls.ts).
 */
function claims(): Map<string, { covers: Set<string>; refuses: Set<string> }> {
  const out = new Map<string, { covers: Set<string>; refuses: Set<string> }>();
  for (const file of readdirSync(HERE).filter((f) => f.endsWith('.test.ts') && f !== 'coverage.test.ts')) {
    const text = readFileSync(join(HERE, file), 'utf8');
    const found = { covers: new Set<string>(), refuses: new Set<string>() };
    for (const m of text.matchAll(/\b(covers|refuses)\(([^)]*)\)/g)) {
      for (const n of m[2]!.matchAll(/'(\w+)'/g)) found[m[1] as 'covers' | 'refuses'].add(n[1]!);
    }
    for (const m of text.matchAll(/\bcovers\([^)]*\.\.\.callsOf\('([\w.-]+)'\)/g))
      for (const name of callsOf(m[1]!)) found.covers.add(name);
    out.set(file, found);
  }
  return out;
}

describe('the table of platform calls (tests/conformance/calls.ts)', () => {
  it('has one row per operation of core/ops and core/ops/admin.ts, and no other', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(ALL_OPS).sort());
  });

  it("each row's generated client method sends the operation's method and path (its meta.js request builder)", () => {
    const wrong: string[] = [];
    for (const { name, method, path, call } of rows()) {
      if (!call.client) continue;
      const sent = requestOf(call.client.pkg, call.client.method);
      const expected = `${call.fallbackOf ?? method} ${shape(path)}`;
      const actual = sent && `${sent.method} ${shape(sent.path)}`;
      if (actual !== expected)
        wrong.push(`${name}: table ${expected}, ${call.client.pkg} ${call.client.method}: ${actual}`);
    }
    expect(wrong).toEqual([]);
  });

  it('public means exported by the typings, internal means in the runtime only; chosen needs a reason', () => {
    const wrong: string[] = [];
    for (const { name, call } of rows()) {
      if (call.visibility === 'none') {
        if (call.client || !call.source || call.status !== 'chosen') wrong.push(`${name}: none needs a source, chosen`);
        continue;
      }
      const { pkg, method } = call.client!;
      const isPublic = publicNames(pkg).has(method);
      const inRuntime = typeof runtimeOf(pkg)[method] === 'function';
      if (!inRuntime) wrong.push(`${name}: ${pkg} has no ${method} in its runtime`);
      if (isPublic !== (call.visibility === 'public')) wrong.push(`${name}: ${method} public=${isPublic}`);
      if (call.status !== 'verified' && !call.note) wrong.push(`${name}: chosen with a generated method needs a note`);
    }
    expect(wrong).toEqual([]);
  });

  it('a call marked none has no method in any installed generated client (else it would be public or internal)', () => {
    const generated = allGenerated();
    const wrong = rows()
      .filter(({ call }) => call.visibility === 'none')
      .flatMap(({ name, method, path }) =>
        generated
          .filter((g) => g.request.method === method && shape(g.request.path) === shape(path))
          .map((g) => `${name}: ${g.pkg} ${g.method}`),
      );
    expect(wrong).toEqual([]);
  });

  it('the companion modules that send an operation are the ones its row names', () => {
    const wrong: string[] = [];
    const named = (call: Call) => (call.by.companion ?? []).map((c) => c.split(' ')[0]!);
    for (const { name, call } of rows()) {
      for (const file of named(call)) if (!existsSync(join(ROOT, file))) wrong.push(`${name}: no ${file}`);
      const who = Object.keys(call.by).length;
      if (who === 0) wrong.push(`${name}: who sends it?`);
    }
    for (const file of readdirSync(join(ROOT, 'companion')).filter((f) => /^[^.]+\.ts$/.test(f))) {
      const text = readFileSync(join(ROOT, 'companion', file), 'utf8');
      for (const m of text.matchAll(/\b(?:adminOps|ops)\.(\w+)/g)) {
        const call = CALLS[m[1] as OpName] as Call | undefined;
        if (call && !named(call).includes(`companion/${file}`)) wrong.push(`${m[1]}: sent by companion/${file}`);
      }
    }
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('a call the browser sends is in the code of core/ or widgets/ (an `ops.` reference outside the table)', () => {
    const referenced = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/^core\/(ops|urls)/.test(path))
          for (const m of readFileSync(join(ROOT, path), 'utf8').matchAll(/\bops\.(\w+)/g)) referenced.add(m[1]!);
      }
    };
    walk('core');
    walk('widgets');
    const wrong = rows()
      .filter(({ name, call }) => call.by.browser && !referenced.has(name))
      .map(({ name }) => name);
    expect(wrong).toEqual([]);
  });
});

describe('the conformance files exercise every call', () => {
  const claimed = claims();
  const coveredIn = (file: string, name: string) => claimed.get(file)?.covers.has(name) ?? false;

  it("every call is covered (a 2xx answer) by its row's file, unless PENDING on a sibling's file", () => {
    const missing = rows()
      .filter(({ name, call }) => !PENDING.has(name) && !coveredIn(call.file, name))
      .map(({ name, call }) => `${name}: ${call.file}`);
    expect(missing).toEqual([]);
  });

  it('every admin-only and member-only call is seen refused (403) to a lesser token, unless PENDING', () => {
    const refusedAnywhere = new Set([...claimed.values()].flatMap((c) => [...c.refuses]));
    const restricted = new Set(['admin', 'member']);
    const missing = rows()
      .filter(({ name, call }) => restricted.has(call.identity) && !PENDING.has(name) && !refusedAnywhere.has(name))
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('PENDING names only calls whose row names that file, and not one its file already covers (empty it)', () => {
    const wrong: string[] = [];
    for (const [name, file] of PENDING) {
      if (CALLS[name].file !== file) wrong.push(`${name}: row says ${CALLS[name].file}`);
      if (coveredIn(file, name)) wrong.push(`${name}: ${file} covers it now; remove it from PENDING`);
    }
    expect(wrong).toEqual([]);
  });

  it('every claim names an operation of the table', () => {
    const unknown = [...claimed].flatMap(([file, c]) =>
      [...c.covers, ...c.refuses].filter((n) => !(n in ALL_OPS)).map((n) => `${file}: ${n}`),
    );
    expect(unknown).toEqual([]);
  });
});
