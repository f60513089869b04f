import * as z from 'zod/mini';
import type { InlayClient } from '../client.ts';
import { $session, setSessionMember } from '../stores/session.ts';
import { api, route, type Operation } from '../urls.ts';

/** The wire `member` (wire-protocol §5, FULL fieldset): what `$session.member` holds. Unknown fields are kept. */
export const memberSchema = z.looseObject({
  id: z.string(),
  loginEmail: z.optional(z.string()),
  loginEmailVerified: z.optional(z.boolean()),
  status: z.optional(z.string()),
  contactId: z.optional(z.string()),
  profile: z.optional(
    z.looseObject({
      nickname: z.optional(z.string()),
      slug: z.optional(z.string()),
      photo: z.optional(z.looseObject({ url: z.optional(z.string()) })),
    }),
  ),
  privacyStatus: z.optional(z.string()),
  activityStatus: z.optional(z.string()),
  createdDate: z.optional(z.string()),
  lastLoginDate: z.optional(z.string()),
});
export type Member = z.infer<typeof memberSchema>;
const wrapped = z.object({ member: memberSchema });

let loading: Promise<Member | undefined> | undefined;

/**
 * `GET /members/v1/members/my?fieldsets=FULL` into `$session.member`. Once per member session: `$session` drops the
 * member on every role change (logout, another tab), so the next member session loads it again.
 */
export function loadMember({ http }: Pick<InlayClient, 'http'>, force = false): Promise<Member | undefined> {
  const s = $session.get();
  if (s.role !== 'member') return Promise.resolve(undefined);
  if (s.member && !force) return Promise.resolve(s.member as Member);
  loading ??= http
    .request({ ...api.myMember, query: { fieldsets: ['FULL'] }, schema: wrapped, kind: 'read' })
    .then((r) => {
      setSessionMember(r.member);
      return r.member;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

async function write({ http }: Pick<InlayClient, 'http'>, op: Operation, body: unknown): Promise<Member> {
  const r = await http.request({ ...op, body, schema: wrapped, kind: 'write' });
  setSessionMember(r.member);
  return r.member;
}

/** Change the signed-in member's nickname. */
export const updateNickname = (c: Pick<InlayClient, 'http'>, memberId: string, nickname: string) =>
  write(c, route(api.updateMember, { id: memberId }), { member: { id: memberId, profile: { nickname } } });

/** Join (public profile) or leave (private profile) the site's community. */
export const setCommunity = (c: Pick<InlayClient, 'http'>, join: boolean) => write(c, join ? api.joinCommunity : api.leaveCommunity, {});
