import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createClient } from './client.ts';
import { api } from './urls.ts';
import { fakeFetch, json, memoryStorage } from './test/fake-fetch.ts';

const config = { clientId: 'demo-client', apiBase: 'https://api.test', locale: 'fr-FR', tokenStorage: 'local' as const };

describe('createClient', () => {
  it('wires tokens into requests: visitor token, then renewal and one replay after a 401', async () => {
    let issued = 0;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/oauth2/token')) {
        issued++;
        return json(200, { access_token: `access-${issued}`, refresh_token: 'refresh', expires_in: 14400 });
      }
      return call.headers.authorization === 'access-1' ? json(401, { message: 'expired' }) : json(200, { member: { id: 'm' } });
    });
    const client = createClient(config, { fetch, storage: memoryStorage(), locks: null, events: null, now: () => 1e12 });
    const member = await client.http.request({
      ...api.myMember,
      query: { fieldsets: 'FULL' },
      schema: z.object({ member: z.object({ id: z.string() }) }),
      kind: 'read',
    });
    expect(member).toEqual({ member: { id: 'm' } });
    expect(calls.map((c) => `${c.method} ${c.url.replace('https://api.test', '')} ${(c.body as { grantType?: string })?.grantType ?? c.headers.authorization ?? ''}`)).toEqual([
      'POST /oauth2/token anonymous',
      'GET /members/v1/members/my?fieldsets=FULL access-1',
      'POST /oauth2/token refresh_token',
      'GET /members/v1/members/my?fieldsets=FULL access-2',
    ]);
    expect(client.i18n.language).toBe('fr');
    expect(client.cache.keys()).toEqual([]);
  });
});
