/**
 * The wire paths the emulator shares with the browser client. `core/urls.ts` is the one table of the platform
 * operations the widgets call; routes register those with `router.operation(ops.x, …)` (its method, its path as a
 * router pattern) instead of typing the path again. Aliases the platform also answers (`/_api/ecom-cart/…`, the
 * `/ecom/v1/recommendations/…` copy) are the table's path under another prefix ({@link aliasOf}). Paths the client
 * never calls (hosted pages, assets, dev helpers, owner-only calls) stay written in their route modules.
 */
import type { Operation } from '../core/urls.ts';

/** A table path as a router pattern: `{id}` → `:id`. */
export const toPattern = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** The same operation under another path prefix (an alias): `from` at the start of its paths becomes `to`. */
export function aliasOf(op: Operation, from: string, to: string): Operation {
  const swap = (p: string) => {
    if (!p.startsWith(from)) throw new Error(`${p} does not start with ${from}`);
    return to + p.slice(from.length);
  };
  return {
    method: op.method,
    path: swap(op.path),
    ...(op.fallbackPath ? { fallbackPath: swap(op.fallbackPath) } : {}),
  };
}
