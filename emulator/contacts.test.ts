/**
 * What the site companion needs from the platform (issue 16): `POST /oauth2/token-info` and the Contacts API v4
 * (create, query by email, get; the duplicate refusal), admin only; and the upload folder of site media.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_ID } from './domain/auth.ts';
import { DEMO_LOGINS, seedIds } from './seed.ts';
import { adminToken, api, memberTokens, startTestEmulator, visitorTokens } from '../tests/helpers/emulator.ts';
import type { RunningEmulator } from './server.ts';

let emu: RunningEmulator;
let clock = Date.now();
let admin: string;
beforeAll(async () => {
  emu = await startTestEmulator({ now: () => clock, apiKey: 'contacts-test-api-key-0123' });
  admin = await adminToken(emu);
});
afterAll(() => emu.close());

describe('POST /oauth2/token-info', () => {
  const info = (token: unknown) => api(emu, '/oauth2/token-info', { body: { token } });

  it('a visitor, a member and an admin token: who, when, which client and site', async () => {
    const v = await visitorTokens(emu);
    const r = await info(v.access);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ active: true, subjectType: 'VISITOR', clientId: 'demo-client', siteId: SITE_ID });
    expect(Number(r.json.exp) - Number(r.json.iat)).toBe(emu.app.accessTokenTtlSeconds);
    expect(r.json.exp).toMatch(/^\d+$/);
    const m = await info((await memberTokens(emu, 'member')).access);
    expect(m.json).toMatchObject({ active: true, subjectType: 'MEMBER', subjectId: seedIds.members.member });
    expect((await info(admin)).json).toMatchObject({ active: true, subjectType: 'APP', subjectId: 'demo-client' });
  });

  it('unknown, refresh, revoked and expired tokens are inactive, and nothing more is said', async () => {
    const v = await visitorTokens(emu);
    expect((await info('no-such-token')).json).toEqual({ active: false });
    expect((await info(v.refresh)).json).toEqual({ active: false });
    const later = await visitorTokens(emu);
    clock += (emu.app.accessTokenTtlSeconds + 1) * 1000;
    expect((await info(later.access)).json).toEqual({ active: false });
    expect((await info(admin)).json).toEqual({ active: false });
    admin = await adminToken(emu);
    const revoked = await visitorTokens(emu);
    emu.db.prepare('UPDATE oauth_tokens SET revoked = 1').run();
    expect((await info(revoked.access)).json).toEqual({ active: false });
  });

  it('input is validated', async () => {
    expect((await info(undefined)).status).toBe(400);
    expect((await info(42)).status).toBe(400);
    expect((await info('x'.repeat(3000))).status).toBe(400);
  });
});

describe('Contacts API v4', () => {
  const create = (body: unknown, token = admin, headers?: Record<string, string>) =>
    api(emu, '/contacts/v4/contacts', { body, token, ...(headers ? { headers } : {}) });
  const query = (body: unknown, token = admin) => api(emu, '/contacts/v4/contacts/query', { body, token });
  const info = (email: string, first = 'Ann') => ({ info: { name: { first }, emails: { items: [{ email }] } } });

  it('visitors and members are refused before the body is read; no token is 401', async () => {
    const v = (await visitorTokens(emu)).access;
    const m = (await memberTokens(emu, 'owner')).access;
    for (const token of [v, m]) {
      expect((await create({ nonsense: true }, token)).status).toBe(403);
      expect((await query({}, token)).status).toBe(403);
      expect((await api(emu, '/contacts/v4/contacts/x', { token })).status).toBe(403);
    }
    expect((await api(emu, '/contacts/v4/contacts', { body: info('a@example.com') })).status).toBe(401);
  });

  it('create, find by email in any case, get; the same email again is 409 with the existing contact', async () => {
    const made = await create(info('Lee@Example.com', 'Lee'));
    expect(made.status).toBe(200);
    const contact = made.json.contact;
    expect(contact).toMatchObject({ primaryInfo: { email: 'lee@example.com' }, info: { name: { first: 'Lee' } } });
    const found = await query({ query: { filter: { 'info.emails.email': { $eq: 'LEE@example.com' } } } });
    expect(found.json.contacts.map((c: { id: string }) => c.id)).toEqual([contact.id]);
    expect(found.json.pagingMetadata).toMatchObject({ count: 1, total: 1 });
    expect((await api(emu, `/contacts/v4/contacts/${contact.id}`, { token: admin })).json.contact.id).toBe(contact.id);
    expect((await api(emu, '/contacts/v4/contacts/nope', { token: admin })).status).toBe(404);
    const dup = await create(info('lee@example.com'));
    expect(dup.status).toBe(409);
    expect(dup.json.details.applicationError).toMatchObject({
      code: 'DUPLICATE_CONTACT_EXISTS',
      data: { duplicateContactId: contact.id },
    });
    expect((await create({ ...info('lee@example.com'), allowDuplicates: true })).status).toBe(200);
  });

  it("a member's contact is found by its email and marked as a member's; creating it again is 409", async () => {
    const found = await query({ query: { filter: { 'info.emails.email': DEMO_LOGINS.member.email } } });
    expect(found.json.contacts).toHaveLength(1);
    expect(found.json.contacts[0].info.extendedFields.items['members.membershipStatus']).toBe('APPROVED');
    expect((await create(info(DEMO_LOGINS.member.email))).status).toBe(409);
  });

  it('the API key works too; bad input answers 400 in the platform format', async () => {
    const keyed = await create(info('key@example.com'), 'contacts-test-api-key-0123', { 'wix-site-id': SITE_ID });
    expect(keyed.status).toBe(200);
    expect((await create({ info: {} })).status).toBe(400);
    expect((await create({ info: { emails: { items: [{ email: 'not-an-email' }] } } })).status).toBe(400);
    expect((await create('{"__proto__":{"x":1},"info":{}}')).status).toBe(400);
    expect((await query({ query: { filter: { 'constructor.prototype': 'x' } } })).status).toBe(400);
    expect((await query({ query: { paging: { limit: 0 } } })).status).toBe(400);
  });
});

describe('site media folders', () => {
  it('an upload URL may name its folder; the file says where it is', async () => {
    const gen = await api(emu, '/site-media/v1/files/generate-upload-url', {
      token: admin,
      body: { mimeType: 'image/gif', fileName: 'a.gif', parentFolderId: 'visitor-uploads' },
    });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const up = await fetch(gen.json.uploadUrl, { method: 'PUT', body: gif });
    expect(((await up.json()) as { file: { parentFolderId: string } }).file.parentFolderId).toBe('visitor-uploads');
    const plain = await api(emu, '/site-media/v1/files/generate-upload-url', {
      token: admin,
      body: { mimeType: 'image/gif', fileName: 'b.gif' },
    });
    const up2 = await fetch(plain.json.uploadUrl, { method: 'PUT', body: gif });
    expect(((await up2.json()) as { file: { parentFolderId: string } }).file.parentFolderId).toBe('media-root');
  });
});
