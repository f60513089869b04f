/**
 * Member badges (v3) and member custom fields (issue 41; `@wix/auto_sdk_members_badges`,
 * `@wix/auto_sdk_members_custom-fields`; docs/wire.md "Members admin, badges, custom fields"): each route's input
 * checks, the admin identity only, assignments idempotent, counts per badge, display order, a member's custom values
 * on their record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import {
  adminToken,
  api,
  createTestMember,
  memberTokens,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';

const B = '/members/v3/badges';
const F = '/members/v1/custom-fields';
const M = '/members/v1/members';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let emu: RunningEmulator;
let admin: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  api(emu, path, { token: admin, ...init });
const violations = (r: { json: { details: { validationError: { fieldViolations: { field: string }[] } } } }) =>
  r.json.details.validationError.fieldViolations.map((v) => v.field);
const appCode = (r: { json: { details: { applicationError: { code: string } } } }) =>
  r.json.details.applicationError.code;
let n = 0;
const person = () => createTestMember(emu, `badges${++n}@example.com`, 'badges-test-pass');

describe('badges', () => {
  it('the seed: two badges, the first held by Maya; counts per badge', async () => {
    const list = await call(B);
    expect(list.status, list.text).toBe(200);
    expect(list.json.badges.map((b: { id: string }) => b.id)).toEqual([
      seedIds.badges.trailRegular,
      seedIds.badges.foundingMember,
    ]);
    expect(list.json.metadata).toMatchObject({ count: 2, offset: 0, total: 2 });
    const counts = await call(`${B}/members/count`);
    expect(counts.json.badgeMemberCounts).toEqual([
      { badgeId: seedIds.badges.trailRegular, memberCount: 1 },
      { badgeId: seedIds.badges.foundingMember, memberCount: 0 },
    ]);
  });

  it('create with the defaults and a slug; update; get; delete', async () => {
    const made = await call(B, { body: { badge: { title: 'Top Reviewer' } } });
    expect(made.status, made.text).toBe(200);
    expect(made.json.badge).toMatchObject({
      title: 'Top Reviewer',
      backgroundColor: '#796EFF',
      textColor: '#FFFFFF',
      permissionsEnabled: false,
      slug: 'top-reviewer',
    });
    const id = made.json.badge.id as string;
    const twin = await call(B, { body: { badge: { title: 'Top reviewer' } } });
    expect(twin.json.badge.slug).toBe('top-reviewer-2');
    const changed = await call(`${B}/${id}`, {
      method: 'PATCH',
      body: {
        badge: { id, backgroundColor: '#112233', icon: 'https://example.com/star.svg', permissionsEnabled: true },
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.badge).toMatchObject({
      title: 'Top Reviewer',
      backgroundColor: '#112233',
      icon: 'https://example.com/star.svg',
      permissionsEnabled: true,
    });
    expect((await call(`${B}/${id}`)).json.badge.backgroundColor).toBe('#112233');
    expect((await call(`${B}/${id}`, { method: 'DELETE' })).json).toEqual({});
    const gone = await call(`${B}/${id}`);
    expect([gone.status, appCode(gone)]).toEqual([404, 'BADGE_NOT_FOUND']);
    await call(`${B}/${twin.json.badge.id}`, { method: 'DELETE' });
  });

  it('refuses bad input in the platform’s format and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ badge: {} }, 'badge.title'],
      [{ badge: { title: '' } }, 'badge.title'],
      [{ badge: { title: 'x'.repeat(101) } }, 'badge.title'],
      [{ badge: { title: 'a\nb' } }, 'badge.title'],
      [{ badge: { title: 'ok', backgroundColor: '#abcdef' } }, 'badge.backgroundColor'],
      [{ badge: { title: 'ok', textColor: 'red' } }, 'badge.textColor'],
      [{ badge: { title: 'ok', icon: 'javascript:alert(1)' } }, 'badge.icon'],
      [{ badge: { title: 'ok', permissionsEnabled: 'yes' } }, 'badge.permissionsEnabled'],
    ];
    for (const [body, field] of cases) {
      const r = await call(B, { body });
      expect([field, r.status, violations(r)]).toEqual([field, 400, [field]]);
    }
    expect((await call(B, { body: '{"badge":{"title":"x","__proto__":{"a":1}}}' })).status).toBe(400);
    expect((await call(B, { body: { badge: { title: 'x', pad: 'y'.repeat(2_000_000) } } })).status).toBe(413);
    expect((await call(`${B}/not-a-guid`)).status).toBe(400);
    expect((await call(`${B}/${UNKNOWN}`, { method: 'PATCH', body: { badge: { title: 'x' } } })).status).toBe(404);
    const other = await call(`${B}/${seedIds.badges.trailRegular}`, {
      method: 'PATCH',
      body: { badge: { id: seedIds.badges.foundingMember, title: 'x' } },
    });
    expect(other.status).toBe(400);
    expect((await call(`${B}?paging.limit=101`)).status).toBe(400);
    expect((await call(B)).json.badges).toHaveLength(2);
    expect((await call(`${B}/${seedIds.badges.trailRegular}`)).json.badge.title).toBe('Trail regular');
  });

  it('assign and unassign are idempotent; members per badge and badges per member', async () => {
    const a = await person();
    const b = await person();
    const badge = seedIds.badges.foundingMember;
    for (let i = 0; i < 2; i++) {
      const r = await call(`${B}/${badge}/members`, { body: { id: badge, memberIds: [a, b, a] } });
      expect([r.status, r.json.memberIds]).toEqual([200, [a, b]]);
    }
    const holders = await call(`${B}/${badge}/members?paging.limit=1&paging.offset=1`);
    expect(holders.json).toEqual({
      memberIds: [b],
      metadata: { count: 1, offset: 1, total: 2, tooManyToCount: false },
    });
    const per = await call(`${B}/members`, { body: { memberIds: [seedIds.members.member, a, UNKNOWN] } });
    expect(per.json.memberBadgeIds).toEqual([
      { memberId: seedIds.members.member, badgeIds: [seedIds.badges.trailRegular] },
      { memberId: a, badgeIds: [badge] },
      { memberId: UNKNOWN, badgeIds: [] },
    ]);
    for (let i = 0; i < 2; i++) {
      const r = await call(`${B}/${badge}/members?memberIds=${a}&memberIds=${UNKNOWN}`, { method: 'DELETE' });
      expect(r.status, r.text).toBe(200);
    }
    expect((await call(`${B}/${badge}/members`)).json.memberIds).toEqual([b]);
    const unknownMember = await call(`${B}/${badge}/members`, { body: { memberIds: [a, UNKNOWN] } });
    expect([unknownMember.status, violations(unknownMember)]).toEqual([400, ['memberIds[1]']]);
    expect((await call(`${B}/${badge}/members`)).json.memberIds).toEqual([b]);
    for (const body of [{ memberIds: [] }, { memberIds: ['x'] }, { memberIds: Array(101).fill(a) }])
      expect((await call(`${B}/${badge}/members`, { body })).status).toBe(400);
    expect((await call(`${B}/${badge}/members`, { method: 'DELETE' })).status).toBe(400);
    expect((await call(`${B}/${UNKNOWN}/members`, { body: { memberIds: [a] } })).status).toBe(404);
    // a deleted member leaves the badge
    await call(`${M}/${b}`, { method: 'DELETE' });
    expect((await call(`${B}/members/count`)).json.badgeMemberCounts[1]).toEqual({ badgeId: badge, memberCount: 0 });
  });

  it('display order: the ids given lead; unknown or repeated ids are refused', async () => {
    const r = await call(`${B}/order`, { method: 'PATCH', body: { badgeIds: [seedIds.badges.foundingMember] } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.badges.map((b: { id: string }) => b.id)).toEqual([
      seedIds.badges.foundingMember,
      seedIds.badges.trailRegular,
    ]);
    const bad = await call(`${B}/order`, {
      method: 'PATCH',
      body: { badgeIds: [seedIds.badges.trailRegular, UNKNOWN, seedIds.badges.trailRegular] },
    });
    expect([bad.status, violations(bad)]).toEqual([400, ['badgeIds[1]', 'badgeIds[2]']]);
    expect((await call(`${B}/order`, { method: 'PATCH', body: { badgeIds: [] } })).status).toBe(400);
    expect((await call(B)).json.badges[0].id).toBe(seedIds.badges.foundingMember);
  });

  it('a visitor and a member are refused (403) on every badge call', async () => {
    const tokens = [(await visitorTokens(emu)).access, (await memberTokens(emu)).access];
    const id = seedIds.badges.trailRegular;
    const calls: [string, string, unknown?][] = [
      ['GET', B],
      ['POST', B, { badge: { title: 'x' } }],
      ['GET', `${B}/${id}`],
      ['PATCH', `${B}/${id}`, { badge: { title: 'x' } }],
      ['DELETE', `${B}/${id}`],
      ['POST', `${B}/${id}/members`, { memberIds: [seedIds.members.member] }],
      ['DELETE', `${B}/${id}/members?memberIds=${seedIds.members.member}`],
      ['GET', `${B}/${id}/members`],
      ['POST', `${B}/members`, { memberIds: [seedIds.members.member] }],
      ['GET', `${B}/members/count`],
      ['PATCH', `${B}/order`, { badgeIds: [id] }],
    ];
    for (const token of tokens)
      for (const [method, path, body] of calls) {
        const r = await api(emu, path, { method, token, ...(body === undefined ? {} : { body }) });
        expect([method, path, r.status]).toEqual([method, path, 403]);
      }
    expect((await call(`${B}/${id}/members`)).json.memberIds).toEqual([seedIds.members.member]);
  });
});

describe('custom fields', () => {
  it('the seed’s field shows on Maya’s record, keyed by its key', async () => {
    const list = await call(F);
    expect(list.status, list.text).toBe(200);
    expect(list.json.fields).toEqual([
      expect.objectContaining({
        id: seedIds.customFields.favouriteTrail,
        name: 'Favourite trail',
        key: 'custom.favourite-trail',
        fieldType: 'TEXT',
        fieldOrigin: 'CUSTOM',
        section: 'GENERAL',
        revision: '1',
      }),
    ]);
    const maya = await call(`${M}/${seedIds.members.member}?fieldsets=FULL`);
    expect(maya.json.member.contact.customFields).toEqual({
      'custom.favourite-trail': { name: 'Favourite trail', value: 'Wildwood loop' },
    });
  });

  it('create, update with the revision, hide, delete; the values follow', async () => {
    const made = await call(F, { body: { field: { name: 'Shoe size', fieldType: 'NUMBER' } } });
    expect(made.status, made.text).toBe(200);
    expect(made.json.field).toMatchObject({ key: 'custom.shoe-size', defaultPrivacy: 'PRIVATE', revision: '1' });
    const id = made.json.field.id as string;
    const p = await person();
    const set = await call(`${M}/${p}`, {
      method: 'PATCH',
      body: { member: { contact: { customFields: { 'custom.shoe-size': { value: 42 } } } } },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json.member.contact.customFields).toEqual({ 'custom.shoe-size': { name: 'Shoe size', value: 42 } });
    const wrong = await call(`${M}/${p}`, {
      method: 'PATCH',
      body: {
        member: { contact: { customFields: { 'custom.shoe-size': { value: 'big' }, 'custom.nope': { value: 1 } } } },
      },
    });
    expect([wrong.status, violations(wrong)]).toEqual([
      400,
      ['member.contact.customFields.custom.shoe-size.value', 'member.contact.customFields.custom.nope'],
    ]);
    const stale = await call(`${F}/${id}`, { method: 'PATCH', body: { field: { id, name: 'Size', revision: '7' } } });
    expect([stale.status, appCode(stale)]).toEqual([409, 'REVISION_MISMATCH']);
    const renamed = await call(`${F}/${id}`, {
      method: 'PATCH',
      body: { field: { id, name: 'Boot size', defaultPrivacy: 'PUBLIC', revision: '1' } },
    });
    expect(renamed.json.field).toMatchObject({ name: 'Boot size', defaultPrivacy: 'PUBLIC', revision: '2' });
    const retype = await call(`${F}/${id}`, { method: 'PATCH', body: { field: { fieldType: 'TEXT' } } });
    expect([retype.status, appCode(retype)]).toEqual([400, 'INCORRECT_FIELD_TYPE']);
    expect((await call(`${F}/${id}/hide`, { body: { id, revision: '1' } })).status).toBe(409);
    expect((await call(`${F}/${id}/hide`, { body: { id, revision: '2' } })).status).toBe(200);
    expect((await call(F)).json.fields.map((f: { id: string }) => f.id)).not.toContain(id);
    expect((await call(`${M}/${p}?fieldsets=FULL`)).json.member.contact.customFields).toEqual({});
    expect((await call(`${F}/${id}`, { method: 'DELETE' })).status).toBe(400); // revision required
    expect((await call(`${F}/${id}?revision=3`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`${F}/${id}`)).status).toBe(404);
    const left = emu.db.prepare("SELECT COUNT(*) AS n FROM member_custom_fields WHERE name = 'shoe-size'").get() as {
      n: number;
    };
    expect(left.n).toBe(0);
  });

  it('refuses a bad type, privacy or social type with the client’s codes, and bad input', async () => {
    const codes: [unknown, string][] = [
      [{ field: { name: 'x', fieldType: 'COLOUR' } }, 'INCORRECT_FIELD_TYPE'],
      [{ field: { name: 'x', fieldType: 'TEXT', defaultPrivacy: 'SECRET' } }, 'INCORRECT_FIELD_PRIVACY'],
      [{ field: { name: 'x', fieldType: 'SOCIAL' } }, 'INVALID_FIELD_SOCIAL_TYPE'],
      [{ field: { name: 'x', fieldType: 'TEXT', socialType: 'FACEBOOK' } }, 'INVALID_FIELD_SOCIAL_TYPE'],
    ];
    for (const [body, code] of codes) {
      const r = await call(F, { body });
      expect([code, r.status, appCode(r)]).toEqual([code, 400, code]);
    }
    for (const body of [{ field: { fieldType: 'TEXT' } }, { field: { name: '', fieldType: 'TEXT' } }, {}])
      expect((await call(F, { body })).status).toBe(400);
    expect((await call(F, { body: '{"field":{"name":"x","fieldType":"TEXT","constructor":{}}}' })).status).toBe(400);
    const social = await call(F, {
      body: { field: { name: 'Instagram', fieldType: 'SOCIAL', socialType: 'INSTAGRAM' } },
    });
    expect(social.json.field).toMatchObject({ section: 'SOCIAL', socialType: 'INSTAGRAM' });
    expect((await call(`${F}/not-a-guid`)).status).toBe(400);
    expect((await call(`${F}/${UNKNOWN}/hide`, { body: { revision: '1' } })).status).toBe(404);
  });

  it('order within a section; a visitor and a member are refused', async () => {
    const a = (await call(F, { body: { field: { name: 'Alpha', fieldType: 'TEXT' } } })).json.field.id as string;
    const r = await call(`${F}/order`, { body: { fieldIds: [a] } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.section).toBe('GENERAL');
    expect(r.json.fields[0].id).toBe(a);
    expect(r.json.fields.map((f: { id: string }) => f.id)).toContain(seedIds.customFields.favouriteTrail);
    const wrongSection = await call(`${F}/order`, { body: { fieldIds: [a], section: 'SOCIAL' } });
    expect(wrongSection.status).toBe(400);
    const tokens = [(await visitorTokens(emu)).access, (await memberTokens(emu)).access];
    for (const token of tokens) {
      expect((await api(emu, F, { token })).status).toBe(403);
      expect((await api(emu, F, { token, body: { field: { name: 'x', fieldType: 'TEXT' } } })).status).toBe(403);
      expect((await api(emu, `${F}/${a}/hide`, { token, body: { revision: '1' } })).status).toBe(403);
      expect((await api(emu, `${F}/${a}?revision=1`, { token, method: 'DELETE' })).status).toBe(403);
    }
    expect((await call(`${F}/${a}`)).status).toBe(200);
  });
});
