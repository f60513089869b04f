import { op } from './op.ts';

// Members (docs/spec/wire-protocol.md §5): `?fieldsets=FULL`.
export const myMember = op('GET', '/members/v1/members/my');
export const deleteMyMember = op('DELETE', '/members/v1/members/my');
export const updateMember = op('PATCH', '/members/v1/members/{id}');
export const joinCommunity = op('POST', '/members/v1/members/join-community');
export const leaveCommunity = op('POST', '/members/v1/members/leave-community');
// Clear a contact set (an empty array in updateMember has no effect): `{member}`.
export const deleteMemberPhones = op('DELETE', '/members/v1/members/{id}/phones');
export const deleteMemberEmails = op('DELETE', '/members/v1/members/{id}/emails');
export const deleteMemberAddresses = op('DELETE', '/members/v1/members/{id}/addresses');
