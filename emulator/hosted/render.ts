/**
 * The hosted pages' files (this folder): `*.html` templates, `*.css` and `*.js` served as they are.
 *
 * A template holds `{{name}}` placeholders. {@link render} fills each one with a value: text (a string or number) is
 * HTML-escaped, so a product name or an email can never become markup; an {@link Html} value (what `render` returns,
 * a list of them, or one of the few helpers below) goes in as it is. Every placeholder needs a value and every value
 * a placeholder: a template and its caller cannot drift apart silently. `{{@English text}}` is no placeholder: a word
 * of the page, left for pages.ts to write in the page's language (words.ts); a value can never make one (its `{{` is
 * written `&#123;{`).
 *
 * The files are read once, when this module loads, and never change: two emulators in one process share them and
 * nothing else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('.', import.meta.url));

/** Every file of this folder but the TypeScript, name → text (a template's last newline dropped). */
const FILES: ReadonlyMap<string, string> = new Map(
  readdirSync(DIR)
    .filter((f) => /\.(html|css|js)$/.test(f))
    .map((f) => [
      f,
      f.endsWith('.html') ? readFileSync(DIR + f, 'utf8').replace(/\n$/, '') : readFileSync(DIR + f, 'utf8'),
    ]),
);

let make: (text: string) => Html;
/** Markup that is safe to put in a page as it is: only this module makes it. */
export class Html {
  readonly #text: string;
  private constructor(text: string) {
    this.#text = text;
  }
  static {
    make = (text) => new Html(text);
  }
  toString(): string {
    return this.#text;
  }
}

/** Nothing (an optional fragment left out). */
export const EMPTY = make('');

/** HTML-escape text for element content and quoted attributes. */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Escaped text in which no `{{` is left (a value can never look like a `{{@word}}` marker). */
const escText = (s: string) => esc(s).replace(/\{(?=\{)/g, '&#123;');

export type Value = string | number | Html | readonly Html[];

/** The template `name` (`login` → login.html) with its placeholders filled. */
export function render(name: string, values: Record<string, Value>): Html {
  const template = FILES.get(`${name}.html`);
  if (template === undefined) throw new Error(`hosted: no template ${name}.html`);
  const used = new Set<string>();
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!Object.hasOwn(values, key)) throw new Error(`hosted: ${name}.html needs a value for {{${key}}}`);
    used.add(key);
    const v = values[key]!;
    if (v instanceof Html) return v.toString();
    if (Array.isArray(v)) return v.map((h) => h.toString()).join('\n');
    return escText(String(v));
  });
  for (const key of Object.keys(values)) if (!used.has(key)) throw new Error(`hosted: ${name}.html has no {{${key}}}`);
  return make(text);
}

/** ` name` when `on` (a boolean attribute: `checked`, `selected`, `autofocus`), else nothing. */
export const flag = (name: 'checked' | 'selected' | 'autofocus', on: boolean): Html => (on ? make(` ${name}`) : EMPTY);

/**
 * Attributes, each with a leading space, in the order given: `{ type: 'email', required: true }` →
 * ` type="email" required`. Values are escaped; `false` and `undefined` leave the attribute out.
 */
export function attrs(list: Record<string, string | number | boolean | undefined>): Html {
  let out = '';
  for (const [name, v] of Object.entries(list)) {
    if (!/^[a-z][a-z-]*$/.test(name)) throw new Error(`hosted: bad attribute name ${name}`);
    if (v === true) out += ` ${name}`;
    else if (v !== false && v !== undefined) out += ` ${name}="${escText(String(v))}"`;
  }
  return make(out);
}

/**
 * JSON for the content of a `<script type="application/json">` block (data, never run). HTML escaping would corrupt
 * it (a script's text is not decoded), so `<` is written `\u003c` instead: the block cannot be closed from inside.
 */
export const jsonData = (v: unknown): Html =>
  make(JSON.stringify(v).replace(/</g, '\\u003c').replace(/\{\{/g, '{\\u007b'));

/** A static file of this folder (a stylesheet or script), or undefined. */
export const hostedFile = (name: string): string | undefined =>
  /\.(css|js)$/.test(name) ? FILES.get(name) : undefined;

/** The stylesheets and scripts of this folder, served under `/_hosted/`. */
export const HOSTED_ASSETS: readonly string[] = [...FILES.keys()].filter((f) => /\.(css|js)$/.test(f)).sort();
