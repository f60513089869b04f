/**
 * SQLite through better-sqlite3: opening, pragmas, migrations, small helpers.
 * Prepared statements only; values are never interpolated into SQL.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index.ts';
import type { Migration } from './migrations/index.ts';

export type { Database };

/** Open (creating the folder when needed) and configure a database; `:memory:` for an in-memory one. */
export function openDatabase(file: string): Database {
  const memory = file === ':memory:' || file === '';
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(memory ? ':memory:' : file);
  if (!memory) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Apply the migrations not applied yet, in version order, each in a transaction. Returns the versions applied. */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_date TEXT NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((r) => r.version),
  );
  const record = db.prepare<[number, string, string]>(
    'INSERT INTO schema_migrations (version, name, applied_date) VALUES (?, ?, ?)',
  );
  const done: number[] = [];
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (const m of sorted) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      if (m.sql) db.exec(m.sql);
      m.up?.(db);
      record.run(m.version, m.name, new Date().toISOString());
    })();
    done.push(m.version);
  }
  return done;
}

/** SHA-256 hex of a string: how tokens and codes are stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * A stable UUID-looking id derived from a name (UUID v5 layout over SHA-1), so seeded ids never change.
 * `stableId('product:enamel-camp-mug')`.
 */
export function stableId(name: string): string {
  const h = createHash('sha1').update(`inlay-emulator:${name}`).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
