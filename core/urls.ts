/**
 * The operation table: `ops`, every platform operation the browser's code uses (ops.ts, one module per service under
 * ops/, one export each), and `adminOps`, the ones only an admin identity calls (ops/admin.ts: the site companion's and
 * the emulator's). Each entry is a method and a path, written with `op` (ops/op.ts). The call modules that send them,
 * with their schemas, are core/api/*.
 */
import * as table from './ops.ts';
import * as adminTable from './ops/admin.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  path: string;
  fallbackPath?: string;
}

export { table as ops, adminTable as adminOps };

export type OperationName = keyof typeof table;

/** Fill `{name}` parameters (URL-encoded) of an operation: `route(ops.getReview, {id})`. */
export function route(operation: Operation, params: Record<string, string> = {}): Operation {
  const fill = (p: string) =>
    p.replace(/\{(\w+)\}/g, (_, k: string) => {
      const v = params[k];
      if (v === undefined) throw new Error(`Missing path parameter: ${k}`);
      return encodeURIComponent(v);
    });
  const { method, path, fallbackPath } = operation;
  return fallbackPath ? { method, path: fill(path), fallbackPath: fill(fallbackPath) } : { method, path: fill(path) };
}
