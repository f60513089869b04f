/**
 * Second factors and the sign-in steps after the password (issue 42, docs/wire.md "Second factors, passkeys and
 * required fields"): a member's factors (TOTP, EMAIL, SMS, WEBAUTHN) with the spec's statuses, the state of a sign-in
 * between its first factor and SUCCESS, remembered devices, and the site's required sign-up fields. Routes live in
 * routes/identity.ts (login, verify) and routes/dev.ts (enrolment, the fields setting).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { sha256Hex } from '../db.ts';
import { newOpaqueToken } from './auth.ts';
import { getSetting, setSetting } from './settings.ts';

export const FACTOR_TYPES = ['TOTP', 'EMAIL', 'SMS', 'WEBAUTHN'] as const;
/** The factor types a member can have in the emulator (CALL, PUSH, RECOVERY_CODE are not served). */
export type FactorType = (typeof FACTOR_TYPES)[number];
/** Every FactorType of the typings (a path's `{factorType}` must be one). */
export const ALL_FACTOR_TYPES = [
  'PASSWORD',
  'SMS',
  'CALL',
  'EMAIL',
  'TOTP',
  'PUSH',
  'WEBAUTHN',
  'RECOVERY_CODE',
] as const;
/** The spec's factor statuses. */
export const FACTOR_STATUSES = [
  'ENABLED',
  'REQUIRE_ACTIVATION',
  'REQUIRE_REENROLL',
  'ENABLED_BY_RULE',
  'DISABLED_BY_RULE',
] as const;
export type FactorStatus = (typeof FACTOR_STATUSES)[number];
/** The statuses a factor can be used with at sign-in. */
const USABLE: readonly FactorStatus[] = ['ENABLED', 'ENABLED_BY_RULE'];

/** Lifetimes and limits. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;
export const TRUSTED_DEVICE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Wrong answers one login state takes; the last one spends it. */
export const FACTOR_MAX_ATTEMPTS = 3;
export const FACTOR_CODE_COOLDOWN_MS = 30 * 1000;
/** TOTP: RFC 6238 with SHA-1, 6 digits, 30 s steps, one step either side. */
export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW = 1;

export interface FactorRow {
  id: string;
  member_id: string;
  type: FactorType;
  status: FactorStatus;
  position: number;
  totp_secret: string | null;
  totp_last_step: number | null;
  phone: string | null;
  credential_id: string | null;
  public_key: string | null;
  sign_count: number;
  created_at: number;
}

export function memberFactors(db: Database, memberId: string): FactorRow[] {
  return db
    .prepare<[string], FactorRow>('SELECT * FROM member_factors WHERE member_id = ? ORDER BY position, created_at')
    .all(memberId);
}

/** The factors a member can sign in with now, in enrolment order. */
export const usableFactors = (rows: FactorRow[]) => rows.filter((f) => USABLE.includes(f.status));

/** `Identity.factors` (Status: ACTIVE, INACTIVE, REQUIRE_REENROLL): the password and every enrolled factor. */
export function wireIdentityFactors(rows: FactorRow[]) {
  return [
    { type: 'PASSWORD', status: 'ACTIVE' },
    ...rows.map((f) => ({
      factorId: f.id,
      type: f.type,
      status: USABLE.includes(f.status) ? 'ACTIVE' : f.status === 'REQUIRE_REENROLL' ? 'REQUIRE_REENROLL' : 'INACTIVE',
    })),
  ];
}

export type EnrollInput =
  | { type: 'TOTP'; secret: string }
  | { type: 'EMAIL' }
  | { type: 'SMS'; phone: string }
  | { type: 'WEBAUTHN'; credentialId: string; publicKey: string; signCount?: number | undefined };

