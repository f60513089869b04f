/**
 * `npm run manifest`: writes custom-elements.json and types/*.d.ts from the sources, read with the TypeScript
 * compiler API (the widgets are r2wc wrappers, which off-the-shelf analyzers do not see). Sources of truth:
 * - widgets/registry.ts's table → the widgets (one record per widget folder, see {@link registeredWidgets});
 * - widgets/<name>/element.ts `defineElement({ tag, component, props, styles })` → tag, attributes (kebab-case of
 *   the props, as core/element.ts maps them) and their kinds; the props interface (the type argument) → TS types,
 *   descriptions (JSDoc) and `@default`s; the view's JSDoc → the element's description;
 * - `emit('inlay-…')` in the widget's files, core functions that dispatch `new CustomEvent('inlay-…')` when called
 *   with the widget's `host`, and core/element.ts (every widget) → events; core/events.ts `InlayEventMap` → details;
 * - `part` attributes in the widget's JSX (and core/element.ts) → CSS parts;
 * - `var(--inlay-…, default)` in core/theme.ts and the widget's styles → CSS custom properties;
 * - core/boot.ts `InlayGlobal` and `Window` → `window.Inlay`.
 * Anything it cannot read throws, so a new pattern in the sources cannot silently drop out of the manifest.
 * tests/types/manifest.test.ts regenerates both in memory and compares them with the committed files.
 * Run as a script, it also writes react/elements.ts (`inlay/react`'s components) from the new custom-elements.json:
 * see scripts/react-elements.ts.
 */
import ts from 'typescript';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REACT_ELEMENTS, renderReactElements } from './react-elements.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

type Kind = 'string' | 'number' | 'boolean';
export interface Attribute {
  name: string;
  field: string;
  kind: Kind;
  /** TS type of the prop (without `undefined`). */
  type: string;
  description: string;
  default?: string;
}
export interface Part {
  name: string;
  elements: string[];
}
export interface CssProperty {
  name: string;
  default: string;
  darkDefault?: string;
}
export interface Widget {
  tag: string;
  className: string;
  module: string;
  description: string;
  attributes: Attribute[];
  events: string[];
  parts: Part[];
  cssProperties: CssProperty[];
}
export interface InlayEvent {
  name: string;
  detailType: string;
  description: string;
}
export interface ManifestData {
  widgets: Widget[];
  events: InlayEvent[];
  /** Declarations (already printed) of the public types, in order. */
  declarations: string[];
  /** Members of the global `Window` (printed). */
  windowMembers: string[];
}

const norm = (p: string) => relative(ROOT, p).split('\\').join('/');
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
const pascal = (s: string) => s.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const fail = (node: ts.Node, what: string): never => {
  const sf = node.getSourceFile();
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
  throw new Error(`manifest: ${what} at ${norm(sf.fileName)}:${line + 1}`);
};
const walk = (node: ts.Node, fn: (n: ts.Node) => void) => {
  const visit = (n: ts.Node) => {
    fn(n);
    ts.forEachChild(n, visit);
  };
  visit(node);
};
/** Folders under widgets/ that are not widgets: shared code the widgets use. */
export const SHARED_FOLDERS = ['languages'];

/**
 * The widgets of widgets/registry.ts's table, read from its source: each record's tag and the folder its chunk
 * (`() => import('./<folder>/element.ts')`) loads. Throws unless every folder under widgets/ (but
 * {@link SHARED_FOLDERS}) has exactly one record, tagged `inlay-<folder>`: a widget cannot be added without it.
 */
export function registeredWidgets(root = ROOT): { tag: string; dir: string }[] {
  const path = join(root, 'widgets/registry.ts');
  const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  let table: ts.ObjectLiteralExpression | undefined;
  walk(sf, (n) => {
    if (!ts.isVariableDeclaration(n) || !ts.isIdentifier(n.name) || n.name.text !== 'widgets' || !n.initializer) return;
    const init = ts.isSatisfiesExpression(n.initializer) ? n.initializer.expression : n.initializer;
    if (ts.isObjectLiteralExpression(init)) table = init;
  });
  if (!table) throw new Error('manifest: widgets/registry.ts has no `const widgets = { … }` table');
  const records = table.properties.map((p) => {
    if (!ts.isPropertyAssignment(p) || !ts.isStringLiteral(p.name) || !ts.isArrayLiteralExpression(p.initializer))
      return fail(p, "a record is not `'inlay-…': [chunk, reserve]`");
    const chunk = p.initializer.elements[0];
    const call = chunk && ts.isArrowFunction(chunk) && ts.isCallExpression(chunk.body) ? chunk.body : undefined;
    const spec = call?.expression.kind === ts.SyntaxKind.ImportKeyword ? call.arguments[0] : undefined;
    const dir = spec && ts.isStringLiteral(spec) ? /^\.\/([a-z0-9-]+)\/element\.ts$/.exec(spec.text)?.[1] : undefined;
    if (!dir) return fail(p, "a record's chunk is not `() => import('./<folder>/element.ts')`");
    if (p.name.text !== `inlay-${dir}`)
      fail(p, `${p.name.text} loads widgets/${dir}: the tag of a widget folder is inlay-<folder>`);
    return { tag: p.name.text, dir };
  });
  const folders = readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !SHARED_FOLDERS.includes(d.name))
    .map((d) => d.name);
  for (const dir of folders) {
    const n = records.filter((r) => r.dir === dir).length;
    if (n !== 1)
      throw new Error(
        `manifest: widgets/${dir} has ${n ? `${n} records` : 'no record'} in widgets/registry.ts (docs/adding-a-widget.md)`,
      );
  }
  for (const r of records)
    if (!folders.includes(r.dir)) throw new Error(`manifest: ${r.tag}'s folder widgets/${r.dir} does not exist`);
  return records.sort((a, b) => a.dir.localeCompare(b.dir));
}
const widgetDirs = (root: string) => registeredWidgets(root).map((w) => w.dir);
const sourceFilesOf = (root: string, dir: string) =>
  readdirSync(join(root, 'widgets', dir), { recursive: true })
    .map(String)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .sort()
    .map((f) => join(root, 'widgets', dir, f));

