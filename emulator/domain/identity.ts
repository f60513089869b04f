/**
 * Identity data (issue 3): members as the wire shows them, login sessions, verification codes, recovery tokens,
 * failed-login throttling and the dev captcha. Routes live in routes/identity.ts, routes/members.ts and
 * routes/redirects.ts.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Database } from 'better-sqlite3';
import { newOpaqueToken, revokeOtherMemberTokens, verifyPassword } from './auth.ts';
import { sha256Hex } from '../db.ts';
import { addressBucket } from '../../core/address.ts';
import { getSetting } from './settings.ts';
import { memberCustomFieldValues } from './custom-fields.ts';
import { PlatformError } from '../errors.ts';

/** Site sign-up policy (site setting `signup_policy`). */
export type SignupPolicy = 'immediate' | 'email_verification' | 'owner_approval';
export const SIGNUP_POLICIES = ['immediate', 'email_verification', 'owner_approval'] as const;
/** The demo's default. */
export const DEFAULT_SIGNUP_POLICY: SignupPolicy = 'email_verification';

export function signupPolicy(db: Database): SignupPolicy {
  const v = getSetting<string>(db, 'signup_policy');
  return (SIGNUP_POLICIES as readonly string[]).includes(v ?? '') ? (v as SignupPolicy) : DEFAULT_SIGNUP_POLICY;
}

/** Platform application codes (docs/spec/wire-protocol.md §3), sent as strings. */
export const IAM = {
  invalidPassword: '-19976',
  emailAlreadyExists: '-19995',
  missingCaptchaToken: '-19971',
  invalidCaptchaToken: '-19970',
  resetPassword: '-19973',
  /** Unknown email (third-party code; the SDK maps any other login failure to invalidEmail). */
  notFound: '-19999',
} as const;

/** Lifetimes. */
export const SESSION_TOKEN_TTL_MS = 10 * 60 * 1000;
export const STATE_TOKEN_TTL_MS = 30 * 60 * 1000;
export const RECOVERY_TOKEN_TTL_MS = 60 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 30 * 1000;
/**
 * Failed logins within WINDOW, counted per (caller address, email) pair and per caller address, never per email
 * alone (that would let anyone lock a member out): a captcha after CAPTCHA_AFTER_FAILURES for one pair, 429 after
 * LOCK_AFTER_FAILURES. An address (many people may share one) gets IP_FACTOR times more.
 */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
export const IP_FACTOR = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The dev captcha's accepted token (`captchaTokens: [{Recaptcha: 'dev-captcha-ok'}]`). */
export const DEV_CAPTCHA_TOKEN = 'dev-captcha-ok';

export interface MemberRow {
  id: string;
  contact_id: string;
  email: string;
  email_verified: number;
  password_hash: string | null;
  role: string;
  status: 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';
  privacy_status: 'PRIVATE' | 'PUBLIC';
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  slug: string | null;
  created_date: string;
  updated_date: string;
  last_login_date: string | null;
  /** Mute / Unmute Member (migration 018). */
  activity_status: 'ACTIVE' | 'MUTED';
  /** JSON array of phone strings (migration 010). */
  phones: string;
  /** JSON array of emails, or NULL: the login email alone. */
  contact_emails: string | null;
}

export function memberByEmail(db: Database, email: string): MemberRow | undefined {
  return db.prepare<[string], MemberRow>('SELECT * FROM members WHERE email = ?').get(email);
}

/** Every member of the site, oldest first (Query Members filters and pages them). */
export function allMembers(db: Database): MemberRow[] {
  return db.prepare<[], MemberRow>('SELECT * FROM members ORDER BY created_date, id').all();
}

export function memberById(db: Database, id: string): MemberRow | undefined {
  return db.prepare<[string], MemberRow>('SELECT * FROM members WHERE id = ?').get(id);
}

/** Sign-up: a new MEMBER with a fresh contact id and an unverified email; returns its id. */
export function createMember(
  db: Database,
  m: {
    email: string;
    passwordHash: string;
    status: 'APPROVED' | 'PENDING';
    nickname: string;
    firstName: string | null;
    lastName: string | null;
  },
  nowMs: number,
): string {
  const id = randomUUID();
  const nowIso = new Date(nowMs).toISOString();
  db.prepare<[string, string, string, string, string, string, string | null, string | null, string, string]>(
    `INSERT INTO members (id, contact_id, email, email_verified, password_hash, role, status, nickname, first_name, last_name, created_date, updated_date)
     VALUES (?, ?, ?, 0, ?, 'MEMBER', ?, ?, ?, ?, ?, ?)`,
  ).run(id, randomUUID(), m.email, m.passwordHash, m.status, m.nickname, m.firstName, m.lastName, nowIso, nowIso);
  return id;
}

