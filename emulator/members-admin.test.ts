/**
 * The owner's members service (issue 41; `@wix/auto_sdk_members_members`; docs/wire.md "Members admin, badges, custom
 * fields"): list, create, approve, block, mute, unmute, disconnect, delete, the bulk actions, slugs, and the rules the
 * sign-in flows keep (a blocked or disconnected member cannot sign in anywhere and is signed out; a pending one waits
 * for approval; deleting a member never orphans their orders).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import { setSetting } from './domain/settings.ts';
import { pkceChallenge } from './domain/auth.ts';
import { totpCode } from './domain/mfa.ts';
import {
  adminToken,
  api,
  createTestMember,
  DEMO_CLIENT_ID,
  memberTokens,
  placeOrder,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';

const M = '/members/v1/members';
const AUTHN = '/_api/iam/authentication/v2';
const PASSWORD = 'members-admin-pass';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SITE = 'http://127.0.0.1:5173';

let emu: RunningEmulator;
let admin: string;
let visitor: string;
let clock = Date.parse('2026-06-01T10:00:00Z');

beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock });
  admin = await adminToken(emu);
  visitor = (await visitorTokens(emu)).access;
});
afterAll(() => emu.close());
beforeEach(() => {
  emu.db.prepare('DELETE FROM identity_login_failures').run();
  clock += 60_000;
});

const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  api(emu, path, { token: admin, ...init });
const status = async (id: string) => (await call(`${M}/${id}?fieldsets=FULL`)).json.member.status as string;
const login = (email: string, password = PASSWORD) =>
  api(emu, `${AUTHN}/login`, { token: visitor, body: { loginId: { email }, password } });
const appCode = (r: { json: { details: { applicationError: { code: string } } } }) =>
  r.json.details.applicationError.code;

let n = 0;
/** A new member who signs in with {@link PASSWORD}; `status` set directly (as a sign-up would leave it). */
async function person(state: 'APPROVED' | 'PENDING' | 'BLOCKED' = 'APPROVED', tag = 'p') {
  const email = `${tag}${++n}.members-admin@example.com`;
  const id = await createTestMember(emu, email, PASSWORD, { firstName: `First${n}` });
  if (state !== 'APPROVED') emu.db.prepare('UPDATE members SET status = ? WHERE id = ?').run(state, id);
  clock += 1000;
  return { id, email };
}

describe('who may call', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', M],
    ['POST', M, { member: { loginEmail: 'x@example.com' } }],
    ['POST', `${M}/${seedIds.members.pending}/approve`, {}],
    ['POST', `${M}/${seedIds.members.member}/block`, {}],
    ['POST', `${M}/${seedIds.members.member}/mute`, {}],
    ['POST', `${M}/${seedIds.members.member}/unmute`, {}],
    ['POST', `${M}/${seedIds.members.member}/disconnect`, {}],
    ['DELETE', `${M}/${seedIds.members.member}`],
    ['POST', `${M}/${seedIds.members.member}/slug`, { slug: 'x' }],
    ['POST', `${M}/bulk/approve-by-filter`, { filter: {} }],
    ['POST', `${M}/bulk/block-by-filter`, { filter: {} }],
    ['POST', `${M}/bulk/delete`, { memberIds: [UNKNOWN] }],
    ['POST', `${M}/bulk/delete-by-filter`, { filter: {} }],
  ];

  it('a visitor and a member get 403, no token 401, and nothing changes', async () => {
    const maya = (await memberTokens(emu)).access;
    for (const [method, path, body] of calls) {
      for (const token of [visitor, maya]) {
        const r = await api(emu, path, { method, token, ...(body === undefined ? {} : { body }) });
        expect([method, path, r.status]).toEqual([method, path, 403]);
      }
      const none = await api(emu, path, { method, ...(body === undefined ? {} : { body }) });
      expect([method, path, none.status]).toEqual([method, path, 401]);
    }
    expect(await status(seedIds.members.member)).toBe('APPROVED');
    expect(await status(seedIds.members.pending)).toBe('PENDING');
  });
});

