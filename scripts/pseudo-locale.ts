/**
 * Writes widgets/languages/ar-XB.ts, the right-to-left test language (the pseudo-bidi locale `ar-XB` of Android and
 * Chrome): every English string that a French dictionary translates (core/i18n/fr.ts and each `*.fr.ts`: the
 * shoppers' pack, the console's and its sections' on-demand strings, the sign-in challenge's), each literal segment
 * wrapped in RLM RLO … PDF RLM so its Latin letters read mirrored, as a right-to-left language's would, while the
 * `{placeholders}` stay outside the override (their values keep their own order). Plural keys are kept as they are.
 *
 * The pack is literal strings (no import of the widgets' English modules: a lazy chunk that imported them would share
 * chunks with the widgets and change their chunk graph). `npx tsx scripts/pseudo-locale.ts` regenerates it;
 * scripts/pseudo-locale.test.ts fails when the file is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import prettier from 'prettier';
import { pseudo } from '../core/i18n/pseudo.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PACK = join(ROOT, 'widgets/languages/ar-XB.ts');

export { pseudo };

/** core/i18n/fr.ts (core's French) and every `*.fr.ts` under core/ and widgets/, sorted. */
export function frenchFiles(): string[] {
  const found: string[] = [join(ROOT, 'core/i18n/fr.ts')];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.fr.ts')) found.push(p);
    }
  };
  walk(join(ROOT, 'core'));
  walk(join(ROOT, 'widgets'));
  return found.sort();
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);

/** The string properties of `export const <name> = { … }` in `file` (literal strings only: anything else throws). */
function englishOf(file: string, name: string): Record<string, string> {
  const source = parse(file);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || d.name.text !== name || !d.initializer) continue;
      let init: ts.Expression = d.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
        init = init.expression;
      if (!ts.isObjectLiteralExpression(init)) throw new Error(`${file}: ${name} is not an object literal`);
      const out: Record<string, string> = {};
      for (const p of init.properties) {
        if (!ts.isPropertyAssignment(p) || !(ts.isStringLiteral(p.name) || ts.isIdentifier(p.name)))
          throw new Error(`${file}: ${name} has a property that is not 'key': 'text'`);
        if (!ts.isStringLiteral(p.initializer) && !ts.isNoSubstitutionTemplateLiteral(p.initializer))
          throw new Error(`${file}: ${name}.${p.name.text} is not a literal string`);
        out[p.name.text] = p.initializer.text;
      }
      return out;
    }
  }
  throw new Error(`${file}: no exported const ${name}`);
}

/**
 * The English dictionaries the French files translate: from each `*.fr.ts`, its `import type { a, b } from './x'`
 * (core's `Messages` is core's `en`), in file order. Each entry: the English module (relative to the root) and its
 * strings.
 */
export function englishDictionaries(): { from: string; strings: Record<string, string> }[] {
  const out: { from: string; strings: Record<string, string> }[] = [];
  for (const fr of frenchFiles()) {
    for (const statement of parse(fr).statements) {
      if (!ts.isImportDeclaration(statement) || !statement.importClause?.isTypeOnly) continue;
      const named = statement.importClause.namedBindings;
      if (!named || !ts.isNamedImports(named)) continue;
      const file = resolve(dirname(fr), (statement.moduleSpecifier as ts.StringLiteral).text);
      for (const el of named.elements) {
        const name = el.name.text === 'Messages' ? 'en' : el.name.text;
        out.push({ from: `${relative(ROOT, file)} ${name}`, strings: englishOf(file, name) });
      }
    }
  }
  return out;
}

/** The pack's source text, formatted as the repository's Prettier settings would. */
export async function generate(): Promise<string> {
  const entries: [string, string][] = [];
  const seen = new Map<string, string>();
  for (const { from, strings } of englishDictionaries())
    for (const [k, v] of Object.entries(strings)) {
      if (seen.has(k) && seen.get(k) !== v)
        throw new Error(`${k} is in two dictionaries with different words (${from})`);
      if (!seen.has(k)) entries.push([k, pseudo(v)]);
      seen.set(k, v);
    }
  // the controls written as escapes: readable, and no invisible characters in the source
  const literal = (s: string) =>
    `'${s.replace(/[\\']/g, '\\$&').replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\n]/g, (c) => (c === '\n' ? '\\n' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))}'`;
  const text = `// Generated by scripts/pseudo-locale.ts from the English dictionaries that a French file translates: do not edit
// (\`npx tsx scripts/pseudo-locale.ts\`; scripts/pseudo-locale.test.ts fails when this file is stale).
/**
 * The right-to-left test language \`ar-XB\` (the pseudo-bidi locale of Android and Chrome): each English string's
 * words in RLM RLO … PDF RLM, read mirrored on a right-to-left page; \`{placeholders}\` outside the override. One lazy
 * chunk, loaded only by a page whose language is ar-XB (widgets/languages/index.ts).
 */
const pack: Record<string, string> = {
${entries.map(([k, v]) => `  ${literal(k)}: ${literal(v)},`).join('\n')}
};
export default pack;
`;
  const options = (await prettier.resolveConfig(PACK)) ?? {};
  return prettier.format(text, { ...options, filepath: PACK });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await generate();
  writeFileSync(PACK, text);
  console.log(`wrote ${relative(ROOT, PACK)}`);
}
