/**
 * Conformance, issue 41 (docs/wire.md "Members admin, badges, custom fields"): the platform's generated members client
 * (`@wix/auto_sdk_members_members`), unmodified, as the site's admin identity (AppStrategy) against an in-process
 * emulator: list, create, approve, block, mute, unmute, disconnect, slug, delete and the bulk actions; badges v3
 * (`@wix/auto_sdk_members_badges`) and custom fields (`@wix/auto_sdk_members_custom-fields`). The same
 * boundary as tests/conformance/sdk.test.ts; refusals to a visitor and a member are in refusals.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as members from '@wix/auto_sdk_members_members';
import * as badges from '@wix/auto_sdk_members_badges';
import * as customFields from '@wix/auto_sdk_members_custom-fields';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { seedIds } from '../../emulator/seed.ts';
import { createTestMember, DEMO_CLIENT_ID, memberTokens } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';
import { callsOf } from './calls.ts';

const platform = platformBoundary();
const { covers } = platform;
const PASSWORD = 'conformance-members-admin';

const adminClient = () =>
  createClient({
    auth: AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: platform.emu.clientSecret, instanceId: SITE_ID }),
    modules: { members, badges, customFields },
  });
let admin: ReturnType<typeof adminClient>;
beforeAll(() => {
  admin = adminClient();
});

let n = 0;
const person = async (status: 'APPROVED' | 'PENDING' = 'APPROVED') => {
  const email = `conf-admin${++n}@example.com`;
  const id = await createTestMember(platform.emu, email, PASSWORD);
  if (status !== 'APPROVED') platform.emu.db.prepare('UPDATE members SET status = ? WHERE id = ?').run(status, id);
  return { id, email };
};
const statusOf = async (id: string) => (await admin.members.getMember(id, { fieldsets: ['FULL'] })).status;

describe('members, as the site’s admin identity', () => {
  it('listMembers pages and sorts (the SDK’s GET `.r`), fieldsets as asked', async () => {
    const page = await admin.members.listMembers({
      paging: { limit: 2, offset: 0 },
      fieldsets: ['FULL'],
      sorting: [{ fieldName: 'createdDate', order: 'ASC' }],
    });
    expect(page.members).toHaveLength(2);
    expect(page.members![0]!.loginEmail).toBeTruthy();
    expect(page.members![0]!._createdDate).toBeInstanceOf(Date);
    expect(page.metadata).toMatchObject({ count: 2, offset: 0 });
    expect(page.metadata?.total).toBeGreaterThanOrEqual(7);
  });

  it('createMember, updateMemberSlug', async () => {
    const made = await admin.members.createMember({
      member: { loginEmail: 'conf-created@example.com', profile: { nickname: 'Created' } },
    });
    expect(made).toMatchObject({ loginEmail: 'conf-created@example.com', status: 'APPROVED' });
    const slugged = await admin.members.updateMemberSlug(made._id!, 'conf-created');
    expect(slugged.member?.profile?.slug).toBe('conf-created');
    await expect(admin.members.updateMemberSlug(made._id!, 'maya')).rejects.toMatchObject({
      details: { applicationError: { code: 'SLUG_ALREADY_EXISTS' } },
    });
  });

  it('approveMember, blockMember (the owner refused), muteMember, unmuteMember, disconnectMember', async () => {
    const p = await person('PENDING');
    expect((await admin.members.approveMember(p.id)).member?.status).toBe('APPROVED');
    expect((await admin.members.blockMember(p.id)).member?.status).toBe('BLOCKED');
    await expect(admin.members.blockMember(seedIds.members.owner)).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNER_MEMBER_BLOCK_FORBIDDEN' } },
    });
    expect((await admin.members.muteMember(p.id)).member?.activityStatus).toBe('MUTED');
    expect((await admin.members.unmuteMember(p.id)).member?.activityStatus).toBe('ACTIVE');
    expect((await admin.members.disconnectMember(p.id)).member?.status).toBe('OFFLINE');
  });

  it('a blocked member’s SDK session ends (its next read is refused)', async () => {
    const p = await person();
    const tokens = await memberTokens(platform.emu, { id: p.id });
    const own = createClient({
      auth: OAuthStrategy({
        clientId: DEMO_CLIENT_ID,
        tokens: {
          accessToken: { value: tokens.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
          refreshToken: { value: tokens.refresh, role: 'member' as never },
        },
      }),
      modules: { members },
    });
    expect((await own.members.getCurrentMember()).member?._id).toBe(p.id);
    await admin.members.blockMember(p.id);
    await expect(own.members.getCurrentMember()).rejects.toBeTruthy();
  });

  it('bulkApproveMembers and bulkBlockMembers change exactly the filtered members', async () => {
    const a = await person('PENDING');
    const b = await person('PENDING');
    const approved = await admin.members.bulkApproveMembers({ loginEmail: { $in: [a.email] } });
    expect(approved.jobId).toBeTruthy();
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['APPROVED', 'PENDING']);
    await admin.members.bulkBlockMembers({ _id: { $in: [a.id, b.id] } });
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['BLOCKED', 'BLOCKED']);
  });

  it('deleteMember, bulkDeleteMembers, bulkDeleteMembersByFilter', async () => {
    const a = await person();
    await admin.members.deleteMember(a.id);
    await expect(admin.members.getMember(a.id)).rejects.toMatchObject({
      details: { applicationError: { code: 'MEMBER_NOT_FOUND' } },
    });
    const b = await person();
    const bulk = await admin.members.bulkDeleteMembers([b.id, seedIds.members.owner]);
    expect(bulk.results!.map((r) => r.itemMetadata?.success)).toEqual([true, false]);
    expect(bulk.results![0]!.itemMetadata?._id).toBe(b.id);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    const c = await person();
    const keep = await person();
    const byFilter = await admin.members.bulkDeleteMembersByFilter(
      { loginEmail: c.email },
      { contentAssigneeId: keep.id },
    );
    expect(byFilter.jobId).toBeTruthy();
    await expect(admin.members.getMember(c.id)).rejects.toMatchObject({
      details: { applicationError: { code: 'MEMBER_NOT_FOUND' } },
    });
    expect(await statusOf(keep.id)).toBe('APPROVED');
  });
});

describe('badges, as the site’s admin identity', () => {
  it('createBadge, getBadge, updateBadge, listBadges, updateBadgesDisplayOrder, deleteBadge', async () => {
    const made = await admin.badges.createBadge({ title: 'Conformance', description: 'made by the SDK' });
    expect(made).toMatchObject({ title: 'Conformance', backgroundColor: '#796EFF', slug: 'conformance' });
    expect(made._createdDate).toBeInstanceOf(Date);
    const id = made._id!;
    expect((await admin.badges.getBadge(id)).title).toBe('Conformance');
    const updated = await admin.badges.updateBadge(id, { textColor: '#000000' });
    expect(updated).toMatchObject({ _id: id, title: 'Conformance', textColor: '#000000' });
    const reordered = await admin.badges.updateBadgesDisplayOrder([id]);
    expect(reordered.badges![0]!._id).toBe(id);
    const list = await admin.badges.listBadges({ paging: { limit: 10 } });
    expect(list.badges!.map((b) => b._id)).toEqual([id, seedIds.badges.trailRegular, seedIds.badges.foundingMember]);
    await admin.badges.deleteBadge(id);
    await expect(admin.badges.getBadge(id)).rejects.toMatchObject({
      details: { applicationError: { code: 'BADGE_NOT_FOUND' } },
    });
  });

  it('assignBadge, unassignBadge, listMembersByBadge, listBadgesPerMember, getMemberCountsPerBadge', async () => {
    const p = await person();
    const badge = seedIds.badges.foundingMember;
    expect((await admin.badges.assignBadge(badge, [p.id])).memberIds).toEqual([p.id]);
    expect((await admin.badges.assignBadge(badge, [p.id])).memberIds).toEqual([p.id]);
    expect((await admin.badges.listMembersByBadge(badge)).memberIds).toEqual([p.id]);
    expect((await admin.badges.listBadgesPerMember([p.id])).memberBadgeIds).toEqual([
      { memberId: p.id, badgeIds: [badge] },
    ]);
    const counts = await admin.badges.getMemberCountsPerBadge();
    expect(counts.badgeMemberCounts).toContainEqual({ badgeId: badge, memberCount: 1 });
    await admin.badges.unassignBadge(badge, [p.id]);
    expect((await admin.badges.listMembersByBadge(badge)).memberIds).toEqual([]);
  });
});

describe('custom fields, as the site’s admin identity', () => {
  it('listCustomFields, createCustomField, getCustomField, updateCustomField, updateCustomFieldsOrder', async () => {
    const listed = await admin.customFields.listCustomFields();
    expect(listed.fields!.map((f) => f.key)).toEqual(['custom.favourite-trail']);
    const made = await admin.customFields.createCustomField({ name: 'Club', fieldType: 'TEXT' });
    expect(made).toMatchObject({ name: 'Club', key: 'custom.club', fieldOrigin: 'CUSTOM', revision: '1' });
    expect(made._createdDate).toBeInstanceOf(Date);
    const id = made._id!;
    expect((await admin.customFields.getCustomField(id)).field?.name).toBe('Club');
    const updated = await admin.customFields.updateCustomField(id, { name: 'Hiking club', revision: '1' });
    expect(updated).toMatchObject({ name: 'Hiking club', revision: '2' });
    const ordered = await admin.customFields.updateCustomFieldsOrder([id], { section: 'GENERAL' });
    expect(ordered.fields!.map((f) => f._id)).toEqual([id, seedIds.customFields.favouriteTrail]);
    // a member's value, through the members client, shows on their record
    const p = await person();
    const withValue = await admin.members.updateMember(p.id, {
      contact: { customFields: { 'custom.club': { value: 'Fernwood walkers' } } },
    });
    expect(withValue.contact?.customFields).toEqual({
      'custom.club': { name: 'Hiking club', value: 'Fernwood walkers' },
    });
  });

  it('hideCustomField and deleteCustomField take the revision', async () => {
    const made = await admin.customFields.createCustomField({ name: 'Temporary', fieldType: 'DATE' });
    await expect(admin.customFields.hideCustomField(made._id!, '9')).rejects.toMatchObject({
      details: { applicationError: { code: 'REVISION_MISMATCH' } },
    });
    await admin.customFields.hideCustomField(made._id!, '1');
    expect((await admin.customFields.listCustomFields()).fields!.map((f) => f._id)).not.toContain(made._id);
    await admin.customFields.deleteCustomField(made._id!, '2');
    await expect(admin.customFields.getCustomField(made._id!)).rejects.toMatchObject({
      details: { applicationError: { code: 'CUSTOM_FIELD_NOT_FOUND' } },
    });
  });
});

describe('coverage', () => {
  // every call whose row names this file (tests/conformance/calls.ts), the admin-only ones refusals.test.ts lists as
  // refused; and two rows of other files the cases above use
  covers('getMember', 'updateMember', ...callsOf('members-admin.test.ts'));
  platform.coverageCase();
});
