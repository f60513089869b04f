/**
 * What the hosted "Sign-in security" page (routes/hosted-security.ts) does with a member's second factors
 * (`member_factors`, migration 017): list them, remove one, add an authenticator app (a TOTP factor waiting for
 * activation, then on with a current code, RFC 6238). Prepared statements only; every statement names the member, so
 * a page never reads or changes another member's factor.
 */
import type { Database } from 'better-sqlite3';
import { Secret } from 'otpauth';
import { checkTotp, enrollFactor, memberFactors as mfaFactors, usableFactors, type FactorRow } from './mfa.ts';

export interface PageFactor {
  id: string;
  type: string;
  status: string;
  /** What tells two of a type apart (an SMS factor's phone, its last digits). */
  detail?: string;
}

type Row = { id: string; type: string; status: string; phone: string | null; totp_secret: string | null };

/** The member's factors in enrolment order. */
export function memberFactors(db: Database, memberId: string): PageFactor[] {
  return db
    .prepare<[string], Row>(
      'SELECT id, type, status, phone, totp_secret FROM member_factors WHERE member_id = ? ORDER BY position, created_at',
    )
    .all(memberId)
    .map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      ...(r.type === 'SMS' && r.phone ? { detail: `ending ${r.phone.replace(/\D/g, '').slice(-2)}` } : {}),
    }));
}

/** How many of the member's factors are on (on by the member or by the site's rule). */
export const factorsOn = (db: Database, memberId: string): number => usableFactors(mfaFactors(db, memberId)).length;

/** Remove the member's factor `id` (one the site's rule turned on stays). True when one was removed. */
export function removeMemberFactor(db: Database, memberId: string, id: string): boolean {
  return (
    db
      .prepare(`DELETE FROM member_factors WHERE id = ? AND member_id = ? AND status <> 'ENABLED_BY_RULE'`)
      .run(id, memberId).changes === 1
  );
}

/** The member's authenticator app waiting for its first code, if any. */
export function pendingTotp(db: Database, memberId: string): { id: string; secret: string } | undefined {
  const r = db
    .prepare<[string], { id: string; totp_secret: string }>(
      `SELECT id, totp_secret FROM member_factors WHERE member_id = ? AND type = 'TOTP' AND status = 'REQUIRE_ACTIVATION'
       AND totp_secret IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
    )
    .get(memberId);
  return r ? { id: r.id, secret: r.totp_secret } : undefined;
}

/** Start adding an authenticator app: a new secret (160 bits), its factor waiting for activation (one at a time). */
export function startTotp(db: Database, memberId: string, now: number): { id: string; secret: string } {
  const existing = pendingTotp(db, memberId);
  if (existing) return existing;
  const secret = new Secret({ size: 20 }).base32;
  const f = enrollFactor(db, memberId, { type: 'TOTP', secret, status: 'REQUIRE_ACTIVATION' }, now);
  return { id: f.id, secret };
}

/**
 * Turn the waiting authenticator app `id` on with a current code (the sign-in's own check, {@link checkTotp}: its time
 * step is kept as the last accepted one, so the same code cannot also sign in). False when the code is wrong.
 */
export function confirmTotp(db: Database, memberId: string, id: string, code: string, now: number): boolean {
  const pending = pendingTotp(db, memberId);
  if (!pending || pending.id !== id) return false;
  const factor = db
    .prepare<[string, string], FactorRow>('SELECT * FROM member_factors WHERE id = ? AND member_id = ?')
    .get(id, memberId);
  if (!factor || checkTotp(db, factor, code, now) !== 'ok') return false;
  return (
    db
      .prepare(
        `UPDATE member_factors SET status = 'ENABLED' WHERE id = ? AND member_id = ? AND status = 'REQUIRE_ACTIVATION'`,
      )
      .run(id, memberId).changes === 1
  );
}
