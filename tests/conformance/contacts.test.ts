/**
 * Conformance of the site's contacts (issue 38 point 5), through the platform's generated contacts client
 * (`@wix/auto_sdk_crm_contacts`) unmodified, as the site companion uses them to write a visitor's review: create
 * (and the duplicate refused), query by email, get; a visitor and a member are refused (admin only).
 */
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as contacts from '@wix/auto_sdk_crm_contacts';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { DEMO_CLIENT_ID, memberTokens } from '../helpers/emulator.ts';
import { API_KEY, platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;

const strategies = {
  'AppStrategy (client_credentials)': () =>
    AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: platform.emu.clientSecret, instanceId: SITE_ID }),
  ApiKeyStrategy: () => ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }),
};

describe('contacts (admin)', () => {
  for (const [name, auth] of Object.entries(strategies)) {
    it(`${name}: createContact, the same email again refused (409), queryContacts by email, getContact`, async () => {
      const admin = createClient({ auth: auth(), modules: { contacts } });
      const email = `sdk-contact-${name.length}@example.com`;
      const contact = (
        await admin.contacts.createContact({
          name: { first: 'Ada', last: 'Lovelace' },
          emails: { items: [{ email, tag: 'MAIN' }] },
        })
      ).contact!;
      expect(contact).toMatchObject({
        _id: expect.any(String),
        info: { name: { first: 'Ada', last: 'Lovelace' } },
        primaryInfo: { email },
      });
      await expect(
        admin.contacts.createContact({ name: { first: 'Ada' }, emails: { items: [{ email }] } }),
      ).rejects.toMatchObject({
        status: 409,
        details: { applicationError: { code: 'DUPLICATE_CONTACT_EXISTS', data: { duplicateContactId: contact._id } } },
      });
      const found = await admin.contacts.queryContacts().eq('primaryInfo.email', email.toUpperCase()).find();
      expect(found.items.map((c) => c._id)).toEqual([contact._id]);
      const one = await admin.contacts.getContact(contact._id!);
      expect(one).toMatchObject({ _id: contact._id, primaryInfo: { email } });
      expect(one._createdDate).toBeInstanceOf(Date); // the SDK's timestamp transform read the wire date
      await expect(admin.contacts.getContact('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
        status: 404,
      });
    });
  }

  it('a visitor and a member are refused create, query and get (403 PERMISSION_DENIED)', async () => {
    const member = await memberTokens(platform.emu, 'member');
    const clients = {
      visitor: createClient({ auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }), modules: { contacts } }),
      member: createClient({
        auth: OAuthStrategy({
          clientId: DEMO_CLIENT_ID,
          tokens: {
            accessToken: { value: member.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
            refreshToken: { value: member.refresh, role: 'member' as never },
          },
        }),
        modules: { contacts },
      }),
    };
    const refused = { status: 403, details: { applicationError: { code: 'PERMISSION_DENIED' } } };
    for (const [who, client] of Object.entries(clients)) {
      await expect(
        client.contacts.createContact({ name: { first: 'Eve' }, emails: { items: [{ email: 'eve@example.com' }] } }),
        who,
      ).rejects.toMatchObject(refused);
      await expect(client.contacts.queryContacts().find(), who).rejects.toMatchObject(refused);
      await expect(client.contacts.getContact('00000000-0000-4000-8000-000000000000'), who).rejects.toMatchObject(
        refused,
      );
    }
  });
});

describe('coverage', () => {
  covers('createContact', 'queryContacts', 'getContact');
  refuses('createContact', 'queryContacts', 'getContact');
  platform.coverageCase();
});
