/**
 * The companion's side of its wire (core/api/companion-table.ts: every route's method, path, request and answer
 * schema, declared once for the companion and the browser): a route served on a sub-app with its path and method from
 * the table, and its JSON body read and checked with the table's schema by middleware, violations in the platform's
 * error format.
 *
 * The body's reading stays body.ts's, not Hono's `validator('json')` and `bodyLimit`: the contract refuses a type
 * other than `application/json` with 415 (Hono's validator reads any `application/*+json` and checks a body of another
 * type as `{}`), reads past one UTF-8 byte order mark and refuses bad UTF-8, deep nesting and prototype-named keys (it
 * has none of these), and counts every byte it reads whatever Content-Length says (`bodyLimit` trusts a
 * Content-Length under the limit and lets the handler read the whole body: a Request whose header understates its
 * body, as code in front of this handler may make one, would be read to its end).
 */
import type { Context, Handler, Hono } from 'hono';
import { z } from 'zod/mini';
import { companionTable, type TableRoute } from '../core/api/companion-table.ts';
import { readJson } from './body.ts';
import type { Env, Guard } from './context.ts';
import { CompanionError, type FieldViolation } from './errors.ts';

export { companionTable as wire };

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

/** Middleware: route `r`'s JSON body (body.ts), checked with the table's schema, as `body`. */
const checkedBody =
  (r: JsonRoute): Guard =>
  async (c, next) => {
    c.set('body', parse(r.request, await readJson(c.req.raw)));
    await next();
  };

/** Route `r`'s body, as the middleware in front of its handler checked it. */
export const bodyOf = <R extends JsonRoute>(c: Context<Env>, _r: R): z.output<R['request']> =>
  c.get('body') as z.output<R['request']>;

/**
 * Serve route `r` of the table on sub-app `app` (mounted at `/v1`: the table's path, `{name}` as `:name`): `before`
 * (its guards, then any check of its path's parameters), then, when the route takes a JSON body, the body read and
 * checked with its schema, then `handler`. Nothing is read before the guards have passed.
 */
export function serve(app: Hono<Env>, r: TableRoute, before: Guard[], handler: Handler<Env>): void {
  const json = typeof r.request === 'object' ? [checkedBody(r as JsonRoute)] : [];
  const handlers = [...before, ...json, handler] as [Handler<Env>];
  app.on(r.method, r.path.replace(/\{(\w+)\}/g, ':$1'), ...handlers);
}