/** Add a factor to a member (after its others); returns it. */
export function enrollFactor(
  db: Database,
  memberId: string,
  input: EnrollInput & { status?: FactorStatus | undefined; id?: string | undefined },
  nowMs: number,
): FactorRow {
  const id = input.id ?? randomUUID();
  const position =
    (db
      .prepare<[string], { p: number | null }>('SELECT MAX(position) AS p FROM member_factors WHERE member_id = ?')
      .get(memberId)?.p ?? -1) + 1;
  db.prepare(
    `INSERT INTO member_factors (id, member_id, type, status, position, totp_secret, phone, credential_id, public_key,
       sign_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    memberId,
    input.type,
    input.status ?? 'ENABLED',
    position,
    input.type === 'TOTP' ? input.secret : null,
    input.type === 'SMS' ? input.phone : null,
    input.type === 'WEBAUTHN' ? input.credentialId : null,
    input.type === 'WEBAUTHN' ? input.publicKey : null,
    input.type === 'WEBAUTHN' ? (input.signCount ?? 0) : 0,
    nowMs,
  );
  return db.prepare<[string], FactorRow>('SELECT * FROM member_factors WHERE id = ?').get(id)!;
}

/** Remove a member's factors (all, or those of one type); how many went. */
export function removeFactors(db: Database, memberId: string, type?: FactorType): number {
  return type
    ? db.prepare<[string, string]>('DELETE FROM member_factors WHERE member_id = ? AND type = ?').run(memberId, type)
        .changes
    : db.prepare<[string]>('DELETE FROM member_factors WHERE member_id = ?').run(memberId).changes;
}

// ------------------------------------------------------------------------------------------ TOTP

/** The TOTP of a secret as authenticator apps read it (SHA-1, 6 digits, 30 s); `label` names it in its otpauth URI. */
export const totpOf = (secret: string, label = 'member') =>
  new TOTP({
    issuer: 'Inlay emulator',
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
  });

/** Is `secret` a usable base32 TOTP secret (at least 80 bits)? */
export function validTotpSecret(secret: string): boolean {
  if (!/^[A-Z2-7]+=*$/.test(secret)) return false;
  try {
    return Secret.fromBase32(secret).bytes.length >= 10;
  } catch {
    return false;
  }
}

/** The code of `secret` at `nowMs` (tests, the dev helpers). */
export const totpCode = (secret: string, nowMs: number) => totpOf(secret).generate({ timestamp: nowMs });

/**
 * Check a TOTP code at `nowMs` (±{@link TOTP_WINDOW} steps): `ok` (its step is remembered: the same code, or an older
 * one, is refused from then on), `wrong`, or `replayed` (right, but its step was already used).
 */
export function checkTotp(db: Database, factor: FactorRow, code: string, nowMs: number): 'ok' | 'wrong' | 'replayed' {
  if (!factor.totp_secret || !/^\d{6}$/.test(code)) return 'wrong';
  const delta = totpOf(factor.totp_secret).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return 'wrong';
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
  // compare-and-set: two requests with the same code cannot both pass
  const set = db
    .prepare<[number, string, number]>(
      'UPDATE member_factors SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)',
    )
    .run(step, factor.id, step);
  return set.changes === 1 ? 'ok' : 'replayed';
}

// ------------------------------------------------------------------------------------------ WebAuthn

/** A new WebAuthn challenge (32 random bytes, base64url) and its GUID. */
export const newChallenge = () => ({ challengeId: randomUUID(), challenge: randomBytes(32).toString('base64url') });

/** `PublicKeyCredentialRequestOptionsJSON` for a member's passkeys. */
export function requestOptionsJson(challenge: string, rpId: string, factors: FactorRow[]): string {
  return JSON.stringify({
    challenge,
    rpId,
    timeout: 60_000,
    userVerification: 'preferred',
    allowCredentials: factors
      .filter((f) => f.type === 'WEBAUTHN' && f.credential_id)
      .map((f) => ({ id: f.credential_id, type: 'public-key' })),
  });
}

/**
 * Verify a WebAuthn assertion (`credential`: the browser's `PublicKeyCredential.toJSON()` as a string) against one of
 * `factors` for `challenge`, from one of `origins` with an rpId among their hosts: `ok` (the sign count is kept) or
 * the reason it is refused.
 */
export async function checkAssertion(
  db: Database,
  factors: FactorRow[],
  credential: string,
  challenge: string,
  origins: readonly string[],
): Promise<{ ok: true } | { ok: false; reason: string }> {
  let response: AuthenticationResponseJSON;
  try {
    response = JSON.parse(credential) as AuthenticationResponseJSON;
  } catch {
    return { ok: false, reason: 'The passkey answer is not valid JSON' };
  }
  if (typeof response !== 'object' || response === null || typeof response.id !== 'string' || !response.response)
    return { ok: false, reason: 'The passkey answer is not a PublicKeyCredential' };
  const factor = factors.find((f) => f.type === 'WEBAUTHN' && f.credential_id === response.id);
  if (!factor?.public_key || !factor.credential_id)
    return { ok: false, reason: 'This passkey is not one of the member’s' };
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: [...origins],
      expectedRPID: [...new Set(origins.map((o) => new URL(o).hostname))],
      credential: {
        id: factor.credential_id,
        publicKey: new Uint8Array(Buffer.from(factor.public_key, 'base64url')),
        counter: factor.sign_count,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return { ok: false, reason: 'The passkey’s signature does not verify' };
    db.prepare<[number, string]>('UPDATE member_factors SET sign_count = ? WHERE id = ?').run(
      result.authenticationInfo.newCounter,
      factor.id,
    );
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: `The passkey answer is refused: ${(e as Error).message}` };
  }
}

// ------------------------------------------------------------------------------------------ login states

export interface LoginStateRow {
  token_hash: string;
  member_id: string;
  stage: 'MFA' | 'FIELDS';
  factor_type: FactorType | null;
  code_hash: string | null;
  code_sent_at: number | null;
  challenge_id: string | null;
  challenge: string | null;
  attempts: number;
  visitor_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A new sign-in state at `stage`; returns its token. */
export function issueLoginState(
  db: Database,
  memberId: string,
  stage: 'MFA' | 'FIELDS',
  visitorId: string | null,
  nowMs: number,
): string {
  const token = newOpaqueToken();
  db.prepare(
    `INSERT INTO identity_login_states (token_hash, member_id, stage, visitor_id, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(sha256Hex(token), memberId, stage, visitorId, nowMs, nowMs + LOGIN_STATE_TTL_MS);
  return token;
}

/** A live sign-in state: not used, not expired, attempts left; else undefined. */
export function liveLoginState(db: Database, token: string, nowMs: number): LoginStateRow | undefined {
  const row = db
    .prepare<[string], LoginStateRow>('SELECT * FROM identity_login_states WHERE token_hash = ?')
    .get(sha256Hex(token));
  if (!row || row.used_at !== null || row.expires_at <= nowMs || row.attempts >= FACTOR_MAX_ATTEMPTS) return undefined;
  return row;
}

/**
 * The factor a state asks for now, with its code (EMAIL/SMS) or challenge (WEBAUTHN); the previous code or challenge
 * no longer works. Wrong answers already made still count (switching factor does not buy more guesses).
 */
export function askFactor(
  db: Database,
  tokenHash: string,
  ask: { factorType: FactorType; code?: string; challengeId?: string; challenge?: string },
  nowMs: number,
): void {
  db.prepare(
    `UPDATE identity_login_states SET factor_type = ?, code_hash = ?, code_sent_at = ?, challenge_id = ?,
       challenge = ? WHERE token_hash = ?`,
  ).run(
    ask.factorType,
    ask.code ? sha256Hex(ask.code) : null,
    ask.code ? nowMs : null,
    ask.challengeId ?? null,
    ask.challenge ?? null,
    tokenHash,
  );
}

/** A wrong answer: the state's attempts go up; its new count. */
export function countStateAttempt(db: Database, tokenHash: string): number {
  db.prepare<[string]>('UPDATE identity_login_states SET attempts = attempts + 1 WHERE token_hash = ?').run(tokenHash);
  return (
    db
      .prepare<[string], { attempts: number }>('SELECT attempts FROM identity_login_states WHERE token_hash = ?')
      .get(tokenHash)?.attempts ?? FACTOR_MAX_ATTEMPTS
  );
}

/**
 * The second factor proven: the state moves on to FIELDS (its challenge and code can no longer be used); false when
 * a concurrent request moved it first.
 */
export function passMfa(db: Database, tokenHash: string): boolean {
  return (
    db
      .prepare<[string]>(
        `UPDATE identity_login_states SET stage = 'FIELDS', code_hash = NULL, challenge = NULL, challenge_id = NULL,
           attempts = 0 WHERE token_hash = ? AND stage = 'MFA' AND used_at IS NULL`,
      )
      .run(tokenHash).changes === 1
  );
}

/** The state is done (SUCCESS) or spent; true when this call spent it (a concurrent one did not). */
export function spendLoginState(db: Database, tokenHash: string, nowMs: number): boolean {
  return (
    db
      .prepare<[number, string]>(
        'UPDATE identity_login_states SET used_at = ? WHERE token_hash = ? AND used_at IS NULL',
      )
      .run(nowMs, tokenHash).changes === 1
  );
}

// ------------------------------------------------------------------------------------------ trusted devices

export function issueDeviceToken(db: Database, memberId: string, nowMs: number): string {
  const token = newOpaqueToken();
  db.prepare<[string, string, number, number]>(
    'INSERT INTO identity_trusted_devices (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ).run(sha256Hex(token), memberId, nowMs, nowMs + TRUSTED_DEVICE_TTL_MS);
  return token;
}

export function isTrustedDevice(db: Database, memberId: string, token: string, nowMs: number): boolean {
  const row = db
    .prepare<[string], { member_id: string; expires_at: number }>(
      'SELECT member_id, expires_at FROM identity_trusted_devices WHERE token_hash = ?',
    )
    .get(sha256Hex(token));
  return !!row && row.member_id === memberId && row.expires_at > nowMs;
}

/** Forget every remembered device of a member (a password reset). */
export function forgetDevices(db: Database, memberId: string): void {
  db.prepare<[string]>('DELETE FROM identity_trusted_devices WHERE member_id = ?').run(memberId);
}

// ------------------------------------------------------------------------------------------ required fields

export const FIELD_TYPES = ['TEXT', 'NUMBER', 'DATE', 'CHOICE'] as const;
export interface RequiredField {
  /** The extended field key without `custom.`. */
  name: string;
  label: string;
  type: (typeof FIELD_TYPES)[number];
  /** CHOICE only. */
  options?: string[];
}
/** Site setting: the sign-up form's required custom fields. */
export const REQUIRED_FIELDS_SETTING = 'signupRequiredFields';

export function requiredFields(db: Database): RequiredField[] {
  const v = getSetting<RequiredField[]>(db, REQUIRED_FIELDS_SETTING);
  return Array.isArray(v) ? v : [];
}
export const setRequiredFields = (db: Database, fields: RequiredField[]) =>
  setSetting(db, REQUIRED_FIELDS_SETTING, fields);

/** A stored custom value: `{strValue}`, `{numValue}` or `{dateValue}`. */
export type FieldValue = { strValue: string } | { numValue: number } | { dateValue: string };

export function memberCustomFields(db: Database, memberId: string): Record<string, FieldValue> {
  const rows = db
    .prepare<[string], { name: string; value: string }>(
      'SELECT name, value FROM member_custom_fields WHERE member_id = ?',
    )
    .all(memberId);
  return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as FieldValue]));
}

