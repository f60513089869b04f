import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Comments and docs cite the documents the project was specified from by their paths in the repository (docs/spec/),
 * `docs/spec/wire-protocol.md §N`, `docs/spec/platform-client.md §N`, `docs/spec/commerce.md §N`, and every section
 * they name exists in that copy: §N is its heading `## N. …`, §N.M item M of the numbered list under that heading (e.g.
 * §10.11, §11.5). A citation without the path (the documents once lived outside the repository), of a section the
 * copy does not have, or of a document outside the repository (the design brief, "the spec §N", a `../shared` path)
 * fails here.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The copies. `bare`: the name alone is already a citation (`wire-protocol §6` is wrong); the others are ordinary
 * words (commerce), so only their file name (`commerce.md`) is checked.
 */
const DOCS = [
  { path: 'docs/spec/wire-protocol.md', name: 'wire-protocol', bare: true },
  { path: 'docs/spec/platform-client.md', name: 'platform-client', bare: false },
  { path: 'docs/spec/commerce.md', name: 'commerce', bare: false },
];
const [WIRE] = DOCS;
const SPEC = WIRE!.path;
const NAME = WIRE!.name;
const self = relative(root, fileURLToPath(import.meta.url));

/** Folders never scanned: installs, builds, local data and reports, dot-folders, the copies, lint's planted files. */
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'bench-results', 'results', 'gallery']);
const SCANNED = /\.(ts|tsx|js|mjs|cjs|md)$/;

function sourceFiles(dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (SKIP.has(entry.name) || entry.name.startsWith('.') || entry.name.startsWith('planted-')) continue;
      if (path === 'docs/spec') continue;
      out.push(...sourceFiles(path));
    } else if (SCANNED.test(entry.name) && path !== self) out.push(path);
  }
  return out;
}

/** The sections a copy has: `N` for each `## N. ` heading, `N.M` for each item `M. ` of the list under it. */
function sectionsOf(markdown: string): Set<string> {
  const found = new Set<string>();
  let section: string | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^## (\d+)\. /.exec(line);
    if (heading) {
      section = heading[1]!;
      found.add(section);
    } else if (/^#{1,2} /.test(line)) section = undefined;
    else {
      const item = /^(\d+)\. /.exec(line);
      if (item && section !== undefined) found.add(`${section}.${item[1]}`);
    }
  }
  return found;
}

const SECTION = String.raw`§(\d+(?:\.\d+)?)`;
/**
 * A run of sections after the path (or after a link to it, `[…](spec/….md) §2`): `§2`, `§2 and §11.9`, `§11.5, §11.6`,
 * `§11.5/§11.6`, `§11.7–§11.10`.
 */
const RUN = new RegExp(String.raw`^(?:\]\([^)\s]*\)|\))? ${SECTION}(?:\s*(?:,|/|–|-|and|or)\s*${SECTION})*`);
const RUN_PART = new RegExp(String.raw`([,/–-]|and|or)?\s*${SECTION}`, 'g');

/**
 * Citations of documents that are not in the repository: the design brief (`design §3`, `design.md`), "the spec §N"
 * without a path, and paths into the folder they were once shared from.
 */