describe('input', () => {
  it('a bad GUID is 400, an unknown id 404, for every action on one member', async () => {
    for (const action of ['approve', 'block', 'mute', 'unmute', 'disconnect']) {
      const bad = await call(`${M}/not-a-guid/${action}`, { body: {} });
      expect([action, bad.status]).toEqual([action, 400]);
      const missing = await call(`${M}/${UNKNOWN}/${action}`, { body: {} });
      expect([action, missing.status, appCode(missing)]).toEqual([action, 404, 'MEMBER_NOT_FOUND']);
    }
    expect((await call(`${M}/not-a-guid`, { method: 'DELETE' })).status).toBe(400);
    expect((await call(`${M}/${UNKNOWN}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`${M}/${UNKNOWN}/slug`, { body: { slug: 'someone' } })).status).toBe(404);
  });

  it('a body naming another member, prototype-named keys, a huge body and a bad filter are refused', async () => {
    const p = await person('PENDING');
    const other = await call(`${M}/${p.id}/approve`, { body: { id: seedIds.members.member } });
    expect(other.status).toBe(400);
    const proto = await call(`${M}/${p.id}/approve`, { body: '{"__proto__":{"x":1}}' });
    expect(proto.status).toBe(400);
    const filterProto = await call(`${M}/bulk/approve-by-filter`, {
      body: '{"filter":{"constructor":{"$eq":"x"}}}',
    });
    expect(filterProto.status).toBe(400);
    const unknownField = await call(`${M}/bulk/approve-by-filter`, { body: { filter: { password: 'x' } } });
    expect(unknownField.status).toBe(400);
    const noFilter = await call(`${M}/bulk/block-by-filter`, { body: {} });
    expect(noFilter.status).toBe(400);
    const huge = await call(`${M}/${p.id}/approve`, { body: { id: p.id, pad: 'x'.repeat(2_000_000) } });
    expect(huge.status).toBe(413);
    expect(await status(p.id)).toBe('PENDING');
  });
});

describe('approve and block', () => {
  it('a pending member waits for approval; approved, they sign in; lastLoginDate is recorded', async () => {
    const waiting = await login(DEMO_LOGINS.pending.email, DEMO_LOGINS.pending.password);
    expect(waiting.json.state).toBe('REQUIRE_OWNER_APPROVAL');
    const p = await person('PENDING');
    expect((await login(p.email)).json.state).toBe('REQUIRE_OWNER_APPROVAL');
    const approved = await call(`${M}/${p.id}/approve`, { body: { id: p.id } });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.member).toMatchObject({ id: p.id, status: 'APPROVED', activityStatus: 'ACTIVE' });
    const ok = await login(p.email);
    expect(ok.json.state).toBe('SUCCESS');
    const read = await call(`${M}/${p.id}?fieldsets=FULL`);
    expect(read.json.member.lastLoginDate).toBe(new Date(clock).toISOString());
  });

  it('blocking signs the member out at once (access and refresh) and refuses every sign-in; approving unblocks', async () => {
    const p = await person();
    const tokens = await memberTokens(emu, { id: p.id });
    expect((await api(emu, `${M}/my`, { token: tokens.access })).status).toBe(200);
    const blocked = await call(`${M}/${p.id}/block`, { body: {} });
    expect([blocked.status, blocked.json.member.status]).toEqual([200, 'BLOCKED']);
    expect((await api(emu, `${M}/my`, { token: tokens.access })).status).toBe(401);
    const refresh = await api(emu, '/oauth2/token', {
      body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: tokens.refresh },
    });
    expect(refresh.status).toBe(400);
    const refused = await login(p.email);
    expect([refused.status, appCode(refused), refused.json.message]).toEqual([
      403,
      'MEMBER_BLOCKED',
      'This member is blocked',
    ]);
    // approving again lets them in; the old tokens stay revoked
    await call(`${M}/${p.id}/approve`, { body: {} });
    expect((await login(p.email)).json.state).toBe('SUCCESS');
    expect((await api(emu, `${M}/my`, { token: tokens.access })).status).toBe(401);
  });

  it('a member blocked while a code sign-in is under way is refused at the code', async () => {
    setSetting(emu.db, 'signup_policy', 'email_verification');
    const email = `code${++n}.members-admin@example.com`;
    const reg = await api(emu, `${AUTHN}/register`, {
      token: visitor,
      body: { loginId: { email }, password: PASSWORD },
    });
    expect(reg.json.state, reg.text).toBe('REQUIRE_EMAIL_VERIFICATION');
    const mail = (await api(emu, `/_dev/mailbox?to=${encodeURIComponent(email)}`)).json.messages[0];
    expect((await call(`${M}/${reg.json.identity.id}/block`, { body: {} })).status).toBe(200);
    const verify = await api(emu, '/_api/iam/verification/v1/auth/verify', {
      token: visitor,
      body: { stateToken: reg.json.stateToken, code: mail.code },
    });
    expect([verify.status, appCode(verify)]).toEqual([403, 'MEMBER_BLOCKED']);
  });

  it('a member blocked between the password and the second factor is refused at the second factor', async () => {
    const p = await person();
    const secret = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
    const enrol = await api(emu, '/_dev/members/factors', { body: { email: p.email, type: 'TOTP', secret } });
    expect(enrol.status, enrol.text).toBe(200);
    const first = await login(p.email);
    expect(first.json.state, first.text).toBe('MFA_CHALLENGE');
    expect((await call(`${M}/${p.id}/block`, { body: {} })).status).toBe(200);
    const second = await api(emu, `${AUTHN}/TOTP/verify`, {
      token: visitor,
      body: { stateToken: first.json.stateToken, totpData: { code: totpCode(secret, clock) } },
    });
    expect([second.status, appCode(second)]).toEqual([403, 'MEMBER_BLOCKED']);
  });

  it('the hosted sign-in page shows the refusal with the email kept', async () => {
    const p = await person('BLOCKED');
    const rs = await api(emu, '/_api/redirects-api/v1/redirect-session', {
      token: visitor,
      body: {
        auth: {
          authRequest: {
            clientId: DEMO_CLIENT_ID,
            codeChallenge: pkceChallenge('members-admin-verifier-0123456789-abcdefghijklmn'),
            codeChallengeMethod: 'S256',
            responseMode: 'fragment',
            responseType: 'code',
            state: 's',
            redirectUri: `${SITE}/`,
          },
          prompt: 'login',
        },
      },
    });
    expect(rs.status, rs.text).toBe(200);
    const res = await fetch(rs.json.redirectSession.fullUrl as string, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: emu.hostedUrl },
      body: new URLSearchParams({ email: p.email, password: PASSWORD }).toString(),
    });
    const html = await res.text();
    expect(res.status, html).toBe(400); // as a wrong password: the page again, with the words
    expect(res.headers.get('location')).toBeNull();
    expect(html).toContain('This member is blocked');
    expect(html).toContain(`value="${p.email}"`);
  });

  it('the owner’s member is never blocked or disconnected (OWNER_MEMBER_BLOCK_FORBIDDEN)', async () => {
    for (const action of ['block', 'disconnect']) {
      const r = await call(`${M}/${seedIds.members.owner}/${action}`, { body: {} });
      expect([action, r.status, appCode(r)]).toEqual([action, 428, 'OWNER_MEMBER_BLOCK_FORBIDDEN']);
    }
    expect(await status(seedIds.members.owner)).toBe('APPROVED');
  });
});

describe('mute, disconnect, slug, create', () => {
  it('mute and unmute change activityStatus only', async () => {
    const p = await person();
    const muted = await call(`${M}/${p.id}/mute`, { body: {} });
    expect(muted.json.member).toMatchObject({ status: 'APPROVED', activityStatus: 'MUTED' });
    expect((await login(p.email)).json.state).toBe('SUCCESS');
    const query = await call(`${M}/query`, { body: { query: { filter: { activityStatus: 'MUTED' } } } });
    expect(query.json.members.map((m: { id: string }) => m.id)).toEqual([p.id]);
    const unmuted = await call(`${M}/${p.id}/unmute`, { body: {} });
    expect(unmuted.json.member.activityStatus).toBe('ACTIVE');
  });

  it('disconnect: OFFLINE for good, signed out, sign-in refused, approve refused', async () => {
    const p = await person();
    const tokens = await memberTokens(emu, { id: p.id });
    const off = await call(`${M}/${p.id}/disconnect`, { body: {} });
    expect([off.status, off.json.member.status]).toEqual([200, 'OFFLINE']);
    expect((await api(emu, `${M}/my`, { token: tokens.access })).status).toBe(401);
    const refused = await login(p.email);
    expect([refused.status, appCode(refused)]).toEqual([403, 'MEMBER_OFFLINE']);
    const again = await call(`${M}/${p.id}/approve`, { body: {} });
    expect([again.status, appCode(again)]).toEqual([428, 'MEMBER_OFFLINE']);
    expect(await status(p.id)).toBe('OFFLINE');
  });

  it('update slug: unique (409 SLUG_ALREADY_EXISTS), a slug’s characters only', async () => {
    const p = await person();
    const ok = await call(`${M}/${p.id}/slug`, { body: { id: p.id, slug: 'new-slug' } });
    expect([ok.status, ok.json.member.profile.slug]).toEqual([200, 'new-slug']);
    const taken = await call(`${M}/${p.id}/slug`, { body: { slug: 'maya' } });
    expect([taken.status, appCode(taken)]).toEqual([409, 'SLUG_ALREADY_EXISTS']);
    for (const slug of ['', 'two words', 'a/b', 'x'.repeat(256)])
      expect((await call(`${M}/${p.id}/slug`, { body: { slug } })).status).toBe(400);
  });

  it('create member: APPROVED with no password (sign-in asks for a reset); a taken email is 409', async () => {
    const email = `created${++n}.members-admin@example.com`;
    const made = await call(M, {
      body: { member: { loginEmail: email, contact: { firstName: 'Cleo' }, profile: { nickname: 'Cleo' } } },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.json.member).toMatchObject({ loginEmail: email, status: 'APPROVED', profile: { nickname: 'Cleo' } });
    expect(appCode(await login(email))).toBe('-19973');
    const dup = await call(M, { body: { member: { loginEmail: email.toUpperCase() } } });
    expect(dup.status).toBe(409);
    expect((await call(M, { body: { member: { loginEmail: 'not an email' } } })).status).toBe(400);
  });
});

describe('delete', () => {
  it('keeps the member’s orders readable by the admin with their buyer info; the member is gone', async () => {
    const p = await person();
    const tokens = await memberTokens(emu, { id: p.id });
    const orderId = await placeOrder(
      emu,
      [{ productId: seedIds.products['beeswax-taper-candles']!, quantity: 1 }],
      SITE,
      tokens.access,
    );
    const before = (await call(`/ecom/v1/orders/${orderId}`)).json.order;
    expect(before.buyerInfo.memberId).toBe(p.id);
    const gone = await call(`${M}/${p.id}?id=${p.id}`, { method: 'DELETE' });
    expect([gone.status, gone.json]).toEqual([200, {}]);
    expect((await call(`${M}/${p.id}`)).status).toBe(404);
    expect((await api(emu, `${M}/my`, { token: tokens.access })).status).toBe(401);
    const after = await call(`/ecom/v1/orders/${orderId}`);
    expect(after.status).toBe(200);
    expect(after.json.order.buyerInfo).toEqual(before.buyerInfo);
    expect(after.json.order.buyerInfo.contactId).toBeTruthy();
    const found = await call('/ecom/v1/orders/search', {
      body: { search: { filter: { 'buyerInfo.contactId': { $eq: before.buyerInfo.contactId } } } },
    });
    expect(found.json.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
  });

  it('the content goes to the named member, or to the owner; the owner and a bad assignee are refused', async () => {
    const p = await person();
    const q = await person();
    const bad = await call(`${M}/${p.id}?contentAssigneeId=not-a-guid`, { method: 'DELETE' });
    expect(bad.status).toBe(400);
    const self = await call(`${M}/${p.id}?contentAssigneeId=${p.id}`, { method: 'DELETE' });
    expect(self.status).toBe(400);
    const nobody = await call(`${M}/${p.id}?contentAssigneeId=${UNKNOWN}`, { method: 'DELETE' });
    expect(nobody.status).toBe(400);
    expect(await status(p.id)).toBe('APPROVED');
    expect((await call(`${M}/${p.id}?contentAssigneeId=${q.id}`, { method: 'DELETE' })).status).toBe(200);
    const owner = await call(`${M}/${seedIds.members.owner}`, { method: 'DELETE' });
    expect(owner.status).toBe(400);
    expect(owner.json.details.validationError.fieldViolations[0].ruleName).toBe(
      'OWNER_OR_CONTRIBUTOR_MEMBER_DELETE_FORBIDDEN',
    );
    expect(await status(seedIds.members.owner)).toBe('APPROVED');
  });
});

describe('bulk', () => {
  it('bulk approve by filter changes exactly the filtered members', async () => {
    const a = await person('PENDING', 'bulkA');
    const b = await person('BLOCKED', 'bulkA');
    const c = await person('PENDING', 'bulkC');
    const r = await call(`${M}/bulk/approve-by-filter`, {
      body: { filter: { loginEmail: { $startsWith: 'bulka' }, status: { $in: ['PENDING', 'BLOCKED'] } } },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect([await status(a.id), await status(b.id), await status(c.id)]).toEqual(['APPROVED', 'APPROVED', 'PENDING']);
    expect(await status(seedIds.members.pending)).toBe('PENDING');
    expect(await status(seedIds.members.blocked)).toBe('BLOCKED');
  });

  it('bulk block by filter signs the filtered members out and skips the owner', async () => {
    const a = await person('APPROVED', 'bulkB');
    const other = await person('APPROVED', 'other');
    const tokens = await memberTokens(emu, { id: a.id });
    const r = await call(`${M}/bulk/block-by-filter`, {
      body: { filter: { $or: [{ loginEmail: a.email }, { id: seedIds.members.owner }] } },
    });
    expect(r.status, r.text).toBe(200);
    expect([await status(a.id), await status(seedIds.members.owner), await status(other.id)]).toEqual([
      'BLOCKED',
      'APPROVED',
      'APPROVED',
    ]);
    expect((await api(emu, `${M}/my`, { token: tokens.access })).status).toBe(401);
  });

  it('bulk delete by ids answers one result per id; bulk delete by filter deletes exactly the filtered ones', async () => {
    const a = await person('APPROVED', 'bulkD');
    const r = await call(`${M}/bulk/delete`, { body: { memberIds: [a.id, UNKNOWN, seedIds.members.owner] } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.results.map((x: { itemMetadata: object }) => x.itemMetadata)).toEqual([
      { id: a.id, originalIndex: 0, success: true },
      {
        id: UNKNOWN,
        originalIndex: 1,
        success: false,
        error: { code: 'MEMBER_NOT_FOUND', description: 'Member not found' },
      },
      {
        id: seedIds.members.owner,
        originalIndex: 2,
        success: false,
        error: { code: 'OWNER_OR_CONTRIBUTOR_MEMBER_DELETE_FORBIDDEN', description: expect.any(String) },
      },
    ]);
    expect(r.json.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 2, undetailedFailures: 0 });
    expect((await call(`${M}/bulk/delete`, { body: { memberIds: [] } })).status).toBe(400);
    expect((await call(`${M}/bulk/delete`, { body: { memberIds: Array(101).fill(UNKNOWN) } })).status).toBe(400);

    const x = await person('PENDING', 'bulkE');
    const y = await person('PENDING', 'bulkE');
    const keep = await person('APPROVED', 'bulkE');
    const byFilter = await call(`${M}/bulk/delete-by-filter`, {
      body: { filter: { status: 'PENDING' }, search: { expression: 'bulke', fields: ['loginEmail'] } },
    });
    expect(byFilter.status, byFilter.text).toBe(200);
    expect((await call(`${M}/${x.id}`)).status).toBe(404);
    expect((await call(`${M}/${y.id}`)).status).toBe(404);
    expect(await status(keep.id)).toBe('APPROVED');
    expect(await status(seedIds.members.pending)).toBe('PENDING');
  });
});

describe('list and query', () => {
  it('list members: offset paging, sorting and fieldsets, as dotted parameters or the SDK’s .r', async () => {
    const all = await call(`${M}?paging.limit=100`);
    expect(all.status, all.text).toBe(200);
    expect(all.json.metadata).toMatchObject({ offset: 0, total: all.json.members.length });
    expect(all.json.members[0].status).toBe('UNKNOWN');
    const r = Buffer.from(
      JSON.stringify({
        paging: { limit: 2, offset: 1 },
        fieldsets: ['FULL'],
        sorting: [{ fieldName: 'createdDate', order: 'DESC' }],
      }),
    ).toString('base64url');
    const page = await call(`${M}?.r=${r}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json.metadata).toMatchObject({ count: 2, offset: 1, total: all.json.metadata.total });
    expect(page.json.members[0].loginEmail).toBeDefined();
    const dates = page.json.members.map((m: { createdDate: string }) => m.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const dotted = await call(`${M}?sorting.fieldName=createdDate&sorting.order=DESC&fieldsets=EXTENDED`);
    expect(dotted.json.members[0].status).not.toBe('UNKNOWN');
    for (const bad of ['paging.limit=101', 'fieldsets=ALL', 'sorting.fieldName=loginEmail'])
      expect([bad, (await call(`${M}?${bad}`)).status]).toEqual([bad, 400]);
    expect((await call(`${M}?__proto__.x=1`)).status).toBe(400);
  });

  it('query members: status, a createdDate range, lastLoginDate sort and search fields', async () => {
    const from = new Date(clock).toISOString();
    const a = await person('PENDING', 'range');
    const b = await person('APPROVED', 'range');
    const to = new Date(clock).toISOString();
    await person('PENDING', 'range');
    const ranged = await call(`${M}/query`, {
      body: { query: { filter: { createdDate: { $gte: from, $lt: to } } } },
    });
    expect(ranged.json.members.map((m: { id: string }) => m.id)).toEqual([a.id, b.id]);
    const pending = await call(`${M}/query`, {
      body: { query: { filter: { status: 'PENDING', createdDate: { $gte: from, $lt: to } } } },
    });
    expect(pending.json.members.map((m: { id: string }) => m.id)).toEqual([a.id]);
    const byNick = await call(`${M}/query`, {
      body: { search: { expression: 'rafael', fields: ['profile.nickname'] } },
    });
    expect(byNick.json.members.map((m: { id: string }) => m.id)).toEqual([seedIds.members.pending2]);
    const notInEmail = await call(`${M}/query`, {
      body: { search: { expression: 'fernwood.example', fields: ['profile.nickname'] } },
    });
    expect(notInEmail.json.members).toEqual([]);
    expect((await call(`${M}/query`, { body: { search: { expression: 'x', fields: ['password'] } } })).status).toBe(
      400,
    );
    await login(DEMO_LOGINS.member.email, DEMO_LOGINS.member.password);
    const recent = await call(`${M}/query`, {
      body: { query: { sort: [{ fieldName: 'lastLoginDate', order: 'DESC' }], paging: { limit: 1 } } },
    });
    expect(recent.json.members[0].id).toBe(seedIds.members.member);
  });
});