export function recordLogin(db: Database, memberId: string, nowMs: number): void {
  db.prepare<[string, string]>('UPDATE members SET last_login_date = ? WHERE id = ?').run(
    new Date(nowMs).toISOString(),
    memberId,
  );
}

/** The member statuses an owner sets (Approve, Block, Disconnect Member); `updated_date` moves. */
export function setMemberStatus(
  db: Database,
  ids: readonly string[],
  status: 'APPROVED' | 'BLOCKED' | 'OFFLINE',
  nowMs: number,
): void {
  const stmt = db.prepare<[string, string, string]>('UPDATE members SET status = ?, updated_date = ? WHERE id = ?');
  const nowIso = new Date(nowMs).toISOString();
  db.transaction(() => {
    for (const id of ids) stmt.run(status, nowIso, id);
  })();
}

/** Mute or unmute a member (its `activityStatus`). */
export function setMemberActivity(db: Database, id: string, activity: 'ACTIVE' | 'MUTED', nowMs: number): void {
  db.prepare<[string, string, string]>('UPDATE members SET activity_status = ?, updated_date = ? WHERE id = ?').run(
    activity,
    new Date(nowMs).toISOString(),
    id,
  );
}

/** A new slug; false (nothing changed) when another member has it. */
export function setMemberSlug(db: Database, id: string, slug: string, nowMs: number): boolean {
  const taken = db
    .prepare<[string, string], { id: string }>('SELECT id FROM members WHERE slug = ? AND id <> ?')
    .get(slug, id);
  if (taken) return false;
  db.prepare<[string, string, string]>('UPDATE members SET slug = ?, updated_date = ? WHERE id = ?').run(
    slug,
    new Date(nowMs).toISOString(),
    id,
  );
  return true;
}

/** The site owner's member record (the first OWNER), if the site has one. */
export function siteOwner(db: Database): MemberRow | undefined {
  return db
    .prepare<[], MemberRow>("SELECT * FROM members WHERE role = 'OWNER' ORDER BY created_date, id LIMIT 1")
    .get();
}

/**
 * Create Member (the owner's): an APPROVED member with no password yet (signing in asks for a reset first, as
 * the platform's "Send Set Password Email" flow does); returns its id.
 */