/** The required fields a member has no value for. */
export function missingFields(db: Database, memberId: string): RequiredField[] {
  const have = memberCustomFields(db, memberId);
  return requiredFields(db).filter((f) => !(f.name in have));
}

export function saveCustomFields(db: Database, memberId: string, values: Record<string, FieldValue>): void {
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO member_custom_fields (member_id, name, value) VALUES (?, ?, ?)
     ON CONFLICT(member_id, name) DO UPDATE SET value = excluded.value`,
  );
  db.transaction(() => {
    for (const [name, value] of Object.entries(values)) upsert.run(memberId, name, JSON.stringify(value));
  })();
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A sent value checked against its field: the value to store, or what is wrong with it (TEXT: 1 to 1000 characters
 * after trimming; NUMBER: finite; DATE: ISO date or date-time; CHOICE: one of the options).
 */
export function checkFieldValue(field: RequiredField, value: unknown): FieldValue | string {
  const v = (value ?? {}) as Record<string, unknown>;
  switch (field.type) {
    case 'TEXT': {
      const s = typeof v['strValue'] === 'string' ? v['strValue'].trim() : '';
      if (!s) return 'must be a text (strValue)';
      return s.length > 1000 ? 'must be at most 1000 characters' : { strValue: s };
    }
    case 'NUMBER': {
      const n = v['numValue'];
      return typeof n === 'number' && Number.isFinite(n) ? { numValue: n } : 'must be a number (numValue)';
    }
    case 'DATE': {
      const d = v['dateValue'];
      if (typeof d !== 'string' || !ISO_DATE.test(d) || Number.isNaN(Date.parse(d)))
        return 'must be a date (dateValue, YYYY-MM-DD)';
      // a calendar date that exists (2026-02-30 parses as March 2)
      const day = d.slice(0, 10);
      return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day
        ? { dateValue: d }
        : 'must be a date that exists';
    }
    case 'CHOICE': {
      const s = v['strValue'];
      return typeof s === 'string' && (field.options ?? []).includes(s)
        ? { strValue: s }
        : `must be one of: ${(field.options ?? []).join(', ')}`;
    }
  }
}

/** `additionalData.missingFields` of REQUIRE_MISSING_FIELDS (a CustomValue list of maps). */
export function wireMissingFields(fields: RequiredField[]) {
  return {
    missingFields: {
      listValue: {
        value: fields.map((f) => ({
          mapValue: {
            value: {
              name: { strValue: f.name },
              label: { strValue: f.label },
              type: { strValue: f.type },
              ...(f.type === 'CHOICE'
                ? { options: { listValue: { value: (f.options ?? []).map((o) => ({ strValue: o })) } } }
                : {}),
            },
          },
        })),
      },
    },
  };
}

/** Masked for a hint: `m•••@fernwood.example`, `••••0100`. */
export const maskEmail = (email: string) => {
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 1)}•••@${domain}`;
};
export const maskPhone = (phone: string) => `••••${phone.replace(/\D/g, '').slice(-4)}`;
