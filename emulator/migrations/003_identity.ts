import type { Migration } from './migration.ts';

/**
 * Identity (issue 3): login sessions (the `sessionToken` of a SUCCESS state), email-verification state tokens,
 * password-recovery tokens, failed-login counters, and redirect sessions (hosted login, silent login, account page).
 * Secrets are stored as SHA-256 hashes only; times are epoch milliseconds.
 */
export const migration003: Migration = {
  version: 3,
  name: 'identity',
  sql: `
    CREATE TABLE identity_sessions (
      token_hash TEXT PRIMARY KEY,
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );

    CREATE TABLE identity_state_tokens (
      token_hash TEXT PRIMARY KEY,
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      code_hash TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      sent_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );

    CREATE TABLE identity_recovery_tokens (
      token_hash TEXT PRIMARY KEY,
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );

    -- failed logins per key ("email:<address>" or "ip:<address>") in the current window
    CREATE TABLE identity_login_failures (
      key TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      window_start INTEGER NOT NULL
    );

    CREATE TABLE redirect_sessions (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      client_id TEXT,
      payload TEXT NOT NULL, -- JSON
      visitor_id TEXT,
      member_id TEXT,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );
  `,
};