export function createMemberByOwner(
  db: Database,
  m: {
    email: string;
    nickname: string;
    firstName: string | null;
    lastName: string | null;
    slug: string | null;
    privacy: 'PUBLIC' | 'PRIVATE';
  },
  nowMs: number,
): string {
  const id = randomUUID();
  const nowIso = new Date(nowMs).toISOString();
  db.prepare<[string, string, string, string, string | null, string | null, string | null, string, string, string]>(
    `INSERT INTO members (id, contact_id, email, email_verified, password_hash, role, status, nickname, first_name, last_name, slug, privacy_status, created_date, updated_date)
     VALUES (?, ?, ?, 0, NULL, 'MEMBER', 'APPROVED', ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, randomUUID(), m.email, m.nickname, m.firstName, m.lastName, m.slug, m.privacy, nowIso, nowIso);
  return id;
}

/** A new password (change-password; the caller ends the other sessions). */
export function setPasswordHash(db: Database, memberId: string, hash: string, nowMs: number): void {
  db.prepare<[string, string, string]>('UPDATE members SET password_hash = ?, updated_date = ? WHERE id = ?').run(
    hash,
    new Date(nowMs).toISOString(),
    memberId,
  );
}

/**
 * A password reset by mail: the new password, the email counts as verified (the mail reached it), and a PENDING
 * member is approved when `approve` (no owner approval needed).
 */
export function resetPassword(db: Database, memberId: string, hash: string, approve: boolean, nowMs: number): void {
  db.prepare<[string, string, number, string]>(
    "UPDATE members SET password_hash = ?, email_verified = 1, updated_date = ?, status = CASE WHEN status = 'PENDING' AND ? = 1 THEN 'APPROVED' ELSE status END WHERE id = ?",
  ).run(hash, new Date(nowMs).toISOString(), approve ? 1 : 0, memberId);
}

/**
 * End every session of a member but the one whose refresh token hash is `keepRefreshHash`: other tokens, unused
 * session tokens, authorization codes and recovery links.
 */
export function endSessionsExcept(db: Database, memberId: string, keepRefreshHash: string | null, nowMs: number): void {
  db.transaction(() => {
    revokeOtherMemberTokens(db, memberId, keepRefreshHash);
    db.prepare<[number, string]>(
      'UPDATE identity_sessions SET used_at = ? WHERE member_id = ? AND used_at IS NULL',
    ).run(nowMs, memberId);
    db.prepare<[number, string]>('UPDATE oauth_codes SET used_at = ? WHERE member_id = ? AND used_at IS NULL').run(
      nowMs,
      memberId,
    );
    db.prepare<[number, string]>(
      'UPDATE identity_recovery_tokens SET used_at = ? WHERE member_id = ? AND used_at IS NULL',
    ).run(nowMs, memberId);
  })();
}

/** Change the given profile fields (undefined: left alone); `updated_date` moves when any is given. */
export function updateMemberProfile(
  db: Database,
  id: string,
  fields: { nickname?: string | undefined; firstName?: string | undefined; lastName?: string | undefined },
  nowMs: number,
): void {
  const nowIso = new Date(nowMs).toISOString();
  if (fields.nickname !== undefined)
    db.prepare<[string, string, string]>('UPDATE members SET nickname = ?, updated_date = ? WHERE id = ?').run(
      fields.nickname,
      nowIso,
      id,
    );
  if (fields.firstName !== undefined)
    db.prepare<[string, string, string]>('UPDATE members SET first_name = ?, updated_date = ? WHERE id = ?').run(
      fields.firstName,
      nowIso,
      id,
    );
  if (fields.lastName !== undefined)
    db.prepare<[string, string, string]>('UPDATE members SET last_name = ?, updated_date = ? WHERE id = ?').run(
      fields.lastName,
      nowIso,
      id,
    );
}

/** Public (joined the community) or private profile. */
export function setMemberPrivacy(db: Database, id: string, privacy: 'PUBLIC' | 'PRIVATE', nowMs: number): void {
  db.prepare<[string, string, string]>('UPDATE members SET privacy_status = ?, updated_date = ? WHERE id = ?').run(
    privacy,
    new Date(nowMs).toISOString(),
    id,
  );
}

/** A member's street address as the wire shows it (`contact.addresses[]`, SDK `Address`). */
export interface WireAddress {
  id: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: { number?: string; name?: string };
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}
/** An address to store: `id` absent for a new one (it gets a GUID). */
export type AddressInput = Omit<WireAddress, 'id'> & { id?: string | undefined };

interface AddressRow {
  id: string;
  address_line: string | null;
  address_line2: string | null;
  street_number: string | null;
  street_name: string | null;
  city: string | null;
  subdivision: string | null;
  country: string | null;
  postal_code: string | null;
}

/** A member's addresses, in the order last sent. */
export function memberAddresses(db: Database, memberId: string): WireAddress[] {
  return db
    .prepare<[string], AddressRow>('SELECT * FROM member_addresses WHERE member_id = ? ORDER BY position')
    .all(memberId)
    .map((r) => {
      const street =
        r.street_number !== null || r.street_name !== null
          ? {
              streetAddress: {
                ...(r.street_number !== null ? { number: r.street_number } : {}),
                ...(r.street_name !== null ? { name: r.street_name } : {}),
              },
            }
          : {};
      return {
        id: r.id,
        ...street,
        ...(r.address_line !== null ? { addressLine: r.address_line } : {}),
        ...(r.address_line2 !== null ? { addressLine2: r.address_line2 } : {}),
        ...(r.city !== null ? { city: r.city } : {}),
        ...(r.subdivision !== null ? { subdivision: r.subdivision } : {}),
        ...(r.country !== null ? { country: r.country } : {}),
        ...(r.postal_code !== null ? { postalCode: r.postal_code } : {}),
      };
    });
}

/**
 * Replace a member's contact sets (undefined: left alone). Addresses sent with an `id` keep it (the caller has
 * checked that the member has it); the others get a new GUID; addresses not sent are gone.
 */
export function replaceMemberContactSets(
  db: Database,
  memberId: string,
  sets: { phones?: string[] | undefined; addresses?: AddressInput[] | undefined },
  nowMs: number,
): void {
  const nowIso = new Date(nowMs).toISOString();
  db.transaction(() => {
    if (sets.phones !== undefined)
      db.prepare<[string, string, string]>('UPDATE members SET phones = ?, updated_date = ? WHERE id = ?').run(
        JSON.stringify(sets.phones),
        nowIso,
        memberId,
      );
    if (sets.addresses !== undefined) {
      db.prepare<[string]>('DELETE FROM member_addresses WHERE member_id = ?').run(memberId);
      const insert = db.prepare(
        `INSERT INTO member_addresses (id, member_id, position, address_line, address_line2, street_number, street_name,
           city, subdivision, country, postal_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      sets.addresses.forEach((a, i) =>
        insert.run(
          a.id ?? randomUUID(),
          memberId,
          i,
          a.addressLine ?? null,
          a.addressLine2 ?? null,
          a.streetAddress?.number ?? null,
          a.streetAddress?.name ?? null,
          a.city ?? null,
          a.subdivision ?? null,
          a.country ?? null,
          a.postalCode ?? null,
        ),
      );
      db.prepare<[string, string]>('UPDATE members SET updated_date = ? WHERE id = ?').run(nowIso, memberId);
    }
  })();
}

