/**
 * Calls the emulated platform refuses to the site (`EmulatorOptions.refuseOperations`, `INLAY_EMULATOR_REFUSE`): as
 * the platform answers a call an app may not make (a method the generated clients mark internal), 403
 * `PERMISSION_DENIED` in its error format, after the caller was checked (no token or a bad one is still 401) and before
 * anything is read or changed. For tests of what Inlay does when the platform says no (docs/wire.md "Payments: public
 * and internal calls").
 *
 * A refusal names an operation of core's table by its name (`triggerRefund`, `getRefundability`: `ops` and `adminOps`
 * in core/urls.ts; refused at the path the table gives it, and its POST fallback), or a route written in its module as
 * `METHOD /path` (`{id}` or `:id` for a parameter). Unknown names are an error, so a test cannot refuse nothing by a
 * typo. The set lives on the emulator (`app.refusedOperations`): a test may add and delete names while it runs.
 */
import { adminOps, ops, type Operation } from '../core/urls.ts';
import { forbidden } from './errors.ts';
import { toPattern } from './paths.ts';

const tables = [ops, adminOps] as unknown as Record<string, Operation>[];

/** Every operation name of core's table, with the routes (`METHOD pattern`) it is served at. */
function operationRoutes(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const table of tables)
    for (const [name, op] of Object.entries(table)) {
      if (!op || typeof op !== 'object' || typeof op.path !== 'string') continue;
      const keys = out.get(name) ?? [];
      keys.push(`${op.method} ${toPattern(op.path)}`);
      if (op.fallbackPath) keys.push(`POST ${toPattern(op.fallbackPath)}`);
      out.set(name, keys);
    }
  return out;
}

/** Routes by operation name: the same for every emulator (core's table is constant). */
const ROUTES: ReadonlyMap<string, readonly string[]> = operationRoutes();

/** `METHOD /path` written with `{id}` or `:id`, as the router's key. */
const routeKey = (s: string): string | undefined => {
  const m = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(s.trim());
  return m ? `${m[1]} ${toPattern(m[2]!)}` : undefined;
};

/**
 * The names to refuse, checked: an operation name of core's table, or `METHOD /path`. Throws on anything else.
 * `text` may be a comma-separated list (`INLAY_EMULATOR_REFUSE=triggerRefund,getRefundability`).
 */
export function refusals(names: Iterable<string> | string | undefined): Set<string> {
  const list = typeof names === 'string' ? names.split(',') : [...(names ?? [])];
  const out = new Set<string>();
  for (const raw of list) {
    const name = raw.trim();
    if (!name) continue;
    if (!ROUTES.has(name) && !routeKey(name))
      throw new Error(`cannot refuse ${JSON.stringify(name)}: not an operation of core/urls.ts nor "METHOD /path"`);
    out.add(name);
  }
  return out;
}

/** Whether `refused` names the route `method pattern` (an operation of the table served there, or the route itself). */
export function isRefused(refused: ReadonlySet<string>, method: string, pattern: string): boolean {
  const key = `${method} ${pattern}`;
  for (const name of refused)
    if (name.includes(' ') ? routeKey(name) === key : (ROUTES.get(name)?.includes(key) ?? false)) return true;
  return false;
}

/** The platform's refusal of a call the site may not make. */
export const refusal = () =>
  forbidden(
    'The platform refused this call to the site (the emulator was told to: INLAY_EMULATOR_REFUSE)',
    'PERMISSION_DENIED',
  );
