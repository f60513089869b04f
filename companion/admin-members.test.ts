/**
 * The owner console's members through the companion, against a real emulator (SQLite): only the owner lists, reads
 * and acts; the list's filters reach the platform; the bulk actions change exactly the members the owner counted, and
 * a count that changed meanwhile is refused with nothing done; a member deleted with a content assignee leaves their
 * reviews to that member and their orders in place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companionTable } from '../core/api/companion-table.ts';
import { CONTENT_ASSIGNEES, createMember, memberById } from '../emulator/domain/identity.ts';
import { setSetting } from '../emulator/domain/settings.ts';
import { hashPassword } from '../emulator/domain/auth.ts';
import { adminToken, api, createTestMember, memberTokens, placeOrder } from '../tests/helpers/emulator.ts';
import { DEMO_LOGINS, harness, post, seedIds, type Harness } from './test-helpers.ts';

const TAPERS = seedIds.products['beeswax-taper-candles']!;

const BASE = '/v1/admin/members';
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

let h: Harness;
let owner: string;

const code = (r: { body_: any }) => r.body_?.details?.applicationError?.code; // eslint-disable-line @typescript-eslint/no-explicit-any
const status = (id: string) => memberById(h.emu.db, id)?.status;
const search = async (body: object) => (await h.call(`${BASE}/search`, post(body, owner))).body_;
let password: string;

/** A new sign-up waiting for the owner's approval (the emulator's own record, as a sign-up under approval makes it). */
async function pending(email: string, firstName: string): Promise<string> {
  return createMember(
    h.emu.db,
    { email, passwordHash: password, status: 'PENDING', nickname: firstName, firstName, lastName: 'Test' },
    h.emu.app.now(),
  );
}

/** A new member who placed an order and wrote a review (`title`, `rating`) of the tapers, through the platform. */
async function shopper(email: string, firstName: string, title: string, rating: number) {
  const id = await createTestMember(h.emu, email, 'a-long-password-1', { firstName });
  const tokens = await memberTokens(h.emu, { id });
  const orderId = await placeOrder(h.emu, [{ productId: TAPERS, quantity: 1 }], undefined, tokens.access);
  const contactId = memberById(h.emu.db, id)!.contact_id;
  const review = await api(h.emu, '/reviews/v1/reviews', {
    token: tokens.access,
    body: {
      review: {
        namespace: 'stores',
        entityId: TAPERS,
        author: { contactId },
        content: { title, body: 'Fine.', rating },
      },
    },
  });
  expect(review.status).toBe(200);
  return { id, orderId, contactId, reviewId: review.json.review.id as string };
}

beforeAll(async () => {
  h = await harness();
  owner = await h.owner();
  password = await hashPassword('a-long-password-1');
});
afterAll(() => h.close());

describe('who', () => {
  it('a visitor and a member get 403 NOT_OWNER from every members route, before the body is read; no token 401', async () => {
    const routes = Object.values(companionTable).filter((r) => r.path.startsWith('/admin/members'));
    expect(routes.length).toBe(17);
    const [visitor, member] = [await h.visitor(), await h.member()];
    const id = seedIds.members.member;
    for (const r of routes) {
      const path = `/v1${r.path.replace('{id}', id)}`;
      const init = (token?: string) =>
        r.method === 'GET' ? { token } : post({ __proto__: 1, count: 1, filter: {} }, token, r.method);
      for (const token of [visitor, member]) {
        const res = await h.call(path, init(token));
        expect([r.method, r.path, res.status, code(res)]).toEqual([r.method, r.path, 403, 'NOT_OWNER']);
      }
      expect((await h.call(path, init())).status, r.path).toBe(401);
    }
    expect(status(id)).toBe('APPROVED');
  });
});

