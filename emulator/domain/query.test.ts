/**
 * The query engine on its own (no HTTP): filters, sorts and paging over plain rows, and the 400s it answers.
 * The services' own behaviour over HTTP stays in catalog/reviews/back-in-stock tests.
 */
import { describe, expect, it } from 'vitest';
import { PlatformError } from '../errors.ts';
import { applyFilter, applySort, cursorPage, decodeCursor, offsetPage, type FieldAccessor } from './query.ts';

interface Row {
  id: string;
  name: string;
  n: number;
  tags: string[];
  on: boolean;
  note: string | null;
}

const ROWS: Row[] = [
  { id: 'a', name: 'Camp Lantern', n: 3, tags: ['outdoor', 'light'], on: true, note: 'x' },
  { id: 'b', name: 'cast iron skillet', n: 10, tags: ['kitchen'], on: false, note: null },
  { id: 'c', name: 'Canvas Tote', n: 7, tags: [], on: true, note: '' },
  { id: 'd', name: 'Blanket', n: 7, tags: ['outdoor', 'home'], on: true, note: 'y' },
];

const FIELDS: Record<string, FieldAccessor<Row>> = {
  id: (r) => r.id,
  name: (r) => r.name,
  lower: (r) => r.name.toLowerCase(),
  n: (r) => r.n,
  tags: (r) => r.tags,
  on: (r) => r.on,
  note: (r) => r.note,
};

const ids = (rows: Row[]) => rows.map((r) => r.id);
const filter = (f: unknown) => ids(applyFilter(ROWS, f, FIELDS));

/** The violation a call throws: `[status, field, rule]`. */
function refusal(fn: () => unknown): [number, string | undefined, string | undefined] {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    const v = err.fieldViolations?.[0];
    return [err.status, v?.field, v?.violatedRule];
  }
  throw new Error('did not throw');
}

describe('applyFilter', () => {
  it('no filter keeps every row; a JSON string and an object mean the same', () => {
    expect(filter(undefined)).toEqual(['a', 'b', 'c', 'd']);
    expect(filter('')).toEqual(['a', 'b', 'c', 'd']);
    expect(filter('{"id":"b"}')).toEqual(['b']);
    expect(filter({ id: 'b' })).toEqual(['b']);
  });

  it('equality: a plain value, $eq, $ne; arrays match element-wise; numbers match numeric strings', () => {
    expect(filter({ n: { $eq: 7 } })).toEqual(['c', 'd']);
    expect(filter({ n: '7' })).toEqual(['c', 'd']);
    expect(filter({ n: { $ne: 7 } })).toEqual(['a', 'b']);
    expect(filter({ tags: 'outdoor' })).toEqual(['a', 'd']);
    expect(filter({ on: false })).toEqual(['b']);
  });

  it('lists: $in, $nin, $hasSome, $hasAll', () => {
    expect(filter({ id: { $in: ['a', 'c', 'zz'] } })).toEqual(['a', 'c']);
    expect(filter({ id: { $nin: ['a', 'c'] } })).toEqual(['b', 'd']);
    expect(filter({ tags: { $hasSome: ['kitchen', 'home'] } })).toEqual(['b', 'd']);
    expect(filter({ tags: { $hasAll: ['outdoor', 'home'] } })).toEqual(['d']);
  });

  it('$startsWith (case-insensitive), $exists, $isEmpty and the comparisons', () => {
    expect(filter({ name: { $startsWith: 'CA' } })).toEqual(['a', 'b', 'c']);
    expect(filter({ note: { $exists: true } })).toEqual(['a', 'd']);
    expect(filter({ note: { $exists: false } })).toEqual(['b', 'c']);
    expect(filter({ tags: { $isEmpty: true } })).toEqual(['c']);
    expect(filter({ n: { $gt: 3, $lte: 7 } })).toEqual(['c', 'd']);
    expect(filter({ n: { $gte: '10' } })).toEqual(['b']);
    expect(filter({ n: { $lt: 7 } })).toEqual(['a']);
  });

  it('$and, $or, $not, and several fields at once (all must hold)', () => {
    expect(filter({ $or: [{ id: 'a' }, { n: 10 }] })).toEqual(['a', 'b']);
    expect(filter({ $and: [{ on: true }, { n: 7 }] })).toEqual(['c', 'd']);
    expect(filter({ $not: { on: true } })).toEqual(['b']);
    expect(filter({ on: true, tags: 'outdoor' })).toEqual(['a', 'd']);
  });

  it('refuses unknown fields (prototype members included) and operators, before any row, on the given path', () => {
    expect(refusal(() => applyFilter([], { nope: 1 }, FIELDS))).toEqual([400, 'query.filter', 'VALIDATION']);
    expect(refusal(() => applyFilter([], { toString: 1 }, FIELDS))).toEqual([400, 'query.filter', 'VALIDATION']);
    expect(refusal(() => applyFilter([], { id: { $regex: 'a' } }, FIELDS, 'filter'))).toEqual([
      400,
      'filter',
      'VALIDATION',
    ]);
    expect(refusal(() => applyFilter([], { id: { $in: 'a' } }, FIELDS))).toEqual([400, 'query.filter', 'VALIDATION']);
    expect(refusal(() => applyFilter([], { n: { $gt: [1] } }, FIELDS))).toEqual([400, 'query.filter', 'VALIDATION']);
    expect(refusal(() => applyFilter([], { $or: {} }, FIELDS))).toEqual([400, 'query.filter', 'VALIDATION']);
    expect(refusal(() => applyFilter([], '[1]', FIELDS))).toEqual([400, 'query.filter', 'VALIDATION']);
    expect(refusal(() => applyFilter([], '{"id":', FIELDS))[0]).toBe(400);
    expect(refusal(() => applyFilter([], '{"__proto__":{"x":1}}', FIELDS))).toEqual([
      400,
      'query.filter.__proto__',
      'FIELD_NOT_ALLOWED',
    ]);
  });
});