function createProgram(root: string) {
  const cfgPath = join(root, 'tsconfig.json');
  const cfg = ts.readConfigFile(cfgPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(cfg.config, ts.sys, root);
  const roots = [
    ...widgetDirs(root).flatMap((d) => sourceFilesOf(root, d)),
    join(root, 'core/events.ts'),
    join(root, 'core/boot.ts'),
    join(root, 'core/theme.ts'),
    join(root, 'core/element.ts'),
  ];
  return ts.createProgram(roots, { ...parsed.options, noEmit: true });
}

// ------------------------------------------------------------------------------------------------ type printer

/** Prints a type structurally (no reference to the repo's internal names) except for the public names given. */
class Printer {
  readonly names = new Map<ts.Type, string>();
  constructor(private checker: ts.TypeChecker) {}

  doc(sym: ts.Symbol, indent: string): string {
    const text = ts.displayPartsToString(sym.getDocumentationComment(this.checker)).trim();
    const tags = sym
      .getJsDocTags(this.checker)
      .map((t) => `@${t.name}${t.text ? ' ' + ts.displayPartsToString(t.text) : ''}`);
    const lines = [...(text ? text.split('\n') : []), ...tags];
    if (!lines.length) return '';
    if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
    return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ' ' + l : ''}`).join('\n')}\n${indent} */\n`;
  }

  private withoutUndefined(t: ts.Type): ts.Type[] {
    return t.isUnion() ? t.types.filter((x) => !(x.flags & ts.TypeFlags.Undefined)) : [t];
  }

  /** Union members printed, `true | false` collapsed to boolean. */
  private union(all: readonly ts.Type[], indent: string, node: ts.Node, hint?: ts.Type[]): string {
    // the checker's order depends on what it met first: follow the written union when there is one
    const rank = (x: ts.Type) => (hint?.includes(x) ? hint.indexOf(x) : Infinity);
    const types = [...all].sort((a, b) => rank(a) - rank(b));
    const bools = types.filter((x) => x.flags & ts.TypeFlags.BooleanLiteral);
    const rest = types.filter((x) => !(x.flags & ts.TypeFlags.BooleanLiteral)).map((x) => this.wrap(x, indent, node));
    if (bools.length === 2) rest.push('boolean');
    else rest.push(...bools.map((b) => this.checker.typeToString(b)));
    // null and undefined last, as written by hand
    const nullish = (s: string) => s === 'null' || s === 'undefined';
    return [...rest.filter((s) => !nullish(s)), ...rest.filter(nullish)].join(' | ');
  }

  private wrap(t: ts.Type, indent: string, node: ts.Node): string {
    const s = this.print(t, indent, node);
    const fn = !this.names.has(t) && t.getCallSignatures().length > 0 && t.getProperties().length === 0;
    return fn || (t.isUnion() && !(t.flags & ts.TypeFlags.Boolean) && !this.names.has(t)) ? `(${s})` : s;
  }

  /** The member types of a written union (`a: 'x' | 'y'`, `type T = 'x' | 'y'`), to print them in that order. */
  hint(decl: ts.Node | undefined): ts.Type[] | undefined {
    const typeNode = decl && (ts.isPropertySignature(decl) || ts.isTypeAliasDeclaration(decl)) ? decl.type : undefined;
    return typeNode && ts.isUnionTypeNode(typeNode)
      ? typeNode.types.map((n) => this.checker.getTypeFromTypeNode(n))
      : undefined;
  }

  print(t: ts.Type, indent: string, node: ts.Node, root = false, hint?: ts.Type[]): string {
    const named = this.names.get(t);
    if (named && !root) return named;
    const f = t.flags;
    if (
      f &
      (ts.TypeFlags.Any |
        ts.TypeFlags.Unknown |
        ts.TypeFlags.String |
        ts.TypeFlags.Number |
        ts.TypeFlags.Boolean |
        ts.TypeFlags.Undefined |
        ts.TypeFlags.Null |
        ts.TypeFlags.Void |
        ts.TypeFlags.Never |
        ts.TypeFlags.BooleanLiteral)
    ) {
      return this.checker.typeToString(t);
    }
    if (t.isStringLiteral()) return `'${t.value.replace(/'/g, "\\'")}'`;
    if (t.isNumberLiteral()) return String(t.value);
    if (t.isUnion()) return this.union(t.types, indent, node, hint);
    if (t.isIntersection()) return t.types.map((x) => this.wrap(x, indent, node)).join(' & ');
    if (this.checker.isArrayType(t)) {
      const [el] = this.checker.getTypeArguments(t as ts.TypeReference);
      return `${this.wrap(el!, indent, node)}[]`;
    }
    if (t.flags & ts.TypeFlags.Object) {
      const sym = t.getSymbol();
      if (sym?.getName() === 'Promise') {
        const [arg] = this.checker.getTypeArguments(t as ts.TypeReference);
        return `Promise<${this.print(arg!, indent, node)}>`;
      }
      const calls = t.getCallSignatures();
      if (calls.length === 1 && t.getProperties().length === 0) return this.signature(calls[0]!, indent, node, '=>');
      return `{\n${this.members(t, indent + '  ', node).join('')}${indent}}`;
    }
    return fail(node, `cannot print type ${this.checker.typeToString(t)}`);
  }

  signature(sig: ts.Signature, indent: string, node: ts.Node, arrow: '=>' | ':'): string {
    if (sig.getTypeParameters()?.length) fail(node, 'generic signature in a public type');
    const params = sig.getParameters().map((p) => {
      const decl = p.valueDeclaration as ts.ParameterDeclaration | undefined;
      const optional = !!decl && (!!decl.questionToken || !!decl.initializer);
      const type = this.checker.getTypeOfSymbol(p);
      const printed = optional ? this.union(this.withoutUndefined(type), indent, node) : this.print(type, indent, node);
      return `${decl?.dotDotDotToken ? '...' : ''}${p.getName()}${optional ? '?' : ''}: ${printed}`;
    });
    return `(${params.join(', ')})${arrow === '=>' ? ' =>' : ':'} ${this.print(sig.getReturnType(), indent, node)}`;
  }

  member(p: ts.Symbol, indent: string, node: ts.Node): string[] {
    const decl = p.valueDeclaration ?? p.declarations?.[0];
    const name = /^[A-Za-z_$][\w$]*$/.test(p.getName()) ? p.getName() : `'${p.getName()}'`;
    const doc = this.doc(p, indent);
    const type = this.checker.getTypeOfSymbol(p);
    if (decl && ts.isMethodSignature(decl)) {
      return type
        .getCallSignatures()
        .map((sig) => `${doc}${indent}${name}${this.signature(sig, indent, node, ':')};\n`);
    }
    const optional = !!(p.flags & ts.SymbolFlags.Optional);
    const readonly = !!decl && (ts.getCombinedModifierFlags(decl as ts.Declaration) & ts.ModifierFlags.Readonly) !== 0;
    const hint = this.hint(decl);
    const printed = optional
      ? this.union(this.withoutUndefined(type), indent, node, hint)
      : this.print(type, indent, node, false, hint);
    return [`${doc}${indent}${readonly ? 'readonly ' : ''}${name}${optional ? '?' : ''}: ${printed};\n`];
  }

  members(t: ts.Type, indent: string, node: ts.Node): string[] {
    const out = t.getProperties().flatMap((p) => this.member(p, indent, node));
    for (const info of this.checker.getIndexInfosOfType(t)) {
      out.push(`${indent}[key: ${this.print(info.keyType, indent, node)}]: ${this.print(info.type, indent, node)};\n`);
    }
    return out;
  }

  /** `export interface Name {…}` for object types, else `export type Name = …;`. */
  declaration(name: string, t: ts.Type, sym: ts.Symbol | undefined, node: ts.Node): string {
    const doc = sym ? this.doc(sym, '') : '';
    const objectLike =
      t.flags & ts.TypeFlags.Object && !this.checker.isArrayType(t) && t.getCallSignatures().length === 0;
    if (objectLike) return `${doc}export interface ${name} {\n${this.members(t, '  ', node).join('')}}\n`;
    return `${doc}export type ${name} = ${this.print(t, '', node, true, this.hint(sym?.declarations?.[0]))};\n`;
  }
}

