/**
 * The emulator answers every operation of core's operation table (core/urls.ts, the paths the browser client calls): a
 * route with the operation's method at its path, and a POST at its fallback path. A new table entry without an
 * emulator route, or a route that drifts from the table, fails here rather than only in the browser suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops, type Operation } from '../core/urls.ts';
import { aliasOf, toPattern } from './paths.ts';
import type { RunningEmulator } from './server.ts';
import { startTestEmulator } from '../tests/helpers/emulator.ts';

let emu: RunningEmulator;
let registered: Set<string>;
beforeAll(async () => {
  emu = await startTestEmulator();
  registered = new Set(emu.routes().map((r) => `${r.method} ${r.pattern}`));
});
afterAll(() => emu.close());

describe('core/urls.ts ⇄ emulator routes', () => {
  it.each(Object.entries(ops) as [string, Operation][])('%s has an emulator route', (_name, op) => {
    expect(registered).toContain(`${op.method} ${toPattern(op.path)}`);
    if (op.fallbackPath) expect(registered).toContain(`POST ${toPattern(op.fallbackPath)}`);
  });

  it('toPattern and aliasOf', () => {
    expect(toPattern('/reviews/v1/reviews/{id}/reply')).toBe('/reviews/v1/reviews/:id/reply');
    expect(aliasOf({ method: 'GET', path: '/a/b/{id}', fallbackPath: '/a/b/query' }, '/a', '/x/y')).toEqual({
      method: 'GET',
      path: '/x/y/b/{id}',
      fallbackPath: '/x/y/b/query',
    });
    expect(() => aliasOf({ method: 'GET', path: '/a/b' }, '/c', '/d')).toThrow();
  });
});
