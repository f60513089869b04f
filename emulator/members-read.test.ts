/**
 * Get Member and Query Members (`@wix/auto_sdk_members_members` getMember, queryMembers; docs/wire.md "Admin fidelity
 * fixes (issue 38)"): the site's backend reads any member and queries them (filter on MemberQuerySpec's fields, sort,
 * offset paging, fieldsets, plain-text search); a member token reads its own record only; a visitor and other members
 * are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { adminToken, api, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';

const M = '/members/v1/members';
let emu: RunningEmulator;
let admin: string;

beforeAll(async () => {
  emu = await startTestEmulator();
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

describe('Get Member', () => {
  it('the admin identity reads any member, PUBLIC by default, FULL when asked; an unknown id is 404', async () => {
    const pub = await api(emu, `${M}/${seedIds.members.member}`, { token: admin });
    expect(pub.status).toBe(200);
    expect(pub.json.member).toMatchObject({ id: seedIds.members.member, status: 'UNKNOWN' });
    expect(pub.json.member.loginEmail).toBeUndefined();
    const full = await api(emu, `${M}/${seedIds.members.owner}?fieldsets=FULL`, { token: admin });
    expect(full.json.member).toMatchObject({
      id: seedIds.members.owner,
      loginEmail: DEMO_LOGINS.owner.email,
      status: 'APPROVED',
      contact: { emails: [DEMO_LOGINS.owner.email] },
    });
    const missing = await api(emu, `${M}/00000000-0000-4000-8000-000000000000`, { token: admin });
    expect([missing.status, missing.json.details.applicationError.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    const bad = await api(emu, `${M}/${seedIds.members.member}?fieldsets=ALL`, { token: admin });
    expect(bad.status).toBe(400);
  });

  it('a member reads its own record; another member’s and a visitor are 403; `my` is still the own record', async () => {
    const maya = (await memberTokens(emu)).access;
    const own = await api(emu, `${M}/${seedIds.members.member}?fieldsets=FULL`, { token: maya });
    expect([own.status, own.json.member.loginEmail]).toEqual([200, DEMO_LOGINS.member.email]);
    const other = await api(emu, `${M}/${seedIds.members.owner}`, { token: maya });
    expect([other.status, other.json.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
    const visitor = (await visitorTokens(emu)).access;
    expect((await api(emu, `${M}/${seedIds.members.member}`, { token: visitor })).status).toBe(403);
    expect((await api(emu, `${M}/my`, { token: maya })).json.member.id).toBe(seedIds.members.member);
  });
});

describe('Query Members', () => {
  const query = (body: unknown, token = admin) => api(emu, `${M}/query`, { token, body });

  it('filters on the spec’s fields, sorts, pages by offset and answers {members, metadata}', async () => {
    const all = await query({ query: { paging: { limit: 100 } } });
    expect(all.status).toBe(200);
    expect(all.json.metadata).toMatchObject({ offset: 0, total: all.json.members.length });
    expect(all.json.members.length).toBeGreaterThanOrEqual(2);
    const one = await query({
      query: { filter: { loginEmail: { $eq: DEMO_LOGINS.owner.email } } },
      fieldsets: ['FULL'],
    });
    expect(one.json.members.map((m: { id: string }) => m.id)).toEqual([seedIds.members.owner]);
    expect(one.json.members[0].loginEmail).toBe(DEMO_LOGINS.owner.email);
    const page = await query({
      query: { sort: [{ fieldName: 'createdDate', order: 'ASC' }], paging: { limit: 1, offset: 1 } },
    });
    expect(page.json.metadata).toMatchObject({ count: 1, offset: 1, total: all.json.metadata.total });
    expect(page.json.members[0].id).toBe(all.json.members[1].id);
    const found = await query({ search: { expression: DEMO_LOGINS.member.email.slice(0, 4).toUpperCase() } });
    expect(found.json.members.map((m: { id: string }) => m.id)).toContain(seedIds.members.member);
  });

  it('a field outside MemberQuerySpec, a limit over 100 or a bad fieldset is 400', async () => {
    for (const body of [
      { query: { filter: { 'contact.phones': '1' } } },
      { query: { sort: [{ fieldName: 'loginEmail' }] } },
      { query: { paging: { limit: 101 } } },
      { fieldsets: ['ALL'] },
    ]) {
      const r = await query(body);
      expect([r.status, r.json.details.validationError.fieldViolations.length], JSON.stringify(body)).toEqual([400, 1]);
    }
  });

  it('is the admin identity’s only: a member (the owner’s too) and a visitor are 403', async () => {
    for (const token of [
      (await memberTokens(emu)).access,
      (await memberTokens(emu, 'owner')).access,
      (await visitorTokens(emu)).access,
    ]) {
      const r = await query({}, token);
      expect([r.status, r.json.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
    }
  });
});