describe('applySort', () => {
  const sort = (s: unknown) => ids(applySort(ROWS, s, FIELDS));

  it('both wire forms, asc and desc, stable, later keys break ties', () => {
    expect(sort(undefined)).toEqual(['a', 'b', 'c', 'd']);
    expect(sort('[{"lower":"asc"}]')).toEqual(['d', 'a', 'c', 'b']);
    expect(sort([{ fieldName: 'n', order: 'DESC' }])).toEqual(['b', 'c', 'd', 'a']);
    expect(sort([{ n: 'asc' }, { id: 'desc' }])).toEqual(['a', 'd', 'c', 'b']);
    expect(sort({ n: 'asc' })).toEqual(['a', 'c', 'd', 'b']);
  });

  it('refuses an unknown field or order', () => {
    expect(refusal(() => applySort(ROWS, [{ nope: 'asc' }], FIELDS))).toEqual([400, 'query.sort', 'VALIDATION']);
    expect(refusal(() => applySort(ROWS, [{ n: 'up' }], FIELDS))).toEqual([400, 'query.sort', 'INVALID_ENUM_VALUE']);
    expect(refusal(() => applySort(ROWS, [5], FIELDS, 'sort'))).toEqual([400, 'sort', 'VALIDATION']);
  });
});

describe('paging', () => {
  const rows = Array.from({ length: 5 }, (_, i) => i);

  it('cursor paging walks forward and back with opaque cursors', () => {
    const first = cursorPage(rows, { limit: 2 }, 50);
    expect(first.items).toEqual([0, 1]);
    expect(first.metadata).toMatchObject({ count: 2, hasNext: true, cursors: { prev: null } });
    const second = cursorPage(rows, { limit: 2, cursor: first.metadata.cursors.next }, 50);
    expect(second.items).toEqual([2, 3]);
    const last = cursorPage(rows, { limit: 2, cursor: second.metadata.cursors.next }, 50);
    expect(last.items).toEqual([4]);
    expect(last.metadata).toMatchObject({ count: 1, hasNext: false, cursors: { next: null } });
    expect(cursorPage(rows, { limit: 2, cursor: last.metadata.cursors.prev }, 50).items).toEqual([2, 3]);
    expect(cursorPage(rows, undefined, 3).items).toEqual([0, 1, 2]);
  });

  it('refuses a cursor it did not issue', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const bad of ['nope', b64('null'), b64('{"o":-1}'), b64('{"o":1.5}'), b64('{"o":"2"}')]) {
      expect(refusal(() => decodeCursor(bad))).toEqual([400, 'query.cursorPaging.cursor', 'FORMAT']);
    }
  });

  it('offset paging', () => {
    expect(offsetPage(rows, { limit: 2, offset: 3 }, 100)).toEqual({ items: [3, 4], offset: 3 });
    expect(offsetPage(rows, undefined, 100)).toEqual({ items: rows, offset: 0 });
  });
});
