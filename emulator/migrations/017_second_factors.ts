import type { Migration } from './migration.ts';

/**
 * Second factors, sign-in steps after the password, remembered devices and members' custom fields (issue 42,
 * docs/wire.md "Second factors, passkeys and required fields"). Secrets a member proves (codes, state and device
 * tokens) are stored as SHA-256 hashes; a TOTP secret is kept as it is (the emulator must compute codes from it).
 * Times are epoch milliseconds.
 */
export const migration017: Migration = {
  version: 17,
  name: 'second_factors',
  sql: `
    -- a member's second factors, in enrolment order (position): the first usable one is offered first
    CREATE TABLE member_factors (
      id TEXT PRIMARY KEY, -- factorId (GUID)
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      type TEXT NOT NULL CHECK (type IN ('TOTP', 'EMAIL', 'SMS', 'WEBAUTHN')),
      status TEXT NOT NULL CHECK (status IN ('ENABLED', 'REQUIRE_ACTIVATION', 'REQUIRE_REENROLL', 'ENABLED_BY_RULE', 'DISABLED_BY_RULE')),
      position INTEGER NOT NULL,
      totp_secret TEXT, -- base32 (TOTP)
      totp_last_step INTEGER, -- the time step of the last accepted code: a code is accepted once (TOTP)
      phone TEXT, -- SMS
      credential_id TEXT, -- base64url (WEBAUTHN)
      public_key TEXT, -- base64url COSE key (WEBAUTHN)
      sign_count INTEGER NOT NULL DEFAULT 0, -- WEBAUTHN
      created_at INTEGER NOT NULL
    );
    CREATE INDEX member_factors_member ON member_factors (member_id, position);
    CREATE UNIQUE INDEX member_factors_credential ON member_factors (credential_id) WHERE credential_id IS NOT NULL;

    -- a sign-in between the first factor and SUCCESS: a second factor to prove (stage MFA), then required sign-up
    -- fields to fill (stage FIELDS); the state token stays the same across both
    CREATE TABLE identity_login_states (
      token_hash TEXT PRIMARY KEY,
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      stage TEXT NOT NULL CHECK (stage IN ('MFA', 'FIELDS')),
      factor_type TEXT, -- the factor being asked (MFA)
      code_hash TEXT, -- EMAIL/SMS
      code_sent_at INTEGER,
      challenge_id TEXT, -- WEBAUTHN
      challenge TEXT, -- base64url
      attempts INTEGER NOT NULL DEFAULT 0,
      visitor_id TEXT,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );

    -- "remember this device": a device token skips the second factor of its member
    CREATE TABLE identity_trusted_devices (
      token_hash TEXT PRIMARY KEY,
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );

    -- a member's custom fields (the sign-up form's), value as JSON: {"strValue"|"numValue"|"dateValue": …}
    CREATE TABLE member_custom_fields (
      member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (member_id, name)
    );
  `,
};
