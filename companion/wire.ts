/**
 * The companion's side of its wire (core/api/companion-table.ts: every route's method, path, request and answer
 * schema, declared once for the companion and the browser): the routes as Hono paths, and request bodies read and
 * checked with the table's schemas, their violations in the platform's error format.
 */
import type { Context, Handler, Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod/mini';
import { companionTable, type TableRoute } from '../core/api/companion-table.ts';
import { readJson } from './body.ts';
import { CompanionError, type FieldViolation } from './errors.ts';

export { companionTable as wire };

/** The route's path as Hono takes it: under `/v1`, `{name}` as `:name`. */
export const honoPath = (r: TableRoute): string => `/v1${r.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** English messages whichever zod locale the process configured (zod/mini configures none). */
const english = z.locales.en().localeError;

/** zod issues as the platform's field violations (400). */
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const r = z.safeParse(schema, value, { error: english });
  if (r.success) return r.data as z.output<S>;
  const violations: FieldViolation[] = r.error.issues.slice(0, 10).map((i) => {
    const base = i.path.map(String).join('.');
    if (i.code === 'unrecognized_keys') {
      return {
        field: [base, ...i.keys].filter(Boolean).join('.'),
        description: 'is not an allowed field',
        violatedRule: 'FIELD_NOT_ALLOWED',
      };
    }
    const missing = 'input' in i && i.input === undefined;
    return {
      field: base,
      description: missing ? 'is required' : i.message,
      violatedRule: missing ? 'REQUIRED_FIELD' : 'VALIDATION',
    };
  });
  throw new CompanionError(
    400,
    'INVALID_ARGUMENT',
    `Invalid request: ${violations.map((v) => `${v.field} ${v.description}`.trim()).join('; ')}`,
    { fieldViolations: violations },
  );
}

/** A route of the table that takes a JSON body. */
type JsonRoute = TableRoute & { request: z.ZodMiniType };

/** Route `r`'s JSON body (body.ts: type, size, nesting, prototype keys), checked with the table's schema. */
export async function bodyOf<R extends JsonRoute>(c: Context, r: R): Promise<z.output<R['request']>> {
  return parse(r.request, await readJson(c.req.raw)) as z.output<R['request']>;
}

/** Serve route `r` of the table on `app` (its method, its path). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function serve(app: Hono<any>, r: TableRoute, ...handlers: (MiddlewareHandler<any> | Handler<any>)[]): void {
  app.on(r.method, honoPath(r), ...(handlers as [Handler]));
}
