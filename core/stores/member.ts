/**
 * The session's member record (`sessionOf(client).get().member`): loaded once per member session and replaced by the
 * answers of the member's own changes. Kept out of the core chunk: boot loads it on demand when a member session
 * starts.
 */
import type { InlayClient } from '../client.ts';
import { sessionOf } from './session.ts';
import * as members from '../api/members.ts';
import type { Member } from '../api/members.ts';

/** A client that calls the platform as its member: its `http`, and its tokens (whose session it is). */
type MemberClient = Pick<InlayClient, 'http' | 'tokens'>;

/** Attach the fetched member record to the client's session (a member session only). */
export function setSessionMember(client: Pick<InlayClient, 'tokens'>, member: Member): void {
  const $session = sessionOf(client);
  const cur = $session.get();
  if (cur.role === 'member') $session.set({ ...cur, member });
}

/** The member read in flight, per client. */
const loading = new WeakMap<object, Promise<Member | undefined>>();

/**
 * `GET /members/v1/members/my?fieldsets=FULL` into the session's `member`. Once per member session: the session drops
 * the member on every role change (logout, another tab), so the next member session loads it again.
 */
export function loadMember(client: MemberClient, force = false): Promise<Member | undefined> {
  const s = sessionOf(client).get();
  if (s.role !== 'member') return Promise.resolve(undefined);
  if (s.member && !force) return Promise.resolve(s.member);
  let load = loading.get(client);
  if (!load) {
    load = members
      .getMyMember(client.http)
      .then((member) => {
        setSessionMember(client, member);
        return member;
      })
      .finally(() => loading.delete(client));
    loading.set(client, load);
  }
  return load;
}

const kept = (client: MemberClient) => (member: Member) => {
  setSessionMember(client, member);
  return member;
};

/** Change the signed-in member's nickname. */
export const updateNickname = (client: MemberClient, memberId: string, nickname: string) =>
  members.updateNickname(client.http, memberId, nickname).then(kept(client));

/** Join (public profile) or leave (private profile) the site's community. */
export const setCommunity = (client: MemberClient, join: boolean) =>
  members.setCommunity(client.http, join).then(kept(client));