const FOREIGN = [
  /\bdesign(?:\.md)?\s*\(?§\s*\d/g,
  /\bdesign\.md\b/g,
  /(?<![\w./-])spec(?:'s)?\s*\(?§\s*\d/g,
  /(?:\.\.|\/work)\/shared\b/g,
  /\bspec\/0\d\d\b/g,
];

/** What is wrong with the citations in one file's text, as `file:line: reason`. */
function badCitations(file: string, text: string, sectionsByDoc: Map<string, Set<string>>): string[] {
  const bad: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const { path, name, bare } of DOCS) {
    const sections = sectionsByDoc.get(path)!;
    // every mention of the document, with the path written before it (`docs/spec/`, `spec/` in a link, or nothing)
    const mention = new RegExp(String.raw`([\w./-]*)${name}${bare ? String.raw`(\.md)?` : String.raw`\.md`}`, 'g');
    for (const m of text.matchAll(mention)) {
      const written = m[0];
      const where = `${file}:${lineOf(m.index)}`;
      // the repository path as comments write it, or a relative link in a doc that lands on the copy
      const resolves =
        written === path || (file.endsWith('.md') && resolve(root, dirname(file), written) === resolve(root, path));
      if (!resolves) {
        bad.push(`${where}: "${written}" is not the copy's path (cite ${path} §N)`);
        continue;
      }
      const run = RUN.exec(text.slice(m.index + written.length));
      if (!run) continue; // the document named without a section
      let previous: string | undefined;
      for (const part of run[0].slice(run[0].indexOf('§') - 1).matchAll(RUN_PART)) {
        const [, joint, n] = part;
        // a range A–B within one section: every item between exists too
        if ((joint === '–' || joint === '-') && previous !== undefined) {
          const [fromSection, from] = previous.split('.');
          const [toSection, to] = n!.split('.');
          if (fromSection === toSection && from !== undefined && to !== undefined)
            for (let i = Number(from) + 1; i < Number(to); i++)
              if (!sections.has(`${fromSection}.${i}`)) bad.push(`${where}: ${path} has no §${fromSection}.${i}`);
        }
        if (!sections.has(n!)) bad.push(`${where}: ${path} has no §${n}`);
        previous = n;
      }
    }
  }
  for (const pattern of FOREIGN)
    for (const m of text.matchAll(pattern))
      bad.push(`${file}:${lineOf(m.index)}: "${m[0]}" cites a document outside the repository (cite docs/spec/…)`);
  return bad;
}

describe('citations of docs/spec/', () => {
  const sectionsByDoc = new Map(DOCS.map(({ path }) => [path, sectionsOf(readFileSync(join(root, path), 'utf8'))]));
  const sections = sectionsByDoc.get(SPEC)!;

  it('the copies have the sections and numbered items comments cite', () => {
    for (const n of ['0', '1', '9', '10', '11', '10.1', '10.11', '10.12', '11.1', '11.5', '11.13'])
      expect(sections, n).toContain(n);
    expect(sections).not.toContain('10.13');
    expect(sections).not.toContain('11.14');
    expect(sections).not.toContain('12');
    for (const path of ['docs/spec/platform-client.md', 'docs/spec/commerce.md'])
      expect([...sectionsByDoc.get(path)!].sort(), path).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('every comment and doc cites them by their repository paths, with sections they have', () => {
    const bad: string[] = [];
    const citations = new Map(DOCS.map(({ path }) => [path, 0]));
    for (const file of sourceFiles()) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const { path } of DOCS) citations.set(path, citations.get(path)! + text.split(`${path} §`).length - 1);
      bad.push(...badCitations(file, text, sectionsByDoc));
    }
    expect(bad).toEqual([]);
    // the walk found the repository's citations
    expect(citations.get(SPEC)).toBeGreaterThan(50);
    expect(citations.get('docs/spec/platform-client.md')).toBeGreaterThan(5);
  });

  it('refuses a citation without the path, an unknown section, and an unknown item inside a range', () => {
    const planted = [
      `// the cart (${NAME} §6)`,
      `// orders (${NAME}.md §11.5)`,
      `// catalog (${SPEC} §10.13)`,
      `// paging (${SPEC} §11.7–§11.15)`,
      `// both (${SPEC} §2 and §12)`,
      `// fine (${SPEC} §11.5, §11.6; ${SPEC} §0)`,
      `// roles (docs/spec/platform-client.md §6), refunds (docs/spec/commerce.md §8), limits (commerce.md §9)`,
      `// the catalogue (docs/spec/platform-client.md §10)`,
    ].join('\n');
    expect(badCitations('core/planted.ts', planted, sectionsByDoc)).toEqual([
      `core/planted.ts:1: "${NAME}" is not the copy's path (cite ${SPEC} §N)`,
      `core/planted.ts:2: "${NAME}.md" is not the copy's path (cite ${SPEC} §N)`,
      `core/planted.ts:3: ${SPEC} has no §10.13`,
      `core/planted.ts:4: ${SPEC} has no §11.14`,
      `core/planted.ts:4: ${SPEC} has no §11.15`,
      `core/planted.ts:5: ${SPEC} has no §12`,
      `core/planted.ts:8: docs/spec/platform-client.md has no §10`,
      `core/planted.ts:7: "commerce.md" is not the copy's path (cite docs/spec/commerce.md §N)`,
    ]);
    // a doc's relative link to a copy is a citation of it too
    expect(badCitations('docs/planted.md', `[spec](spec/${NAME}.md) §11.2`, sectionsByDoc)).toEqual([]);
    expect(badCitations('docs/planted.md', `[spec](spec/${NAME}.md) §14`, sectionsByDoc)).toEqual([
      `docs/planted.md:1: ${SPEC} has no §14`,
    ]);
    expect(
      badCitations('emulator/planted.md', '[commerce spec](../docs/spec/commerce.md) §3 and §7', sectionsByDoc),
    ).toEqual([]);
    // "commerce" as a word is no citation
    expect(badCitations('core/planted.ts', '// the eCommerce orders, a commerce call', sectionsByDoc)).toEqual([]);
  });

  it('refuses a citation of a document outside the repository: the design brief, a bare "spec §N", a shared path', () => {
    const planted = [
      '// Budgets from design.md §5',
      '// The platform HTTP client (design §3, spec §9).',
      '/** Binding numbers from the spec (§9). */',
      "// the spec's §8 catalogue",
      '// see ../shared/docs/design.md',
      "// the spec's (/work/shared/spec/001 §3, §4, §8)",
      // what stays allowed: a copy's path, a standard's sections, the word alone
      "// docs/spec/platform-client.md §9; RFC 6749 §4.4.3; the spec's enums; a design choice",
    ].join('\n');
    const outside = (quote: string, line: number) =>
      `core/planted.ts:${line}: "${quote}" cites a document outside the repository (cite docs/spec/…)`;
    expect(badCitations('core/planted.ts', planted, sectionsByDoc).sort()).toEqual(
      [
        outside('design.md §5', 1),
        outside('design §3', 2),
        outside('design.md', 1),
        outside('design.md', 5),
        outside('spec §9', 2),
        outside('spec (§9', 3),
        outside("spec's §8", 4),
        outside('../shared', 5),
        outside('/work/shared', 6),
        outside('spec/001', 6),
      ].sort(),
    );
  });
});
