import * as z from 'zod/mini';
import type { Http } from '../http.ts';
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

/** `GET /members/v1/members/my?fieldsets=FULL`: the signed-in member. */
export const getMyMember = (http: Http): Promise<Member> =>
  http.request({ ...api.myMember, query: { fieldsets: ['FULL'] }, schema: wrapped }).then((r) => r.member);

const write = (http: Http, op: Operation, body: unknown): Promise<Member> =>
  http.request({ ...op, body, schema: wrapped }).then((r) => r.member);

/** Change the signed-in member's nickname; returns the member as changed. */
export const updateNickname = (http: Http, memberId: string, nickname: string) =>
  write(http, route(api.updateMember, { id: memberId }), { member: { id: memberId, profile: { nickname } } });

/** Join (public profile) or leave (private profile) the site's community; returns the member as changed. */
export const setCommunity = (http: Http, join: boolean) =>
  write(http, join ? api.joinCommunity : api.leaveCommunity, {});