/** Empty one of a member's contact sets (Delete Member Phones / Emails / Addresses). */
export function clearMemberContactSet(
  db: Database,
  memberId: string,
  set: 'phones' | 'emails' | 'addresses',
  nowMs: number,
): void {
  const nowIso = new Date(nowMs).toISOString();
  db.transaction(() => {
    if (set === 'addresses') db.prepare<[string]>('DELETE FROM member_addresses WHERE member_id = ?').run(memberId);
    else
      db.prepare<[string]>(
        `UPDATE members SET ${set === 'phones' ? 'phones' : 'contact_emails'} = '[]' WHERE id = ?`,
      ).run(memberId);
    db.prepare<[string, string]>('UPDATE members SET updated_date = ? WHERE id = ?').run(nowIso, memberId);
  })();
}

/**
 * Site setting: the member ids a leaving member may name as `contentAssigneeId` (Delete My Member). The platform
 * documents no rule (docs/wire.md "Members: contact details and account deletion"): the site chooses, and any other
 * id is refused. Seeded empty, as the demo's `<inlay-account>` names no assignee.
 */
export const CONTENT_ASSIGNEES = 'memberContentAssignees';

/** The allowed content assignees, lower-cased (a missing or malformed setting allows none). */
export function allowedContentAssignees(db: Database): Set<string> {
  const v = getSetting<unknown>(db, CONTENT_ASSIGNEES);
  return new Set(
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase()) : [],
  );
}

/**
 * Delete a member record (revoke its tokens first) and its content: with an assignee, the member's reviews become
 * the assignee's (a review of an item the assignee reviewed too is deleted: one review per author per item);
 * without one they are deleted. A moved review that was APPROVED goes back to IN_MODERATION (not manually changed),
 * so the owner decides before it shows under another name, and loses `verified` (the purchase was the leaving
 * member's); a rejected or waiting one keeps its status. Addresses go with the record (cascade). Orders are not
 * touched (their buyerInfo keeps the ids).
 */
export function deleteMember(db: Database, id: string, nowMs: number, assignee?: MemberRow): void {
  db.transaction(() => {
    const m = memberById(db, id);
    if (!m) return;
    if (assignee) {
      db.prepare<[string, string]>(
        `DELETE FROM reviews WHERE contact_id = ? AND EXISTS (SELECT 1 FROM reviews AS theirs
           WHERE theirs.contact_id = ? AND theirs.namespace = reviews.namespace AND theirs.entity_id = reviews.entity_id)`,
      ).run(m.contact_id, assignee.contact_id);
      db.prepare<[string, string | null, string, string, string]>(
        `UPDATE reviews SET contact_id = ?, author_name = ?, author_type = 'MEMBER', created_by = ?, verified = 0,
           moderation_status = CASE moderation_status WHEN 'APPROVED' THEN 'IN_MODERATION' ELSE moderation_status END,
           manually_changed = CASE moderation_status WHEN 'APPROVED' THEN 0 ELSE manually_changed END,
           revision = revision + 1, updated_date = ? WHERE contact_id = ?`,
      ).run(
        assignee.contact_id,
        assignee.nickname ?? assignee.email.split('@')[0] ?? null,
        assignee.id,
        new Date(nowMs).toISOString(),
        m.contact_id,
      );
    } else db.prepare<[string]>('DELETE FROM reviews WHERE contact_id = ?').run(m.contact_id);
    db.prepare<[string]>('DELETE FROM members WHERE id = ?').run(id);
  })();
}

/**
 * The wire `member` (docs/spec/wire-protocol.md §5); PUBLIC leaves out the login email and reports statuses as
 * UNKNOWN.
 */
