/**
 * Member contact details and account deletion (issue 21, docs/wire.md "Members: contact details"): the FULL
 * fieldset's phones, emails and addresses, PATCH replacing whole sets, the Delete Member Phones/Emails/Addresses
 * calls, and Delete My Member with and without a content assignee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueMemberTokens } from './domain/auth.ts';
import { CONTENT_ASSIGNEES, createMember } from './domain/identity.ts';
import { seed } from './domain/seed.ts';
import { getSetting, setSetting } from './domain/settings.ts';
import { CONTACT_LIMITS } from './routes/members.ts';
import { seedIds } from './seed.ts';
import type { RunningEmulator } from './server.ts';
import {
  adminToken,
  api,
  DEMO_CLIENT_ID,
  memberTokens,
  rawRequest,
  startTestEmulator,
  visitorTokens,
} from '../tests/helpers/emulator.ts';

const MY = '/members/v1/members/my';
const M = '/members/v1/members';
const SKILLET = seedIds.products['cast-iron-skillet']!;
const MUG = seedIds.products['enamel-camp-mug']!;

let emu: RunningEmulator;
let admin: string;
let n = 0;

beforeAll(async () => {
  emu = await startTestEmulator();
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

/** A fresh approved member and its tokens. */
function newMember(nickname = `Person ${++n}`) {
  const email = `contact${++n}@example.com`;
  const id = createMember(
    emu.db,
    { email, passwordHash: 'unused', status: 'APPROVED', nickname, firstName: null, lastName: null },
    emu.app.now(),
  );
  const t = issueMemberTokens(emu.db, { clientId: DEMO_CLIENT_ID, memberId: id }, emu.app.now(), 3600);
  return { id, email, access: t.access_token, refresh: t.refresh_token };
}
type Who = ReturnType<typeof newMember>;

const patch = (id: string, token: string, body: unknown) => api(emu, `${M}/${id}`, { method: 'PATCH', token, body });
const contactOf = (id: string, token: string, body: unknown) => patch(id, token, { member: { id, contact: body } });
const full = async (who: Who) => (await api(emu, `${MY}?fieldsets=FULL`, { token: who.access })).json.member;
const fields = (r: {
  json: { details: { validationError: { fieldViolations: { field: string; violatedRule: string }[] } } };
}) => r.json.details.validationError.fieldViolations.map((f) => `${f.field}:${f.violatedRule}`);

const HOME = {
  addressLine: '1 Main St',
  city: 'Springfield',
  subdivision: 'US-IL',
  country: 'US',
  postalCode: '62701',
};
const WORK = { streetAddress: { number: '5', name: 'Rue Haute' }, city: 'Paris', country: 'FR' };

