import { z } from 'zod';
/**
 * The platform's query language, in one place: Wix-style filters (`{"field": value}`, `$eq`, `$ne`, `$in`, `$nin`,
 * `$hasSome`, `$hasAll`, `$startsWith`, `$exists`, `$isEmpty`, `$gt`/`$gte`/`$lt`/`$lte`, `$and`/`$or`/`$not`),
 * sorts (`[{"name":"asc"}]` or `[{"fieldName":"name","order":"ASC"}]`) and cursor paging, evaluated over rows the
 * domain modules load. Each service passes its own allow-list of fields ({@link FieldAccessor}s); everything else
 * is a 400 on the query's field path, checked before any row is looked at.
 */
import { invalidField, PlatformError } from '../errors.ts';
import { assertSafeJson, parseJsonText } from '../validate.ts';

/** A field of an entity as seen by filters and sorts; arrays match element-wise. */
export type FieldAccessor<T> = (item: T) => string | number | boolean | null | (string | number)[];

const COMPARE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);
const ALL_OPS = new Set([
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$exists',
  '$isEmpty',
  ...COMPARE_OPS,
]);

/** A filter or sort: a JSON string, or (lenient) the object itself; either way depth-limited, no prototype keys. */
function parseJsonParam(raw: unknown, field: string): unknown {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') {
    assertSafeJson(raw, field);
    return raw;
  }
  return parseJsonText(raw, field);
}