// ------------------------------------------------------------------------------------------------ reading

function exportedSymbol(checker: ts.TypeChecker, sf: ts.SourceFile, name: string): ts.Symbol {
  const mod = checker.getSymbolAtLocation(sf);
  const sym = mod && checker.getExportsOfModule(mod).find((s) => s.getName() === name);
  if (!sym) throw new Error(`manifest: ${norm(sf.fileName)} does not export ${name}`);
  return sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
}

/** The function body a call lands in (through imports), when it is one of the repo's own functions. */
function calleeBody(checker: ts.TypeChecker, call: ts.CallExpression, root: string): ts.Node | undefined {
  let sym = checker.getSymbolAtLocation(call.expression);
  if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  const decl = sym?.valueDeclaration;
  if (!decl || decl.getSourceFile().isDeclarationFile || !decl.getSourceFile().fileName.startsWith(root))
    return undefined;
  // functions, and the methods of objects core hands out (a store's actions: `cartOf(client).addItems(items, host)`)
  if (ts.isFunctionDeclaration(decl) || ts.isMethodDeclaration(decl)) return decl.body;
  if (
    (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) &&
    decl.initializer &&
    (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))
  ) {
    return decl.initializer.body;
  }
  return undefined;
}

/** `inlay-*` events a function dispatches with `new CustomEvent(…)`, directly or through the repo's functions it calls. */
function dispatched(checker: ts.TypeChecker, body: ts.Node, root: string, seen = new Set<ts.Node>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(body)) return found;
  seen.add(body);
  walk(body, (n) => {
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'CustomEvent') {
      const a = n.arguments?.[0];
      if (a && ts.isStringLiteral(a) && a.text.startsWith('inlay-')) found.add(a.text);
    }
    if (ts.isCallExpression(n)) {
      const inner = calleeBody(checker, n, root);
      if (inner) for (const e of dispatched(checker, inner, root, seen)) found.add(e);
    }
  });
  return found;
}

