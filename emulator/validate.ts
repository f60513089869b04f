/**
 * Request validation: a zod failure becomes 400 with `fieldViolations` whose `violatedRule` is one of the spec's
 * kinds. Field paths are dotted with bracketed indexes: `lineItems[0].quantity`; the whole body is `""`.
 */
import { z } from 'zod';
import { badRequest, badRequestApp, invalidField } from './errors.ts';
import type { FieldViolation, ViolatedRule } from './errors.ts';

/** `['lineItems', 0, 'quantity']` → `lineItems[0].quantity`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function joinPath(prefix: string, field: string): string {
  if (!prefix) return field;
  if (!field) return prefix;
  return field.startsWith('[') ? `${prefix}${field}` : `${prefix}.${field}`;
}

type Issue = z.core.$ZodIssue;

function describeType(expected: string): string {
  if (expected === 'int') return 'an integer';
  if (expected === 'array' || expected === 'object') return `an ${expected}`;
  return `a ${expected}`;
}

function issueToViolations(issue: Issue): FieldViolation[] {
  const field = formatPath(issue.path);
  // A missing value is reported by zod as invalid_type (or invalid_value for enums) with input undefined.
  const missing = 'input' in issue && issue.input === undefined;
  const v = (violatedRule: ViolatedRule, description: string, data?: Record<string, unknown>): FieldViolation[] => [
    { field, description, violatedRule, ...(data ? { data } : {}) },
  ];
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return v('REQUIRED_FIELD', 'is required');
      return v('VALIDATION', `must be ${describeType(issue.expected)}`);
    case 'invalid_value': {
      if (missing) return v('REQUIRED_FIELD', 'is required');
      const allowed = issue.values.map((x) => String(x));
      return v('INVALID_ENUM_VALUE', `must be one of: ${allowed.join(', ')}`, { allowedValues: allowed });
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return issue.exact
          ? v('EXACT_LENGTH', `must be exactly ${min} characters long`, { threshold: min })
          : v('MIN_LENGTH', `must be at least ${min} characters long`, { threshold: min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return issue.exact
          ? v('EXACT_SIZE', `must have exactly ${min} items`, { threshold: min })
          : v('MIN_SIZE', `must have at least ${min} items`, { threshold: min });
      }
      return v('MIN', issue.inclusive === false ? `must be greater than ${min}` : `must be at least ${min}`, {
        threshold: min,
      });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') {
        return issue.exact
          ? v('EXACT_LENGTH', `must be exactly ${max} characters long`, { threshold: max })
          : v('MAX_LENGTH', `must be at most ${max} characters long`, { threshold: max });
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return issue.exact
          ? v('EXACT_SIZE', `must have exactly ${max} items`, { threshold: max })
          : v('MAX_SIZE', `must have at most ${max} items`, { threshold: max });
      }
      return v('MAX', issue.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`, {
        threshold: max,
      });
    }
    case 'invalid_format':
      return v('FORMAT', issue.format === 'regex' ? 'has an invalid format' : `must be a valid ${issue.format}`, {
        format: issue.format,
      });
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: joinPath(field, key),
        description: 'is not allowed',
        violatedRule: 'FIELD_NOT_ALLOWED' as const,
      }));
    case 'custom': {
      // Refinements may choose their kind: `ctx.addIssue({code: 'custom', message, params: {violatedRule: 'ONE_OF_ALIGNMENT'}})`.
      const rule = issue.params?.['violatedRule'] as ViolatedRule | undefined;
      return v(rule ?? 'VALIDATION', issue.message);
    }
    case 'not_multiple_of':
      return v('VALIDATION', `must be a multiple of ${issue.divisor}`);
    case 'invalid_union':
      return v('VALIDATION', 'does not match any allowed shape');
    default:
      return v('VALIDATION', issue.message);
  }
}

/** Zod issues → field violations, with an optional path prefix (e.g. `query`). */
export function zodIssuesToViolations(issues: readonly Issue[], prefix = ''): FieldViolation[] {
  return issues.flatMap(issueToViolations).map((fv) => ({ ...fv, field: joinPath(prefix, fv.field) }));
}

/**
 * Parse `input` with `schema`; on failure throw 400 with fieldViolations.
 * `prefix` is prepended to every field path.
 */
/** A platform id in GUID form (`@format GUID` in the generated clients). */
export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function validate<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw badRequest(zodIssuesToViolations(result.error.issues, prefix));
}

/** Keys that reach `Object.prototype` through a merge or a property write; refused in every parsed input. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** How deeply a body or a JSON query parameter may nest objects and arrays (a filter's `$and`/`$not` included). */
export const MAX_JSON_DEPTH = 32;

function pathWith(prefix: string, path: readonly PropertyKey[]): string {
  return joinPath(prefix, formatPath(path));
}

/**
 * Refuse (400) a parsed JSON value that nests deeper than {@link MAX_JSON_DEPTH} or has a `__proto__`,
 * `constructor` or `prototype` key at any depth. Iterative: a 100 000-deep value costs 32 steps, not the stack.
 */
export function assertSafeJson(value: unknown, prefix = ''): void {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      throw invalidField(pathWith(prefix, path), `nests deeper than ${MAX_JSON_DEPTH} levels`, 'VALIDATION', {
        maxDepth: MAX_JSON_DEPTH,
      });
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, i] });
      continue;
    }
    const keys = Object.keys(v);
    for (const key of keys) {
      if (FORBIDDEN_KEYS.has(key))
        throw invalidField(pathWith(prefix, [...path, key]), 'is not allowed', 'FIELD_NOT_ALLOWED');
    }
    for (let i = keys.length - 1; i >= 0; i--)
      stack.push({ value: (v as Record<string, unknown>)[keys[i]!], path: [...path, keys[i]!] });
  }
}

