import * as z from 'zod/mini';
import type { Http } from '../http.ts';
import { ops, route, type Operation } from '../urls.ts';

/** A member's street address (`contact.addresses[]`; docs/wire.md "Members: contact details"). */
export const addressSchema = z.looseObject({
  id: z.optional(z.string()),
  addressLine: z.optional(z.string()),
  addressLine2: z.optional(z.string()),
  streetAddress: z.optional(z.looseObject({ number: z.optional(z.string()), name: z.optional(z.string()) })),
  city: z.optional(z.string()),
  subdivision: z.optional(z.string()),
  country: z.optional(z.string()),
  postalCode: z.optional(z.string()),
});
export type Address = z.infer<typeof addressSchema>;

/**
 * The wire `member` (docs/spec/wire-protocol.md §5, FULL fieldset): what the session's `member` holds. Unknown
 * fields are kept.
 */
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
  contact: z.optional(
    z.looseObject({
      firstName: z.optional(z.string()),
      lastName: z.optional(z.string()),
      phones: z.optional(z.array(z.string())),
      emails: z.optional(z.array(z.string())),
      addresses: z.optional(z.array(addressSchema)),
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
  http.request({ ...ops.myMember, query: { fieldsets: ['FULL'] }, schema: wrapped }).then((r) => r.member);

const write = (http: Http, op: Operation, body: unknown): Promise<Member> =>
  http.request({ ...op, body, schema: wrapped }).then((r) => r.member);

/** Change the signed-in member's nickname; returns the member as changed. */
export const updateNickname = (http: Http, memberId: string, nickname: string) =>
  write(http, route(ops.updateMember, { id: memberId }), { member: { id: memberId, profile: { nickname } } });

/** Join (public profile) or leave (private profile) the site's community; returns the member as changed. */
export const setCommunity = (http: Http, join: boolean) =>
  write(http, join ? ops.joinCommunity : ops.leaveCommunity, {});

/** What {@link updateContact} may change; an address without `id` is a new one. */
export interface ContactUpdate {
  firstName?: string;
  lastName?: string;
  phones?: string[];
  addresses?: Address[];
}

/**
 * Change the member's names, phones and addresses. A non-empty array REPLACES the whole set (send every entry to
 * keep, existing addresses with their `id`); an empty array would have no effect on the platform, so emptying a set
 * goes through {@link clearContactSet} instead. Returns the member as changed.
 */
export const updateContact = (http: Http, memberId: string, contact: ContactUpdate) =>
  write(http, route(ops.updateMember, { id: memberId }), { member: { id: memberId, contact } });

/** Empty one of the member's contact sets (Delete Member Phones / Emails / Addresses); returns the member. */
export const clearContactSet = (http: Http, memberId: string, set: 'phones' | 'emails' | 'addresses') =>
  write(
    http,
    route(
      set === 'phones' ? ops.deleteMemberPhones : set === 'emails' ? ops.deleteMemberEmails : ops.deleteMemberAddresses,
      { id: memberId },
    ),
    undefined,
  );

/**
 * Delete the signed-in member's account (Delete My Member). `contentAssigneeId` (a member id) receives the member's
 * content; without it the content is deleted. The platform revokes the member's tokens: the caller signs out.
 */
export const deleteMyAccount = (http: Http, contentAssigneeId?: string): Promise<void> =>
  http
    .request({
      ...ops.deleteMyMember,
      // the SDK sends it in the query string (http.ts adds `query` to GETs only)
      ...(contentAssigneeId
        ? { path: `${ops.deleteMyMember.path}?contentAssigneeId=${encodeURIComponent(contentAssigneeId)}` }
        : {}),
      schema: z.looseObject({}),
    })
    .then(() => undefined);