describe('validation', () => {
  it('a forged or unknown member id is 404; unknown, prototype-named and oversized bodies are refused', async () => {
    for (const bad of ['not-a-guid', '..', `${seedIds.members.member}x`]) {
      const r = await h.call(`${BASE}/${encodeURIComponent(bad)}`, { token: owner });
      expect([r.status, code(r)], bad).toEqual([404, 'NOT_FOUND']);
    }
    const unknown = await h.call(`${BASE}/${NO_SUCH}/approve`, post({}, owner));
    expect([unknown.status, code(unknown)]).toEqual([404, 'NOT_FOUND']);
    const extra = await h.call(`${BASE}/search`, post({ status: 'PENDING', admin: true }, owner));
    expect(extra.status).toBe(400);
    expect(extra.body_.details.validationError.fieldViolations[0]).toMatchObject({ field: 'admin' });
    const proto = await h.call(`${BASE}/search`, {
      ...post({}, owner),
      body: '{"__proto__":{"status":"BLOCKED"}}',
    });
    expect(proto.status).toBe(400);
    const everyone = await h.call(`${BASE}/search`, post({ status: 'EVERYONE' }, owner));
    expect(everyone.status).toBe(400);
    const huge = await h.call(`${BASE}/search`, post({ search: 'x'.repeat(40_000) }, owner));
    expect(huge.status).toBe(413);
    const assignee = await h.call(`${BASE}/${seedIds.members.member}/delete`, post({ contentAssigneeId: 'me' }, owner));
    expect(assignee.status).toBe(400);
    const bulk = await h.call(`${BASE}/bulk-approve`, post({ filter: { status: 'PENDING' }, count: 0 }, owner));
    expect(bulk.status).toBe(400);
  });
});

describe('the list', () => {
  it('filters by status, joined dates and text, counts the matches, pages, and tells the pending count', async () => {
    const a = await pending('ada.pending@example.com', 'Ada');
    const b = await pending('bo.pending@example.com', 'Bo');
    const before = (await h.call(`${BASE}/pending`, { token: owner })).body_.pending;
    expect(before).toBeGreaterThanOrEqual(2);
    const p = await search({ status: 'PENDING', limit: 100 });
    expect(p.total).toBe(before);
    expect(p.members.every((m: { status: string }) => m.status === 'PENDING')).toBe(true);
    expect(p.members.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([a, b]));
    const ada = p.members.find((m: { id: string }) => m.id === a);
    expect(ada).toMatchObject({ name: 'Ada Test', email: 'ada.pending@example.com', activity: expect.any(String) });
    expect(ada.joinedDate).toMatch(/^\d{4}-/);

    const text = await search({ search: 'bo.pending' });
    expect(text.members.map((m: { id: string }) => m.id)).toEqual([b]);
    expect(text.total).toBe(1);

    const future = await search({ joinedFrom: '2999-01-01T00:00:00.000Z' });
    expect([future.members, future.total]).toEqual([[], 0]);

    const first = await search({ limit: 1 });
    expect(first.members).toHaveLength(1);
    expect(first.next).toBe(1);
    const second = await search({ limit: 1, offset: first.next });
    expect(second.members[0].id).not.toBe(first.members[0].id);

    const owners = (await search({ search: DEMO_LOGINS.owner.email })).members;
    expect(owners[0]).toMatchObject({ owner: true });
  });
});

