/**
 * Redirect sessions (docs/spec/wire-protocol.md §2): what a hosted page (login, logout, account, checkout) needs,
 * stored under a random id that the page's URL carries. Each lives {@link REDIRECT_SESSION_TTL_MS} unless its maker
 * says otherwise, and is single use once marked.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/** Redirect sessions live this long. */
export const REDIRECT_SESSION_TTL_MS = 10 * 60 * 1000;

/** The database and the clock of the request at hand. */
export interface DbClock {
  db: Database;
  now: () => number;
}

export interface StoredRedirectSession {
  id: string;
  kind: string;
  clientId: string | null;
  payload: Record<string, unknown>;
  visitorId: string | null;
  memberId: string | null;
  expiresAt: number;
  usedAt: number | null;
}

/** Store a redirect session for a hosted page; returns its id. */
export function createRedirectSession(
  ctx: DbClock,
  s: {
    kind: string;
    clientId?: string;
    payload: unknown;
    visitorId?: string | null;
    memberId?: string | null;
    ttlMs?: number;
  },
): string {
  const id = randomUUID();
  const now = ctx.now();
  ctx.db
    .prepare<[string, string, string | null, string, string | null, string | null, number, number]>(
      'INSERT INTO redirect_sessions (id, kind, client_id, payload, visitor_id, member_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      id,
      s.kind,
      s.clientId ?? null,
      JSON.stringify(s.payload),
      s.visitorId ?? null,
      s.memberId ?? null,
      now,
      now + (s.ttlMs ?? REDIRECT_SESSION_TTL_MS),
    );
  return id;
}

/** A live (not expired; unused unless `allowUsed`) redirect session of `kind`. */
export function loadRedirectSession(
  ctx: DbClock,
  id: string,
  kind: string,
  allowUsed = false,
): StoredRedirectSession | undefined {
  const row = ctx.db
    .prepare<
      [string],
      {
        id: string;
        kind: string;
        client_id: string | null;
        payload: string;
        visitor_id: string | null;
        member_id: string | null;
        expires_at: number;
        used_at: number | null;
      }
    >('SELECT * FROM redirect_sessions WHERE id = ?')
    .get(id);
  if (!row || row.kind !== kind || row.expires_at <= ctx.now() || (!allowUsed && row.used_at !== null))
    return undefined;
  return {
    id: row.id,
    kind: row.kind,
    clientId: row.client_id,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    visitorId: row.visitor_id,
    memberId: row.member_id,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  };
}

export function markRedirectSessionUsed(ctx: DbClock, id: string): void {
  ctx.db.prepare<[number, string]>('UPDATE redirect_sessions SET used_at = ? WHERE id = ?').run(ctx.now(), id);
}
