/**
 * The session's member record (`$session.member`): loaded once per member session and replaced by the answers of the
 * member's own changes. Kept out of the core chunk: boot loads it on demand when a member session starts.
 */
import type { InlayClient } from '../client.ts';
import { $session } from './session.ts';
import * as members from '../api/members.ts';
import type { Member } from '../api/members.ts';

/** Attach the fetched member record (a member session only). */
export function setSessionMember(member: Member): void {
  const cur = $session.get();
  if (cur.role === 'member') $session.set({ ...cur, member });
}

let loading: Promise<Member | undefined> | undefined;

/**
 * `GET /members/v1/members/my?fieldsets=FULL` into `$session.member`. Once per member session: `$session` drops the
 * member on every role change (logout, another tab), so the next member session loads it again.
 */
export function loadMember({ http }: Pick<InlayClient, 'http'>, force = false): Promise<Member | undefined> {
  const s = $session.get();
  if (s.role !== 'member') return Promise.resolve(undefined);
  if (s.member && !force) return Promise.resolve(s.member);
  loading ??= members
    .getMyMember(http)
    .then((member) => {
      setSessionMember(member);
      return member;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

const kept = (member: Member) => {
  setSessionMember(member);
  return member;
};

/** Change the signed-in member's nickname. */
export const updateNickname = ({ http }: Pick<InlayClient, 'http'>, memberId: string, nickname: string) =>
  members.updateNickname(http, memberId, nickname).then(kept);

/** Join (public profile) or leave (private profile) the site's community. */
export const setCommunity = ({ http }: Pick<InlayClient, 'http'>, join: boolean) =>
  members.setCommunity(http, join).then(kept);
