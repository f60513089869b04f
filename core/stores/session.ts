import { atom } from 'nanostores';
import type { Role, TokenManager } from '../auth/tokens.ts';
import type { Member } from '../api/members.ts';

/** Who is browsing. Never holds tokens. */
export interface Session {
  status: 'loading' | 'visitor' | 'member' | 'error';
  role: Role;
  /** The member record (docs/spec/wire-protocol.md §5), filled once fetched; a member session only. */
  member?: Member;
  error?: string;
}

/** The page's session, shared by every widget. `loading` until bound to the token manager. */
export const $session = atom<Session>({ status: 'loading', role: 'none' });

/** Session state for a role: a member, or a visitor (with or without a visitor token yet). */
export const sessionFor = (role: Role): Session => ({ status: role === 'member' ? 'member' : 'visitor', role });

/**
 * Keep `$session` in step with the token manager (login, logout, other tabs). The role is what changes the
 * session: plain token renewals do not notify listeners. Returns the unbind function.
 */
export function syncSession(tokens: TokenManager): () => void {
  const apply = () => {
    const role = tokens.role();
    const cur = $session.get();
    if (cur.role !== role || cur.status === 'loading' || cur.status === 'error') $session.set(sessionFor(role));
  };
  apply();
  return tokens.subscribe(apply);
}

/** Record a session-level failure (e.g. no token could be obtained). */
export function setSessionError(message: string): void {
  $session.set({ ...$session.get(), status: 'error', error: message });
}

/**
 * Loads the member record once per member session: `$session` drops it on every role change (logout, another tab),
 * so the next member session loads it again. Returns the stop function.
 */
export function followMember(load: () => Promise<unknown>): () => void {
  return $session.subscribe((s) => {
    if (s.role === 'member' && !s.member) load().catch(() => undefined);
  });
}