describe('contact details: fieldsets and PATCH', () => {
  it('FULL shows the stored sets (a new member: its login email); PUBLIC and EXTENDED show no contact', async () => {
    const a = newMember();
    expect((await full(a)).contact).toEqual({ phones: [], emails: [a.email], addresses: [], customFields: {} });
    const r = await contactOf(a.id, a.access, { firstName: 'Ada', phones: ['+44 20 7946 0000'], addresses: [HOME] });
    expect(r.status).toBe(200);
    const c = (await full(a)).contact;
    expect(c).toMatchObject({ firstName: 'Ada', phones: ['+44 20 7946 0000'], emails: [a.email] });
    expect(c.addresses).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...HOME }]);
    for (const fs of ['PUBLIC', 'EXTENDED']) {
      const m = (await api(emu, `${MY}?fieldsets=${fs}`, { token: a.access })).json.member;
      expect(m.contact).toBeUndefined();
    }
  });

  it('a non-empty array replaces the set, an empty one is ignored; sent ids are kept, new addresses get new ids', async () => {
    const a = newMember();
    const one = await contactOf(a.id, a.access, { phones: ['555 0101', '555 0102'], addresses: [HOME, WORK] });
    const [home, work] = one.json.member.contact.addresses as { id: string }[];
    expect(one.json.member.contact.phones).toEqual(['555 0101', '555 0102']);
    expect(home!.id).not.toBe(work!.id);
    const two = await contactOf(a.id, a.access, {
      phones: [],
      addresses: [
        { ...WORK, id: work!.id, city: 'Lyon' },
        { addressLine: '9 New Rd', country: 'GB' },
      ],
    });
    expect(two.status).toBe(200);
    const c = two.json.member.contact;
    expect(c.phones).toEqual(['555 0101', '555 0102']);
    expect(c.addresses).toHaveLength(2);
    expect(c.addresses[0]).toEqual({ id: work!.id, ...WORK, city: 'Lyon' });
    expect(c.addresses[1].id).not.toBe(home!.id);
    expect(c.addresses[1].id).not.toBe(work!.id);
    // an empty addresses array has no effect either; phones replaced alone
    const three = await contactOf(a.id, a.access, { phones: ['555 0199'], addresses: [] });
    expect(three.json.member.contact.phones).toEqual(['555 0199']);
    expect(three.json.member.contact.addresses).toEqual(c.addresses);
    expect(await full(a)).toMatchObject({ contact: { phones: ['555 0199'], addresses: c.addresses } });
  });

  it('an address id the member does not have → 400 on its path (another member’s included); nothing changes', async () => {
    const a = newMember();
    const b = newMember();
    const theirs = (await contactOf(b.id, b.access, { addresses: [HOME] })).json.member.contact.addresses[0].id;
    await contactOf(a.id, a.access, { addresses: [WORK] });
    const before = (await full(a)).contact;
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const r = await contactOf(a.id, a.access, { addresses: [WORK, { ...HOME, id }] });
      expect(r.status).toBe(400);
      expect(fields(r)).toEqual(['member.contact.addresses[1].id:VALIDATION']);
    }
    const mine = before.addresses[0].id;
    const twice = await contactOf(a.id, a.access, {
      addresses: [
        { ...WORK, id: mine },
        { ...HOME, id: mine },
      ],
    });
    expect(fields(twice)).toEqual(['member.contact.addresses[1].id:VALIDATION']);
    expect((await full(a)).contact).toEqual(before);
    // b's address is untouched
    expect((await full(b)).contact.addresses[0].id).toBe(theirs);
  });

  it('field errors carry their paths; limits hold', async () => {
    const a = newMember();
    const r = await contactOf(a.id, a.access, {
      firstName: 'x'.repeat(101),
      phones: ['12', 'call me', '+1 (555) 010-0000'],
      addresses: [
        { ...HOME, country: 'usa' },
        { ...HOME, city: 'c'.repeat(CONTACT_LIMITS.city + 1), addressLine: 'a'.repeat(CONTACT_LIMITS.addressLine + 1) },
        { addressLine: '1 A St', streetAddress: { number: '1', name: 'A St' } },
        {},
        { ...HOME, id: 'not-a-guid' },
      ],
    });
    expect(r.status).toBe(400);
    expect(fields(r)).toEqual(
      expect.arrayContaining([
        'member.contact.firstName:MAX_LENGTH',
        'member.contact.phones[0]:FORMAT',
        'member.contact.phones[1]:FORMAT',
        'member.contact.addresses[0].country:FORMAT',
        'member.contact.addresses[1].city:MAX_LENGTH',
        'member.contact.addresses[1].addressLine:MAX_LENGTH',
        'member.contact.addresses[2].addressLine:ONE_OF_ALIGNMENT',
        'member.contact.addresses[3]:MIN_SIZE',
        'member.contact.addresses[4].id:FORMAT',
      ]),
    );
    expect(fields(r).some((f) => f.startsWith('member.contact.phones[2]'))).toBe(false);
    const many = await contactOf(a.id, a.access, {
      phones: Array.from({ length: CONTACT_LIMITS.phones + 1 }, (_, i) => `555 01${String(i).padStart(2, '0')}`),
      addresses: Array.from({ length: CONTACT_LIMITS.addresses + 1 }, () => HOME),
    });
    expect(fields(many)).toEqual(['member.contact.phones:MAX_SIZE', 'member.contact.addresses:MAX_SIZE']);
    const longPhone = await contactOf(a.id, a.access, { phones: ['1'.repeat(CONTACT_LIMITS.phoneLength + 1)] });
    expect(fields(longPhone)).toEqual(['member.contact.phones[0]:MAX_LENGTH']);
    // emails are immutable: refused when sent, an empty array has no effect
    const emails = await contactOf(a.id, a.access, { emails: ['other@example.com'] });
    expect(fields(emails)).toEqual(['member.contact.emails:FIELD_NOT_ALLOWED']);
    expect((await contactOf(a.id, a.access, { emails: [] })).status).toBe(200);
    // member.id must be the path's
    const wrongId = await patch(a.id, a.access, {
      member: { id: seedIds.members.member, contact: { phones: ['5550100'] } },
    });
    expect(fields(wrongId)).toEqual(['member.id:VALIDATION']);
    expect((await full(a)).contact).toEqual({ phones: [], emails: [a.email], addresses: [], customFields: {} });
  });

  it('an address text with a line break or another control character → 400 FORMAT on its path; nothing stored', async () => {
    const a = newMember();
    await contactOf(a.id, a.access, { addresses: [HOME] });
    const before = (await full(a)).contact.addresses;
    const bad = ['\r\n', '\n', '\r', '\u0000', '\t', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029'];
    const at = (v: string, i: 0 | 1) => ['1 Main St', 'Spring field'][i]!.replace(' ', v);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...HOME, addressLine: '1 Main St\r\nApt 4' }, 'addressLine'],
      [{ ...HOME, addressLine2: 'Flat 2\nBack door' }, 'addressLine2'],
      [{ ...HOME, city: 'Spring\rfield' }, 'city'],
      [{ ...HOME, subdivision: 'US-IL\n' }, 'subdivision'],
      [{ ...HOME, postalCode: '62701\r\nX-Injected: 1' }, 'postalCode'],
      [{ city: 'Paris', country: 'FR', streetAddress: { number: '5\n', name: 'Rue Haute' } }, 'streetAddress.number'],
      [{ city: 'Paris', country: 'FR', streetAddress: { number: '5', name: 'Rue\u0000Haute' } }, 'streetAddress.name'],
    ];
    for (const [address, field] of cases) {
      const r = await contactOf(a.id, a.access, { addresses: [address] });
      expect(r.status, field).toBe(400);
      expect(fields(r), field).toEqual([`member.contact.addresses[0].${field}:FORMAT`]);
    }
    for (const v of bad) {
      const r = await contactOf(a.id, a.access, {
        addresses: [HOME, { ...HOME, addressLine: at(v, 0), city: at(v, 1) }],
      });
      expect(fields(r), JSON.stringify(v)).toEqual([
        'member.contact.addresses[1].addressLine:FORMAT',
        'member.contact.addresses[1].city:FORMAT',
      ]);
    }
    // the admin identity is held to the same rule
    expect((await contactOf(a.id, admin, { addresses: [{ ...HOME, city: 'A\nB' }] })).status).toBe(400);
    expect((await full(a)).contact.addresses).toEqual(before);
    // spaces and other scripts stay fine
    const ok = await contactOf(a.id, a.access, {
      addresses: [{ ...HOME, addressLine: '  Straße 7 – Hof  ', city: '東京' }],
    });
    expect(ok.status).toBe(200);
    expect(ok.json.member.contact.addresses[0]).toMatchObject({ addressLine: 'Straße 7 – Hof', city: '東京' });
  });

  it('prototype-named keys and a huge body are refused; Object.prototype stays clean', async () => {
    const a = newMember();
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const body = `{"member":{"contact":{"addresses":[{"city":"X","${key}":{"polluted":"yes"}}]}}}`;
      const r = await api(emu, `${M}/${a.id}`, { method: 'PATCH', token: a.access, body });
      expect(r.status).toBe(400);
      expect(r.json.details.validationError.fieldViolations[0].violatedRule).toBe('FIELD_NOT_ALLOWED');
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const huge = JSON.stringify({ member: { contact: { phones: ['555 0100'], pad: 'x'.repeat(2 * 1024 * 1024) } } });
    const r = await rawRequest(emu.url, `${M}/${a.id}`, {
      method: 'PATCH',
      headers: { Authorization: a.access, 'Content-Type': 'application/json' },
      body: huge,
    });
    expect(r.status).toBe(413);
    expect((await full(a)).contact.phones).toEqual([]);
  });

  it('another member’s id → 403 (the owner’s role too), a visitor → 403, no token → 401, unknown member (admin) → 404', async () => {
    const a = newMember();
    const b = newMember();
    const owner = await memberTokens(emu, 'owner');
    const visitor = (await visitorTokens(emu)).access;
    for (const token of [a.access, owner.access]) {
      expect((await contactOf(b.id, token, { phones: ['555 0100'] })).status).toBe(403);
      for (const set of ['phones', 'emails', 'addresses'])
        expect((await api(emu, `${M}/${b.id}/${set}`, { method: 'DELETE', token })).status).toBe(403);
    }
    expect((await contactOf(b.id, visitor, { phones: ['555 0100'] })).status).toBe(403);
    expect((await api(emu, `${M}/${b.id}/phones`, { method: 'DELETE', token: visitor })).status).toBe(403);
    expect((await api(emu, `${M}/${b.id}/phones`, { method: 'DELETE' })).status).toBe(401);
    expect((await contactOf('00000000-0000-4000-8000-000000000000', admin, { phones: ['555 0100'] })).status).toBe(404);
    expect((await full(b)).contact).toEqual({ phones: [], emails: [b.email], addresses: [], customFields: {} });
  });
});

