/**
 * Conformance of the member calls sdk.test.ts does not reach (issue 38 point 5), through the platform's generated
 * members client (`@wix/auto_sdk_members_members`) unmodified: join and leave the community (the profile's privacy),
 * delete the phones and the emails (the only way to empty a set), and another member's record refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, OAuthStrategy } from '@wix/sdk';
import * as members from '@wix/auto_sdk_members_members';
import { seedIds } from '../../emulator/seed.ts';
import { createTestMember, DEMO_CLIENT_ID, memberTokens } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;

const memberClient = (tokens: { access: string; refresh: string }) =>
  createClient({
    auth: OAuthStrategy({
      clientId: DEMO_CLIENT_ID,
      tokens: {
        accessToken: { value: tokens.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
        refreshToken: { value: tokens.refresh, role: 'member' as never },
      },
    }),
    modules: { members },
  });

describe('a member (OAuthStrategy with member tokens)', () => {
  let client: ReturnType<typeof memberClient>;
  let id: string;
  beforeAll(async () => {
    id = await createTestMember(platform.emu, 'sdk-community@example.com', 'a-long-enough-password');
    client = memberClient(await memberTokens(platform.emu, { id }));
  });

  it('leaveCommunity makes the profile private, joinCommunity public again', async () => {
    const left = await client.members.leaveCommunity();
    expect(left.member).toMatchObject({ _id: id, privacyStatus: 'PRIVATE' });
    const joined = await client.members.joinCommunity();
    expect(joined.member).toMatchObject({ _id: id, privacyStatus: 'PUBLIC' });
    expect((await client.members.getCurrentMember({ fieldsets: ['FULL'] })).member?.privacyStatus).toBe('PUBLIC');
  });

  it('deleteMemberPhones empties the phones, deleteMemberEmails the emails; the rest stays', async () => {
    await client.members.updateMember(id, {
      contact: { phones: ['+1 555 0101'], addresses: [{ addressLine: '3 Main St', country: 'US' }] },
    });
    const noPhones = await client.members.deleteMemberPhones(id);
    expect(noPhones.member?.contact?.phones).toEqual([]);
    expect(noPhones.member?.contact?.addresses).toMatchObject([{ addressLine: '3 Main St' }]);
    const noEmails = await client.members.deleteMemberEmails(id);
    expect(noEmails.member?.contact?.emails ?? []).toEqual([]);
    expect(noEmails.member?.loginEmail).toBe('sdk-community@example.com'); // the login email is not a contact email
  });

  it('another member’s record is refused (403): update and delete phones', async () => {
    const other = seedIds.members.member;
    await expect(client.members.updateMember(other, { profile: { nickname: 'Not mine' } })).rejects.toMatchObject({
      status: 403,
      details: { applicationError: { code: 'PERMISSION_DENIED' } },
    });
    await expect(client.members.deleteMemberPhones(other)).rejects.toMatchObject({ status: 403 });
  });
});

describe('coverage', () => {
  covers('joinCommunity', 'leaveCommunity', 'deleteMemberPhones', 'deleteMemberEmails', 'updateMember', 'myMember');
  refuses('updateMember', 'deleteMemberPhones');
  platform.coverageCase();
});
