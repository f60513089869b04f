import type { Database } from 'better-sqlite3';

/** One schema step. `sql` runs first, then `up` (for data moves that need code). */
export interface Migration {
  version: number;
  name: string;
  sql?: string;
  up?: (db: Database) => void;
}
