import type { Migration } from './migration.ts';

/**
 * Admin identity (docs/spec/wire-protocol.md §11.6): a client secret per OAuth client (its SHA-256; NULL: the client
 * has none and the `client_credentials` grant refuses it) and the admin access tokens that grant issues (no refresh
 * token).
 */
export const migration007: Migration = {
  version: 7,
  name: 'admin-identity',
  sql: `
    ALTER TABLE oauth_clients ADD COLUMN secret_hash TEXT;

    CREATE TABLE admin_tokens (
      token_hash TEXT PRIMARY KEY,
      client_id TEXT NOT NULL REFERENCES oauth_clients(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
  `,
};
