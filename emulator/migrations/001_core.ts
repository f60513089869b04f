import type { Migration } from './migration.ts';

/** Site settings, OAuth clients, visitors, members, tokens, authorization codes, the dev mailbox. */
export const migration001: Migration = {
  version: 1,
  name: 'core',
  sql: `
    CREATE TABLE site_settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL -- JSON
    );

    CREATE TABLE oauth_clients (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      allowed_origins TEXT NOT NULL DEFAULT '[]', -- JSON array of origins
      created_date TEXT NOT NULL
    );

    CREATE TABLE visitors (
      id TEXT PRIMARY KEY,
      client_id TEXT NOT NULL REFERENCES oauth_clients(id),
      created_date TEXT NOT NULL
    );

    CREATE TABLE members (
      id TEXT PRIMARY KEY,
      contact_id TEXT NOT NULL UNIQUE,
      email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      email_verified INTEGER NOT NULL DEFAULT 0,
      password_hash TEXT,
      role TEXT NOT NULL DEFAULT 'MEMBER' CHECK (role IN ('MEMBER', 'OWNER', 'CONTRIBUTOR')),
      status TEXT NOT NULL DEFAULT 'APPROVED' CHECK (status IN ('PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE')),
      privacy_status TEXT NOT NULL DEFAULT 'PUBLIC' CHECK (privacy_status IN ('PRIVATE', 'PUBLIC')),
      nickname TEXT,
      first_name TEXT,
      last_name TEXT,
      slug TEXT UNIQUE,
      created_date TEXT NOT NULL,
      updated_date TEXT NOT NULL,
      last_login_date TEXT
    );

    -- Only SHA-256 hashes of tokens are stored. Times are epoch milliseconds.
    CREATE TABLE oauth_tokens (
      token_hash TEXT PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
      role TEXT NOT NULL CHECK (role IN ('visitor', 'member')),
      client_id TEXT NOT NULL REFERENCES oauth_clients(id),
      visitor_id TEXT REFERENCES visitors(id),
      member_id TEXT REFERENCES members(id) ON DELETE CASCADE,
      parent_hash TEXT, -- access token: hash of the refresh token it was issued with
      created_at INTEGER NOT NULL,
      expires_at INTEGER, -- NULL: does not expire (refresh tokens)
      revoked INTEGER NOT NULL DEFAULT 0,
      CHECK ((role = 'visitor' AND visitor_id IS NOT NULL) OR (role = 'member' AND member_id IS NOT NULL))
    );
    CREATE INDEX oauth_tokens_member ON oauth_tokens(member_id);
    CREATE INDEX oauth_tokens_parent ON oauth_tokens(parent_hash);

    CREATE TABLE oauth_codes (
      code_hash TEXT PRIMARY KEY,
      client_id TEXT NOT NULL REFERENCES oauth_clients(id),
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      visitor_id TEXT REFERENCES visitors(id),
      code_challenge TEXT NOT NULL,
      redirect_uri TEXT,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );

    CREATE TABLE mail_messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      to_email TEXT NOT NULL COLLATE NOCASE,
      subject TEXT NOT NULL,
      text TEXT NOT NULL,
      code TEXT,
      link TEXT,
      created_date TEXT NOT NULL
    );
    CREATE INDEX mail_messages_to ON mail_messages(to_email);
  `,
};
