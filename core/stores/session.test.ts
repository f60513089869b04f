import { describe, expect, it } from 'vitest';
import { createTokenManager } from '../auth/tokens.ts';
import { memoryStorage } from '../../tests/helpers/fake-fetch.ts';
import { sessionOf, setSessionError, syncSession } from './session.ts';
import { setSessionMember } from './member.ts';

describe('sessionOf(client)', () => {
  it('follows the token manager: visitor, member, logout; never holds tokens', async () => {
    const tokens = createTokenManager({
      config: { clientId: 'c', apiBase: 'https://api.test', tokenStorage: 'local' },
      storage: memoryStorage(),
      locks: null,
      events: null,
      fetch: async () => new Response('{}'),
    });
    const client = { tokens };
    const $session = sessionOf(client);
    expect($session.get()).toEqual({ status: 'loading', role: 'none' });
    const off = syncSession(client);
    expect($session.get()).toEqual({ status: 'visitor', role: 'none' });
    tokens.setMemberTokens({
      accessToken: { value: 'secret-a', expiresAt: 9e9 },
      refreshToken: { value: 'secret-r', role: 'member' },
    });
    expect($session.get()).toEqual({ status: 'member', role: 'member' });
    setSessionMember(client, { id: 'm1' });
    expect($session.get().member).toEqual({ id: 'm1' });
    expect(JSON.stringify($session.get())).not.toContain('secret');
    await tokens.logout();
    expect($session.get()).toEqual({ status: 'visitor', role: 'none' });
    setSessionError(client, 'no token');
    expect($session.get()).toMatchObject({ status: 'error', error: 'no token' });
    off();
    tokens.setMemberTokens({
      accessToken: { value: 'a', expiresAt: 9e9 },
      refreshToken: { value: 'r', role: 'member' },
    });
    expect($session.get().status).toBe('error');
  });
});
