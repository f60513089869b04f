import { describe, expect, it } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { InlayApiError } from '../errors.ts';
import { clearContactSet, deleteMyAccount, getMyMember, updateContact } from './members.ts';

let answer: (call: Call) => Response = () => json(200, {});
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return answer(call);
});
const { http } = testContext(net.fetch, { clientId: 'c' }).client;

const ID = '11111111-1111-4111-8111-111111111111';
const ADDRESS = { id: 'a1', addressLine: '1 Main St', city: 'Springfield', country: 'US', postalCode: '62701' };
const MEMBER = {
  id: ID,
  contact: { firstName: 'Ada', phones: ['555 0100'], emails: ['ada@example.com'], addresses: [ADDRESS], extra: 1 },
};

describe('members: contact details and account deletion', () => {
  it('getMyMember keeps the contact sets (unknown fields too)', async () => {
    answer = () => json(200, { member: MEMBER });
    expect((await getMyMember(http)).contact).toEqual(MEMBER.contact);
  });

  it('updateContact PATCHes member.contact with the member id; a malformed answer is a parse error', async () => {
    answer = () => json(200, { member: MEMBER });
    const m = await updateContact(http, ID, { firstName: 'Ada', phones: ['555 0100'], addresses: [ADDRESS] });
    expect(m.contact?.addresses).toEqual([ADDRESS]);
    expect(net.calls.at(-1)).toMatchObject({
      url: `https://api.test/members/v1/members/${ID}`,
      method: 'PATCH',
      body: { member: { id: ID, contact: { firstName: 'Ada', phones: ['555 0100'], addresses: [ADDRESS] } } },
    });
    answer = () => json(200, { member: { id: ID, contact: { phones: 'not a list' } } });
    await expect(updateContact(http, ID, { phones: ['1234'] })).rejects.toMatchObject({ kind: 'parse' });
  });

  it('a field error comes back as an InlayApiError with its field path', async () => {
    const field = 'member.contact.addresses[0].country';
    answer = () =>
      json(400, {
        message: 'bad',
        details: { validationError: { fieldViolations: [{ field, description: 'x', violatedRule: 'FORMAT' }] } },
      });
    const err = await updateContact(http, ID, { addresses: [{ country: 'usa' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InlayApiError);
    expect(JSON.stringify(err)).toContain(field);
  });

  it('clearContactSet sends DELETE …/{id}/{set} without a body and returns the member', async () => {
    for (const set of ['phones', 'emails', 'addresses'] as const) {
      answer = () => json(200, { member: { id: ID, contact: { [set]: [] } } });
      const m = await clearContactSet(http, ID, set);
      expect(m.contact?.[set]).toEqual([]);
      expect(net.calls.at(-1)).toMatchObject({
        url: `https://api.test/members/v1/members/${ID}/${set}`,
        method: 'DELETE',
      });
      expect(net.calls.at(-1)!.body).toBeUndefined();
    }
  });

  it('deleteMyAccount sends the content assignee as a query parameter (as the SDK does), or none', async () => {
    answer = () => json(200, {});
    await deleteMyAccount(http, ID);
    expect(net.calls.at(-1)).toMatchObject({
      url: `https://api.test/members/v1/members/my?contentAssigneeId=${ID}`,
      method: 'DELETE',
    });
    await deleteMyAccount(http);
    expect(net.calls.at(-1)!.url).toBe('https://api.test/members/v1/members/my');
    answer = () => json(400, { message: 'no', details: { validationError: { fieldViolations: [] } } });
    await expect(deleteMyAccount(http, 'x')).rejects.toBeInstanceOf(InlayApiError);
  });
});
