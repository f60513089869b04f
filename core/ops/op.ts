import type { HttpMethod, Operation } from '../urls.ts';

/** An operation of the URL table (core/urls.ts `api`). */
export const op = (method: HttpMethod, path: string, fallbackPath?: string): Operation =>
  fallbackPath ? { method, path, fallbackPath } : { method, path };
