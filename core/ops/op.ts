import type { HttpMethod, Operation } from '../urls.ts';

/** An operation of the operation table (core/urls.ts `ops`, `adminOps`). */
export const op = (method: HttpMethod, path: string, fallbackPath?: string): Operation =>
  fallbackPath ? { method, path, fallbackPath } : { method, path };
