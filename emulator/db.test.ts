import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './domain/auth.ts';
import { migrate, openDatabase, stableId } from './db.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { seed } from './domain/seed.ts';
import { DEMO_LOGINS, SEED_PRODUCTS } from './seed.ts';
import { api, startTestEmulator } from '../tests/helpers/emulator.ts';

describe('database', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'inlay-db-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the folder, turns WAL and foreign keys on for a file', () => {
    const file = join(dir, 'nested', 'a.sqlite');
    const db = openDatabase(file);
    try {
      expect(existsSync(file)).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });

  it('applies migrations in order once, and is idempotent on reopen', () => {
    const file = join(dir, 'b.sqlite');
    const db1 = openDatabase(file);
    expect(migrate(db1)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db1)).toEqual([]);
    db1.close();
    const db2 = openDatabase(file);
    try {
      expect(migrate(db2)).toEqual([]);
      const rows = db2.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
      expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    } finally {
      db2.close();
    }
  });

  it('rolls back a failing migration as a whole', () => {
    const db = openDatabase(':memory:');
    try {
      migrate(db);
      const bad = {
        version: 999,
        name: 'bad',
        sql: 'CREATE TABLE half_done (x INTEGER); INSERT INTO no_such_table VALUES (1);',
      };
      expect(() => migrate(db, [...MIGRATIONS, bad])).toThrow();
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
      expect(db.prepare('SELECT version FROM schema_migrations WHERE version = 999').get()).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it('seeds once: a second start on the same file keeps the data and adds nothing', async () => {
    const file = join(dir, 'c.sqlite');
    const first = await startTestEmulator({ db: file });
    const count = (table: string) => (first.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    const before = {
      products: count('products'),
      variants: count('product_variants'),
      members: count('members'),
      media: count('media_files'),
    };
    expect(before.products).toBe(SEED_PRODUCTS.length);
    // A change made by a user survives a restart.
    first.db.prepare("UPDATE product_variants SET quantity = 99 WHERE sku = 'FW-MUG-FOR'").run();
    await first.close();

    const second = await startTestEmulator({ db: file });
    try {
      const count2 = (table: string) =>
        (second.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect({
        products: count2('products'),
        variants: count2('product_variants'),
        members: count2('members'),
        media: count2('media_files'),
      }).toEqual(before);
      expect(second.db.prepare("SELECT quantity FROM product_variants WHERE sku = 'FW-MUG-FOR'").get()).toEqual({
        quantity: 99,
      });
      expect(second.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect((await api(second, '/_dev/mailbox')).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('seed() reports whether it inserted the catalog', async () => {
    const db = openDatabase(':memory:');
    try {
      migrate(db);
      expect(await seed(db, { demoOrigins: ['http://127.0.0.1:5173'], nowMs: Date.now() })).toEqual({
        catalogSeeded: true,
        // the member, the owner, the two with a second factor (issue 42), two pending and a blocked one (issue 41)
        membersCreated: 7,
      });
      expect(await seed(db, { demoOrigins: ['http://127.0.0.1:5173'], nowMs: Date.now() })).toEqual({
        catalogSeeded: false,
        membersCreated: 0,
      });
      // the demo logins' second factors: enrolled once, and again when removed
      const factors = () => db.prepare('SELECT type FROM member_factors ORDER BY type').all();
      expect(factors()).toEqual([{ type: 'TOTP' }, { type: 'WEBAUTHN' }]);
      db.prepare("DELETE FROM member_factors WHERE type = 'TOTP'").run();
      await seed(db, { demoOrigins: ['http://127.0.0.1:5173'], nowMs: Date.now() });
      expect(factors()).toEqual([{ type: 'TOTP' }, { type: 'WEBAUTHN' }]);
    } finally {
      db.close();
    }
  });

  it('stores demo passwords as scrypt hashes that verify', async () => {
    const db = openDatabase(':memory:');
    try {
      migrate(db);
      await seed(db, { demoOrigins: [], nowMs: Date.now() });
      const row = db
        .prepare('SELECT password_hash, role, email_verified FROM members WHERE email = ?')
        .get(DEMO_LOGINS.owner.email) as {
        password_hash: string;
        role: string;
        email_verified: number;
      };
      expect(row.role).toBe('OWNER');
      expect(row.email_verified).toBe(1);
      expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
      expect(row.password_hash).not.toContain(DEMO_LOGINS.owner.password);
      expect(await verifyPassword(DEMO_LOGINS.owner.password, row.password_hash)).toBe(true);
      expect(await verifyPassword('wrong-password', row.password_hash)).toBe(false);
    } finally {
      db.close();
    }
  });

  it('salts password hashes', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('derives stable UUID-looking ids', () => {
    expect(stableId('product:x')).toBe(stableId('product:x'));
    expect(stableId('product:x')).not.toBe(stableId('product:y'));
    expect(stableId('product:x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
