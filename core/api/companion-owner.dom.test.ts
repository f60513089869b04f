import { beforeEach, describe, expect, it } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { deferred, fakeFetch, json, type Call } from '../../tests/helpers/fake-fetch.ts';
import { isOwner } from './companion.ts';

const B = 'https://shop.test/api/inlay';
let answer: (call: Call) => Response | Promise<Response> = () => json(200, { kind: 'member', owner: true });
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  return answer(call);
});
const { client } = testContext(net.fetch, { companion: B });
const asked = () => net.calls.filter((c) => c.url === `${B}/v1/me`).length;

beforeEach(() => sessionStorage.clear());

describe('isOwner: one owner check per member per page, for every widget', () => {
  it('two widgets asking at once (the console and the reviews’ owner tools) make one GET me; later asks make none', async () => {
    const held = deferred<Response>();
    answer = () => held.promise;
    const both = [isOwner(client, location.href, 'm-1'), isOwner(client, location.href, 'm-1')];
    held.resolve(json(200, { kind: 'member', owner: true }));
    expect(await Promise.all(both)).toEqual([true, true]);
    expect(await isOwner(client, location.href, 'm-1')).toBe(true);
    expect(asked()).toBe(1);
  });

  it('a “no” is remembered for the tab (a next page asks nothing); another member is asked', async () => {
    answer = () => json(200, { kind: 'member', owner: false });
    const before = asked();
    expect(await isOwner(client, location.href, 'm-2')).toBe(false);
    expect(sessionStorage.getItem('inlay.owner.m-2')).toBe('0');
    expect(asked()).toBe(before + 1);
    answer = () => json(200, { kind: 'member', owner: true });
    expect(await isOwner(client, location.href, 'm-3')).toBe(true);
    expect(asked()).toBe(before + 2);
  });

  it('a no from an earlier page: not asked at all', async () => {
    sessionStorage.setItem('inlay.owner.m-4', '0');
    const before = asked();
    expect(await isOwner(client, location.href, 'm-4')).toBe(false);
    expect(asked()).toBe(before);
  });

  it('a failure is not remembered: it rejects this time (never taken for a no), asked again the next', async () => {
    answer = () => json(200, '<html>proxy error</html>'); // an unreadable answer
    await expect(isOwner(client, location.href, 'm-5')).rejects.toThrow();
    expect(sessionStorage.getItem('inlay.owner.m-5')).toBeNull();
    answer = () => json(200, { kind: 'member', owner: true });
    expect(await isOwner(client, location.href, 'm-5')).toBe(true);
  });

  it('a page without a companion: false, nothing asked', async () => {
    const other = testContext(net.fetch).client;
    const before = asked();
    expect(await isOwner(other, location.href, 'm-6')).toBe(false);
    expect(asked()).toBe(before);
  });
});