export function toWireMember(db: Database, m: MemberRow, fieldset: 'PUBLIC' | 'EXTENDED' | 'FULL' = 'FULL') {
  const pub = fieldset === 'PUBLIC';
  return {
    id: m.id,
    ...(pub ? {} : { loginEmail: m.email, loginEmailVerified: m.email_verified === 1 }),
    status: pub ? 'UNKNOWN' : m.status,
    contactId: m.contact_id,
    ...(fieldset === 'FULL'
      ? {
          contact: {
            ...(m.first_name ? { firstName: m.first_name } : {}),
            ...(m.last_name ? { lastName: m.last_name } : {}),
            phones: JSON.parse(m.phones) as string[],
            emails: m.contact_emails === null ? [m.email] : (JSON.parse(m.contact_emails) as string[]),
            addresses: memberAddresses(db, m.id),
            customFields: memberCustomFieldValues(db, m.id),
          },
        }
      : {}),
    profile: { nickname: m.nickname ?? m.email.split('@')[0], ...(m.slug ? { slug: m.slug } : {}) },
    privacyStatus: pub ? 'UNKNOWN' : m.privacy_status,
    activityStatus: pub ? 'UNKNOWN' : m.activity_status,
    createdDate: m.created_date,
    updatedDate: m.updated_date,
    ...(m.last_login_date ? { lastLoginDate: m.last_login_date } : {}),
  };
}

/** `StateMachineResponse.identity`. */
export function toWireIdentity(m: MemberRow) {
  return {
    id: m.id,
    revision: '1',
    createdDate: m.created_date,
    updatedDate: m.updated_date,
    email: { address: m.email, isVerified: m.email_verified === 1 },
    status: { name: m.status === 'APPROVED' ? 'ACTIVE' : m.status === 'PENDING' ? 'APPLICANT' : m.status, reasons: [] },
    identityProfile: {
      ...(m.nickname ? { nickname: m.nickname } : {}),
      ...(m.first_name ? { firstName: m.first_name } : {}),
    },
    factors: [{ type: 'PASSWORD' }],
  };
}

// ------------------------------------------------------------------------------------------ session tokens

