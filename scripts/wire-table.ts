/**
 * Writes docs/wire.md "Every platform call" from tests/conformance/calls.ts (`npx tsx scripts/wire-table.ts`), the
 * table tests/contract/wire-table.test.ts holds the page to; prettier then aligns the columns.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rows, wireRow } from '../tests/conformance/calls.ts';

const file = join(import.meta.dirname, '../docs/wire.md');
const text = readFileSync(file, 'utf8');
const start = text.indexOf('\n## Every platform call\n');
const end = text.indexOf('\n## ', start + 1);
const section = text.slice(start, end);
const lines = section.split('\n');
const first = lines.findIndex((l) => l.startsWith('|'));
const last = lines.length - 1 - [...lines].reverse().findIndex((l) => l.startsWith('|'));
const body = rows().map((row) => `| ${wireRow(row).join(' | ')} |`);
const next = [...lines.slice(0, first + 2), ...body, ...lines.slice(last + 1)].join('\n');
writeFileSync(file, text.slice(0, start) + next + text.slice(end));
console.log(`docs/wire.md: ${body.length} rows`);
