import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Comments and docs cite the platform reference by its path in the repository, `docs/spec/wire-protocol.md §N`, and
 * every section they name exists in that copy: §N is its heading `## N. …`, §N.M item M of the numbered list under
 * that heading (e.g. §10.11, §11.5). A citation without the path (the document once lived outside the repository)
 * or of a section the copy does not have fails here.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const SPEC = 'docs/spec/wire-protocol.md';
const NAME = 'wire-protocol';
const self = relative(root, fileURLToPath(import.meta.url));

/** Folders never scanned: installs, builds, local data and reports, dot-folders, this copy, lint's planted files. */
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

/** The sections the copy has: `N` for each `## N. ` heading, `N.M` for each item `M. ` of the list under it. */
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
/** Every mention of the document, with the path written before it (`docs/spec/`, `spec/` in a link, or nothing). */
const MENTION = new RegExp(String.raw`([\w./-]*)${NAME}(\.md)?`, 'g');

/** What is wrong with the citations in one file's text, as `file:line: reason`. */
function badCitations(file: string, text: string, sections: Set<string>): string[] {
  const bad: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(MENTION)) {
    const written = m[0];
    const where = `${file}:${lineOf(m.index)}`;
    // the repository path as comments write it, or a relative link in a doc that lands on the copy
    const resolves =
      written === SPEC || (file.endsWith('.md') && resolve(root, dirname(file), written) === resolve(root, SPEC));
    if (!resolves) {
      bad.push(`${where}: "${written}" is not the copy's path (cite ${SPEC} §N)`);
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
            if (!sections.has(`${fromSection}.${i}`)) bad.push(`${where}: ${SPEC} has no §${fromSection}.${i}`);
      }
      if (!sections.has(n!)) bad.push(`${where}: ${SPEC} has no §${n}`);
      previous = n;
    }
  }
  return bad;
}

describe(`citations of ${SPEC}`, () => {
  const sections = sectionsOf(readFileSync(join(root, SPEC), 'utf8'));

  it('the copy has the sections and numbered items comments cite', () => {
    for (const n of ['0', '1', '9', '10', '11', '10.1', '10.11', '10.12', '11.1', '11.5', '11.13'])
      expect(sections, n).toContain(n);
    expect(sections).not.toContain('10.13');
    expect(sections).not.toContain('11.14');
    expect(sections).not.toContain('12');
  });

  it('every comment and doc cites it by its repository path, with sections it has', () => {
    const bad: string[] = [];
    let citations = 0;
    for (const file of sourceFiles()) {
      const text = readFileSync(join(root, file), 'utf8');
      citations += text.split(`${SPEC} §`).length - 1;
      bad.push(...badCitations(file, text, sections));
    }
    expect(bad).toEqual([]);
    expect(citations).toBeGreaterThan(50); // the walk found the repository's citations
  });

  it('refuses a citation without the path, an unknown section, and an unknown item inside a range', () => {
    const planted = [
      `// the cart (${NAME} §6)`,
      `// orders (${NAME}.md §11.5)`,
      `// catalog (${SPEC} §10.13)`,
      `// paging (${SPEC} §11.7–§11.15)`,
      `// both (${SPEC} §2 and §12)`,
      `// fine (${SPEC} §11.5, §11.6; ${SPEC} §0)`,
    ].join('\n');
    expect(badCitations('core/planted.ts', planted, sections)).toEqual([
      `core/planted.ts:1: "${NAME}" is not the copy's path (cite ${SPEC} §N)`,
      `core/planted.ts:2: "${NAME}.md" is not the copy's path (cite ${SPEC} §N)`,
      `core/planted.ts:3: ${SPEC} has no §10.13`,
      `core/planted.ts:4: ${SPEC} has no §11.14`,
      `core/planted.ts:4: ${SPEC} has no §11.15`,
      `core/planted.ts:5: ${SPEC} has no §12`,
    ]);
    // a doc's relative link to the copy is a citation of it too
    expect(badCitations('docs/planted.md', `[spec](spec/${NAME}.md) §11.2`, sections)).toEqual([]);
    expect(badCitations('docs/planted.md', `[spec](spec/${NAME}.md) §14`, sections)).toEqual([
      `docs/planted.md:1: ${SPEC} has no §14`,
    ]);
  });
});
