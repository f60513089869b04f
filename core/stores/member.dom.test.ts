import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testContext, usePage } from '../../tests/helpers/context.ts';
import { sessionOf } from './session.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';
import { loadMember, setCommunity, updateNickname } from './member.ts';

const wire = {
  id: 'm1',
  loginEmail: 'ada@example.com',
  contactId: 'c1',
  profile: { nickname: 'Ada' },
  contact: { firstName: 'Ada' },
  privacyStatus: 'PUBLIC',
};
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.includes('/members/my')) return json(200, { member: wire });
  if (call.url.includes('/leave-community')) return json(200, { member: { ...wire, privacyStatus: 'PRIVATE' } });
  return json(200, {
    member: {
      ...wire,
      profile: { nickname: (call.body as { member: { profile: { nickname: string } } }).member.profile.nickname },
    },
  });
});
const myCalls = () => net.calls.filter((c) => c.url.includes('/members/my'));

const context = testContext(net.fetch, { clientId: 'c' });
const { client } = context;
const $session = sessionOf(client);
beforeAll(() => usePage(context, { session: true }));

describe('members service and the session’s member', () => {
  it('a member session loads the member once (FULL fieldset, unknown wire fields kept); sign-out drops it; the next member session loads it again', async () => {
    client.tokens.setMemberTokens({
      accessToken: { value: 'ma', expiresAt: 9e9 },
      refreshToken: { value: 'mr', role: 'member' },
    });
    await vi.waitFor(() => expect($session.get().member).toEqual(wire));
    expect(myCalls()).toHaveLength(1);
    expect(myCalls()[0]!.url).toBe('https://api.test/members/v1/members/my?fieldsets=FULL');
    await loadMember(client);
    expect(myCalls()).toHaveLength(1);

    await client.tokens.logout();
    expect($session.get()).toEqual({ status: 'visitor', role: 'none' });
    expect(await loadMember(client)).toBeUndefined();
    client.tokens.setMemberTokens({
      accessToken: { value: 'ma2', expiresAt: 9e9 },
      refreshToken: { value: 'mr2', role: 'member' },
    });
    await vi.waitFor(() => expect(myCalls()).toHaveLength(2));
  });

  it('nickname and community changes update the session’s member', async () => {
    await vi.waitFor(() => expect($session.get().member).toBeTruthy());
    await updateNickname(client, 'm1', 'Countess');
    expect(net.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      url: 'https://api.test/members/v1/members/m1',
      body: { member: { id: 'm1', profile: { nickname: 'Countess' } } },
    });
    expect(($session.get().member as typeof wire).profile.nickname).toBe('Countess');
    await setCommunity(client, false);
    expect(net.calls.at(-1)).toMatchObject({
      method: 'POST',
      url: 'https://api.test/members/v1/members/leave-community',
      body: {},
    });
    expect(($session.get().member as typeof wire).privacyStatus).toBe('PRIVATE');
  });
});