/** A single-use login session (the `sessionToken` of SUCCESS), turned into member tokens by a redirect session. */
export function issueSessionToken(db: Database, memberId: string, nowMs: number): string {
  const token = newOpaqueToken();
  db.prepare<[string, string, number, number]>(
    'INSERT INTO identity_sessions (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ).run(sha256Hex(token), memberId, nowMs, nowMs + SESSION_TOKEN_TTL_MS);
  return token;
}

/** Consume a session token: the member id, or undefined when unknown, expired or used. */
export function consumeSessionToken(db: Database, token: string, nowMs: number): string | undefined {
  const hash = sha256Hex(token);
  const row = db
    .prepare<[string], { member_id: string; expires_at: number; used_at: number | null }>(
      'SELECT member_id, expires_at, used_at FROM identity_sessions WHERE token_hash = ?',
    )
    .get(hash);
  if (!row || row.used_at !== null || row.expires_at <= nowMs) return undefined;
  db.prepare<[number, string]>('UPDATE identity_sessions SET used_at = ? WHERE token_hash = ?').run(nowMs, hash);
  return row.member_id;
}

// ------------------------------------------------------------------------------------------ verification codes

/** A 6-digit code. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A new verification state token for a member; returns it and the code to mail. */
export function issueStateToken(db: Database, memberId: string, nowMs: number): { stateToken: string; code: string } {
  const stateToken = newOpaqueToken();
  const code = newCode();
  db.prepare<[string, string, string, number, number]>(
    'INSERT INTO identity_state_tokens (token_hash, member_id, code_hash, sent_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  ).run(sha256Hex(stateToken), memberId, sha256Hex(code), nowMs, nowMs + STATE_TOKEN_TTL_MS);
  return { stateToken, code };
}

export interface StateTokenRow {
  token_hash: string;
  member_id: string;
  code_hash: string;
  attempts: number;
  sent_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A live state token, or undefined when unknown, expired, used or out of attempts. */
export function liveStateToken(db: Database, stateToken: string, nowMs: number): StateTokenRow | undefined {
  const row = db
    .prepare<[string], StateTokenRow>('SELECT * FROM identity_state_tokens WHERE token_hash = ?')
    .get(sha256Hex(stateToken));
  if (!row || row.used_at !== null || row.expires_at <= nowMs || row.attempts >= CODE_MAX_ATTEMPTS) return undefined;
  return row;
}

// ------------------------------------------------------------------------------------------ recovery

/** A wrong code counts against the state token's attempts. */
export function countWrongCode(db: Database, tokenHash: string): void {
  db.prepare<[string]>('UPDATE identity_state_tokens SET attempts = attempts + 1 WHERE token_hash = ?').run(tokenHash);
}

/** The right code: the state token is used and the member's email verified (a PENDING member becomes `status`). */
export function verifyEmail(db: Database, token: StateTokenRow, status: 'PENDING' | 'APPROVED', nowMs: number): void {
  db.prepare<[number, string]>('UPDATE identity_state_tokens SET used_at = ? WHERE token_hash = ?').run(
    nowMs,
    token.token_hash,
  );
  db.prepare<[string, string, string]>(
    "UPDATE members SET email_verified = 1, status = CASE WHEN status = 'PENDING' THEN ? ELSE status END, updated_date = ? WHERE id = ?",
  ).run(status, new Date(nowMs).toISOString(), token.member_id);
}

/** A new code for a state token (resend): attempts start again. */
export function renewStateCode(db: Database, tokenHash: string, code: string, nowMs: number): void {
  db.prepare<[string, number, string]>(
    'UPDATE identity_state_tokens SET code_hash = ?, sent_at = ?, attempts = 0 WHERE token_hash = ?',
  ).run(sha256Hex(code), nowMs, tokenHash);
}

export function issueRecoveryToken(db: Database, memberId: string, nowMs: number): string {
  const token = newOpaqueToken();
  db.prepare<[string, string, number, number]>(
    'INSERT INTO identity_recovery_tokens (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ).run(sha256Hex(token), memberId, nowMs, nowMs + RECOVERY_TOKEN_TTL_MS);
  return token;
}

/** Consume a recovery token: the member id, or undefined. */
export function consumeRecoveryToken(db: Database, token: string, nowMs: number): string | undefined {
  const hash = sha256Hex(token);
  const row = db
    .prepare<[string], { member_id: string; expires_at: number; used_at: number | null }>(
      'SELECT member_id, expires_at, used_at FROM identity_recovery_tokens WHERE token_hash = ?',
    )
    .get(hash);
  if (!row || row.used_at !== null || row.expires_at <= nowMs) return undefined;
  db.prepare<[number, string]>('UPDATE identity_recovery_tokens SET used_at = ? WHERE token_hash = ?').run(nowMs, hash);
  return row.member_id;
}

// ------------------------------------------------------------------------------------------ throttling + captcha

/**
 * The caller's address as throttling sees it: the socket's peer (no proxy header is trusted), IPv4-mapped IPv6
 * unwrapped, and IPv6 cut to its /64 (one host usually holds a whole /64).
 */
export function clientAddress(req: IncomingMessage): string {
  return addressBucket(req.socket.remoteAddress ?? 'unknown');
}

function failures(db: Database, key: string, nowMs: number): number {
  const row = db
    .prepare<[string], { failures: number; window_start: number }>(
      'SELECT failures, window_start FROM identity_login_failures WHERE key = ?',
    )
    .get(key);
  return row && row.window_start + FAILURE_WINDOW_MS > nowMs ? row.failures : 0;
}

/** The key of one (address, email) pair; JSON so that no email can end where another key begins. */
const pairKey = (email: string, ip: string) => `pair:${JSON.stringify([email.toLowerCase(), ip])}`;

/** Throttle keys for a login: the (email, address) pair first, then the caller's address alone. */
export const throttleKeys = (email: string, ip: string) => [pairKey(email, ip), `ip:${ip}`];

/**
 * Throttle keys for a second factor (issue 42): the (email, address) pair's wrong factor answers first, then the
 * caller's address (shared with passwords). Kept apart from the password's pair so that the right password (which
 * clears its own pair) does not clear them: a login checks them too (captcha, lockout).
 */
export const factorThrottleKeys = (email: string, ip: string) => [
  `factor:${JSON.stringify([email.toLowerCase(), ip])}`,
  `ip:${ip}`,
];

export function recordFailure(db: Database, keys: string[], nowMs: number): void {
  const upsert = db.prepare<[string, number, number]>(
    `INSERT INTO identity_login_failures (key, failures, window_start) VALUES (?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET failures = excluded.failures, window_start = excluded.window_start`,
  );
  for (const k of keys) {
    const row = db
      .prepare<[string], { failures: number; window_start: number }>(
        'SELECT failures, window_start FROM identity_login_failures WHERE key = ?',
      )
      .get(k);
    const live = row && row.window_start + FAILURE_WINDOW_MS > nowMs;
    upsert.run(k, live ? row.failures + 1 : 1, live ? row.window_start : nowMs);
  }
}

/** Take back one failure of `key` (an attempt counted in advance that turned out right). */
export function forgiveFailure(db: Database, key: string, nowMs: number): void {
  db.prepare<[string, number]>(
    'UPDATE identity_login_failures SET failures = max(failures - 1, 0) WHERE key = ? AND window_start > ?',
  ).run(key, nowMs - FAILURE_WINDOW_MS);
}

export function clearFailures(db: Database, key: string): void {
  db.prepare<[string]>('DELETE FROM identity_login_failures WHERE key = ?').run(key);
}

/** Forget every pair's failures for an email (its password was reset: the member proved who they are). */
export function clearEmailFailures(db: Database, email: string): void {
  const prefix = `pair:${JSON.stringify([email.toLowerCase()]).slice(0, -1)},`;
  db.prepare<[string, string]>('DELETE FROM identity_login_failures WHERE substr(key, 1, length(?)) = ?').run(
    prefix,
    prefix,
  );
}

/**
 * Before checking a password: 429 (with Retry-After) when locked out; after CAPTCHA_AFTER_FAILURES failures a
 * captcha token is needed (-19971 without one, -19970 with a wrong one).
 */
export function checkThrottle(
  db: Database,
  keys: string[],
  captchaTokens: { Recaptcha?: string; InvisibleRecaptcha?: string }[] | undefined,
  nowMs: number,
): void {
  const worst = checkLockout(db, keys, nowMs);
  if (worst < CAPTCHA_AFTER_FAILURES) return;
  const tokens = (captchaTokens ?? [])
    .flatMap((t) => [t.Recaptcha, t.InvisibleRecaptcha])
    .filter((t): t is string => !!t);
  if (!tokens.length) throw iamError(400, IAM.missingCaptchaToken, 'Missing captcha token');
  if (!tokens.includes(DEV_CAPTCHA_TOKEN)) throw iamError(400, IAM.invalidCaptchaToken, 'Invalid captcha token');
}

/**
 * The lockout part of {@link checkThrottle} (also before a second factor is checked: the password's rules apply to
 * every factor): 429 (with Retry-After) when locked out; else the worst failure count, scaled to one pair's.
 */
export function checkLockout(db: Database, keys: string[], nowMs: number): number {
  // failures scaled to one pair's: an address's count is divided by IP_FACTOR
  const scaled = (k: string) => failures(db, k, nowMs) / (k.startsWith('ip:') ? IP_FACTOR : 1);
  const worst = Math.max(...keys.map(scaled));
  if (worst >= LOCK_AFTER_FAILURES) {
    const starts = keys
      .filter((k) => scaled(k) >= LOCK_AFTER_FAILURES)
      .map(
        (k) =>
          db
            .prepare<[string], { window_start: number }>(
              'SELECT window_start FROM identity_login_failures WHERE key = ?',
            )
            .get(k)?.window_start ?? nowMs,
      );
    throw rateLimited(
      'Too many failed sign-in attempts. Try again later.',
      Math.max(...starts) + FAILURE_WINDOW_MS - nowMs,
    );
  }
  return worst;
}

// ------------------------------------------------------------------------------------------ rate limits

/** At most `max` calls per `windowMs` (a fixed window opened by the first call). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Rate limits on calls anyone can make without an account (`EmulatorOptions.throttle` overrides them). */
export interface ThrottleLimits {
  /** `POST /oauth2/token` with grant `anonymous` (a new visitor), per caller address. */
  anonymousTokensPerAddress: RateLimit;
  /** `…/v2/register`, per caller address. */
  signupsPerAddress: RateLimit;
  /** `…/recovery/v1/send-email`, per caller address (every request). */
  resetMailsPerAddress: RateLimit;
  /**
   * `…/recovery/v1/send-email`, per email asked for, from requesters not known for it (see {@link KnownRequesters}):
   * the unwanted mails one inbox can get, whatever the number of addresses sending (counted whether or not the email
   * has an account: no probing). Requests from a known requester do not count here.
   */
  resetMailsPerEmail: RateLimit;
  /** `…/recovery/v1/send-email`, per (address, email) of a requester not known for that email. */
  resetMailsPerAddressAndEmail: RateLimit;
  /** `…/recovery/v1/send-email`, per (email, known requester): the member's own asking. */
  resetMailsPerKnownRequester: RateLimit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * Far above what one person does (one visitor token per browser, one sign-up, a reset mail or two), and above what
 * the test suites do from 127.0.0.1 (an e2e file opens a few dozen browser contexts against its own emulator).
 */
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  anonymousTokensPerAddress: { max: 120, windowMs: MINUTE },
  signupsPerAddress: { max: 20, windowMs: HOUR },
  resetMailsPerAddress: { max: 20, windowMs: HOUR },
  resetMailsPerEmail: { max: 3, windowMs: HOUR },
  resetMailsPerAddressAndEmail: { max: 2, windowMs: HOUR },
  resetMailsPerKnownRequester: { max: 5, windowMs: HOUR },
};

/** The limits for an emulator: the defaults with any overrides. */
export function throttleLimits(overrides: Partial<ThrottleLimits> = {}): ThrottleLimits {
  return { ...DEFAULT_THROTTLE_LIMITS, ...overrides };
}

interface Bucket {
  count: number;
  until: number;
}
/** One emulator's rate-limit counters (in memory: a restart forgets them); `app.rateLimiter`. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /**
   * Count one call against every `[key, limit]` (all or none): 429 RESOURCE_EXHAUSTED with `Retry-After` (seconds)
   * when any of them is used up. Refused calls are not counted.
   */
  take(checks: [key: string, limit: RateLimit][], nowMs: number): void {
    const map = this.buckets;
    if (map.size > 10_000) for (const [k, b] of map) if (b.until <= nowMs) map.delete(k);
    let wait = 0;
    for (const [key, limit] of checks) {
      const b = map.get(key);
      if (b && b.until > nowMs && b.count >= limit.max) wait = Math.max(wait, b.until - nowMs);
    }
    if (wait > 0) throw rateLimited('Too many requests. Try again later.', wait);
    for (const [key, limit] of checks) {
      const b = map.get(key);
      if (b && b.until > nowMs) b.count++;
      else map.set(key, { count: 1, until: nowMs + limit.windowMs });
    }
  }
}

/** How long a requester stays known for a member after its last successful sign-in. */
export const KNOWN_REQUESTER_TTL_MS = 90 * 24 * HOUR;
const KNOWN_PER_MEMBER = 20;
const KNOWN_MEMBERS = 50_000;

/**
 * Who has signed in successfully as a member (a password or a mailed code checked: `memberState` SUCCESS): the
 * client addresses (`ip:<address>`, as {@link clientAddress} reads them) and the visitors (`visitor:<id>`, the
 * token's subject; the hosted page's session visitor) it was done from. A reset mail asked for by one of them is the
 * member's own asking, not counted against the cap on unwanted mails. In memory per emulator, like the rate-limit
 * counters (a restart forgets both); at most {@link KNOWN_PER_MEMBER} requesters per member (the most recent) and
 * {@link KNOWN_MEMBERS} members; each known for {@link KNOWN_REQUESTER_TTL_MS} after its last sign-in.
 */
export class KnownRequesters {
  private readonly byMember = new Map<string, Map<string, number>>();

  remember(memberId: string, requesters: readonly string[], nowMs: number): void {
    const map = this.byMember;
    const known = map.get(memberId) ?? new Map<string, number>();
    map.delete(memberId); // re-inserted: the most recently signed-in members are kept longest
    for (const r of requesters) {
      known.delete(r);
      known.set(r, nowMs);
    }
    while (known.size > KNOWN_PER_MEMBER) known.delete(known.keys().next().value!);
    map.set(memberId, known);
    while (map.size > KNOWN_MEMBERS) map.delete(map.keys().next().value!);
  }

  /** The first of `requesters` known for the member, or undefined. */
  find(memberId: string, requesters: readonly string[], nowMs: number): string | undefined {
    const known = this.byMember.get(memberId);
    return requesters.find((r) => {
      const at = known?.get(r);
      return at !== undefined && at + KNOWN_REQUESTER_TTL_MS > nowMs;
    });
  }
}

/** 429 RESOURCE_EXHAUSTED in the platform format, with `Retry-After` in whole seconds (at least 1). */
export function rateLimited(message: string, waitMs: number): PlatformError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new PlatformError(
    429,
    message,
    { applicationError: { code: 'RESOURCE_EXHAUSTED', description: message } },
    { 'Retry-After': String(seconds) },
  );
}

/** An identity application error (`details.applicationError.code` is the platform's negative code as a string). */
export function iamError(status: number, code: string, message: string): PlatformError {
  return new PlatformError(status, message, { applicationError: { code, description: message } });
}

/** Check a member's password (constant time); false for members without one. */
export const passwordMatches = (m: MemberRow, password: string) => verifyPassword(password, m.password_hash);
