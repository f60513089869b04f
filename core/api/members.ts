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
  contact: z.optional(
    z.looseObject({
      firstName: z.optional(z.string()),
      lastName: z.optional(z.string()),
      phones: z.optional(z.array(z.string())),
      emails: z.optional(z.array(z.string())),
      addresses: z.optional(
        z.array(
          z.looseObject({
            id: z.optional(z.string()),
            addressLine: z.optional(z.string()),
            addressLine2: z.optional(z.string()),
            streetAddress: z.optional(z.looseObject({ number: z.optional(z.string()), name: z.optional(z.string()) })),
            city: z.optional(z.string()),
            subdivision: z.optional(z.string()),
            country: z.optional(z.string()),
            postalCode: z.optional(z.string()),
          }),
        ),
      ),
    }),
  ),
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

// TEMP (main session): replaced by helper B's versions on merge.
type Contact = { firstName?: string; lastName?: string; phones?: string[]; addresses?: Record<string, unknown>[] };
export const updateContact = (http: Http, memberId: string, contact: Contact) =>
  write(http, route(api.updateMember, { id: memberId }), { member: { id: memberId, contact } });
export const clearContactSet = (http: Http, memberId: string, set: 'phones' | 'emails' | 'addresses') =>
  write(
    http,
    { method: 'DELETE', path: `/members/v1/members/${encodeURIComponent(memberId)}/${set}` } as Operation,
    undefined,
  );
export const deleteMyAccount = async (http: Http, contentAssigneeId?: string): Promise<void> => {
  await http.request({
    ...api.deleteMyMember,
    query: contentAssigneeId ? { contentAssigneeId } : {},
    schema: z.object({}),
  });
};