describe('Delete Member Phones / Emails / Addresses', () => {
  it('each empties its set only and answers {member}; the admin identity may do all on any member', async () => {
    const a = newMember();
    await contactOf(a.id, a.access, { phones: ['555 0100'], addresses: [HOME] });
    const p = await api(emu, `${M}/${a.id}/phones`, { method: 'DELETE', token: a.access });
    expect(p.status).toBe(200);
    expect(p.json.member.contact).toMatchObject({ phones: [], emails: [a.email], addresses: [HOME] });
    const e = await api(emu, `${M}/${a.id}/emails`, { method: 'DELETE', token: a.access });
    expect(e.json.member.contact).toMatchObject({ phones: [], emails: [], addresses: [HOME] });
    expect(e.json.member.loginEmail).toBe(a.email); // the login email itself stays
    const ad = await api(emu, `${M}/${a.id}/addresses`, { method: 'DELETE', token: a.access });
    expect(ad.json.member.contact).toMatchObject({ phones: [], emails: [], addresses: [] });

    const b = newMember();
    const byAdmin = await contactOf(b.id, admin, { lastName: 'Lovelace', phones: ['555 0111'], addresses: [WORK] });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json.member.contact).toMatchObject({ lastName: 'Lovelace', phones: ['555 0111'] });
    for (const set of ['phones', 'emails', 'addresses'])
      expect((await api(emu, `${M}/${b.id}/${set}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await full(b)).contact).toMatchObject({ phones: [], emails: [], addresses: [] });
    expect((await api(emu, `${M}/nobody/phones`, { method: 'DELETE', token: admin })).status).toBe(404);
  });
});

describe('Delete My Member', () => {
  const review = async (who: Who, entityId: string, title: string) => {
    const contactId = (await full(who)).contactId as string;
    const r = await api(emu, '/reviews/v1/reviews', {
      token: who.access,
      body: {
        review: { namespace: 'stores', entityId, author: { contactId }, content: { title, body: 'Fine.', rating: 4 } },
      },
    });
    expect(r.status).toBe(200);
    return r.json.review.id as string;
  };
  const row = (id: string) =>
    emu.db.prepare('SELECT contact_id, created_by, author_type FROM reviews WHERE id = ?').get(id) as
      { contact_id: string; created_by: string; author_type: string } | undefined;
  const refreshes = async (who: Who) =>
    (
      await api(emu, '/oauth2/token', {
        body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refreshToken: who.refresh },
      })
    ).status;

  it('with an assignee: reviews move to the assignee (one they also reviewed is deleted), tokens revoked, addresses gone', async () => {
    const leaving = newMember();
    const heir = newMember();
    setSetting(emu.db, CONTENT_ASSIGNEES, [heir.id]);
    await contactOf(leaving.id, leaving.access, { addresses: [HOME] });
    const moved = await review(leaving, SKILLET, 'Heavy');
    const clash = await review(leaving, MUG, 'Chipped');
    const heirs = await review(heir, MUG, 'Lovely');
    expect(await refreshes(leaving)).toBe(200);
    const r = await api(emu, `${MY}?contentAssigneeId=${heir.id}`, { method: 'DELETE', token: leaving.access });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({});
    const heirContact = (await full(heir)).contactId as string;
    expect(row(moved)).toEqual({ contact_id: heirContact, created_by: heir.id, author_type: 'MEMBER' });
    expect(row(clash)).toBeUndefined();
    expect(row(heirs)?.contact_id).toBe(heirContact);
    expect(await refreshes(leaving)).toBe(400);
    expect((await api(emu, MY, { token: leaving.access })).status).toBe(401);
    expect(emu.db.prepare('SELECT count(*) AS n FROM member_addresses WHERE member_id = ?').get(leaving.id)).toEqual({
      n: 0,
    });
  });

  it('without an assignee the member’s reviews are deleted', async () => {
    const leaving = newMember();
    const gone = await review(leaving, SKILLET, 'Rusty');
    const r = await api(emu, MY, { method: 'DELETE', token: leaving.access });
    expect(r.status).toBe(200);
    expect(row(gone)).toBeUndefined();
    expect(await refreshes(leaving)).toBe(400);
  });

  it('an unknown, malformed or self assignee → 400 and nothing happens; the owner is refused; visitors 403', async () => {
    const a = newMember();
    const kept = await review(a, SKILLET, 'Good');
    // allowed, so that what is refused here is refused for what it is
    setSetting(emu.db, CONTENT_ASSIGNEES, ['00000000-0000-4000-8000-000000000000', a.id, seedIds.members.member]);
    for (const q of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-guid',
      a.id,
      `${seedIds.members.member}&contentAssigneeId=${a.id}`,
    ]) {
      const r = await api(emu, `${MY}?contentAssigneeId=${q}`, { method: 'DELETE', token: a.access });
      expect(r.status).toBe(400);
      expect(r.json.details.validationError.fieldViolations[0].field).toBe('contentAssigneeId');
    }
    expect(row(kept)).toBeDefined();
    expect(await refreshes(a)).toBe(200);
    const owner = await memberTokens(emu, 'owner');
    expect((await api(emu, MY, { method: 'DELETE', token: owner.access })).status).toBe(403);
    expect((await api(emu, MY, { token: owner.access })).status).toBe(200);
    const visitor = (await visitorTokens(emu)).access;
    expect((await api(emu, MY, { method: 'DELETE', token: visitor })).status).toBe(403);
  });

  it('only an assignee the site allows: the seed allows none, so another member’s id (the owner’s too) → 400, nothing deleted', async () => {
    emu.db.prepare('DELETE FROM site_settings WHERE key = ?').run(CONTENT_ASSIGNEES);
    await seed(emu.db, { demoOrigins: emu.app.demoOrigins, nowMs: emu.app.now() });
    expect(getSetting(emu.db, CONTENT_ASSIGNEES)).toEqual([]);
    const leaving = newMember();
    const other = newMember();
    const kept = await review(leaving, SKILLET, 'Mine');
    for (const id of [other.id, seedIds.members.owner, seedIds.members.member, other.id.toUpperCase()]) {
      const r = await api(emu, `${MY}?contentAssigneeId=${id}`, { method: 'DELETE', token: leaving.access });
      expect(r.status, id).toBe(400);
      expect(r.json.details.validationError.fieldViolations).toEqual([
        expect.objectContaining({ field: 'contentAssigneeId', violatedRule: 'VALIDATION' }),
      ]);
    }
    // an unknown id answers the same as a member who is not allowed: the answer tells nothing about who is a member
    const unknown = await api(emu, `${MY}?contentAssigneeId=00000000-0000-4000-8000-000000000001`, {
      method: 'DELETE',
      token: leaving.access,
    });
    const refused = await api(emu, `${MY}?contentAssigneeId=${other.id}`, { method: 'DELETE', token: leaving.access });
    expect([unknown.status, unknown.json]).toEqual([refused.status, refused.json]);
    expect(row(kept)).toMatchObject({ contact_id: (await full(leaving)).contactId });
    expect(await refreshes(leaving)).toBe(200);
    expect((await api(emu, MY, { token: leaving.access })).status).toBe(200);
    // allowing one member lets that one (only) receive the content
    setSetting(emu.db, CONTENT_ASSIGNEES, [seedIds.members.owner]);
    const stillOther = await api(emu, `${MY}?contentAssigneeId=${other.id}`, {
      method: 'DELETE',
      token: leaving.access,
    });
    expect(stillOther.status).toBe(400);
    expect(row(kept)).toBeDefined();
    const ok = await api(emu, `${MY}?contentAssigneeId=${seedIds.members.owner}`, {
      method: 'DELETE',
      token: leaving.access,
    });
    expect(ok.status).toBe(200);
    const owner = emu.db.prepare('SELECT contact_id FROM members WHERE id = ?').get(seedIds.members.owner) as {
      contact_id: string;
    };
    expect(row(kept)?.contact_id).toBe(owner.contact_id);
  });

  it('an approved review handed to the assignee waits for moderation before it shows under the new name', async () => {
    const leaving = newMember('Leaving Lee');
    const heir = newMember('Former member');
    setSetting(emu.db, CONTENT_ASSIGNEES, [heir.id]);
    const approved = await review(leaving, SKILLET, 'Approved words');
    emu.db.prepare('UPDATE reviews SET verified = 1 WHERE id = ?').run(approved);
    const rejected = await review(leaving, MUG, 'Rejected words');
    const rejecting = await api(emu, `/reviews/v1/reviews/${rejected}/moderate`, {
      method: 'PATCH',
      token: admin,
      body: { status: 'REJECTED' },
    });
    expect(rejecting.status).toBe(200);
    const visitor = (await visitorTokens(emu)).access;
    const publicView = (id: string) => api(emu, `/reviews/v1/reviews/${id}`, { token: visitor });
    expect((await publicView(approved)).json.review.author.authorName).toBe('Leaving Lee');

    const r = await api(emu, `${MY}?contentAssigneeId=${heir.id}`, { method: 'DELETE', token: leaving.access });
    expect(r.status).toBe(200);
    const status = (id: string) =>
      emu.db.prepare('SELECT moderation_status AS s, verified AS v FROM reviews WHERE id = ?').get(id) as {
        s: string;
        v: number;
      };
    expect(status(approved)).toEqual({ s: 'IN_MODERATION', v: 0 });
    expect(status(rejected).s).toBe('REJECTED');
    expect((await publicView(approved)).status).toBe(404);
    const listed = await api(emu, '/reviews/v1/reviews/query', {
      token: visitor,
      body: { query: { filter: { entityId: SKILLET } } },
    });
    expect(listed.status).toBe(200);
    expect((listed.json.reviews as { id: string }[]).map((x) => x.id)).not.toContain(approved);
    // the owner decides: once approved, it shows under the assignee's name
    const moderated = await api(emu, `/reviews/v1/reviews/${approved}/moderate`, {
      method: 'PATCH',
      token: admin,
      body: { status: 'APPROVED' },
    });
    expect(moderated.status).toBe(200);
    expect((await publicView(approved)).json.review.author.authorName).toBe('Former member');
  });
});