/** `emit('inlay-…', …)` / `x.emit('inlay-…', …)` calls in a file. */
function emitted(sf: ts.SourceFile): Set<string> {
  const found = new Set<string>();
  walk(sf, (n) => {
    if (!ts.isCallExpression(n)) return;
    const callee = n.expression;
    const isEmit =
      (ts.isIdentifier(callee) && callee.text === 'emit') ||
      (ts.isPropertyAccessExpression(callee) && callee.name.text === 'emit');
    if (!isEmit) return;
    const a = n.arguments[0];
    if (!a || !ts.isStringLiteral(a)) fail(n, 'emit() without a literal event name');
    found.add((a as ts.StringLiteral).text);
  });
  return found;
}

const isHost = (e: ts.Expression) =>
  (ts.isIdentifier(e) && e.text === 'host') || (ts.isPropertyAccessExpression(e) && e.name.text === 'host');

/** Every string a `part` value can take (template literals expand over string-literal unions). */
function partValues(checker: ts.TypeChecker, e: ts.Expression): string[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isTemplateExpression(e)) {
    let acc = [e.head.text];
    for (const span of e.templateSpans) {
      const t = checker.getTypeAtLocation(span.expression);
      const options = (t.isUnion() ? t.types : [t]).map((x) =>
        x.isStringLiteral() ? x.value : fail(span.expression, 'part built from a non-literal type'),
      );
      acc = acc.flatMap((a) => options.map((o) => a + o + span.literal.text));
    }
    return acc;
  }
  // a value typed as literals (a component passing on the part its caller names, typed as the union it may be)
  const t = checker.getTypeAtLocation(e);
  const options = t.isUnion() ? t.types : [t];
  if (options.every((x) => x.isStringLiteral())) return options.map((x) => (x as ts.StringLiteralType).value);
  return fail(e, 'unreadable part value');
}

/**
 * The `part` attributes of a file's JSX, by element. `literalOnly`: a shared view's (ui/) own parts; one it passes on
 * from its caller (`part={p.part}`) is left to the caller's file.
 */
function parts(checker: ts.TypeChecker, sf: ts.SourceFile, into: Map<string, Set<string>>, literalOnly = false) {
  const add = (values: string[], element: string) => {
    for (const v of values)
      for (const name of v.split(/\s+/).filter(Boolean)) {
        if (!into.has(name)) into.set(name, new Set());
        into.get(name)!.add(element);
      }
  };
  walk(sf, (n) => {
    if (ts.isJsxAttribute(n) && n.name.getText() === 'part') {
      const init = n.initializer;
      const expr = init && ts.isJsxExpression(init) ? init.expression : init;
      if (!expr) fail(n, 'part without a value');
      if (literalOnly && !(expr && ts.isStringLiteral(expr))) return;
      const el = n.parent.parent as ts.JsxOpeningLikeElement;
      add(partValues(checker, expr as ts.Expression), el.tagName.getText());
    }
    // createElement('p', { part: 'error' })
    if (ts.isPropertyAssignment(n) && n.name.getText() === 'part' && ts.isObjectLiteralExpression(n.parent)) {
      const call = n.parent.parent;
      const tag =
        ts.isCallExpression(call) && call.arguments[0] && ts.isStringLiteral(call.arguments[0])
          ? call.arguments[0].text
          : '*';
      add(partValues(checker, n.initializer), tag);
    }
  });
}

