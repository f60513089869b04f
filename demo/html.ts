/** Escaped HTML templating for the demo site: every interpolated value is text unless wrapped with raw(). */
const RAW = Symbol('raw');
export interface Raw {
  [RAW]: string;
}
export const raw = (s: string): Raw => ({ [RAW]: s });

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);

type Value = string | number | boolean | null | undefined | Raw | Value[];

function render(v: Value): string {
  if (v === null || v === undefined || v === false) return '';
  if (Array.isArray(v)) return v.map(render).join('');
  if (typeof v === 'object') return v[RAW];
  return escape(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Raw {
  let out = strings[0]!;
  values.forEach((v, i) => (out += render(v) + strings[i + 1]!));
  return raw(out);
}

export const toString = (r: Raw) => r[RAW];