/** The allow-listed accessor for a field name; never an `Object.prototype` member (`toString`, `__proto__`…). */
function fieldAccessor<T>(fields: Record<string, FieldAccessor<T>>, name: string): FieldAccessor<T> | undefined {
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function cmp(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function normalizeForField(value: unknown, sample: unknown): unknown {
  // numericId travels as a string on the wire; compare numerically.
  if (typeof sample === 'number' && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
    return Number(value);
  return value;
}

type Actual = ReturnType<FieldAccessor<unknown>>;

/** One field's condition (a value, or `{$op: arg}`) as a predicate on the field's value; checked before any row. */
function compileCondition(cond: unknown, field: string, path: string): (actual: Actual) => boolean {
  const valuesOf = (actual: Actual) => (Array.isArray(actual) ? actual : [actual]);
  const eq = (values: readonly unknown[], x: unknown) => values.some((v) => v === normalizeForField(x, v));
  if (cond === null || typeof cond !== 'object' || Array.isArray(cond)) return (actual) => eq(valuesOf(actual), cond);
  const tests = Object.entries(cond as Record<string, unknown>).map(([op, arg]): ((actual: Actual) => boolean) => {
    if (!ALL_OPS.has(op)) throw invalidField(path, `unsupported operator ${op} on ${field}`, 'VALIDATION');
    const list = (): unknown[] => {
      if (!Array.isArray(arg)) throw invalidField(path, `${op} on ${field} needs an array`, 'VALIDATION');
      return arg;
    };
    switch (op) {
      case '$eq':
        return (actual) => eq(valuesOf(actual), arg);
      case '$ne':
        return (actual) => !eq(valuesOf(actual), arg);
      case '$in':
      case '$hasSome': {
        const xs = list();
        return (actual) => xs.some((x) => eq(valuesOf(actual), x));
      }
      case '$nin': {
        const xs = list();
        return (actual) => !xs.some((x) => eq(valuesOf(actual), x));
      }
      case '$hasAll': {
        const xs = list();
        return (actual) => xs.every((x) => eq(valuesOf(actual), x));
      }
      case '$startsWith':
        return (actual) =>
          typeof arg === 'string' &&
          valuesOf(actual).some((v) => typeof v === 'string' && v.toLowerCase().startsWith(arg.toLowerCase()));
      case '$exists':
        return (actual) => (actual !== null && actual !== '') === Boolean(arg);
      case '$isEmpty':
        if (typeof arg !== 'boolean')
          throw invalidField(path, `$isEmpty on ${field} needs true or false`, 'VALIDATION');
        return (actual) => (Array.isArray(actual) ? actual.length === 0 : actual === null || actual === '') === arg;
      default: {
        if (!isScalar(arg))
          throw invalidField(path, `${op} on ${field} needs a string, number or boolean`, 'VALIDATION');
        return (actual) => {
          const values = valuesOf(actual);
          const a = normalizeForField(arg, values[0]);
          return values.some((v) => {
            const c = cmp(v, a);
            return op === '$gt' ? c > 0 : op === '$gte' ? c >= 0 : op === '$lt' ? c < 0 : c <= 0;
          });
        };
      }
    }
  });
  return (actual) => tests.every((t) => t(actual));
}

/**
 * A filter as a predicate. The whole filter is checked up front (an unknown field or operator is a 400 even when no
 * row would reach it); field names come from `fields`' own keys only.
 */
function compileFilter<T>(
  filter: unknown,
  fields: Record<string, FieldAccessor<T>>,
  path: string,
): (item: T) => boolean {
  if (filter === undefined || filter === null) return () => true;
  if (typeof filter !== 'object' || Array.isArray(filter)) throw invalidField(path, 'must be an object', 'VALIDATION');
  const preds = Object.entries(filter as Record<string, unknown>).map(([key, cond]): ((item: T) => boolean) => {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(cond)) throw invalidField(path, `${key} needs an array`, 'VALIDATION');
      const subs = cond.map((f) => compileFilter(f, fields, path));
      return key === '$and' ? (item) => subs.every((m) => m(item)) : (item) => subs.some((m) => m(item));
    }
    if (key === '$not') {
      const sub = compileFilter(cond, fields, path);
      return (item) => !sub(item);
    }
    const accessor = fieldAccessor(fields, key);
    if (!accessor)
      throw invalidField(
        path,
        `unsupported filter field ${key}; supported: ${Object.keys(fields).join(', ')}`,
        'VALIDATION',
      );
    const test = compileCondition(cond, key, path);
    return (item) => test(accessor(item));
  });
  return (item) => preds.every((p) => p(item));
}

/** Apply a Wix-style filter (a JSON string or an object) to items. Throws 400 on a bad filter. */
export function applyFilter<T>(
  items: T[],
  rawFilter: unknown,
  fields: Record<string, FieldAccessor<T>>,
  path = 'query.filter',
): T[] {
  const matches = compileFilter(parseJsonParam(rawFilter, path), fields, path);
  return items.filter(matches);
}

/**
 * Apply a V1 sort: a JSON string `[{"name":"asc"}]` (also `[{"fieldName":"name","order":"ASC"}]`).
 * Stable; later keys break ties.
 */
export function applySort<T>(
  items: T[],
  rawSort: unknown,
  fields: Record<string, FieldAccessor<T>>,
  path = 'query.sort',
): T[] {
  const sort = parseJsonParam(rawSort, path);
  if (sort === undefined) return items;
  const list = Array.isArray(sort) ? sort : [sort];
  const keys: { get: FieldAccessor<T>; dir: number }[] = list.map((entry) => {
    if (!entry || typeof entry !== 'object')
      throw invalidField(path, 'each sort entry must be an object', 'VALIDATION');
    const e = entry as Record<string, unknown>;
    const [name, order] =
      typeof e['fieldName'] === 'string'
        ? [e['fieldName'], e['order'] ?? 'ASC']
        : (Object.entries(e)[0] ?? ['', 'asc']);
    const get = typeof name === 'string' ? fieldAccessor(fields, name) : undefined;
    if (!get)
      throw invalidField(
        path,
        `unsupported sort field ${String(name)}; supported: ${Object.keys(fields).join(', ')}`,
        'VALIDATION',
      );
    if (typeof order !== 'string') throw invalidField(path, 'order must be asc or desc', 'INVALID_ENUM_VALUE');
    const o = order.toLowerCase();
    if (o !== 'asc' && o !== 'desc') throw invalidField(path, 'order must be asc or desc', 'INVALID_ENUM_VALUE');
    return { get, dir: o === 'asc' ? 1 : -1 };
  });
  const first = (v: ReturnType<FieldAccessor<T>>) => (Array.isArray(v) ? v[0] : v);
  return [...items].sort((a, b) => {
    for (const k of keys) {
      const c = cmp(first(k.get(a)), first(k.get(b)));
      if (c !== 0) return c * k.dir;
    }
    return 0;
  });
}

/** A page of a cursor-paged query, with the platform's `metadata` (`count`, `cursors`, `hasNext`). */
export interface CursorPage<T> {
  items: T[];
  metadata: { count: number; cursors: { next: string | null; prev: string | null }; hasNext: boolean };
}

/**
 * What a cursor carries: the offset, and the filter and sort of the query that issued it
 * (docs/spec/wire-protocol.md §11.7: after the first page the SDK sends only `{cursorPaging: {cursor, limit}}`).
 */
export interface CursorState {
  o: number;
  filter?: unknown;
  sort?: unknown;
}

const encodeCursor = (o: number, carry: Omit<CursorState, 'o'>) =>
  Buffer.from(
    JSON.stringify({
      o,
      ...(carry.filter !== undefined ? { f: carry.filter } : {}),
      ...(carry.sort !== undefined ? { s: carry.sort } : {}),
    }),
  ).toString('base64url');

/** The state a cursor issued by {@link cursorPage} carries; 400 `FORMAT` on `path` for anything else. */
export function decodeCursorState(cursor: string, path = 'query.cursorPaging.cursor'): CursorState {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      o?: unknown;
      f?: unknown;
      s?: unknown;
    } | null;
    const o = c?.o;
    if (c && typeof o === 'number' && Number.isInteger(o) && o >= 0) {
      assertSafeJson(c, path);
      return { o, ...(c.f !== undefined ? { filter: c.f } : {}), ...(c.s !== undefined ? { sort: c.s } : {}) };
    }
  } catch (err) {
    if (err instanceof PlatformError) throw err;
    /* fall through */
  }
  throw invalidField(path, 'is not a cursor this service issued', 'FORMAT');
}

