import { atom, type WritableAtom } from 'nanostores';
import type { InlayClient } from '../client.ts';
import { oncePer } from '../context.ts';
import type { Role } from '../auth/tokens.ts';
import type { Member } from '../api/members.ts';

/** Who is browsing. Never holds tokens. */
export interface Session {
  status: 'loading' | 'visitor' | 'member' | 'error';
  role: Role;
  /** The member record (docs/spec/wire-protocol.md §5), filled once fetched; a member session only. */
  member?: Member;
  error?: string;
}

/** What a session belongs to: a client (its tokens say who is browsing). */
export type SessionClient = Pick<InlayClient, 'tokens'>;

/**
 * A client's session, shared by every widget of its page (a second client has its own). `loading` until bound to the
 * client's tokens ({@link syncSession}).
 */
export const sessionOf: (client: SessionClient) => WritableAtom<Session> = oncePer(() =>
  atom<Session>({ status: 'loading', role: 'none' }),
);

/**
 * Keep the client's session in step with its token manager (login, logout, other tabs). The role is what changes the
 * session: plain token renewals do not notify listeners. Returns the unbind function.
 */
export function syncSession(client: SessionClient): () => void {
  const $session = sessionOf(client);
  const apply = () => {
    const role = client.tokens.role();
    const cur = $session.get();
    // a member, or a visitor (with or without a visitor token yet)
    if (cur.role !== role || cur.status === 'loading' || cur.status === 'error')
      $session.set({ status: role === 'member' ? 'member' : 'visitor', role });
  };
  apply();
  return client.tokens.subscribe(apply);
}

/** Record a session-level failure (e.g. no token could be obtained). */
export function setSessionError(client: SessionClient, message: string): void {
  const $session = sessionOf(client);
  $session.set({ ...$session.get(), status: 'error', error: message });
}

/**
 * Loads the member record once per member session: the session drops it on every role change (logout, another tab),
 * so the next member session loads it again. Returns the stop function.
 */
export function followMember(client: SessionClient, load: () => Promise<unknown>): () => void {
  return sessionOf(client).subscribe((s) => {
    if (s.role === 'member' && !s.member) load().catch(() => undefined);
  });
}