/** A UTF-8 byte order mark, as `Buffer#toString('utf8')` keeps it (a WHATWG `TextDecoder` would drop it). */
export const BOM = '\uFEFF';

/**
 * A request body's JSON, checked by {@link assertSafeJson}: `{}` when the body is empty or only JSON's own blanks
 * (space, tab, CR, LF); one leading UTF-8 BOM is skipped, as `TextDecoder` and `Response#json()` do. Anything else
 * that does not parse, a body of a BOM alone or of other blanks (NBSP, U+2028) included, is a 400 `MALFORMED_JSON`,
 * never `{}`. Shared by the server and routes that read their body raw (the dev helpers).
 */
export function parseJsonBody(raw: string): unknown {
  const text = raw.startsWith(BOM) ? raw.slice(1) : raw;
  if (text === raw && /^[ \t\r\n]*$/.test(text)) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw badRequestApp('MALFORMED_JSON', `Malformed JSON body: ${err instanceof Error ? err.message : String(err)}`);
  }
  assertSafeJson(value);
  return value;
}

/** `JSON.parse` + {@link assertSafeJson}; unparsable text is a 400 FORMAT violation on `field`. */
export function parseJsonText(text: string, field: string, description = 'must be a JSON string'): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidField(field, description, 'FORMAT');
  }
  assertSafeJson(value, field);
  return value;
}

/**
 * Refuse (400) URL or form parameters whose dotted key has a prototype-named segment (`__proto__.x`,
 * `query.constructor`), or more than {@link MAX_JSON_DEPTH} segments.
 */
export function assertSafeParamKeys(params: URLSearchParams, prefix = ''): void {
  for (const key of params.keys()) {
    const parts = key.split('.');
    if (parts.some((p) => FORBIDDEN_KEYS.has(p)))
      throw invalidField(joinPath(prefix, key), 'is not allowed', 'FIELD_NOT_ALLOWED');
    if (parts.length > MAX_JSON_DEPTH) {
      throw invalidField(joinPath(prefix, key), `nests deeper than ${MAX_JSON_DEPTH} levels`, 'VALIDATION', {
        maxDepth: MAX_JSON_DEPTH,
      });
    }
  }
}

/**
 * Control characters (C0 with tab, CR and LF; DEL; C1) and the Unicode line and paragraph separators: none belongs
 * in a one-line text such as an address line, and CR/LF would break the line wherever it is shown or sent on (a
 * shipping label, a mail header, a CSV export).
 */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;

/**
 * A one-line text: a string with no control character or line separator, refused (400 `FORMAT`) rather than
 * stripped, and checked before any `.trim()` chained after it, so a trailing CR/LF is refused too.
 */
export const oneLine = (message = 'must be one line, without line breaks or control characters') =>
  z.string().refine((v) => !LINE_BREAKING.test(v), { message, params: { violatedRule: 'FORMAT' }, abort: true });

/**
 * Whitespace (ASCII and Unicode), control characters (C0, DEL, C1) and invisible format characters (zero-width,
 * bidi overrides). WHATWG `new URL` silently drops tab/CR/LF and trims the rest, so they would be stored unseen.
 */
const URL_UNSAFE = /[\s\p{Cc}\p{Cf}]/u;

/**
 * An absolute http(s) URL (links and media that reach a page's `href`/`src`, redirects' `Location`), at most 2048
 * characters, with no whitespace or control character (CR/LF would otherwise be stored and break a redirect).
 */
export const httpUrl = z
  .string()
  .max(2048)
  .refine((v) => !URL_UNSAFE.test(v), {
    message: 'must not contain whitespace or control characters',
    params: { violatedRule: 'FORMAT' },
    abort: true,
  })
  .refine((v) => {
    try {
      return /^https?:$/.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

/**
 * GET parameters: `.r` (base64url JSON, the SDK's form for complex GETs) or dotted keys (`query.cursorPaging.limit`).
 * Objects built here have no prototype; prototype-named keys, over-deep keys and a key that is both a value and an
 * object (`a=1&a.b=2`) are refused with 400 before anything else looks at the request.
 */
export function paramsObject(search: URLSearchParams): Record<string, unknown> {
  const r = search.get('.r');
  if (r !== null) {
    const value = parseJsonText(Buffer.from(r, 'base64url').toString('utf8'), '.r', 'must be base64url-encoded JSON');
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw invalidField('.r', 'must encode a JSON object', 'VALIDATION');
    return value as Record<string, unknown>;
  }
  assertSafeParamKeys(search);
  const isNode = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  const clash = (parts: string[], n: number) =>
    invalidField(parts.slice(0, n).join('.'), 'is given both as a value and as an object', 'VALIDATION');
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of search) {
    const parts = key.split('.');
    let node = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i]!;
      const next = node[p];
      if (next === undefined) node = node[p] = Object.create(null) as Record<string, unknown>;
      else if (isNode(next)) node = next;
      else throw clash(parts, i + 1);
    }
    const last = parts[parts.length - 1]!;
    const prev = node[last];
    if (isNode(prev)) throw clash(parts, parts.length);
    if (prev === undefined) node[last] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else node[last] = [prev, value];
  }
  return out;
}
