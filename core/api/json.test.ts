import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod/mini';
import { dictOf, textOrNumber } from './json.ts';

const ok = <T>(schema: z.ZodMiniType<T>, v: unknown) => z.safeParse(schema, v);

describe('dictOf (z.record without its cost)', () => {
  it('takes a JSON object whose values pass, and gives a copy', () => {
    const input = { Color: 'Red', Size: 'M' };
    const r = ok(
      dictOf((v): v is string => typeof v === 'string'),
      input,
    );
    expect(r.success && r.data).toEqual(input);
    expect(r.success && r.data).not.toBe(input);
    expect(ok(dictOf(), {}).success).toBe(true);
    expect(ok(dictOf(), { a: 1, b: [null], c: { d: 'x' } }).success).toBe(true);
    expect(ok(dictOf(), Object.create(null)).success).toBe(true);
  });

  it('a typed dictionary names its check (tsc)', () => {
    // @ts-expect-error: without a check the values are unknown, never a type nothing checked
    expect(ok(dictOf<string>(), { a: 1 }).success).toBe(true);
  });

  it('refuses what is not a plain object, and any value that does not pass', () => {
    const texts = dictOf((v): v is string => typeof v === 'string');
    for (const bad of [null, undefined, 'a', 1, true, [], ['a'], new Date(0), new Map()]) {
      expect(ok(dictOf(), bad).success, String(bad)).toBe(false);
    }
    expect(ok(texts, { Color: 'Red', Size: 2 }).success).toBe(false);
    expect(ok(texts, { Size: 2 }).error?.issues[0]?.message).toBe('expected an object whose every value is valid');
    expect(
      ok(
        dictOf((v): v is boolean => typeof v === 'boolean'),
        { photos: 'yes' },
      ).success,
    ).toBe(false);
  });

  it('leaves a __proto__ key out of the copy, as z.record does: nothing reaches a prototype', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "c", "a": "b"}') as object;
    const r = ok(dictOf(), input);
    expect(r.success).toBe(true);
    const data = r.success ? r.data : {};
    expect(Object.keys(data)).toEqual(['constructor', 'a']);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.assign({}, data)).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // unchecked too, as z.record skips it
    const texts = dictOf((v): v is string => typeof v === 'string');
    const r2 = ok(texts, JSON.parse('{"__proto__": 5, "Color": "Red"}'));
    expect(r2.success && r2.data).toEqual({ Color: 'Red' });
    expect(r2.success && Object.keys(r2.data)).toEqual(['Color']);
  });

  it('agrees with z.record on any JSON the platform could send (fast-check), __proto__ keys included', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'));
    const json = fc.oneof(fc.dictionary(key, fc.jsonValue()), fc.jsonValue());
    const texts = (v: unknown): v is string => typeof v === 'string';
    fc.assert(
      fc.property(json, fc.boolean(), (value, onlyTexts) => {
        // as it arrives: parsed from the wire (a "__proto__" key is then an own property)
        const input: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
        const ours = ok(onlyTexts ? dictOf(texts) : dictOf(), input);
        const zods = ok(z.record(z.string(), onlyTexts ? z.string() : z.unknown()), input);
        expect(ours.success).toBe(zods.success);
        if (ours.success && zods.success) expect(ours.data).toStrictEqual(zods.data);
      }),
      { numRuns: 500 },
    );
  });

  it('inside an object, as the cart line uses it (optional)', () => {
    const line = z.object({ options: z.optional(dictOf()) });
    expect(ok(line, {}).success).toBe(true);
    expect(ok(line, { options: { variantId: 'v' } }).success).toBe(true);
    expect(ok(line, { options: 'v' }).success).toBe(false);
  });
});

describe('textOrNumber (z.union of a string and a number)', () => {
  it('takes a text or a finite number', () => {
    for (const v of ['', '12', 0, 12, -1.5]) expect(ok(textOrNumber, v).success, String(v)).toBe(true);
  });
  it('agrees with z.union([z.string(), z.number()]) on any value (fast-check)', () => {
    const union = z.union([z.string(), z.number()]);
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.double(), fc.string()), (v) => {
        expect(ok(textOrNumber, v).success).toBe(ok(union, v).success);
      }),
      { numRuns: 500 },
    );
  });
  it('refuses anything else', () => {
    for (const v of [null, undefined, true, NaN, Infinity, {}, [1], 1n]) {
      expect(ok(textOrNumber, v).success, String(v)).toBe(false);
    }
  });
});
