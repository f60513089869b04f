import { beforeEach, describe, expect, it } from 'vitest';
import { testContext } from '../../../tests/helpers/context.ts';
import { fakeFetch, json, type Call } from '../../../tests/helpers/fake-fetch.ts';
import { sessionOf } from '../../../core/stores/session.ts';
import type { InlayContext } from '../../../core/context.ts';
import type { Member } from '../../../core/api/members.ts';
import { createProfileModel } from '../profile/model.ts';
import { createAddressesModel } from '../addresses/model.ts';

const member = (contact: Member['contact'] = {}): Member => ({
  id: 'm-1',
  loginEmail: 'ada@example.com',
  contact: { firstName: 'Ada', phones: ['+1 555 0100'], emails: [], addresses: [], ...contact },
});

let reply: (call: Call) => Response | undefined = () => undefined;
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return reply(call) ?? json(500, { message: 'unexpected' });
});
const writes = () => net.calls.filter((c) => c.url.includes('/members/') && c.method !== 'GET');
let page: InlayContext;
/** This test's page: its client's session is the signed-in member's. */
const context = () => page;

beforeEach(() => {
  net.calls.length = 0;
  reply = () => undefined;
  page = testContext(net.fetch, { clientId: 'c', sleep: async () => {} });
  sessionOf(page.client).set({ status: 'member', role: 'member', member: member() });
});

describe('account profile and addresses models (their calls and state; the views only render)', () => {
  it('a name too long is told on its field and nothing is sent; a saved name replaces the session’s member', async () => {
    const m = createProfileModel(context(), { emit: () => true });
    expect(await m.saveName(member(), { firstName: 'x'.repeat(101), lastName: 'B' })).toBe(false);
    expect(m.name.$state.get().errors['firstName']).toMatch(/100/);
    expect(writes()).toHaveLength(0);
    reply = (c) => (c.method === 'PATCH' ? json(200, { member: member({ firstName: 'Grace' }) }) : undefined);
    expect(await m.saveName(member(), { firstName: 'Grace', lastName: '' })).toBe(true);
    expect(m.name.$state.get()).toMatchObject({ busy: false, saved: true, errors: {} });
    const s = sessionOf(page.client).get();
    expect(s.role === 'member' && s.member?.contact?.firstName).toBe('Grace');
  });

  it('a refused write: the platform’s field errors go on the fields, any other failure is told as one', async () => {
    const m = createProfileModel(context(), { emit: () => true });
    reply = () =>
      json(400, {
        message: 'bad',
        details: {
          validationError: {
            fieldViolations: [{ field: 'member.contact.lastName', description: 'Too odd', violatedRule: 'FORMAT' }],
          },
        },
      });
    expect(await m.saveName(member(), { firstName: 'A', lastName: '?' })).toBe(false);
    expect(m.name.$state.get().errors['lastName']).toBe('Too odd');
    expect(m.name.$state.get().error).toBeUndefined();
    reply = () => json(503, { message: 'down' });
    expect(await m.savePhones(member(), [])).toBe(false);
    expect(m.phones.$state.get().error).toBeTruthy();
  });

  it('phones: a bad number is refused before sending; emptying the set takes its delete call', async () => {
    const m = createProfileModel(context(), { emit: () => true });
    expect(await m.savePhones(member(), ['+1 555 0100', 'abc'], 'abc')).toBe(false);
    expect(m.phones.$state.get().errors['phone']).toBeTruthy();
    expect(writes()).toHaveLength(0);
    reply = (c) => (c.method === 'DELETE' ? json(200, { member: member({ phones: [] }) }) : undefined);
    expect(await m.savePhones(member(), [])).toBe(true);
    expect(writes().map((c) => [c.method, c.url.split('/members/v1/')[1]])).toEqual([['DELETE', 'members/m-1/phones']]);
  });

  it('deleting the account signs out and says so', async () => {
    const events: string[] = [];
    const m = createProfileModel(context(), { emit: (type) => events.push(type) > 0, contentAssignee: 'm-9' });
    reply = (c) => (c.method === 'DELETE' ? json(200, {}) : undefined);
    expect(await m.deleteAccount()).toBe(true);
    expect(events).toEqual(['inlay-account-delete']);
  });

  it('addresses: the first field in error comes back and nothing is sent; a valid one is added with its region code', async () => {
    const m = createAddressesModel(context());
    // the country is the form's first field
    expect(await m.saveAddress(member(), { city: 'Paris' }, 'new')).toBe('country');
    expect(Object.keys(m.w.$state.get().errors)).toEqual(['country', 'addressLine', 'postalCode']);
    expect(
      await m.saveAddress(
        member(),
        { addressLine: '1 Rue', city: 'P', postalCode: '1', country: 'FR', subdivision: 'toolong' },
        'new',
      ),
    ).toBe('subdivision');
    expect(writes()).toHaveLength(0);
    reply = (c) => (c.method === 'PATCH' ? json(200, { member: member() }) : undefined);
    const typed = {
      addressLine: '77 Harbour Rd',
      city: 'Seattle',
      postalCode: '98101',
      country: 'US',
      subdivision: 'wa',
    };
    expect(await m.saveAddress(member(), typed, 'new')).toBe(true);
    expect(writes()[0]!.body).toEqual({
      member: {
        id: 'm-1',
        contact: {
          addresses: [
            { addressLine: '77 Harbour Rd', city: 'Seattle', postalCode: '98101', country: 'US', subdivision: 'US-WA' },
          ],
        },
      },
    });
  });
});