describe('one member', () => {
  it('their page: profile, their orders and reviews, badges and custom fields', async () => {
    const { id, orderId, contactId, reviewId } = await shopper('page.member@example.com', 'Pia', 'Warm', 5);
    const r = await h.call(`${BASE}/${id}`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body_.member).toMatchObject({
      id,
      status: 'APPROVED',
      name: 'Pia',
      email: 'page.member@example.com',
      contactId,
      unavailable: [],
    });
    expect(r.body_.member.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(r.body_.member.orders[0].total).toMatch(/\d/);
    expect(r.body_.member.reviews).toMatchObject([{ id: reviewId, title: 'Warm', rating: 5 }]);
    expect(r.body_.member.badges).toEqual([]);
    // every custom field of the site, none of them filled in yet
    expect(r.body_.member.customFields).toEqual([
      expect.objectContaining({ key: 'custom.favourite-trail', value: '' }),
    ]);
  });

  it('approve (twice is fine), block, mute and unmute, disconnect; the owner is never blocked or deleted', async () => {
    const id = await pending('act.pending@example.com', 'Cy');
    for (let n = 0; n < 2; n++) {
      const r = await h.call(`${BASE}/${id}/approve`, post({}, owner));
      expect([r.status, r.body_.member.status]).toEqual([200, 'APPROVED']);
    }
    const muted = await h.call(`${BASE}/${id}/mute`, post({}, owner));
    expect(muted.body_.member.activity).toBe('MUTED');
    const unmuted = await h.call(`${BASE}/${id}/unmute`, post({}, owner));
    expect(unmuted.body_.member.activity).toBe('ACTIVE');
    const blocked = await h.call(`${BASE}/${id}/block`, post({}, owner));
    expect([blocked.status, blocked.body_.member.status, status(id)]).toEqual([200, 'BLOCKED', 'BLOCKED']);
    const back = await h.call(`${BASE}/${id}/approve`, post({}, owner));
    expect([back.status, status(id)]).toEqual([200, 'APPROVED']);
    const gone = await h.call(`${BASE}/${id}/disconnect`, post({}, owner));
    expect([gone.status, gone.body_.member.status, status(id)]).toEqual([200, 'OFFLINE', 'OFFLINE']);

    const ownerId = seedIds.members.owner;
    for (const action of ['block', 'delete']) {
      const r = await h.call(`${BASE}/${ownerId}/${action}`, post({}, owner));
      expect([r.status, code(r)]).toEqual([409, 'OWNER_MEMBER']);
    }
    expect(status(ownerId)).toBe('APPROVED');
  });

  it('delete with a content assignee: their reviews go to that member, their orders stay; a retry is 404', async () => {
    const { id: leaving, orderId, reviewId } = await shopper('leaving@example.com', 'Lee', 'Kept', 4);
    const heir = await createTestMember(h.emu, 'heir@example.com', 'a-long-password-1', { firstName: 'Hal' });
    setSetting(h.emu.db, CONTENT_ASSIGNEES, [heir]);

    const self = await h.call(`${BASE}/${leaving}/delete`, post({ contentAssigneeId: leaving }, owner));
    expect(self.status).toBe(400);
    const nobody = await h.call(`${BASE}/${leaving}/delete`, post({ contentAssigneeId: NO_SUCH }, owner));
    expect(nobody.status).toBe(400);
    expect(status(leaving)).toBe('APPROVED');

    const r = await h.call(`${BASE}/${leaving}/delete`, post({ contentAssigneeId: heir }, owner));
    expect([r.status, r.body_]).toEqual([200, { deleted: true }]);
    expect(memberById(h.emu.db, leaving)).toBeUndefined();
    const heirPage = (await h.call(`${BASE}/${heir}`, { token: owner })).body_.member;
    expect(heirPage.reviews.map((x: { id: string }) => x.id)).toEqual([reviewId]);
    const admin = await adminToken(h.emu);
    const order = await api(h.emu, `/ecom/v1/orders/${orderId}`, { token: admin });
    expect([order.status, order.json.order.buyerInfo.memberId]).toEqual([200, leaving]);

    const again = await h.call(`${BASE}/${leaving}/delete`, post({ contentAssigneeId: heir }, owner));
    expect([again.status, code(again)]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('badges and custom fields', () => {
  it('Maya’s page shows her badge and her custom field; the list names each member’s badges', async () => {
    const maya = seedIds.members.member;
    const page = (await h.call(`${BASE}/${maya}`, { token: owner })).body_.member;
    expect(page.unavailable).toEqual([]);
    expect(page.badges).toEqual([expect.objectContaining({ title: 'Trail regular', backgroundColor: '#2F6B4F' })]);
    expect(page.customFields).toEqual([
      { key: 'custom.favourite-trail', name: 'Favourite trail', value: 'Wildwood loop', fieldType: 'TEXT' },
    ]);
    const row = (await search({ search: DEMO_LOGINS.member.email })).members[0];
    expect(row.badgeIds).toEqual([page.badges[0].id]);
    const fields = (await h.call(`${BASE}/custom-fields`, { token: owner })).body_.fields;
    expect(fields).toContainEqual(expect.objectContaining({ key: 'custom.favourite-trail', name: 'Favourite trail' }));
  });

  it('sets and clears a member’s custom value through Update Member; an unknown key is refused', async () => {
    const id = await createTestMember(h.emu, 'field.holder@example.com', 'a-long-password-1', { firstName: 'Fen' });
    const FIELD = `${BASE}/${id}/custom-fields`;
    const set = await h.call(FIELD, post({ key: 'custom.favourite-trail', value: ' Ridge path ' }, owner));
    expect([set.status, set.body_.customFields[0].value]).toEqual([200, 'Ridge path']);
    const page = (await h.call(`${BASE}/${id}`, { token: owner })).body_.member;
    expect(page.customFields[0].value).toBe('Ridge path');
    const cleared = await h.call(FIELD, post({ key: 'custom.favourite-trail', value: '' }, owner));
    expect([cleared.status, cleared.body_.customFields[0].value]).toEqual([200, '']);
    const unknown = await h.call(FIELD, post({ key: 'custom.nothing', value: 'x' }, owner));
    expect(unknown.status).toBe(400);
    const proto = await h.call(FIELD, post({ key: '__proto__', value: 'x' }, owner));
    expect(proto.status).toBe(400);
    const long = await h.call(FIELD, post({ key: 'custom.favourite-trail', value: 'x'.repeat(1001) }, owner));
    expect(long.status).toBe(400);
  });

  it('creates a badge (a colour in any case), gives it and takes it away (each twice is harmless)', async () => {
    const id = await createTestMember(h.emu, 'badge.holder@example.com', 'a-long-password-1', { firstName: 'Bea' });
    const made = await h.call(`${BASE}/badges`, post({ title: 'Early bird', backgroundColor: '#aa00ff' }, owner));
    expect([made.status, made.body_.badge]).toEqual([
      200,
      expect.objectContaining({ title: 'Early bird', backgroundColor: '#AA00FF' }),
    ]);
    const badge = made.body_.badge.id;
    const list = (await h.call(`${BASE}/badges`, { token: owner })).body_.badges;
    expect(list.map((b: { id: string }) => b.id)).toContain(badge);
    for (let n = 0; n < 2; n++) {
      const on = await h.call(`${BASE}/${id}/badges`, post({ badgeId: badge, assigned: true }, owner));
      expect([on.status, on.body_.badges.map((b: { id: string }) => b.id)]).toEqual([200, [badge]]);
    }
    for (let n = 0; n < 2; n++) {
      const off = await h.call(`${BASE}/${id}/badges`, post({ badgeId: badge, assigned: false }, owner));
      expect([off.status, off.body_.badges]).toEqual([200, []]);
    }
    const bad = await h.call(`${BASE}/badges`, post({ title: '  ', backgroundColor: 'red' }, owner));
    expect(bad.status).toBe(400);
    const unknown = await h.call(`${BASE}/${id}/badges`, post({ badgeId: NO_SUCH, assigned: true }, owner));
    expect(unknown.status).toBe(404);
  });
});

describe('bulk by filter', () => {
  it('refuses 409 COUNT_CHANGED when the filter matches another number now, and changes nothing', async () => {
    const id = await pending('count.pending@example.com', 'Di');
    const now = (await search({ status: 'PENDING' })).total;
    const r = await h.call(`${BASE}/bulk-approve`, post({ filter: { status: 'PENDING' }, count: now - 1 }, owner));
    expect([r.status, code(r), r.body_.details.applicationError.data.count]).toEqual([409, 'COUNT_CHANGED', now]);
    expect(status(id)).toBe('PENDING');
  });

  it('approves exactly the members the filter matched, and no other', async () => {
    const mine = [await pending('bulk.one@example.com', 'Eve'), await pending('bulk.two@example.com', 'Fay')];
    const other = await pending('other.waiting@example.com', 'Gus');
    const blocked = await pending('bulk.blocked@example.com', 'Hui');
    await h.call(`${BASE}/${blocked}/block`, post({}, owner));
    const filter = { status: 'PENDING', search: 'bulk.' };
    const { total } = await search(filter);
    expect(total).toBe(2);
    const r = await h.call(`${BASE}/bulk-approve`, post({ filter, count: 2 }, owner));
    expect([r.status, r.body_.done]).toEqual([200, 2]);
    expect(mine.map(status)).toEqual(['APPROVED', 'APPROVED']);
    expect([status(other), status(blocked)]).toEqual(['PENDING', 'BLOCKED']);
  });

  it('blocks by filter but never an owner; deletes by filter with a content assignee', async () => {
    const a = await createTestMember(h.emu, 'bb.one@example.com', 'a-long-password-1', { firstName: 'Ike' });
    const b = await createTestMember(h.emu, 'bb.two@example.com', 'a-long-password-1', { firstName: 'Jo' });
    const r = await h.call(`${BASE}/bulk-block`, post({ filter: { search: 'bb.' }, count: 2 }, owner));
    expect([r.status, r.body_.done]).toEqual([200, 2]);
    expect([status(a), status(b)]).toEqual(['BLOCKED', 'BLOCKED']);

    const ownerEmail = DEMO_LOGINS.owner.email;
    const own = await h.call(`${BASE}/bulk-block`, post({ filter: { search: ownerEmail }, count: 1 }, owner));
    expect([own.status, own.body_.done]).toEqual([200, 0]);
    expect(status(seedIds.members.owner)).toBe('APPROVED');

    const del = await h.call(
      `${BASE}/bulk-delete`,
      post({ filter: { status: 'BLOCKED', search: 'bb.' }, count: 2 }, owner),
    );
    expect([del.status, del.body_.done]).toEqual([200, 2]);
    expect([memberById(h.emu.db, a), memberById(h.emu.db, b)]).toEqual([undefined, undefined]);
  });
});
