/**
 * docs/wire.md "Every platform call" is the table of tests/conformance/calls.ts, one row per operation of core/ops
 * (issue 38 point 6): an operation without a row, a row without an operation, or a row that says something else
 * (who sends it, identity, public or internal, the generated client and its installed version, verified or chosen,
 * the conformance file) fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_OPS, rows, wireRow } from '../conformance/calls.ts';

const ROOT = join(import.meta.dirname, '../..');

/** The table's rows under `## Every platform call`, each as its trimmed cells (header and rule left out). */
function documented(): string[][] {
  const text = readFileSync(join(ROOT, 'docs/wire.md'), 'utf8');
  const start = text.indexOf('\n## Every platform call\n');
  expect(start, 'docs/wire.md has a section "## Every platform call"').toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + 1);
  const lines = text
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((l) => l.startsWith('|'));
  return lines.slice(2).map((l) =>
    l
      .slice(1, l.lastIndexOf('|'))
      .split('|')
      .map((c) => c.trim()),
  );
}

describe('docs/wire.md "Every platform call"', () => {
  it('has one row per operation of core/ops and core/ops/admin.ts, and no other', () => {
    const names = documented().map((cells) => cells[0]!.replace(/`/g, ''));
    expect([...names].sort()).toEqual(Object.keys(ALL_OPS).sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('each row says what tests/conformance/calls.ts says (and the installed client versions)', () => {
    const byName = new Map(documented().map((cells) => [cells[0], cells]));
    for (const row of rows()) {
      const expected = wireRow(row);
      expect(byName.get(expected[0]!), `the row of ${row.name}`).toEqual(expected);
    }
  });
});