/** The offset a cursor issued by {@link cursorPage} carries; 400 `FORMAT` on `path` for anything else. */
export function decodeCursor(cursor: string, path = 'query.cursorPaging.cursor'): number {
  return decodeCursorState(cursor, path).o;
}

/**
 * The filter and sort a cursor-paged query runs with: the request's own when it sends them, else, with a cursor, the
 * ones the cursor carries (the SDK sends only the cursor). Services that refuse a cursor beside a filter or sort, as
 * the platform does, check {@link cursorAlone} first.
 */
/**
 * With a cursor only the paging may be sent (docs/spec/wire-protocol.md §11.7: the cursor carries filter and sort; the
 * generated clients send `{cursorPaging: {cursor, limit}}` alone): a filter or sort beside it is a 400 on the cursor.
 */
export function cursorAlone(
  query: { filter?: unknown; sort?: unknown; cursorPaging?: { cursor?: string | null } | undefined },
  path = 'query.cursorPaging.cursor',
): void {
  if (query.cursorPaging?.cursor && (query.filter != null || query.sort != null))
    throw invalidField(
      path,
      'with a cursor, send only cursorPaging: the cursor carries the filter and sort',
      'VALIDATION',
    );
}

export function cursorQuery(
  query: { filter?: unknown; sort?: unknown; cursorPaging?: { cursor?: string | null } },
  path = 'query.cursorPaging.cursor',
): { filter?: unknown; sort?: unknown } {
  const cursor = query.cursorPaging?.cursor;
  const carried = cursor ? decodeCursorState(cursor, path) : undefined;
  const filter = query.filter ?? carried?.filter;
  const sort = query.sort ?? carried?.sort;
  return { ...(filter !== undefined ? { filter } : {}), ...(sort !== undefined ? { sort } : {}) };
}

/**
 * One page of `rows` for `cursorPaging: {limit?, cursor?}` (cursors are opaque: an offset plus `carry`, the filter
 * and sort the rows were selected with, see {@link cursorQuery}). `limit` defaults to `defaultLimit`; a cursor this
 * service did not issue is a 400.
 */
export function cursorPage<T>(
  rows: readonly T[],
  paging: { limit?: number; cursor?: string | null } | undefined,
  defaultLimit: number,
  carry: { filter?: unknown; sort?: unknown } = {},
): CursorPage<T> {
  const limit = paging?.limit ?? defaultLimit;
  const offset = paging?.cursor ? decodeCursor(paging.cursor) : 0;
  const items = rows.slice(offset, offset + limit);
  const more = offset + limit < rows.length;
  return {
    items,
    metadata: {
      count: items.length,
      cursors: {
        next: more ? encodeCursor(offset + limit, carry) : null,
        prev: offset > 0 ? encodeCursor(Math.max(0, offset - limit), carry) : null,
      },
      hasNext: more,
    },
  };
}

/** One page of `rows` for offset paging (`paging: {limit?, offset?}`, the catalog reader's). */
export function offsetPage<T>(
  rows: readonly T[],
  paging: { limit?: number; offset?: number } | undefined,
  defaultLimit: number,
): { items: T[]; offset: number } {
  const limit = paging?.limit ?? defaultLimit;
  const offset = paging?.offset ?? 0;
  return { items: rows.slice(offset, offset + limit), offset };
}

/** A platform query's filter and sort (`{filter, sort: [{fieldName, order}]}`), shared by both catalogs' queries. */
export const filterAndSort = {
  filter: z.record(z.string(), z.unknown()).optional(),
  sort: z
    .array(z.object({ fieldName: z.string().max(100), order: z.enum(['ASC', 'DESC']).optional() }))
    .max(5)
    .optional(),
};