/** All literal text of an expression (strings, templates, concatenations, through identifiers). */
function cssText(checker: ts.TypeChecker, e: ts.Node): string {
  let out = '';
  walk(e, (n) => {
    if (
      ts.isStringLiteral(n) ||
      ts.isNoSubstitutionTemplateLiteral(n) ||
      ts.isTemplateHead(n) ||
      ts.isTemplateMiddle(n) ||
      ts.isTemplateTail(n)
    ) {
      out += n.text;
    } else if (ts.isIdentifier(n) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n)) {
      let sym = checker.getSymbolAtLocation(n);
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
      const d = sym?.valueDeclaration;
      if (d && ts.isVariableDeclaration(d) && d.initializer && d !== n.parent) out += cssText(checker, d.initializer);
    }
  });
  return out;
}

/** `var(--inlay-x, default)` uses: light default (outside a dark media query) and dark default. */
export function customProperties(css: string): CssProperty[] {
  const dark: [number, number][] = [];
  for (const m of css.matchAll(/@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)\s*\{/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < css.length && depth; i++) depth += css[i] === '{' ? 1 : css[i] === '}' ? -1 : 0;
    dark.push([m.index, i]);
  }
  const props = new Map<string, CssProperty>();
  for (const m of css.matchAll(/var\(\s*(--inlay-[\w-]+)\s*/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = css[i] === ',' ? i + 1 : i;
    for (; i < css.length && depth; i++) depth += css[i] === '(' ? 1 : css[i] === ')' ? -1 : 0;
    const value = css.slice(start, i - 1).trim();
    const name = m[1]!;
    const p = props.get(name) ?? { name, default: '' };
    if (dark.some(([a, b]) => m.index > a && m.index < b)) p.darkDefault = value;
    else p.default = value;
    props.set(name, p);
  }
  return [...props.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function collect(root = ROOT): ManifestData {
  const program = createProgram(root);
  const checker = program.getTypeChecker();
  const file = (p: string) =>
    program.getSourceFile(join(root, p)) ??
    (() => {
      throw new Error(`manifest: ${p} not in program`);
    })();
  const printer = new Printer(checker);
  /** The ui/ modules (the apps' shared layer) `from` imports, directly or through one another. */
  const uiFilesOf = (from: ts.SourceFile[]) => {
    const seen = new Map<string, ts.SourceFile>();
    const visit = (sf: ts.SourceFile) => {
      for (const s of sf.statements) {
        if (!ts.isImportDeclaration(s) || s.importClause?.isTypeOnly || !ts.isStringLiteral(s.moduleSpecifier))
          continue;
        if (!s.moduleSpecifier.text.startsWith('.')) continue;
        const p = relative(root, resolve(dirname(sf.fileName), s.moduleSpecifier.text))
          .split(sep)
          .join('/');
        const u = p.startsWith('ui/') && !seen.has(p) ? program.getSourceFile(join(root, p)) : undefined;
        if (!u) continue;
        seen.set(p, u);
        visit(u);
      }
    };
    from.forEach(visit);
    return [...seen.values()];
  };

  // Public type names, printed structurally: the site builder's .d.ts never imports the repo's modules.
  const publicTypes: [string, string, string][] = [
    ['InlayRole', 'core/auth/tokens.ts', 'Role'],
    ['InlayMember', 'core/api/members.ts', 'Member'],
    ['InlaySession', 'core/stores/session.ts', 'Session'],
    ['InlayMoney', 'core/api/current-cart.ts', 'Money'],
    ['InlayCartLine', 'core/api/current-cart.ts', 'CartLine'],
    ['InlayCartDiscount', 'core/api/current-cart.ts', 'CartDiscount'],
    ['InlayCart', 'core/api/current-cart.ts', 'Cart'],
    ['InlayCartChangeReason', 'core/api/current-cart.ts', 'CartChangeReason'],
    ['InlayAddItem', 'core/api/current-cart.ts', 'AddItem'],
    ['InlayReview', 'core/api/reviews.ts', 'Review'],
    ['InlayStockRequest', 'core/api/back-in-stock.ts', 'StockRequest'],
    ['InlayCaptchaProvider', 'core/boot.ts', 'CaptchaProvider'],
    ['InlayGlobal', 'core/boot.ts', 'InlayGlobal'],
  ];
  const resolved = publicTypes.map(([name, path, exp]) => {
    const sym = exportedSymbol(checker, file(path), exp);
    const type = checker.getDeclaredTypeOfSymbol(sym);
    printer.names.set(type, name);
    return { name, sym, type };
  });

  // Events and their details (core/events.ts).
  const eventsFile = file('core/events.ts');
  const mapSym = exportedSymbol(checker, eventsFile, 'InlayEventMap');
  const mapType = checker.getDeclaredTypeOfSymbol(mapSym);
  const events: InlayEvent[] = [];
  const detailDecls: string[] = [];
  for (const p of mapType.getProperties()) {
    const detailType = `${pascal(p.getName().replace(/^inlay-/, ''))}Detail`.replace(/^/, 'Inlay');
    const description = ts.displayPartsToString(p.getDocumentationComment(checker)).trim();
    if (!description) fail(p.valueDeclaration!, `event ${p.getName()} has no description`);
    events.push({ name: p.getName(), detailType, description });
    detailDecls.push(printer.declaration(detailType, checker.getTypeOfSymbol(p), p, eventsFile));
  }
  const eventNames = new Set(events.map((e) => e.name));

  // Shared by every widget: core/element.ts (error box, `inlay-error`) and the base theme.
  const elementFile = file('core/element.ts');
  const commonEvents = emitted(elementFile);
  const commonParts = new Map<string, Set<string>>();
  parts(checker, elementFile, commonParts);
  const themeFile = file('core/theme.ts');
  const themeCss = cssText(checker, themeFile);

  const widgets: Widget[] = [];
  for (const dir of widgetDirs(root)) {
    const elementPath = `widgets/${dir}/element.ts`;
    const sf = file(elementPath);
    let call: ts.CallExpression | undefined;
    let className = '';
    walk(sf, (n) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'defineElement') {
        if (call) fail(n, 'two defineElement calls in one file');
        call = n;
        const decl = n.parent;
        if (!ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name))
          fail(n, 'defineElement result not assigned to a const');
        className = ((decl as ts.VariableDeclaration).name as ts.Identifier).text;
      }
    });
    if (!call) throw new Error(`manifest: no defineElement call in ${elementPath}`);
    const spec = call.arguments[0];
    if (!spec || !ts.isObjectLiteralExpression(spec)) return fail(call, 'defineElement without an object literal');
    const prop = (name: string) => {
      const p = spec.properties.find((x) => x.name?.getText() === name);
      return p && ts.isPropertyAssignment(p) ? p.initializer : undefined;
    };
    const tagNode = prop('tag');
    if (!tagNode || !ts.isStringLiteral(tagNode)) return fail(spec, 'tag is not a string literal');
    const tag = tagNode.text;
    if (tag !== `inlay-${dir}`)
      fail(tagNode, `widgets/${dir}/element.ts defines ${tag}, its record in widgets/registry.ts says inlay-${dir}`);

    // Attributes: the `props` kinds, typed and described by the props interface (the type argument).
    const propsNode = prop('props');
    if (!propsNode || !ts.isObjectLiteralExpression(propsNode)) return fail(spec, 'props is not an object literal');
    const propsType = call.typeArguments?.[0] ? checker.getTypeFromTypeNode(call.typeArguments[0]) : undefined;
    const attributes: Attribute[] = propsNode.properties.map((p) => {
      if (!ts.isPropertyAssignment(p) || !ts.isStringLiteral(p.initializer))
        return fail(p, 'prop kind is not a string literal');
      const field = p.name.getText();
      const kind = p.initializer.text as Kind;
      if (!['string', 'number', 'boolean'].includes(kind)) fail(p, `unsupported attribute kind ${kind}`);
      const sym = propsType?.getProperty(field) ?? fail(p, `${field} is not in the props interface`);
      const description = ts.displayPartsToString(sym.getDocumentationComment(checker)).trim();
      if (!description) fail(sym.valueDeclaration ?? p, `${tag} ${field} has no JSDoc description`);
      const def = sym.getJsDocTags(checker).find((t) => t.name === 'default');
      const t = checker.getTypeOfSymbol(sym);
      const type = printer.print(checker.getNonNullableType(t), '', p);
      return {
        name: kebab(field),
        field,
        kind,
        type,
        description,
        ...(def?.text ? { default: ts.displayPartsToString(def.text) } : {}),
      };
    });

    // The view's JSDoc describes the element.
    const compNode = prop('component');
    let compSym = compNode && checker.getSymbolAtLocation(compNode);
    if (compSym && compSym.flags & ts.SymbolFlags.Alias) compSym = checker.getAliasedSymbol(compSym);
    const description = compSym ? ts.displayPartsToString(compSym.getDocumentationComment(checker)).trim() : '';
    if (!description) fail(compNode ?? spec, `${tag}'s component has no JSDoc description`);

    const files = sourceFilesOf(root, dir).map((p) => file(relative(root, p)));
    const found = new Set(commonEvents);
    const partMap = new Map([...commonParts].map(([k, v]) => [k, new Set(v)]));
    let css = themeCss;
    const stylesNode = prop('styles');
    if (stylesNode) css += cssText(checker, stylesNode);
    for (const f of files) {
      for (const e of emitted(f)) found.add(e);
      parts(checker, f, partMap);
      // core functions handed the element dispatch on it (e.g. addItems(items, host) → inlay-cart-change)
      walk(f, (n) => {
        if (ts.isCallExpression(n) && n.arguments.some(isHost)) {
          const body = calleeBody(checker, n, join(root, 'core'));
          if (body) for (const e of dispatched(checker, body, join(root, 'core'))) found.add(e);
        }
      });
    }
    // the apps' shared views (ui/) the widget renders: their own parts are the widget's too
    for (const f of uiFilesOf(files)) parts(checker, f, partMap, true);
    for (const e of found)
      if (!eventNames.has(e)) throw new Error(`manifest: ${tag} emits ${e}, which InlayEventMap lacks`);
    widgets.push({
      tag,
      className,
      module: elementPath,
      description,
      attributes,
      events: events.map((e) => e.name).filter((e) => found.has(e)),
      parts: [...partMap]
        .map(([name, els]) => ({ name, elements: [...els].sort() }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      cssProperties: customProperties(css),
    });
  }
  widgets.sort((a, b) => a.tag.localeCompare(b.tag));

  // window.Inlay, as core/boot.ts declares it.
  const bootFile = file('core/boot.ts');
  const windowMembers: string[] = [];
  walk(bootFile, (n) => {
    if (ts.isInterfaceDeclaration(n) && n.name.text === 'Window') {
      for (const m of n.members)
        windowMembers.push(
          ...printer.member(checker.getSymbolAtLocation(m.name!) ?? fail(m, 'unnamed member'), '    ', m),
        );
    }
  });
  if (!windowMembers.length) throw new Error('manifest: core/boot.ts declares no Window members');

  const declarations = [
    ...resolved.map(({ name, sym, type }) => printer.declaration(name, type, sym, eventsFile)),
    ...detailDecls,
  ];
  return { widgets, events, declarations, windowMembers };
}

// ------------------------------------------------------------------------------------------------ output

/**
 * Attributes of every element that the loader reads (widgets/start.ts), not the element: attributes only, no
 * properties.
 */
const COMMON_ATTRIBUTES: Attribute[] = [
  {
    name: 'loading',
    field: 'loading',
    kind: 'string',
    type: "'eager' | 'lazy'",
    description:
      'Like `<img loading>`, per tag: `lazy` loads the tag when one of its elements comes within half a screen of the viewport (when every element of the tag on the page is lazy); `eager` loads it with the page. `<inlay-toaster>` ignores it.',
    default: "'eager'",
  },
];

const HEADER = '// Generated by scripts/manifest.ts (`npm run manifest`) from the sources: do not edit.\n';

/** JSDoc wraps lines; in the manifest a single newline is a space (markdown), paragraphs stay. */
const oneLine = (s: string) => s.replace(/([^\n])\n(?!\n)/g, '$1 ');

export function renderManifest(data: ManifestData): string {
  const byName = new Map(data.events.map((e) => [e.name, e]));
  const manifest = {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: data.widgets.map((w) => ({
      kind: 'javascript-module',
      path: w.module,
      declarations: [
        {
          kind: 'class',
          name: w.className,
          tagName: w.tag,
          customElement: true,
          description: oneLine(w.description),
          superclass: { name: 'HTMLElement' },
          attributes: [...w.attributes, ...COMMON_ATTRIBUTES].map((a) => ({
            name: a.name,
            ...(COMMON_ATTRIBUTES.includes(a) ? {} : { fieldName: a.field }),
            type: { text: a.type },
            description: oneLine(a.description),
            ...(a.default ? { default: a.default } : {}),
          })),
          members: w.attributes.map((a) => ({
            kind: 'field',
            name: a.field,
            // r2wc keeps unset props undefined; booleans read the attribute
            type: { text: a.kind === 'boolean' ? 'boolean' : `${a.type} | undefined` },
            description: oneLine(a.description),
            attribute: a.name,
            reflects: true,
            ...(a.default ? { default: a.default } : {}),
          })),
          events: w.events.map((name) => ({
            name,
            type: { text: `CustomEvent<${byName.get(name)!.detailType}>` },
            description: oneLine(byName.get(name)!.description),
          })),
          cssParts: w.parts.map((p) => ({
            name: p.name,
            description: `On ${p.elements.map((e) => `\`<${e}>\``).join(', ')}.`,
          })),
          cssProperties: w.cssProperties.map((p) => ({
            name: p.name,
            default: p.default,
            ...(p.darkDefault && p.darkDefault !== p.default
              ? { description: `Dark scheme default: ${p.darkDefault}` }
              : {}),
          })),
        },
      ],
      exports: [
        { kind: 'js', name: w.className, declaration: { name: w.className, module: w.module } },
        { kind: 'custom-element-definition', name: w.tag, declaration: { name: w.className, module: w.module } },
      ],
    })),
  };
  return JSON.stringify(manifest, null, 2) + '\n';
}

const elementName = (w: Widget) => `${w.className}Element`;
const attrsName = (w: Widget) => `${w.className}Attributes`;
const quote = (s: string) => (/^[A-Za-z_$][\w$]*$/.test(s) ? s : `'${s}'`);
const jsdoc = (text: string, indent: string) =>
  text.includes('\n')
    ? `${indent}/**\n${text
        .split('\n')
        .map((l) => `${indent} *${l ? ' ' + l : ''}`)
        .join('\n')}\n${indent} */\n`
    : `${indent}/** ${text} */\n`;
const attrDoc = (a: Attribute) => (a.default ? `${a.description}\n@default ${a.default}` : a.description);
/** What JSX/HTML accepts: numbers also as numeric strings (`limit="4"`). */
const jsxType = (a: Attribute) => (a.kind === 'number' ? `${a.type} | \`\${number}\`` : a.type);

export function renderDts(data: ManifestData): Record<string, string> {
  const main: string[] = [
    HEADER,
    '// Types for site builders: elements, events and window.Inlay. JSX: types/preact.d.ts, types/react.d.ts.\n\n',
  ];
  main.push(data.declarations.join('\n'), '\n');
  main.push(
    '/** Detail of every `inlay-*` event (CustomEvent, bubbles and composed). */\nexport interface InlayEventMap {\n',
  );
  for (const e of data.events) main.push(jsdoc(e.description, '  '), `  '${e.name}': ${e.detailType};\n`);
  main.push(
    '}\n\nexport type InlayEventName = keyof InlayEventMap;\nexport type InlayEvent<K extends InlayEventName> = CustomEvent<InlayEventMap[K]>;\n',
  );
  main.push('\n/** Attributes every `inlay-*` element takes (read by the loader, not properties of the element). */\n');
  main.push('export interface InlayCommonAttributes {\n');
  for (const a of COMMON_ATTRIBUTES) main.push(jsdoc(attrDoc(a), '  '), `  ${quote(a.name)}?: ${jsxType(a)};\n`);
  main.push('}\n');
  for (const w of data.widgets) {
    main.push('\n', jsdoc(w.description, ''));
    if (!w.attributes.length) {
      // no attributes: plain aliases (an empty interface would only restate its base)
      main.push(
        `export type ${elementName(w)} = HTMLElement;\n\n/** \`<${w.tag}>\` takes no attributes of its own. */\nexport type ${attrsName(w)} = InlayCommonAttributes;\n`,
      );
      continue;
    }
    main.push(`export interface ${elementName(w)} extends HTMLElement {\n`);
    for (const a of w.attributes) {
      main.push(
        jsdoc(attrDoc(a), '  '),
        `  ${a.field}: ${a.kind === 'boolean' ? 'boolean' : `${a.type} | undefined`};\n`,
      );
    }
    main.push(
      '}\n\n',
      `/** Attributes of \`<${w.tag}>\` (JSX). */\n`,
      `export interface ${attrsName(w)} extends InlayCommonAttributes {\n`,
    );
    for (const a of w.attributes) main.push(jsdoc(attrDoc(a), '  '), `  ${quote(a.name)}?: ${jsxType(a)};\n`);
    main.push('}\n');
  }
  main.push(
    '\n/** Tag → JSX attributes, for frameworks not covered by types/preact.d.ts and types/react.d.ts. */\nexport interface InlayElementAttributes {\n',
  );
  for (const w of data.widgets) main.push(`  '${w.tag}': ${attrsName(w)};\n`);
  main.push('}\n\ndeclare global {\n  interface HTMLElementTagNameMap {\n');
  for (const w of data.widgets) main.push(`    '${w.tag}': ${elementName(w)};\n`);
  main.push('  }\n  interface GlobalEventHandlersEventMap {\n');
  for (const e of data.events) main.push(`    '${e.name}': CustomEvent<${e.detailType}>;\n`);
  main.push('  }\n  interface Window {\n', ...data.windowMembers, '  }\n}\n');

  const jsx = (framework: 'preact' | 'react') => {
    const out = [HEADER];
    const names = data.widgets.flatMap((w) => [elementName(w), attrsName(w)]).join(', ');
    if (framework === 'preact') {
      out.push(
        "// Preact: `<inlay-cart open />` typed in JSX. Include this file (it imports './inlay.js').\n",
        "import type { JSX as PreactJSX } from 'preact';\n",
        `import type { ${names} } from './inlay.js';\n\n`,
        "declare module 'preact' {\n  namespace JSX {\n    interface IntrinsicElements {\n",
      );
      for (const w of data.widgets)
        out.push(`      '${w.tag}': PreactJSX.HTMLAttributes<${elementName(w)}> & ${attrsName(w)};\n`);
    } else {
      out.push(
        "// React 19 (JSX under the 'react' module): `<inlay-cart open />` typed in JSX. Include this file (it imports './inlay.js').\n",
        "import type { DetailedHTMLProps, HTMLAttributes } from 'react';\n",
        `import type { ${names} } from './inlay.js';\n\n`,
        "declare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n",
      );
      for (const w of data.widgets) {
        out.push(
          `      '${w.tag}': DetailedHTMLProps<HTMLAttributes<${elementName(w)}>, ${elementName(w)}> & ${attrsName(w)};\n`,
        );
      }
    }
    out.push('    }\n  }\n}\n');
    return out.join('');
  };
  return { 'types/inlay.d.ts': main.join(''), 'types/preact.d.ts': jsx('preact'), 'types/react.d.ts': jsx('react') };
}

/** Every generated file, path → text. */
export function generate(root = ROOT): Record<string, string> {
  const data = collect(root);
  return { 'custom-elements.json': renderManifest(data), ...renderDts(data) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const files = generate();
  // and inlay/react's components, one per element of the manifest (scripts/react-elements.ts)
  files[REACT_ELEMENTS] = renderReactElements(files['custom-elements.json']!);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), text);
    console.log(`wrote ${path}`);
  }
}
