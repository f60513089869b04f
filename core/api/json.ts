import { z } from 'zod/mini';

/*
 * Two shapes the platform's answers use, built from zod's `custom`, `pipe` and `transform` (which core carries anyway)
 * instead of `z.record` and `z.union`: zod travels in core, so each schema kind any chunk uses is paid on every page,
 * and those two cost every page 0.75 KB gzip together (0.6 and 0.3 KB alone) for six dictionaries and three fields
 * (issue 19).
 */

/** An object literal or JSON.parse's: not an array, a date or any other class's instance. */
const isDict = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** Its own enumerable string keys and values, but a `__proto__` key: `z.record` skips it, unchecked and not copied. */
const entries = (v: Record<string, unknown>) => Object.entries(v).filter(([k]) => k !== '__proto__');

const dict = <T>(is: (v: unknown) => boolean) =>
  z.pipe(
    z.custom<Record<string, unknown>>(
      (v) => isDict(v) && entries(v).every(([, x]) => is(x)),
      'expected an object whose every value is valid',
    ),
    z.transform((v) => Object.fromEntries(entries(v)) as Record<string, T>),
  );

/**
 * A JSON object used as a dictionary, every value passing `is` (`z.record(z.string(), …)`): copied, leaving out a
 * `__proto__` key as `z.record` does, so no use of the copy can reach a prototype. Without `is`, any values
 * (`unknown`): a typed dictionary always names its check.
 */
export function dictOf(): ReturnType<typeof dict<unknown>>;
export function dictOf<T>(is: (v: unknown) => v is T): ReturnType<typeof dict<T>>;
export function dictOf(is: (v: unknown) => boolean = () => true) {
  return dict(is);
}

/** A text or a finite number (`z.union([z.string(), z.number()])`): revisions and order numbers come as either. */
export const textOrNumber = z.custom<string | number>(
  (v) => typeof v === 'string' || Number.isFinite(v),
  'expected a string or a number',
);
