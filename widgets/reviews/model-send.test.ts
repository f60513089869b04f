import { describe, expect, it, vi } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';
import { sessionOf } from '../../core/stores/session.ts';
import { createReviewsModel } from './model.ts';

/**
 * The member's send (submit.ts) is a part of its own, loaded as the form opens (model.ts `memberSend`, core's
 * `onDemand`, whose tests cover a failed import being tried again): here it takes its time, as a chunk over a network
 * can, and the person signs out meanwhile.
 */
const part = vi.hoisted(() => {
  let release = () => {};
  return { gate: new Promise<void>((r) => (release = r)), release: () => release() };
});
vi.mock('./submit.ts', async (importOriginal) => {
  await part.gate;
  return importOriginal();
});

const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.endsWith('/reviews/v1/reviews'))
    return json(200, { review: { id: 'new', entityId: 'p1', content: { rating: 5, body: 'Nice' } } });
  if (call.url.endsWith('/reviews/query')) return json(200, { reviews: [], metadata: {} });
  if (call.url.endsWith('/reviews/count')) return json(200, { count: 0 });
  return json(500, { message: 'unexpected' });
});
const context = testContext(net.fetch, { clientId: 'c' });
const $session = sessionOf(context.client);
const creates = () => net.calls.filter((c) => c.url.endsWith('/reviews/v1/reviews'));
const member = { status: 'member', role: 'member', member: { id: 'm1', contactId: 'c1' } } as const;
const draft = { rating: 5, title: '', body: 'Nice' };

describe("the member's send, on demand", () => {
  it('a member who signs out while its code loads sends nothing (the session is read once it has arrived); signed in again, it goes', async () => {
    $session.set(member);
    const m = createReviewsModel(context, { namespace: 'stores', entityId: 'p1', emit: () => true });
    const sending = m.submit(draft, []);
    $session.set({ status: 'visitor', role: 'visitor' });
    part.release();
    await expect(sending).rejects.toThrow('Not signed in');
    expect(creates()).toEqual([]);
    $session.set(member);
    await m.submit(draft, []);
    expect(creates()).toHaveLength(1);
    expect(m.$sent.get()?.id).toBe('new');
  });
});
